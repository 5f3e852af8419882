/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - measuring on several CPUs at once or for a time: the
 * machinery the drivers drv_time.c (run --duration D [--cpus LIST]
 * [--interval I]) and drv_cpus.c (run --cpus LIST --samples N) share.
 *
 * The measurements that declare it (struct rtb_bench .can) run for a time
 * instead of a count, or by count on every listed CPU at once, each CPU's
 * metric in histogram mode (rtbench/hmetric.h); for a time with an
 * interval time series and the result file rewritten after every interval.
 * See docs/long-runs.md. */
#ifndef RTB_CORE_LONG_H
#define RTB_CORE_LONG_H
#include <stdatomic.h>
#include "rtbench/bench.h"
#include "run/runner.h"

/* The run's shared state (run/long.c, its metrics run/long_metrics.c, its outputs run/long_out.c). */
struct rtb_long_cpu;
struct rtb_long {
	const struct rtb_opts *o;
	const struct rtb_mode *mode; /* the driver's: its CPUs' contexts carry
				      * it; .until_stopped: for a time, else
				      * by count */
	const struct rtb_run_out *out;
	struct rtb_result *res;
	/* where a measurement's metrics are made: res for a time; by count
	 * each round's own result, merged into res after it (rtb_round_merge) */
	struct rtb_result *mres;
	const struct rtb_bench *b;
	int round, nrounds;        /* by count: this measurement's round of nrounds */
	int raw;                   /* by count with --raw: each CPU's metrics keep
				    * every sample (the whole run's, allocated at
				    * round 0; each round's live metric fills its
				    * part in place) */
	struct rtb_raw *stream;    /* for a time with --raw FILE: every sample
				    * streamed to FILE (run/raw.h); NULL: not */
	rtb_bsem_t wake;           /* by count: a driver that ended wakes the
				    * supervisor (wake_ok 0: it polls) */
	int wake_ok;
	atomic_int stop;           /* ends the measuring threads */
	atomic_uint epoch;
	struct rtb_long_cpu *cpus;
	int ncpu;
	/* the bench's metrics (struct rtb_bench .metrics, or its id) */
	const char *mids[RTB_BENCH_METRICS];
	int nmet;
	struct rtb_cpuset trace_unexplained; /* traced: CPUs measured, not
					      * explained (--trace-cpus, > 63) */
	/* run for a time (long_cover.c): this measurement's CPUs not measured;
	 * the run's, over its measurements, not measured and late */
	struct rtb_cpuset cover_none, run_none, run_late;
	/* each metric's all-CPU aggregate; NULL with one CPU */
	struct rtb_metric *agg[RTB_BENCH_METRICS];
	int64_t t0_ns;
	int64_t before_ns;         /* time measured by the earlier measurements */
	int64_t late_ns;           /* the supervisor's latest wake-up past its tick */
	int64_t iv_start_ns;       /* the open interval's start, from t0 */
	size_t seriescap;          /* intervals kept (0: by count, none) */
	struct rtb_hm_thr thr;     /* what every metric counts exactly (the
				    * deadline, --count-over-us) */
	size_t target;             /* by count (run --cpus LIST --samples N):
				    * each CPU's samples of this bench; 0: for
				    * the duration */
	size_t total;              /* by count: each CPU's samples, all rounds */
};


/* One measuring CPU of a long run: its context (the bench runs in it as
 * it would in a normal run), the metrics it records into, and the metrics
 * the result shows (updated by the supervisor from its publications), one
 * each of the bench's metrics (rtb_long.mids). */
