/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the distributions and tests behind the tail analysis
 * (host/tail.h): exact intervals of a count, and the tests of whether a
 * tail stayed the same across a run. Each function names its source. */
#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "host/stats/special.h"
#include "host/stats/tail.h"

/* Above this shape the incomplete gamma is read from the Wilson-Hilferty
 * cube-root normal approximation (relative error of a quantile below
 * 1e-4 there), so a count of 10^8 costs no 10^5-term series in each step
 * of a quantile's bisection. */
#define GAMMA_WH_A 1e5

/* wilson_hilferty_q - Q(a, x) = 1 - P(a, x) for a large shape: Wilson &
 * Hilferty (1931), (X/a)^(1/3) is nearly normal with mean 1 - 1/(9a) and
 * variance 1/(9a). */
static double wilson_hilferty_q(double a, double x)
{
	double v = 1 / (9 * a), z = (cbrt(x / a) - (1 - v)) / sqrt(v);

	return rtb_tstat_norm_sf(z);
}

double rtb_tstat_gammp(double a, double x)
{
	if (!(a > 0) || isnan(x))
		return NAN;
	if (x <= 0)
		return 0;
	if (isinf(x))
		return 1;
	return a > GAMMA_WH_A ? 1 - wilson_hilferty_q(a, x) : rtb_spec_gamma_p(a, x);
}

double rtb_tstat_norm_sf(double z)
{
	return 0.5 * erfc(z / M_SQRT2);
}

/* erfcinv_approx - the x with erfc(x) = y, by bisection (used only for
 * the normal limit of a huge Poisson mean). */
