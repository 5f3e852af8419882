/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the keys a histogram-mode metric adds to a result file
 * (a --duration run; docs/json-schema.md, docs/long-runs.md): "mode",
 * "percentiles", "samples" as a reservoir, "intervals", "worst". Checked as
 * strictly as the rest of the file: every count adds up. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/read/rf_int.h"

static int bad(char *err, size_t len, const char *what)
{
	snprintf(err, len, "%s", what);
	return RTB_EFORMAT;
}

/* int_at - an integer key of o (>= 0); null (read as 0) allowed when
 * may_null: 0, or RTB_EFORMAT (the caller says which key in its line). */
static int int_at(json_t *o, const char *k, int may_null, int64_t *v)
{
	json_t *x = json_object_get(o, k);

	if (may_null && (!x || json_is_null(x))) {
		*v = 0;
		return 0;
	}
	if (!json_is_integer(x) || json_integer_value(x) < 0)
		return RTB_EFORMAT;
	*v = (int64_t)json_integer_value(x);
	return 0;
}

static int reservoir(json_t *s, struct rtb_rf_metric *m, char *err, size_t len)
{
	size_t i;
	json_t *e;

	if (!s || json_is_null(s))
		return 0;
	if (!json_is_array(s))
		return bad(err, len, "\"samples\" must be an array");
	if (json_array_size(s) > m->count)
		return bad(err, len, "histogram mode: more samples kept than \"count\"");
	m->nreservoir = json_array_size(s);
	if (!m->nreservoir)
		return 0;
	m->reservoir = malloc(m->nreservoir * sizeof(*m->reservoir));
	if (!m->reservoir)
		return RTB_ENOMEM;
	json_array_foreach(s, i, e) {
		if (!json_is_integer(e) || json_integer_value(e) < 0)
			return bad(err, len, "histogram mode: a kept sample is not a non-negative integer");
		m->reservoir[i] = (int64_t)json_integer_value(e);
	}
	return 0;
}

/* thresholds - "thresholds": [{"ns", "over"}], ascending, each count at
 * most the metric's and not above the one before (a sample over a higher
 * threshold is over the lower ones too). Absent: none (older files). */
static int thresholds(json_t *a, struct rtb_rf_metric *m, char *err, size_t len)
{
	size_t i;
	json_t *e;

	if (!a || json_is_null(a))
		return 0;
	if (!json_is_array(a) || json_array_size(a) > RTB_RF_MAX_COUNTED)
		return bad(err, len, "\"thresholds\" must be an array of at most 8");
	json_array_foreach(a, i, e) {
		int64_t ns, over;
		if (!json_is_object(e) || int_at(e, "ns", 0, &ns) || int_at(e, "over", 0, &over) || ns <= 0 ||
		    over < 0 || (uint64_t)over > m->count ||
		    (i && (ns <= m->counted_ns[i - 1] || (uint64_t)over > m->counted_over[i - 1])))
			return bad(err, len, "a threshold needs integer ns (ascending) and over (at most the "
				   "count, at most the lower threshold's)");
		m->counted_ns[i] = ns;
		m->counted_over[i] = (uint64_t)over;
	}
	m->ncounted = (int)json_array_size(a);
	return 0;
}

/* histogram_1us - "histogram_1us" (run --histogram / -h US): the 1 us bins
 * counted as measured, {"bins", "overflow", "counts"}: at most bins
 * counts, bins at most 1,000,000, and the counts with the overflow adding
 * up to the metric's count. Absent: none (not asked, older files). */
