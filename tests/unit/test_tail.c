/* SPDX-License-Identifier: Apache-2.0 */
/* test_tail - the tail analysis on known data (host/tail.h): exact
 * intervals against values computed independently (scipy.stats 1.10:
 * beta.ppf, chi2.ppf, genpareto.fit; quoted beside each), the tests of
 * steadiness on series whose answer is known, the GPD fit on exact
 * quantiles of a known GPD, exceedance counts from a histogram at and
 * between bucket edges. Deterministic; no file, no clock.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host/read/resultfile.h"
#include "host/stats/tail.h"

#define REL(a, b, r) CHECK_NEAR((a) / (b), 1.0, r)

static void test_intervals(void)
{
	double lo, hi;

	/* beta.ppf(0.975, 1, 10) = 0.30850 */
	rtb_tstat_binom_ci(0, 10, 0.95, &lo, &hi);
	CHECK_NEAR(lo, 0, 0);
	REL(hi, 0.3084971078187608, 1e-6);
	/* beta.ppf(0.025, 5, 6), beta.ppf(0.975, 6, 5) */
	rtb_tstat_binom_ci(5, 10, 0.95, &lo, &hi);
	REL(lo, 0.18708602844739855, 1e-6);
	REL(hi, 0.8129139715526015, 1e-6);
	rtb_tstat_binom_ci(10, 1000, 0.95, &lo, &hi);
	REL(lo, 0.004805510691049308, 1e-5);
	REL(hi, 0.01831324305511245, 1e-5);
	/* Garwood: chi2.ppf(0.025, 20) / 2, chi2.ppf(0.975, 22) / 2 */
	rtb_tstat_poisson_ci(10, 0.95, &lo, &hi);
	REL(lo, 4.7953886961324335, 1e-6);
	REL(hi, 18.39035604201778, 1e-6);
	rtb_tstat_poisson_ci(0, 0.95, &lo, &hi);
	REL(hi, 3.6888794541139354, 1e-6);
	/* the example: none in 36 million, fewer than 1 in 12.0 million */
	REL(1 / rtb_tstat_zero_upper(36000000, 0.95), 12017095.72, 1e-6);
	/* a large n takes the Poisson limit: never narrower than it */
	rtb_tstat_binom_ci(10, 100000000, 0.95, &lo, &hi);
	REL(hi * 1e8, 18.39035604201778, 1e-6);
	/* gamma.cdf(3, 2.5); chi2.sf(3.8415, 1); chi2.sf(30, 10) */
	REL(rtb_tstat_gammp(2.5, 3.0), 0.6937810815867212, 1e-9);
	REL(rtb_tstat_chi2_sf(3.841458820694124, 1), 0.05, 1e-9);
	REL(rtb_tstat_chi2_sf(30, 10), 0.000856641210775301, 1e-8);
	/* poisson.ppf(0.05, 10) = 5, ppf(0.95, 10) = 15; ppf(0.95, 2000) = 2074 */
	CHECK_NEAR(rtb_tstat_poisson_quantile(10, 0.05), 5, 0);
	CHECK_NEAR(rtb_tstat_poisson_quantile(10, 0.95), 15, 0);
	CHECK_NEAR(rtb_tstat_poisson_quantile(2000, 0.95), 2074, 1);
	/* Wilson-Hilferty above 1e5: the median of a chi-square is about df */
	CHECK_NEAR(rtb_tstat_chi2_sf(4e6 - 2.0 / 3, 4e6), 0.5, 1e-3);
}

/* lcg - a fixed pseudo-random sequence in (0, 1). */
static double lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
}

