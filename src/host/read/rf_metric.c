/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - one metric of a result file: its statistics, histogram,
 * samples and rounds, checked against each other (docs/json-schema.md). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/hist.h"
#include "rtbench/stat_names.h"
#include "host/read/rf_int.h"

/* rf_buckets - the sparse form ("buckets": [[lo, hi, count], ...], the
 * non-empty buckets only, ranges as the writer chose them): files written
 * before the dense form, and rt-tests histograms converted by ingest. */
static int rf_buckets(struct rf_ctx *c, json_t *b, struct rtb_rf_metric *m, uint64_t *sum)
{
	json_t *e;
	size_t i;

	if (!json_is_array(b))
		return rtb_rf_fail(c, RTB_EFORMAT, "histogram \"buckets\" must be an array");
	m->nbuckets = json_array_size(b);
	m->buckets = calloc(m->nbuckets + 1, sizeof(*m->buckets));
	if (!m->buckets)
		return RTB_ENOMEM;
	json_array_foreach(b, i, e) {
		struct rtb_rf_bucket *k = &m->buckets[i];
		json_t *lo = json_array_get(e, 0), *hi = json_array_get(e, 1),
		       *n = json_array_get(e, 2);

		if (!json_is_array(e) || json_array_size(e) != 3 ||
		    !json_is_integer(lo) || !json_is_integer(hi) || !json_is_integer(n))
			return rtb_rf_fail(c, RTB_EFORMAT,
					   "histogram bucket %zu is not [lo, hi, count] integers", i);
		k->lo = (int64_t)json_integer_value(lo);
		k->hi = (int64_t)json_integer_value(hi);
		if (k->lo < 0 || k->hi <= k->lo || json_integer_value(n) < 0)
			return rtb_rf_fail(c, RTB_EFORMAT,
					   "histogram bucket %zu [%lld, %lld, %lld] is not a valid range and count",
					   i, (long long)k->lo, (long long)k->hi,
					   (long long)json_integer_value(n));
		if (i > 0 && k->lo < m->buckets[i - 1].hi)
			return rtb_rf_fail(c, RTB_EFORMAT,
					   "histogram bucket %zu overlaps or precedes the one before", i);
		k->count = (uint64_t)json_integer_value(n);
		if (*sum + k->count < *sum)
			return rtb_rf_fail(c, RTB_EFORMAT, "histogram counts overflow");
		*sum += k->count;
	}
	return 0;
}

/* rf_counts - the dense form ("counts": one count for every bucket of the
 * log-linear layout that sub_bits and top_bit name, rtbench/hist.h; []
 * when nothing was counted), read into the same list of non-empty buckets
 * the sparse form gives, so every reader of a histogram sees one thing. */
static int rf_counts(struct rf_ctx *c, json_t *h, json_t *a, struct rtb_rf_metric *m, uint64_t *sum)
{
	json_t *lay = json_object_get(h, "layout"), *e;
	int64_t sub = 0, top = 0;
	int has_sub = 0, has_top = 0, rc;
	struct rtb_hist lh = { 0 };
	size_t i, k = 0, need;

	if (!json_is_array(a))
		return rtb_rf_fail(c, RTB_EFORMAT, "histogram \"counts\" must be an array");
	if (lay && !(json_is_string(lay) && !strcmp(json_string_value(lay), "log-linear")))
		return rtb_rf_fail(c, RTB_EFORMAT, "histogram \"counts\" needs \"layout\": \"log-linear\"");
	if ((rc = rtb_rf_opt_int(c, h, "sub_bits", &sub, &has_sub)) ||
	    (rc = rtb_rf_opt_int(c, h, "top_bit", &top, &has_top)))
		return rc;
	need = has_sub && has_top && sub >= 1 && sub <= 16 && top >= sub && top <= 62 ?
	       rtb_hist_buckets((uint32_t)sub, (uint32_t)top) : 0;
	if (!need)
		return rtb_rf_fail(c, RTB_EFORMAT, "histogram \"counts\" needs integer \"sub_bits\" (1-16) and "
			       "\"top_bit\" (sub_bits-62) to say where each bucket lies");
	if (json_array_size(a) && json_array_size(a) != need)
		return rtb_rf_fail(c, RTB_EFORMAT, "histogram \"counts\" has %zu entries; sub_bits %lld and "
			       "top_bit %lld make %zu buckets", json_array_size(a), (long long)sub,
			       (long long)top, need);
	lh.sub_bits = (uint32_t)sub;
	lh.top_bit = (uint32_t)top;
	lh.nbuckets = need;
	json_array_foreach(a, i, e) {
		if (!json_is_integer(e) || json_integer_value(e) < 0)
			return rtb_rf_fail(c, RTB_EFORMAT, "histogram counts[%zu] is not a non-negative integer", i);
		k += json_integer_value(e) > 0;
	}
	m->nbuckets = k;
	m->buckets = calloc(k + 1, sizeof(*m->buckets));
	if (!m->buckets)
		return RTB_ENOMEM;
	k = 0;
	json_array_foreach(a, i, e) {
		uint64_t n = (uint64_t)json_integer_value(e);
		if (!n)
			continue;
		if (*sum + n < *sum)
			return rtb_rf_fail(c, RTB_EFORMAT, "histogram counts overflow");
		*sum += n;
		m->buckets[k].lo = rtb_hist_bucket_lo(&lh, i);
		m->buckets[k].hi = rtb_hist_bucket_hi(&lh, i);
		m->buckets[k++].count = n;
	}
	return 0;
}

