/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - one metric's tail (host/tail.h, docs/tail.md): how often
 * each threshold was crossed, with exact intervals; whether the tail was
 * steady across the run; an extreme-value fit only where that holds; how
 * long a run shows a rate. Reads any metric the result reader loads:
 * rtbench's count runs (every sample), its long runs (histogram and
 * interval series) and rt-tests --json histograms (1 us buckets). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/resultfile.h"
#include "host/tail.h"

#define CONF 0.95
#define NS_PER_H 3.6e12
#define POT_MIN 50            /* fewer exceedances: no fit (and n >= 100 POT_MIN) */

static const double rl_p[RTB_TAIL_NRL] = { 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12 };

/* samples_whole - m holds every sample (a count run). */
static int samples_whole(const struct rtb_rf_metric *m)
{
	return m->samples && m->nsamples == m->count && m->count;
}

/* top_of - where the overflow begins: the layout's top, else (rt-tests,
 * linear) above the last bucket, a lower bound. */
static int64_t top_of(const struct rtb_rf_metric *m)
{
	if (m->hist_top > 0)
		return m->hist_top;
	return m->nbuckets ? m->buckets[m->nbuckets - 1].hi : 0;
}

/* count_from - samples >= e (an integer level) from the histogram, as
 * [*lo, *hi]: buckets wholly at or above e, and those reaching above it. */
static void count_from(const struct rtb_rf_metric *m, int64_t e, uint64_t *lo, uint64_t *hi,
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
	if (top_of(m) >= e)
		a += m->overflow;
	*lo = a;
	*hi = b;
	*edge_lo = el;
	*edge_hi = eh == INT64_MAX ? top_of(m) : eh;
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

void rtb_tail_count(const struct rtb_rf_metric *m, int64_t thr, struct rtb_tail_exc *e)
{
	int k = counted_at(m, thr);

	memset(e, 0, sizeof(*e));
	e->thr_ns = thr;
	e->n = m->count;
	e->edge_lo_ns = e->edge_hi_ns = thr + 1;
	if (samples_whole(m)) {
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
		count_from(m, thr + 1, &e->k_lo, &e->k_hi, &e->edge_lo_ns, &e->edge_hi_ns);
		uint64_t w = e->k_hi - e->k_lo;
		narrow_by_counted(m, e);
		e->how = e->k_lo == e->k_hi ? (w ? "exact: the histogram's buckets and the thresholds counted in the loop agree"
					       : "from the histogram, exact (no bucket straddles it)")
			: e->k_hi - e->k_lo < w ? "bounded by the histogram's buckets and the thresholds counted in the loop"
			: "bounded by the histogram's buckets";
	}
	e->exact = e->k_lo == e->k_hi;
}

/* rtb_tail_rates - the intervals of e per sample, per million, per hour. */
void rtb_tail_rates(struct rtb_tail_exc *e, double hours)
{
	double a, b, c, d;

	e->hours = hours;
	rtb_ts_binom_ci(e->k_lo, e->n, CONF, &a, &b);
	rtb_ts_binom_ci(e->k_hi, e->n, CONF, &c, &d);
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
		e->zero_p_hi = rtb_ts_zero_upper(e->n, CONF);
		e->zero_mtbc_h = hours > 0 ? hours / ((double)e->n * e->zero_p_hi) : 0;
	}
}

/* ---- blocks: the intervals, or equal blocks of the samples ---- */

struct blocks {
	size_t n;
	double *w;                /* share of the samples */
	double *max;              /* block maximum (ns) */
	uint64_t *cnt;            /* samples in it */
	double *q;                /* its p99.9 (pq 0.001) or p99 (pq 0.01); NULL: none */
	size_t *iv;               /* the interval it is (m->intervals[iv[i]]); NULL: blocks of samples */
	double pq;
	double t0_s, len_s;       /* block i covers [t0 + i len, ...) s; len 0: unknown */
	const struct rtb_rf_metric *m;
	int whole;                /* from the samples: per-block counts possible */
};

static void blocks_free(struct blocks *b)
{
	free(b->w);
	free(b->max);
	free(b->cnt);
	free(b->q);
	free(b->iv);
}

