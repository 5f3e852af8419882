/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - what a benchmark is and what it may use.
 *
 * One file per benchmark under src/bench/, each defining one const
 * struct rtb_bench, all listed in src/bench/registry.c. A benchmark gets an
 * rtb_ctx (options, the result to fill, the calibrated clock, the stop flag)
 * and uses only the porting layer and the helpers below. The runner owns
 * everything else: scheduling set-up, system settings, the watchdog, output. */
#ifndef RTBENCH_BENCH_H
#define RTBENCH_BENCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "rtbench/longopt.h"
#include "rtbench/port_bench.h"
#include "rtbench/port_trace.h" /* rtb_port_trace_self: a traced pass's marks */
#include "rtbench/result.h"
#include "rtbench/ctx.h"
#include "rtbench/inject.h"

/* struct rtb_bench_opt - one of a benchmark's own knobs, declared with it
 * (rtb_bench.opts) and its value kept in its own file, as rtla's
 * timerlat_params keeps timerlat's beside the common ones: the run-wide
 * settings stay in struct rtb_opts. The entry parses every benchmark's
 * knobs from these tables alike (src/cli: `--NAME N`; a value outside
 * min..max is refused in one line, "--NAME: 'X' is not WHAT", exit 2) and
 * prints their help; a port without a command line sets *value in code. */
struct rtb_bench_opt {
	const char *name;       /* the run option without "--": "pi-cs-us" */
	const char *help;       /* --help's text after "--NAME N" (lines
				 * after the first indented to column 24) */
	long long min, max;     /* the whole numbers it takes, in its unit */
	const char *what;       /* what it is when refused (see above) */
	int64_t scale;          /* kept = given * scale (us -> ns: 1000) */
	int64_t def;            /* the default, as kept (rtb_bench_opts_reset) */
	int64_t *value;         /* the benchmark's own value, as kept */
	/* 1: the value is a system knob's the benchmark sets (0: leave it as
	 * found), so the run needs the settings lock only when it is not 0 */
	int sets_knob;
	/* 1: a flag, `--NAME` with no value: given, *value = scale */
	int flag;
};

struct rtb_bench {
	const char *id;          /* dotted id prefix of its metrics */
	const char *title;
	const char *study_table; /* "Table 1" ... or NULL */
	const char *group;       /* the table it is shown in after the study's
				  * (RTB_GROUP_SUITES); NULL: the further
				  * measurements */
	int not_default;         /* 1: runs only when --tests names it (or
				  * --tests all): not in the default set, so
				  * a plain run takes as long as before */
	const char *summary;     /* one line for `rtbench list` */
	size_t default_samples;
	int needs_rt;            /* 1: meaningless without priorities (skipped) */
	int changes_knobs;       /* 1: may change a system knob (settings lock) */
	int threads;             /* threads it runs at once besides the runner's
				  * own (rtb_spawn); more than the stack pool
				  * has free: skipped, with the reason */
	int injectable;          /* 1: honours inject_ns (selftest) */
	const char *selftest_metric; /* metrics selftest checks, comma list; NULL: id */
	double selftest_pct;     /* selftest compares baseline and injected
				  * samples at this percentile; 0: the median
				  * (say why another, src/run/selftest.c) */
	const char *not_injectable_why;
	int one_round;           /* 1: runs once with all its samples (its
				  * verdict needs every trial together) */
	/* run - measure; add metrics to c->res. Returns 0 or rtb_err; a
	 * stopped run returns 0 with its metrics marked partial. */
	int (*run)(struct rtb_ctx *c, const struct rtb_bench *self);
	/* run --trace: how its samples decompose (RTB_TRACE_NONE: not traced)
	 * and whether its tasks span two CPUs (the wake engine, bench/wake.h,
	 * puts the waiter on the other CPU for those) */
	enum rtb_trace_kind trace_kind;
	int trace_xcpu;
	/* what else it can do (RTB_CAN_*, or-ed): declared here and read by
	 * the entry and the runner from here only (no list of ids elsewhere) */
	unsigned can;
	/* the ids of its metrics, NULL-ended, when it makes more than one
	 * (at most RTB_BENCH_METRICS; NULL: one, named by id): a long run
	 * makes each of them, on every CPU, before the bench runs */
	const char *const *metrics;
	/* why it runs on one CPU at a time (RTB_CAN_TIME without
	 * RTB_CAN_CPUS): the refusal of --cpus says it; NULL: not said */
	const char *one_cpu_why;
	/* 1: its samples are time taken from a task (noise.gap's gaps): a long
	 * run's status line gives each interval's sum per second */
	int sums_time;
	/* 1: one sample a --period-us on each CPU (the timer wake-ups): run
	 * --raw for a time counts the file's size from it before measuring;
	 * 0: its rate is not known before it runs */
	int paced;
	/* its own knobs, ended by one with name NULL (NULL: none) */
	const struct rtb_bench_opt *opts;
	/* check - its knobs against the system before anything runs (rt: 0
	 * with --no-rt); 0, or RTB_EINVAL with the refusal in err, one line
	 * naming the knob (the entry prints it, exit 2). NULL: none. */
	int (*check)(int rt, char *err, size_t len);
};

