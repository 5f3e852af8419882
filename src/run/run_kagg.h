/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - run --trace-bpf: the in-kernel aggregation around the
 * whole run (rtbench/kagg.h), through the port's ops the entry handed in. */
#ifndef RTB_RUN_KAGG_H
#define RTB_RUN_KAGG_H

#include "rtbench/ctx.h"
#include "rtbench/result.h"

/* rtb_run_kagg_open - before the first measurement: load and attach; on
 * failure one line on stderr and a run warning, the run goes on without */
void rtb_run_kagg_open(const struct rtb_opts *o, struct rtb_result *res);
/* rtb_run_kagg_refresh - at each write of a result file before the last
 * (a run for a time: every interval): the aggregate so far */
void rtb_run_kagg_refresh(struct rtb_result *res);
/* rtb_run_kagg_read - after the last: read the measured CPUs' aggregate
 * into res->kagg, detach */
void rtb_run_kagg_read(const struct rtb_opts *o, struct rtb_result *res);

#endif
