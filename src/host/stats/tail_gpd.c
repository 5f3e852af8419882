/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the generalized Pareto tail fitted by maximum likelihood
 * (host/tail.h).
 *
 * Pickands-Balkema-de Haan: above a high threshold u, the excess Y = X - u
 * of almost any distribution is close to the generalized Pareto,
 *   S(y) = P(Y > y) = (1 + xi y / sigma)^(-1/xi)   (xi != 0),
 *          exp(-y / sigma)                         (xi = 0),
 * with 1 + xi y / sigma > 0 (Coles 2001, 4.2). xi > 0: a heavy tail, no
 * upper end; xi = 0: exponential; xi < 0: a bounded tail ending at
 * u - sigma / xi.
 *
 * A histogram holds its exceedances as counts in buckets, so the
 * likelihood is that of grouped data: each bucket's probability
 * S(lo) - S(hi), to the power of its count (multinomial). Exact values
 * use the density (Coles 4.10). The maximum is found by Nelder-Mead
 * (Nelder & Mead 1965, the moves as in Lagarias et al. 1998, SIAM J.
 * Optim. 9:112) on (log sigma, xi); intervals by profile
 * likelihood (Coles 2.6.6): the values of a parameter whose maximized
 * likelihood is within chi2(1, 0.95) / 2 = 1.9207 of the maximum. The
 * profile intervals are asymmetric where the likelihood is (a return
 * level far out in a heavy tail), which a delta-method interval is not.
 * Written here rather than taken from a library: the one complete
 * open-source implementation in C is GSL's (GPL: not allowed here), and
 * the arithmetic is short. */
#include <math.h>
#include <stdlib.h>

#include "host/stats/tail.h"

#define XI_MIN (-1.0)         /* shapes searched: below -1 the likelihood is unbounded */
#define XI_MAX 3.0
#define HALF_CHI2_95 1.920729410347062   /* chi2(1) 0.95 quantile / 2 */
#define XI_ZERO 1e-7

double rtb_gpd_logsf(double y, double sigma, double xi)
{
	double t;

	if (y <= 0)
		return 0;
	if (isinf(y))
		return -INFINITY;
	if (fabs(xi) < XI_ZERO)
		return -y / sigma;
	t = xi * y / sigma;
	if (t <= -1)
		return -INFINITY;
	return -log1p(t) / xi;
}

double rtb_gpd_quantile(double s, double sigma, double xi)
{
	/* invert S(y) = s */
	if (fabs(xi) < XI_ZERO)
		return -sigma * log(s);
	return sigma * expm1(-xi * log(s)) / xi;
}

double rtb_gpd_nll(const struct rtb_gpd_data *d, double sigma, double xi)
{
	double nll = 0;

	if (!(sigma > 0) || !isfinite(xi))
		return INFINITY;
	if (d->y) {
		/* density: (1/sigma) (1 + xi y / sigma)^(-1/xi - 1) */
		for (size_t i = 0; i < d->ny; i++) {
			double t = xi * d->y[i] / sigma;
			if (t <= -1)
				return INFINITY;
			nll += log(sigma) + (fabs(xi) < XI_ZERO ? d->y[i] / sigma : (1 + 1 / xi) * log1p(t));
		}
		return nll;
	}
	/* a bucket's lower edge is mostly the one before's upper edge: its
	 * log S is taken from there, not computed again (the
	 * profiles evaluate this some 10^6 times on a 64-CPU file) */
	double prev_hi = NAN, prev_b = 0;
	for (size_t j = 0; j < d->nbins; j++) {
		double a, b, lp;
		if (!(d->c[j] > 0))
			continue;
		a = d->lo[j] == prev_hi ? prev_b : rtb_gpd_logsf(d->lo[j], sigma, xi);
		b = rtb_gpd_logsf(d->hi[j], sigma, xi);
		prev_hi = d->hi[j];
		prev_b = b;
		if (a == -INFINITY)
			return INFINITY;
		/* log(S(lo) - S(hi)) = log S(lo) + log(1 - S(hi) / S(lo)),
		 * without the cancellation of a narrow bucket */
		lp = a + log(-expm1(b - a));
		if (!isfinite(lp))
			return INFINITY;
		nll -= d->c[j] * lp;
	}
	return nll;
}