/* struct rtb_bench .can - what a measurement can do besides a count run
 * on one CPU. */
/* RTB_CAN_TIME - run --duration: it runs until its context's stop flag
 * (it sizes its loop by rtb_samples, or its own time by rtb_measure_for_ns),
 * makes ONE metric, or each of those .metrics names once (rtb_measure_metric:
 * in a long run the histogram-mode metric the runner made for that id),
 * and only records into them (its counters, invalid and missed, too); the
 * runner adds the intervals, the files and the CPUs' aggregate. Its
 * notes and extras are the ones it sets when its loop has ended. */
#define RTB_CAN_TIME 1u
/* RTB_CAN_CPUS - run --cpus: several instances at once, one a CPU, each
 * in its own context (c->cpu, c->other_cpu), sharing nothing else; for a
 * time or by count (each its rtb_samples, into the ONE metric the runner
 * made, as RTB_CAN_TIME says). */
#define RTB_CAN_CPUS 2u
/* the most metrics one benchmark makes (struct rtb_bench .metrics) */
#define RTB_BENCH_METRICS 9

/* the registry (rtb_benches, rtb_bench_opt_find): src/bench/registry.h */

/* ---- helpers for benchmark files (src/bench_api/bench_util.c) ------------- */

/* rtb_samples - sample count for bench b under the options: this round's
 * share of the total when the runner measures in rounds. */
size_t rtb_samples(const struct rtb_ctx *c, const struct rtb_bench *b);
/* rtb_samples_total - the whole run's samples for b (all rounds). */
size_t rtb_samples_total(const struct rtb_ctx *c, const struct rtb_bench *b);

/* rtb_measure_for_ns - how long a measurement that runs for a time of its own
 * (noise.gap's spin: own_ns) runs in this context: own_ns in a count run;
 * until the stop flag (INT64_MAX) in a --duration run. */
int64_t rtb_measure_for_ns(const struct rtb_ctx *c, int64_t own_ns);

/* rtb_spawn - start a measurement thread on a stack from the pool: policy
 * at level prio when c->rt, else RTB_SCHED_NORMAL; pinned to cpu (-1:
 * none); registered with the watchdog. RTB_ENOMEM when the pool is empty
 * (the bench's `threads` was too small). */
int rtb_spawn(struct rtb_ctx *c, rtb_thread_t *t, const char *name,
	      enum rtb_policy policy, enum rtb_prio prio, int cpu, rtb_thread_fn fn, void *arg);
/* rtb_measure_task - a measurement run by one task: arms the watchdog for
 * bound_ns, starts fn(arg) as task `name` (RTB_SCHED_FIFO at RTB_PRIO_HIGH,
 * through rtb_spawn; cpu -1: not pinned) and waits for it to end;
 * *elapsed_ns from before its start to after its end. 0 or rtb_spawn's
 * error (nothing started then). */
