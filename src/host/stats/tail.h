/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - how far to trust the worst case (docs/tail.md).
 *
 * Three layers, each a pure function of its inputs (no files, no I/O), so
 * the unit tests feed them known data:
 *  - tail_stat.c: the distributions and tests (exact binomial and Poisson
 *    intervals, chi-square, Ljung-Box, Mann-Kendall, the occupancy and
 *    dispersion tests of per-interval crossings);
 *  - tail_gpd.c: the generalized Pareto distribution fitted by maximum
 *    likelihood to the exceedances of a threshold (binned, from a
 *    histogram, or exact values), profile-likelihood intervals, return
 *    levels, the goodness of fit;
 *  - one metric of a result file read through them, one file a job
 *    (their shared parts in tail_int.h): tail.c runs the rest in turn;
 *    tail_count.c the exceedances of each threshold with their intervals;
 *    tail_steady.c whether the tail is steady across the intervals;
 *    tail_fit.c the fit (only when the tests pass); tail_plan.c how long
 *    to run.
 *
 * Where the arithmetic comes from is said at each function; the sources
 * are Coles (2001) "An Introduction to Statistical Modeling of Extreme
 * Values" (GPD likelihood, return levels, profile likelihood), Garwood
 * (1936) and Clopper & Pearson (1934) (exact intervals), Ljung & Box
 * (1978), Kendall (1975) / Mann (1945), Nelder & Mead (1965) with the
 * moves of Lagarias et al. (1998); the incomplete gamma and beta functions
 * under them are host/special.h's, from the DLMF. */
#ifndef RTB_HOST_TAIL_H
#define RTB_HOST_TAIL_H

#include <stddef.h>
#include <stdint.h>

struct rtb_rf;
struct rtb_rf_metric;

/* ---- tail_stat.c: distributions and tests ---- */

/* rtb_tstat_gammp - the regularized lower incomplete gamma P(a, x), a > 0. */
double rtb_tstat_gammp(double a, double x);
/* rtb_tstat_chi2_sf - P(X > x) for chi-square with df degrees of freedom. */
double rtb_tstat_chi2_sf(double x, double df);
/* rtb_tstat_norm_sf - P(Z > z), standard normal. */
double rtb_tstat_norm_sf(double z);
/* rtb_tstat_poisson_ci - Garwood's exact interval of a Poisson mean from k
 * events at confidence conf (two-sided: (1-conf)/2 each side): *lo (0 when
 * k is 0) and *hi. */
void rtb_tstat_poisson_ci(uint64_t k, double conf, double *lo, double *hi);
/* rtb_tstat_binom_ci - Clopper-Pearson's exact interval of a probability
 * from k of n (two-sided, as above), through rtb_spec_beta_i for n up to 10^6,
 * above it through the Poisson limit (Garwood / n), which is wider, never
 * narrower. *lo, *hi in [0, 1]. */
void rtb_tstat_binom_ci(uint64_t k, uint64_t n, double conf, double *lo, double *hi);
/* rtb_tstat_zero_upper - with no event in n trials, the one-sided upper bound
 * of the probability at confidence conf: 1 - (1 - conf)^(1/n) (about 3/n
 * at 95%). */
double rtb_tstat_zero_upper(uint64_t n, double conf);
/* rtb_tstat_ljung_box - Ljung-Box Q of x[0..n) over lags 1..h and its
 * chi-square(h) tail probability *p. Returns 0, or -1 when n < 2h or x is
 * constant. */
int rtb_tstat_ljung_box(const double *x, size_t n, int h, double *q, double *p);
/* rtb_tstat_mann_kendall - Mann-Kendall trend test of x[0..n) in order: the
 * normal score *z (> 0 rising) with ties corrected, two-sided *p.
 * Returns 0, or -1 when n < 4. */
