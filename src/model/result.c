/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the result model: metrics, their finishing, warnings. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/result.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/stat_names.h"

/* rtb_status_name - "ok", "partial", "skipped" or "failed" (JSON and text). */
const char *rtb_status_name(enum rtb_metric_status s)
{
	switch (s) {
	case RTB_STATUS_OK: return "ok";
	case RTB_STATUS_PARTIAL: return "partial";
	case RTB_STATUS_SKIPPED: return "skipped";
	case RTB_STATUS_FAILED: return "failed";
	}
	return "?";
}

uint64_t (*rtb_sample_clock)(void);

void rtb_metric_trace_add(struct rtb_metric_trace *d, const struct rtb_metric_trace *s)
{
	d->samples += s->samples;
	d->matched += s->matched;
	d->agree += s->agree;
	d->boosted += s->boosted;
	d->not_boosted += s->not_boosted;
	d->preempted += s->preempted;
	d->ndis_total += s->ndis_total;
	d->incomplete += s->incomplete;
	d->marks_lost += s->marks_lost;
	d->below_floor += s->below_floor;
	d->skipped += s->skipped;
	d->explained += s->explained;
	d->agreement = rtb_metric_trace_compared(d) ?
		(double)d->agree / (double)rtb_metric_trace_compared(d) : 0;
}

/* rtb_metric_break_hit - the first crossing keeps its sample and stops the run
 * (the runner then says why and exits 0). Called from the record path, so
 * it only stores and sets a flag. */
void rtb_metric_break_hit(struct rtb_metric *m, size_t i, int64_t ns)
{
	struct rtb_break *b = m->brk;

	if (atomic_exchange(&b->taken, 1))
		return;
	snprintf(b->id, sizeof(b->id), "%s", m->id);
	b->sample_ns = ns;
	b->index = i;
	b->hit = 1;
	if (b->stop)
		atomic_store(b->stop, 1);
}

/* rtb_fit_words - s (cap bytes) took n bytes of formatted text: when that
 * did not fit, cut it at the last word that does and end it "...", so a
 * note or warning never stops mid-word ("... a han"). */
void rtb_fit_words(char *s, size_t cap, int n)
{
	size_t k;

	if (n < 0 || (size_t)n < cap || cap < 8)
		return;
	k = cap - 4;                    /* room for "..." and the NUL */
	while (k > 0 && s[k] != ' ')
		k--;
	while (k > 0 && strchr(" ,;:(", s[k - 1]))
		k--;                    /* no dangling separator before "..." */
	if (k == 0)
		k = cap - 4;
	memcpy(s + k, "...", 4);
}

/* rtb_result_warn - add a run-wide warning (dropped past RTB_MAX_WARNINGS,
 * with the last slot saying so); a long one is cut at a word. */
void rtb_result_warn(struct rtb_result *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->nwarnings >= RTB_MAX_WARNINGS)
		return;
	va_start(ap, fmt);
	n = vsnprintf(r->warnings[r->nwarnings], sizeof(r->warnings[0]), fmt, ap);
	va_end(ap);
	rtb_fit_words(r->warnings[r->nwarnings], sizeof(r->warnings[0]), n);
	r->nwarnings++;
}

/* rtb_metric_new - add a metric with room for capacity samples. The sample
 * array is touched page by page here so the measurement loop never faults. */
int rtb_metric_new(struct rtb_result *r, const char *id, const char *title,
		   size_t capacity, struct rtb_metric **out)
{
	struct rtb_metric *m;
	size_t nb;
	int rc = RTB_ENOMEM;

	if (r->nmetrics >= RTB_MAX_METRICS)
		return RTB_ENOMEM;
	m = rtb_alloc((1) * (sizeof(*m)));
	if (!m)
		return RTB_ENOMEM;
	if (capacity) {
		m->samples = rtb_alloc(capacity * sizeof(*m->samples));
		if (!m->samples)
			goto fail;
		memset(m->samples, 0, capacity * sizeof(*m->samples));
	}
	if (capacity && r->keep_times && rtb_sample_clock) {
		m->t_ticks = rtb_alloc(capacity * sizeof(*m->t_ticks));
		if (!m->t_ticks)
			goto fail;
		memset(m->t_ticks, 0, capacity * sizeof(*m->t_ticks)); /* touched: no fault in the loop */
	}
	m->capacity = capacity;
	snprintf(m->id, sizeof(m->id), "%s", id);
	snprintf(m->title, sizeof(m->title), "%s", title);
	nb = rtb_hist_buckets(RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT);
	if (rtb_hist_init(&m->hist, RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT, m->hist_store,
			  sizeof(m->hist_store) / sizeof(m->hist_store[0])) || nb == 0) {
		rc = RTB_EINVAL;
		goto fail;
	}
	r->metrics[r->nmetrics++] = m;
	*out = m;
	return 0;
fail:
	rtb_free(m->t_ticks);
	rtb_free(m->samples);
	rtb_free(m);
	return rc;
}