int rtb_measure_task(struct rtb_ctx *c, const char *name, int cpu, void (*fn)(void *), void *arg,
		     int64_t bound_ns, int64_t *elapsed_ns);
/* rtb_join - wait for a thread rtb_spawn started to end; its stack goes
 * back to the pool. */
int rtb_join(rtb_thread_t *t);

/* rtb_spawn_stamped - rtb_spawn for a benchmark that times the creation
 * itself: the stack is taken before and the watchdog told after; *before
 * is stamped just before the OS's create call and *after just after it
 * returns; the port does not pre-fault the stack nor wait for the thread
 * to start (rtb_thread_attr.nowait), so a new thread that outranks the
 * caller runs inside the call, one that does not runs after it. inject:
 * the selftest's delay (rtb_inject_due; 0 in a real run), spun between
 * *before and the call, inside the window. */
int rtb_spawn_stamped(struct rtb_ctx *c, rtb_thread_t *t, const char *name, enum rtb_policy policy,
		      enum rtb_prio prio, int cpu, rtb_thread_fn fn, void *arg,
		      uint64_t inject, uint64_t *before, uint64_t *after);

/* rtb_self_deadline - the calling thread (one rtb_spawn started) to
 * deadline scheduling (port.h rtb_port_self_sched_deadline): 0, RTB_ENOTSUP,
 * RTB_EPERM or RTB_EBUSY with the one-line reason in why. A run with --no-rt:
 * RTB_EPERM without asking the kernel. */
int rtb_self_deadline(struct rtb_ctx *c, int64_t runtime_ns, int64_t deadline_ns, int64_t period_ns,
		      char *why, size_t len);

/* rtb_self_rt - give the calling thread policy/prio/cpu as rtb_spawn would. */
int rtb_self_rt(struct rtb_ctx *c, enum rtb_policy policy, enum rtb_prio prio, int cpu);

/* rtb_watchdog_arm - the current phase must end within ns, else the
 * watchdog stops it (see run/watchdog.c). */
void rtb_watchdog_arm(struct rtb_ctx *c, int64_t ns);

/* rtb_spin_until - busy-wait until the counter passes `until`: a delay in
 * wall time (the selftest's injected known delays). */
static inline void rtb_spin_until(uint64_t until)
{
	while ((int64_t)(rtb_port_ticks() - until) < 0)
		;
}
static inline uint64_t rtb_ns_to_ticks(const struct rtb_clock_info *ci, int64_t ns)
{
	return (uint64_t)((double)ns * ci->ticks_per_ns + 0.5);
}
/* rtb_ns_to_ticks_at_most - the most ticks that convert (rtb_ticks_to_ns) to
 * at most ns: a difference of more ticks is longer than ns in ns too, and
 * one of this many or fewer is not. A threshold "longer than ns" compared
 * in ticks (d > this) then agrees with the figure in ns on both sides of
 * the boundary; rtb_ns_to_ticks rounds, and rtb_ticks_to_ns truncates, so
 * its count can be a tick short (at 2.6 ticks/ns, 5201 ticks convert to
 * exactly 2000 ns) or a tick over. ns >= 0. */
static inline uint64_t rtb_ns_to_ticks_at_most(const struct rtb_clock_info *ci, int64_t ns)
{
	uint64_t t = rtb_ns_to_ticks(ci, ns);

	while (t && rtb_ticks_to_ns(ci, t) > ns)
		t--;
	while (rtb_ticks_to_ns(ci, t + 1) <= ns)
		t++;
	return t;
}
/* rtb_interval_ns - t1 - t0 in ns, or -1 when t1 is before t0: stamps of
 * two CPUs whose counters disagree, or a stale stamp. The caller counts it
 * invalid; a negative tick difference is never wrapped into a huge
 * unsigned value and kept as a sample. */