static int blocks_make(const struct rtb_rf_metric *m, double period_ns, struct blocks *b)
{
	size_t n = 0;

	memset(b, 0, sizeof(*b));
	b->m = m;
	if (m->nintervals >= 2)
		n = m->nintervals;
	else if (samples_whole(m) && m->count >= 800)
		n = m->count / 200 < 50 ? m->count / 200 : 50;
	if (n < 2)
		return 0;
	b->w = calloc(n, sizeof(*b->w));
	b->max = calloc(n, sizeof(*b->max));
	b->cnt = calloc(n, sizeof(*b->cnt));
	if (!b->w || !b->max || !b->cnt)
		return RTB_ENOMEM;
	if (m->nintervals >= 2) {
		size_t k = 0;
		int all999 = 1;
		if (!(b->q = calloc(n, sizeof(*b->q))) || !(b->iv = calloc(n, sizeof(*b->iv))))
			return RTB_ENOMEM;
		for (size_t i = 0; i < m->nintervals; i++)
			all999 &= !m->intervals[i].count || m->intervals[i].p999_ns > 0;
		b->pq = all999 ? 0.001 : 0.01;
		for (size_t i = 0; i < m->nintervals; i++) {
			const struct rtb_rf_interval *iv = &m->intervals[i];
			if (!iv->count)
				continue;
			b->cnt[k] = iv->count;
			b->max[k] = (double)iv->max_ns;
			b->w[k] = (double)iv->count / (double)m->count;
			b->q[k] = (double)(all999 ? iv->p999_ns : iv->p99_ns);
			b->iv[k] = i;
			k++;
		}
		b->n = k;
		b->t0_s = (double)m->intervals[0].start_ns / 1e9;
		b->len_s = (double)(m->intervals[0].end_ns - m->intervals[0].start_ns) / 1e9;
		return 0;
	}
	b->whole = 1;
	for (size_t i = 0; i < n; i++) {
		size_t a = m->count * i / n, z = m->count * (i + 1) / n;
		b->cnt[i] = z - a;
		b->w[i] = (double)(z - a) / (double)m->count;
		for (size_t j = a; j < z; j++)
			b->max[i] = fmax(b->max[i], (double)m->samples[j]);
	}
	b->n = n;
	b->len_s = period_ns > 0 ? (double)(m->count / n) * period_ns / 1e9 : 0;
	return 0;
}

/* where - "minutes 19-21" / "s 40-60" / "blocks 3-5" for blocks a..z. */
static void where(const struct blocks *b, size_t a, size_t z, char *buf, size_t len)
{
	if (b->len_s > 0) {
		double s0 = b->t0_s + b->len_s * (double)a, s1 = b->t0_s + b->len_s * (double)(z + 1);
		if (s1 >= 180)
			snprintf(buf, len, "minutes %.0f-%.0f", floor(s0 / 60), ceil(s1 / 60));
		else
			snprintf(buf, len, "seconds %.0f-%.0f", s0, s1);
	} else {
		snprintf(buf, len, "blocks %zu-%zu of %zu", a + 1, z + 1, b->n);
	}
}

/* name_burst - the shortest stretch of blocks holding at least 3/4 of
 * what the weights v (per-block crossings or hits) add up to, when it is
 * at most a quarter of the run. */
static void name_burst(const struct blocks *b, const double *v, const char *what, char *out,
		       size_t len)
{
	double tot = 0, need, best_sum = 0;
	size_t ba = 0, bz = b->n - 1;
	char w[64];

	for (size_t i = 0; i < b->n; i++)
		tot += v[i];
	if (!(tot > 0))
		return;
	need = ceil(0.75 * tot);
	for (size_t a = 0; a < b->n; a++) {
		double s = 0;
		for (size_t z = a; z < b->n; z++) {
			s += v[z];
			if (s >= need) {
				if (z - a < bz - ba || (z - a == bz - ba && s > best_sum))
					ba = a, bz = z, best_sum = s;
				break;
			}
		}
	}
	if (bz - ba + 1 > (b->n + 3) / 4)
		return;  /* spread over more than a quarter of the run: no burst to name */
	where(b, ba, bz, w, sizeof(w));
	snprintf(out, len, "%.0f of %.0f %s in %s (%zu of %zu %s)", best_sum, tot, what, w,
		 bz - ba + 1, b->n, b->len_s > 0 && b->whole == 0 ? "intervals" : "blocks");
}

/* worst_times - where in the run (0..1) the worst samples fell, into
 * u (at most RTB_TAIL_WORST): a count run's from the samples' indices; a
 * long run's from their monotonic times, placed by the intervals whose
 * maximum each one is (the clock's origin is not in the file: each such
 * match bounds it by its interval, and the bounds intersect). Returns how
 * many, 0 when they cannot be placed. */
#define RTB_TAIL_WORST 16
static size_t worst_times(const struct rtb_rf_metric *m, double *u)
{
	size_t n = 0;

	if (samples_whole(m)) {
		/* the 16 largest by repeated scans: 16 passes at count-run sizes */
		size_t idx[RTB_TAIL_WORST];
		for (n = 0; n < RTB_TAIL_WORST && n < m->count; n++) {
			size_t best = SIZE_MAX;
			for (size_t i = 0; i < m->count; i++) {
				int taken = 0;
				for (size_t k = 0; k < n && !taken; k++)
					taken = idx[k] == i;
				if (!taken && (best == SIZE_MAX || m->samples[i] > m->samples[best]))
					best = i;
			}
			idx[n] = best;
			u[n] = ((double)best + 0.5) / (double)m->count;
		}
		return n;
	}
	if (m->nintervals < 2 || !m->nworst_s)
		return 0;
	double lo = -INFINITY, hi = INFINITY, t0 = (double)m->intervals[0].start_ns,
	       span = (double)(m->intervals[m->nintervals - 1].end_ns - m->intervals[0].start_ns);
	int pins = 0;
	for (size_t j = 0; j < m->nworst_s; j++) {
		size_t hit = SIZE_MAX, nhit = 0;
		for (size_t i = 0; i < m->nintervals; i++)
			if (m->intervals[i].count && m->intervals[i].max_ns == m->worst[j].ns)
				hit = i, nhit++;
		if (nhit != 1)
			continue;
		/* start_i <= t - off < end_i */
		lo = fmax(lo, (double)m->worst[j].t_ns - (double)m->intervals[hit].end_ns);
		hi = fmin(hi, (double)m->worst[j].t_ns - (double)m->intervals[hit].start_ns);
		pins++;
	}
	if (!pins || lo > hi || !(span > 0))
		return 0;
	for (size_t j = 0; j < m->nworst_s && n < RTB_TAIL_WORST; j++) {
		double r = ((double)m->worst[j].t_ns - (lo + hi) / 2 - t0) / span;
		u[n++] = fmin(1, fmax(0, r));
	}
	return n;
}