static void test_steady(void)
{
	double x[64], q, p, z, e;
	uint64_t s = 7, c[10];
	double w[10];

	/* independent values: no autocorrelation, no trend */
	for (int i = 0; i < 64; i++)
		x[i] = lcg(&s);
	CHECK(rtb_tstat_ljung_box(x, 64, 10, &q, &p) == 0);
	CHECK(p > 0.05);
	CHECK(rtb_tstat_mann_kendall(x, 64, &z, &p) == 0);
	CHECK(p > 0.05);
	/* a slow wave: autocorrelated; a ramp: a trend */
	for (int i = 0; i < 64; i++)
		x[i] = sin(i / 5.0) + 0.1 * lcg(&s);
	CHECK(rtb_tstat_ljung_box(x, 64, 10, &q, &p) == 0);
	CHECK(p < 1e-6);
	for (int i = 0; i < 64; i++)
		x[i] = i + 10 * lcg(&s);
	CHECK(rtb_tstat_mann_kendall(x, 64, &z, &p) == 0);
	CHECK(z > 5 && p < 1e-6);
	CHECK(rtb_tstat_mann_kendall(x, 3, &z, &p) == -1);
	/* 10 events in 10 equal intervals: 10 (1 - 0.9^10) = 6.513 hit on
	 * average; all in one interval is far too few */
	for (int i = 0; i < 10; i++)
		w[i] = 0.1;
	CHECK(rtb_tstat_occupancy(w, 10, 10, 7, &e, &p) == 0);
	CHECK_NEAR(e, 6.5132155990, 1e-8);
	CHECK(p > 0.3);
	CHECK(rtb_tstat_occupancy(w, 10, 10, 1, &e, &p) == 0);
	CHECK(p < 1e-3);
	/* dispersion: even counts pass, one heap fails */
	for (int i = 0; i < 10; i++)
		c[i] = 10;
	CHECK(rtb_tstat_dispersion(c, w, 10, &q, &p) == 0);
	CHECK_NEAR(q, 0, 1e-12);
	memset(c, 0, sizeof(c));
	c[4] = 100;
	CHECK(rtb_tstat_dispersion(c, w, 10, &q, &p) == 0);
	CHECK(p < 1e-12);
}

/* the spread at the run's scale (rtb_tstat_run_scale) on known series: a
 * step halfway (slow change: the curve does not fall, the halves differ
 * by log 3), alternating rates (fast change that averages out: slope -1,
 * halves equal), and a flat series with sampling noise only (nothing
 * beyond sampling) */
/* Mann-Kendall's S counted in O(n log n) (Knight's merge-sort
 * inversions) equals the sum over all pairs of sign(x_j - x_i), with ties
 * (rounded values, runs of equal ones), and its tie term equals the
 * groups' sum of t(t-1)(2t+5) counted by hand. */
static void test_mk_fast(void)
{
	static double x[3000];
	uint64_t s = 11;
	double fast, ties, slow, z, p;

	for (size_t n = 0; n <= 3000; n = n < 40 ? n + 1 : n * 3 / 2) {
		for (size_t i = 0; i < n; i++)
			x[i] = floor(lcg(&s) * 20) + (i % 7 == 0 ? 5 : 0);
		slow = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				slow += (x[j] > x[i]) - (x[j] < x[i]);
		CHECK(rtb_tstat_mann_kendall_s(x, n, &fast, &ties) == 0);
		CHECK_NEAR(fast, slow, 0);
	}
	/* 1 1 2 2 2 3 with a rise: S = 11 pairs up, 0 down (4 tied);
	 * ties 2(1)(9) + 3(2)(11) = 84 */
	double y[] = { 1, 1, 2, 2, 2, 3 };
	CHECK(rtb_tstat_mann_kendall_s(y, 6, &fast, &ties) == 0);
	CHECK_NEAR(fast, 11, 0);
	CHECK_NEAR(ties, 84, 0);
	/* reversed: S = -11; all equal: S = 0 and no variance */
	double r[] = { 3, 2, 2, 2, 1, 1 }, e[] = { 4, 4, 4, 4, 4 };
	CHECK(rtb_tstat_mann_kendall_s(r, 6, &fast, &ties) == 0);
	CHECK_NEAR(fast, -11, 0);
	CHECK(rtb_tstat_mann_kendall(e, 5, &z, &p) == -1);
	/* z of the tied rise: var = (6*5*17 - 84) / 18 = 23.67, (11 - 1) / sqrt(var) */
	CHECK(rtb_tstat_mann_kendall(y, 6, &z, &p) == 0);
	CHECK_NEAR(z, 10 / sqrt((510.0 - 84) / 18), 1e-12);
}

static void test_run_scale(void)
{
	double r[16], v[16], v1 = -1, sl = -2, h2 = -1;

	for (int i = 0; i < 16; i++) {
		r[i] = i < 8 ? 0.5 : 1.5;
		v[i] = 0;
	}
	CHECK_EQ_I(rtb_tstat_run_scale(r, v, 16, &v1, &sl, &h2), 3);
	REL(v1, 0.25 * 16 / 15, 1e-12);          /* V(1): the sample variance */
	CHECK_NEAR(sl, 0, 1e-12);                 /* V(2), V(4) larger: clamped to 0 */
	REL(h2, log(3) * log(3), 1e-12);
	for (int i = 0; i < 16; i++)
		r[i] = i % 2 ? 1.5 : 0.5;
	CHECK_EQ_I(rtb_tstat_run_scale(r, v, 16, &v1, &sl, &h2), 3);
	CHECK_NEAR(sl, -1, 1e-12);                /* pairs average to 1 exactly */
	CHECK_NEAR(h2, 0, 1e-12);
	for (int i = 0; i < 16; i++) {
		r[i] = 1;
		v[i] = 0.01;
	}
	CHECK_EQ_I(rtb_tstat_run_scale(r, v, 16, &v1, &sl, &h2), 3);
	CHECK_NEAR(v1, 0, 1e-12);
	CHECK_NEAR(h2, 0, 1e-12);
	CHECK_EQ_I(rtb_tstat_run_scale(r, v, 7, &v1, &sl, &h2), 0); /* too few intervals */
}

