/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the result model every writer reads.
 *
 * One rtb_result per run: the system fingerprint, the settings the run used
 * and was granted, and one rtb_metric per reported figure. Benchmarks fill
 * metrics; writers (text, JSON, CSV, raw) only read them. */
#ifndef RTBENCH_RESULT_H
#define RTBENCH_RESULT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "rtbench/cpuset.h"
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "rtbench/hist.h"
#include "rtbench/hmetric.h"
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"
#include "rtbench/platform.h"
#include "rtbench/trace_model.h"
#include "rtbench/selfcost.h"

#define RTB_SCHEMA "rtbench-result"
#define RTB_SCHEMA_VERSION 3
/* Storage is sized at build time; a port or board overrides these with -D
 * (a small target: fewer metrics, a coarser histogram). The footprint a
 * run used is in its result (struct rtb_footprint). */
/* The metric table: every CPU of an every-CPU run its metric, and, traced,
 * its trace components (RTB_TRACE_MAX_COMP and the difference), for
 * RTB_MAX_CPUS CPUs, beside the aggregates and a one-CPU suite's metrics
 * (RTB_MAX_BASE_METRICS). Only the table is fixed (a pointer a metric:
 * 17 KiB at 256 CPUs); each metric is allocated as the run makes it
 * (rtb_metric_new), so a run holds what its CPUs and measurements need,
 * and its footprint says so. */
#ifndef RTB_MAX_BASE_METRICS
#define RTB_MAX_BASE_METRICS 128
#endif
#ifndef RTB_MAX_METRICS
#define RTB_MAX_METRICS (RTB_MAX_CPUS * (RTB_TRACE_MAX_COMP + 2) + RTB_MAX_BASE_METRICS)
#endif
#ifndef RTB_MAX_EXTRAS
#define RTB_MAX_EXTRAS 16
#endif
#define RTB_MAX_WARNINGS 16
/* Rounds: every measurement runs in rounds, interleaved across measurements
 * by the runner (the run, not the sample, is the unit of replication). */
#define RTB_MAX_ROUNDS 32
#define RTB_DEFAULT_ROUNDS 5
/* Histogram layout shared by every metric: 1 ns exact up to 128 ns, then
 * 64 buckets per power of two (<= 1.6% wide), up to 2^36 ns (~69 s). */
#ifndef RTB_HIST_SUB_BITS
#define RTB_HIST_SUB_BITS 7
#endif
#ifndef RTB_HIST_TOP_BIT
#define RTB_HIST_TOP_BIT 36
#endif
/* buckets of that layout (rtb_hist_buckets): 1984 counters, 15.5 KiB */
#define RTB_HIST_NBUCKETS ((1u << RTB_HIST_SUB_BITS) + \
	(RTB_HIST_TOP_BIT - RTB_HIST_SUB_BITS) * (1u << (RTB_HIST_SUB_BITS - 1)))

/* What a run held in memory (bytes), reported in its result: the core's
 * allocations at their peak (metrics with their histograms, samples,
 * scratch), the static thread stack pool, and one metric's size. */
struct rtb_footprint {
	uint64_t heap_peak_bytes;
	uint64_t stack_pool_bytes;
	uint32_t stacks, stack_bytes;
	uint64_t metric_bytes;
};

enum rtb_metric_status {
	RTB_STATUS_OK = 0,      /* measured as asked */
	RTB_STATUS_PARTIAL,     /* stopped early (Ctrl-C, watchdog): fewer samples */
	RTB_STATUS_SKIPPED,     /* not measurable here; `note` says why */
	RTB_STATUS_FAILED,      /* an error; `note` says which */
};
const char *rtb_status_name(enum rtb_metric_status s);

/* A named scalar a metric adds to its distribution (a setting it used or a
 * derived figure), e.g. {"load_us", 200, "us"}. */
struct rtb_extra {
	char name[32];
	double value;
	char unit[12];
};

/* One round of a metric: its own statistics (filled when merged). */
struct rtb_round {
	uint64_t count;
	int64_t p50_ns, p99_ns;
	double mean_ns;
};

