/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - compare's verdict on round medians (see host/verdict.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/stats/special.h"
#include "host/stats/verdict.h"

double rtb_t_sf2(double t, double df)
{
	if (!(df > 0) || isnan(t))
		return NAN;
	if (isinf(t))
		return 0;
	/* Student's t: P(|T| >= t) = I_{df/(df+t^2)}(df/2, 1/2) */
	return rtb_spec_beta_i(df / 2, 0.5, df / (df + t * t));
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

int rtb_half_range_pct(const double *v, size_t n, double *pct)
{
	double lo, hi, *s, med;

	if (!v || n < 2)
		return RTB_EINVAL;
	s = malloc(n * sizeof(*s));
	if (!s)
		return RTB_ENOMEM;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_dbl);
	lo = s[0];
	hi = s[n - 1];
	med = n & 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	if (!(med > 0))
		return RTB_EINVAL;
	*pct = 50.0 * (hi - lo) / med;
	return 0;
}

/* moments - mean and sample variance of v[i] (logs: of log(v[i]), and
 * RTB_EINVAL if a value is <= 0), n >= 1; the range of v in *lo, *hi
 * when they are not NULL. */
static int moments(const double *v, size_t n, int logs, double *mean, double *var,
		   double *lo, double *hi)
{
	double m = 0, m2 = 0, l = v[0], h = v[0];

	for (size_t i = 0; i < n; i++) {
		if (logs && !(v[i] > 0))
			return RTB_EINVAL;
		double x = logs ? log(v[i]) : v[i], d = x - m;
		m += d / (double)(i + 1);
		m2 += d * (x - m);
		l = fmin(l, v[i]);
		h = fmax(h, v[i]);
	}
	*mean = m;
	*var = n > 1 ? m2 / (double)(n - 1) : 0;
	if (lo)
		*lo = l;
	if (hi)
		*hi = h;
	return 0;
}

/* log_stats - mean and sample variance of log(v[i]); RTB_EINVAL if a
 * value is <= 0. */
