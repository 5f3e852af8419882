/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - whether a metric's tail stayed the same across its run
 * (host/tail.h): its intervals (or equal blocks of a count run's
 * samples) tested for independence (Ljung-Box), trend (Mann-Kendall),
 * the occupancy and dispersion of their crossings, the rate's spread
 * between them and the worst samples' bunching (scan); where a failure
 * shows in the run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/stats/tail_int.h"

void rtb_tail_blocks_free(struct rtb_tail_blocks *b)
{
	free(b->w);
	free(b->max);
	free(b->cnt);
	free(b->q);
	free(b->iv);
}

int rtb_tail_blocks_make(const struct rtb_rf_metric *m, double period_ns,
			 struct rtb_tail_blocks *b)
{
	size_t n = 0;

	memset(b, 0, sizeof(*b));
	b->m = m;
	if (m->nintervals >= 2)
		n = m->nintervals;
	else if (rtb_tail_whole(m) && m->count >= 800)
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
static void where(const struct rtb_tail_blocks *b, size_t a, size_t z, char *buf, size_t len)
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
static void name_burst(const struct rtb_tail_blocks *b, const double *v, const char *what,
		       char *out, size_t len)
{
	double tot = 0, need, best_sum = 0;
	size_t ba = 0, bz = b->n - 1;
	char w[64];

	for (size_t i = 0; i < b->n; i++)
		tot += v[i];
	if (!(tot > 0))
		return;
	need = ceil(0.75 * tot);
	/* for each start a, the first end z reaching need: z never moves
	 * back as a moves on (v >= 0), so one sliding window finds them all
	 * (the weights are counts: the window's sum is exact) */
	double s = 0;  /* v[a .. z) */
	for (size_t a = 0, z = 0; a < b->n; a++) {
		if (z < a)
			z = a, s = 0;
		while (s < need && z < b->n)
			s += v[z++];
		if (s < need)
			break;
		if (z - 1 - a < bz - ba || (z - 1 - a == bz - ba && s > best_sum))
			ba = a, bz = z - 1, best_sum = s;
		s -= v[a];
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

	if (rtb_tail_whole(m)) {
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
static void name_worst(const struct rtb_tail_blocks *b, const double *u, size_t n, char *out,
		       size_t len)
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
static int counted_for_spread(const struct rtb_rf_metric *m, const struct rtb_tail_blocks *b)
{
	int best = -1;

	for (int k = 0; b->iv && k < m->ncounted; k++)
		if ((double)m->counted_over[k] >= 5.0 * (double)b->n)
			best = k;
	return best;
}

/* run_scale - the spread at the run's scale (rtb_tstat_run_scale) into s. */
static void run_scale(const double *r, const double *v, size_t k, struct rtb_tail_steady *s)
{
	int rc = rtb_tstat_run_scale(r, v, k, &s->spread_v1, &s->spread_slope, &s->spread_halves2);

	s->has_vt = rc & 1;
	s->has_halves = (rc & 2) != 0;
}

/* spread_from - the spread of one set of rates (rtb_tstat_rate_spread, the
 * run's scale) into x; -1 when too few. */
static int spread_from(double *r, const double *v, size_t k, struct rtb_tail_steady *x)
{
	double vm = 0, mean = 0;

	x->nspread = k;
	if (rtb_tstat_rate_spread(r, v, k, &x->spread_tau, &x->spread_rho, &x->spread_beff,
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
 * at two levels where the file has both, the larger kept (on the hold-out
 * runs the load pairs' counted 2 ms threshold, crossed by stress-ng's regular
 * stalls, showed no spread while the rate at the p99.9 edge did):
 * where the run counted a threshold in its loop, interval i's exact count
 * c_i over it against the n_i K / N the whole run's rate expects (the
 * dispersion test of those counts is rtb_tail_steadiness()'s too); and from the
 * intervals' quantiles: interval i's q_i (its p99.9, else p99) is
 * exceeded by a share pq of its samples; the whole run's share over q_i
 * against pq is the interval's rate against the run's at that level
 * (exact at a bucket edge, the middle of the bracket else), known to
 * 1 / sqrt(pq n_i) from sampling alone. */
static void rate_spread(const struct rtb_rf_metric *m, const struct rtb_tail_blocks *b,
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
	struct rtb_tail_above ab = { 0 };
	if (b->q && m->nbuckets)
		rtb_tail_above_make(m, &ab);
	for (size_t i = 0; b->q && m->nbuckets && i < b->n; i++) {
		uint64_t lo, hi;
		if (!(b->q[i] > 0) || (double)b->cnt[i] * b->pq < 1)
			continue;
		rtb_tail_above(&ab, (int64_t)b->q[i] + 1, &lo, &hi);
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
	free(ab.suf);
out:
	free(r);
	free(v);
}

void rtb_tail_steadiness(const struct rtb_rf_metric *m, const struct rtb_tail_blocks *b,
			 struct rtb_tail_steady *s)
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
	s->has_lb = rtb_tstat_ljung_box(lm, b->n, s->lb_lags, &s->lb_q, &s->lb_p) == 0;
	s->has_mk = rtb_tstat_mann_kendall(b->max, b->n, &s->mk_z, &s->mk_p) == 0;
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
		s->has_occ = rtb_tstat_occupancy(b->w, b->n, s->occ_k, s->occ_hit, &s->occ_expect,
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
			s->has_disp = rtb_tstat_dispersion(c, b->w, b->n, &s->disp_chi2, &s->disp_p) == 0;
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
				s->has_disp = rtb_tstat_dispersion(c, b->w, b->n, &s->disp_chi2, &s->disp_p) == 0;
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
		s->has_scan = rtb_tstat_scan(wu, nw, s->scan_k, &s->scan_w, &s->scan_p) == 0;
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
