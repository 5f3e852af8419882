/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the incomplete gamma and beta functions from their DLMF
 * definitions, and the continued-fraction evaluator (host/special.h).
 *
 * Both functions are a power-and-exponential factor (x^a e^-x / Gamma(a),
 * x^a (1-x)^b / B(a, b)) times a series or a continued fraction near 1.
 * Near the distributions' centre with a large shape (a count of 10^6) the
 * factor is the small difference of numbers near 10^7; taking its logarithm
 * as lgamma(a) - a log x - ... would lose eight digits there. So the factor
 * is assembled from Stirling's series instead (log_gamma_remainder), the
 * large parts cancelling in closed form and what is left computed as
 * log(1 + t) - t without cancellation (log1pmx). */
#include <float.h>
#include <math.h>

#include "rtbench/err.h"
#include "host/stats/special.h"

/* A stand-in for a Lentz ratio that came out exactly zero (Thompson &
 * Barnett's remedy): far below any value that matters, with a / CF_TINY
 * still finite for any |a| below 2^511. */
#define CF_TINY 0x1p-511
/* A step within a few roundings of 1: the fraction has converged. */
#define CF_EPS (4 * DBL_EPSILON)
/* The series and the fractions need a few times sqrt(a) terms where x is
 * near a (about 10^4 at a = 10^6); this bound only keeps an input no one
 * anticipated from looping for ever. */
#define MAX_TERMS 10000000ul
/* Below this argument Stirling's remainder is read from lgamma instead. */
#define STIRLING_MIN 10.0

int rtb_spec_cfrac(double b0, rtb_spec_cf_terms *terms, const void *arg,
		   unsigned long max_terms, double *value)
{
	/* The n-th approximant is A_n / B_n, with A_n = b_n A_{n-1} + a_n A_{n-2}
	 * and B_n likewise (A_0 = b0, A_-1 = 1, B_0 = 1, B_-1 = 0). Lentz keeps
	 * only the ratios up = A_n / A_{n-1} and down = B_{n-1} / B_n, which stay
	 * finite where A_n and B_n overflow, and multiplies the value by their
	 * product at each step. */
	double f = b0 != 0 ? b0 : CF_TINY, up = f, down = 0;

	for (unsigned long n = 1; n <= max_terms; n++) {
		double an, bn, step;

		terms(n, arg, &an, &bn);
		up = bn + an / up;
		down = bn + an * down;
		if (up == 0)
			up = CF_TINY;
		if (down == 0)
			down = CF_TINY;
		down = 1 / down;
		step = up * down;
		f *= step;
		if (!isfinite(f))
			break;
		if (fabs(step - 1) <= CF_EPS) {
			*value = f;
			return 0;
		}
	}
	*value = f;
	return RTB_ERANGE;
}

/* log1pmx - log(1 + t) - t for t > -1, where r is 1 + t as the caller
 * could compute it without rounding away t's digits (used for t < -1/2). */
static double log1pmx(double t, double r)
{
	if (fabs(t) <= 0.5) {
		/* DLMF 4.6.4 with z = 1 + t: log(1 + t) = 2 (w + w^3/3 + w^5/5 +
		 * ...), w = t / (2 + t), |w| <= 1/3; and 2 w - t = -t w exactly,
		 * so the first term's cancellation against t is done by hand. */
		double w = t / (2 + t), w2 = w * w, pw = w * w2, sum = 0;

		for (int j = 1; j < 60; j++) {
			double term = pw / (2 * j + 1);
			sum += term;
			if (fabs(term) <= fabs(sum) * DBL_EPSILON / 4)
				break;
			pw *= w2;
		}
		return 2 * sum - t * w;
	}
	return (t < 0 ? log(r) : log1p(t)) - t;
}

/* log_gamma_remainder - log Gamma(z) - [(z - 1/2) log z - z + log(2 pi)/2],
 * z > 0: Stirling's series (DLMF 5.11.1), whose coefficients are
 * B_2k / (2k (2k - 1)) with B_2k the Bernoulli numbers (DLMF 24.2), eight
 * terms (error below 2e-18 at z = 10); below z = 10 read from lgamma. */