/* ---- Nelder-Mead on (log sigma, xi) ---- */

static double f2(const struct rtb_gpd_data *d, const double *v)
{
	return rtb_gpd_nll(d, exp(v[0]), v[1]);
}

/* nelder_mead - minimize f2 from v (2 dims); v, *fv the best. The
 * standard moves (reflect 1, expand 2, contract 1/2, shrink 1/2), stopping
 * when the simplex's values agree to 1e-12 relative or after 2000 steps. */
static int nelder_mead(const struct rtb_gpd_data *d, double *v, double *fv)
{
	double s[3][2], f[3];
	int it;

	for (int i = 0; i < 3; i++) {
		s[i][0] = v[0] + (i == 1 ? 0.25 : 0);
		s[i][1] = v[1] + (i == 2 ? 0.1 : 0);
		f[i] = f2(d, s[i]);
	}
	for (it = 0; it < 2000; it++) {
		/* order the vertices: lo best, nh next, hi worst */
		int lo = 0, nh = 1, hi = 2, t;
		double c[2], r[2], fr;
		if (f[lo] > f[nh])
			t = lo, lo = nh, nh = t;
		if (f[nh] > f[hi])
			t = nh, nh = hi, hi = t;
		if (f[lo] > f[nh])
			t = lo, lo = nh, nh = t;
		if (isfinite(f[hi]) && fabs(f[hi] - f[lo]) <= 1e-12 * (fabs(f[lo]) + 1e-10) &&
		    fabs(s[hi][0] - s[lo][0]) < 1e-9 && fabs(s[hi][1] - s[lo][1]) < 1e-9)
			break;
		for (int k = 0; k < 2; k++) {
			c[k] = (s[lo][k] + s[nh][k]) / 2;
			r[k] = 2 * c[k] - s[hi][k];
		}
		fr = f2(d, r);
		if (fr < f[lo]) {
			double e[2] = { 3 * c[0] - 2 * s[hi][0], 3 * c[1] - 2 * s[hi][1] };
			double fe = f2(d, e);
			if (fe < fr) {
				s[hi][0] = e[0], s[hi][1] = e[1], f[hi] = fe;
			} else {
				s[hi][0] = r[0], s[hi][1] = r[1], f[hi] = fr;
			}
		} else if (fr < f[nh]) {
			s[hi][0] = r[0], s[hi][1] = r[1], f[hi] = fr;
		} else {
			double k2[2], fk;
			int outside = fr < f[hi];
			for (int k = 0; k < 2; k++)
				k2[k] = outside ? (c[k] + r[k]) / 2 : (c[k] + s[hi][k]) / 2;
			fk = f2(d, k2);
			if (fk < (outside ? fr : f[hi])) {
				s[hi][0] = k2[0], s[hi][1] = k2[1], f[hi] = fk;
			} else {
				for (int i = 0; i < 3; i++) {
					if (i == lo)
						continue;
					s[i][0] = (s[i][0] + s[lo][0]) / 2;
					s[i][1] = (s[i][1] + s[lo][1]) / 2;
					f[i] = f2(d, s[i]);
				}
			}
		}
	}
	int b = 0;
	for (int i = 1; i < 3; i++)
		if (f[i] < f[b])
			b = i;
	v[0] = s[b][0];
	v[1] = s[b][1];
	*fv = f[b];
	return it;
}

/* ---- one-dimensional minimization for the profiles ---- */

/* A function of one parameter: the likelihood with the other fixed. */
struct prof {
	const struct rtb_gpd_data *d;
	int what;                 /* 0: xi fixed, minimize over log sigma; 1: sigma fixed, over xi;
				     2: return level fixed, over xi */
	double fixed;             /* xi, sigma, or y_p */
	double L;                 /* what 2: log(zeta / p) */
};

static double prof_eval(const struct prof *p, double t)
{
	switch (p->what) {
	case 0:
		return rtb_gpd_nll(p->d, exp(t), p->fixed);
	case 1:
		return rtb_gpd_nll(p->d, p->fixed, t);
	default: {
		/* y_p = sigma (e^(xi L) - 1) / xi, so sigma = y_p xi / (e^(xi L) - 1) */
		double sigma = fabs(t) < XI_ZERO ? p->fixed / p->L : p->fixed * t / expm1(t * p->L);
		return rtb_gpd_nll(p->d, sigma, t);
	}
	}
}