static int histogram_1us(json_t *o, struct rtb_rf_metric *m, char *err, size_t len)
{
	json_t *c, *e;
	int64_t bins, ovf;
	uint64_t sum;
	size_t i;

	if (!o || json_is_null(o))
		return 0;
	c = json_object_get(o, "counts");
	if (!json_is_object(o) || int_at(o, "bins", 0, &bins) || int_at(o, "overflow", 0, &ovf) ||
	    bins < 1 || bins > 1000000 || ovf < 0 || !json_is_array(c) ||
	    json_array_size(c) > (size_t)bins)
		return bad(err, len, "\"histogram_1us\" needs bins (1 to 1000000), overflow and at most "
			   "bins counts");
	sum = (uint64_t)ovf;
	m->lin = malloc((json_array_size(c) ? json_array_size(c) : 1) * sizeof(*m->lin));
	if (!m->lin) {
		snprintf(err, len, "out of memory");
		return RTB_ENOMEM;
	}
	json_array_foreach(c, i, e) {
		if (!json_is_integer(e) || json_integer_value(e) < 0 ||
		    (uint64_t)json_integer_value(e) > m->count - (sum < m->count ? sum : m->count))
			return bad(err, len, "\"histogram_1us\": a count is not a non-negative integer, or "
				   "they add up past the metric's count");
		m->lin[i] = (uint64_t)json_integer_value(e);
		sum += m->lin[i];
	}
	if (m->has_stats && sum != m->count)
		return bad(err, len, "\"histogram_1us\": its counts and overflow do not add up to the count");
	m->nlin = json_array_size(c);
	m->lin_bins = bins;
	m->lin_overflow = (uint64_t)ovf;
	return 0;
}

/* interval_over - an interval's "over": one count per threshold, each at
 * most its count; added into tot (absent: none, only in older files,
 * which have no thresholds either). */
static int interval_over(const struct rf_row *r, const struct rtb_rf_metric *m,
			 struct rtb_rf_interval *iv, uint64_t *tot, char *err, size_t len)
{
	if (!m->ncounted && (r->over_st == RF_ABSENT || r->over_st == RF_NULL ||
			     (r->over_st == RF_INT && !r->nover)))
		return 0;
	if (r->over_st != RF_INT || r->nover != (size_t)m->ncounted)
		return bad(err, len, "an interval's \"over\" needs one count per threshold");
	for (size_t i = 0; i < r->nover; i++) {
		if (r->over[i] < 0 || (uint64_t)r->over[i] > iv->count)
			return bad(err, len, "an interval's \"over\" count is not a count of its samples");
		iv->over[i] = (uint64_t)r->over[i];
		tot[i] += iv->over[i];
	}
	return 0;
}

/* row_int - key k of an interval's row as int_at reads it */
static int row_int(const struct rf_row *r, int k, int may_null, int64_t *v)
{
	if (may_null && (r->st[k] == RF_ABSENT || r->st[k] == RF_NULL)) {
		*v = 0;
		return 0;
	}
	if (r->st[k] != RF_INT || r->v[k] < 0)
		return RTB_EFORMAT;
	*v = r->v[k];
	return 0;
}