int rtb_tstat_mann_kendall(const double *x, size_t n, double *z, double *p);
/* rtb_tstat_mann_kendall_s - its statistic S = sum_{i<j} sign(x_j - x_i) in
 * O(n log n) (Knight 1966: merge-sort inversions), and *tie_sum, the sum
 * of t(t-1)(2t+5) over groups of t equal values. Returns 0, or -1 (out of
 * memory). */
int rtb_tstat_mann_kendall_s(const double *x, size_t n, double *s, double *tie_sum);
/* rtb_tstat_occupancy - k events spread over b intervals with shares
 * w[i] (summing to 1) hit `hit` intervals; the number expected if they
 * fell independently (*expect) and the lower-tail probability of so few
 * (*p, normal approximation with the exact mean and variance). Returns 0
 * or -1 (b < 2, k < 2). */
int rtb_tstat_occupancy(const double *w, size_t b, uint64_t k, size_t hit, double *expect, double *p);
/* rtb_tstat_scan - the scan statistic of n points u[0..n) in [0, 1] (sorted
 * here): the shortest stretch holding k of them (*w), and the chance that
 * n uniform points have one as short (*p, from 4000 draws of a fixed
 * generator, so the answer repeats; resolution 1/4001). Returns 0 or -1
 * (k < 2, k > n, n > 64). */
int rtb_tstat_scan(double *u, size_t n, size_t k, double *w, double *p);
/* rtb_tstat_poisson_quantile - the smallest k with P(K <= k) >= q for K
 * Poisson with mean mu (exact sum up to mu = 700, normal above). */
double rtb_tstat_poisson_quantile(double mu, double q);
/* rtb_tstat_dispersion - per-interval counts c[i] against shares w[i]:
 * the index-of-dispersion chi-square (b - 1 df) and its upper tail *p.
 * Returns 0 or -1 (b < 2, no event). */
int rtb_tstat_dispersion(const uint64_t *c, const double *w, size_t b, double *chi2, double *p);

/* rtb_tstat_count_predict - the q quantile of the events in n2 trials
 * predicted from k1 seen in n1 (the rate's Jeffreys posterior mixed with
 * Poisson: negative binomial; with extra 0 scipy's nbinom.ppf(q, k1 +
 * 0.5, n1 / (n1 + n2))); extra > 0: the log rate varies beyond that by
 * this variance (between intervals or runs), which widens it at the same
 * mean. NAN when n1 or n2 is not positive. */
double rtb_tstat_count_predict(double k1, double n1, double n2, double extra, double q);
/* rtb_tstat_run_spread - how much a rate varies between m runs beyond
 * sampling: k[j] crossings in n[j] samples; the standard deviation of the
 * log rate, sqrt(max(0, var(log(k/n)) - mean(1/k))) (the delta method:
 * a count's log varies by 1/k from sampling). Returns 0, or -1 (m < 2, a
 * run with no crossing: its log is undefined). */
int rtb_tstat_run_spread(const double *k, const double *n, size_t m, double *s);
/* rtb_tstat_rate_spread - how much a tail's rate varies between b intervals:
 * r[i] is interval i's rate over a level against the whole run's (scaled
 * here to average 1), v[i] its variance from sampling alone (1 / its
 * expected count). *tau: the spread beyond sampling (standard deviation
 * of the ratio; 0 when none shows); *rho: the lag-1 autocorrelation
 * (>= 0); *beff: the independent intervals they are worth, b (1 - rho) /
 * (1 + rho) (>= 1); *chi2, *p: the dispersion test sum (r - 1)^2 / v on
 * b - 1 df. Returns 0, or -1 (b < 4, no rate). */
int rtb_tstat_rate_spread(const double *r, const double *v, size_t b, double *tau, double *rho,
		       double *beff, double *chi2, double *p);