static inline int64_t rtb_interval_ns(const struct rtb_clock_info *ci, uint64_t t0, uint64_t t1)
{
	if ((int64_t)(t1 - t0) < 0)
		return -1;
	return rtb_ticks_to_ns(ci, t1 - t0);
}

/* rtb_inject_due - the selftest's known delay (ticks) for the sample about
 * to be recorded in m: half the samples get it (rtb_pick_delayed of index
 * m->count), so baseline and injected samples lie side by side and a
 * drifting host moves both alike; 0 outside selftest. Call it BEFORE the
 * first stamp of the sample: its loads (options, clock, count) stay out
 * of the measured window. */
static inline uint64_t rtb_inject_due(const struct rtb_ctx *c, const struct rtb_metric *m)
{
	if (c->o->selftest.inject_ns > 0 && m && rtb_pick_delayed(m->count))
		return rtb_ns_to_ticks(c->clk, c->o->selftest.inject_ns);
	return 0;
}
/* rtb_inject_pre - the selftest's delay for a BASELINE sample (one
 * rtb_pick_delayed does not delay), to spin outside the window (before its
 * first stamp; after its stamp where the window opens at a timer's
 * expiry, src/bench/irq.c): the baseline sample then lasts as long as an
 * injected one and the halves differ only in where the window lies. For a
 * wake-up on another CPU the cost depends on how long the waiter's CPU
 * has been idle or running something else (a VM's halted vCPU, a busy
 * neighbour): without it the injected half waited longer and moved by the
 * delay plus that difference (3.5 us for 5 beside a half-busy CPU). 0
 * outside selftest. */
static inline uint64_t rtb_inject_pre(const struct rtb_ctx *c, const struct rtb_metric *m)
{
	if (c->o->selftest.inject_ns > 0 && m && !rtb_pick_delayed(m->count))
		return rtb_ns_to_ticks(c->clk, c->o->selftest.inject_ns);
	return 0;
}
/* rtb_inject_spin - inside the window: spin d ticks. In a real run d is 0
 * and this is one test of a register, no load, no call. A port whose time
 * is counted in instructions (a board under QEMU -icount) defines
 * rtb_port_spin_ticks: exactly d ticks' worth of instructions, so the
 * selftest's shift is exact there instead of rounded to a counter poll. */
static inline void rtb_inject_spin(uint64_t d)
{
	if (__builtin_expect(d != 0, 0)) {
#ifdef rtb_port_spin_ticks
		rtb_port_spin_ticks(d);
#else
		rtb_spin_until(rtb_port_ticks() + d);
#endif
	}
}

/* rtb_duty - keeps a continuous real-time loop within what the OS lets a
 * real-time task run uninterrupted (Linux: the RT throttling budget, 95%
 * of each second by default): after RTB_PORT_DUTY_RUN_NS of running it
 * calls the port's rtb_port_duty_rest() (Linux: a 10 ms sleep). A port
 * without such a limit defines RTB_PORT_DUTY_RUN_NS 0 and the check is
 * compiled out. Call it only between samples, never inside a measured
 * interval. */
struct rtb_duty { int64_t since_ns; };
static inline void rtb_duty_start(struct rtb_duty *d)
{
	d->since_ns = rtb_port_mono_ns();
}
static inline void rtb_duty_check(struct rtb_duty *d)
{
	if (RTB_PORT_DUTY_RUN_NS <= 0)
		return;
	int64_t now = rtb_port_mono_ns();
	if (now - d->since_ns > RTB_PORT_DUTY_RUN_NS) {
		rtb_port_duty_rest();
		d->since_ns = rtb_port_mono_ns();
	}
}

/* rtb_knob_change - change a system knob for this benchmark (journaled;
 * rtb_knob_restore or the end of the run puts it back). */
int rtb_knob_change(struct rtb_ctx *c, enum rtb_knob k, long v);
int rtb_knob_restore(struct rtb_ctx *c, enum rtb_knob k);

