/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the occupancy test of the tail analysis (host/tail.h):
 * how many intervals k crossings hit if they fell independently, with
 * each interval's share of the samples; linear in the intervals. */
#include <math.h>
#include <stdlib.h>
#include <stdint.h>

#include "host/stats/tail.h"

/* pairs_series - sum over i != j of q_i q_j ((1 - x_i x_j)^k - 1), the
 * pairs' part of the occupancy variance, in O(b n): the binomial series
 * (1 - t)^k - 1 = sum_{n >= 1} C(k, n) (-t)^n with t = x_i x_j makes each
 * term separable, sum_{i != j} q_i q_j (x_i x_j)^n = S_n^2 - D_n with
 * S_n = sum q_i x_i^n, D_n = sum q_i^2 x_i^2n. Used when k t <= 1/4 for
 * every pair: the terms then shrink at least fourfold each, so the sum
 * stops at double precision's last digit with no cancellation (the pair
 * loop's (1 - w_i - w_j)^k - q_i q_j cancels about 1/(k t) of its digits).
 * Returns 0, or -1 when the series does not apply. */
static int pairs_series(const double *q, const double *x, size_t b, double kk, double xmax,
			double *out)
{
	double *p = malloc(b * sizeof(*p)), sum = 0, coef = 1;

	if (!p || !(kk * xmax * xmax <= 0.25)) {
		free(p);
		return -1;
	}
	for (size_t i = 0; i < b; i++)
		p[i] = q[i];
	for (int n = 1; n <= 200; n++) {
		double s = 0, d = 0;
		coef *= -(kk - (double)(n - 1)) / (double)n;  /* (-1)^n C(k, n) */
		for (size_t i = 0; i < b; i++) {
			p[i] *= x[i];
			s += p[i];
			d += p[i] * p[i];
		}
		double term = coef * (s * s - d);
		sum += term;
		if (fabs(term) <= 1e-17 * fabs(sum) || term == 0)
			break;
	}
	free(p);
	*out = sum;
	return 0;
}

/* The occupancy problem (Feller, vol. 1, II.5 / IV.2): interval i stays
 * empty with probability q_i = (1 - w_i)^k; pairs stay empty together with
 * (1 - w_i - w_j)^k; the number hit has mean sum (1 - q_i) and variance
 * sum q_i (1 - q_i) + sum_{i != j} ((1 - w_i - w_j)^k - q_i q_j). Equal
 * shares (every interval as long) take the closed form. Unequal ones: as
 * 1 - w_i - w_j = (1 - w_i)(1 - w_j)(1 - x_i x_j) with x = w / (1 - w),
 * a pair's term is q_i q_j ((1 - x_i x_j)^k - 1), summed as a series in
 * O(b) (pairs_series) where it applies, pair by pair else. */
int rtb_tstat_occupancy(const double *w, size_t b, uint64_t k, size_t hit, double *expect, double *p)
{
	double e = 0, var = 0, kk = (double)k, wmin = w[0], wmax = w[0];

	if (b < 2 || k < 2)
		return -1;
	for (size_t i = 0; i < b; i++) {
		wmin = fmin(wmin, w[i]);
		wmax = fmax(wmax, w[i]);
	}
	if (wmax - wmin <= 0.01 * wmax) {
		double wm = 1.0 / (double)b, q = exp(kk * log1p(-wm));
		double q2 = b > 2 ? exp(kk * log1p(-2 * wm)) : 0;
		e = (double)b * (1 - q);
		var = (double)b * q * (1 - q) + (double)b * ((double)b - 1) * (q2 - q * q);
	} else {
		double *q = malloc(2 * b * sizeof(*q)), *x = q + b, xmax = 0, pairs = 0;
		if (!q)
			return -1;
		for (size_t i = 0; i < b; i++) {
			q[i] = exp(kk * log1p(-fmin(w[i], 1)));
			x[i] = w[i] < 1 ? w[i] / (1 - w[i]) : INFINITY;
			xmax = fmax(xmax, x[i]);
			e += 1 - q[i];
			var += q[i] * (1 - q[i]);
		}
		if (pairs_series(q, x, b, kk, xmax, &pairs)) {
			for (size_t i = 0; i < b; i++)
				for (size_t j = 0; j < b; j++) {
					if (j == i)
						continue;
					double both = w[i] + w[j] < 1 ? exp(kk * log1p(-(w[i] + w[j]))) : 0;
					pairs += both - q[i] * q[j];
				}
		}
		var += pairs;
		free(q);
	}
	*expect = e;
	if (!(var > 0)) {
		*p = (double)hit < e - 0.5 ? 0 : 1;
		return 0;
	}
	*p = 1 - rtb_tstat_norm_sf(((double)hit + 0.5 - e) / sqrt(var));
	return 0;
}