static void test_spread(void)
{
	/* alternating 0.5 / 1.5 (sampling variance 0.01 each): spread
	 * sqrt(8 * 0.25 / 7 - 0.01), no positive autocorrelation, chi2 200 */
	static const double alt[8] = { 0.5, 1.5, 0.5, 1.5, 0.5, 1.5, 0.5, 1.5 };
	static const double step[8] = { 1, 1, 1, 1, 3, 3, 3, 3 };
	static const double flat[8] = { 2, 2, 2, 2, 2, 2, 2, 2 };
	double v[8], tau, rho, beff, x2, p;

	for (int i = 0; i < 8; i++)
		v[i] = 0.01;
	CHECK(rtb_tstat_rate_spread(alt, v, 8, &tau, &rho, &beff, &x2, &p) == 0);
	CHECK_NEAR(tau, sqrt(2.0 / 7 - 0.01), 1e-12);
	CHECK_NEAR(rho, 0, 0);
	CHECK_NEAR(beff, 8, 1e-12);
	CHECK_NEAR(x2, 200, 1e-9);
	CHECK(p < 1e-30);
	/* a step (scaled 0.5 x4, 1.5 x4): lag-1 autocorrelation 1.25 / 2,
	 * worth 8 (1 - 0.625) / 1.625 intervals */
	CHECK(rtb_tstat_rate_spread(step, v, 8, &tau, &rho, &beff, &x2, &p) == 0);
	CHECK_NEAR(rho, 0.625, 1e-12);
	CHECK_NEAR(beff, 8 * 0.375 / 1.625, 1e-12);
	/* between runs: 100 and 400 in 1e5 each: log rates ln 4 apart, var
	 * (ln 2)^2 * 2, less sampling's (1/100 + 1/400) / 2 */
	{
		static const double k[2] = { 100, 400 }, n[2] = { 1e5, 1e5 }, k0[2] = { 0, 4 };
		static const double ke[3] = { 50, 100, 150 }, ne[3] = { 1e5, 2e5, 3e5 };
		double sp;
		CHECK(rtb_tstat_run_spread(k, n, 2, &sp) == 0);
		CHECK_NEAR(sp, sqrt(2 * log(2) * log(2) - 0.00625), 1e-12);
		CHECK(rtb_tstat_run_spread(ke, ne, 3, &sp) == 0);
		CHECK_NEAR(sp, 0, 0);   /* the same rate: nothing beyond sampling */
		CHECK(rtb_tstat_run_spread(k0, n, 2, &sp) == -1);
		CHECK(rtb_tstat_run_spread(k, n, 1, &sp) == -1);
	}
	/* the same rate everywhere: no spread, chi2 0 */
	CHECK(rtb_tstat_rate_spread(flat, v, 8, &tau, &rho, &beff, &x2, &p) == 0);
	CHECK_NEAR(tau, 0, 0);
	CHECK_NEAR(x2, 0, 1e-12);
	CHECK(rtb_tstat_rate_spread(flat, v, 3, &tau, &rho, &beff, &x2, &p) == -1);
}

/* normal - a standard normal draw from the lcg (Box-Muller). */
static double normal(uint64_t *s)
{
	double u = lcg(s), w = lcg(s);

	return sqrt(-2 * log(u)) * cos(6.283185307179586 * w);
}

/* poisson - a Poisson draw of mean mu (< 700) from the lcg (inversion). */
static double poisson(uint64_t *s, double mu)
{
	double u = lcg(s), p = exp(-mu), c = p;
	int k = 0;

	while (c < u && k < 100000) {
		p *= mu / ++k;
		c += p;
	}
	return k;
}