/* rtb_tstat_run_scale - the spread of a tail's rate at the scale of a whole
 * run, from its b intervals' rate ratios r[0..k) (mean 1) and their
 * sampling variances v: the variance-time curve V(j) (the variance of the
 * means of blocks of j = 1, 2, 4, ... intervals, at least 4 blocks, less
 * sampling's mean(v) / j), its least-squares slope on log-log axes clamped
 * to [-1, 0] (*slope; Beran 1994, "Statistics for Long-Memory Processes",
 * 4.4: -1 for independent intervals, 2H - 2 under long-range dependence)
 * and V(1) (*v1, 0 when none beyond sampling); and the two halves' squared
 * log rate difference beyond sampling (*halves2). Returns a bit set: 1 the
 * curve (k >= 8), 2 the halves (k >= 8); 0 neither. */
int rtb_tstat_run_scale(const double *r, const double *v, size_t k, double *v1, double *slope, double *halves2);
/* rtb_tstat_between_runs - the extra log-variance of another run's rate
 * against this run's, from one run (docs/tail.md "Predicting
 * another run"): the other run's level is off this one's by as much as
 * one interval's is off its run's (variance tau^2, nothing averaged; it
 * was once tau^2 for each run's level against the machine's), and each
 * run's mean is off its own level by tau^2 / its effective intervals (b1
 * this run's, b2 the other's); as the squared coefficient of variation
 * rtb_tstat_count_predict takes, (1 + tau^2)^(1 + 1/b1 + 1/b2) - 1 (tau^2 (1
 * + 1/b1 + 1/b2) when small); at least exp(halves2) - 1 (halves2: the two
 * halves' squared log difference beyond sampling, the slowest change one
 * run shows). tau^2 is known from nb intervals only: the intervals'
 * variance (tau^2 + vm, vm their mean sampling variance; vm alone when
 * tau is 0) is taken at its one-sided 70% upper confidence limit
 * (chi-square, nb - 1 df, Wilson-Hilferty), which brings the plug-in's 86%
 * to 90% on counts of known dispersion (tests/unit/test_tail.c
 * test_between_runs). */
double rtb_tstat_between_runs(double tau, double vm, size_t nb, double b1, double b2, double halves2);

/* rtb_tstat_max_rank_cdf - P(the largest of n new values is below the k-th
 * smallest of m old ones) (1 <= k <= m) when all m + n are exchangeable:
 * C(n + k - 1, n) / C(m + n, n), whatever their distribution (order
 * statistics; n may be fractional: the Gamma function's binomial). NAN
 * outside 1 <= k <= m. */
double rtb_tstat_max_rank_cdf(size_t m, double n, size_t k);
/* rtb_tstat_max_predict - a distribution-free 90% prediction interval of the
 * largest of n new values from m old ones x[0..m) (sorted here), all
 * exchangeable (a run's interval maxima and the next run's): *lo the
 * smallest old value it stays at or below with at least 95%, *med with
 * 50% (NAN: none of the m old values is that high: with n comparable to m
 * no upper end exists), *lo the largest it falls below with at most 5%,
 * or 10% when there is no upper end (the interval is one-sided then), and
 * *below that chance exactly (NAN: no lower end); *beyond = n / (m + n),
 * the chance the new maximum passes the largest old one. Fractional n: the
 * lower end from floor(n), the upper from ceil(n). Returns 0, or -1
 * (m < 2, n not positive). */
int rtb_tstat_max_predict(double *x, size_t m, double n, double *lo, double *med, double *hi,
		       double *beyond, double *below);

/* ---- tail_gpd.c: the generalized Pareto tail ---- */

/* Exceedances of a threshold u: either binned (bin j holds c[j] values y
 * in [lo[j], hi[j]), y = x - u; hi may be INFINITY; the bins need not
 * cover every y: empty bins between them count nothing) or exact values y. */
struct rtb_gpd_data {
	const double *lo, *hi, *c;
	size_t nbins;
	const double *y;
	size_t ny;
	double ymax;          /* the largest exceedance seen (a bin's lo) */
};