/* name_worst - the shortest stretch holding 3/4 of the worst samples'
 * times u[0..n) (sorted), else half of them, when it is at most a
 * quarter of the run. */
static void name_worst(const struct blocks *b, const double *u, size_t n, char *out, size_t len)
{
	size_t need = (3 * n + 3) / 4, ba, bz;
	double span_s = b->len_s * (double)b->n;

again:
	ba = 0, bz = n - 1;
	for (size_t a = 0; a + need <= n; a++)
		if (u[a + need - 1] - u[a] < u[bz] - u[ba])
			ba = a, bz = a + need - 1;
	/* then as many more as fit in a stretch at most half as long again
	 * (and a quarter of the run) */
	double w0 = u[bz] - u[ba];
	for (size_t k = n; k > need; k--) {
		size_t a2 = 0, z2 = k - 1;
		for (size_t a = 0; a + k <= n; a++)
			if (u[a + k - 1] - u[a] < u[z2] - u[a2])
				a2 = a, z2 = a + k - 1;
		if (u[z2] - u[a2] <= fmin(0.25, fmax(1.5 * w0, 0.02))) {
			ba = a2, bz = z2;
			break;
		}
	}
	if (u[bz] - u[ba] > 0.25) {
		if (need > n / 2) {
			need = n / 2;  /* else half of them, as the scan test */
			goto again;
		}
		return;
	}
	if (span_s > 0) {
		double s0 = u[ba] * span_s + b->t0_s, s1 = u[bz] * span_s + b->t0_s;
		if (span_s >= 600)
			snprintf(out, len, "%zu of the %zu worst samples in minutes %.0f-%.0f", bz - ba + 1, n,
				 floor(s0 / 60), ceil(s1 / 60) > floor(s0 / 60) ? ceil(s1 / 60) : floor(s0 / 60) + 1);
		else
			snprintf(out, len, "%zu of the %zu worst samples in seconds %.0f-%.0f", bz - ba + 1, n,
				 floor(s0), ceil(s1) > floor(s0) ? ceil(s1) : floor(s0) + 1);
	} else {
		snprintf(out, len, "%zu of the %zu worst samples within %.0f%% of the run (from %.0f%%)",
			 bz - ba + 1, n, 100 * (u[bz] - u[ba]), 100 * u[ba]);
	}
}

/* counted_for_spread - the threshold counted in the loop whose exact
 * per-interval counts say most about the tail's rate between intervals:
 * the highest with at least 5 crossings an interval on average (-1: none). */
static int counted_for_spread(const struct rtb_rf_metric *m, const struct blocks *b)
{
	int best = -1;

	for (int k = 0; b->iv && k < m->ncounted; k++)
		if ((double)m->counted_over[k] >= 5.0 * (double)b->n)
			best = k;
	return best;
}

/* run_scale - the spread at the run's scale (rtb_ts_run_scale) into s. */
static void run_scale(const double *r, const double *v, size_t k, struct rtb_tail_steady *s)
{
	int rc = rtb_ts_run_scale(r, v, k, &s->spread_v1, &s->spread_slope, &s->spread_halves2);

	s->has_vt = rc & 1;
	s->has_halves = (rc & 2) != 0;
}

/* spread_from - the spread of one set of rates (rtb_ts_rate_spread, the
 * run's scale) into x; -1 when too few. */
static int spread_from(double *r, const double *v, size_t k, struct rtb_tail_steady *x)
{
	double vm = 0, mean = 0;

	x->nspread = k;
	if (rtb_ts_rate_spread(r, v, k, &x->spread_tau, &x->spread_rho, &x->spread_beff,
			       &x->spread_chi2, &x->spread_p))
		return -1;
	for (size_t i = 0; i < k; i++)
		vm += v[i] / (double)k, mean += r[i] / (double)k;
	x->spread_sampling = sqrt(vm);
	for (size_t i = 0; i < k; i++)
		r[i] /= mean;
	run_scale(r, v, k, x);
	return 0;
}

