/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - how often a metric crossed each threshold (host/tail.h):
 * counted over every sample, in the measuring loop, or bracketed by the
 * histogram's buckets; the exact intervals of the rate per sample, per
 * million and per CPU-hour; the ratio of two such rates. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/stats/tail_int.h"

/* rtb_tail_whole - m holds every sample (a count run). */
int rtb_tail_whole(const struct rtb_rf_metric *m)
{
	return m->samples && m->nsamples == m->count && m->count;
}

/* rtb_tail_top - where the overflow begins: the layout's top, else (rt-tests,
 * linear) above the last bucket, a lower bound. */
int64_t rtb_tail_top(const struct rtb_rf_metric *m)
{
	if (m->hist_top > 0)
		return m->hist_top;
	return m->nbuckets ? m->buckets[m->nbuckets - 1].hi : 0;
}

/* rtb_tail_count_from - samples >= e (an integer level) from the histogram, as
 * [*lo, *hi]: buckets wholly at or above e, and those reaching above it. */
void rtb_tail_count_from(const struct rtb_rf_metric *m, int64_t e, uint64_t *lo, uint64_t *hi,
			 int64_t *edge_lo, int64_t *edge_hi)
{
	uint64_t a = 0, b = 0;
	int64_t el = 0, eh = INT64_MAX;

	for (size_t i = 0; i < m->nbuckets; i++) {
		const struct rtb_rf_bucket *k = &m->buckets[i];
		if (k->lo >= e)
			a += k->count;
		if (k->hi > e)
			b += k->count;
		if (k->lo <= e)
			el = k->lo > el ? k->lo : el;
		if (k->hi <= e)
			el = k->hi > el ? k->hi : el;
		if (k->lo >= e && k->lo < eh)
			eh = k->lo;
		if (k->hi >= e && k->hi < eh)
			eh = k->hi;
	}
	b += m->overflow;
	if (rtb_tail_top(m) >= e)
		a += m->overflow;
	*lo = a;
	*hi = b;
	*edge_lo = el;
	*edge_hi = eh == INT64_MAX ? rtb_tail_top(m) : eh;
}

/* rtb_tail_above_make - tail_int.h */
void rtb_tail_above_make(const struct rtb_rf_metric *m, struct rtb_tail_above *a)
{
	a->m = m;
	a->suf = NULL;
	for (size_t i = 1; i < m->nbuckets; i++)
		if (m->buckets[i].lo <= m->buckets[i - 1].lo || m->buckets[i].hi <= m->buckets[i - 1].hi)
			return;
	a->suf = malloc((m->nbuckets + 1) * sizeof(*a->suf));
	if (!a->suf)
		return;
	a->suf[m->nbuckets] = 0;
	for (size_t i = m->nbuckets; i-- > 0;)
		a->suf[i] = a->suf[i + 1] + m->buckets[i].count;
}

/* first_at - the first bucket whose lo (by_hi: hi - 1) is >= e: lo and hi
 * both rise bucket by bucket (rtb_tail_above_make checked). */
static size_t first_at(const struct rtb_rf_metric *m, int64_t e, int by_hi)
{
	size_t a = 0, z = m->nbuckets;

	while (a < z) {
		size_t mid = a + (z - a) / 2;
		if ((by_hi ? m->buckets[mid].hi > e : m->buckets[mid].lo >= e))
			z = mid;
		else
			a = mid + 1;
	}
	return a;
}

/* rtb_tail_above - tail_int.h: the sums rtb_tail_count_from makes */
void rtb_tail_above(const struct rtb_tail_above *a, int64_t e, uint64_t *lo, uint64_t *hi)
{
	const struct rtb_rf_metric *m = a->m;
	int64_t el, eh;

	if (!a->suf) {
		rtb_tail_count_from(m, e, lo, hi, &el, &eh);
		return;
	}
	*lo = a->suf[first_at(m, e, 0)] + (rtb_tail_top(m) >= e ? m->overflow : 0);
	*hi = a->suf[first_at(m, e, 1)] + m->overflow;
}