/* rtb_gpd_nll - the negative log-likelihood of scale sigma > 0 and shape
 * xi (Coles 4.10; binned: -sum c_j log(S(lo_j) - S(hi_j)), the multinomial
 * likelihood of grouped data), or INFINITY where infeasible. */
double rtb_gpd_nll(const struct rtb_gpd_data *d, double sigma, double xi);
/* rtb_gpd_logsf - log S(y) = log P(Y > y) of GPD(sigma, xi). */
double rtb_gpd_logsf(double y, double sigma, double xi);
/* rtb_gpd_quantile - the y with S(y) = s (0 < s <= 1). */
double rtb_gpd_quantile(double s, double sigma, double xi);

struct rtb_gpd_fit {
	double sigma, xi, nll;
	/* 95% profile-likelihood intervals (Coles 2.6.6); an end the
	 * likelihood does not close within the search is +-INFINITY */
	double sigma_lo, sigma_hi, xi_lo, xi_hi;
	int iters;
};

/* rtb_gpd_mle - maximum likelihood by Nelder-Mead on (log sigma, xi)
 * from three starts; with ci, the profile intervals too. Returns 0, or -1
 * (no data, no finite likelihood). */
int rtb_gpd_mle(const struct rtb_gpd_data *d, int ci, struct rtb_gpd_fit *f);

/* rtb_gpd_return_level - the level exceeded with probability p per sample
 * given the threshold is exceeded with probability zeta: y_p with
 * zeta S(y_p) = p (p < zeta), as an exceedance over u; with lo and/or hi,
 * that end of its 95% profile-likelihood interval (the likelihood
 * reparameterized by y_p, Coles 4.3.3; zeta taken as known; a NULL end is
 * not computed). Returns 0, or -1 (p >= zeta). */
int rtb_gpd_return_level(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f,
			 double zeta, double p, double *y, double *lo, double *hi);

/* rtb_gpd_return_level_z - as rtb_gpd_return_level with zeta = n_u / n
 * estimated, not known: the interval profiles the binomial
 * likelihood of zeta too (Coles 4.3.3: the count over the threshold is
 * part of the likelihood), so it holds zeta's uncertainty. Returns 0, or
 * -1 (p >= zeta, n_u 0 or n). */
int rtb_gpd_return_level_z(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f,
			   uint64_t n_u, uint64_t n, double p, double *y, double *lo, double *hi);

/* rtb_gpd_gof - chi-square goodness of fit of the binned data to the fit:
 * bins merged in order until each expects >= 5, the last open-ended; df =
 * bins - 3. Returns 0, or -1 with fewer than 4 merged bins. */
int rtb_gpd_gof(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f, double *chi2,
		int *df, double *p);

/* ---- tail.c and tail_{count,steady,fit,plan}.c: a metric's tail ---- */

#define RTB_TAIL_NRL 7        /* return levels at 1e-6 ... 1e-12 per sample */
#define RTB_TAIL_MAX_THR 16
#define RTB_TAIL_ALPHA 0.01   /* each assumption test's level */

/* The exceedances of one threshold. */
struct rtb_tail_exc {
	int64_t thr_ns;
	uint64_t n;               /* samples */
	uint64_t k_lo, k_hi;      /* samples over thr_ns: k_lo <= true <= k_hi */
	int exact;                /* k_lo == k_hi, and why: */
	const char *how;          /* "counted in the measuring loop" ... */
	int64_t edge_lo_ns, edge_hi_ns; /* not exact: the bucket edges around thr */
	double hours;             /* measured time, h (0: unknown) */
	/* 95% intervals: the probability per sample (lo from k_lo, hi from
	 * k_hi); per hour and per million samples the same scaled */
	double p_lo, p_hi, per_m, per_m_lo, per_m_hi, per_h, per_h_lo, per_h_hi;
	/* k_hi == 0: the one-sided 95% upper bound and the mean time between
	 * crossings (h) it implies at least */
	double zero_p_hi, zero_mtbc_h;
};

