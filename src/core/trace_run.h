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
/* rtb_trace_events_failed - 1 if a --trace-events file could not be
 * written (said, with the reason; the run's exit status says it too). */
int rtb_trace_events_failed(void);

/* ---- --break-us (trace_run.c) and the worst events (trace_worst.c) ---- */
/* rtb_break_arm - the run's --break-us, the stop flag a crossing sets. */
void rtb_break_arm(struct rtb_ctx *c);
/* rtb_break_for - the threshold a new metric of this pass watches, or
 * NULL: off, already hit, or an untraced pass of a traced run (the break
 * is taken where its events are recorded). */
struct rtb_break *rtb_break_for(const struct rtb_ctx *c);
/* rtb_break_state - the run's break record (hit, which sample). */
const struct rtb_break *rtb_break_state(void);

/* rtb_trace_worst - keep metric m's worst samples (and the one over
 * --break-us) with what the trace says of them (m->trace->worst). */
int rtb_trace_worst(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev, size_t nev,
		    const struct rtb_trace_out *out);
/* rtb_trace_noise - a noise metric's gaps, each explained: the noise per
 * second split by what held the CPU (extras trace_<class>_us_per_s), and
 * the largest gaps kept like worst samples. */
int rtb_trace_noise(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev, size_t nev);
/* rtb_trace_worst_merge - a later round's worst into dst's (indices of
 * s already shifted), keeping the largest RTB_WORST_N. */
void rtb_trace_worst_merge(const struct rtb_metric *dst, struct rtb_metric_trace *d,
			   const struct rtb_metric_trace *s);
#endif