/* rf_histogram - "histogram": dense "counts" (what rtbench writes) or
 * sparse "buckets" (older files, ingest's rt-tests histograms), one of the
 * two; underflow and overflow; the counts add up to "count". */
static int rf_histogram(struct rf_ctx *c, json_t *h, struct rtb_rf_metric *m)
{
	json_t *b = json_object_get(h, "buckets"), *d = json_object_get(h, "counts");
	int64_t top_bit = 0;
	uint64_t sum = 0;
	int rc, has_top = 0;

	if (!json_is_object(h))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"histogram\" must be an object");
	if ((rc = rtb_rf_opt_count(c, h, "underflow", &m->underflow)) ||
	    (rc = rtb_rf_opt_count(c, h, "overflow", &m->overflow)) ||
	    (rc = rtb_rf_opt_int(c, h, "top_bit", &top_bit, &has_top)))
		return rc;
	if (has_top && top_bit > 0 && top_bit < 63)
		m->hist_top = (int64_t)1 << top_bit;
	/* a linear histogram's own top (rt-tests -h N): overflow is at or above it */
	int64_t top_ns = 0;
	if ((rc = rtb_rf_opt_int(c, h, "top_ns", &top_ns, &has_top)))
		return rc;
	if (has_top && top_ns > 0)
		m->hist_top = top_ns;
	if (b && d)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"histogram\" has both \"counts\" and \"buckets\"; one of them");
	if (!b && !d)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"histogram\" has neither \"counts\" nor \"buckets\"");
	if ((rc = d ? rf_counts(c, h, d, m, &sum) : rf_buckets(c, b, m, &sum)))
		return rc;
	/* the total must not wrap past 2^64 either */
	if (sum + m->underflow < sum || sum + m->underflow + m->overflow < sum + m->underflow)
		return rtb_rf_fail(c, RTB_EFORMAT, "histogram counts overflow");
	if (m->has_stats && sum + m->underflow + m->overflow != m->count)
		return rtb_rf_fail(c, RTB_EFORMAT,
				   "histogram holds %llu values but \"count\" is %llu",
				   (unsigned long long)(sum + m->underflow + m->overflow),
				   (unsigned long long)m->count);
	m->has_hist = 1;
	return 0;
}

static int rf_samples(struct rf_ctx *c, json_t *s, struct rtb_rf_metric *m)
{
	json_t *e;
	size_t i;

	if (!json_is_array(s))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"samples\" must be an array");
	if (json_array_size(s) != m->count)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"samples\" has %zu entries but \"count\" is %llu",
				   json_array_size(s), (unsigned long long)m->count);
	if (m->count == 0)
		return 0;
	m->samples = malloc(m->count * sizeof(*m->samples));
	if (!m->samples)
		return RTB_ENOMEM;
	json_array_foreach(s, i, e) {
		if (!json_is_integer(e))
			return rtb_rf_fail(c, RTB_EFORMAT, "samples[%zu] is not an integer", i);
		m->samples[i] = (int64_t)json_integer_value(e);
		if (m->samples[i] < 0)
			return rtb_rf_fail(c, RTB_EFORMAT, "samples[%zu] is negative", i);
		if (m->samples[i] < m->min || m->samples[i] > m->max)
			return rtb_rf_fail(c, RTB_EFORMAT, "samples[%zu] is %lld, outside min..max (%lld..%lld)",
					   i, (long long)m->samples[i], (long long)m->min, (long long)m->max);
	}
	m->nsamples = m->count;
	return 0;
}