/* Is the tail steady across the intervals (or blocks of samples)? */
struct rtb_tail_steady {
	size_t nblocks;
	const char *blocks_are;   /* "intervals" or "blocks of samples" */
	double block_s;           /* a block's length, s (0 unknown) */
	int has_lb, has_mk, has_occ, has_disp;
	int lb_lags;
	double lb_q, lb_p;        /* independence: Ljung-Box on log block maxima */
	double mk_z, mk_p;        /* trend: Mann-Kendall on block maxima */
	int64_t occ_thr_ns;       /* dispersion: crossings of occ_thr_ns ... */
	uint64_t occ_k;
	size_t occ_hit;           /* ... in occ_hit blocks, occ_expect if steady */
	double occ_expect, occ_p;
	double disp_chi2, disp_p; /* with per-block counts (samples kept, or a
				   * threshold counted in the loop per interval) */
	int64_t disp_thr_ns;      /* ... of the crossings of this level */
	int has_scan;             /* the worst samples' times: bunched? (scan statistic) */
	size_t scan_n, scan_k;
	double scan_w, scan_p;
	/* how much the tail's rate varies between the intervals: each
	 * interval's p99.9 (p99 in older files) read against the whole run's
	 * histogram (tail_steady.c rate_spread); widens the predictions, refuses
	 * nothing (the fit is of the whole run's mixture) */
	int has_spread;
	double spread_pq;         /* 0.001 (p99.9) or 0.01 (p99) */
	double spread_tau, spread_sampling, spread_rho, spread_beff, spread_chi2, spread_p;
	size_t nspread;           /* the intervals it was measured on */
	double spread_level_ns;   /* the level it was measured at (the counted threshold, or
				   * the highest of the intervals' quantiles) */
	int64_t spread_thr_ns;    /* > 0: from the exact per-interval counts over this
				   * threshold (counted in the loop), not the quantiles */
	/* the spread at the scale of the whole run (docs/tail.md):
	 * the variance-time curve of the intervals' rates (blocks of 1, 2,
	 * 4, ... intervals, sampling removed), its log-log slope (-1: the
	 * intervals independent; towards 0: slow change that does not average
	 * out) taken to the run's length; and the two halves' log rate
	 * difference beyond sampling (squared), what the slowest change seen
	 * in one run does */
	int has_vt;
	double spread_v1, spread_slope;
	int has_halves;
	double spread_halves2;
	char burst[200];          /* the burst or drift named, "" none */
	char failed[200];         /* the first test that failed: "<test> failed (<figure>)" */
};

struct rtb_tail_fit {
	int done;
	char why[240];            /* !done: "not estimated: ..." */
	int64_t u_ns;             /* the threshold (a bucket edge) */
	int tries;                /* thresholds tried (the lowest whose fit passed is used) */
	uint64_t n_u, n;
	double zeta;              /* n_u / n */
	struct rtb_gpd_fit g;
	double gof_chi2, gof_p;
	int gof_df;
	const char *shape;        /* "unbounded (heavy tail)" ... */
	double endpoint_ns;       /* shape < 0 (interval below 0): u - sigma / xi; else NAN */
	double rl_p[RTB_TAIL_NRL], rl_ns[RTB_TAIL_NRL], rl_lo_ns[RTB_TAIL_NRL], rl_hi_ns[RTB_TAIL_NRL];
	int rl_has[RTB_TAIL_NRL];
	int lv_has;               /* the level at opts.level_p, with its interval */
	double lv_ns, lv_lo_ns, lv_hi_ns;
};

