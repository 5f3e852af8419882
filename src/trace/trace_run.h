/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the second analyzer's room: what the runner's traced
 * modes (run/run_trace.c, run/long_trace.c) call. */
#ifndef RTB_CORE_TRACE_RUN_H
#define RTB_CORE_TRACE_RUN_H
#include "rtbench/ctx.h"
#include "rtbench/trace.h"
#include "rtbench/tracer.h"

/* rtb_trace_decompose - match metric m's samples (its whole-pass marks) to
 * the events, add its components as metrics of their own and explain its
 * worst samples. */
int rtb_trace_decompose(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev, size_t nev,
			uint64_t lost);
/* rtb_trace_cost - keep the untraced passes' samples (before, after: their
 * results) beside m's traced ones: the cost of watching. */
void rtb_trace_cost(struct rtb_metric *m, struct rtb_result *before, struct rtb_result *after);
/* rtb_trace_merge_round - merge a later round's trace summary of src into
 * the run's metric dst, before src's samples are appended to dst (b: the
 * run's --break-us record). */
int rtb_trace_merge_round(struct rtb_metric *dst, struct rtb_metric *src, const struct rtb_break *b);
/* rtb_trace_comp_label - title, table, parent and method of a component
 * metric of `parent` (streamed: read while the run ran, a histogram). */
void rtb_trace_comp_label(struct rtb_metric *cm, const struct rtb_metric *parent, const char *name,
			  const char *what, int streamed);
/* ---- --break-us's window (trace_break.c), the worst events (trace_worst.c) ---- */
/* rtb_break_keep - the break sample's window (its CPU x->cpu's events from
 * 1 ms before `from` to 200 us after `to`, the latest RTB_BREAK_EVENTS)
 * copied into the storage rtb_break_prepare made, with its explanation;
 * the first call of a run only (trace_break.c). No allocation, no system
 * call: it runs in the streaming reader. */
void rtb_break_keep(const struct rtb_tev *ev, size_t nev, uint64_t from, uint64_t to, long tid, double tpn,
		    int64_t sample_ns, const struct rtb_explain *x);
/* rtb_break_prepare - the storage rtb_break_keep copies into (before
 * measuring; --trace with --break-us). 0 or RTB_ENOMEM. */
int rtb_break_prepare(void);
/* rtb_break_forget - drop what was kept and its storage (a new run). */
void rtb_break_forget(void);
/* rtb_break_evidence - the kept blocker's kernel stack by name into b
 * (or why there is none), and with result_path the kept window beside the
 * result (`<result_path>.break-trace.json`, the Trace Event Format), named
 * in b; 0 when nothing was kept. */
int rtb_break_evidence(const char *result_path, struct rtb_break *b);

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
			   const struct rtb_metric_trace *s, const struct rtb_break *b);
/* rtb_trace_maxima_merge - a later round's successive maxima into d's
 * (those above d's last), bounded. */
void rtb_trace_maxima_merge(struct rtb_metric_trace *d, const struct rtb_metric_trace *s);
/* rtb_trace_maxima_all - the successive new maxima over several CPUs'
 * lists per[0..n) (each in time order) into t->maxima (RTB_TS_MAXIMA
 * entries, allocated): in time order, each above every one before it, the
 * last RTB_TS_MAXIMA kept, t->nmax_total counting them. */
void rtb_trace_maxima_all(const struct rtb_metric_trace *const *per, int n, struct rtb_metric_trace *t);

/* ---- the streaming path (trace_stream.c, rtbench/trace_stream.h) ------ */
/* rtb_trace_tolerance_ns - the agreement tolerance of a kind. */
int64_t rtb_trace_tolerance_ns(enum rtb_trace_kind k);
/* rtb_ts_start - Step 1: windows for the CPUs in `cpus`, nwatch measuring
 * threads, the trace started, the reader on reader_cpu (-1: anywhere);
 * xcpu: a sample's events are on its CPU and its context's other_cpu;
 * explain: the CPUs whose threads get marks (NULL or empty: every one). */
int rtb_ts_start(struct rtb_ctx *c, enum rtb_trace_kind kind, const struct rtb_cpuset *cpus, int nwatch,
		 int reader_cpu, int xcpu, const struct rtb_cpuset *explain);
/* rtb_ts_on - 1 between rtb_ts_start and rtb_ts_stop. */
int rtb_ts_on(void);
/* rtb_ts_marks - Step 2: metric m's marks, a ring the reader empties
 * (NULL: no watch left, or m's CPU is not traced). */
struct rtb_trace_marks *rtb_ts_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind);
/* rtb_ts_stop - Step 4: the trace off, the reader drained and joined. */
int rtb_ts_stop(void);
/* rtb_ts_attach - Step 5: what was kept of live metric `live` onto dst
 * (dst->trace), its component metrics into res. */
int rtb_ts_attach(const struct rtb_metric *live, struct rtb_metric *dst, struct rtb_result *res);
/* struct rtb_ts_window - what the reader still holds of one metric once
 * it stopped: the marks of its last samples whose events the windows hold
 * (mark i, oldest first: ring[(first + i) & mask]; first is also its
 * ordinal among the pushed marks), for run --trace-events in a run for a
 * time or on several CPUs (a bounded window, not every event). */
struct rtb_ts_window {
	enum rtb_trace_kind kind;
	long tid, peer_tid;
	const struct rtb_tmark *ring;
	size_t mask, first, n;
	uint64_t pushed;        /* marks the measuring thread pushed */
};
/* rtb_ts_window - after rtb_ts_stop, before rtb_ts_release: live metric
 * m's window of marks; 0, or RTB_EINVAL when the reader had no watch for
 * it. */
int rtb_ts_window(const struct rtb_metric *m, struct rtb_ts_window *out);
/* rtb_ts_window_events - after rtb_ts_stop, before rtb_ts_release: every
 * event the windows hold, in time order, to fn (NULL: counted only);
 * returns how many; *evicted: the events pushed out before them;
 * *skipped (NULL: not wanted): the events the reader, behind, passed over
 * unparsed over the pass (never in a window, never evicted). */
size_t rtb_ts_window_events(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *evicted,
			    uint64_t *skipped);
/* rtb_tx_pass - --trace-dat: the events around every kept worst sample of
 * a's metrics (streamed pass, after rtb_ts_attach, before rtb_ts_release)
 * as <trace_dat>.<id>.r<round>.dat (the OS's trace file) and .json (Trace
 * Event Format); a file not written is said in the result. 0 or rtb_err. */
int rtb_tx_pass(struct rtb_ctx *c, const struct rtb_tattach *a, const char *id);
/* rtb_ts_keep - after rtb_ts_stop, before rtb_ts_release: what the reader
 * kept of live metric `live` (its worst, sorted once attached, and their
 * events with --trace-dat); NULL: no watch. */
const struct rtb_tkeep *rtb_ts_keep(const struct rtb_metric *live);
/* rtb_ts_release - everything rtb_ts_start allocated (after attach). */
void rtb_ts_release(void);
#endif
