/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - histogram mode of a metric: memory that does not grow with the
 * run.
 *
 * A metric in histogram mode keeps no sample array. Each sample the record
 * call takes goes into
 *   - the metric's log-linear histogram (rtbench/hist.h; out-of-range values
 *     counted, not clipped), from which the percentiles are read, so every
 *     percentile carries the histogram's resolution (rtb_hist_resolution_pct);
 *   - exact count, min, max, mean and variance (Welford's update);
 *   - the samples over each declared threshold (--deadline-us,
 *     --count-over-us), exact, for the run and for each interval: a
 *     threshold between two bucket edges is counted, not bracketed;
 *   - the RTB_HM_WORST largest samples with when (monotonic ns) and where
 *     (CPU) they were taken;
 *   - a bounded reservoir of raw samples (Vitter's algorithm R: every sample
 *     recorded so far has the same chance to be in it), for the plots;
 *   - the current interval's histogram and figures (--interval);
 *   - with run --histogram / -h US, a linear histogram of 1 us bins up to
 *     US (struct rtb_hm_lin), the form cyclictest -h prints.
 * All of it is allocated when the metric is made (rtb_hm_new), before any
 * measuring; the record step allocates nothing, makes no system call, and
 * reads the clock only for a sample that enters the worst list.
 *
 * Intervals. The run's supervisor bumps a shared epoch at each interval
 * boundary. The measuring thread's next record sees it and closes its
 * interval (rtb_hm_roll): the interval's figures and a copy of the metric's
 * whole state go to the metric's publication slot, and `published` is
 * incremented with release order. The supervisor reads the slot after an
 * acquire of `published` and then sets `consumed` = `published`; the
 * measuring thread never writes the slot again until it sees that, so a
 * slot is never read half-written and no interval is lost (a late thread's
 * interval just spans more than one epoch). */
#ifndef RTBENCH_HMETRIC_H
#define RTBENCH_HMETRIC_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "rtbench/hist.h"

#define RTB_HM_WORST 16
/* raw samples a histogram-mode metric keeps for the plots */
#ifndef RTB_HM_RESERVOIR
#define RTB_HM_RESERVOIR 1000
#endif

struct rtb_metric;
struct rtb_raw_ring;

/* the thresholds a histogram-mode metric counts exactly (the deadline and
 * up to RTB_HM_MAX_THR - 1 more: run --count-over-us) */
#define RTB_HM_MAX_THR 8

/* The thresholds counted in the record step: ascending and distinct, so
 * a sample below the lowest costs one compare, one over k of them k
 * compares and increments. */
struct rtb_hm_thr {
	int n;
	int deadline;           /* the index of --deadline-us in ns[]; -1: none */
	int64_t ns[RTB_HM_MAX_THR];
	/* run --histogram / -h US: also count 1 us bins up to lin_us (0:
	 * none) in a linear histogram beside the log-linear one */
	int lin_us;
};

/* The most 1 us bins a linear histogram holds (cyclictest's -h limit). */
#define RTB_HM_LIN_MAX_US 1000000

/* A linear histogram of 1 us bins, [0, nbins) us, in storage made before
 * the run: the log-linear histogram's buckets are 1/64 of their value
 * wide, so above 64 us a 1 us bin read from it is often empty and an
 * OSADL-style plot of it a sawtooth; this one is counted directly. used:
 * the bins up to the highest one counted (copies move only those, so a
 * 1,000,000-bin histogram of values under 100 us costs 100 bins a copy). */
struct rtb_hm_lin {
	uint64_t *counts;       /* nbins entries; NULL: not kept */
	uint32_t nbins, used;
	uint64_t overflow;      /* values at or past nbins us (and below 0) */
};

/* rtb_hm_lin_add - src's counts into dst (same nbins; RTB_EINVAL else;
 * nothing when either keeps none). */
int rtb_hm_lin_add(struct rtb_hm_lin *dst, const struct rtb_hm_lin *src);
/* rtb_hm_lin_copy - dst = src (same nbins; RTB_EINVAL else). */
int rtb_hm_lin_copy(struct rtb_hm_lin *dst, const struct rtb_hm_lin *src);
/* rtb_hm_lin_reset - every count 0. */
void rtb_hm_lin_reset(struct rtb_hm_lin *l);

/* rtb_hm_thr_make - the thresholds of a run: deadline_ns (0: none) and
 * extra[0..n) (each > 0), sorted, a value given twice counted once.
 * Returns 0, or RTB_EINVAL (more than RTB_HM_MAX_THR distinct values, or
 * one not above 0). */
int rtb_hm_thr_make(struct rtb_hm_thr *t, int64_t deadline_ns, const int64_t *extra, int n);

/* One of the worst samples: its value, when (the port's monotonic clock,
 * ns) and on which CPU. */
struct rtb_hm_worst {
	int64_t ns;
	int64_t t_ns;
	int32_t cpu;
};

/* Exact running statistics (Welford), mergeable (Chan et al.). */
struct rtb_hm_acc {
	uint64_t n;
	double mean, m2;
	int64_t min, max;
	uint64_t over[RTB_HM_MAX_THR]; /* samples > rtb_hm.thr.ns[k] */
	int64_t span_ns;        /* the time the samples were looked for in, where
				 * the measurement says (rtb_metric_span: noise.gap's
				 * spin time, rests excluded); 0: not said */
};

/* One closed interval of one metric. */
struct rtb_hm_interval {
	int64_t start_ns, end_ns;   /* from the start of the measurement */
	uint32_t index;         /* the supervisor's epoch it began in */
	uint32_t epochs;        /* epochs it spans (1 unless its thread was late) */
	uint64_t count;
	int64_t p50_ns, p99_ns, max_ns, min_ns;
	int64_t p999_ns;        /* p99.9: the tail compare and check judge per
				 * interval, beside p99 and max */
	double mean_ns;
	int64_t sum_ns;         /* the interval's samples added up (noise.gap:
				 * the time the spinner lost in it) */
	int64_t span_ns;        /* the acc's span_ns over the interval (0: not said) */
	uint64_t over[RTB_HM_MAX_THR]; /* its samples over each threshold (rtb_hm.thr) */
	/* system-management interrupts its CPU counted in it (x86
	 * MSR_SMI_COUNT, rtb_port_smi_count; the all-CPU aggregate's: the
	 * CPUs' sum), read by the supervisor as it closes the interval; -1:
	 * not readable (settings.smi_note says why) */
	int64_t smi;
};

/* What a closed interval publishes: the interval, and the metric's whole
 * state at that moment. */
struct rtb_hm_pub {
	struct rtb_hm_interval iv;
	struct rtb_hist ih;         /* the interval's own histogram */
	struct rtb_hist hist;       /* the metric's cumulative histogram */
	struct rtb_hm_lin lin;      /* ... and its 1 us bins (thr.lin_us) */
	struct rtb_hm_acc acc;
	struct rtb_hm_worst worst[RTB_HM_WORST];
	int nworst;
	int64_t *res;
	size_t nres;
	uint64_t invalid, overruns, missed;
	int64_t first_ns;
	int has_first;
};

struct rtb_hm {
	struct rtb_metric *m;       /* the metric this is the mode of */
	int cpu;                    /* where its samples are taken */
	struct rtb_hm_thr thr;      /* count samples above each, exactly */
	struct rtb_hm_lin lin;      /* 1 us bins up to thr.lin_us (counts NULL: none) */
	struct rtb_hm_acc acc;
	struct rtb_hm_worst worst[RTB_HM_WORST];
	int nworst;
	int64_t *res;               /* reservoir, rescap entries */
	size_t rescap, nres;
	uint64_t rng;
	/* the current interval */
	const atomic_uint *epoch_src; /* NULL: no intervals */
	unsigned epoch;
	struct rtb_hist ih;
	struct rtb_hm_acc iacc;
	/* publication (see above) */
	struct rtb_hm_pub pub;
	atomic_uint published, consumed;
	/* the interval time series of a metric a result shows (the
	 * supervisor's; seriescap entries allocated before the run) */
	struct rtb_hm_interval *series;
	size_t nseries, seriescap;
	int64_t interval_ns;        /* the series' interval */
	/* run --duration --raw FILE: every sample also into its CPU's ring
	 * (rtbench/rawring.h) as metric ring_metric, and each interval slice's
	 * start as a mark; NULL: none (the record step's one extra test) */
	struct rtb_raw_ring *ring;
	unsigned ring_metric;
};

/* rtb_hm_new - give metric m a histogram mode: allocates (rtb_alloc) and
 * touches every page of its state now. thr: the thresholds to count
 * (copied; NULL: none). epoch: the supervisor's interval epoch (NULL: no
 * intervals). Returns 0 or RTB_ENOMEM. The metric's own histogram
 * (m->hist) becomes its cumulative histogram. */
int rtb_hm_new(struct rtb_metric *m, int cpu, const struct rtb_hm_thr *thr, const atomic_uint *epoch);
void rtb_hm_free(struct rtb_hm *h);

/* rtb_hm_record - the record step of a histogram-mode metric (called by
 * the metric's record call, rtbench/result.h). */
void rtb_hm_record(struct rtb_hm *h, int64_t ns);

/* rtb_hm_roll - close the current interval and publish (see above). Called
 * by the record step when the epoch moved, and by the supervisor for the
 * last interval once the measuring thread has ended. Returns 1 if it
 * published, 0 if the previous publication is still unread. */
int rtb_hm_roll(struct rtb_hm *h);

/* rtb_hm_acc_reset - an empty accumulator (no sample: min above any
 * value, max below). */
void rtb_hm_acc_reset(struct rtb_hm_acc *a);
/* rtb_hm_acc_merge - dst += src (exact: count, min, max, mean, variance,
 * threshold counts: both counted the same thresholds). */
void rtb_hm_acc_merge(struct rtb_hm_acc *dst, const struct rtb_hm_acc *src);
/* rtb_hm_acc_stddev - sample (n-1) standard deviation; 0 for n < 2. */
double rtb_hm_acc_stddev(const struct rtb_hm_acc *a);
/* rtb_hm_worst_merge - fold src[0..ns) into the descending list dst
 * (*nd entries, at most RTB_HM_WORST). */
void rtb_hm_worst_merge(struct rtb_hm_worst *dst, int *nd, const struct rtb_hm_worst *src, int ns);
/* rtb_hm_interval_of - interval figures from an interval histogram and its
 * running statistics. */
void rtb_hm_interval_of(const struct rtb_hist *ih, const struct rtb_hm_acc *a,
			struct rtb_hm_interval *out);
/* rtb_hm_pct - percentile p of h, clamped into [min, max] (a bucket's
 * lower edge may lie below the smallest value in it); 0 if empty. */
int64_t rtb_hm_pct(const struct rtb_hist *h, double p);

/* rtb_hm_merge - fold src's whole state into dst (the rounds of a long
 * --samples run, or an all-CPU aggregate); the reservoirs are merged by
 * weight, so each sample of either keeps about the same chance to be in it.
 * Returns 0 or RTB_EINVAL (histogram layouts differ). */
int rtb_hm_merge(struct rtb_hm *dst, const struct rtb_hm *src);

#endif
