/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - run --duration D --raw FILE: every sample of every
 * measured CPU streamed to FILE as it is measured (run/raw.c; the layout:
 * rtbench/rawfmt.h and docs/long-runs.md).
 *
 * Thread protocol (the supervisor is run/long.c's):
 *   Step 1: before anything is measured the supervisor opens FILE and
 *           writes its header, and makes one ring a CPU (rtbench/rawring.h).
 *   Step 2: at each measurement's start it writes the measurement's frame,
 *           hands every CPU's live metrics their CPU's ring, and starts the
 *           writer thread on its own CPU (the housekeeping one), at normal
 *           priority.
 *   Step 3: each measuring thread's record step puts its sample into its
 *           ring (no lock, no system call); the writer drains every ring
 *           each RAW_POLL_NS, frames what it took and writes it.
 *   Step 4: at the measurement's end, once the measuring threads are joined,
 *           the supervisor stops the writer, which drains the rings a last
 *           time; then it writes what each ring could not hold (LOST) and
 *           the measurement's end frame with every CPU's counts.
 *   Step 5: at the run's end it closes the file. */
#ifndef RTB_RUN_RAW_H
#define RTB_RUN_RAW_H
#include "rtbench/result.h"

struct rtb_long;
struct rtb_raw;

/* rtb_raw_open - Step 1 for lr's CPUs: *out, or an rtb_err said on stderr
 * (the run ends before measuring). */
int rtb_raw_open(struct rtb_long *lr, const char *path, struct rtb_raw **out);
/* rtb_raw_begin - Step 2 for measurement lr->b (its metrics made). */
int rtb_raw_begin(struct rtb_raw *w, struct rtb_long *lr);
/* rtb_raw_end - Step 4; the counts onto each CPU's shown metrics (extras
 * raw_samples, raw_lost) and the run's settings. */
void rtb_raw_end(struct rtb_raw *w, struct rtb_long *lr);
/* rtb_raw_settings - what the file holds so far into the result (between
 * intervals: the supervisor's copy of the writer's counters). */
void rtb_raw_settings(struct rtb_raw *w, struct rtb_result *res);
/* rtb_raw_close - Step 5: the file synced and closed, w freed; the line
 * saying what it holds. */
void rtb_raw_close(struct rtb_raw *w, struct rtb_result *res, const char *path);
#endif