/* Between-round spread of a figure: the lowest and highest round value. */
struct rtb_spread {
	int64_t lo_ns, hi_ns;
};

/* --break-us: the first sample above `ns` stops the run, like cyclictest
 * -b; which one it was. The runner keeps the run's one record (run/
 * run_setup.c, rtb_ctx.brk) and arms it; a metric watching it (rtb_metric.brk)
 * reports a crossing through rtb_metric_break_hit, which only stores and sets the
 * record's stop flag. */
#define RTB_BREAK_FRAMES 16
#define RTB_BREAK_FRAME_LEN 64
/* rtb_break_words - how the stop threshold was asked, for the line that
 * names it: "--stop-us" (-T: the run fails) or "--break-us" (-b). */
#define rtb_break_words(b) ((b)->fails ? "--stop-us" : "--break-us")
#define rtb_break_like(b) ((b)->fails ? "like rtla -T; the run fails" : "like cyclictest -b")

struct rtb_break {
	int64_t ns;             /* the threshold; 0: off */
	int fails;              /* 1: -T/--stop-us (rtla's -T: stop and fail),
				 * 0: -b/--break-us (cyclictest's -b) */
	atomic_int *stop;       /* set by the first crossing: the run's stop flag */
	atomic_int taken;       /* the first crossing has claimed the record */
	int hit;
	char id[64];            /* the metric whose sample crossed it */
	int64_t sample_ns;
	size_t index;           /* its slot in that pass's metric */
	/* with --trace: the window of events around it, written beside the
	 * result (trace/trace_break.c); "" when none was written */
	char evidence[512];
	uint32_t evidence_events;
	int evidence_cpu;
	/* with --trace: the kernel stack of the task its CPU left for the
	 * measured task at the sample's end (the blocker after the wake-up;
	 * trace/trace_break.c), innermost first, the tracing and __schedule
	 * frames left out; stack_kept 0: none, stack_note says why */
	int stack_kept;
	int nstack;
	int stack_pid, stack_prio;
	char stack_comm[16];
	char stack_note[128];
	char stack[RTB_BREAK_FRAMES][RTB_BREAK_FRAME_LEN];
};
/* Events kept around the sample over --break-us (trace/trace_break.c). */
#ifndef RTB_BREAK_EVENTS
#define RTB_BREAK_EVENTS 4096
#endif
/* One of a metric's worst samples, explained from the trace around it:
 * its components (the matcher's, where matched) and what held its CPU. */
#ifndef RTB_WORST_N
#define RTB_WORST_N 5
#endif
struct rtb_worst {
	size_t index;           /* sample index in the metric's samples */
	int64_t sample_ns;
	uint8_t broke;          /* the sample that crossed --break-us */
	uint8_t matched;        /* comp_ns valid */
	uint8_t partial;        /* streaming: some of its events had left the
				 * window (or the slot) before it was explained */
	int64_t comp_ns[RTB_TRACE_MAX_COMP];
	struct rtb_explain x;
	char line[400];         /* the largest contributors in one line */
};

/* What the kernel's event trace said about a metric's samples (run --trace;
 * see rtbench/trace.h and docs/measurements.md). */
struct rtb_trace_disagreement {
	size_t index;           /* sample index in the metric's samples */
	uint8_t why;            /* enum rtb_trace_why */
	int64_t diff_ns;        /* rtbench minus trace, where events were found */
};
/* One of the successive new maxima of the streaming path: when (from the
 * start of the traced measurement) and the sample explained. */