/* prof_min - the minimum of prof_eval over t in [a, b]: a grid of 25,
 * then golden section around the best point (the grid guards against a
 * likelihood that is infinite over part of the range); 32 steps shrink
 * the two grid steps around it to 1e-7 of themselves, and near a minimum
 * the value's error is the square of that (to 1e-11; 50 steps were used before, for
 * the same). */
static double prof_min(const struct prof *p, double a, double b)
{
	const double g = 0.6180339887498949;
	double best = INFINITY, bt = a, step = (b - a) / 24, lo, hi, x1, x2, f1, f2v;

	for (int i = 0; i <= 24; i++) {
		double t = a + step * i, v = prof_eval(p, t);
		if (v < best)
			best = v, bt = t;
	}
	if (!isfinite(best))
		return INFINITY;
	lo = fmax(a, bt - step);
	hi = fmin(b, bt + step);
	x1 = hi - g * (hi - lo);
	x2 = lo + g * (hi - lo);
	f1 = prof_eval(p, x1);
	f2v = prof_eval(p, x2);
	for (int i = 0; i < 32; i++) {
		if (f1 < f2v) {
			hi = x2, x2 = x1, f2v = f1;
			x1 = hi - g * (hi - lo);
			f1 = prof_eval(p, x1);
		} else {
			lo = x1, x1 = x2, f1 = f2v;
			x2 = lo + g * (hi - lo);
			f2v = prof_eval(p, x2);
		}
	}
	return fmin(best, fmin(f1, f2v));
}

/* The profile of the parameter, as a function of its value. */
struct pspec {
	struct prof p;
	double lo, hi;            /* the range of the parameter minimized over */
	int log_scale;            /* the value scanned is exp(t) */
	/* a return level with zeta unknown too (zn > 0): n_u of zn samples
	 * over the threshold; p the level's probability per sample */
	double zn_u, zn, p_lvl;
};

/* zeta_nll - the binomial negative log-likelihood of zeta = e^t from
 * n_u of n, less its value at the estimate n_u / n (0 there). */
static double zeta_nll(const struct pspec *s, double t)
{
	double z = exp(t), zh = s->zn_u / s->zn, m = s->zn - s->zn_u;

	if (!(z < 1))
		return INFINITY;
	return -(s->zn_u * (t - log(zh)) + m * (log1p(-z) - log1p(-zh)));
}

/* zeta_free - the profile at y_p with zeta free too: the minimum over
 * log zeta of the binomial part plus the GPD profile at L = log(zeta /
 * p) (the likelihoods add: the count over the threshold and the sizes of
 * the exceedances are independent parts of it, Coles 4.3.3). The GPD
 * part is smooth in log zeta, the binomial part near a parabola of width
 * 1/sqrt(n_u): three points a standard deviation apart, then the
 * parabola's vertex (within 4); the least value seen (a slight
 * overestimate of the minimum: the interval at most a little narrow). */
static double zeta_free(struct pspec *s)
{
	double t0 = log(s->zn_u / s->zn), h = 1 / sqrt(s->zn_u), g[3], best = INFINITY, den;

	for (int i = 0; i < 3; i++) {
		double t = t0 + (i - 1) * h;
		s->p.L = t - log(s->p_lvl);
		g[i] = s->p.L > 0 ? zeta_nll(s, t) + prof_min(&s->p, s->lo, s->hi) : INFINITY;
		best = fmin(best, g[i]);
	}
	den = g[0] - 2 * g[1] + g[2];
	if (isfinite(den) && den > 0) {
		double t = t0 + fmax(-4, fmin(4, (g[0] - g[2]) / (2 * den))) * h;
		s->p.L = t - log(s->p_lvl);
		if (s->p.L > 0)
			best = fmin(best, zeta_nll(s, t) + prof_min(&s->p, s->lo, s->hi));
	}
	return best;
}