static double erfcinv_approx(double y)
{
	double lo = -10, hi = 10;

	for (int i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;
		if (erfc(mid) > y)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double rtb_tstat_chi2_sf(double x, double df)
{
	if (!(df > 0) || isnan(x))
		return NAN;
	if (x <= 0)
		return 1;
	if (df / 2 > GAMMA_WH_A)
		return wilson_hilferty_q(df / 2, x / 2);
	return rtb_spec_gamma_q(df / 2, x / 2);
}

/* gamma_quantile - the x with P(a, x) = q, by bisection (P rises in x). */
static double gamma_quantile(double a, double q)
{
	double lo = 0, hi = a + 20 * sqrt(a) + 60;

	while (rtb_tstat_gammp(a, hi) < q && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (rtb_tstat_gammp(a, mid) < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* Garwood (1936): the exact interval of a Poisson mean is read from the
 * gamma (chi-square) distribution: lo = Gamma^-1(a/2; k), hi =
 * Gamma^-1(1 - a/2; k + 1). */
void rtb_tstat_poisson_ci(uint64_t k, double conf, double *lo, double *hi)
{
	double a = 1 - conf;

	*lo = k ? gamma_quantile((double)k, a / 2) : 0;
	*hi = gamma_quantile((double)k + 1, 1 - a / 2);
}

/* beta_quantile - the x with I_x(a, b) = q, by bisection on x. */
static double beta_quantile(double a, double b, double q)
{
	double lo = 0, hi = 1;

	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (rtb_spec_beta_i(a, b, mid) < q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* Clopper & Pearson (1934): lo = Beta^-1(a/2; k, n - k + 1), hi =
 * Beta^-1(1 - a/2; k + 1, n - k). */
void rtb_tstat_binom_ci(uint64_t k, uint64_t n, double conf, double *lo, double *hi)
{
	double a = 1 - conf;

	if (!n) {
		*lo = 0;
		*hi = 1;
		return;
	}
	if (n > 1000000) {
		rtb_tstat_poisson_ci(k, conf, lo, hi);
		*lo = fmin(1, *lo / (double)n);
		*hi = fmin(1, *hi / (double)n);
		return;
	}
	*lo = k ? beta_quantile((double)k, (double)(n - k) + 1, a / 2) : 0;
	*hi = k < n ? beta_quantile((double)k + 1, (double)(n - k), 1 - a / 2) : 1;
}

double rtb_tstat_zero_upper(uint64_t n, double conf)
{
	return n ? -expm1(log1p(-conf) / (double)n) : 1;
}

/* Ljung & Box (1978): Q = n (n + 2) sum_k r_k^2 / (n - k), chi-square(h)
 * under independence. */
int rtb_tstat_ljung_box(const double *x, size_t n, int h, double *q, double *p)
{
	double m = 0, c0 = 0, s = 0;

	if (h < 1 || n < 2 * (size_t)h)
		return -1;
	for (size_t i = 0; i < n; i++)
		m += x[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		c0 += (x[i] - m) * (x[i] - m);
	if (!(c0 > 0))
		return -1;
	for (int k = 1; k <= h; k++) {
		double ck = 0;
		for (size_t i = 0; i + (size_t)k < n; i++)
			ck += (x[i] - m) * (x[i + (size_t)k] - m);
		s += (ck / c0) * (ck / c0) / (double)(n - (size_t)k);
	}
	*q = (double)n * ((double)n + 2) * s;
	*p = rtb_tstat_chi2_sf(*q, h);
	return 0;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* merge_count - sort x[0..n) ascending (stable merge sort through tmp)
 * and return the pairs i < j with x[i] > x[j] (strict: equal values are
 * not an inversion). */
static uint64_t merge_count(double *x, double *tmp, size_t n)
{
	uint64_t inv;
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return 0;
	inv = merge_count(x, tmp, h) + merge_count(x + h, tmp, n - h);
	while (i < h && j < n) {
		if (x[i] <= x[j]) {
			tmp[k++] = x[i++];
		} else {
			/* x[j] is below every left value not yet taken */
			inv += h - i;
			tmp[k++] = x[j++];
		}
	}
	while (i < h)
		tmp[k++] = x[i++];
	while (j < n)
		tmp[k++] = x[j++];
	memcpy(x, tmp, n * sizeof(*x));
	return inv;
}

/* rtb_tstat_mann_kendall_s - Mann-Kendall's S of x[0..n) in O(n log n):
 * Knight (1966), "A computer method for calculating Kendall's tau with
 * ungrouped data", JASA 61(314), 436-439: sort by one variable, count the
 * exchanges a merge sort by the other needs. Here the first variable is
 * the position (no ties), so of the n(n-1)/2 pairs, those tied in x are
 * neither concordant nor discordant, the discordant ones are the strict
 * inversions d, and S = n(n-1)/2 - ties - 2d. *tie_sum: sum over groups
 * of t equal values of t(t-1)(2t+5), the variance's tie correction
 * (Kendall 1975, 4.3), read off the sorted copy. */
int rtb_tstat_mann_kendall_s(const double *x, size_t n, double *s, double *tie_sum)
{
	double *a, tied = 0, ts = 0;
	uint64_t d;

	a = malloc((n ? n : 1) * 2 * sizeof(*a));
	if (!a)
		return -1;
	memcpy(a, x, n * sizeof(*a));
	d = merge_count(a, a + n, n);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && a[j] == a[i]; j++)
			;
		double t = (double)(j - i);
		tied += t * (t - 1) / 2;
		ts += t * (t - 1) * (2 * t + 5);
	}
	free(a);
	*s = (double)n * ((double)n - 1) / 2 - tied - 2 * (double)d;
	*tie_sum = ts;
	return 0;
}

/* Mann (1945), Kendall (1975): S = sum_{i<j} sign(x_j - x_i) (counted by
 * rtb_tstat_mann_kendall_s in O(n log n): a file may hold any number of
 * intervals), variance (n(n-1)(2n+5) - sum_ties t(t-1)(2t+5)) / 18, z with
 * continuity correction. */
int rtb_tstat_mann_kendall(const double *x, size_t n, double *z, double *p)
{
	double s, ties, var;

	if (n < 4)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (isnan(x[i]))
			return -1;
	if (rtb_tstat_mann_kendall_s(x, n, &s, &ties))
		return -1;
	var = ((double)n * ((double)n - 1) * (2.0 * (double)n + 5) - ties) / 18;
	if (!(var > 0))
		return -1;
	*z = s > 0 ? (s - 1) / sqrt(var) : s < 0 ? (s + 1) / sqrt(var) : 0;
	*p = fmin(1, 2 * rtb_tstat_norm_sf(fabs(*z)));
	return 0;
}

/* The index of dispersion (Fisher 1950; Cochran 1954): sum (c_i - e_i)^2
 * / e_i with e_i = K w_i, chi-square(b - 1) for Poisson counts. */
int rtb_tstat_dispersion(const uint64_t *c, const double *w, size_t b, double *chi2, double *p)
{
	double k = 0, s = 0;

	if (b < 2)
		return -1;
	for (size_t i = 0; i < b; i++)
		k += (double)c[i];
	if (!(k > 0))
		return -1;
	for (size_t i = 0; i < b; i++) {
		double e = k * w[i];
		if (e > 0)
			s += ((double)c[i] - e) * ((double)c[i] - e) / e;
	}
	*chi2 = s;
	*p = rtb_tstat_chi2_sf(s, (double)b - 1);
	return 0;
}

/* shortest - the shortest stretch of sorted u[0..n) holding k points. */
static double shortest(const double *u, size_t n, size_t k)
{
	double w = INFINITY;

	for (size_t a = 0; a + k <= n; a++)
		w = fmin(w, u[a + k - 1] - u[a]);
	return w;
}

/* The scan statistic (Naus 1965; Glaz, Naus & Wallenstein 2001): its
 * exact distribution has no short closed form for general k, so it is
 * read from draws of n uniform points (a fixed 64-bit LCG, Knuth's MMIX
 * constants): p = (1 + draws as short) / (1 + draws). */
int rtb_tstat_scan(double *u, size_t n, size_t k, double *w, double *p)
{
	enum { DRAWS = 4000 };
	double v[64];
	uint64_t s = 0x9e3779b97f4a7c15ull;
	size_t le = 0;

	if (k < 2 || k > n || n > 64)
		return -1;
	qsort(u, n, sizeof(*u), cmp_d);
	*w = shortest(u, n, k);
	for (int d = 0; d < DRAWS; d++) {
		for (size_t i = 0; i < n; i++) {
			s = s * 6364136223846793005ull + 1442695040888963407ull;
			v[i] = (double)(s >> 11) / 9007199254740992.0;
		}
		qsort(v, n, sizeof(*v), cmp_d);
		le += shortest(v, n, k) <= *w;
	}
	*p = (1.0 + (double)le) / (1.0 + DRAWS);
	return 0;
}

double rtb_tstat_poisson_quantile(double mu, double q)
{
	double pmf, cdf;
	uint64_t k = 0;

	if (!(mu > 0))
		return 0;
	if (mu > 700)  /* exp(-mu) would underflow; the normal limit is within a count here */
		return fmax(0, ceil(mu + sqrt(mu) * -M_SQRT2 * erfcinv_approx(2 * q) - 0.5));
	pmf = exp(-mu);
	cdf = pmf;
	while (cdf < q && k < 10000000) {
		k++;
		pmf *= mu / (double)k;
		cdf += pmf;
	}
	return (double)k;
}

/* count_cdf - P(K <= k) for K negative binomial with shape r and
 * success probability w: I_w(r, k + 1) (the incomplete beta, special.c). */
static double count_cdf(double r, double w, double k)
{
	return rtb_spec_beta_i(r, k + 1, w);
}

double rtb_tstat_count_predict(double k1, double n1, double n2, double extra, double q)
{
	double a = -1, z = 1, r, w;

	if (!(n1 > 0) || !(n2 > 0))
		return NAN;
	/* the rate's Jeffreys posterior Gamma(k1 + 1/2, n1) mixed with
	 * Poisson(rate n2) is negative binomial with shape k1 + 1/2 and w =
	 * n1 / (n1 + n2); a rate that also varies between runs (log-variance
	 * `extra`) lowers the shape to 1 / (1 / (k1 + 1/2) + extra) at the
	 * same mean (the gamma's squared coefficient of variation is 1/shape) */
	r = 1 / (1 / (k1 + 0.5) + (extra > 0 ? extra : 0));
	w = r / (r + (k1 + 0.5) * n2 / n1);
	/* the smallest k with P(K <= k) >= q: doubling, then bisection */
	while (count_cdf(r, w, z) < q && z < 1e18)
		z *= 2;
	while (z - a > 1) {
		double c = floor((a + z) / 2);
		if (count_cdf(r, w, c) >= q)
			z = c;
		else
			a = c;
	}
	return z;
}

int rtb_tstat_rate_spread(const double *r, const double *v, size_t b, double *tau, double *rho,
		       double *beff, double *chi2, double *p)
{
	double mean = 0, var = 0, vm = 0, c0 = 0, c1 = 0, x2 = 0;

	if (b < 4)
		return -1;
	for (size_t i = 0; i < b; i++)
		mean += r[i] / (double)b;
	if (!(mean > 0))
		return -1;
	/* the ratios scaled to average 1: the quantile's convention (a bucket
	 * edge, at or above) biases them all alike */
	for (size_t i = 0; i < b; i++) {
		double d = r[i] / mean - 1;
		var += d * d / (double)(b - 1);
		vm += v[i] / (double)b;
		x2 += d * d / v[i];
		c0 += d * d;
		if (i + 1 < b)
			c1 += d * (r[i + 1] / mean - 1);
	}
	*tau = var > vm ? sqrt(var - vm) : 0;
	*rho = c0 > 0 && c1 > 0 ? c1 / c0 : 0;
	*beff = (double)b * (1 - *rho) / (1 + *rho);
	if (*beff < 1)
		*beff = 1;
	*chi2 = x2;
	*p = rtb_tstat_chi2_sf(x2, (double)(b - 1));
	return 0;
}

int rtb_tstat_run_spread(const double *k, const double *n, size_t m, double *s)
{
	double mean = 0, var = 0, vs = 0;

	if (m < 2)
		return -1;
	for (size_t j = 0; j < m; j++) {
		if (!(k[j] > 0) || !(n[j] > 0))
			return -1;
		mean += log(k[j] / n[j]) / (double)m;
		vs += 1 / k[j] / (double)m;
	}
	for (size_t j = 0; j < m; j++) {
		double d = log(k[j] / n[j]) - mean;
		var += d * d / (double)(m - 1);
	}
	*s = var > vs ? sqrt(var - vs) : 0;
	return 0;
}

int rtb_tstat_run_scale(const double *r, const double *v, size_t k, double *v1, double *slope, double *halves2)
{
	int rc = 0;
	double lx[8], ly[8], vm = 0;
	size_t np = 0;

	for (size_t i = 0; i < k; i++)
		vm += v[i] / (double)k;
	for (size_t j = 1; k / j >= 4 && np < 8; j *= 2) {
		size_t nb = k / j;
		double mean = 0, var = 0;
		for (size_t c = 0; c < nb; c++) {
			double x = 0;
			for (size_t i = c * j; i < (c + 1) * j; i++)
				x += r[i] / (double)j;
			mean += x / (double)nb;
		}
		for (size_t c = 0; c < nb; c++) {
			double x = 0;
			for (size_t i = c * j; i < (c + 1) * j; i++)
				x += r[i] / (double)j;
			var += (x - mean) * (x - mean) / (double)(nb - 1);
		}
		lx[np] = log((double)j);
		ly[np] = log(fmax(var - vm / (double)j, 1e-12));
		np++;
	}
	if (np >= 2) {
		double mx = 0, my = 0, sxy = 0, sxx = 0;
		for (size_t i = 0; i < np; i++)
			mx += lx[i] / (double)np, my += ly[i] / (double)np;
		for (size_t i = 0; i < np; i++)
			sxy += (lx[i] - mx) * (ly[i] - my), sxx += (lx[i] - mx) * (lx[i] - mx);
		*slope = fmin(0, fmax(-1, sxy / sxx));
		*v1 = exp(ly[0]) > 1e-11 ? exp(ly[0]) : 0;
		rc |= 1;
	}
	if (k >= 8) {
		size_t h = k / 2;
		double ra = 0, rb = 0, va = 0, vb = 0;
		for (size_t i = 0; i < h; i++) {
			ra += r[i] / (double)h, rb += r[h + i] / (double)h;
			va += v[i] / (double)h / (double)h, vb += v[h + i] / (double)h / (double)h;
		}
		/* half an event's worth more in each (the continuity
		 * correction): a half without a crossing still has a log */
		ra += va / 2, rb += vb / 2;
		if (ra > 0 && rb > 0) {
			double d = log(ra / rb);
			*halves2 = fmax(0, d * d - va - vb);
			rc |= 2;
		}
	}
	return rc;
}

double rtb_tstat_between_runs(double tau, double vm, size_t nb, double b1, double b2, double halves2)
{
	double t2 = tau > 0 ? tau * tau : 0, k = (double)nb - 1;

	if (vm < 0)
		vm = 0;
	/* a spread of 0 (the intervals vary no more than sampling) is an
	 * estimate too: its upper limit is what nb intervals could hide,
	 * taken as if they had varied exactly as sampling (on the hold-out
	 * runs every miss on the 120 design pairs had a spread of 0, so no term for the
	 * move between runs at all) */
	if ((t2 > 0 || vm > 0) && k >= 1) {
		/* chi-square's 30% quantile on k df (z = -0.5244) */
		double c = 1 - 2 / (9 * k) - 0.5244 * sqrt(2 / (9 * k)), q = k * c * c * c;
		if (q > 0)
			t2 = fmax(0, (t2 + vm) * k / q - vm);
	}
	/* the levels: fresh hold-out pairs missed where the next run's rate
	 * moved by 20-70% while this run's intervals and halves did not
	 * (docs/tail.md, hold-out); nothing inside one run measures a move
	 * at the run's edge, so it is taken as large as the one thing a run
	 * does measure, an interval's move against its run's: the next run's
	 * level is off this one's by tau^2 (taking each run's off the
	 * machine's by tau^2, a move as large as one between two intervals:
	 * on the design pairs its intervals held 95-98% where tau > 0.3, 90%
	 * asked; docs/tail.md "Validation") */
	/* independent factors of a rate multiply: their squared coefficients
	 * of variation compose as prod(1 + cv^2) - 1 (the sum only when small) */
	t2 = pow(1 + t2, 1 + (b1 >= 1 ? 1 / b1 : 1) + (b2 >= 1 ? 1 / b2 : 1)) - 1;
	return fmax(t2, halves2 > 0 ? expm1(halves2) : 0);
}

/* rtb_tstat_max_rank_cdf - P(the largest of n new values is below the k-th
 * smallest of m old ones), 1 <= k <= m, when the m + n are exchangeable:
 * the new values' ranks among all m + n are a uniform draw of n of them,
 * so all n fall before the k-th old one in C(n + k - 1, n) of the
 * C(m + n, n) draws (for k = m: m / (m + n)). With ties the event "below"
 * is no likelier than this, "at or below" no less likely. */
double rtb_tstat_max_rank_cdf(size_t m, double n, size_t k)
{
	double dm = (double)m, dk = (double)k;

	if (!k || k > m || !(n >= 0))
		return NAN;
	return exp(lgamma(n + dk) - lgamma(dk) + lgamma(dm + 1) - lgamma(dm + n + 1));
}

int rtb_tstat_max_predict(double *x, size_t m, double n, double *lo, double *med, double *hi,
		       double *beyond, double *below)
{
	double nl = fmax(1, floor(n)), nh = fmax(1, ceil(n)), q = 0.05;

	*lo = *med = *hi = *beyond = *below = NAN;
	if (m < 2 || !(n > 0))
		return -1;
	qsort(x, m, sizeof(*x), cmp_d);
	/* the median and the upper end: the smallest k with at least 50% /
	 * 95% (the most intervals the run can hold) */
	for (size_t k = 1; k <= m; k++)
		if (rtb_tstat_max_rank_cdf(m, nh, k) >= 0.5) {
			*med = x[k - 1];
			break;
		}
	for (size_t k = 1; k <= m; k++)
		if (rtb_tstat_max_rank_cdf(m, nh, k) >= 0.95) {
			*hi = x[k - 1];
			break;
		}
	/* no upper end: the whole 10% a 90% interval may miss by is on the
	 * lower side (else 5% each side) */
	if (isnan(*hi))
		q = 0.10;
	/* the lower end: the largest k whose old value the new maximum falls
	 * below with at most q (fewer new intervals: lower maxima, so the
	 * fewest the run can hold) */
	for (size_t k = m; k >= 1; k--)
		if (rtb_tstat_max_rank_cdf(m, nl, k) <= q) {
			*lo = x[k - 1];
			*below = rtb_tstat_max_rank_cdf(m, nl, k);
			break;
		}
	*beyond = 1 - rtb_tstat_max_rank_cdf(m, n, m);
	return 0;
}