/* rf_rounds - "rounds": [{"count", "p50_ns", "p99_ns", "mean_ns"}, ...],
 * optionally "p99_9_ns" and "max_ns" (a histogram-mode run's rounds or
 * intervals, whose samples are not in the file); their counts add up to
 * the metric's count. */
/* the typed reads of rf_json.c, of a row's key k (the same words) */
static int row_opt_count(struct rf_ctx *c, const struct rf_row *r, int k, uint64_t *out)
{
	if (r->st[k] == RF_ABSENT || r->st[k] == RF_NULL)
		return 0;
	if (r->st[k] != RF_INT)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be an integer", rtb_rf_key_name[k]);
	if (r->v[k] < 0)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must not be negative", rtb_rf_key_name[k]);
	*out = (uint64_t)r->v[k];
	return 0;
}

static int row_req_int(struct rf_ctx *c, const struct rf_row *r, int k, int64_t *out)
{
	if (r->st[k] == RF_ABSENT)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is missing", rtb_rf_key_name[k]);
	if (r->st[k] != RF_INT)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be an integer", rtb_rf_key_name[k]);
	*out = r->v[k];
	return 0;
}

static int row_opt_int(struct rf_ctx *c, const struct rf_row *r, int k, int64_t *out, int *has)
{
	*has = 0;
	if (r->st[k] == RF_ABSENT || r->st[k] == RF_NULL)
		return 0;
	if (r->st[k] != RF_INT)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be an integer", rtb_rf_key_name[k]);
	*out = r->v[k];
	*has = 1;
	return 0;
}

static int row_req_num(struct rf_ctx *c, const struct rf_row *r, int k, double *out)
{
	if (r->st[k] == RF_ABSENT)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is missing", rtb_rf_key_name[k]);
	if (r->st[k] != RF_INT && r->st[k] != RF_REAL)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be a number", rtb_rf_key_name[k]);
	*out = r->mean;
	return 0;
}

static int rf_rounds(struct rf_ctx *c, json_t *a, size_t idx, struct rtb_rf_metric *m)
{
	struct rf_rows rs = { .arr = a };
	uint64_t sum = 0;
	int rc;

	if (!rtb_rf_fast_rows(c->fast, idx, 1, &rs)) {
		if (!json_is_array(a))
			return rtb_rf_fail(c, RTB_EFORMAT, "\"rounds\" must be an array");
		rs.n = json_array_size(a);
	}
	if (rs.n == 0 || !m->has_stats)
		return 0;
	m->rounds = calloc(rs.n, sizeof(*m->rounds));
	if (!m->rounds)
		return RTB_ENOMEM;
	for (size_t i = 0; i < rs.n; i++) {
		struct rtb_rf_round *rd = &m->rounds[i];
		struct rf_row tmp;
		const struct rf_row *e = rtb_rf_rows_get(&rs, i, &tmp);
		if (!e->isobj)
			return rtb_rf_fail(c, RTB_EFORMAT, "rounds[%zu] is not an object", i);
		if ((rc = row_opt_count(c, e, RK_COUNT, &rd->count)) ||
		    (rc = row_req_int(c, e, RK_P50, &rd->p50)) ||
		    (rc = row_req_int(c, e, RK_P99, &rd->p99)) ||
		    (rc = row_req_num(c, e, RK_MEAN, &rd->mean)) ||
		    (rc = row_opt_int(c, e, RK_P999, &rd->p999, &rd->has_p999)) ||
		    (rc = row_opt_int(c, e, RK_MAX, &rd->max, &rd->has_max)))
			return rc;
		if ((rd->has_p999 && rd->p999 < rd->p99) ||
		    (rd->has_max && rd->max < (rd->has_p999 ? rd->p999 : rd->p99)))
			return rtb_rf_fail(c, RTB_EFORMAT, "rounds[%zu] is inconsistent (p99 %lld above its p99.9 or max)",
					   i, (long long)rd->p99);
		if (rd->count == 0 || rd->p50 < 0 || rd->p99 < rd->p50)
			return rtb_rf_fail(c, RTB_EFORMAT, "rounds[%zu] is inconsistent (count %llu, p50 %lld, p99 %lld)",
					   i, (unsigned long long)rd->count, (long long)rd->p50, (long long)rd->p99);
		/* a round's figures are figures of the metric's samples */
		if (rd->p50 < m->min || rd->p99 > m->max || !isfinite(rd->mean) ||
		    rd->mean < (double)m->min || rd->mean > (double)m->max)
			return rtb_rf_fail(c, RTB_EFORMAT, "rounds[%zu] (p50 %lld, p99 %lld, mean %g) lies outside "
				       "the metric's min..max (%lld..%lld)", i, (long long)rd->p50,
				       (long long)rd->p99, rd->mean, (long long)m->min, (long long)m->max);
		sum += rd->count;
		m->nrounds = i + 1;
	}
	if (sum != m->count)
		return rtb_rf_fail(c, RTB_EFORMAT, "the rounds hold %llu samples but \"count\" is %llu",
				   (unsigned long long)sum, (unsigned long long)m->count);
	return 0;
}

