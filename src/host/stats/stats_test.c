/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - Mann-Whitney U test on weighted distributions.
 *
 * Why Mann-Whitney and not a t-test: latency distributions are skewed with
 * long tails, the very thing a real-time comparison is about, and a rank
 * test assumes nothing about their shape. Caveat (in docs/compare.md too):
 * it assumes independent samples, and consecutive latencies can be
 * correlated, so p-values are optimistic for drifting runs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/stats/stats_test.h"

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

int rtb_dist_from_values(const int64_t *v, size_t n, struct rtb_dist *out)
{
	int64_t *s;
	size_t i, k = 0;

	memset(out, 0, sizeof(*out));
	if (n == 0)
		return RTB_EINVAL;
	s = malloc(n * sizeof(*s));
	out->x = malloc(n * sizeof(*out->x));
	if (!s || !out->x) {
		free(s);
		free(out->x);
		out->x = NULL;
		return RTB_ENOMEM;
	}
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_i64);
	for (i = 0; i < n; i++) {
		if (k && out->x[k - 1].v == (double)s[i]) {
			out->x[k - 1].w += 1;
		} else {
			out->x[k].v = (double)s[i];
			out->x[k].w = 1;
			k++;
		}
	}
	free(s);
	out->n = k;
	out->total = (double)n;
	return 0;
}

int rtb_dist_from_metric(const struct rtb_rf_metric *m, struct rtb_dist *out)
{
	if (m->samples && m->nsamples)
		return rtb_dist_from_values(m->samples, m->nsamples, out);
	return rtb_dist_from_hist(m, out);
}

int rtb_dist_from_hist(const struct rtb_rf_metric *m, struct rtb_dist *out)
{
	size_t i, k = 0;

	memset(out, 0, sizeof(*out));
	if (!m->has_hist || m->nbuckets + (m->underflow > 0) + (m->overflow > 0) == 0)
		return RTB_EINVAL;
	out->x = calloc(m->nbuckets + 2, sizeof(*out->x));
	if (!out->x)
		return RTB_ENOMEM;
	out->from_hist = 1;
	/* Underflow (negative) values sort below every bucket, overflow values
	 * above: rank tests only need the order, not the exact value. */
	if (m->underflow) {
		out->x[k].v = -1;
		out->x[k++].w = (double)m->underflow;
	}
	for (i = 0; i < m->nbuckets; i++) {
		if (!m->buckets[i].count)
			continue;
		out->x[k].v = ((double)m->buckets[i].lo + (double)m->buckets[i].hi - 1) / 2;
		out->x[k++].w = (double)m->buckets[i].count;
	}
	if (m->overflow) {
		double top = m->hist_top ? (double)m->hist_top :
			(m->nbuckets ? (double)m->buckets[m->nbuckets - 1].hi : 0);
		out->x[k].v = top > (double)m->max ? top : (double)m->max;
		out->x[k++].w = (double)m->overflow;
	}
	out->n = k;
	for (i = 0; i < k; i++)
		out->total += out->x[i].w;
	if (k == 0) {
		rtb_dist_free(out);
		return RTB_EINVAL;
	}
	return 0;
}

double rtb_dist_quantile(const struct rtb_dist *d, double q)
{
	double rank = ceil(q * d->total), cum = 0;
	size_t i;

	if (rank < 1)
		rank = 1;
	for (i = 0; i < d->n; i++) {
		cum += d->x[i].w;
		if (cum >= rank)
			return d->x[i].v;
	}
	return d->n ? d->x[d->n - 1].v : 0;
}

void rtb_dist_free(struct rtb_dist *d)
{
	free(d->x);
	memset(d, 0, sizeof(*d));
}

int rtb_mwu_test(const struct rtb_dist *a, const struct rtb_dist *b, struct rtb_mwu *out)
{
	double n1 = a->total, n2 = b->total, N = n1 + n2;
	double r1 = 0, ties = 0, rank0 = 0, mu, var, d;
	size_t i = 0, j = 0;

	memset(out, 0, sizeof(*out));
	if (n1 <= 0 || n2 <= 0)
		return RTB_EINVAL;
	/* Merge the two sorted lists; each distinct value is one tie group
	 * whose members all get the group's mean rank. */
	while (i < a->n || j < b->n) {
		double v, wa = 0, wb = 0, t;

		if (j >= b->n || (i < a->n && a->x[i].v <= b->x[j].v))
			v = a->x[i].v;
		else
			v = b->x[j].v;
		if (i < a->n && a->x[i].v == v)
			wa = a->x[i++].w;
		if (j < b->n && b->x[j].v == v)
			wb = b->x[j++].w;
		t = wa + wb;
		r1 += wa * (rank0 + (t + 1) / 2);
		ties += t * t * t - t;
		rank0 += t;
	}
	out->n1 = n1;
	out->n2 = n2;
	out->u1 = r1 - n1 * (n1 + 1) / 2;
	out->p_b_gt_a = (n1 * n2 - out->u1) / (n1 * n2);
	mu = n1 * n2 / 2;
	var = n1 * n2 / 12 * ((N + 1) - ties / (N * (N - 1)));
	if (!(var > 0)) {
		/* every value tied: no evidence of any difference */
		out->z = 0;
		out->p = 1;
		return 0;
	}
	d = fabs(out->u1 - mu);
	d = d > 0.5 ? d - 0.5 : 0;
	out->z = (out->u1 >= mu ? d : -d) / sqrt(var);
	out->p = erfc(fabs(out->z) / sqrt(2.0));
	if (out->p > 1)
		out->p = 1;
	return 0;
}