/* rate_spread - how much the tail's rate varies between the intervals,
 * at two levels where the file has both, the larger kept (round 9: the
 * load pairs' counted 2 ms threshold, crossed by stress-ng's regular
 * stalls, showed no spread while the rate at the p99.9 edge did):
 * where the run counted a threshold in its loop, interval i's exact count
 * c_i over it against the n_i K / N the whole run's rate expects (the
 * dispersion test of those counts is steady()'s too); and from the
 * intervals' quantiles: interval i's q_i (its p99.9, else p99) is
 * exceeded by a share pq of its samples; the whole run's share over q_i
 * against pq is the interval's rate against the run's at that level
 * (exact at a bucket edge, the middle of the bracket else), known to
 * 1 / sqrt(pq n_i) from sampling alone. */
static void rate_spread(const struct rtb_rf_metric *m, const struct blocks *b,
			struct rtb_tail_steady *s)
{
	double *r, *v;
	size_t k = 0;
	int ck = counted_for_spread(m, b);
	struct rtb_tail_steady q = *s;

	q.spread_level_ns = 0;

	if ((!b->q && ck < 0) || b->n < 4 || (!m->nbuckets && ck < 0))
		return;
	r = malloc(b->n * sizeof(*r));
	v = malloc(b->n * sizeof(*v));
	if (!r || !v)
		goto out;
	if (ck >= 0) {
		for (size_t i = 0; i < b->n; i++) {
			double want = (double)b->cnt[i] * (double)m->counted_over[ck] / (double)m->count;
			r[k] = (double)m->intervals[b->iv[i]].over[ck] / want;
			v[k++] = 1 / want;
		}
		s->spread_pq = (double)m->counted_over[ck] / (double)m->count;
		s->spread_thr_ns = m->counted_ns[ck];
		s->spread_level_ns = (double)m->counted_ns[ck];
		s->has_spread = spread_from(r, v, k, s) == 0;
	}
	k = 0;
	for (size_t i = 0; b->q && m->nbuckets && i < b->n; i++) {
		uint64_t lo, hi;
		int64_t el, eh;
		if (!(b->q[i] > 0) || (double)b->cnt[i] * b->pq < 1)
			continue;
		count_from(m, (int64_t)b->q[i] + 1, &lo, &hi, &el, &eh);
		r[k] = ((double)lo + (double)hi) / 2 / (double)m->count / b->pq;
		v[k] = 1 / (b->pq * (double)b->cnt[i]);
		q.spread_level_ns = fmax(q.spread_level_ns, b->q[i]);
		k++;
	}
	q.spread_pq = b->pq;
	q.spread_thr_ns = 0;
	if (k && spread_from(r, v, k, &q) == 0 && (!s->has_spread || q.spread_tau > s->spread_tau)) {
		q.has_spread = 1;
		*s = q;
	}
out:
	free(r);
	free(v);
}