struct rtb_tmax {
	int64_t t_ns;
	struct rtb_worst w;
};
struct rtb_metric_trace {
	enum rtb_trace_kind kind;
	char clock[16];         /* trace clock ("x86-tsc", "mono") */
	int64_t tolerance_ns;   /* agreement tolerance */
	size_t samples, matched, agree;
	double agreement;       /* agree / rtb_metric_trace_compared(): of the
				 * samples compared, never of skipped ones */
	uint64_t lost_events;   /* events the OS dropped (buffer full) */
	struct rtb_trace_disagreement *dis; /* every disagreeing sample */
	size_t ndis;
	char components[RTB_TRACE_MAX_COMP][64]; /* ids of the component metrics */
	int ncomp;
	char diff_id[64];       /* id of the rtbench-minus-trace metric */
	uint64_t boosted, not_boosted; /* PI trials (kind RTB_TRACE_PI) */
	uint64_t preempted;     /* PI trials with the holder preempted */
	/* the cost of watching: the same measurement untraced, half as many
	 * samples just before and half just after each traced run (each
	 * round), pooled */
	int untraced_passes;
	int64_t *untraced;      /* the untraced samples */
	size_t nuntraced;
	int64_t untraced_p50_ns, untraced_p99_ns;
	/* the worst samples explained (trace/trace_explain.c): the largest
	 * (and the one over --break-us), largest first; bounded */
	struct rtb_worst *worst;
	int nworst;
	/* the streaming path (rtbench/trace_stream.h; NULL on the whole-pass
	 * path): the last successive new maxima, with their time */
	struct rtb_tmax *maxima;
	int nmax;
	uint64_t nmax_total;    /* new maxima seen in all (the first dropped) */
	int streamed;           /* 1: read while it ran, in bounded memory */
	uint64_t ndis_total;    /* disagreements counted (dis keeps the first) */
	uint64_t incomplete;    /* samples whose events had left the window */
	uint64_t marks_lost;    /* samples the reader never saw (ring full) */
	uint64_t below_floor;   /* samples not handed to the reader: it was
				 * behind and they could not enter the worst */
	uint64_t skipped;       /* samples seen whose events the reader passed
				 * over unparsed (behind; not candidates) */
	uint64_t explained;     /* samples explained along the way */
};

/* rtb_metric_trace_compared - the samples t compared with the trace (matched or
 * tried): the samples seen less the ones whose events were passed over
 * unparsed (skipped). agreement's denominator; the text and JSON say it. */
static inline size_t rtb_metric_trace_compared(const struct rtb_metric_trace *t)
{
	return t->samples > t->skipped ? t->samples - (size_t)t->skipped : 0;
}

/* A benchmark's answer about what it measured (sync.prio_inv: is the
 * blocking bounded?), generic: any benchmark may give one, the writers
 * show it whatever the benchmark (JSON "verdict": {"value", "reason"},
 * the text line under the table), the host side reads it back. */
struct rtb_metric_verdict {
	char value[24];         /* one lowercase word the benchmark defines
				 * ("bounded", "unbounded", "inconclusive"); "" none */
	char reason[200];       /* what the value rests on, one line */
};

/* RTB_GROUP_SUITES - a metric group (rtb_metric.group, bench.h's
 * rtb_bench.group): the patterns the other suites measure (rt-tests,
 * Thread-Metric, Zephyr latency_measure, rtos-benchmark), a table of their
 * own after the study's tables and the further measurements. */
#define RTB_GROUP_SUITES "Patterns from other suites"

struct rtb_metric {
	char id[64];            /* stable dotted id: "ipc.mqueue.wakeup" */
	char title[80];         /* "Message-queue latency" */
	const char *study_table;/* "Table 5" when the study has it, else NULL */
	const char *group;      /* a table of its own after the study's (bench.h
				 * RTB_GROUP_SUITES), else NULL */
	char method[320];       /* how measured: what the figure includes */
	char note[320];         /* what weakened it, why skipped; "" if nothing */
	struct rtb_metric_verdict verdict; /* the benchmark's answer, if it gives one */
	enum rtb_metric_status status;

	/* samples, ns, in the order measured; capacity fixed before the loop */
	int64_t *samples;
	/* run --raw: each sample's counter reading when it was recorded
	 * (rtb_sample_clock), for its time since the run's start; NULL else */
	uint64_t *t_ticks;
	size_t count, capacity;
	/* histogram mode (rtbench/hmetric.h; NULL: every sample kept): samples
	 * is NULL, count is the samples recorded, capacity the count to stop
	 * at (SIZE_MAX: none, a --duration run), hist the cumulative histogram */
	struct rtb_hm *hm;