static int intervals(json_t *a, const struct rf_rows *fast, struct rtb_rf_metric *m, char *err,
		     size_t len)
{
	struct rf_rows rs = { .arr = a };
	uint64_t sum = 0, tot[RTB_RF_MAX_COUNTED] = { 0 };
	int rc;

	if (fast) {
		rs = *fast;
	} else {
		if (!a || json_is_null(a))
			return 0;
		if (!json_is_array(a))
			return bad(err, len, "\"intervals\" must be an array");
		rs.n = json_array_size(a);
	}
	m->nintervals = rs.n;
	if (!m->nintervals)
		return 0;
	m->intervals = calloc(m->nintervals, sizeof(*m->intervals));
	if (!m->intervals)
		return RTB_ENOMEM;
	for (size_t i = 0; i < rs.n; i++) {
		struct rtb_rf_interval *iv = &m->intervals[i];
		struct rf_row tmp;
		const struct rf_row *e = rtb_rf_rows_get(&rs, i, &tmp);
		int64_t cnt;
		if (!e->isobj || row_int(e, RK_START, 0, &iv->start_ns) ||
		    row_int(e, RK_END, 0, &iv->end_ns) || row_int(e, RK_COUNT, 0, &cnt) ||
		    row_int(e, RK_P50, 1, &iv->p50_ns) || row_int(e, RK_P99, 1, &iv->p99_ns) ||
		    row_int(e, RK_MAX, 1, &iv->max_ns) || row_int(e, RK_P999, 1, &iv->p999_ns))
			return bad(err, len, "an interval needs integer start_ns, end_ns, count and "
				   "p50_ns, p99_ns, max_ns (null when empty; p99_9_ns optional)");
		iv->count = (uint64_t)cnt;
		if (e->st[RK_SMI] != RF_ABSENT && e->st[RK_SMI] != RF_NULL &&
		    (e->st[RK_SMI] != RF_INT || e->v[RK_SMI] < 0))
			return bad(err, len, "an interval's \"smi\" is not a count (an integer >= 0, or null)");
		iv->smi = e->st[RK_SMI] == RF_INT ? e->v[RK_SMI] : -1;
		if ((rc = interval_over(e, m, iv, tot, err, len)))
			return rc;
		if (iv->end_ns < iv->start_ns || (i && iv->start_ns < m->intervals[i - 1].end_ns) ||
		    (cnt && (iv->p99_ns < iv->p50_ns || iv->max_ns < iv->p99_ns)))
			return bad(err, len, "an interval is inconsistent (ends before it starts, overlaps "
				   "the one before, or p50 > p99 > max)");
		if (sum + iv->count < sum)
			return bad(err, len, "interval counts overflow");
		sum += iv->count;
	}
	if (m->has_stats && sum != m->count)
		return bad(err, len, "the intervals' counts do not add up to \"count\"");
	for (int k = 0; k < m->ncounted; k++)
		if (tot[k] != m->counted_over[k])
			return bad(err, len, "the intervals' \"over\" counts do not add up to the thresholds' \"over\"");
	return 0;
}

/* worst - the worst samples with their times (the tail analysis places
 * them in the run, tail.c); entries without integer ns and t_ns are left
 * out, as the list is a help, not a figure the file must carry. */
static int worst(json_t *a, struct rtb_rf_metric *m)
{
	size_t i;
	json_t *e;

	if (!json_is_array(a) || !json_array_size(a))
		return 0;
	m->worst = calloc(json_array_size(a), sizeof(*m->worst));
	if (!m->worst)
		return RTB_ENOMEM;
	json_array_foreach(a, i, e) {
		json_t *ns = json_object_get(e, "ns"), *t = json_object_get(e, "t_ns"),
		       *c = json_object_get(e, "cpu");
		if (!json_is_integer(ns) || !json_is_integer(t))
			continue;
		m->worst[m->nworst_s].ns = (int64_t)json_integer_value(ns);
		m->worst[m->nworst_s].t_ns = (int64_t)json_integer_value(t);
		m->worst[m->nworst_s++].cpu = json_is_integer(c) ? (int)json_integer_value(c) : -1;
	}
	return 0;
}

int rtb_rf_long_metric(void *jv, const struct rf_rows *iv, struct rtb_rf_metric *m, char *err,
		       size_t len)
{
	json_t *j = jv, *mode = json_object_get(j, "mode"), *w, *p;
	int rc;

	m->worst_cpu = -1;
	if (!mode || json_is_null(mode))
		return 0;
	if (!json_is_string(mode) || strcmp(json_string_value(mode), "histogram"))
		return bad(err, len, "\"mode\" is not \"histogram\"");
	m->hist_mode = 1;
	p = json_object_get(json_object_get(j, "percentiles"), "resolution_pct");
	if (!json_is_number(p) || json_number_value(p) < 0)
		return bad(err, len, "histogram mode: \"percentiles\" needs a resolution_pct");
	m->pct_resolution_pct = json_number_value(p);
	if (m->has_stats && (rc = reservoir(json_object_get(j, "samples"), m, err, len)))
		return rc;
	if ((rc = thresholds(json_object_get(j, "thresholds"), m, err, len)))
		return rc;
	if ((rc = histogram_1us(json_object_get(j, "histogram_1us"), m, err, len)))
		return rc;
	if ((rc = intervals(json_object_get(j, "intervals"), iv, m, err, len)))
		return rc;
	w = json_array_get(json_object_get(j, "worst"), 0);
	if (w && json_is_integer(json_object_get(w, "cpu")))
		m->worst_cpu = (int)json_integer_value(json_object_get(w, "cpu"));
	return worst(json_object_get(j, "worst"), m);
}