static void steady(const struct rtb_rf_metric *m, const struct blocks *b, struct rtb_tail_steady *s)
{
	double wu[RTB_TAIL_WORST];
	size_t nw = worst_times(m, wu);

	double *lm = NULL, *hitv = NULL;
	uint64_t cum = 0;

	s->nblocks = b->n;
	s->blocks_are = b->whole ? "blocks of samples" : "intervals";
	s->block_s = b->len_s;
	if (b->n < 8)
		return;
	lm = malloc(b->n * sizeof(*lm));
	hitv = calloc(b->n, sizeof(*hitv));
	if (!lm || !hitv)
		goto out;
	for (size_t i = 0; i < b->n; i++)
		lm[i] = log(fmax(b->max[i], 1));
	s->lb_lags = b->n / 5 < 10 ? (int)(b->n / 5) : 10;
	if (s->lb_lags < 1)
		s->lb_lags = 1;
	s->has_lb = rtb_ts_ljung_box(lm, b->n, s->lb_lags, &s->lb_q, &s->lb_p) == 0;
	s->has_mk = rtb_ts_mann_kendall(b->max, b->n, &s->mk_z, &s->mk_p) == 0;
	rate_spread(m, b, s);

	/* the level crossed about once per block on average: the highest
	 * bucket edge with at least as many samples at or above it as there
	 * are blocks (exact at an edge) */
	for (size_t i = m->nbuckets; i-- > 0;) {
		cum += m->buckets[i].count + (i + 1 == m->nbuckets ? m->overflow : 0);
		if (cum >= b->n) {
			s->occ_thr_ns = m->buckets[i].lo;
			break;
		}
	}
	if (s->occ_thr_ns > 0) {
		uint64_t *c = calloc(b->n, sizeof(*c));
		if (!c)
			goto out;
		s->occ_k = cum;
		for (size_t i = 0; i < b->n; i++)
			s->occ_hit += b->max[i] >= (double)s->occ_thr_ns;
		s->has_occ = rtb_ts_occupancy(b->w, b->n, s->occ_k, s->occ_hit, &s->occ_expect,
					      &s->occ_p) == 0;
		if (b->whole) {
			size_t per = 0;
			for (size_t i = 0; i < b->n; i++) {
				size_t a = m->count * i / b->n, z = m->count * (i + 1) / b->n;
				for (size_t j = a; j < z; j++)
					c[i] += m->samples[j] >= s->occ_thr_ns;
				per += c[i];
				hitv[i] = (double)c[i];
			}
			s->occ_k = per;
			s->has_disp = rtb_ts_dispersion(c, b->w, b->n, &s->disp_chi2, &s->disp_p) == 0;
			s->disp_thr_ns = s->occ_thr_ns;
		} else {
			for (size_t i = 0; i < b->n; i++)
				hitv[i] = b->max[i] >= (double)s->occ_thr_ns;
			/* a threshold counted in the loop: its exact per-interval
			 * counts, tested for dispersion as a count run's blocks are */
			int ck = counted_for_spread(m, b);
			if (ck >= 0) {
				for (size_t i = 0; i < b->n; i++)
					c[i] = m->intervals[b->iv[i]].over[ck];
				s->disp_thr_ns = m->counted_ns[ck];
				s->has_disp = rtb_ts_dispersion(c, b->w, b->n, &s->disp_chi2, &s->disp_p) == 0;
			}
		}
		free(c);
	}
	if (s->has_lb && s->lb_p < RTB_TAIL_ALPHA)
		snprintf(s->failed, sizeof(s->failed), "independence (Ljung-Box on the %s' maxima) "
			 "failed (Q = %.1f, %d lags, p = %.2g)", s->blocks_are, s->lb_q, s->lb_lags, s->lb_p);
	else if (s->has_mk && s->mk_p < RTB_TAIL_ALPHA)
		snprintf(s->failed, sizeof(s->failed), "no trend (Mann-Kendall on the %s' maxima) "
			 "failed (z = %+.2f, p = %.2g: the maxima %s)", s->blocks_are, s->mk_z, s->mk_p,
			 s->mk_z > 0 ? "rise" : "fall");
	else if (s->has_disp && s->disp_p < RTB_TAIL_ALPHA)
		snprintf(s->failed, sizeof(s->failed), "steady crossings (dispersion of the %s' "
			 "counts over %.4g us) failed (chi2 = %.1f, %zu df, p = %.2g)", s->blocks_are,
			 (double)s->disp_thr_ns / 1e3, s->disp_chi2, b->n - 1, s->disp_p);
	else if (s->has_occ && s->occ_p < RTB_TAIL_ALPHA)
		snprintf(s->failed, sizeof(s->failed), "steady crossings (%llu over %.1f us in %zu of "
			 "%zu %s, %.1f expected if steady) failed (p = %.2g)",
			 (unsigned long long)s->occ_k, (double)s->occ_thr_ns / 1e3, s->occ_hit, b->n,
			 s->blocks_are, s->occ_expect, s->occ_p);
	if (nw >= 8) {
		/* are half of the worst samples bunched in a short stretch? */
		s->scan_n = nw;
		s->scan_k = nw / 2;
		s->has_scan = rtb_ts_scan(wu, nw, s->scan_k, &s->scan_w, &s->scan_p) == 0;
	}
	if (!s->failed[0] && s->has_scan && s->scan_p < RTB_TAIL_ALPHA)
		snprintf(s->failed, sizeof(s->failed), "worst samples spread over the run (scan: %zu of "
			 "the %zu worst within %.1f%% of it) failed (p = %.2g)", s->scan_k, s->scan_n,
			 100 * s->scan_w, s->scan_p);
	if (s->failed[0] && s->has_scan && s->scan_p < RTB_TAIL_ALPHA)
		name_worst(b, wu, nw, s->burst, sizeof(s->burst));
	if (s->failed[0] && s->occ_thr_ns > 0 && !s->burst[0]) {
		char what[64];
		snprintf(what, sizeof(what), b->whole ? "crossings of %.1f us" :
			 "intervals with a crossing of %.1f us", (double)s->occ_thr_ns / 1e3);
		name_burst(b, hitv, what, s->burst, sizeof(s->burst));
	}
	if (s->has_mk && s->mk_p < RTB_TAIL_ALPHA && !s->burst[0]) {
		size_t q = b->n / 4;
		double a = 0, z = 0;
		for (size_t i = 0; i < q; i++)
			a = fmax(a, b->max[i]), z = fmax(z, b->max[b->n - 1 - i]);
		snprintf(s->burst, sizeof(s->burst), "drift: the maxima %s, %.1f us in the first quarter, "
			 "%.1f us in the last", s->mk_z > 0 ? "rise" : "fall", a / 1e3, z / 1e3);
	}
out:
	free(lm);
	free(hitv);
}

/* ---- the fit ---- */

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
		bn->lo[k] = (double)(top_of(m) - u);
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

/* spread_extra - the variance of the log rate between this run and one
 * of run_h hours, from this run alone: its intervals' spread tau taken
 * as the size of a move of the machine's level between runs too (at its
 * upper limit, also when none shows), plus
 * what each run's mean keeps of the intervals' spread (this run's
 * effective intervals, the other's as many intervals of the same length,
 * as autocorrelated), at least the change between this run's halves
 * (rtb_ts_between_runs; round 9). --run-spread, a spread measured between
 * whole runs, replaces it when larger. 0 without a spread. */
