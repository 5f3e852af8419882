/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - a run's options (struct rtb_opts) and the context the runner
 * hands each measurement and each of its helpers (struct rtb_ctx): data
 * only, in the model so the bench API, the trace room and the runner read
 * the same context without reaching each other. */
#ifndef RTBENCH_CTX_H
#define RTBENCH_CTX_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "rtbench/emulation.h"
#include "rtbench/longopt.h"
#include "rtbench/platform.h"
#include "rtbench/port_bench.h" /* rtb_thread_t, enum rtb_knob */
#include "rtbench/result.h"

#define RTB_MAX_DELAYS 8

struct rtb_tracer; /* rtbench/tracer.h */
struct rtb_kagg_ops; /* rtbench/kagg.h */

/* The parts of a run's options that one mode or one service reads (the
 * common ones stay in struct rtb_opts itself, as rtla's common_params
 * beside each tool's own). */

/* rtb_time_opts - run --duration: measuring for a time (run/drv_time.c) */
struct rtb_time_opts {
	int64_t duration_ns;    /* run --duration: measure for this long (0: by count) */
	int64_t interval_ns;    /* run --interval: the long run's interval */
	int interval_grown;     /* the default interval grown (RTB_MAX_INTERVALS) */
	int status_tty;         /* the status line may refresh in place */
};

/* rtb_cpus_opts - run --cpus: the CPUs that measure at once (run/drv_cpus.c,
 * and a run for a time) */
struct rtb_cpus_opts {
	int n;                  /* how many (0: one, --cpu) */
	unsigned short list[RTB_MAX_CPUS]; /* and which, ascending */
};

/* rtb_trace_opts - run --trace: the OS's event trace beside the figures */
struct rtb_trace_opts {
	int on;                 /* --trace: record the OS's event trace */
	const char *events;     /* --trace-events PREFIX: write them, per bench */
	struct rtb_cpuset explain; /* --trace-cpus LIST: a run on several CPUs
				 * explains only these (explain_given) */
	int explain_given;
	const char *dat;        /* --trace-dat PREFIX: the worst samples' events as
				 * trace.dat and Trace Event JSON, per bench */
	/* the second analyzer the entry hands in (rtbench/tracer.h): --trace
	 * goes through it; NULL: a build without tracing (FreeRTOS, TRACE=0),
	 * --trace then says so and the run goes on untraced */
	const struct rtb_tracer *tracer;
	int bpf;                /* --trace-bpf: aggregate in the kernel */
	/* ... through the port's aggregation the entry hands in
	 * (rtbench/kagg.h); NULL: a build without BPF */
	const struct rtb_kagg_ops *kagg;
};

/* rtb_load_opts - --load, --load-cmd: the background load (run/load.c) */
struct rtb_load_opts {
	int cpu;                /* --load cpu: built-in background load */
	const char *cmd;        /* --load-cmd: a command run as the load */
	const char *name;       /* --load hackbench|kcompile: the named load cmd
				 * runs, as said in the result */
	int may_exit;           /* --load-may-exit: a load ending early is no failure */
};

/* rtb_selftest_opts - selftest: the known delays it injects */
struct rtb_selftest_opts {
	int64_t inject_ns;      /* a known delay inside every measured path */
	int64_t delays_ns[RTB_MAX_DELAYS]; /* the delays to inject, in turn */
	int ndelays;
	/* tune's test-only knob (RTB_TUNE_TEST_DELAY, docs/tuning.md): a busy
	 * delay in EVERY sample of irq.timer.nanosleep, inside the measured
	 * window (inside 1) or just after it (0: the same CPU time, outside) */
	int64_t test_delay_ns;
	int test_delay_inside;
};

/* rtb_opts - the configuration a run starts from (rtb_run): run-wide
 * settings only; a benchmark's own knobs live with it (struct
 * rtb_bench_opt, rtbench/bench.h). The POSIX entry fills it from argv; a
 * port without a command line fills it in code. The common settings
 * first, then each mode's and service's own part. */