static double log_gamma_remainder(double z)
{
	static const double coef[] = {
		1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188,
		-691.0 / 360360, 1.0 / 156, -3617.0 / 122400,
	};
	double inv2, pw, sum = 0;

	if (z < STIRLING_MIN)
		return lgamma(z) - ((z - 0.5) * log(z) - z + 0.5 * log(2 * M_PI));
	inv2 = 1 / (z * z);
	pw = 1 / z;
	for (unsigned k = 0; k < sizeof(coef) / sizeof(coef[0]); k++) {
		sum += coef[k] * pw;
		pw *= inv2;
	}
	return sum;
}

/* log_gamma_factor - log(x^a e^-x / Gamma(a)), a, x > 0. With Gamma(a) by
 * Stirling, a log x - x - log Gamma(a) = a [log(x/a) - (x/a - 1)]
 * + log(a / 2 pi) / 2 - remainder(a): the first term is a log1pmx of
 * t = x/a - 1, small and exact where the two large terms cancel. */
static double log_gamma_factor(double a, double x)
{
	double t = (x - a) / a;

	return a * log1pmx(t, x / a) + 0.5 * log(a / (2 * M_PI)) - log_gamma_remainder(a);
}

/* gamma_p_series - P(a, x) by its series, for x < a + 1, where its terms
 * fall from the first. DLMF 8.7.1 with gamma*(a, x) = x^-a P(a, x)
 * (DLMF 8.2(i)): P(a, x) = x^a e^-x sum_k x^k / Gamma(a + k + 1)
 * = [x^a e^-x / Gamma(a + 1)] sum_k t_k, t_0 = 1, t_k = t_{k-1} x / (a + k). */
static double gamma_p_series(double a, double x)
{
	double sum = 1, t = 1;

	for (unsigned long k = 1; k <= MAX_TERMS; k++) {
		double r = x / (a + (double)k);

		t *= r;
		sum += t;
		/* each later term falls by less than r: what is left of the
		 * series is below t r / (1 - r) */
		if (r < 1 && t * r <= (1 - r) * sum * (DBL_EPSILON / 2))
			break;
	}
	return exp(log_gamma_factor(a, x) - log(a)) * sum;
}

/* unit_fraction - 1 + c_1 / (1 + c_2 / (1 + c_3 / ...)) given 1 + c_1 as
 * one_c1 and c_2, the terms from c_3 on by terms(1, ...), terms(2, ...).
 * Where these functions' first step nearly cancels (c_1 near -1: x just
 * above a for the incomplete gamma, x just below the mean with b small for
 * the beta) the fraction is a small difference; so the caller forms
 * 1 + c_1 without that cancellation, and the rest, 1 + c_2 / T with T near
 * 1, is kept as c_2 / T apart from its 1. */
static double unit_fraction(double one_c1, double c2, rtb_spec_cf_terms *terms,
			    const void *arg)
{
	double rest, r;

	rtb_spec_cfrac(1, terms, arg, MAX_TERMS, &rest);
	r = c2 / rest;
	return (one_c1 + r) / (1 + r);
}

struct gamma_cf {
	double a, x;
};

/* gamma_q_coef - c_n of DLMF 8.9.2 divided through by its first partial
 * numerator: x^-a e^x Gamma(a, x) = (1/x) / (1 + c_1 / (1 + c_2 / (1 +
 * ...))), c_{2k-1} = (k - a) / x, c_{2k} = k / x. */
static double gamma_q_coef(const struct gamma_cf *g, unsigned long n)
{
	double k = (double)((n + 1) / 2);

	return (n % 2 ? k - g->a : k) / g->x;
}

/* gamma_q_terms - the terms of gamma_q_coef from c_3 on (unit_fraction). */
static void gamma_q_terms(unsigned long n, const void *arg, double *an, double *bn)
{
	*an = gamma_q_coef(arg, n + 2);
	*bn = 1;
}

/* gamma_q_fraction - Q(a, x) = Gamma(a, x) / Gamma(a) by DLMF 8.9.2, for
 * x >= a + 1, where the fraction converges in few terms; 1 + c_1 =
 * (x + 1 - a) / x. */