/* cover - how often (of `draws`) the 90% count prediction from one run
 * (the spread of its 30 intervals, rtb_tstat_between_runs, the negative
 * binomial of rtb_tstat_count_predict, as tail.c makes it) holds the next
 * run's count, when every interval's rate around its run's level is
 * log-normal with log-sd s and every run's level around the machine's
 * with log-sd s / sqrt(2) (so one run's level is off the next one's as
 * far as an interval's rate is off its run's, tau^2 = exp(s^2) - 1: the
 * model the prediction assumes) and counts Poisson, mu crossings an
 * interval. */
static double cover(double s, double mu, int draws, uint64_t seed)
{
	enum { M = 30 };
	double c[2][M], r[M], v[M], k[2];
	int held = 0;

	for (int d = 0; d < draws; d++) {
		double tau, rho, beff, x2, p, v1, sl, h2 = 0, extra, lo, hi;
		for (int run = 0; run < 2; run++) {
			double level = s * sqrt(0.5) * normal(&seed) - s * s / 4;
			k[run] = 0;
			for (int i = 0; i < M; i++) {
				double rate = exp(level + s * normal(&seed) - s * s / 2);
				c[run][i] = poisson(&seed, mu * rate);
				k[run] += c[run][i];
			}
		}
		if (k[0] < 1)
			continue;
		for (int i = 0; i < M; i++) {
			r[i] = c[0][i] / (k[0] / M);
			v[i] = 1 / (k[0] / M);
		}
		if (rtb_tstat_rate_spread(r, v, M, &tau, &rho, &beff, &x2, &p))
			continue;
		if (!(rtb_tstat_run_scale(r, v, M, &v1, &sl, &h2) & 2))
			h2 = 0;
		extra = rtb_tstat_between_runs(tau, v[0], M, beff, beff, h2);
		lo = rtb_tstat_count_predict(k[0], M, M, extra, 0.05);
		hi = rtb_tstat_count_predict(k[0], M, M, extra, 0.95);
		held += lo <= k[1] && k[1] <= hi;
	}
	return (double)held / draws;
}

/* test_between_runs - the count prediction for another run holds
 * 90% of the time on counts whose dispersion it models, over 200-400 draws
 * (200, 400, 400; binomial sd of the share 1.5%): no spread at all (Poisson, the
 * discrete quantiles a little wide), a 30% and a 60% spread between
 * intervals and runs; and what the arithmetic gives on known values */
static void test_between_runs(void)
{
	double c0 = cover(0, 20, 200, 11), c3 = cover(0.3, 20, 400, 12), c6 = cover(0.6, 20, 400, 13);

	/* no spread: wide (all 200 held), a run cannot show there is none:
	 * the upper limit of a spread of 0 is taken */
	CHECK(c0 >= 0.88);
	CHECK(c3 >= 0.86 && c3 <= 0.94);
	CHECK(c6 >= 0.86 && c6 <= 0.94);
	/* (1 + tau^2)^(1 + 1/b1 + 1/b2) - 1 with tau known (no sampling
	 * variance, many intervals); the halves when larger; 30 intervals with
	 * sampling variance 0.05: tau^2 = (0.09 + 0.05) 29 / chi2_29(0.3) - 0.05
	 * (scipy chi2.ppf(0.3, 29) = 24.577; Wilson-Hilferty's 24.600); a
	 * spread of 0 has the upper limit 0.05 29 / chi2_29(0.3) - 0.05 */
	CHECK_NEAR(rtb_tstat_between_runs(0.3, 0, 100000000, 20, 20, 0), pow(1.09, 1.1) - 1, 1e-4);
	CHECK_NEAR(rtb_tstat_between_runs(0.3, 0, 100000000, 20, 20, 0.5), expm1(0.5), 1e-12);
	CHECK_NEAR(rtb_tstat_between_runs(0, 0, 30, 20, 20, 0), 0, 0);
	CHECK_NEAR(rtb_tstat_between_runs(0, 0.05, 30, 20, 20, 0),
		   pow(1 + 0.05 * 29 / 24.577 - 0.05, 1.1) - 1, 5e-4);
	CHECK_NEAR(rtb_tstat_between_runs(0.3, 0, 100000000, 0.5, 20, 0), pow(1.09, 2.05) - 1, 1e-4); /* b < 1: 1 */
	CHECK_NEAR(rtb_tstat_between_runs(0.3, 0.05, 30, 20, 20, 0),
		   pow(1 + 0.14 * 29 / 24.577 - 0.05, 1.1) - 1, 5e-4);
	fprintf(stderr, "between runs: 90%% count intervals held %.1f%% / %.1f%% / %.1f%% (spread 0, 0.3, 0.6)\n",
		100 * c0, 100 * c3, 100 * c6);
}