/* counted_at - the index of thr among the thresholds m's run counted in
 * its loop, or -1. */
static int counted_at(const struct rtb_rf_metric *m, int64_t thr)
{
	for (int k = 0; k < m->ncounted; k++)
		if (m->counted_ns[k] == thr)
			return k;
	return -1;
}

/* narrow_by_counted - a bracketed count narrowed by the thresholds the
 * loop counted around it: no more than over the next lower one, no fewer
 * than over the next higher one. */
static void narrow_by_counted(const struct rtb_rf_metric *m, struct rtb_tail_exc *e)
{
	for (int k = 0; k < m->ncounted; k++) {
		if (m->counted_ns[k] < e->thr_ns && m->counted_over[k] < e->k_hi) {
			e->k_hi = m->counted_over[k];
			e->edge_lo_ns = m->counted_ns[k] + 1;
		}
		if (m->counted_ns[k] > e->thr_ns && m->counted_over[k] > e->k_lo) {
			e->k_lo = m->counted_over[k];
			e->edge_hi_ns = m->counted_ns[k] + 1;
		}
	}
}

/* narrow_by_lin - a bracketed count narrowed by the 1 us bins the run
 * counted as measured (run -h: lin[i] the values in [i, i + 1) us, the
 * overflow those at or past lin_bins us). Over thr is at or past v = thr
 * + 1: every bin above v's is over, v's own only in part, unless v opens
 * it (thr = N us - 1 ns); so the count is exact where that bin is wholly
 * over or empty (most of a tail's bins), else bracketed by one 1 us bin,
 * narrower than the log-linear buckets past 64 us. */
static void narrow_by_lin(const struct rtb_rf_metric *m, struct rtb_tail_exc *e)
{
	int64_t v = e->thr_ns + 1, b = v / 1000;
	uint64_t above = m->lin_overflow, part;

	if (!m->lin || v < 0 || b >= m->lin_bins)
		return;
	for (size_t i = (size_t)b + 1; i < m->nlin; i++)
		above += m->lin[i];
	part = (size_t)b < m->nlin ? m->lin[b] : 0;
	if (v == b * 1000) {
		above += part;
		part = 0;
	}
	if (above > e->k_hi || above + part < e->k_lo)
		return; /* the bins and the buckets disagree (a file made so): the buckets' */
	if (above > e->k_lo) {
		e->k_lo = above;
		e->edge_hi_ns = part ? (b + 1) * 1000 : v;
	}
	if (above + part < e->k_hi) {
		e->k_hi = above + part;
		e->edge_lo_ns = part ? b * 1000 : v;
	}
}

void rtb_tail_count(const struct rtb_rf_metric *m, int64_t thr, struct rtb_tail_exc *e)
{
	int k = counted_at(m, thr);

	memset(e, 0, sizeof(*e));
	e->thr_ns = thr;
	e->n = m->count;
	e->edge_lo_ns = e->edge_hi_ns = thr + 1;
	if (rtb_tail_whole(m)) {
		for (size_t i = 0; i < m->nsamples; i++)
			e->k_lo += m->samples[i] > thr;
		e->k_hi = e->k_lo;
		e->how = "counted over every sample";
	} else if (k >= 0) {
		e->k_lo = e->k_hi = m->counted_over[k];
		e->how = m->deadline_ns == thr ? "counted in the measuring loop (--deadline-us)"
			: "counted in the measuring loop (--count-over-us)";
	} else if (m->deadline_ns > 0 && thr == m->deadline_ns) {
		e->k_lo = e->k_hi = m->over_deadline;
		e->how = "counted in the measuring loop (--deadline-us)";
	} else if (m->max <= thr) {
		e->how = "none: the exact maximum is not over it";
	} else if (m->min > thr) {
		e->k_lo = e->k_hi = m->count;
		e->how = "all: the exact minimum is over it";
	} else {
		rtb_tail_count_from(m, thr + 1, &e->k_lo, &e->k_hi, &e->edge_lo_ns, &e->edge_hi_ns);
		uint64_t w = e->k_hi - e->k_lo, wl;
		narrow_by_lin(m, e);
		wl = e->k_hi - e->k_lo;
		narrow_by_counted(m, e);
		e->how = !w ? "from the histogram, exact (no bucket straddles it)"
			: !wl ? "from the 1 us bins, exact (none straddles it)"
			: e->k_lo == e->k_hi ? "exact: the histogram's buckets and the thresholds counted in the loop agree"
			: e->k_hi - e->k_lo < wl ? "bounded by the histogram's buckets and the thresholds counted in the loop"
			: wl < w ? "bounded by the one 1 us bin that straddles it"
			: "bounded by the histogram's buckets";
	}
	e->exact = e->k_lo == e->k_hi;
}