static double gamma_q_fraction(double a, double x)
{
	struct gamma_cf g = { a, x };
	double t = unit_fraction((x + 1 - a) / x, gamma_q_coef(&g, 2), gamma_q_terms, &g);

	return exp(log_gamma_factor(a, x)) / (x * t);
}

double rtb_spec_gamma_p(double a, double x)
{
	if (!(a > 0) || !(x >= 0))
		return NAN;
	if (x == 0)
		return 0;
	if (isinf(x))
		return 1;
	return x < a + 1 ? gamma_p_series(a, x) : 1 - gamma_q_fraction(a, x);
}

double rtb_spec_gamma_q(double a, double x)
{
	if (!(a > 0) || !(x >= 0))
		return NAN;
	if (x == 0)
		return 1;
	if (isinf(x))
		return 0;
	return x < a + 1 ? 1 - gamma_p_series(a, x) : gamma_q_fraction(a, x);
}

/* log_beta_factor - log(x^a y^b / B(a, b)) with y = 1 - x, both > 0 (the
 * caller passes whichever of x, y it holds exactly). With each Gamma in
 * B(a, b) = Gamma(a) Gamma(b) / Gamma(a + b) by Stirling and s = a + b,
 *   a log(x s / a) + b log(y s / b) + log(a b / (2 pi s)) / 2
 *   - remainder(a) - remainder(b) + remainder(s),
 * and with u = x s - a = b - y s, the first two terms are
 * a log1pmx(u / a) + b log1pmx(-u / b): the u and -u cancel in closed
 * form, and both are small where x is near the mean a / s. */
static double log_beta_factor(double a, double b, double x, double y)
{
	double s = a + b, u = fma(x, s, -a);

	return a * log1pmx(u / a, x * s / a) + b * log1pmx(-u / b, y * s / b) +
	       0.5 * log(a * b / (2 * M_PI * s)) - log_gamma_remainder(a) -
	       log_gamma_remainder(b) + log_gamma_remainder(s);
}

struct beta_cf {
	double a, b, x;
};

/* beta_coef - the coefficient d_n of the continued fraction of DLMF
 * 8.17(v) (8.17.22): d_{2m} = m (b - m) x / ((a + 2m - 1)(a + 2m)),
 * d_{2m+1} = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)). */
static double beta_coef(const struct beta_cf *c, unsigned long n)
{
	double a = c->a, b = c->b, x = c->x;

	if (n % 2) {
		double m = (double)((n - 1) / 2);
		return -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
	}
	double m = (double)(n / 2);
	return m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
}

/* beta_terms - the terms of beta_coef from d_3 on (unit_fraction). */
static void beta_terms(unsigned long n, const void *arg, double *an, double *bn)
{
	*an = beta_coef(arg, n + 2);
	*bn = 1;
}

/* beta_fraction - I_x(a, b) by DLMF 8.17.22, for x below the mean
 * (a + 1) / (a + b + 2), where the fraction converges fast:
 * I_x(a, b) = [x^a y^b / (a B(a, b))] / (1 + d_1 / (1 + d_2 / (1 + ...))),
 * 1 + d_1 = (a + 1 - (a + b) x) / (a + 1). */
static double beta_fraction(double a, double b, double x, double y)
{
	struct beta_cf c = { a, b, x };
	double one_d1 = fma(-(a + b), x, a + 1) / (a + 1);
	double t = unit_fraction(one_d1, beta_coef(&c, 2), beta_terms, &c);

	return exp(log_beta_factor(a, b, x, y) - log(a)) / t;
}

double rtb_spec_beta_i(double a, double b, double x)
{
	if (!(a > 0) || !(b > 0) || !(x >= 0 && x <= 1))
		return NAN;
	if (x == 0)
		return 0;
	if (x == 1)
		return 1;
	if (x < (a + 1) / (a + b + 2))
		return beta_fraction(a, b, x, 1 - x);
	/* above the mean, by the symmetry I_x(a, b) = 1 - I_{1-x}(b, a)
	 * (DLMF 8.17.4) */
	return 1 - beta_fraction(b, a, 1 - x, x);
}