static double spread_extra(const struct rtb_tail *t, const struct rtb_tail_opts *o, double run_h)
{
	const struct rtb_tail_steady *s = &t->st;
	/* --run-spread: this run's log rate and the next one's each vary by
	 * it around the machine's */
	double between = 2 * o->run_spread * o->run_spread, b2, n2;

	if (!s->has_spread)
		return between;
	n2 = s->block_s > 0 && run_h > 0 ? run_h * 3600 / s->block_s : (double)s->nblocks;
	b2 = n2 * (1 - s->spread_rho) / (1 + s->spread_rho);
	return fmax(between, rtb_ts_between_runs(s->spread_tau, s->spread_sampling * s->spread_sampling,
						  s->nspread, s->spread_beff, b2,
						  s->has_halves ? s->spread_halves2 : 0));
}

/* predict - with a fit, what a run of run_n samples will show, as 90%
 * prediction intervals that hold the fit's own uncertainty too (the
 * hold-out of round 5 showed the plug-in intervals, from the fitted
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

	double sd = sqrt(spread_extra(t, o, run_h));

	rtb_ts_poisson_ci(f->n_u, CONF, &k_lo, &k_hi);
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
		p->fit_k_lo[i] = rtb_ts_poisson_quantile(run_n * prob_at(d, f, zl, x, -1), 0.05);
		p->fit_k_hi[i] = rtb_ts_poisson_quantile(run_n * prob_at(d, f, zh, x, +1), 0.95);
	}
}

/* fit - the generalized Pareto tail, when the steadiness tests passed:
 * over the bucket edge with about clamp(n / 1000, POT_MIN, 1000) samples
 * above it (the top 0.1%), and if that fit fails its goodness-of-fit test,
 * over higher ones (half as many exceedances each time, down to POT_MIN):
 * the lowest threshold whose fit passes (said: a choice among several
 * thresholds makes passing likelier than one test's level). */
static void fit(struct rtb_tail *t, const struct rtb_tail_opts *o, double run_n)
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
		/* round 8: zeta's uncertainty profiled too (it was taken as known) */
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

/* ---- how long to run ---- */

/* count_why - why another run's count over thr_ns is not predicted from
 * this one ("" when it is). Round 9: the prediction's own assumption is a
 * rate that moves around a level, not a steady one - the spread between
 * intervals, their autocorrelation, a bunched tail are in its width
 * (spread_extra) - so only what breaks that refuses it: a trend (the
 * level itself moving), a spread so large that the rate is bursts, a
 * threshold above the level the spread was measured at whose crossings
 * the occupancy test found bunched (bursts the spread cannot see), or no
 * interval series to measure the spread on (unless the user vouched for
 * the file). */
static void count_why(const struct rtb_tail *t, const struct rtb_tail_opts *o, int64_t thr_ns,
		      char *why, size_t len)
{
	const struct rtb_tail_steady *s = &t->st;
	char lv[32];

	why[0] = 0;
	if (o->assume_steady)
		return;
	if (s->has_mk && s->mk_p < RTB_TAIL_ALPHA)
		snprintf(why, len, "not predicted: no trend (Mann-Kendall on the %s' maxima) failed "
			 "(z = %+.2f, p = %.2g): a level that moves says nothing of the next run",
			 s->blocks_are, s->mk_z, s->mk_p);
	else if (s->has_spread && s->spread_tau > 1)
		/* a gamma of squared variation several times 1 puts most of
		 * its weight at 0: the 90% interval would be [0, 0] or [0, a
		 * few], which says nothing true of a count that comes in bursts */
		snprintf(why, len, "not predicted: the rate varies by %.0f%% between %s (beyond 100%%: "
			 "bursts, not a rate to carry to another run)", 100 * s->spread_tau, s->blocks_are);
	else if (s->has_spread && (double)thr_ns > s->spread_level_ns && s->has_occ &&
		 s->occ_p < RTB_TAIL_ALPHA) {
		snprintf(lv, sizeof(lv), "%.4g us", s->spread_level_ns / 1e3);
		snprintf(why, len, "not predicted: above %s, where the spread was measured, the "
			 "crossings come bunched (occupancy p = %.2g)", lv, s->occ_p);
	} else if (!s->has_spread)
		snprintf(why, len, "not predicted: the rate's spread between %s not measured (%zu %s; "
			 "--assume-steady predicts from sampling alone)", s->nblocks ? s->blocks_are :
			 "intervals", s->nblocks, s->nblocks ? s->blocks_are : "intervals in the file");
}

/* run_samples - the samples of the run asked for (--plan, on plan-cpus
 * CPUs), 0 when none was asked or the period is unknown. */
static double run_samples(const struct rtb_tail *t, const struct rtb_tail_opts *o)
{
	if (!(o->plan_h > 0) || !(t->period_ns > 0))
		return 0;
	return o->plan_h * NS_PER_H / t->period_ns * (o->plan_cpus > 0 ? o->plan_cpus : t->ncpus);
}