	uint64_t invalid;       /* samples discarded, with the reason in note */
	uint64_t overruns;      /* timer expiries the OS merged (overrun count) */
	uint64_t missed;        /* periods that produced no sample */
	uint64_t over_deadline; /* samples > deadline_ns (if deadline_ns > 0) */
	int64_t deadline_ns;
	int64_t first_ns;       /* the first (cold) sample; not in samples */
	int has_first;
	int err;                /* rtb_metric_error: 0, or why it was not
				 * measured (the runner makes the status) */

	struct rtb_extra extra[RTB_MAX_EXTRAS];
	int nextra;

	/* per-round statistics, in the order the rounds ran */
	struct rtb_round rounds[RTB_MAX_ROUNDS];
	int nrounds;

	/* filled by rtb_metric_finish */
	struct rtb_stats stats;
	struct rtb_spread p50_spread, p99_spread; /* over rounds (nrounds >= 2) */
	struct rtb_hist hist;
	uint64_t hist_store[RTB_HIST_NBUCKETS];
	int64_t elapsed_ns;     /* wall time the measurement took */

	/* run --trace only (NULL otherwise): the per-sample marks the
	 * benchmark keeps, and what the trace said */
	struct rtb_trace_marks *tm;
	struct rtb_metric_trace *trace;
	char trace_parent[64];  /* a component metric: the metric it decomposes */
	struct rtb_break *brk;  /* run --break-us: the run's threshold (NULL: off) */
};

/* rtb_trace_choice - which CPUs a traced measurement on several CPUs
 * explained and who chose them: the cost model (docs/scale.md: the reader
 * keeps up with N_max = U * C / r CPUs) or --trace-cpus; the model's
 * figures, and this run's own once it ended (0: none) */
#ifndef RTB_MAX_TRACE_CHOICES
#define RTB_MAX_TRACE_CHOICES 24 /* a firmware that traces nothing sets 1 */
#endif
struct rtb_trace_choice {
	char id[64];
	char by[8];              /* "model" or "option" (--trace-cpus LIST) */
	char explained[96];      /* the CPUs explained ("" : none) */
	int ncpus, n_max;        /* CPUs measured; the model's N_max (-1: no figures) */
	double events_per_cpu_s; /* r: the model's events a CPU makes a second */
	double reader_events_s;  /* C: events the reader parses a second of its CPU */
	double share;            /* U: the housekeeping CPU's share it may take */
	char from[96];           /* where C came from */
	double run_events_per_cpu_s, run_reader_events_s; /* this run's r, C */
	int run_n_max;           /* U * C / r from them (-1: not known) */
	uint64_t run_lost;       /* events the kernel dropped in this pass */
	/* the reader's totals and the clock when the pass began (private) */
	uint64_t at_events, at_skipped, at_cpu_ns;
	int64_t at_ns;
	int nexplained;
};