/* rf_pct_order - every percentile the file gives lies in min..max and
 * none is below a lower one (a p90 above the maximum, a negative p99.9 of
 * latencies were accepted and drawn). */
static int rf_pct_order(struct rf_ctx *c, const struct rtb_rf_metric *m)
{
	int last = -1;

	for (int i = 0; i < RTB_RF_NPCT; i++) {
		if (!m->has_pct[i])
			continue;
		if (m->pct[i] < m->min || m->pct[i] > m->max)
			return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is %lld, outside min..max (%lld..%lld)",
					   rtb_pct_key(i), (long long)m->pct[i], (long long)m->min,
					   (long long)m->max);
		if (last >= 0 && m->pct[i] < m->pct[last])
			return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" %lld is below \"%s\" %lld",
					   rtb_pct_key(i), (long long)m->pct[i], rtb_pct_key(last),
					   (long long)m->pct[last]);
		last = i;
	}
	return 0;
}

/* rf_verdict - the benchmark's answer, if the metric has one: an object
 * with "value", one lowercase word, and a string "reason"; null or absent
 * is none (files written before it). */
static int rf_verdict(struct rf_ctx *c, json_t *j, struct rtb_rf_metric *m)
{
	json_t *v = json_object_get(j, "verdict"), *val;
	const char *s;
	size_t n;
	int rc;

	if (!v || json_is_null(v))
		return 0;
	val = json_object_get(v, "value");
	if (!json_is_object(v) || !json_is_string(val))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"verdict\" must be an object with a string \"value\"");
	s = json_string_value(val);
	n = strlen(s);
	if (!n || n > 23 || strspn(s, "abcdefghijklmnopqrstuvwxyz_") != n)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"verdict\": \"value\" must be one lowercase word "
			       "([a-z_], 1 to 23 characters)");
	val = json_object_get(v, "reason");
	if (val && !json_is_string(val))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"verdict\": \"reason\" must be a string");
	if ((rc = rtb_rf_opt_str(c, v, "reason", 0, &m->verdict_reason)))
		return rc;
	m->verdict = rtb_rf_strdup(s);
	return m->verdict ? 0 : RTB_ENOMEM;
}