/* What was asked. */
struct rtb_tail_opts {
	int64_t thr_ns[RTB_TAIL_MAX_THR];
	size_t nthr;
	int64_t pot_ns;           /* the fit's threshold (0: chosen) */
	int assume_steady;        /* fit a file with no interval series */
	double target_p;          /* plan: the target probability per sample (0: none) */
	double target_per_h;      /* ... when given per CPU-hour (2/h, 1/d): that rate (0: not) */
	double plan_h;            /* plan: a run of this many hours (0: none) */
	int plan_cpus;            /* ... on this many CPUs (0: the file's) */
	int no_fit;               /* exceedances and steadiness only (faster) */
	double level_p;           /* also the level at this probability per sample (0: none) */
	double run_spread;        /* plan: the log rate's spread between runs (--run-spread; 0 none) */
};

struct rtb_tail_plan {
	int has_target;
	double target_p, zero_n, zero_h;       /* samples, hours on `cpus` CPUs */
	double target_per_h;                   /* the target per CPU-hour (0: period unknown) */
	/* per threshold: the data already refute the target (the rate's
	 * 95% lower end is above it): by how much, mid rate / target and
	 * lower end / target; then no run length shows it */
	int not_met[RTB_TAIL_MAX_THR];
	double by[RTB_TAIL_MAX_THR], by_lo[RTB_TAIL_MAX_THR];
	int has_run;
	double run_h, run_n;
	/* per threshold: the expected crossings in the run from the observed
	 * rate (95% interval of the mean), and the 90% prediction interval of
	 * the count itself (negative binomial: the rate's Jeffreys posterior
	 * mixed with Poisson, widened by the rate's spread between intervals;
	 * NAN: not predicted, pred_why says why) */
	double exp_k[RTB_TAIL_MAX_THR], exp_k_lo[RTB_TAIL_MAX_THR], exp_k_hi[RTB_TAIL_MAX_THR];
	double pred_k_lo[RTB_TAIL_MAX_THR], pred_k_hi[RTB_TAIL_MAX_THR];
	/* why each count is not predicted ("" when it is), and the
	 * spread of the rate between this run and the next the predictions
	 * hold besides sampling (tail_plan.c rtb_tail_spread_extra: a
	 * coefficient of variation) */
	char pred_why[RTB_TAIL_MAX_THR][200];
	double pred_spread;
	/* with a fit: its expected crossings and their 90% prediction
	 * interval (Poisson quantiles at the ends of the fitted mean's 95%
	 * interval: the fit's uncertainty included; tail_fit.c predict) */
	int has_fit_k;
	double fit_k[RTB_TAIL_MAX_THR], fit_k_lo[RTB_TAIL_MAX_THR], fit_k_hi[RTB_TAIL_MAX_THR];
	/* with a fit: the run's likely maximum, median and 90% prediction
	 * interval with the fit's uncertainty; max_plug_*: the same from the
	 * fitted parameters alone (what rtbench first printed; narrower) */
	int has_max;
	double max_med_ns, max_lo_ns, max_hi_ns, max_plug_lo_ns, max_plug_hi_ns;
	/* the run's maximum whatever the tail's law, from this
	 * run's blocks' maxima by order statistics (rtb_tstat_max_predict), when
	 * the blocks' maxima were shown exchangeable (the tests on the maxima
	 * passed: independence, trend, occupancy, the worst samples' scan);
	 * the prediction said when no fit was made. free_hi_ns NAN: no upper
	 * end (the run is not much shorter than this one); free_beyond: the
	 * chance it passes this run's maximum; free_below: the chance it falls
	 * below free_lo_ns (at most 5%, 10% with no upper end). !has_free:
	 * free_why says why */
	int has_free;
	double free_lo_ns, free_med_ns, free_hi_ns, free_beyond, free_below, free_blocks;
	size_t free_m;
	char free_why[200];
	int cpus;
	double period_ns;
	char covers[320];         /* what the predictions hold and what they do not (said beside them) */
};

