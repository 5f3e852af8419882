/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the second analyzer: the OS's own event trace, matched to samples.
 *
 * Three parts, so the portable core gains no OS words:
 *   - port-neutral trace events (struct rtb_tev) and the port's four hooks
 *     that record them (rtb_port_trace_*; Linux: tracefs, src/port/posix);
 *   - per-sample marks a benchmark keeps when tracing is on (struct
 *     rtb_trace_marks): each sample's absolute start and end on the trace
 *     clock, which is the clock rtb_port_ticks() reads;
 *   - the matcher (rtb_trace_match, src/trace/trace_match.c), a pure function:
 *     events + samples in, components + agreement out.
 *
 * Times on the trace clock are in ticks (rtb_port_ticks units); the matcher
 * converts with the calibrated rate. */
#ifndef RTBENCH_TRACE_H
#define RTBENCH_TRACE_H

#include "rtbench/trace_model.h"
#include "rtbench/port_trace.h"
#include "rtbench/tracer.h"

/* rtb_tracer_trace - this room's tracer (trace/tracer.c): what the entry
 * hands the runner (rtb_opts.tracer) in a build with tracing. */
extern const struct rtb_tracer rtb_tracer_trace;

/* ---- the matcher (pure) ---------------------------------------------- */

struct rtb_trace_in {
	enum rtb_trace_kind kind;
	const struct rtb_tev *ev;   /* sorted by t */
	size_t nev;
	const int64_t *sample_ns;   /* rtbench's samples */
	size_t n;
	const struct rtb_trace_marks *mk;
	double ticks_per_ns;        /* trace clock rate */
	int64_t tol_ns;             /* > 0: an upper bound on rtbench minus
				     * trace (an offline check); 0: none, a
				     * sample agrees when the trace's interval
				     * lies inside rtbench's */
};

/* rtb_trace_match - match every sample of `in` to its events. Fills out's
 * arrays; returns 0 or RTB_EINVAL. */
int rtb_trace_match(const struct rtb_trace_in *in, struct rtb_trace_out *out);
/* rtb_trace_diff_metric - whether rtbench's interval minus the trace's
 * gets a metric of its own for this kind (0 for a timer: it is the last
 * component, switch_to_stamp, exactly). */
int rtb_trace_diff_metric(enum rtb_trace_kind kind);
/* rtb_tev_lower - first index of ev[0..n) with t >= x (n when none); the
 * matcher and the explanation search their windows with it. */
size_t rtb_tev_lower(const struct rtb_tev *ev, size_t n, uint64_t x);

/* ---- the worst events, explained (trace/trace_explain.c, pure) -------- */


/* rtb_trace_explain - what held CPU `cpu` in [from, to] (trace clock
 * ticks; events ev[0..nev) sorted): every task, device interrupt, softirq,
 * system vector and NMI with how long it held the CPU, innermost context
 * charged (an interrupt inside a task is the interrupt's time). tid is the
 * measured task. cpu < 0: the CPU of the last switch to tid before `to`.
 * Returns 0, or RTB_EINVAL. */
int rtb_trace_explain(const struct rtb_tev *ev, size_t nev, uint64_t from, uint64_t to, int cpu,
		      long tid, double ticks_per_ns, struct rtb_explain *x);

/* rtb_explain_noise_gap - x explains a noise gap: the time the trace shows
 * the spinner itself "running" is time nothing was seen to take the CPU
 * (the spinner did not run, and never sleeps in a gap): relabelled
 * RTB_CAUSE_UNSEEN "none seen", never idle. */
void rtb_explain_noise_gap(struct rtb_explain *x);

/* rtb_trace_phases - cut x's window [from, to] (x from rtb_trace_explain)
 * into the phases of a sample of this kind and say who held the CPU in
 * each: TIMER (before the interrupt, in it, after the wake-up, the task
 * itself), WAKE (before the wake-up, after it, the task itself); other
 * kinds have none (nphase 0). comp_ns: the matcher's components of the
 * sample, NULL when it was not matched (TIMER: the cuts are then found from
 * the events: the task's waking, the timer interrupt before it, the switch
 * after it; nphase 0 when they are missing). The window's list (x->cause,
 * other_ns) is then charged by the phases' rule: the time before the
 * interrupt outside every handler is one RTB_CAUSE_UNSEEN entry ("none
 * seen", equal to that phase's unseen_ns), never the share of the task
 * current then. Returns 0 or RTB_EINVAL. */
int rtb_trace_phases(const struct rtb_tev *ev, size_t nev, enum rtb_trace_kind kind, uint64_t from, uint64_t to,
		     long tid, const int64_t *comp_ns, double ticks_per_ns, struct rtb_explain *x);

/* rtb_explain_line - one line naming the largest contributors:
 * phases first, the longest in full, the others over a tenth of the sample
 * by their top holder ("irq.timer.nanosleep max 4557.0 us on CPU 0: before
 * the interrupt 4513.3 us (99%) no event: interrupts off, an SMI, or the
 * vCPU not running (current: task python3 (pid 1946) prio 120)"); without
 * phases the window's largest holders ("... 312 us (76%) softirq NET_RX,
 * 61 us (15%) task kworker/1:2 (pid 88) prio 120, ..."). `what` says which
 * sample ("max", "sample 1234 over --break-us 100"). */
void rtb_explain_line(const char *id, const char *what, int64_t sample_ns, const struct rtb_explain *x,
		      char *out, size_t len);

#endif