struct rtb_opts {
	int samples;            /* -1: each benchmark's default */
	int rounds;             /* rounds per measurement (>= 1) */
	const char *tests;      /* comma list of id prefixes; NULL: all */
	const char *label;
	int quiet;
	int64_t period_ns;      /* -i/--period-us, cyclictest's interval: the
				 * timer period of every periodic kind (irq.*,
				 * isr_to_task, deadline, preempt), the long
				 * runner's sizing and settings.period_ns: run-
				 * wide, not one benchmark's knob */
	int64_t deadline_ns;    /* 0: none */
	/* run --count-over-us: more thresholds a histogram-mode metric counts
	 * exactly in its record step (rtbench/hmetric.h), beside the deadline */
	int64_t count_over_ns[RTB_HM_MAX_THR - 1];
	int ncount_over;
	int hist_lin_us;        /* run --histogram / -h US: a histogram-mode metric
				 * also counts 1 us bins up to this (0: none) */
	int64_t break_ns;       /* --break-us: stop at the first sample above (0: off) */
	int break_fails;        /* -T/--stop-us: that stop fails the run (exit 1) */
	int cpu;                /* measurement CPU; -1: pick */
	int prio;               /* base real-time priority */
	int rt;                 /* 0 with --no-rt */
	int mlock;              /* lock memory */
	int idle_latency_us;    /* -1: do not hold /dev/cpu_dma_latency */
	int64_t lock_wait_ns;   /* wait for another run's settings lock; 0: refuse */
	struct rtb_emulation emulation; /* --emulation; .present 0: none */
	struct rtb_time_opts time;
	struct rtb_cpus_opts cpus;
	struct rtb_trace_opts trace;
	struct rtb_load_opts load;
	struct rtb_selftest_opts selftest;
};

struct rtb_ctx;
struct rtb_bench;

/* struct rtb_mode - a measuring mode as the runner runs it (by count, or
 * for a time), and the runner's services a benchmark's helpers use
 * (src/bench_api/bench_util.c): one table per mode, in its driver's file
 * (src/run/drv_*.c), handed in rtb_ctx.mode. The helpers test no mode
 * flag and call no runner function but through it. */
struct rtb_mode {
	const char *name;        /* "count", "count-cpus", "duration" */
	/* 1: a measurement runs until the context's stop flag (rtb_measure_for_ns
	 * says INT64_MAX); the runner made its one metric (metric), arms the
	 * watchdog for the whole run and finishes the metrics; threads take
	 * the port's own stacks (two a CPU up to every CPU) */
	int until_stopped;
	/* the whole run's samples of b (all rounds) */
	size_t (*samples_total)(const struct rtb_ctx *c, const struct rtb_bench *b);
	/* the metric the runner made for b (a run on several CPUs or for a
	 * time), which the runner also finishes (rtb_measure_metric_end leaves
	 * it); NULL: the bench API makes one of its own */
	struct rtb_metric *(*metric)(struct rtb_ctx *c, const struct rtb_bench *b, const char *id,
				     const char *title);
	/* the current phase must end within ns (NULL: the mode arms it) */
	void (*watchdog_arm)(int64_t ns);
	/* a measuring thread of context c started (rtb_spawn returned: it
	 * runs): the watchdog knows it; a run on several CPUs or for a time
	 * also takes the first one's time as when c's CPU began measuring */
	void (*thread_started)(struct rtb_ctx *c, rtb_thread_t *t);
	/* a system knob changed and put back, journaled (the run restores
	 * what is left at its end); 0 or an rtb_err */
	int (*knob_set)(enum rtb_knob k, long v);
	int (*knob_restore)(enum rtb_knob k);
	/* a traced pass read while it runs (streamed): m's marks, a ring the
	 * reader empties (*streamed 1; NULL: no room for m); *streamed 0: the
	 * pass is kept whole, the bench API allocates the marks */
	struct rtb_trace_marks *(*stream_marks)(struct rtb_ctx *c, struct rtb_metric *m,
						enum rtb_trace_kind kind, int *streamed);
};

struct rtb_ctx {
	const struct rtb_opts *o;
	struct rtb_result *res;
	const struct rtb_clock_info *clk;
	int rt;                 /* 1: real-time scheduling granted */
	int mlocked;            /* 1: the run's memory is locked */
	int cpu;                /* resolved measurement CPU */
	int other_cpu;          /* a second CPU, -1 if there is none */
	atomic_int *stop;       /* set by Ctrl-C or the watchdog */
	int round, nrounds;     /* this bench's round (0-based) of nrounds;
				 * nrounds 0: not in rounds (selftest) */
	int trace_ready;        /* --trace and the tracer opened */
	int tracing;            /* this pass is traced: keep per-sample marks */
	struct rtb_long_cpu *lc; /* run --duration: this CPU's share of the long
				  * run (run/long.h); NULL otherwise */
	struct rtb_break *brk;  /* the run's --break-us record (the runner's) */
	const struct rtb_mode *mode; /* how the runner runs this measurement */
	const struct rtb_tracer *tracer; /* with --trace, o->tracer; else NULL */
};

/* rtb_ctx_break - the --break-us record a new metric of this pass watches,
 * or NULL: off, already hit, or an untraced pass of a traced run (the
 * break is taken where its events are recorded). */
static inline struct rtb_break *rtb_ctx_break(const struct rtb_ctx *c)
{
	if (!c->brk || c->brk->ns <= 0 || c->brk->hit || (c->trace_ready && !c->tracing))
		return NULL;
	return c->brk;
}

static inline int rtb_stopped(const struct rtb_ctx *c)
{
	return atomic_load_explicit(c->stop, memory_order_relaxed);
}

#endif