/* spread - bucket [lo, hi) ns of count c over the 1 us bins it covers,
 * each its share of the bucket's width (a bucket narrower than a bin
 * lands whole in it); bins from `from` us, past nout into *beyond. */
static void spread(double *out, size_t from, size_t nout, double *beyond, int64_t lo, int64_t hi,
		   uint64_t c)
{
	double w = (double)(hi - lo);

	if (!c)
		return;
	if (lo < 0)
		lo = 0;
	for (int64_t j = lo / 1000; w > 0 ? j * 1000 < hi : j == lo / 1000; j++) {
		double a = fmax((double)lo, (double)j * 1000), z = fmin((double)hi, (double)(j + 1) * 1000);
		double part = w > 0 ? (double)c * (z - a) / w : (double)c;

		if ((size_t)j >= nout)
			*beyond += part;
		else if ((size_t)j >= from)
			out[j] += part;
	}
}

/* rtb_rf_bins_1us - resultfile.h */
int rtb_rf_bins_1us(const struct rtb_rf_metric *m, double *out, size_t nout, double *beyond,
		    double *widest_us)
{
	size_t from = 0;
	int kind = RTB_RF_1US_HIST;

	memset(out, 0, nout * sizeof(*out));
	*beyond = 0;
	*widest_us = 0;
	if (m->lin) {
		for (size_t i = 0; i < m->nlin; i++) {
			if (i < nout)
				out[i] = (double)m->lin[i];
			else
				*beyond += (double)m->lin[i];
		}
		*widest_us = 1;
		from = (size_t)m->lin_bins;
		if (!m->has_hist || from >= nout) {
			*beyond += (double)m->lin_overflow;
			return RTB_RF_1US_LINEAR;
		}
		kind = RTB_RF_1US_LINEAR;
	} else if (!m->has_hist || !m->nbuckets) {
		return RTB_RF_1US_NONE;
	}
	/* past the linear bins (or without them) the file's histogram: its
	 * buckets are 1 us bins when each one with samples lies inside one */
	for (size_t k = 0; k < m->nbuckets; k++) {
		const struct rtb_rf_bucket *bk = &m->buckets[k];

		if (!bk->count || (bk->hi > 0 && (uint64_t)bk->hi <= (uint64_t)from * 1000))
			continue;
		if (bk->hi - bk->lo > 1000 || (bk->hi > bk->lo && bk->lo / 1000 != (bk->hi - 1) / 1000)) {
			*widest_us = fmax(*widest_us, (double)(bk->hi - bk->lo) / 1000.0);
			if (kind == RTB_RF_1US_HIST || kind == RTB_RF_1US_FINE)
				kind = RTB_RF_1US_SPREAD;
		} else if (kind == RTB_RF_1US_HIST && (bk->hi - bk->lo != 1000 || bk->lo % 1000)) {
			kind = RTB_RF_1US_FINE; /* finer buckets, summed: still exact */
		}
		spread(out, from, nout, beyond, bk->lo, bk->hi, bk->count);
	}
	if (kind == RTB_RF_1US_HIST || kind == RTB_RF_1US_FINE)
		*widest_us = 1;
	*beyond += (double)m->overflow;
	return kind;
}

/* rtb_rf_1us_kind - resultfile.h */
const char *rtb_rf_1us_kind(int kind)
{
	switch (kind) {
	case RTB_RF_1US_LINEAR: return "1 us bins (rtbench's linear histogram)";
	case RTB_RF_1US_HIST: return "1 us bins (the file's histogram)";
	case RTB_RF_1US_FINE: return "1 us bins (the file's finer buckets summed)";
	case RTB_RF_1US_SPREAD: return "log-linear buckets spread over 1 us";
	default: return "no histogram";
	}
}