/* joint_dev - the deviance (half) of return level y at probability p
 * per sample with zeta free, by brute force on a grid: xi in [-0.1, 0.5]
 * by 0.004, log zeta within 3 standard deviations by a tenth of one;
 * the sigma that puts the level at y (Coles 4.3.3). A grid's minimum is
 * never below the true one. */
static double joint_dev(const struct rtb_gpd_data *b, const struct rtb_gpd_fit *g, double n_u,
			double n, double p, double y)
{
	double zh = n_u / n, h = 1 / sqrt(n_u), best = INFINITY;

	for (int j = -30; j <= 30; j++) {
		double t = log(zh) + j * h / 10, z = exp(t), L = log(z / p);
		double zb = -(n_u * (t - log(zh)) + (n - n_u) * (log1p(-z) - log1p(-zh)));
		for (double xi = -0.1; xi <= 0.5; xi += 0.004) {
			double sg = fabs(xi) < 1e-9 ? y / L : y * xi / expm1(xi * L);
			best = fmin(best, zb + rtb_gpd_nll(b, sg, xi));
		}
	}
	return best - g->nll;
}

/* a return level's interval with zeta estimated, not known: wider than
 * with zeta known, and its ends where the joint likelihood, profiled by
 * brute force, falls by chi2(1, 0.95) / 2 = 1.92 */
static void test_rl_zeta(const struct rtb_gpd_data *b, const struct rtb_gpd_fit *g)
{
	double rl, lo, hi, rlz, loz, hiz, n_u = 2000, n = 2000 / 0.01, p = 1e-5;

	CHECK(rtb_gpd_return_level(b, g, 0.01, p, &rl, &lo, &hi) == 0);
	CHECK(rtb_gpd_return_level_z(b, g, 2000, 200000, p, &rlz, &loz, &hiz) == 0);
	REL(rlz, rl, 1e-12);
	CHECK(loz < lo && hiz > hi);
	/* with 2000 exceedances zeta is known to 2%: it widens the interval
	 * only a little; the ends are where the joint profile (brute force,
	 * whose grid can only read high) reaches 1.92 */
	CHECK(joint_dev(b, g, n_u, n, p, hiz) - 1.9207 > -0.003);
	CHECK(joint_dev(b, g, n_u, n, p, hiz) - 1.9207 < 0.03);
	CHECK(joint_dev(b, g, n_u, n, p, loz) - 1.9207 > -0.003);
	CHECK(joint_dev(b, g, n_u, n, p, loz) - 1.9207 < 0.03);
	CHECK(rtb_gpd_return_level_z(b, g, 0, 200000, p, &rlz, &loz, &hiz) == -1);
}