/* rtb_metric_new_hm - a histogram-mode metric: no sample array. */
int rtb_metric_new_hm(struct rtb_result *r, const char *id, const char *title,
		      size_t target, int cpu, const struct rtb_hm_thr *thr, const atomic_uint *epoch,
		      struct rtb_metric **out)
{
	struct rtb_metric *m;
	int rc = rtb_metric_new(r, id, title, 0, &m);

	if (rc)
		return rc;
	rc = rtb_hm_new(m, cpu, thr, epoch);
	if (rc) {
		r->nmetrics--;
		rtb_free(m);
		return rc;
	}
	m->capacity = target ? target : SIZE_MAX; /* 0: until the run stops it */
	*out = m;
	return 0;
}

/* rtb_metric_keep_all - a list of every sample beside m's histogram. */
int rtb_metric_keep_all(struct rtb_metric *m, size_t n, int times)
{
	if (!m->hm || !n)
		return RTB_EINVAL;
	int64_t *s = rtb_alloc(n * sizeof(*s));
	uint64_t *t = times && rtb_sample_clock ? rtb_alloc(n * sizeof(*t)) : NULL;

	if (!s || (times && rtb_sample_clock && !t)) {
		rtb_free(s);
		rtb_free(t);
		return RTB_ENOMEM;
	}
	/* touched now: no page fault in the loop */
	memset(s, 0, n * sizeof(*s));
	if (t)
		memset(t, 0, n * sizeof(*t));
	m->samples = s;
	m->t_ticks = t;
	return 0;
}

struct rtb_metric *rtb_metric_find(const struct rtb_result *r, const char *id)
{
	for (int i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metrics[i]->id, id))
			return r->metrics[i];
	return NULL;
}

/* rtb_metric_set_method - what the figure includes, in the port's words;
 * cut at a word when too long (rtb_fit_words). */
void rtb_metric_set_method(struct rtb_metric *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rtb_fit_words(m->method, sizeof(m->method), vsnprintf(m->method, sizeof(m->method), fmt, ap));
	va_end(ap);
}

/* rtb_metric_set_verdict - a benchmark's answer (value, one lowercase
 * word, and its reason), printed under its table by the text writer and
 * written as the metric's "verdict" by the JSON writer (result.h). */
int rtb_metric_set_verdict(struct rtb_metric *m, const char *value, const char *fmt, ...)
{
	size_t n = value ? strlen(value) : 0;
	va_list ap;

	memset(&m->verdict, 0, sizeof(m->verdict));
	if (!n || n >= sizeof(m->verdict.value) || strspn(value, "abcdefghijklmnopqrstuvwxyz_") != n)
		return RTB_EINVAL;
	memcpy(m->verdict.value, value, n);
	va_start(ap, fmt);
	vsnprintf(m->verdict.reason, sizeof(m->verdict.reason), fmt, ap);
	va_end(ap);
	return 0;
}

/* rtb_metric_note - append "; "-separated text to the metric's note. */
void rtb_metric_note(struct rtb_metric *m, const char *fmt, ...)
{
	size_t l = strlen(m->note);
	va_list ap;

	if (l && l + 2 < sizeof(m->note)) {
		memcpy(m->note + l, "; ", 3);
		l += 2;
	}
	if (l >= sizeof(m->note) - 1)
		return;
	va_start(ap, fmt);
	rtb_fit_words(m->note + l, sizeof(m->note) - l,
		      vsnprintf(m->note + l, sizeof(m->note) - l, fmt, ap));
	va_end(ap);
}

/* rtb_metric_error - record why m was not (fully) measured; the note
 * says what and the reason, the runner makes the status. */