int rtb_rf_read_metric(struct rf_ctx *c, json_t *j, size_t idx, struct rtb_rf_metric *m)
{
	json_t *id = json_object_get(j, "id"), *v;
	int64_t cnt = 0;
	int rc, i, has;

	if (!json_is_object(j))
		return rtb_rf_fail(c, RTB_EFORMAT, "metrics[%zu] is not an object", idx);
	if (!json_is_string(id) || !json_string_length(id))
		return rtb_rf_fail(c, RTB_EFORMAT, "metrics[%zu] has no string \"id\"", idx);
	snprintf(c->where, sizeof(c->where), "metric %.80s: ", json_string_value(id));
	m->id = rtb_rf_strdup(json_string_value(id));
	if (!m->id)
		return RTB_ENOMEM;
	if ((rc = rtb_rf_opt_str(c, j, "title", 0, &m->title)) ||
	    (rc = rtb_rf_opt_str(c, j, "study_table", 1, &m->study_table)) ||
	    (rc = rtb_rf_opt_str(c, j, "group", 1, &m->group)) ||
	    (rc = rtb_rf_opt_str(c, j, "unit", 0, &m->unit)) ||
	    (rc = rtb_rf_opt_str(c, j, "status", 0, &m->status)) ||
	    (rc = rtb_rf_opt_str(c, j, "method", 0, &m->method)) ||
	    (rc = rtb_rf_opt_str(c, j, "note", 0, &m->note)))
		return rc;
	if (!m->unit[0]) {
		free(m->unit);
		if (!(m->unit = rtb_rf_strdup("ns")))
			return RTB_ENOMEM;
	}
	if (strcmp(m->status, "ok") && strcmp(m->status, "partial") &&
	    strcmp(m->status, "skipped") && strcmp(m->status, "failed"))
		return rtb_rf_fail(c, RTB_EFORMAT,
				   "\"status\" is \"%.40s\", not ok, partial, skipped or failed",
				   m->status);
	if ((rc = rtb_rf_opt_int(c, j, RTB_STAT_KEY(COUNT), &cnt, &has)))
		return rc;
	if (cnt < 0)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"count\" must not be negative");
	m->count = (uint64_t)cnt;
	m->has_stats = cnt > 0 && (!strcmp(m->status, "ok") || !strcmp(m->status, "partial"));
	/* a count with no distribution (rt-tests' min/avg/max only): the
	 * figures are in the note; nothing to compare */
	m->summary_only = json_is_true(json_object_get(j, "summary_only"));
	if (m->summary_only)
		m->has_stats = 0;
	/* a summary keeps the file's own min, mean and max when it has them */
	if (m->summary_only && cnt > 0 && json_is_integer(json_object_get(j, RTB_STAT_KEY(MIN))) &&
	    json_is_integer(json_object_get(j, RTB_STAT_KEY(MAX))) &&
	    json_is_number(json_object_get(j, RTB_STAT_KEY(MEAN)))) {
		if ((rc = rtb_rf_req_int(c, j, RTB_STAT_KEY(MIN), &m->min)) ||
		    (rc = rtb_rf_req_int(c, j, RTB_STAT_KEY(MAX), &m->max)) ||
		    (rc = rtb_rf_req_num(c, j, RTB_STAT_KEY(MEAN), &m->mean)))
			return rc;
		if (m->min < 0 || m->min > m->max || !isfinite(m->mean) || m->mean < (double)m->min ||
		    m->mean > (double)m->max)
			return rtb_rf_fail(c, RTB_EFORMAT, "summary min %lld, mean %g, max %lld are inconsistent",
					   (long long)m->min, m->mean, (long long)m->max);
		m->has_summary = 1;
	}
	if (!has && m->has_stats)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"count\" is missing");
	if (m->has_stats) {
		if ((rc = rtb_rf_req_int(c, j, RTB_STAT_KEY(MIN), &m->min)) ||
		    (rc = rtb_rf_req_int(c, j, RTB_STAT_KEY(MAX), &m->max)) ||
		    (rc = rtb_rf_req_num(c, j, RTB_STAT_KEY(MEAN), &m->mean)) ||
		    (rc = rtb_rf_req_num(c, j, RTB_STAT_KEY(STDDEV), &m->stddev)))
			return rc;
		/* a negative stddev never; a mean outside [min, max] never (so a
		 * negative mean of latencies, min >= 0, is refused; a difference
		 * metric such as *.trace.rtbench_minus_trace may be negative
		 * throughout) */
		if (!(m->stddev >= 0) || !isfinite(m->stddev) || !isfinite(m->mean) ||
		    (m->min <= m->max && (m->mean < (double)m->min || m->mean > (double)m->max)))
			return rtb_rf_fail(c, RTB_EFORMAT, "mean %g, stddev %g with min %lld, max %lld: "
				       "not statistics of these samples (negative stddev, or mean outside min..max)",
				       m->mean, m->stddev, (long long)m->min, (long long)m->max);
		for (i = 0; i < RTB_RF_NPCT; i++) {
			if ((rc = rtb_rf_opt_int(c, j, rtb_pct_key(i), &m->pct[i], &m->has_pct[i])))
				return rc;
		}
		if (!m->has_pct[0])
			return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is missing", RTB_STAT_KEY(P50));
		if (!m->has_pct[2])
			return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is missing", RTB_STAT_KEY(P99));
		if (m->min > m->max || m->pct[0] < m->min || m->pct[0] > m->max ||
		    m->pct[2] < m->min || m->pct[2] > m->max)
			return rtb_rf_fail(c, RTB_EFORMAT,
					   "statistics are inconsistent (min %lld, p50 %lld, p99 %lld, max %lld)",
					   (long long)m->min, (long long)m->pct[0],
					   (long long)m->pct[2], (long long)m->max);
		if ((rc = rf_pct_order(c, m)))
			return rc;
	}
	if ((rc = rtb_rf_opt_int(c, j, "first", &m->first, &m->has_first)) ||
	    (rc = rtb_rf_opt_count(c, j, RTB_STAT_KEY(INVALID), &m->invalid)) ||
	    (rc = rtb_rf_opt_count(c, j, RTB_STAT_KEY(OVERRUNS), &m->overruns)) ||
	    (rc = rtb_rf_opt_count(c, j, RTB_STAT_KEY(MISSED), &m->missed)) ||
	    (rc = rtb_rf_opt_count(c, j, RTB_STAT_KEY(OVER_DEADLINE), &m->over_deadline)) ||
	    (rc = rtb_rf_opt_int(c, j, "deadline_ns", &m->deadline_ns, NULL)) ||
	    (rc = rtb_rf_opt_int(c, j, "elapsed_ns", &m->elapsed_ns, NULL)))
		return rc;
	m->has_missed = json_object_get(j, RTB_STAT_KEY(MISSED)) != NULL;
	if ((rc = rf_verdict(c, j, m)))
		return rc;
	v = json_object_get(j, "histogram");
	if (v && !json_is_null(v) && (rc = rf_histogram(c, v, m)))
		return rc;
	char why[200];
	struct rf_rows ivr;
	int cut = rtb_rf_fast_rows(c->fast, idx, 0, &ivr);
	if ((rc = rtb_rf_long_metric(j, cut ? &ivr : NULL, m, why, sizeof(why)))) /* resultfile_long.c */
		return rtb_rf_fail(c, rc, "%s", why);
	if ((rc = rtb_rf_worst_metric(j, m, why, sizeof(why)))) /* resultfile_worst.c */
		return rc == RTB_ENOMEM ? rc : rtb_rf_fail(c, rc, "%s", why);
	v = json_object_get(j, "samples");
	if (v && !json_is_null(v) && m->has_stats && !m->hist_mode && (rc = rf_samples(c, v, m)))
		return rc;
	v = json_object_get(j, "rounds");
	if (v && !json_is_null(v) && (rc = rf_rounds(c, v, idx, m)))
		return rc;
	c->where[0] = 0;
	return 0;
}