struct rtb_settings {
	char label[64];
	char command_line[512];
	char date_utc[32];      /* ISO 8601 */
	char rtbench_version[32];
	int samples;            /* -1: each measurement's default */
	int64_t period_ns;
	int64_t deadline_ns;
	int cpu;                /* CPU the single-CPU measurements ran on */
	int prio;               /* base real-time priority asked */
	int measuring_prio;     /* the native priority the timer measurement's
				 * thread runs at (RTB_PRIO_HIGH: base + 2 on
				 * POSIX), cyclictest's -p; 0 before set-up */
	int rt_requested;       /* 0 with --no-rt */
	int rt_granted;         /* 1 if the OS granted real-time scheduling */
	int mlocked;
	int idle_latency_held_us; /* -1 not held */
	long rr_timeslice_ms_used;   /* -1 unchanged */
	int64_t rr_interval_ns;      /* quantum the OS reported during the run */
	long rt_runtime_us_used;     /* -2 unchanged */
	/* system-management interrupts every CPU counted during the run
	 * (rtb_port_smi_count: x86 MSR_SMI_COUNT): smi_read 1 with smi_count,
	 * -1 not readable (smi_note says why), 0 not asked */
	int smi_read;
	uint64_t smi_start, smi_count;
	char smi_note[200];
	/* run --duration --raw FILE: every sample streamed to FILE (run/raw.c;
	 * on 0: not asked); what it holds so far, and what it could not */
	struct rtb_raw_info {
		int on;
		char file[256];
		uint64_t samples;       /* written to the file */
		uint64_t lost;          /* counted lost (the ring was full), said in it */
		uint64_t unwritten;     /* taken from the rings after a write failed */
		uint64_t bytes;         /* the file's size */
		char error[160];        /* the write that failed ("": none) */
	} raw;
	char load[160];         /* "idle" or the load description */
	int load_failed;        /* the load ended before rtbench ended it (without
				 * --load-may-exit): not the run planned */
	int stopped_early;      /* Ctrl-C or watchdog */
	int final;              /* 1 only in the file written at the very end */
	int benches_planned, benches_done; /* benchmarks selected / all rounds measured */
	int rounds_planned, rounds_done;   /* bench-rounds planned / measured */
	int rounds;             /* rounds each measurement ran in (at most) */
	int trace_requested;    /* run --trace */
	int traced;             /* 1: the kernel's trace was recorded */
	char trace_note[200];   /* why not, when requested and not traced */
	/* a traced run on several CPUs that explained only some (--trace-cpus,
	 * CPUs past the reader's 64): which, which not, why ("" : all) */
	char trace_explained[160], trace_unexplained[160], trace_unexplained_why[200];
	/* each traced measurement on several CPUs: who chose the CPUs it
	 * explained and the cost model's figures (run/run_trace.c) */
	struct rtb_trace_choice trace_choice[RTB_MAX_TRACE_CHOICES];
	int ntrace_choice, trace_choice_over; /* listed; and past the list */
	struct rtb_break brk;   /* --break-us, and the sample that stopped the run */
	/* run --duration (run/long.c); duration_ns 0: a run by count */
	int64_t duration_ns, interval_ns; /* planned per measurement, interval */
	int interval_grown;     /* the default interval grown so the run keeps at
				 * most RTB_MAX_INTERVALS (rtbench/longopt.h) */
	int64_t measured_ns;    /* time actually measured (all measurements) */
	char ended[16];         /* "duration", "signal", "watchdog", "running" */
	int end_signal;         /* the signal that ended it (0: none) */
	char cpus[160];         /* the measuring CPUs, as a list ("0-1") */
	int ncpus_measured;     /* CPUs listed, each given a measuring thread */
	/* run --duration on several CPUs: those whose measuring thread began
	 * after the stop in some measurement (not measured there), and those
	 * that measured less than half of one ("" none; run/long_cover.c) */
	char cpus_not_measured[160], cpus_late[160];
	int housekeeping_cpu;   /* where main, watchdog and writer ran; -1: no
				 * CPU was left, they shared the measured ones */
	int status_tty;         /* the live status line refreshed in place */
};

/* Do two CPUs' counters agree? (run/xcpu.c: ping-pong at start) */
struct rtb_xcpu {
	int measured;           /* 0: one CPU, or not measured */
	int cpu_a, cpu_b;
	int64_t offset_ns;      /* B's counter minus A's, estimate */
	int64_t rtt_ns;         /* the shortest round trip: the estimate is +- half */
	uint64_t rounds, violations; /* rounds where B's stamp fell outside A's pair */
	int err;                /* why it was not measured (rtb_err), 0 if it was */
	int clocksource_warn;   /* the kernel's clocksource is not the TSC rtbench reads */
};

struct rtb_kagg; /* rtbench/kagg.h */

