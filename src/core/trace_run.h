/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - run --trace (see trace_run.c). */
#ifndef RTB_CORE_TRACE_RUN_H
#define RTB_CORE_TRACE_RUN_H
#include "rtbench/bench.h"

typedef int (*rtb_run_once_fn)(struct rtb_ctx *c, const struct rtb_bench *b);

/* rtb_trace_setup - open the port's trace for the run. On failure says why
 * in one line (stderr, a run warning, settings.trace_note) and returns the
 * error; the run then goes on untraced. */
int rtb_trace_setup(struct rtb_ctx *c);
/* rtb_trace_bench - run benchmark b untraced / traced / untraced through
 * `once`, then decompose the traced run's samples. */
int rtb_trace_bench(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once);
/* rtb_trace_merge_round - merge a later round's trace summary of src into
 * the run's metric dst, before src's samples are appended to dst. */
int rtb_trace_merge_round(struct rtb_metric *dst, struct rtb_metric *src);
#endif