struct rtb_long_cpu {
	struct rtb_long *lr;
	int cpu;
	struct rtb_ctx c;
	struct rtb_result *res;   /* the bench's own result (warnings) */
	struct rtb_metric *live[RTB_BENCH_METRICS];  /* recorded into by the measuring thread */
	unsigned handed;          /* bit j: live[j] given to the bench (once each) */
	unsigned borrowed;        /* bit j: live[j]'s samples are a part of the
				   * run's metric's (--raw by count), not its own */
	struct rtb_metric *shown[RTB_BENCH_METRICS]; /* in the run's result */
	rtb_thread_t th;
	int started, rc;
	atomic_int done;          /* its driver returned (no more slices) */
	unsigned seen_pubs;       /* publications consumed */
	int64_t progress_ns;      /* its last publication (by count: the
				   * watchdog's measure of a stuck CPU) */
	/* when (the port's monotonic ns; 0: not yet) its driver thread began
	 * running, and the first thread the bench spawned there had started
	 * (rtb_long_thread_started): when this CPU began measuring */
	atomic_llong driver_ns, spawn_ns;
	int smi_ok;               /* its SMI counter reads (each interval's smi) */
	uint64_t smi_last;        /* its reading at the open interval's start */
	int64_t smi_iv;           /* the closing interval's SMIs (-1: not readable) */
};

/* rtb_long_write - the result files, each replaced atomically (the final
 * write says why it failed every time, the others once). */
int rtb_long_write(struct rtb_long *lr);
/* rtb_long_status - the live status line (docs/long-runs.md): on a
 * terminal refreshed in place (newline: keep it), else printed only with
 * newline (once per interval); nothing with --quiet. */
void rtb_long_status(struct rtb_long *lr, int64_t elapsed_ns, int newline);

/* rtb_long_begin - a driver's init (run/runner.h): the run's state
 * (r->priv) for the CPUs listed (or the run's one), the settings they
 * make, the supervisor time-shared. 0 or RTB_ENOMEM. */
int rtb_long_begin(struct rtb_runner *r, const struct rtb_mode *mode);
/* rtb_long_round_fn - one round of lr->b on every CPU: rtb_long_phase, by
 * count inside a result of its own (drv_cpus.c); *measured as
 * rtb_round_merge's. */
typedef int (*rtb_long_round_fn)(struct rtb_long *lr, struct rtb_ctx *c, int *measured);
/* rtb_long_measure - a driver's round: round `round` of nrounds of b
 * through fn, then each CPU's own result dropped. A stop sets r->stopped
 * (and returns 0: a whole result of what ran); else 0 or an rtb_err. */
int rtb_long_measure(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds,
		     rtb_long_round_fn fn, int *measured);
/* rtb_long_phase - one measurement (lr->b) on every CPU, Steps 1-5 (for
 * the duration, or until every CPU has its samples). RTB_EINTR: stopped. */
int rtb_long_phase(struct rtb_long *lr, struct rtb_ctx *c);
/* rtb_long_release - a driver's release: the state rtb_long_begin made. */
void rtb_long_release(struct rtb_runner *r);

/* The metrics (run/long_metrics.c). rtb_long_make_metrics - Step 1: each
 * of the bench's metrics' aggregate, each CPU's shown and live one. */
int rtb_long_make_metrics(struct rtb_long *lr);
/* rtb_long_consume - every metric's publication of a CPU into the metric
 * the result shows; 1 if there was one. */
int rtb_long_consume(struct rtb_long_cpu *lc);
/* rtb_long_smi_start - each CPU's SMI counter read at the measurement's
 * start (when the run's could be: settings.smi_read), for its intervals. */
void rtb_long_smi_start(struct rtb_long *lr);
/* rtb_long_close_interval - Step 4: every CPU's open interval, and the
 * aggregate's from theirs, ending end_ns after the start. */
void rtb_long_close_interval(struct rtb_long *lr, int64_t end_ns);
/* rtb_long_refresh - every shown metric's figures from what was consumed. */
void rtb_long_refresh(struct rtb_long *lr, int64_t elapsed_ns);
/* rtb_long_finish_cpu - after its driver thread ended: each metric's last
 * slice and what the bench said of it; the bench's warnings. */