struct rtb_result {
	struct rtb_fingerprint fp;
	struct rtb_clock_info clock;
	int64_t clock_read_ns;      /* measured cost of one timestamp (median) */
	int64_t clock_bare_read_ns; /* bare counter read in a tight loop */
	int64_t loop_overhead_ns;   /* empty measurement loop: two stamps, no op */
	struct rtb_xcpu xcpu;       /* counter agreement of the two CPUs used */
	struct rtb_settings set;
	char warnings[RTB_MAX_WARNINGS][200]; /* what weakens every figure */
	int nwarnings;
	struct rtb_metric *metrics[RTB_MAX_METRICS];
	int nmetrics;
	struct rtb_footprint mem;   /* filled before each write (all 0: unknown) */
	struct rtb_self_cost self;  /* what rtbench itself cost, filled before
	                             * each write (known 0: not written) */
	struct rtb_doctor doctor;   /* what in the system weakens latency on the
	                             * measured CPUs (rtbench doctor; done 0: not run) */
	/* run --raw: samples keep their time (rtb_metric_new allocates
	 * t_ticks), counted from t0_ticks, the run's start */
	int keep_times;
	uint64_t t0_ticks;
	const struct rtb_kagg *kagg; /* run --trace-bpf (rtbench/kagg.h); NULL: not asked */
};

/* rtb_metric_has_stats - m measured something: ok or partial, with samples
 * (kept, or in its histogram). Every writer gives the others count 0 and
 * no statistics, whatever their arrays hold (json-schema.md). */
static inline int rtb_metric_has_stats(const struct rtb_metric *m)
{
	return (m->status == RTB_STATUS_OK || m->status == RTB_STATUS_PARTIAL) && m->count > 0 &&
	       (m->samples || m->hm);
}

/* rtb_result_complete - 1 only for the result of a whole run, at its very
 * end: final write, not stopped, every planned benchmark measured (and
 * something planned), under the load it asked for; a run for a time ended by its duration, not by a
 * signal, the watchdog or --break-us. */
static inline int rtb_result_complete(const struct rtb_result *r)
{
	return r->set.final && !r->set.stopped_early && !r->set.load_failed && r->set.benches_planned > 0 &&
	       r->set.benches_done == r->set.benches_planned &&
	       (!r->set.duration_ns || !strcmp(r->set.ended, "duration"));
}

/* rtb_fit_words - s (cap bytes) received n bytes of formatted text (what
 * vsnprintf returned): when they did not fit, cut at the last whole word
 * and end with "..." - notes and warnings never stop mid-word. */
