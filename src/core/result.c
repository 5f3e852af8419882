/* rtbench core - the result model: metrics, their finishing, warnings. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/result.h"
#include "rtbench/err.h"

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

/* rtb_result_warn - add a run-wide warning (dropped past RTB_MAX_WARNINGS,
 * with the last slot saying so). */
void rtb_result_warn(struct rtb_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nwarnings >= RTB_MAX_WARNINGS)
		return;
	va_start(ap, fmt);
	vsnprintf(r->warnings[r->nwarnings], sizeof(r->warnings[0]), fmt, ap);
	va_end(ap);
	r->nwarnings++;
}

/* rtb_metric_new - add a metric with room for capacity samples. The sample
 * array is touched page by page here so the measurement loop never faults. */
int rtb_metric_new(struct rtb_result *r, const char *id, const char *title,
		   size_t capacity, struct rtb_metric **out)
{
	struct rtb_metric *m;
	size_t nb;

	if (r->nmetrics >= RTB_MAX_METRICS)
		return RTB_ENOMEM;
	m = calloc(1, sizeof(*m));
	if (!m)
		return RTB_ENOMEM;
	if (capacity) {
		m->samples = malloc(capacity * sizeof(*m->samples));
		if (!m->samples) {
			free(m);
			return RTB_ENOMEM;
		}
		memset(m->samples, 0, capacity * sizeof(*m->samples));
	}
	m->capacity = capacity;
	snprintf(m->id, sizeof(m->id), "%s", id);
	snprintf(m->title, sizeof(m->title), "%s", title);
	nb = rtb_hist_buckets(RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT);
	if (rtb_hist_init(&m->hist, RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT, m->hist_store,
			  sizeof(m->hist_store) / sizeof(m->hist_store[0])) || nb == 0) {
		free(m->samples);
		free(m);
		return RTB_EINVAL;
	}
	r->metrics[r->nmetrics++] = m;
	*out = m;
	return 0;
}

struct rtb_metric *rtb_metric_find(const struct rtb_result *r, const char *id)
{
	for (int i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metrics[i]->id, id))
			return r->metrics[i];
	return NULL;
}

void rtb_metric_set_method(struct rtb_metric *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->method, sizeof(m->method), fmt, ap);
	va_end(ap);
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
	vsnprintf(m->note + l, sizeof(m->note) - l, fmt, ap);
	va_end(ap);
}

int rtb_metric_extra(struct rtb_metric *m, const char *name, double value, const char *unit)
{
	if (m->nextra >= RTB_MAX_EXTRAS)
		return RTB_ENOMEM;
	struct rtb_extra *e = &m->extra[m->nextra++];
	snprintf(e->name, sizeof(e->name), "%s", name);
	snprintf(e->unit, sizeof(e->unit), "%s", unit);
	e->value = value;
	return 0;
}

/* rtb_metric_finish - statistics, histogram and deadline count from the
 * kept samples (after the measurement, so none of it costs the loop). */
int rtb_metric_finish(struct rtb_metric *m, int64_t deadline_ns)
{
	int64_t *scratch = NULL;
	int rc;

	m->deadline_ns = deadline_ns;
	m->over_deadline = 0;
	rtb_hist_reset(&m->hist);
	for (size_t i = 0; i < m->count; i++) {
		rtb_hist_record(&m->hist, m->samples[i]);
		if (deadline_ns > 0 && m->samples[i] > deadline_ns)
			m->over_deadline++;
	}
	if (m->count) {
		scratch = malloc(m->count * sizeof(*scratch));
		if (!scratch)
			return RTB_ENOMEM;
	}
	rc = rtb_stats_compute(m->samples, m->count, scratch, &m->stats);
	free(scratch);
	return rc;
}

void rtb_result_free(struct rtb_result *r)
{
	for (int i = 0; i < r->nmetrics; i++) {
		free(r->metrics[i]->samples);
		free(r->metrics[i]);
	}
	r->nmetrics = 0;
}