static void test_gpd(void)
{
	enum { N = 2000 };
	static double y[N];
	struct rtb_gpd_fit f;
	struct rtb_gpd_data d = { 0 };
	double rl, rlo, rhi, chi2, p;
	int df;

	/* the exact quantiles (i + 0.5) / N of GPD(1, 0.2): scipy's
	 * genpareto.fit(y, floc=0) gives shape 0.19900, scale 1.00078 */
	for (int i = 0; i < N; i++)
		y[i] = rtb_gpd_quantile(1 - (i + 0.5) / N, 1.0, 0.2);
	d.y = y;
	d.ny = N;
	CHECK(rtb_gpd_mle(&d, 1, &f) == 0);
	CHECK_NEAR(f.xi, 0.19899963355734124, 1e-4);
	CHECK_NEAR(f.sigma, 1.0007789742867566, 1e-4);
	CHECK(f.xi_lo < 0.2 && f.xi_hi > 0.2 && f.xi_lo > 0.05 && f.xi_hi < 0.35);
	CHECK(f.sigma_lo < 1 && f.sigma_hi > 1);
	/* the same values binned in 1/8 wide buckets to 8, then 1 wide to
	 * 40, the rest open-ended: the grouped likelihood finds the same
	 * tail */
	{
		static double l2[128], h2[128], c2[128];
		size_t k = 0;
		for (double a = 0; a < 40; a += a < 8 ? 0.125 : 1, k++) {
			l2[k] = a;
			h2[k] = a < 8 ? a + 0.125 : a + 1;
		}
		l2[k] = 40;
		h2[k] = INFINITY;
		k++;
		for (int i = 0; i < N; i++)
			for (size_t j = 0; j < k; j++)
				if (y[i] >= l2[j] && y[i] < h2[j]) {
					c2[j]++;
					break;
				}
		struct rtb_gpd_data b = { .lo = l2, .hi = h2, .c = c2, .nbins = k };
		struct rtb_gpd_fit g;
		CHECK(rtb_gpd_mle(&b, 0, &g) == 0);
		CHECK_NEAR(g.xi, 0.2, 0.02);
		CHECK_NEAR(g.sigma, 1.0, 0.02);
		CHECK(rtb_gpd_gof(&b, &g, &chi2, &df, &p) == 0);
		CHECK(p > 0.5);  /* exact quantiles fit far better than chance */
		/* a return level: zeta 0.01, p 1e-9: S(y) = 1e-7, y = (1e-7^-0.2 - 1) / 0.2 */
		CHECK(rtb_gpd_return_level(&b, &g, 0.01, 1e-9, &rl, &rlo, &rhi) == 0);
		REL(rl, rtb_gpd_quantile(1e-7, g.sigma, g.xi), 1e-12);
		CHECK_NEAR(rtb_gpd_quantile(1e-7, 1, 0.2), (pow(1e-7, -0.2) - 1) / 0.2, 1e-9);
		CHECK(rlo < rl && rhi > rl);
		CHECK(rtb_gpd_return_level(&b, &g, 0.01, 0.02, &rl, NULL, NULL) == -1);
		test_rl_zeta(&b, &g);
	}
	/* a bounded tail: exponential-like quantiles of xi = -0.3, endpoint 1 / 0.3 */
	for (int i = 0; i < N; i++)
		y[i] = rtb_gpd_quantile(1 - (i + 0.5) / N, 1.0, -0.3);
	CHECK(rtb_gpd_mle(&d, 1, &f) == 0);
	CHECK_NEAR(f.xi, -0.3, 0.02);
	CHECK(f.xi_hi < 0);
	/* log S and its inverse agree; xi = 0 is the exponential */
	CHECK_NEAR(rtb_gpd_logsf(rtb_gpd_quantile(0.001, 2, 0.5), 2, 0.5), log(0.001), 1e-12);
	CHECK_NEAR(rtb_gpd_logsf(3, 2, 0), -1.5, 1e-15);
}

static void test_count(void)
{
	static struct rtb_rf_bucket b[] = {
		{ 1000, 1016, 50 }, { 2048, 2080, 7 }, { 4096, 4160, 3 },
	};
	struct rtb_rf_metric m;
	struct rtb_tail_exc e;
	double r, lo, hi;

	memset(&m, 0, sizeof(m));
	m.has_stats = 1;
	m.count = 62;
	m.min = 1000;
	m.max = 9000;
	m.buckets = b;
	m.nbuckets = 3;
	m.overflow = 2;
	m.hist_top = 8192;
	/* at an edge: values > 2047 are the buckets from 2048 up, and the overflow */
	rtb_tail_count(&m, 2047, &e);
	CHECK(e.exact);
	CHECK_EQ_I(e.k_lo, 12);
	/* inside a bucket: between the buckets above and those reaching above */
	rtb_tail_count(&m, 2060, &e);
	CHECK(!e.exact);
	CHECK_EQ_I(e.k_lo, 5);
	CHECK_EQ_I(e.k_hi, 12);
	CHECK_EQ_I(e.edge_lo_ns, 2048);
	CHECK_EQ_I(e.edge_hi_ns, 2080);
	/* above the exact maximum: none, exactly */
	rtb_tail_count(&m, 9000, &e);
	CHECK(e.exact && e.k_hi == 0);
	/* the loop's own count of its deadline is exact */
	m.deadline_ns = 2060;
	m.over_deadline = 9;
	rtb_tail_count(&m, 2060, &e);
	CHECK(e.exact && e.k_lo == 9);
	/* thresholds counted in the loop (--count-over-us): exact
	 * at any value, and they narrow a bracket between two of them */
	m.deadline_ns = 0;
	m.counted_ns[0] = 2050;
	m.counted_over[0] = 11;
	m.counted_ns[1] = 2070;
	m.counted_over[1] = 6;
	m.ncounted = 2;
	rtb_tail_count(&m, 2070, &e);
	CHECK(e.exact && e.k_lo == 6);
	CHECK(strstr(e.how, "--count-over-us") != NULL);
	rtb_tail_count(&m, 2060, &e);         /* buckets: 5-12; counted: 6-11 */
	CHECK(!e.exact);
	CHECK_EQ_I(e.k_lo, 6);
	CHECK_EQ_I(e.k_hi, 11);
	CHECK_EQ_I(e.edge_lo_ns, 2051);       /* k_hi: over 2050 */
	CHECK_EQ_I(e.edge_hi_ns, 2071);       /* k_lo: over 2070 */
	CHECK(strstr(e.how, "counted in the loop") != NULL);
	rtb_tail_count(&m, 4000, &e);         /* beyond them: the buckets alone */
	CHECK_EQ_I(e.k_lo, 5);
	CHECK_EQ_I(e.k_hi, 5);
	m.ncounted = 0;
	/* the count of another run, predicted (scipy nbinom.ppf([0.05, 0.95],
	 * k1 + 0.5, n1 / (n1 + n2))) */
	CHECK_NEAR(rtb_tstat_count_predict(296, 293000, 293000, 0, 0.05), 257, 0);
	CHECK_NEAR(rtb_tstat_count_predict(296, 293000, 293000, 0, 0.95), 337, 0);
	CHECK_NEAR(rtb_tstat_count_predict(3, 1000, 5000, 0, 0.05), 4, 0);
	CHECK_NEAR(rtb_tstat_count_predict(3, 1000, 5000, 0, 0.95), 37, 0);
	CHECK_NEAR(rtb_tstat_count_predict(0, 1e6, 1e6, 0, 0.95), 2, 0);
	CHECK_NEAR(rtb_tstat_count_predict(10, 1e6, 3e5, 0, 0.95), 7, 0);
	/* a rate varying between runs by 30% (log-variance 0.09) widens it at
	 * the same mean: scipy nbinom.ppf(q, r, r / (r + 296.5)) with r = 1 /
	 * (1 / 296.5 + 0.09) = 10.7098 */
	CHECK_NEAR(rtb_tstat_count_predict(296, 293000, 293000, 0.09, 0.05), 162, 0);
	CHECK_NEAR(rtb_tstat_count_predict(296, 293000, 293000, 0.09, 0.95), 462, 0);
	/* crosses 3.1 times as often: 10 against 31 in the same exposure */
	rtb_tail_ratio_ci(10, 1e6, 31, 1e6, &r, &lo, &hi);
	CHECK_NEAR(r, 3.1, 1e-12);
	/* scipy: beta.ppf(0.025, 31, 11) and beta.ppf(0.975, 32, 10) as odds */
	REL(lo, 1.481104918326685, 1e-6);
	REL(hi, 7.088488818555684, 1e-6);
}