void rtb_metric_error(struct rtb_metric *m, int err, const char *what)
{
	if (!m || !err || m->err)
		return;
	m->err = err;
	/* a call the platform lacks: the measurement does not apply here
	 * (skipped), which is not a failure */
	rtb_metric_note(m, "%s%s%s%s", err == RTB_ENOTSUP ? "not applicable: " : "", what ? what : "",
			what ? ": " : "", rtb_strerror(err));
}

/* rtb_metric_skip - not measurable by design here: why is the note. */
void rtb_metric_skip(struct rtb_metric *m, const char *why)
{
	if (!m || m->err)
		return;
	m->err = RTB_ENOTSUP;
	rtb_metric_note(m, "not applicable: %s", why);
}

enum rtb_metric_status rtb_outcome(int err)
{
	if (!err)
		return RTB_STATUS_OK;
	return err == RTB_ENOTSUP ? RTB_STATUS_SKIPPED : RTB_STATUS_FAILED;
}

/* rtb_metric_extra - set a named extra (replaces one of the same name, so a
 * metric measured in rounds keeps one value per name). */
int rtb_metric_extra(struct rtb_metric *m, const char *name, double value, const char *unit)
{
	struct rtb_extra *e = NULL;

	for (int i = 0; i < m->nextra && !e; i++)
		if (!strncmp(m->extra[i].name, name, sizeof(m->extra[i].name) - 1))
			e = &m->extra[i];
	if (!e) {
		if (m->nextra >= RTB_MAX_EXTRAS)
			return RTB_ENOMEM;
		e = &m->extra[m->nextra++];
	}
	snprintf(e->name, sizeof(e->name), "%s", name);
	snprintf(e->unit, sizeof(e->unit), "%s", unit);
	e->value = value;
	return 0;
}

/* rtb_metric_finish - statistics, histogram and deadline count from the
 * kept samples (after the measurement, so none of it costs the loop). */
/* hm_finish - the statistics of a histogram-mode metric: exact count,
 * min, max, mean and stddev; percentiles from its histogram. */
static void hm_finish(struct rtb_metric *m)
{
	const struct rtb_hm_acc *a = &m->hm->acc;

	memset(&m->stats, 0, sizeof(m->stats));
	m->count = a->n;
	m->over_deadline = m->hm->thr.deadline >= 0 ? a->over[m->hm->thr.deadline] : 0;
	if (!a->n)
		return;
	m->stats.count = a->n;
	m->stats.min = a->min;
	m->stats.max = a->max;
	m->stats.mean = a->mean;
	m->stats.stddev = rtb_hm_acc_stddev(a);
	for (int k = 0; k < RTB_NPCT; k++)
		m->stats.pct[k] = rtb_hm_pct(&m->hist, rtb_pct_level(k));
	m->stats.median = m->stats.pct[0];
}

int rtb_metric_finish(struct rtb_metric *m, int64_t deadline_ns)
{
	int64_t *scratch = NULL;
	int rc = 0;

	m->deadline_ns = deadline_ns;
	if (m->hm) {
		hm_finish(m);
		goto spread;
	}
	m->over_deadline = 0;
	rtb_hist_reset(&m->hist);
	for (size_t i = 0; i < m->count; i++) {
		rtb_hist_record(&m->hist, m->samples[i]);
		if (deadline_ns > 0 && m->samples[i] > deadline_ns)
			m->over_deadline++;
	}
	if (m->count) {
		scratch = rtb_alloc(m->count * sizeof(*scratch));
		if (!scratch)
			return RTB_ENOMEM;
	}
	rc = rtb_stats_compute(m->samples, m->count, scratch, &m->stats);
	rtb_free(scratch);
spread:
	m->p50_spread = (struct rtb_spread){ 0, 0 };
	m->p99_spread = (struct rtb_spread){ 0, 0 };
	for (int i = 0; i < m->nrounds; i++) {
		const struct rtb_round *rd = &m->rounds[i];
		if (!i || rd->p50_ns < m->p50_spread.lo_ns)
			m->p50_spread.lo_ns = rd->p50_ns;
		if (!i || rd->p50_ns > m->p50_spread.hi_ns)
			m->p50_spread.hi_ns = rd->p50_ns;
		if (!i || rd->p99_ns < m->p99_spread.lo_ns)
			m->p99_spread.lo_ns = rd->p99_ns;
		if (!i || rd->p99_ns > m->p99_spread.hi_ns)
			m->p99_spread.hi_ns = rd->p99_ns;
	}
	return rc;
}