/* rtb_rf_stat - statistic s of m as the file gave it (resultfile.h). A
 * summary (rt-tests min/avg/max, an overflowed histogram) has the file's
 * own count, min, mean, max and counters, nothing else. */
int rtb_rf_stat(const struct rtb_rf_metric *m, enum rtb_stat s, double *v)
{
	if (!m->has_stats && (rtb_stat_names[s].flags & RTB_STATF_STATS) &&
	    (!m->has_summary || s == RTB_STAT_STDDEV || rtb_stat_is_pct(s)))
		return 0;
	switch (s) {
	case RTB_STAT_COUNT: *v = (double)m->count; return 1;
	case RTB_STAT_MIN: *v = (double)m->min; return 1;
	case RTB_STAT_MEAN: *v = m->mean; return 1;
	case RTB_STAT_STDDEV: *v = m->stddev; return 1;
	case RTB_STAT_MAX: *v = (double)m->max; return 1;
	case RTB_STAT_INVALID: *v = (double)m->invalid; return 1;
	case RTB_STAT_OVERRUNS: *v = (double)m->overruns; return 1;
	case RTB_STAT_MISSED: *v = (double)m->missed; return m->has_missed;
	case RTB_STAT_OVER_DEADLINE: *v = (double)m->over_deadline; return 1;
	default: /* the percentiles */
		*v = (double)m->pct[s - RTB_STAT_P50];
		return m->has_pct[s - RTB_STAT_P50];
	}
}