/* rtb_tail_rates - the intervals of e per sample, per million, per hour. */
void rtb_tail_rates(struct rtb_tail_exc *e, double hours)
{
	double a, b, c, d;

	e->hours = hours;
	rtb_tstat_binom_ci(e->k_lo, e->n, RTB_TAIL_CONF, &a, &b);
	rtb_tstat_binom_ci(e->k_hi, e->n, RTB_TAIL_CONF, &c, &d);
	e->p_lo = a;
	e->p_hi = d;
	e->per_m = 1e6 * (double)(e->k_lo + e->k_hi) / 2 / (double)e->n;
	e->per_m_lo = 1e6 * a;
	e->per_m_hi = 1e6 * d;
	if (hours > 0) {
		double per_s = (double)e->n / hours;  /* samples an hour */
		e->per_h = (double)(e->k_lo + e->k_hi) / 2 / hours;
		e->per_h_lo = a * per_s;
		e->per_h_hi = d * per_s;
	}
	if (e->k_hi == 0) {
		e->zero_p_hi = rtb_tstat_zero_upper(e->n, RTB_TAIL_CONF);
		e->zero_mtbc_h = hours > 0 ? hours / ((double)e->n * e->zero_p_hi) : 0;
	}
}

void rtb_tail_ratio_ci(uint64_t k_a, double n_a, uint64_t k_b, double n_b, double *ratio,
		       double *lo, double *hi)
{
	double plo, phi, k = (double)(k_a + k_b);

	*ratio = *lo = *hi = NAN;
	if (!(n_a > 0) || !(n_b > 0) || !(k > 0))
		return;
	/* given k_a + k_b, k_b is binomial with p = r n_b / (r n_b + n_a)
	 * (r the ratio of rates): the exact interval of p gives r's */
	rtb_tstat_binom_ci(k_b, k_a + k_b, RTB_TAIL_CONF, &plo, &phi);
	if (k_a)
		*ratio = ((double)k_b / n_b) / ((double)k_a / n_a);
	else
		*ratio = INFINITY;
	*lo = plo >= 1 ? INFINITY : plo / (1 - plo) * n_a / n_b;
	*hi = phi >= 1 ? INFINITY : phi / (1 - phi) * n_a / n_b;
}

void rtb_tail_exc_ratio(const struct rtb_tail_exc *a, const struct rtb_tail_exc *b, double *r,
			double *lo, double *hi)
{
	double x, y;

	rtb_tail_ratio_ci(a->k_hi, (double)a->n, b->k_lo, (double)b->n, &x, lo, &y);
	rtb_tail_ratio_ci(a->k_lo, (double)a->n, b->k_hi, (double)b->n, &x, &y, hi);
	*r = ((double)(b->k_lo + b->k_hi) / (double)b->n) / ((double)(a->k_lo + a->k_hi) / (double)a->n);
}