bool rtb_spread_pct(const struct rtb_spread *s, int nrounds, int64_t value, double *pct)
{
	if (nrounds < 2 || value <= 0)
		return false;
	*pct = 50.0 * (double)(s->hi_ns - s->lo_ns) / (double)value;
	return true;
}

/* round_of - the round entry for a finished metric's own statistics. */
static struct rtb_round round_of(const struct rtb_metric *m)
{
	struct rtb_round rd = { 0 };

	if ((m->status == RTB_STATUS_OK || m->status == RTB_STATUS_PARTIAL) && m->count) {
		rd.count = m->stats.count;
		rd.p50_ns = m->stats.pct[0];
		rd.p99_ns = m->stats.pct[2];
		rd.mean_ns = m->stats.mean;
	}
	return rd;
}

void rtb_metric_round_record(struct rtb_metric *m)
{
	if (m->nrounds == 0 && m->count) {
		m->rounds[0] = round_of(m);
		m->nrounds = 1;
	}
}

/* A note is "; "-separated items. An item that starts with a count and a
 * space ("282 samples waited for the waiter to block first") is a tally:
 * rounds add up to one item with the total instead of one per round. */
#define NOTE_ITEMS 24
struct note_item {
	const char *p;          /* the item (in its note), without the count */
	size_t n;
	unsigned long long count;
	int tally;
};

/* note_split - the items of note (at most NOTE_ITEMS). */
static int note_split(const char *note, struct note_item *it)
{
	int k = 0;

	for (const char *p = note; *p && k < NOTE_ITEMS;) {
		size_t n = strcspn(p, ";");
		const char *q = p;
		it[k] = (struct note_item){ p, n, 0, 0 };
		while (q < p + n && *q >= '0' && *q <= '9')
			it[k].count = it[k].count * 10 + (unsigned long long)(*q++ - '0');
		if (q > p && q < p + n && *q == ' ' && q - p < 19) {
			it[k].tally = 1;
			it[k].p = q;
			it[k].n = n - (size_t)(q - p);
		}
		k += n > 0;
		p += n;
		while (*p == ';' || *p == ' ')
			p++;
	}
	return k;
}

/* note_merge - src's note items into dst's: an item dst holds is not
 * repeated; a tally adds its count to dst's tally of the same words. */
static void note_merge(struct rtb_metric *dst, const char *src)
{
	struct note_item d[NOTE_ITEMS], s[NOTE_ITEMS];
	char old[sizeof(dst->note)];
	int nd, ns;

	memcpy(old, dst->note, sizeof(old));
	nd = note_split(old, d);
	ns = note_split(src, s);
	for (int j = 0; j < ns; j++) {
		int i;
		for (i = 0; i < nd; i++)
			if (d[i].tally == s[j].tally && d[i].n == s[j].n &&
			    !memcmp(d[i].p, s[j].p, s[j].n))
				break;
		if (i < nd) {
			if (d[i].tally)
				d[i].count += s[j].count;
		} else if (nd < NOTE_ITEMS) {
			d[nd++] = s[j];
		}
	}
	dst->note[0] = '\0';
	for (int i = 0; i < nd; i++) {
		if (d[i].tally)
			rtb_metric_note(dst, "%llu%.*s", d[i].count, (int)d[i].n, d[i].p);
		else
			rtb_metric_note(dst, "%.*s", (int)d[i].n, d[i].p);
	}
}