static int log_stats(const double *v, size_t n, double *mean, double *var)
{
	return moments(v, n, 1, mean, var, NULL, NULL);
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

/* welch - Welch's t on the means ma, mb and sample variances va, vb of
 * two sides of na, nb >= 2 values into out (interval, t, df, p,
 * significant, kind; shift_pct and noise_pct already set): on logarithms
 * (logs: the interval as a ratio, in %) or on fractions (the interval in
 * percentage points). */
static void welch(double ma, double va, size_t na, double mb, double vb, size_t nb,
		  double alpha, int logs, struct rtb_verdict *out)
{
	double sa = va / (double)na, sb = vb / (double)nb;
	double se = sqrt(sa + sb), d = mb - ma;

	if (se > 0) {
		out->df = (sa + sb) * (sa + sb) /
			  (sa * sa / (double)(na - 1) + sb * sb / (double)(nb - 1));
		out->t = d / se;
		out->p = rtb_t_sf2(out->t, out->df);
		double tq = rtb_t_quantile(1 - alpha / 2, out->df);
		out->ci_lo_pct = logs ? 100.0 * (exp(d - tq * se) - 1) : 100.0 * (d - tq * se);
		out->ci_hi_pct = logs ? 100.0 * (exp(d + tq * se) - 1) : 100.0 * (d + tq * se);
	} else {
		/* every round identical on both sides */
		out->df = (double)(na + nb - 2);
		out->t = d == 0 ? 0 : copysign(INFINITY, d);
		out->p = d == 0 ? 1 : 0;
		out->ci_lo_pct = out->ci_hi_pct = out->shift_pct;
	}
	out->significant = out->p < alpha;
	if (out->significant && fabs(out->shift_pct) > out->noise_pct)
		out->kind = d < 0 ? RTB_VD_LOWER : RTB_VD_HIGHER;
	else
		out->kind = RTB_VD_NOISE;
}

/* vd_begin - out untested (no shift, no interval, noise unknown);
 * RTB_EINVAL for a missing side, an empty one or alpha outside (0, 1). */
static int vd_begin(const double *a, size_t na, const double *b, size_t nb, double alpha,
		    struct rtb_verdict *out)
{
	memset(out, 0, sizeof(*out));
	out->kind = RTB_VD_UNTESTED;
	out->p = NAN;
	out->ci_lo_pct = out->ci_hi_pct = NAN;
	out->noise_pct = -1;
	if (!a || !b || !(alpha > 0 && alpha < 1) || !na || !nb)
		return RTB_EINVAL;
	return 0;
}

int rtb_verdict_stat(const double *a, size_t na, const double *b, size_t nb, double alpha,
		     struct rtb_verdict *out)
{
	double ma, va, mb, vb, ha, hb;
	int rc = vd_begin(a, na, b, nb, alpha, out);

	if (rc)
		return rc;
	if (log_stats(a, na, &ma, &va) || log_stats(b, nb, &mb, &vb))
		return RTB_EINVAL;
	out->shift_pct = 100.0 * (exp(mb - ma) - 1);
	if (na < 2 || nb < 2)
		return 0; /* no between-round spread on a side: untested */
	/* every value > 0 (log_stats), so only memory can fail here */
	if ((rc = rtb_half_range_pct(a, na, &ha)) || (rc = rtb_half_range_pct(b, nb, &hb)))
		return rc;
	out->noise_pct = ha > hb ? ha : hb;
	welch(ma, va, na, mb, vb, nb, alpha, 1, out);
	return 0;
}

/* choose - C(n, k) as a double (n small: rounds). */
static double choose(size_t n, size_t k)
{
	double r = 1;

	for (size_t i = 1; i <= k; i++)
		r = r * (double)(n - k + i) / (double)i;
	return r;
}

int rtb_verdict_tail(const double *a, size_t na, const double *b, size_t nb, double alpha,
		     struct rtb_verdict *out)
{
	double amin, amax, bmin, bmax;
	size_t i;
	int rc = rtb_verdict_stat(a, na, b, nb, alpha, out);

	if (rc || out->kind == RTB_VD_UNTESTED)
		return rc;
	amin = amax = a[0];
	bmin = bmax = b[0];
	for (i = 1; i < na; i++) {
		amin = fmin(amin, a[i]);
		amax = fmax(amax, a[i]);
	}
	for (i = 1; i < nb; i++) {
		bmin = fmin(bmin, b[i]);
		bmax = fmax(bmax, b[i]);
	}
	/* rounds of one system are exchangeable: all of one side's rounds
	 * beyond all of the other's happens by chance with probability
	 * 2 / C(na + nb, na) */
	out->perm_p = 2 / choose(na + nb, na);
	out->separated = bmin > amax || amin > bmax;
	if (out->kind != RTB_VD_NOISE && (!out->separated || out->perm_p >= alpha))
		out->kind = RTB_VD_NOISE;
	return 0;
}

int rtb_verdict_count(const double *a, size_t na, const double *b, size_t nb, double alpha,
		      struct rtb_verdict *out)
{
	double ma, va, mb, vb, loa, hia, lob, hib;
	int rc = vd_begin(a, na, b, nb, alpha, out);

	if (rc)
		return rc;
	moments(a, na, 0, &ma, &va, &loa, &hia);
	moments(b, nb, 0, &mb, &vb, &lob, &hib);
	/* the shift in percentage points of the samples, not a ratio: a
	 * fraction may be 0 on one side */
	out->shift_pct = 100.0 * (mb - ma);
	if (na < 2 || nb < 2)
		return 0;
	out->noise_pct = 50.0 * fmax(hia - loa, hib - lob);
	welch(ma, va, na, mb, vb, nb, alpha, 0, out);
	return 0;
}

int rtb_verdict_compute(const struct rtb_vd_side *a, const struct rtb_vd_side *b,
			double alpha, struct rtb_verdict *out)
{
	int rc;

	if (!a || !b || !a->round_p50 || !b->round_p50) {
		rtb_verdict_stat(NULL, 0, NULL, 0, alpha, out);
		return RTB_EINVAL;
	}
	rc = rtb_verdict_stat(a->round_p50, a->nrounds, b->round_p50, b->nrounds, alpha, out);
	if (rc)
		return rc;
	if (a->round_p99 && b->round_p99) {
		double pa, qa, pb, qb;
		if (!log_stats(a->round_p99, a->nrounds, &pa, &qa) &&
		    !log_stats(b->round_p99, b->nrounds, &pb, &qb)) {
			/* a side of one round has no spread: unknown (< 0),
			 * as noise_pct; the pct is left alone then */
			double na = -1, nb = -1;
			(void)rtb_half_range_pct(a->round_p99, a->nrounds, &na);
			(void)rtb_half_range_pct(b->round_p99, b->nrounds, &nb);
			out->has_p99 = 1;
			out->p99_shift_pct = 100.0 * (exp(pb - pa) - 1);
			out->p99_noise_pct = na > nb ? na : nb;
		}
	}
	return 0;
}
