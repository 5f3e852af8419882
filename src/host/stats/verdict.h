/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - compare's verdict: is a difference between two systems
 * bigger than the run-to-run noise?
 *
 * The unit of replication is the round (rtbench run measures every figure
 * in rounds spread over the run), not the sample: thousands of samples from
 * one run share that run's placement, cache and frequency state, timer phase
 * and host, so a test that treats them as independent calls any two runs
 * "significantly different". The verdict is a test on the rounds' medians:
 * Welch's t-test on the logarithm of the round medians (a ratio, so "10%
 * lower" means the same at 1 us and at 100 us), with its confidence interval
 * for the shift, and a noise band: the larger of the two systems' own
 * between-round half ranges. A shift is called only when it is both
 * significant at alpha and outside the noise band; otherwise the verdict is
 * "within run-to-run noise (+-X%)".
 *
 * Everything here is a pure function of its inputs (no files, no I/O), so
 * the unit tests feed it synthetic rounds. */
#ifndef RTB_HOST_VERDICT_H
#define RTB_HOST_VERDICT_H

#include <stddef.h>

/* One system's figures for one metric. */
struct rtb_vd_side {
	const double *round_p50;  /* each round's median (ns), > 0 */
	const double *round_p99;  /* each round's p99 (ns), may be NULL */
	size_t nrounds;
};

enum rtb_vd_kind {
	RTB_VD_UNTESTED = 0,  /* fewer than 2 rounds on a side: noise unknown */
	RTB_VD_NOISE,         /* within run-to-run noise */
	RTB_VD_LOWER,         /* B's median is lower than A's */
	RTB_VD_HIGHER,        /* B's median is higher than A's */
};

struct rtb_verdict {
	enum rtb_vd_kind kind;
	double shift_pct;     /* B vs A median, % (geometric mean of round medians) */
	double ci_lo_pct, ci_hi_pct; /* (1 - alpha) confidence interval of the shift */
	double t, df, p;      /* Welch's t on log round medians; p two-sided */
	double noise_pct;     /* the noise band, % (larger half range of round medians) */
	int significant;      /* p < alpha */
	/* p99 as a tail: its shift and both sides' between-round half range;
	 * reported, never tested */
	double p99_shift_pct, p99_noise_pct;
	int has_p99;
	/* rtb_verdict_tail: every round of one side beyond every round of the
	 * other, and the chance of that between two runs of one system */
	int separated;
	double perm_p;
};

/* rtb_verdict_compute - the verdict of B against baseline A at level
 * alpha (0 < alpha < 1). Returns 0, RTB_EINVAL on bad input (a round
 * median <= 0, alpha out of range) or RTB_ENOMEM. */
int rtb_verdict_compute(const struct rtb_vd_side *a, const struct rtb_vd_side *b,
			double alpha, struct rtb_verdict *out);

/* rtb_verdict_stat - the same discipline on any per-round statistic (a
 * round's p99, p99.9 or maximum): Welch's t on the logarithm of A's n_a
 * and B's n_b round values, a difference called only when significant at
 * alpha and beyond the larger of the two sides' own between-round half
 * range (the statistic's own run-to-run noise; a maximum's is wide).
 * shift_pct is the ratio of the geometric means of the round values.
 * Untested with fewer than two rounds on a side. Returns 0, RTB_EINVAL on
 * bad input (a value <= 0, alpha out of range, no values) or RTB_ENOMEM. */
int rtb_verdict_stat(const double *a, size_t na, const double *b, size_t nb, double alpha,
		     struct rtb_verdict *out);

/* rtb_verdict_tail - rtb_verdict_stat for a tail statistic (a round's
 * p99, p99.9, maximum), whose per-round values are heavy-tailed and whose
 * half range from a few rounds understates its noise: a difference is
 * called only when, besides, the rounds do not overlap (every round of one
 * side beyond every round of the other), and the chance of that between
 * two runs of one system, 2 / C(n_a + n_b, n_a) (rounds exchangeable), is
 * below alpha: 5 rounds a side, 0.8%; 3 a side, 10% (never called at
 * alpha 0.01). Returns as rtb_verdict_stat. */
int rtb_verdict_tail(const double *a, size_t na, const double *b, size_t nb, double alpha,
		     struct rtb_verdict *out);

/* rtb_verdict_count - as rtb_verdict_stat, for a per-round fraction in
 * [0, 1] (deadline misses per sample), which may be 0: Welch's t on the
 * fractions themselves; shift_pct, the interval and noise_pct are in
 * percentage points of the samples. Returns 0 or RTB_EINVAL on bad input. */
int rtb_verdict_count(const double *a, size_t na, const double *b, size_t nb, double alpha,
		      struct rtb_verdict *out);

/* rtb_vd_kind_phrase - "lower", "higher", "within run-to-run noise",
 * "untested". */
const char *rtb_vd_kind_phrase(enum rtb_vd_kind k);

/* rtb_t_sf2 - two-sided tail probability P(|T| >= |t|) of Student's t with
 * df > 0 degrees of freedom (df may be fractional, as Welch's is). */
double rtb_t_sf2(double t, double df);
/* rtb_t_quantile - the t with P(T <= t) = q, 0 < q < 1. */
double rtb_t_quantile(double q, double df);

/* rtb_half_range_pct - half the range of v[0..n) as a % of their median,
 * into *pct: 0, RTB_EINVAL (n < 2 or the median is not > 0; *pct
 * untouched) or RTB_ENOMEM. */
int rtb_half_range_pct(const double *v, size_t n, double *pct);

#endif