static double profile_at(struct pspec *s, double v)
{
	s->p.fixed = s->log_scale ? exp(v) : v;
	if (s->zn > 0)
		return zeta_free(s);
	return prof_min(&s->p, s->lo, s->hi);
}

/* profile_end - from the estimate v0 (profile value f0 = the minimum)
 * toward dir (+1, -1), the value where the profile rises by HALF_CHI2_95:
 * stepping out (from step, by a parabola's reach) to at most `limit`, then the root
 * bracketed between the last point below and the first at or above it,
 * to 1e-6 (relative), by regula falsi with the Illinois change (Dowell
 * and Jarratt 1971: the retained end's value halved when it is kept
 * twice), bisection where an end's value is not finite. The
 * bisection alone took 15-20 profile points an end, each a minimization
 * (four with zeta free); this takes 4-6 for the same end. +-INFINITY
 * when the profile does not rise that far within the limit. */
static double profile_end(struct pspec *s, double v0, double f0, double step, double dir,
			  double limit)
{
	double in = v0, out = v0, target = f0 + HALF_CHI2_95, gi = f0 - target, go;
	int kept = 0;

	for (;;) {
		out = in + dir * step;
		if ((dir > 0 && out >= limit) || (dir < 0 && out <= limit)) {
			out = limit;
			if ((go = profile_at(s, out) - target) < 0)
				return dir * INFINITY;
			break;
		}
		if ((go = profile_at(s, out) - target) >= 0)
			break;
		/* near its minimum the profile is a parabola: the next
		 * point a fifth beyond where that reaches the target, doubling
		 * where the profile did not rise (two or three points out
		 * instead of up to eight) */
		double rise = go + HALF_CHI2_95, dist = fabs(out - v0);
		in = out;
		gi = go;
		if (rise > 0)
			step = dist * (1.2 * sqrt(HALF_CHI2_95 / rise) - 1);
		else
			step *= 2;
	}
	for (int i = 0; i < 60; i++) {
		double c, g;
		if (isfinite(gi) && isfinite(go) && go > gi)
			c = in + (out - in) * (-gi / (go - gi));
		else
			c = (in + out) / 2;
		g = profile_at(s, c) - target;
		if (g >= 0) {
			out = c, go = g;
			gi = kept == -1 ? gi / 2 : gi;
			kept = -1;
		} else {
			in = c, gi = g;
			go = kept == 1 ? go / 2 : go;
			kept = 1;
		}
		if (fabs(out - in) <= 1e-6 * (fabs(in) + 1e-3))
			break;
	}
	return (in + out) / 2;
}

/* mean_excess - a start for sigma: the mean of the exceedances. */
static double mean_excess(const struct rtb_gpd_data *d)
{
	double s = 0, n = 0;

	if (d->y) {
		for (size_t i = 0; i < d->ny; i++)
			s += d->y[i];
		return d->ny ? s / (double)d->ny : 0;
	}
	for (size_t j = 0; j < d->nbins; j++) {
		double mid = isinf(d->hi[j]) ? d->lo[j] : (d->lo[j] + d->hi[j]) / 2;
		s += d->c[j] * mid;
		n += d->c[j];
	}
	return n > 0 ? s / n : 0;
}

int rtb_gpd_mle(const struct rtb_gpd_data *d, int ci, struct rtb_gpd_fit *f)
{
	static const double xi0[] = { 0.1, -0.2, 0.4 };
	double me = mean_excess(d), best = INFINITY, bv[2] = { 0, 0 };

	if (!(me > 0))
		return -1;
	for (size_t i = 0; i < sizeof(xi0) / sizeof(xi0[0]); i++) {
		/* for a GPD, the mean excess is sigma / (1 - xi) */
		double v[2] = { log(me * (1 - xi0[i])), xi0[i] }, fv;
		if (!isfinite(f2(d, v)))
			v[1] = 0.5;
		f->iters = nelder_mead(d, v, &fv);
		if (fv < best)
			best = fv, bv[0] = v[0], bv[1] = v[1];
	}
	if (!isfinite(best))
		return -1;
	/* polish: restart at the best (Nelder-Mead can stall on a ridge) */
	f->iters += nelder_mead(d, bv, &best);
	f->sigma = exp(bv[0]);
	f->xi = bv[1];
	f->nll = best;
	f->sigma_lo = f->sigma_hi = f->xi_lo = f->xi_hi = NAN;
	if (!ci)
		return 0;
	struct pspec s = { .p = { .d = d, .what = 0 }, .lo = bv[0] - 6, .hi = bv[0] + 6 };
	f->xi_lo = profile_end(&s, f->xi, best, 0.02, -1, XI_MIN);
	f->xi_hi = profile_end(&s, f->xi, best, 0.02, +1, XI_MAX);
	struct pspec t = { .p = { .d = d, .what = 1 }, .lo = XI_MIN, .hi = XI_MAX, .log_scale = 1 };
	f->sigma_lo = exp(profile_end(&t, bv[0], best, 0.02, -1, bv[0] - 10));
	f->sigma_hi = exp(profile_end(&t, bv[0], best, 0.02, +1, bv[0] + 10));
	return 0;
}