void rtb_fit_words(char *s, size_t cap, int n);
/* rtb_result_warn - add a run-wide warning (printed and in JSON). */
void rtb_result_warn(struct rtb_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* rtb_metric_new - add a metric with room for `capacity` samples
 * (allocated and pre-faulted here, never in the measurement loop). */
int rtb_metric_new(struct rtb_result *r, const char *id, const char *title,
		   size_t capacity, struct rtb_metric **out);
/* rtb_metric_new_hm - a metric in histogram mode (rtbench/hmetric.h):
 * stop at `target` samples (0: when the run says), samples taken on cpu,
 * the thresholds it counts exactly (NULL: none), intervals on the
 * supervisor's epoch (NULL: none). */
int rtb_metric_new_hm(struct rtb_result *r, const char *id, const char *title,
		      size_t target, int cpu, const struct rtb_hm_thr *thr, const atomic_uint *epoch,
		      struct rtb_metric **out);
/* rtb_metric_keep_all - histogram-mode metric m also keeps a list of n
 * samples (and their times when times), allocated and touched now: run
 * --raw by count on several CPUs, where each CPU's metric is in histogram
 * mode (run/long.c). 0, RTB_EINVAL (m not in histogram mode, or n 0) or
 * RTB_ENOMEM; m unchanged on an error. */
int rtb_metric_keep_all(struct rtb_metric *m, size_t n, int times);
/* run --raw by count on several CPUs at once: at most this many samples
 * kept, all CPUs and metrics together (16 bytes each with its time: 64 MiB);
 * the run is refused above it, naming it. */
#ifndef RTB_RAW_MAX_SAMPLES
#define RTB_RAW_MAX_SAMPLES 4000000
#endif
/* Runs above this many samples per metric (all rounds) keep no sample
 * array: their metrics are in histogram mode. */
#ifndef RTB_HM_ABOVE_SAMPLES
#define RTB_HM_ABOVE_SAMPLES 1000000
#endif
/* rtb_metric_find - metric by id, or NULL. */
struct rtb_metric *rtb_metric_find(const struct rtb_result *r, const char *id);

/* rtb_metric_trace_add - the counters of trace summary s added into d
 * (samples, matched, agree, the PI counts, disagreements, incomplete, lost
 * marks, explained) and d's agreement recomputed: the one merge of them, for
 * a later round (trace/trace_run.c) and for the CPUs of a long run
 * (run/long_trace.c). Not lost_events: a count of the whole trace, which the
 * caller adds (rounds) or takes once (the CPUs share one trace). */
void rtb_metric_trace_add(struct rtb_metric_trace *d, const struct rtb_metric_trace *s);

/* rtb_metric_break_hit - sample slot i (ns) of m crossed --break-us (m->brk): the
 * first crossing of the run keeps it in the record and sets the record's
 * stop flag; later ones do nothing. Out of line: only when it happens; no
 * allocation, no system call (src/model/result.c). */
void rtb_metric_break_hit(struct rtb_metric *m, size_t i, int64_t ns);

/* rtb_sample_clock - the counter a sample's time is read from (run --raw
 * sets it to the port's counter and keeps times); NULL otherwise. */
extern uint64_t (*rtb_sample_clock)(void);

/* rtb_metric_store - THE place a sample enters a metric's storage: slot i
 * (i < capacity; the caller checked). Every record call ends here, so a
 * different storage (a fixed-memory histogram) changes this function and
 * no benchmark. Inline, no call, no allocation: it runs in the loop. */
static inline void rtb_metric_store(struct rtb_metric *m, size_t i, int64_t ns)
{
	if (__builtin_expect(m->brk && ns > m->brk->ns, 0))
		rtb_metric_break_hit(m, i, ns);
	if (m->hm) {
		rtb_hm_record(m->hm, ns); /* histogram mode (rtbench/hmetric.h) */
		if (__builtin_expect(!m->samples, 1))
			return; /* no list beside it (rtb_metric_keep_all: --raw) */
	}
	m->samples[i] = ns;
	if (m->t_ticks)
		m->t_ticks[i] = rtb_sample_clock(); /* run --raw only: after the sample's stamps */
}

/* rtb_metric_record - the one way a benchmark hands over a measured value
 * (ns) of metric m; k is the value's index in this measurement pass:
 *   - ns < 0 (an interval whose end stamp is before its start: two CPUs'
 *     counters disagree, a stale stamp): counted in m->invalid, never a
 *     sample; RTB_ERANGE.
 *   - k == 0: the pass's cold sample (first time through caches, page
 *     tables, the wake path): kept apart as m->first_ns, not in the
 *     distribution (the first one when several passes are merged); 0.
 *   - otherwise the next sample; RTB_ENOMEM once the metric is full.
 * Returns 0 or an rtb_err; the benchmark decides nothing from it but
 * whether to stop (full). The measurement loop's only bookkeeping. */
static inline int rtb_metric_record(struct rtb_metric *m, uint64_t k, int64_t ns)
{
	if (ns < 0) {
		m->invalid++;
		return RTB_ERANGE;
	}
	if (k == 0) {
		if (!m->has_first) {
			m->first_ns = ns;
			m->has_first = 1;
		}
		return 0;
	}
	if (m->count >= m->capacity)
		return RTB_ENOMEM;
	rtb_metric_store(m, m->count, ns);
	m->count++;
	return 0;
}
/* rtb_metric_record_slot - rtb_metric_record for a metric that two threads
 * fill at once (they preempt each other mid-record): the caller took slot
 * i with one atomic step, and sets m->count from its counter once every
 * writer is parked. The cold sample and invalid values go through
 * rtb_metric_record from one thread at a time. */
static inline int rtb_metric_record_slot(struct rtb_metric *m, size_t i, int64_t ns)
{
	if (ns < 0)
		return RTB_ERANGE;
	if (i >= m->capacity)
		return RTB_ENOMEM;
	rtb_metric_store(m, i, ns);
	return 0;
}
/* rtb_metric_span - ns more of the time metric m's samples were looked for
 * in (noise.gap: spin time), from the measuring thread between samples: a
 * long run's intervals then give their sum per second of it (span_ns in
 * the result). Nothing in a count run (no histogram mode). */
static inline void rtb_metric_span(struct rtb_metric *m, int64_t ns)
{
	if (m->hm) {
		m->hm->acc.span_ns += ns;
		m->hm->iacc.span_ns += ns;
	}
}
static inline int rtb_metric_full(const struct rtb_metric *m)
{
	return m->count >= m->capacity;
}

/* rtb_metric_error - metric m could not be measured (or not to the end):
 * err (an rtb_err) and what was being done ("cannot start the periodic
 * timer"). The benchmark only records it and goes on with its other
 * metrics; the runner alone turns it into the status (rtb_outcome):
 * RTB_ENOTSUP SKIPPED, anything else FAILED, with what and the reason in
 * the note. The first error of a metric wins. */
void rtb_metric_error(struct rtb_metric *m, int err, const char *what);
/* rtb_metric_skip - metric m is not measurable by design here (why):
 * recorded as RTB_ENOTSUP with why as the whole note ("needs a second
 * CPU"); SKIPPED by the runner. */
void rtb_metric_skip(struct rtb_metric *m, const char *why);
/* rtb_outcome - the status an error makes (the one rule): RTB_ENOTSUP
 * SKIPPED, any other error FAILED, 0 OK. */
enum rtb_metric_status rtb_outcome(int err);

void rtb_metric_set_method(struct rtb_metric *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* rtb_metric_set_verdict - the metric's answer: value, one lowercase word
 * ([a-z_], at most 23 characters: "bounded"), and its reason; a value
 * outside that gives RTB_EINVAL and leaves the metric without one. */
int rtb_metric_set_verdict(struct rtb_metric *m, const char *value, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* rtb_metric_note - append to the metric's note ("; " separated). */
void rtb_metric_note(struct rtb_metric *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int rtb_metric_extra(struct rtb_metric *m, const char *name, double value,
		     const char *unit);
/* rtb_metric_finish - compute stats, histogram and deadline count. */
int rtb_metric_finish(struct rtb_metric *m, int64_t deadline_ns);
void rtb_result_free(struct rtb_result *r);

/* rtb_metric_merge_round - append round metric src (finished) to dst: its
 * samples, counters, notes and extras, and one entry in dst->rounds with
 * src's statistics. dst is finished again afterwards. Returns 0 or
 * RTB_ENOMEM / RTB_ERANGE (more than RTB_MAX_ROUNDS rounds). */
int rtb_metric_merge_round(struct rtb_metric *dst, const struct rtb_metric *src,
			   int64_t deadline_ns);
/* rtb_metric_round_record - record m's own statistics as its round 0 (a
 * metric first seen in the first round). */
void rtb_metric_round_record(struct rtb_metric *m);
/* rtb_spread_pct - half the between-round range of a figure as a percentage
 * of its value (the "+-X%" every figure carries) into *pct; false (and
 * *pct untouched) with fewer than two rounds or a zero value. */
bool rtb_spread_pct(const struct rtb_spread *s, int nrounds, int64_t value, double *pct);
/* rtb_metric_stat - statistic s of m (rtbench/stat_names.h), as finished
 * (rtb_metric_finish): the integer ones (ns, or a count) in *i, the real
 * ones (RTB_STATF_REAL: mean, stddev, in ns) in *d; the other left as is. */
void rtb_metric_stat(const struct rtb_metric *m, enum rtb_stat s, int64_t *i, double *d);

#endif
