/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - compare's verdict on round medians (see host/verdict.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/verdict.h"

/* betacf - continued fraction of the regularized incomplete beta function
 * (modified Lentz), converging for x < (a + 1) / (a + b + 2). */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d = 1 - qab * x / qap, h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, aa, del;
		aa = m * (b - m) * x / ((qam + m2) * (a + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1 + aa * d;
		if (fabs(d) < tiny)
			d = tiny;
		c = 1 + aa / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

/* ibeta - regularized incomplete beta I_x(a, b). */
static double ibeta(double a, double b, double x)
{
	double lbt;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x);
	if (x < (a + 1) / (a + b + 2))
		return exp(lbt) * betacf(a, b, x) / a;
	return 1 - exp(lbt) * betacf(b, a, 1 - x) / b;
}

double rtb_t_sf2(double t, double df)
{
	if (!(df > 0) || isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	return ibeta(df / 2, 0.5, df / (df + t * t));
}

double rtb_t_quantile(double q, double df)
{
	double lo = 0, hi = 1;
	int neg = q < 0.5;

	if (!(q > 0 && q < 1) || !(df > 0))
		return NAN;
	if (q == 0.5)
		return 0;
	/* the upper tail we want: P(T > t) = p1 */
	double p1 = neg ? q : 1 - q;
	while (rtb_t_sf2(hi, df) / 2 > p1 && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;
		if (rtb_t_sf2(mid, df) / 2 > p1)
			lo = mid;
		else
			hi = mid;
	}
	return neg ? -(lo + hi) / 2 : (lo + hi) / 2;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double rtb_half_range_pct(const double *v, size_t n)
{
	double lo, hi, *s, med;

	if (!v || n < 2)
		return -1;
	s = malloc(n * sizeof(*s));
	if (!s)
		return -1;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_dbl);
	lo = s[0];
	hi = s[n - 1];
	med = n & 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	if (!(med > 0))
		return -1;
	return 50.0 * (hi - lo) / med;
}

/* log_stats - mean and sample variance of log(v[i]); -1 if a value <= 0. */
static int log_stats(const double *v, size_t n, double *mean, double *var)
{
	double m = 0, m2 = 0;

	for (size_t i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return -1;
		double x = log(v[i]), d = x - m;
		m += d / (double)(i + 1);
		m2 += d * (x - m);
	}
	*mean = m;
	*var = n > 1 ? m2 / (double)(n - 1) : 0;
	return 0;
}

const char *rtb_vd_kind_phrase(enum rtb_vd_kind k)
{
	switch (k) {
	case RTB_VD_LOWER: return "lower";
	case RTB_VD_HIGHER: return "higher";
	case RTB_VD_NOISE: return "within run-to-run noise";
	case RTB_VD_UNTESTED: break;
	}
	return "untested";
}

int rtb_verdict_compute(const struct rtb_vd_side *a, const struct rtb_vd_side *b,
			double alpha, struct rtb_verdict *out)
{
	double ma, va, mb, vb;

	memset(out, 0, sizeof(*out));
	out->kind = RTB_VD_UNTESTED;
	out->p = NAN;
	out->ci_lo_pct = out->ci_hi_pct = NAN;
	out->noise_pct = -1;
	if (!a || !b || !(alpha > 0 && alpha < 1) || !a->round_p50 || !b->round_p50 ||
	    !a->nrounds || !b->nrounds)
		return -1;
	if (log_stats(a->round_p50, a->nrounds, &ma, &va) ||
	    log_stats(b->round_p50, b->nrounds, &mb, &vb))
		return -1;
	out->shift_pct = 100.0 * (exp(mb - ma) - 1);
	if (a->round_p99 && b->round_p99) {
		double pa, qa, pb, qb;
		if (!log_stats(a->round_p99, a->nrounds, &pa, &qa) &&
		    !log_stats(b->round_p99, b->nrounds, &pb, &qb)) {
			double na = rtb_half_range_pct(a->round_p99, a->nrounds);
			double nb = rtb_half_range_pct(b->round_p99, b->nrounds);
			out->has_p99 = 1;
			out->p99_shift_pct = 100.0 * (exp(pb - pa) - 1);
			out->p99_noise_pct = na > nb ? na : nb;
		}
	}
	if (a->nrounds < 2 || b->nrounds < 2)
		return 0; /* no between-round spread on a side: untested */

	double na = rtb_half_range_pct(a->round_p50, a->nrounds);
	double nb = rtb_half_range_pct(b->round_p50, b->nrounds);
	out->noise_pct = na > nb ? na : nb;

	double sa = va / (double)a->nrounds, sb = vb / (double)b->nrounds;
	double se = sqrt(sa + sb), d = mb - ma;
	if (se > 0) {
		out->df = (sa + sb) * (sa + sb) /
			  (sa * sa / (double)(a->nrounds - 1) + sb * sb / (double)(b->nrounds - 1));
		out->t = d / se;
		out->p = rtb_t_sf2(out->t, out->df);
		double tq = rtb_t_quantile(1 - alpha / 2, out->df);
		out->ci_lo_pct = 100.0 * (exp(d - tq * se) - 1);
		out->ci_hi_pct = 100.0 * (exp(d + tq * se) - 1);
	} else {
		/* every round identical on both sides */
		out->df = (double)(a->nrounds + b->nrounds - 2);
		out->t = d == 0 ? 0 : copysign(INFINITY, d);
		out->p = d == 0 ? 1 : 0;
		out->ci_lo_pct = out->ci_hi_pct = out->shift_pct;
	}
	out->significant = out->p < alpha;
	if (out->significant && fabs(out->shift_pct) > out->noise_pct)
		out->kind = d < 0 ? RTB_VD_LOWER : RTB_VD_HIGHER;
	else
		out->kind = RTB_VD_NOISE;
	return 0;
}