/* plan_target - how long a run must go with no crossing to show a rate
 * below the target, unless this run already refutes it: a threshold
 * whose rate's 95% interval lies wholly above the target is "not met",
 * by how much, and no run length shows it. */
static void plan_target(const struct rtb_tail_opts *o, struct rtb_tail *t)
{
	struct rtb_tail_plan *p = &t->plan;
	double tp = o->target_p;

	p->has_target = 1;
	p->target_p = tp;
	p->target_per_h = o->target_per_h > 0 ? o->target_per_h : tp * NS_PER_H / t->period_ns;
	/* zero crossings in n samples show p < target at 95% when
	 * (1 - target)^n <= 0.05; a target so small that n is beyond a
	 * double (1e-300/d) is taken from the rate per CPU-hour:
	 * -ln(0.05) / rate CPU-hours */
	p->zero_n = tp > 0 ? ceil(log(1 - CONF) / log1p(-tp)) : INFINITY;
	p->zero_h = isfinite(p->zero_n) ? p->zero_n * t->period_ns / NS_PER_H / p->cpus :
		-log(1 - CONF) / p->target_per_h / p->cpus;
	for (size_t i = 0; i < t->nexc; i++) {
		const struct rtb_tail_exc *e = &t->exc[i];
		/* in the target's own unit: per CPU-hour when given so and the
		 * time is known, else per sample */
		int per_h = o->target_per_h > 0 && e->hours > 0;
		double x = per_h ? e->per_h : (double)(e->k_lo + e->k_hi) / 2 / (double)e->n;
		double lo = per_h ? e->per_h_lo : e->p_lo, tg = per_h ? o->target_per_h : tp;

		if (!(lo > tg))
			continue;
		p->not_met[i] = 1;
		p->by[i] = tg > 0 ? x / tg : INFINITY;
		p->by_lo[i] = tg > 0 ? lo / tg : INFINITY;
	}
}

static void plan(const struct rtb_rf *r, const struct rtb_tail_opts *o, struct rtb_tail *t)
{
	struct rtb_tail_plan *p = &t->plan;
	(void)r;
	p->period_ns = t->period_ns;
	p->cpus = o->plan_cpus > 0 ? o->plan_cpus : t->ncpus;
	if ((o->target_p > 0 || o->target_per_h > 0) && t->period_ns > 0)
		plan_target(o, t);
	if (o->plan_h > 0 && t->period_ns > 0) {
		p->has_run = 1;
		if (o->run_spread > 0)
			snprintf(p->covers, sizeof(p->covers), "the intervals hold the chance of sampling, the "
				 "fit's own uncertainty and a spread of the rate between runs of %.0f%% (--run-spread); "
				 "a machine that changes more than that between runs is not covered", 100 * o->run_spread);
		else
			snprintf(p->covers, sizeof(p->covers), "the intervals hold the chance of sampling, the "
				 "fit's own uncertainty, the change this run showed between its intervals and "
				 "its halves, and a move of the machine between runs as large as an "
				 "interval's against its run's; not a larger one (docs/tail.md, hold-out; "
				 "--run-spread adds a measured one)");
		p->run_h = o->plan_h;
		p->run_n = run_samples(t, o);
		p->pred_spread = sqrt(spread_extra(t, o, p->run_h));
		for (size_t i = 0; i < t->nexc; i++) {
			const struct rtb_tail_exc *e = &t->exc[i];
			double mid = (double)(e->k_lo + e->k_hi) / 2 / (double)e->n;
			p->exp_k[i] = mid * p->run_n;
			p->exp_k_lo[i] = e->p_lo * p->run_n;
			p->exp_k_hi[i] = e->p_hi * p->run_n;
			p->pred_k_lo[i] = p->pred_k_hi[i] = NAN;
			count_why(t, o, e->thr_ns, p->pred_why[i], sizeof(p->pred_why[i]));
			if (p->pred_why[i][0])
				continue;
			/* a bracketed count: the lower end from its fewest, the upper from its most */
			p->pred_k_lo[i] = rtb_ts_count_predict((double)e->k_lo, (double)e->n, p->run_n,
							       spread_extra(t, o, p->run_h), 0.05);
			p->pred_k_hi[i] = rtb_ts_count_predict((double)e->k_hi, (double)e->n, p->run_n,
							       spread_extra(t, o, p->run_h), 0.95);
		}
	}
}

/* max_free - the planned run's maximum from this run's blocks' maxima
 * alone (order statistics; docs/tail.md "The maximum whatever the law"):
 * the next run's blocks and this run's, all exchangeable, leave the rank
 * of the next maximum among them uniform. Exchangeable is what the tests
 * on the maxima check (independence, no trend, occupancy, the worst
 * samples' scan); the dispersion of a lower level's counts is about the
 * rate there, not the maxima, and does not refuse it. */
