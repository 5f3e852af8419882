/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - a traced pass's samples decomposed (the runner's traced
 * modes, run/run_trace.c, call it): matched to the events (trace/
 * trace_match.c), each component a metric of its own,
 * "<id>.trace.<component>", beside the measurement, plus
 * "<id>.trace.rtbench_minus_trace", the distribution of the difference
 * between rtbench's interval and the trace's; the untraced passes' cost of
 * watching; a later round's trace summary merged. */
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/port.h" /* rtb_port_output: the --trace-events files */
#include "rtbench/mem.h"
#include "rtbench/sink.h"
#include "rtbench/stats.h"
#include "rtbench/trace_stream.h"

/* Agreement: a matched sample agrees when the trace's interval lies inside
 * rtbench's (rtb_trace_match). No upper bound on the difference: it is the
 * components outside the trace's interval (a timer's switch_to_stamp, the
 * return to user space; a wake-up's call and return), a real part of the
 * latency that tens of thousands of samples of a long run show over any
 * fixed bound (a bound made a long run report "agreement 44-70%" for
 * what was this, not a disagreement).
 * 0 for every kind: the result's tolerance_ns says so. */
int64_t rtb_trace_tolerance_ns(enum rtb_trace_kind k)
{
	(void)k;
	return 0;
}

/* untraced_stats - p50 and p99 of the pooled untraced samples. */
static void untraced_stats(struct rtb_metric_trace *t)
{
	struct rtb_stats st;
	int64_t *scratch;

	if (!t || !t->nuntraced || !(scratch = rtb_alloc(t->nuntraced * sizeof(*scratch))))
		return;
	if (!rtb_stats_compute(t->untraced, t->nuntraced, scratch, &st)) {
		t->untraced_p50_ns = st.pct[0];
		t->untraced_p99_ns = st.pct[2];
	}
	rtb_free(scratch);
}

/* rtb_trace_merge_round - a later round's trace into the run's metric dst
 * (before its samples are appended: indices shift by dst->count). */
int rtb_trace_merge_round(struct rtb_metric *dst, struct rtb_metric *src, const struct rtb_break *b)
{
	struct rtb_metric_trace *d = dst->trace, *s = src->trace;

	if (!s)
		return 0;
	for (size_t i = 0; i < s->ndis; i++)
		s->dis[i].index += dst->count;
	for (int k = 0; k < s->nworst; k++)
		s->worst[k].index += dst->count;
	for (int k = 0; k < s->nmax; k++)
		s->maxima[k].w.index += dst->count;
	if (!d) {
		dst->trace = s;
		src->trace = NULL;
		return 0;
	}
	/* a streamed trace keeps the first RTB_TS_DIS disagreements of the
	 * run (the text and JSON say "the first 32"), not the first of each
	 * round: the later rounds' fill what is left; all are counted
	 * (ndis_total) */
	size_t take = s->ndis;
	if (d->streamed && d->ndis + take > RTB_TS_DIS)
		take = d->ndis < RTB_TS_DIS ? RTB_TS_DIS - d->ndis : 0;
	struct rtb_trace_disagreement *dis = rtb_realloc(d->dis, (d->ndis + take + 1) * sizeof(*dis));
	int64_t *u = rtb_realloc(d->untraced, (d->nuntraced + s->nuntraced + 1) * sizeof(*u));
	if (dis)
		d->dis = dis;
	if (u)
		d->untraced = u;
	if (!dis || !u)
		return RTB_ENOMEM;
	/* a streamed pass keeps no untraced samples (NULL: no memcpy from it) */
	if (take)
		memcpy(d->dis + d->ndis, s->dis, take * sizeof(*dis));
	d->ndis += take;
	if (s->nuntraced)
		memcpy(d->untraced + d->nuntraced, s->untraced, s->nuntraced * sizeof(*u));
	d->nuntraced += s->nuntraced;
	d->untraced_passes += s->untraced_passes;
	rtb_metric_trace_add(d, s);
	d->lost_events += s->lost_events; /* each round's own trace */
	untraced_stats(d);
	rtb_trace_worst_merge(dst, d, s, b);
	rtb_trace_maxima_merge(d, s);
	rtb_free(s->maxima);
	rtb_free(s->worst);
	rtb_free(s->dis);
	rtb_free(s->untraced);
	rtb_free(s);
	src->trace = NULL;
	return 0;
}

static struct rtb_metric *find(struct rtb_result *r, const char *id)
{
	return r ? rtb_metric_find(r, id) : NULL;
}

/* rtb_trace_comp_label - a component metric's title, study table, parent
 * and method, the same whether its values were matched after the round or
 * while the run ran (`streamed`: then its values sit in a histogram). */
void rtb_trace_comp_label(struct rtb_metric *cm, const struct rtb_metric *parent, const char *name,
			  const char *what, int streamed)
{
	snprintf(cm->title, sizeof(cm->title), "%s (kernel trace)", name);
	cm->study_table = parent->study_table;
	cm->group = parent->group;
	snprintf(cm->trace_parent, sizeof(cm->trace_parent), "%s", parent->id);
	rtb_metric_set_method(cm, "%s; from the kernel's event trace on clock %s, %s"
			      "one value per sample of %s whose events were found%s", what,
			      rtb_port_trace_clock(), streamed ? "read while the run ran, " : "",
			      parent->id, streamed ? " (histogram)" : "");
}