/* test_count_1us - counts over a threshold from a histogram-mode metric
 * with 1 us bins (run -h) beside its 2 us buckets, against the samples:
 * 100.5 101.2 101.9 103.0 104.5 107.7 120.001 139.999 150.0 us (the last
 * past both tops). The bins make a count exact where the bin at thr + 1
 * is empty or opens there, and narrow it to one bin elsewhere; past
 * their top the buckets alone count. */
static void test_count_1us(void)
{
	static const int64_t v[] = { 100500, 101200, 101900, 103000, 104500, 107700, 120001, 139999, 150000 };
	static const struct {
		int64_t thr;
		uint64_t lo, hi;
		const char *how;
	} want[] = {
		{ 102000, 6, 6, "from the 1 us bins, exact" }, /* buckets: 5-6 */
		{ 104999, 4, 4, "from the 1 us bins, exact" }, /* opens bin 105; buckets 4-5 */
		{ 101500, 6, 8, "bounded by the one 1 us bin" }, /* buckets: 6-9 */
		{ 103000, 5, 6, "bounded by the histogram's buckets" }, /* 103.0 is not over */
		{ 145000, 0, 1, "bounded by the histogram's buckets" }, /* past the bins */
		{ 99000, 9, 9, "all: the exact minimum" },
	};
	struct rtb_rf_bucket b[20];
	uint64_t lin[140] = { 0 };
	struct rtb_rf_metric m;
	struct rtb_tail_exc e;

	memset(&m, 0, sizeof(m));
	for (int i = 0; i < 20; i++)
		b[i] = (struct rtb_rf_bucket){ 100000 + 2000 * i, 102000 + 2000 * i, 0 };
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		if (v[i] < 140000) {
			b[(v[i] - 100000) / 2000].count++;
			lin[v[i] / 1000]++;
		} else {
			m.overflow++;
			m.lin_overflow++;
		}
	}
	m.has_stats = m.hist_mode = 1;
	m.count = sizeof(v) / sizeof(v[0]);
	m.min = v[0];
	m.max = v[m.count - 1];
	m.buckets = b;
	m.nbuckets = 20;
	m.hist_top = 140000;
	m.lin = lin;
	m.nlin = 140;
	m.lin_bins = 140;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		uint64_t truth = 0;

		for (size_t j = 0; j < m.count; j++)
			truth += v[j] > want[i].thr;
		rtb_tail_count(&m, want[i].thr, &e);
		CHECK(e.k_lo <= truth && truth <= e.k_hi);
		CHECK_EQ_I(e.k_lo, want[i].lo);
		CHECK_EQ_I(e.k_hi, want[i].hi);
		CHECK(e.exact == (want[i].lo == want[i].hi));
		CHECK(strncmp(e.how, want[i].how, strlen(want[i].how)) == 0);
	}
	rtb_tail_count(&m, 101500, &e); /* k_hi over 101 us - 1 ns, k_lo over 102 us - 1 ns */
	CHECK_EQ_I(e.edge_lo_ns, 101000);
	CHECK_EQ_I(e.edge_hi_ns, 102000);
	/* bins that disagree with the buckets (a file made so) are not used */
	lin[120] = 0;
	lin[125] = 5;
	rtb_tail_count(&m, 102000, &e);
	CHECK_EQ_I(e.k_lo, 5);
	CHECK_EQ_I(e.k_hi, 6);
}

