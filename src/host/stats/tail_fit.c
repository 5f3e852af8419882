/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a metric's generalized Pareto tail (host/tail.h): the
 * peaks-over-threshold fit on its histogram (tail_gpd.c's likelihood),
 * made only where the steadiness tests passed; its return levels, and
 * what a run of the planned length will show. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/stats/tail_int.h"

#define POT_MIN 50            /* fewer exceedances: no fit (and n >= 100 POT_MIN) */

static const double rl_p[RTB_TAIL_NRL] = { 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12 };

struct bins {
	double *lo, *hi, *c;
	size_t n;
};

/* pot_bins - the buckets at or above u as exceedances y = x - u, the
 * overflow as [top - u, inf). */
static int pot_bins(const struct rtb_rf_metric *m, int64_t u, struct bins *bn, uint64_t *n_u,
		    double *ymax)
{
	size_t k = 0;

	bn->lo = calloc(m->nbuckets + 1, sizeof(double));
	bn->hi = calloc(m->nbuckets + 1, sizeof(double));
	bn->c = calloc(m->nbuckets + 1, sizeof(double));
	if (!bn->lo || !bn->hi || !bn->c)
		return RTB_ENOMEM;
	*n_u = 0;
	*ymax = 0;
	for (size_t i = 0; i < m->nbuckets; i++) {
		if (m->buckets[i].lo < u || !m->buckets[i].count)
			continue;
		bn->lo[k] = (double)(m->buckets[i].lo - u);
		bn->hi[k] = (double)(m->buckets[i].hi - u);
		bn->c[k] = (double)m->buckets[i].count;
		*n_u += m->buckets[i].count;
		*ymax = bn->lo[k];
		k++;
	}
	if (m->overflow) {
		bn->lo[k] = (double)(rtb_tail_top(m) - u);
		bn->hi[k] = INFINITY;
		bn->c[k] = (double)m->overflow;
		*n_u += m->overflow;
		*ymax = bn->lo[k];
		k++;
	}
	bn->n = k;
	return 0;
}

/* pot_threshold - the bucket edge with about `want` samples at or above
 * it; INT64_MAX when that is more than the top 1% (the bulk of a latency
 * distribution is no generalized Pareto). */
static int64_t pot_threshold(const struct rtb_rf_metric *m, uint64_t want)
{
	uint64_t cum = m->overflow;

	if (want > m->count / 100)
		return INT64_MAX;
	for (size_t i = m->nbuckets; i-- > 0;) {
		cum += m->buckets[i].count;
		if (cum >= want)
			return m->buckets[i].lo;
	}
	return m->nbuckets ? m->buckets[0].lo : 0;
}

/* try_fit - the fit over threshold u (no intervals yet): 0 when its
 * goodness of fit passes, else -1 with f->why said. bn is the caller's
 * to free. */
static int try_fit(const struct rtb_rf_metric *m, int64_t u, struct rtb_tail_fit *f, struct bins *bn,
		   struct rtb_gpd_data *d)
{
	double ymax;

	free(bn->lo), free(bn->hi), free(bn->c);
	memset(bn, 0, sizeof(*bn));
	f->u_ns = u;
	if (pot_bins(m, u, bn, &f->n_u, &ymax)) {
		snprintf(f->why, sizeof(f->why), "not estimated: out of memory");
		return -1;
	}
	f->zeta = (double)f->n_u / (double)f->n;
	if (f->n_u < POT_MIN) {
		snprintf(f->why, sizeof(f->why), "not estimated: %llu samples at or above %.3f us "
			 "(%d needed)", (unsigned long long)f->n_u, (double)u / 1e3, POT_MIN);
		return -1;
	}
	*d = (struct rtb_gpd_data){ .lo = bn->lo, .hi = bn->hi, .c = bn->c, .nbins = bn->n, .ymax = ymax };
	if (rtb_gpd_mle(d, 0, &f->g)) {
		snprintf(f->why, sizeof(f->why), "not estimated: the likelihood has no maximum");
		return -1;
	}
	if (rtb_gpd_gof(d, &f->g, &f->gof_chi2, &f->gof_df, &f->gof_p)) {
		snprintf(f->why, sizeof(f->why), "not estimated: goodness of fit not testable (the "
			 "exceedances fill fewer than 4 bins of 5 expected)");
		return -1;
	}
	if (f->gof_p < RTB_TAIL_ALPHA) {
		snprintf(f->why, sizeof(f->why), "not estimated: goodness of fit (chi-square over "
			 "%.3f us, %llu exceedances) failed (chi2 = %.1f, %d df, p = %.2g)", (double)u / 1e3,
			 (unsigned long long)f->n_u, f->gof_chi2, f->gof_df, f->gof_p);
		return -1;
	}
	return 0;
}

/* level_at - the return level (ns) for probability p per sample at
 * threshold rate zeta: its profile-likelihood end (side -1 lower, +1
 * upper, 95%), or NAN when p is not below zeta. */
static double level_at(const struct rtb_gpd_data *d, const struct rtb_tail_fit *f, double zeta,
		       double p, int side)
{
	double y, lo, hi;

	if (rtb_gpd_return_level(d, &f->g, zeta, p, &y, side < 0 ? &lo : NULL, side > 0 ? &hi : NULL))
		return NAN;
	return (double)f->u_ns + (side < 0 ? lo : side > 0 ? hi : y);
}

/* prob_at - the largest (side +1) or smallest (side -1) probability per
 * sample of crossing x_ns that the fit's 95% uncertainty allows: the p
 * whose return-level bound is x (bisection on log p; the bounds fall as p
 * rises). 0 when even the smallest p tried reaches past x (side -1). */
static double prob_at(const struct rtb_gpd_data *d, const struct rtb_tail_fit *f, double zeta,
		      double x_ns, int side)
{
	double a = log(zeta) - 60, z = log(zeta * (1 - 1e-9));

	if (level_at(d, f, zeta, exp(z), side) >= x_ns)
		return zeta;
	if (level_at(d, f, zeta, exp(a), side) < x_ns)
		return side < 0 ? 0 : exp(a);
	for (int i = 0; i < 14; i++) {  /* log p to 0.004 (a rate to 0.4%) */
		double c = (a + z) / 2, l = level_at(d, f, zeta, exp(c), side);
		if (!(l < x_ns))
			a = c;
		else
			z = c;
	}
	return exp(side > 0 ? z : a);
}

/* predict - with a fit, what a run of run_n samples will show, as 90%
 * prediction intervals that hold the fit's own uncertainty too (the
 * hold-out runs showed the plug-in intervals, from the fitted
 * parameters alone, far too narrow): each end is the 5% or 95% quantile
 * under the far end of the parameters' 95% profile-likelihood interval
 * and of the threshold rate zeta's exact (Garwood) interval, so the
 * interval is at least 90% wide when both hold (a union bound, on the
 * wide side). What no single run can hold - the machine changing between
 * runs - is not in it (said beside it, docs/tail.md "Predicting another
 * run"). */
static void predict(struct rtb_tail *t, const struct rtb_tail_opts *o, const struct rtb_gpd_data *d,
		    double run_n, double run_h)
{
	struct rtb_tail_plan *p = &t->plan;
	const struct rtb_tail_fit *f = &t->fit;
	double zl, zh, k_lo, k_hi;

	double sd = sqrt(rtb_tail_spread_extra(t, o, run_h));

	rtb_tstat_poisson_ci(f->n_u, RTB_TAIL_CONF, &k_lo, &k_hi);
	/* the rate's spread between intervals widens zeta's ends alike */
	zl = k_lo / (double)f->n * exp(-1.96 * sd);
	zh = fmin(k_hi / (double)f->n * exp(1.96 * sd), 1);
	/* P(max <= z) = (1 - zeta S(z - u))^n ~ exp(-n zeta S): the q
	 * quantile of the maximum has zeta S = -log(q) / n */
	p->max_med_ns = level_at(d, f, f->zeta, -log(0.5) / run_n, 0);
	p->max_lo_ns = level_at(d, f, zl, -log(0.05) / run_n, -1);
	p->max_hi_ns = level_at(d, f, zh, -log(0.95) / run_n, +1);
	p->max_plug_lo_ns = level_at(d, f, f->zeta, -log(0.05) / run_n, 0);
	p->max_plug_hi_ns = level_at(d, f, f->zeta, -log(0.95) / run_n, 0);
	if (!isfinite(p->max_lo_ns) && isfinite(p->max_med_ns))
		p->max_lo_ns = (double)f->u_ns;  /* 3 crossings of u not expected: u is the floor */
	p->has_max = isfinite(p->max_med_ns) && isfinite(p->max_hi_ns);
	/* the crossings of each threshold above u: Poisson with the fitted
	 * mean; the interval's ends from the mean's far ends */
	for (size_t i = 0; i < t->nexc; i++) {
		double x = (double)t->exc[i].thr_ns, y = x - (double)f->u_ns;
		p->fit_k[i] = p->fit_k_lo[i] = p->fit_k_hi[i] = NAN;
		if (y < 0)
			continue;  /* below the fit's threshold: the rate says it */
		p->has_fit_k = 1;
		p->fit_k[i] = run_n * f->zeta * exp(rtb_gpd_logsf(y, f->g.sigma, f->g.xi));
		p->fit_k_lo[i] = rtb_tstat_poisson_quantile(run_n * prob_at(d, f, zl, x, -1), 0.05);
		p->fit_k_hi[i] = rtb_tstat_poisson_quantile(run_n * prob_at(d, f, zh, x, +1), 0.95);
	}
}

/* rtb_tail_fit_metric - the generalized Pareto tail, when the steadiness tests passed:
 * over the bucket edge with about clamp(n / 1000, POT_MIN, 1000) samples
 * above it (the top 0.1%), and if that fit fails its goodness-of-fit test,
 * over higher ones (half as many exceedances each time, down to POT_MIN):
 * the lowest threshold whose fit passes (said: a choice among several
 * thresholds makes passing likelier than one test's level). */
void rtb_tail_fit_metric(struct rtb_tail *t, const struct rtb_tail_opts *o, double run_n)
{
	const struct rtb_rf_metric *m = t->m;
	const struct rtb_tail_steady *s = &t->st;
	struct rtb_tail_fit *f = &t->fit;
	struct bins bn = { 0 };
	struct rtb_gpd_data d = { 0 };
	uint64_t want = m->count / 1000;
	int ok = -1;

	if (!m->nbuckets) {
		snprintf(f->why, sizeof(f->why), "not estimated: the file has no histogram");
		return;
	}
	if (s->failed[0]) {
		snprintf(f->why, sizeof(f->why), "not estimated: %s", s->failed);
		return;
	}
	if (!o->assume_steady && (!s->has_lb || !s->has_mk || !s->has_occ)) {
		if (!s->nblocks)
			snprintf(f->why, sizeof(f->why), "not estimated: independence and stationarity not "
				 "testable (the file has no interval series; --assume-steady fits anyway)");
		else
			snprintf(f->why, sizeof(f->why), "not estimated: independence and stationarity not "
				 "testable (%zu %s; 8 needed; --assume-steady fits anyway)", s->nblocks,
				 s->blocks_are);
		return;
	}
	f->n = m->count;
	if (o->pot_ns > 0) {
		ok = try_fit(m, o->pot_ns, f, &bn, &d);
		f->tries = 1;
	} else {
		want = want < POT_MIN ? POT_MIN : want > 1000 ? 1000 : want;
		if (pot_threshold(m, want) == INT64_MAX) {
			snprintf(f->why, sizeof(f->why), "not estimated: %llu samples (%d needed, so that the "
				 "top 1%% holds %d)", (unsigned long long)m->count, 100 * POT_MIN, POT_MIN);
			return;
		}
		char first[sizeof(f->why)] = "";
		for (; want >= POT_MIN && ok; want /= 2) {
			f->tries++;
			ok = try_fit(m, pot_threshold(m, want), f, &bn, &d);
			if (ok && !first[0])
				memcpy(first, f->why, sizeof(first));
		}
		if (ok && first[0])
			memcpy(f->why, first, sizeof(first));  /* the first (top 0.1%) failure is the one said */
	}
	if (ok)
		goto out;
	if (rtb_gpd_mle(&d, 1, &f->g)) {
		snprintf(f->why, sizeof(f->why), "not estimated: the likelihood has no maximum");
		goto out;
	}
	if (f->g.xi < -0.5) {
		/* Smith (1985): below -0.5 the maximum likelihood estimator is not
		 * regular (its intervals mean nothing); a tail that ends this
		 * abruptly is a capped or truncated one, not a law to extrapolate */
		snprintf(f->why, sizeof(f->why), "not estimated: shape %.2f below -0.5 over %.3f us (the "
			 "tail ends abruptly; maximum likelihood is not regular there)", f->g.xi,
			 (double)f->u_ns / 1e3);
		goto out;
	}
	f->done = 1;
	f->why[0] = 0;
	f->endpoint_ns = NAN;
	if (f->g.xi_lo > 0)
		f->shape = "unbounded (heavy tail)";
	else if (f->g.xi_hi < 0) {
		f->shape = "bounded";
		f->endpoint_ns = (double)f->u_ns - f->g.sigma / f->g.xi;
	} else
		f->shape = "exponential-like (light, unbounded; shape not distinguishable from 0)";
	for (int i = 0; i < RTB_TAIL_NRL; i++) {
		double y, lo, hi;
		f->rl_p[i] = rl_p[i];
		/* zeta's uncertainty profiled too (it was taken as known) */
		if (rtb_gpd_return_level_z(&d, &f->g, f->n_u, f->n, rl_p[i], &y, &lo, &hi))
			continue;
		f->rl_has[i] = 1;
		f->rl_ns[i] = (double)f->u_ns + y;
		f->rl_lo_ns[i] = (double)f->u_ns + lo;
		f->rl_hi_ns[i] = (double)f->u_ns + hi;
	}
	if (o->level_p > 0) {
		double y, lo, hi;
		if (!rtb_gpd_return_level_z(&d, &f->g, f->n_u, f->n, o->level_p, &y, &lo, &hi)) {
			f->lv_has = 1;
			f->lv_ns = (double)f->u_ns + y;
			f->lv_lo_ns = (double)f->u_ns + lo;
			f->lv_hi_ns = (double)f->u_ns + hi;
		}
	}
	if (run_n > 0)
		predict(t, o, &d, run_n, o->plan_h);
out:
	free(bn.lo);
	free(bn.hi);
	free(bn.c);
}

/* rtb_tail_fmt_ns - a time in ns in the unit that reads best: us with 3
 * decimals below 10 us, ms from 10 ms, s from 10 s; "unbounded" for an
 * infinity, "?" for a NaN. Returns buf. */
const char *rtb_tail_fmt_ns(char *buf, size_t len, double ns)
{
	if (isinf(ns))
		snprintf(buf, len, "%s", ns > 0 ? "unbounded" : "-unbounded");
	else if (!isfinite(ns))
		snprintf(buf, len, "?");
	else if (fabs(ns) >= 1e10)
		snprintf(buf, len, "%.4g s", ns / 1e9);
	else if (fabs(ns) >= 1e7)
		snprintf(buf, len, "%.1f ms", ns / 1e6);
	else
		snprintf(buf, len, fabs(ns) < 1e4 ? "%.3f us" : "%.1f us", ns / 1e3);
	return buf;
}

/* rtb_tail_fit_line - a fit in one line (tail.h) */
void rtb_tail_fit_line(char *buf, size_t len, const struct rtb_tail_fit *f)
{
	char x[32], y[32], z[32];

	if (!f->done) {
		snprintf(buf, len, "%s", f->why);
		return;
	}
	if (!f->rl_has[3]) {
		snprintf(buf, len, "shape %.3f [%.3f, %.3f] %s; over %s", f->g.xi, f->g.xi_lo, f->g.xi_hi,
			 f->shape, rtb_tail_fmt_ns(x, sizeof(x), (double)f->u_ns));
		return;
	}
	snprintf(buf, len, "shape %.3f [%.3f, %.3f] %s; 1e-9 per sample: %s [%s, %s]", f->g.xi, f->g.xi_lo,
		 f->g.xi_hi, f->shape, rtb_tail_fmt_ns(x, sizeof(x), f->rl_ns[3]), rtb_tail_fmt_ns(y, sizeof(y), f->rl_lo_ns[3]),
		 rtb_tail_fmt_ns(z, sizeof(z), f->rl_hi_ns[3]));
}
