/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - a traced run read while it runs, in bounded memory.
 *
 * The whole-pass path (trace/trace_run.c) keeps every event of a traced pass
 * and matches them after it: memory grows with the samples, and a run by
 * time (--duration) cannot be traced that way at all. This path reads the
 * trace continuously instead:
 *
 *   - a reader thread (trace/trace_stream.c, on a CPU not measured when one
 *     is left) drains the port's trace every few tens of ms into a fixed
 *     per-CPU window of the most recent events (struct rtb_twin): the
 *     oldest are evicted;
 *   - each measuring thread hands every sample's marks (its start, its
 *     stamp, a timer's expiry, its value) to the reader through a fixed
 *     single-producer ring (struct rtb_trace_marks .ring): no allocation,
 *     no system call, a full ring counts the mark lost;
 *   - as soon as the windows hold a sample's events the reader matches it
 *     (rtb_trace_match on that one sample: its components go into
 *     histogram-mode metrics, so their distributions stream too) and, when
 *     it is kept - it enters the worst RTB_WORST_N, is a new maximum, or is
 *     the first over --break-us - copies the events from its period's start
 *     (back to the CPU's last switch before it, for the context) to its
 *     stamp into one bounded slot and explains it (rtb_trace_explain);
 *   - what is kept per metric (struct rtb_tkeep) is fixed-size: the worst N,
 *     the last RTB_TS_MAXIMA successive new maxima with their time, the
 *     first RTB_TS_DIS disagreements, and counts of everything else.
 *
 * The window and the keep are pure (no OS, no allocation: caller storage),
 * so they are tested on hand-made event streams (tests/unit/test_trace_stream.c). */
#ifndef RTBENCH_TRACE_STREAM_H
#define RTBENCH_TRACE_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/result.h"
#include "rtbench/trace.h"

#ifndef RTB_TS_WINDOW
#define RTB_TS_WINDOW 32768     /* events per CPU in the window */
#endif
#ifndef RTB_TS_SLOT
#define RTB_TS_SLOT 8192        /* events copied for one sample */
#endif
#ifndef RTB_TS_MARKS
#define RTB_TS_MARKS 8192       /* marks in flight per metric (power of two) */
#endif
#ifndef RTB_TS_EVID
#define RTB_TS_EVID 2048        /* events kept per worst sample for the
				 * exported trace (--trace-dat), the latest */
#endif
#define RTB_TS_MAXIMA 16        /* successive new maxima kept (the last ones) */
#define RTB_TS_DIS 32           /* disagreements kept by index (all counted) */
#define RTB_TS_BEFORE 4096      /* events looked back for a window's context */
#define RTB_TS_AFTER 256        /* events after a stamp (a task's name) */

/* ---- the per-CPU window ------------------------------------------------ */

#define RTB_TWIN_GAPS 64        /* stretches passed over, remembered */

struct rtb_twin {
	struct rtb_tev *ev;     /* cap entries, caller storage */
	size_t cap;
	uint64_t head;          /* events pushed so far; held: [head - len, head) */
	int cpu;
	uint64_t evicted;       /* events pushed out by newer ones */
	uint64_t last_t;        /* the latest event pushed or passed over */
	/* stretches of this CPU's events passed over unparsed (rtb_twin_skip,
	 * the reader behind): (gap_from, gap_to], the last RTB_TWIN_GAPS,
	 * oldest first; before gap_floor none is remembered (nothing there
	 * counts as whole) */
	uint64_t gap_from[RTB_TWIN_GAPS], gap_to[RTB_TWIN_GAPS];
	int ngap;
	uint64_t gap_floor;
	uint64_t skipped;       /* events passed over */
};

/* rtb_twin_init - an empty window over store[0..cap) for events of cpu. */
void rtb_twin_init(struct rtb_twin *w, struct rtb_tev *store, size_t cap, int cpu);
/* rtb_twin_push - append e (events of one CPU come in time order); the
 * oldest is evicted when the window is full. */
void rtb_twin_push(struct rtb_twin *w, const struct rtb_tev *e);
/* rtb_twin_len - events held. */
size_t rtb_twin_len(const struct rtb_twin *w);
/* rtb_twin_at - the i-th oldest event held (i < rtb_twin_len). */
const struct rtb_tev *rtb_twin_at(const struct rtb_twin *w, size_t i);
/* rtb_twin_holds - 1 if the window still holds every event of its CPU at
 * or after t (nothing after t was evicted). */
int rtb_twin_holds(const struct rtb_twin *w, uint64_t t);
/* rtb_twin_skip - n events of the CPU up to time `to` were passed over
 * unparsed: the stretch from the last event pushed to `to` is a gap. */
void rtb_twin_skip(struct rtb_twin *w, uint64_t to, size_t n);
/* rtb_twin_whole - 1 if the window holds every event of its CPU in
 * [from, to]: none evicted after `from`, no gap passed over in it. */
int rtb_twin_whole(const struct rtb_twin *w, uint64_t from, uint64_t to);
/* rtb_twin_copy - the events of the windows w[0..nw) with from < t <= to,
 * plus on each window up to `before` events before `from` back to its last
 * switch (the context at `from`), and up to `after` events after `to`,
 * merged in time order into out (at most cap: the oldest are dropped
 * first). Returns how many; *complete = 0 when a window is not whole from
 * `from` to `to` (rtb_twin_whole) or out was too small, else 1. */
size_t rtb_twin_copy(const struct rtb_twin *const *w, int nw, uint64_t from, uint64_t to, size_t before,
		     size_t after, struct rtb_tev *out, size_t cap, int *complete);

/* rtb_twin_marks_from - of the last n marks a ring holds (mark i at
 * ring[(head - n + i) & mask], oldest first), the first i from which on
 * every mark's events every window w[0..nw) holds whole (rtb_twin_whole
 * from the mark's start; a TIMER mark, which has none, from its stamp less
 * its value, to its stamp): the marks a bounded window of events can be
 * matched with. n: none. */
size_t rtb_twin_marks_from(const struct rtb_twin *const *w, int nw, const struct rtb_tmark *ring, size_t mask,
			   size_t head, size_t n, double ticks_per_ns);
/* rtb_twin_each - every event the windows w[0..nw) (at most 64) hold,
 * merged in time order, handed to fn (NULL: only counted). Returns how
 * many. */
size_t rtb_twin_each(const struct rtb_twin *const *w, int nw, void (*fn)(const struct rtb_tev *e, void *arg),
		     void *arg);

/* ---- what is kept of one metric ---------------------------------------- */

#define RTB_NOISE_NC 5          /* noise classes: irq, softirq, nmi, thread, none */
/* rtb_noise_add - one explained noise gap's time by class into
 * ns[RTB_NOISE_NC] (trace/trace_worst.c) */
void rtb_noise_add(double *ns, const struct rtb_explain *x);
/* rtb_noise_extras - a noise metric's trace_<class>_us_per_s extras from
 * ns[RTB_NOISE_NC] over its spin time (its spin_s extra; none without) */
void rtb_noise_extras(struct rtb_metric *m, const double *ns);

/* The events around one kept worst sample, as the exported trace writes
 * them (--trace-dat): the slot's copy from the CPU's last switch before
 * its period to just after its stamp, the latest RTB_TS_EVID. */
struct rtb_tkeep_evid {
	struct rtb_tev *ev;     /* RTB_TS_EVID entries of the keep's store */
	size_t n;
	uint64_t from, end;     /* the period's start, the stamp (trace clock) */
	int cpu;                /* the CPU it ended on */
	long tid;               /* the measured task */
};

struct rtb_tkeep {
	/* set by rtb_tkeep_init */
	const char *id;         /* the metric's id (the lines name it) */
	enum rtb_trace_kind kind;
	double ticks_per_ns;
	uint64_t t0;            /* trace clock at the start (maxima's time 0) */
	int64_t break_ns;       /* --break-us (0: off) */
	int64_t tol_ns;         /* agreement tolerance */
	int break_fails;        /* the threshold is -T/--stop-us's (set after
				 * rtb_tkeep_init; the lines name it) */
	int virt;               /* on a VM: the lines say the vCPU may have
				 * stopped (set after rtb_tkeep_init) */
	/* histogram-mode metrics the components stream into (NULL: none) */
	struct rtb_metric *comp[RTB_TRACE_MAX_COMP];
	int ncomp;
	struct rtb_metric *diff;
	/* state */
	uint64_t prev_end;      /* the previous sample's stamp */
	uint64_t samples;       /* samples seen (their ordinal is the index) */
	uint64_t matched, agree;
	uint64_t incomplete;    /* its events had left the window already */
	uint64_t skipped;       /* not candidates, their events passed over */
	uint64_t explained;     /* samples explained (kept at some point) */
	int64_t max_ns;
	int have_max, broke_done;
	struct rtb_worst worst[RTB_WORST_N];
	int nworst;
	/* worst[i]'s events (rtb_tkeep_evid_store; evid[0].ev NULL: none kept) */
	struct rtb_tkeep_evid evid[RTB_WORST_N];
	struct rtb_tmax maxima[RTB_TS_MAXIMA];
	int nmax;
	uint64_t nmax_total;    /* new maxima seen (the first ones dropped) */
	struct rtb_trace_disagreement dis[RTB_TS_DIS];
	size_t ndis;
	uint64_t ndis_total;
	/* RTB_TRACE_NOISE: every gap explained, its time by class (irq,
	 * softirq, nmi, thread, none seen; rtb_noise_add), ns */
	double noise_ns[RTB_NOISE_NC];
};

/* rtb_tkeep_init - an empty keep for metric id of this kind. */
void rtb_tkeep_init(struct rtb_tkeep *k, const char *id, enum rtb_trace_kind kind, double ticks_per_ns,
		    uint64_t t0, int64_t break_ns, int64_t tol_ns);
/* rtb_tkeep_evid_store - keep each worst sample's events too, in
 * store[0 .. RTB_WORST_N * RTB_TS_EVID) (caller storage, fixed). */
void rtb_tkeep_evid_store(struct rtb_tkeep *k, struct rtb_tev *store);
/* rtb_tkeep_sample - one sample (mark mk of task tid / peer) against the
 * windows w[0..nw) (the CPU it ended on first): matched, its components
 * recorded, and explained and kept when it enters the worst, is a new
 * maximum, or is the first over break_ns. slot: scratch of slotcap events.
 * Returns 1 if it was kept, 0 if not, or RTB_EINVAL. */
int rtb_tkeep_sample(struct rtb_tkeep *k, const struct rtb_twin *const *w, int nw, const struct rtb_tmark *mk,
		     long tid, long peer_tid, struct rtb_tev *slot, size_t slotcap);
/* rtb_tkeep_floor_ns - the largest sample that could not be kept now:
 * the smallest of the worst once RTB_WORST_N are kept (below --break-us
 * while no sample crossed it), 0 while any sample could be (fewer kept).
 * A sample above it is a candidate: it may enter the worst or be a new
 * maximum; one at or below it can neither. */
int64_t rtb_tkeep_floor_ns(const struct rtb_tkeep *k);
/* rtb_tkeep_top_add - v into top[0..cnt), the (at most n) largest values seen,
 * smallest first (top[0]: the n-th largest once cnt = n). Returns cnt. */
int rtb_tkeep_top_add(int64_t *top, int cnt, int n, int64_t v);
/* rtb_tkeep_skip - a sample that is no candidate (at or below the floor)
 * whose events were passed over unparsed: counted, never matched. */
void rtb_tkeep_skip(struct rtb_tkeep *k, const struct rtb_tmark *mk);
/* rtb_tkeep_finish - every kept sample's one line (by rank: "max", "#2
 * worst", "new max at +12.3 s"), largest first. */
void rtb_tkeep_finish(struct rtb_tkeep *k);

#endif