/* the distribution-free prediction of the next run's maximum from this
 * run's interval maxima (rtb_tstat_max_predict): order statistics under
 * exchangeable intervals, against C(n + k - 1, n) / C(m + n, n) computed
 * with Python's math.comb */
static void test_max_predict(void)
{
	double x[40], lo, med, hi, beyond, below;

	/* comb(20, 12) / comb(24, 12) */
	REL(rtb_tstat_max_rank_cdf(12, 12, 9), 0.04658385093167702, 1e-9);
	REL(rtb_tstat_max_rank_cdf(12, 12, 12), 0.5, 1e-12);
	REL(rtb_tstat_max_rank_cdf(41, 2, 41), 41.0 / 43, 1e-12);   /* m / (m + n) */
	CHECK(isnan(rtb_tstat_max_rank_cdf(12, 12, 13)));
	/* a run's 12 maxima predicting a run as long: the new maximum passes
	 * the old one half the time, so no upper end exists */
	for (int i = 0; i < 12; i++)
		x[i] = (double)((i * 5) % 12 + 1);         /* 1..12, shuffled */
	CHECK(rtb_tstat_max_predict(x, 12, 12, &lo, &med, &hi, &beyond, &below) == 0);
	CHECK_NEAR(lo, 9, 0);                             /* cdf(9) 0.0466, cdf(10) 0.109 */
	REL(below, 0.04658385093167702, 1e-9);
	CHECK_NEAR(med, 12, 0);
	CHECK(isnan(hi));
	CHECK_NEAR(beyond, 0.5, 1e-12);
	/* 6 of them: still no upper end (12 / 18 < 95%), so the lower end
	 * takes the whole 10%: x(8), cdf comb(13, 6) / comb(18, 6) = 0.0924
	 * (x(7) at 5%) */
	CHECK(rtb_tstat_max_predict(x, 12, 6, &lo, &med, &hi, &beyond, &below) == 0);
	CHECK_NEAR(lo, 8, 0);
	REL(below, 1716.0 / 18564, 1e-9);
	CHECK(isnan(hi));
	/* 40 maxima predicting 2 intervals: [x(8), x(40)], median x(29) */
	for (int i = 0; i < 40; i++)
		x[i] = 10.0 * ((i * 7) % 40 + 1);
	CHECK(rtb_tstat_max_predict(x, 40, 2, &lo, &med, &hi, &beyond, &below) == 0);
	CHECK_NEAR(lo, 80, 0);
	CHECK_NEAR(med, 290, 0);
	CHECK_NEAR(hi, 400, 0);
	REL(beyond, 2.0 / 42, 1e-12);
	/* 1.5 intervals: the lower end as for 1 (k / 41 <= 0.05: x(2)), the
	 * upper as for 2 */
	CHECK(rtb_tstat_max_predict(x, 40, 1.5, &lo, &med, &hi, &beyond, &below) == 0);
	CHECK_NEAR(lo, 20, 0);
	CHECK_NEAR(hi, 400, 0);
	CHECK(rtb_tstat_max_predict(x, 1, 2, &lo, &med, &hi, &beyond, &below) == -1);
}

int main(void)
{
	test_intervals();
	test_steady();
	test_mk_fast();
	test_spread();
	test_run_scale();
	test_between_runs();
	test_max_predict();
	test_gpd();
	test_count();
	test_count_1us();
	return check_done();
}