/* add_comp - a metric for one component (or the difference). */
static int add_comp(struct rtb_ctx *c, const struct rtb_metric *m, const char *name,
		    const char *what, const int64_t *v, const uint8_t *why, int all, char *id_out)
{
	struct rtb_metric *cm;
	char id[64];
	size_t n = 0;
	int rc;

	for (size_t i = 0; i < m->count; i++)
		n += (all ? why[i] != RTB_TW_NO_EVENTS && why[i] != RTB_TW_ORDER : why[i] == RTB_TW_OK) &&
		     v[i] != RTB_COMP_ABSENT;
	snprintf(id, sizeof(id), "%s.trace.%s", m->id, name);
	rc = rtb_metric_new(c->res, id, name, n, &cm);
	if (rc)
		return rc;
	snprintf(id_out, 64, "%s", id);
	rtb_trace_comp_label(cm, m, name, what, 0);
	for (size_t i = 0; i < m->count; i++)
		if (why[i] != RTB_TW_NO_EVENTS && why[i] != RTB_TW_ORDER && v[i] != RTB_COMP_ABSENT)
			rtb_metric_store(cm, cm->count++, v[i]); /* derived, may be < 0 */
	cm->elapsed_ns = m->elapsed_ns;
	return rtb_metric_finish(cm, 0);
}

/* decompose - match metric m's samples to the events, add its components. */
int rtb_trace_decompose(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev, size_t nev,
			uint64_t lost)
{
	struct rtb_trace_marks *tm = m->tm;
	struct rtb_metric_trace *t = rtb_alloc((1) * (sizeof(*t)));
	struct rtb_trace_out out = { 0 };
	size_t n = m->count;
	int rc = RTB_ENOMEM;

	if (!t)
		return RTB_ENOMEM;
	m->trace = t;
	t->kind = tm->kind;
	snprintf(t->clock, sizeof(t->clock), "%s", rtb_port_trace_clock());
	t->tolerance_ns = rtb_trace_tolerance_ns(tm->kind);
	t->lost_events = lost;
	t->samples = n;
	if (tm->kind == RTB_TRACE_NOISE)
		return rtb_trace_noise(c, m, ev, nev); /* explained, not matched */
	rtb_finding_comp_names(tm->kind, &out);
	out.why = rtb_alloc((n + 1) * (1));
	out.diff_ns = rtb_alloc((n + 1) * (sizeof(int64_t)));
	for (int k = 0; k < out.ncomp; k++)
		out.comp[k] = rtb_alloc((n + 1) * (sizeof(int64_t)));
	if (!out.why || !out.diff_ns)
		goto out;
	for (int k = 0; k < out.ncomp; k++)
		if (!out.comp[k])
			goto out;
	struct rtb_trace_in in = {
		.kind = tm->kind, .ev = ev, .nev = nev, .sample_ns = m->samples, .n = n,
		.mk = tm, .ticks_per_ns = c->clk->ticks_per_ns, .tol_ns = t->tolerance_ns,
	};
	rc = rtb_trace_match(&in, &out);
	if (rc)
		goto out;
	t->matched = out.matched;
	t->agree = out.agree;
	t->agreement = n ? (double)out.agree / (double)n : 0;
	t->boosted = out.boosted;
	t->not_boosted = out.not_boosted;
	t->preempted = out.preempted;
	if (tm->kind == RTB_TRACE_PI)
		goto out;
	t->dis = rtb_alloc((n - out.agree + 1) * (sizeof(*t->dis)));
	if (!t->dis) {
		rc = RTB_ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		if (out.why[i] != RTB_TW_OK)
			t->dis[t->ndis++] = (struct rtb_trace_disagreement){
				i, out.why[i], out.why[i] == RTB_TW_NO_EVENTS || out.why[i] == RTB_TW_ORDER
					       ? INT64_MIN : out.diff_ns[i] };
	for (int k = 0; k < out.ncomp && !rc; k++) {
		rc = add_comp(c, m, out.comp_name[k], out.comp_what[k], out.comp[k], out.why, 1,
			      t->components[k]);
		t->ncomp = k + 1;
	}
	if (!rc && rtb_trace_diff_metric(tm->kind))
		rc = add_comp(c, m, "rtbench_minus_trace",
			      "rtbench's interval minus the trace's: the components outside the trace's interval",
			      out.diff_ns, out.why, 1, t->diff_id);
	if (!rc)
		rc = rtb_trace_worst(c, m, ev, nev, &out);
out:
	rtb_free(out.why);
	rtb_free(out.diff_ns);
	for (int k = 0; k < out.ncomp; k++)
		rtb_free(out.comp[k]);
	return rc;
}

/* cost - keep the untraced passes' samples beside the traced ones. */
void rtb_trace_cost(struct rtb_metric *m, struct rtb_result *before, struct rtb_result *after)
{
	struct rtb_result *r[2] = { before, after };
	struct rtb_metric_trace *t = m->trace;

	for (int k = 0; k < 2 && t; k++) {
		struct rtb_metric *u = find(r[k], m->id);
		if (!u || !u->count)
			continue;
		int64_t *s = rtb_realloc(t->untraced, (t->nuntraced + u->count) * sizeof(*s));
		if (!s)
			return;
		memcpy(s + t->nuntraced, u->samples, u->count * sizeof(*s));
		t->untraced = s;
		t->nuntraced += u->count;
		t->untraced_passes++;
	}
	untraced_stats(t);
}