struct rtb_tail {
	const struct rtb_rf_metric *m;
	double period_ns;         /* 0 unknown */
	double hours;             /* CPU-hours measured (rtb_tail_cpu_hours; 0 unknown) */
	int hours_from_period;    /* ... as count x period (the file has no elapsed time) */
	int ncpus;                /* the CPUs whose samples m merges (1: a per-CPU metric) */
	struct rtb_tail_exc exc[RTB_TAIL_MAX_THR];
	size_t nexc;
	struct rtb_tail_steady st;
	struct rtb_tail_fit fit;
	struct rtb_tail_plan plan;
};

/* rtb_tail_analyze - the tail of metric m of file r under o into *t.
 * Returns 0, RTB_EINVAL (no statistics: nothing to say), RTB_ENOMEM. */
int rtb_tail_analyze(const struct rtb_rf *r, const struct rtb_rf_metric *m,
		     const struct rtb_tail_opts *o, struct rtb_tail *t);

/* rtb_tail_ncpus - the CPUs whose samples m holds: 1 for a per-CPU
 * metric (id@cpuN); for an all-CPU one the run's long_run.ncpus, else the
 * number of its id@cpu* metrics that follow it in r; at least 1. */
int rtb_tail_ncpus(const struct rtb_rf *r, const struct rtb_rf_metric *m);

/* rtb_tail_cpu_hours - the CPU-hours m's samples cover: one definition of
 * "per hour" for every source (rtbench's files, rt-tests', rtla's): the
 * measured time (elapsed_ns) times the CPUs m merges, else count x
 * period_ns (a file with no elapsed time: rt-tests; CPU-hours already, as
 * every CPU's samples are counted). *from_period: 1 when count x period.
 * 0 when neither is known. */
double rtb_tail_cpu_hours(const struct rtb_rf *r, const struct rtb_rf_metric *m, double period_ns,
			  int *from_period);

/* rtb_tail_count - samples of m over thr_ns, bracketed (see struct
 * rtb_tail_exc): exact from the samples, the loop's deadline count, or a
 * bucket edge, else between the edges around it. */
void rtb_tail_count(const struct rtb_rf_metric *m, int64_t thr_ns, struct rtb_tail_exc *e);

/* rtb_tail_rates - e's 95% intervals per sample, per million and (hours
 * > 0: measured time) per hour, from its counts (rtb_tail_count): the
 * lower end from k_lo, the upper from k_hi. */
void rtb_tail_rates(struct rtb_tail_exc *e, double hours);

/* rtb_tail_ratio_ci - the ratio of two Poisson rates (k_b events in
 * exposure n_b over k_a in n_a) with its exact 95% interval (the binomial
 * split of k_a + k_b, Clopper-Pearson); NAN where undefined. */
void rtb_tail_ratio_ci(uint64_t k_a, double n_a, uint64_t k_b, double n_b, double *ratio,
		       double *lo, double *hi);

/* rtb_tail_exc_ratio - B's rate over a threshold against A's (b, a: their
 * exceedances of the same threshold), with its exact 95% interval; a
 * bracketed count widens it (the lower end from B's fewest and A's most,
 * the upper from the reverse). */
void rtb_tail_exc_ratio(const struct rtb_tail_exc *a, const struct rtb_tail_exc *b, double *r,
			double *lo, double *hi);

/* rtb_tail_fmt_ns - ns as text in the unit that reads best ("12.345 us",
 * "1.5 ms", "unbounded"); returns buf. */
const char *rtb_tail_fmt_ns(char *buf, size_t len, double ns);

/* rtb_tail_fit_line - a fit in one line: "shape 0.21
 * [0.05, 0.38] unbounded (heavy tail); 1e-9 per sample: 41.3 us [30.1 us,
 * 75.0 us]", or why it was not estimated; `tail A B` and `compare -t`
 * show fits side by side with it. */
void rtb_tail_fit_line(char *buf, size_t len, const struct rtb_tail_fit *f);

#endif