int rtb_metric_merge_round(struct rtb_metric *dst, const struct rtb_metric *src,
			   int64_t deadline_ns)
{
	const int src_ok = (src->status == RTB_STATUS_OK || src->status == RTB_STATUS_PARTIAL);

	if (src_ok && src->count && dst->hm && src->hm) {
		if (dst->nrounds >= RTB_MAX_ROUNDS)
			return RTB_ERANGE;
		int rc = rtb_hm_merge(dst->hm, src->hm);
		if (rc)
			return rc;
		dst->count = dst->hm->acc.n;
		dst->rounds[dst->nrounds++] = round_of(src);
	} else if (src_ok && src->count) {
		if (dst->nrounds >= RTB_MAX_ROUNDS)
			return RTB_ERANGE;
		/* after the measurement: growing here costs no sample */
		int64_t *s = rtb_realloc(dst->samples, (dst->count + src->count) * sizeof(*s));
		if (!s)
			return RTB_ENOMEM;
		dst->samples = s;
		memcpy(dst->samples + dst->count, src->samples, src->count * sizeof(*src->samples));
		/* the samples' times, where every round kept them */
		if (src->t_ticks && (!dst->count || dst->t_ticks)) {
			uint64_t *t = rtb_realloc(dst->t_ticks, (dst->count + src->count) * sizeof(*t));
			if (!t)
				return RTB_ENOMEM;
			dst->t_ticks = t;
			memcpy(t + dst->count, src->t_ticks, src->count * sizeof(*t));
		} else {
			rtb_free(dst->t_ticks);
			dst->t_ticks = NULL;
		}
		dst->count += src->count;
		dst->rounds[dst->nrounds++] = round_of(src);
	}
	/* capacity is now what the rounds asked for, no longer the storage:
	 * nothing measures into a merged metric */
	dst->capacity += src->capacity;
	dst->invalid += src->invalid;
	dst->overruns += src->overruns;
	dst->missed += src->missed;
	dst->elapsed_ns += src->elapsed_ns;
	if (!dst->has_first && src->has_first) {
		dst->first_ns = src->first_ns;
		dst->has_first = 1;
	}
	if (!dst->err)
		dst->err = src->err;
	/* the worst status wins: failed > skipped > partial > ok */
	if (src->status == RTB_STATUS_FAILED ||
	    (src->status == RTB_STATUS_PARTIAL && dst->status == RTB_STATUS_OK))
		dst->status = src->status;
	if (!dst->method[0])
		memcpy(dst->method, src->method, sizeof(dst->method));
	if (!dst->verdict.value[0])
		dst->verdict = src->verdict;
	note_merge(dst, src->note);
	for (int i = 0; i < src->nextra; i++)
		rtb_metric_extra(dst, src->extra[i].name, src->extra[i].value, src->extra[i].unit);
	return rtb_metric_finish(dst, deadline_ns);
}

/* rtb_result_free - every metric of r and what it holds (samples, times,
 * trace marks and components); r itself is the caller's. */
void rtb_result_free(struct rtb_result *r)
{
	for (int i = 0; i < r->nmetrics; i++) {
		struct rtb_metric *m = r->metrics[i];
		if (!m)
			continue;
		if (m->tm) {
			rtb_free(m->tm->start);
			rtb_free(m->tm->end);
			rtb_free(m->tm->expiry_ns);
			rtb_free(m->tm);
		}
		if (m->trace) {
			rtb_free(m->trace->dis);
			rtb_free(m->trace->untraced);
			rtb_free(m->trace->worst);
			rtb_free(m->trace->maxima);
		}
		rtb_free(m->trace);
		rtb_hm_free(m->hm);
		rtb_free(r->metrics[i]->samples);
		rtb_free(r->metrics[i]->t_ticks);
		rtb_free(r->metrics[i]);
	}
	r->nmetrics = 0;
}

/* rtb_metric_stat - statistic s of m (result.h). */
void rtb_metric_stat(const struct rtb_metric *m, enum rtb_stat s, int64_t *i, double *d)
{
	const struct rtb_stats *st = &m->stats;

	switch (s) {
	case RTB_STAT_COUNT: *i = (int64_t)m->count; break;
	case RTB_STAT_MIN: *i = st->min; break;
	case RTB_STAT_MEAN: *d = st->mean; break;
	case RTB_STAT_STDDEV: *d = st->stddev; break;
	case RTB_STAT_MAX: *i = st->max; break;
	case RTB_STAT_INVALID: *i = (int64_t)m->invalid; break;
	case RTB_STAT_OVERRUNS: *i = (int64_t)m->overruns; break;
	case RTB_STAT_MISSED: *i = (int64_t)m->missed; break;
	case RTB_STAT_OVER_DEADLINE: *i = (int64_t)m->over_deadline; break;
	default: *i = st->pct[s - RTB_STAT_P50]; break; /* the percentiles */
	}
}
