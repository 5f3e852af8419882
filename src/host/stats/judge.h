/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the one place that decides what a result file lets a gate
 * judge: `check` (and through its cases JUnit, LAVA), `compare`
 * and `fleet` ask here, so none can pass, rank or call a difference on
 * something that was not measured.
 *
 * A run is judged whole only when the file says complete AND nothing in it
 * says otherwise: a run stopped by a signal, the watchdog or --break-us, a
 * file rewritten mid-run, a load that failed, a run that planned or holds
 * no measurement. A metric's statistic is judged only when it was measured:
 * status ok/partial with samples for the figures (min, p99, ...); for the
 * counts (count, invalid, overruns, missed, over_deadline) a measurement
 * that ran (ok/partial) is enough, so a noise run that saw no gap has a
 * count of 0 a rule can judge; a skipped or failed metric has no figure at
 * all. */
#ifndef RTB_HOST_JUDGE_H
#define RTB_HOST_JUDGE_H

#include <stddef.h>

#include "rtbench/stat_names.h"
#include "host/read/resultfile.h"

/* rtb_judge_run - 1 if the run r is whole (a gate may pass it), else 0
 * with one sentence in why (len bytes) saying what was not measured:
 * "stopped by signal 2 after 0.3 s of 60 s planned; 0 of 1 measurements
 * ran their whole duration". */
int rtb_judge_run(const struct rtb_rf *r, char *why, size_t len);

/* rtb_judge_stat - 1 with statistic s of m in *v (ns for times) if it was
 * measured (above), else 0. */
int rtb_judge_stat(const struct rtb_rf_metric *m, enum rtb_stat s, double *v);

/* rtb_judge_measured - 1 if m measured anything (status ok or partial),
 * whether or not it has samples; 0 for skipped and failed. */
int rtb_judge_measured(const struct rtb_rf_metric *m);

#endif