static void max_free(const struct rtb_tail_opts *o, const struct blocks *b, struct rtb_tail *t)
{
	const struct rtb_tail_steady *s = &t->st;
	struct rtb_tail_plan *p = &t->plan;
	double run_n = run_samples(t, o), *x;

	if (!(run_n > 0))
		return;
	if (b->n < 8 || !s->has_lb || !s->has_mk || !s->has_occ) {
		if (!b->n)
			snprintf(p->free_why, sizeof(p->free_why), "not predicted: the file has no interval "
				 "series (8 intervals' maxima needed)");
		else
			snprintf(p->free_why, sizeof(p->free_why), "not predicted: %zu %s (8 needed to test "
				 "that their maxima are exchangeable)", b->n, s->blocks_are);
		return;
	}
	if (s->lb_p < RTB_TAIL_ALPHA || s->mk_p < RTB_TAIL_ALPHA || s->occ_p < RTB_TAIL_ALPHA ||
	    (s->has_scan && s->scan_p < RTB_TAIL_ALPHA)) {
		snprintf(p->free_why, sizeof(p->free_why), "not predicted: the %s' maxima are not shown "
			 "exchangeable (%s p = %.2g)", s->blocks_are,
			 s->lb_p < RTB_TAIL_ALPHA ? "independence" : s->mk_p < RTB_TAIL_ALPHA ? "trend" :
			 s->occ_p < RTB_TAIL_ALPHA ? "occupancy" : "worst samples' scan",
			 s->lb_p < RTB_TAIL_ALPHA ? s->lb_p : s->mk_p < RTB_TAIL_ALPHA ? s->mk_p :
			 s->occ_p < RTB_TAIL_ALPHA ? s->occ_p : s->scan_p);
		return;
	}
	if (!(x = malloc(b->n * sizeof(*x))))
		return;
	memcpy(x, b->max, b->n * sizeof(*x));
	/* the planned run in blocks of this run's mean size */
	p->free_blocks = run_n / ((double)t->m->count / (double)b->n);
	p->free_m = b->n;
	p->has_free = rtb_ts_max_predict(x, b->n, p->free_blocks, &p->free_lo_ns, &p->free_med_ns,
					 &p->free_hi_ns, &p->free_beyond, &p->free_below) == 0;
	free(x);
}

int rtb_tail_ncpus(const struct rtb_rf *r, const struct rtb_rf_metric *m)
{
	size_t l = strlen(m->id);
	int n = 0;

	if (strstr(m->id, "@cpu"))
		return 1;
	if (r->long_ncpus > 0)
		return (int)r->long_ncpus;
	/* its per-CPU metrics follow it (rtbench's writer, the rt-tests
	 * reader): counted where they stand, so a file of many metrics costs
	 * no more than it has */
	if (m < r->metrics || m >= r->metrics + r->nmetrics)
		return 1;
	for (const struct rtb_rf_metric *x = m + 1; x < r->metrics + r->nmetrics &&
	     !strncmp(x->id, m->id, l) && !strncmp(x->id + l, "@cpu", 4); x++)
		n++;
	return n > 0 ? n : 1;
}

double rtb_tail_cpu_hours(const struct rtb_rf *r, const struct rtb_rf_metric *m, double period_ns,
			  int *from_period)
{
	*from_period = 0;
	if (m->elapsed_ns > 0)
		return (double)m->elapsed_ns / NS_PER_H * rtb_tail_ncpus(r, m);
	if (period_ns > 0 && m->count) {
		*from_period = 1;
		return (double)m->count * period_ns / NS_PER_H;
	}
	return 0;
}

int rtb_tail_analyze(const struct rtb_rf *r, const struct rtb_rf_metric *m,
		     const struct rtb_tail_opts *o, struct rtb_tail *t)
{
	struct blocks b;
	const char *per = rtb_rf_kv_get(&r->settings, "period_ns");
	double hours;
	int rc;

	memset(t, 0, sizeof(*t));
	t->m = m;
	/* a summary with its overflowed histogram (rt-tests -h too small)
	 * still has exact counts over the thresholds below the overflow */
	if (!(m->has_stats || (m->summary_only && m->has_hist)) || !m->count)
		return RTB_EINVAL;
	t->period_ns = per ? strtod(per, NULL) : 0;
	if (!(t->period_ns > 0))
		t->period_ns = 0;
	t->ncpus = rtb_tail_ncpus(r, m);
	hours = rtb_tail_cpu_hours(r, m, t->period_ns, &t->hours_from_period);
	t->hours = hours;
	for (size_t i = 0; i < o->nthr && i < RTB_TAIL_MAX_THR; i++) {
		rtb_tail_count(m, o->thr_ns[i], &t->exc[i]);
		rtb_tail_rates(&t->exc[i], hours);
		t->nexc++;
	}
	if ((rc = blocks_make(m, t->period_ns, &b))) {
		blocks_free(&b);
		return rc;
	}
	steady(m, &b, &t->st);
	max_free(o, &b, t);
	blocks_free(&b);
	if (!o->no_fit)
		fit(t, o, run_samples(t, o));
	else
		snprintf(t->fit.why, sizeof(t->fit.why), "not estimated: not asked for");
	plan(r, o, t);
	return 0;
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
	rtb_ts_binom_ci(k_b, k_a + k_b, CONF, &plo, &phi);
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