/* return_level - rtb_gpd_return_level (n 0: zeta known) and
 * rtb_gpd_return_level_z (zeta = n_u / n, its uncertainty profiled). */
static int return_level(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f, double zeta,
			double n_u, double n, double p, double *y, double *lo, double *hi)
{
	double L, ly;

	if (!(p < zeta) || !(p > 0))
		return -1;
	L = log(zeta / p);
	*y = rtb_gpd_quantile(p / zeta, f->sigma, f->xi);
	if (!lo && !hi)
		return 0;
	/* the profile over xi of the likelihood with y_p fixed; scanned on
	 * log y_p (a return level far out spans decades) */
	struct pspec s = { .p = { .d = d, .what = 2, .L = L }, .lo = XI_MIN, .hi = XI_MAX,
			   .log_scale = 1, .zn_u = n_u, .zn = n, .p_lvl = p };
	ly = log(*y);
	/* an end not asked for is not profiled (the predictions want one) */
	if (lo)
		*lo = exp(profile_end(&s, ly, f->nll, 0.02, -1, ly - 20));
	if (hi)
		*hi = exp(profile_end(&s, ly, f->nll, 0.02, +1, ly + 20));
	return 0;
}

int rtb_gpd_return_level(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f,
			 double zeta, double p, double *y, double *lo, double *hi)
{
	return return_level(d, f, zeta, 0, 0, p, y, lo, hi);
}

int rtb_gpd_return_level_z(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f,
			   uint64_t n_u, uint64_t n, double p, double *y, double *lo, double *hi)
{
	if (!n_u || n_u >= n)
		return -1;
	return return_level(d, f, (double)n_u / (double)n, (double)n_u, (double)n, p, y, lo, hi);
}

int rtb_gpd_gof(const struct rtb_gpd_data *d, const struct rtb_gpd_fit *f, double *chi2,
		int *df, double *p)
{
	double total = 0, obs = 0, e_lo_logsf = 0, x2 = 0;
	int nb = 0;

	if (d->y || !d->nbins)
		return -1;
	for (size_t j = 0; j < d->nbins; j++)
		total += d->c[j];
	/* walk the buckets in order (empty stretches between them count
	 * nothing), closing a merged bin once it expects >= 5; the last bin
	 * runs to infinity */
	for (size_t j = 0; j < d->nbins; j++) {
		double e;
		obs += d->c[j];
		if (j + 1 == d->nbins)
			break;
		/* the merged bin so far ends where the next bucket begins */
		e = total * (exp(e_lo_logsf) - exp(rtb_gpd_logsf(d->lo[j + 1], f->sigma, f->xi)));
		if (e >= 5) {
			x2 += (obs - e) * (obs - e) / e;
			nb++;
			obs = 0;
			e_lo_logsf = rtb_gpd_logsf(d->lo[j + 1], f->sigma, f->xi);
		}
	}
	{
		double e = total * exp(e_lo_logsf);
		if (e > 0)
			x2 += (obs - e) * (obs - e) / e;
		nb++;
	}
	if (nb < 4)
		return -1;
	*chi2 = x2;
	*df = nb - 3;
	*p = rtb_tstat_chi2_sf(x2, *df);
	return 0;
}