/* rtb_busy_ns - busy for ns of the caller's own running time: a spin on
 * the counter that does not count gaps longer than RTB_GAP_NS (the task was
 * preempted or interrupted). Unlike a wall-time spin it takes longer when
 * preempted, as a real critical section or load does; unlike a calibrated
 * loop count its length does not depend on how fast a shared core runs. */
#define RTB_GAP_NS 1000
void rtb_busy_ns(const struct rtb_ctx *c, int64_t ns);

/* rtb_batched - a figure for an operation shorter than the clock can
 * resolve (uncontended take/give/lock sit at the counter's floor): time
 * RTB_BATCHES batches of K back-to-back calls of op(arg) between two
 * stamps, K chosen so one batch spans at least 100 times the clock's
 * granularity (the smallest non-zero difference of two stamps, at least
 * one tick), and add to m the extras batched_k, batched_per_op_ns (mean
 * per call over batches), batched_per_op_sd_ns (its spread over batches)
 * and batched_per_op_p50_ns; `what` says what one call is. Runs on the
 * calling thread; never inside another measurement. */
#define RTB_BATCHES 200
int rtb_batched(struct rtb_ctx *c, struct rtb_metric *m, void (*op)(void *), void *arg,
		const char *what);

/* rtb_measure_metric - rtb_metric_new for benchmark b (its study table),
 * with room for capacity samples; NULL (and a message) if out of memory. */
struct rtb_metric *rtb_measure_metric(struct rtb_ctx *c, const struct rtb_bench *b,
				      const char *id, const char *title, size_t capacity);
/* rtb_marks_new - when this pass is traced, room for m's per-sample
 * trace marks (m->tm, allocated and touched here, before the loop); NULL
 * when not tracing (benchmarks then keep no marks). Keep a mark only
 * outside the measured interval: after its end stamp. */
struct rtb_trace_marks *rtb_marks_new(struct rtb_ctx *c, struct rtb_metric *m,
				      enum rtb_trace_kind kind);
/* rtb_marks_put - sample i's absolute start and end (trace clock), for
 * the whole-pass path (a streaming tm takes rtb_marks_put_ns). */
static inline void rtb_marks_put(struct rtb_trace_marks *tm, size_t i, uint64_t start, uint64_t end)
{
	if (tm && !tm->ring && i < tm->capacity) {
		tm->start[i] = start;
		tm->end[i] = end;
	}
}

/* rtb_marks_put_ns - sample i's marks with its value and (a timer's)
 * programmed expiry: into the streaming ring or the whole pass's arrays. */
static inline void rtb_marks_put_ns(struct rtb_trace_marks *tm, size_t i, uint64_t start, uint64_t end,
				    int64_t expiry_ns, int64_t ns)
{
	if (!tm)
		return;
	if (tm->ring) {
		rtb_tmark_push(tm, start, end, expiry_ns, ns);
		return;
	}
	if (i < tm->capacity) {
		tm->start[i] = start;
		tm->end[i] = end;
		tm->expiry_ns[i] = expiry_ns;
	}
}

/* rtb_record_span - rtb_metric_record of the interval t0 -> t1 (ticks) as
 * sample k of metric m (k == 0: the cold one), and, in a traced pass, the
 * sample's marks (t0, t1). A t1 before t0 is counted invalid. */
static inline int rtb_record_span(const struct rtb_ctx *c, struct rtb_metric *m, uint64_t k,
				  uint64_t t0, uint64_t t1)
{
	int64_t ns = rtb_interval_ns(c->clk, t0, t1);
	int rc = rtb_metric_record(m, k, ns);

	if (!rc && k && m->tm)
		rtb_marks_put_ns(m->tm, m->count - 1, t0, t1, 0, ns);
	return rc;
}

/* rtb_measure_metric_end - finish a metric: statistics, and partial status
 * (with the reason in its note) when it holds fewer samples than asked. */
void rtb_measure_metric_end(struct rtb_ctx *c, struct rtb_metric *m, int64_t elapsed_ns);

#endif