void rtb_long_finish_cpu(struct rtb_long *lr, struct rtb_long_cpu *lc, int stopped);
/* rtb_long_starved - at a run's end, its warning when the supervisor was
 * starved (raised by the watchdog: starved_ns > 0; or woken over tick_ns
 * late for its once-a-tick work), with what held its CPU when known. */
void rtb_long_starved(struct rtb_long *lr, int64_t starved_ns, int64_t tick_ns);
/* rtb_long_agg_say - at the end, what metric j's aggregate is, its status. */
void rtb_long_agg_say(struct rtb_long *lr, int j);

/* rtb_long_thread_started - a long mode's thread_started (rtbench/ctx.h):
 * the watchdog knows the thread; the first one of a CPU's context stamps
 * when that CPU began measuring (rtb_long_cpu.spawn_ns). */
void rtb_long_thread_started(struct rtb_ctx *c, rtb_thread_t *t);

/* How much of a run for a time one CPU measured (run/long_cover.c). Its
 * measuring began when its first measuring thread had started (the bench's
 * first spawned thread, else its driver thread: rtb_long_began_ns) and
 * ended at the run's stop (the earlier of the supervisor's and the
 * watchdog's). The rule, on those times only (a count of 0 is a valid
 * result: noise.gap with no gap over its threshold):
 *   NOT MEASURED  it began at or after the stop, or never: its metrics
 *                 "partial", the note "not measured: its thread started
 *                 X s after the run's stop";
 *   LATE          it measured less than half the time the run measured
 *                 (began later than half-way): "partial", the note
 *                 "measured only X s of the run's Y s: its thread started
 *                 Z s after the run's start";
 *   WHOLE         else: its status as the bench made it.
 * The run says each measurement's NOT MEASURED and LATE CPUs in a
 * warning (DEGRADED), the aggregate's note counts only the CPUs measured,
 * and settings.cpus_not_measured / cpus_late list them (docs/long-runs.md). */
enum rtb_long_cover {
	RTB_LONG_WHOLE = 0,
	RTB_LONG_LATE,
	RTB_LONG_NOT_MEASURED,
};
/* rtb_long_cover_of - the rule above: began_ns (from the run's start; < 0:
 * never began), stop_ns (from the run's start), run_ns (the time the run
 * measured, > 0); *measured_ns (NULL: not wanted) the time it measured,
 * 0 to run_ns. */
enum rtb_long_cover rtb_long_cover_of(int64_t began_ns, int64_t stop_ns, int64_t run_ns, int64_t *measured_ns);
/* rtb_long_began_ns - when lc began measuring, from the run's start (lr->t0_ns);
 * -1: not yet (its thread never ran). Any thread. */
int64_t rtb_long_began_ns(const struct rtb_long *lr, const struct rtb_long_cpu *lc);
/* rtb_long_cover_say - at a run for a time's end (Step 5, or the
 * watchdog's forced exit): each CPU's cover by the rule above onto its
 * shown metrics (stop_ns, run_ns: from the run's start), the run's
 * warning and settings. */
void rtb_long_cover_say(struct rtb_long *lr, int64_t stop_ns, int64_t run_ns);

/* For bench_util.c: a long run's answers to rtb_samples_total and
 * rtb_measure_metric. */
size_t rtb_long_samples(const struct rtb_ctx *c);
struct rtb_metric *rtb_long_metric(struct rtb_ctx *c, const struct rtb_bench *b,
				   const char *id, const char *title);

/* rtb_long_trace_begin - a --duration phase traced (run/long_trace.c): the
 * reader started for every listed CPU, rc->tracing set; 0 and untraced
 * when the bench's kind does not stream. */
int rtb_long_trace_begin(struct rtb_long *lr, struct rtb_ctx *rc, int first_other);
/* rtb_long_trace_end - after the drivers were joined: the reader stopped,
 * what it kept onto the shown metrics (and the aggregate's worst). */
void rtb_long_trace_end(struct rtb_long *lr, struct rtb_ctx *rc);
#endif
