/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - one metric in the result's JSON (docs/json-schema.md):
 * its statistics, rounds, extras, histogram, a histogram-mode metric's
 * worst samples and intervals, what the kernel's trace said, its samples. */
#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "rtbench/output.h"
#include "output/json_w.h"

/* write_hm - what a histogram-mode metric adds (rtbench/hmetric.h): where
 * its percentiles come from and how fine they are, the worst samples with
 * their time and CPU, its interval series. */
static void write_hm(struct rtb_jw *w, const struct rtb_metric *m)
{
	const struct rtb_hm *h = m->hm;

	rtb_jw_strn(w, "mode", "histogram", SIZE_MAX);
	rtb_jw_open(w, "percentiles", '{', 0);
	rtb_jw_strn(w, "from", "histogram", SIZE_MAX);
	rtb_jw_dbl(w, "resolution_pct", rtb_hist_resolution_pct(&m->hist));
	rtb_jw_strn(w, "reported_as", "lower edge of the bucket, clamped to min..max", SIZE_MAX);
	rtb_jw_close(w, '}');
	rtb_jw_uint(w, "samples_kept", h->nres);
	rtb_jw_open(w, "worst", '[', 2);
	for (int i = 0; i < h->nworst; i++) {
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_int(w, "ns", h->worst[i].ns);
		rtb_jw_int(w, "t_ns", h->worst[i].t_ns);
		rtb_jw_int(w, "cpu", h->worst[i].cpu);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	/* the thresholds counted in the measuring loop (--deadline-us,
	 * --count-over-us): exact counts where the buckets only bound one;
	 * each interval's counts under "over", in this order */
	rtb_jw_open(w, "thresholds", '[', 2);
	for (int k = 0; k < h->thr.n; k++) {
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_int(w, "ns", h->thr.ns[k]);
		rtb_jw_uint(w, "over", h->acc.over[k]);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	/* run --histogram / -h US: the 1 us bins counted as measured, from 0
	 * up to the highest one used (the rest are 0); only when kept */
	if (h->lin.counts) {
		rtb_jw_open(w, "histogram_1us", '{', 1);
		rtb_jw_uint(w, "bins", h->lin.nbins);
		rtb_jw_uint(w, "overflow", h->lin.overflow);
		rtb_jw_open(w, "counts", '[', 16);
		for (uint32_t i = 0; i < h->lin.used; i++) {
			rtb_jw_key(w, NULL);
			rtb_sink_printf(w->f, "%" PRIu64, h->lin.counts[i]);
		}
		rtb_jw_close(w, ']');
		rtb_jw_close(w, '}');
	}
	if (!h->series) {
		rtb_jw_null(w, "intervals");
		return;
	}
	rtb_jw_open(w, "intervals", '[', 1);
	for (size_t i = 0; i < h->nseries; i++) {
		const struct rtb_hm_interval *iv = &h->series[i];
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_int(w, "start_ns", iv->start_ns);
		rtb_jw_int(w, "end_ns", iv->end_ns);
		rtb_jw_uint(w, "count", iv->count);
		rtb_jw_int(w, "sum_ns", iv->sum_ns);
		rtb_jw_int(w, "span_ns", iv->span_ns);
		if (iv->count) {
			rtb_jw_int(w, "p50_ns", iv->p50_ns);
			rtb_jw_int(w, "p99_ns", iv->p99_ns);
			rtb_jw_int(w, "p99_9_ns", iv->p999_ns);
			rtb_jw_int(w, "max_ns", iv->max_ns);
		} else {
			rtb_jw_null(w, "p50_ns");
			rtb_jw_null(w, "p99_ns");
			rtb_jw_null(w, "p99_9_ns");
			rtb_jw_null(w, "max_ns");
		}
		rtb_jw_open(w, "over", '[', 16);
		for (int k = 0; k < h->thr.n; k++) {
			rtb_jw_key(w, NULL);
			rtb_sink_printf(w->f, "%" PRIu64, iv->over[k]);
		}
		rtb_jw_close(w, ']');
		/* its CPU's SMIs (the aggregate's: every CPU's); null: not
		 * readable (settings.smi_note says why) */
		rtb_jw_int_or_null(w, "smi", iv->smi, -1);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
}

static const char *const trace_kinds[] = { "none", "timer", "wake", "slice", "pi", "pingpong", "noise" };

/* write_trace - what the kernel's trace said about a metric (run --trace). */
/* write_cause - one holder of the CPU; `held`: with its time (a phase's
 * current task has none). */
static void write_cause(struct rtb_jw *w, const struct rtb_cause *c, int64_t sample_ns, int held)
{
	if (held)
		rtb_jw_open(w, NULL, '{', 0);
	rtb_jw_strn(w, "kind", rtb_cause_kind_name((enum rtb_cause_kind)c->kind), SIZE_MAX);
	RTB_JW_STR(w, "name", c->name);
	rtb_jw_int(w, "id", c->pid);
	rtb_jw_int(w, "prio", c->prio);
	if (held) {
		rtb_jw_int(w, "ns", c->ns);
		rtb_jw_dbl(w, "share", sample_ns > 0 ? (double)c->ns / (double)sample_ns : 0);
		rtb_jw_uint(w, "count", c->count);
		rtb_jw_int(w, "first_ns", c->first_ns);
		rtb_jw_close(w, '}');
	}
}

/* write_one - one kept sample explained (trace/trace_worst.c, trace_keep.c). */
static void write_one(struct rtb_jw *w, const struct rtb_trace_out *names, const struct rtb_worst *x)
{
	rtb_jw_uint(w, "index", x->index);
	rtb_jw_int(w, "sample_ns", x->sample_ns);
	rtb_jw_bool(w, "break", x->broke);
	rtb_jw_bool(w, "partial", x->partial);
	rtb_jw_bool(w, "events_lost", x->x.events_lost);
	rtb_jw_int(w, "cpu", x->x.cpu);
	rtb_jw_int(w, "window_ns", x->x.window_ns);
	RTB_JW_STR(w, "line", x->line);
	if (x->matched) {
		rtb_jw_open(w, "components", '{', 0);
		for (int q = 0; q < names->ncomp; q++)
			if (x->comp_ns[q] == RTB_COMP_ABSENT)
				rtb_jw_null(w, names->comp_name[q]); /* did not happen */
			else
				rtb_jw_int(w, names->comp_name[q], x->comp_ns[q]);
		rtb_jw_close(w, '}');
	} else {
		rtb_jw_null(w, "components");
	}
	rtb_jw_open(w, "held_by", '[', 1);
	for (int q = 0; q < x->x.ncause; q++)
		write_cause(w, &x->x.cause[q], x->sample_ns, 1);
	rtb_jw_close(w, ']');
	rtb_jw_int(w, "other_ns", x->x.other_ns);
	/* phases first, then who held the CPU in each (rtb_trace_phases) */
	rtb_jw_open(w, "phases", '[', 1);
	for (int q = 0; q < x->x.nphase; q++) {
		const struct rtb_phase *p = &x->x.phase[q];
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_strn(w, "phase", rtb_phase_name((enum rtb_phase_kind)p->kind), SIZE_MAX);
		rtb_jw_int(w, "ns", p->ns);
		rtb_jw_dbl(w, "share", x->sample_ns > 0 ? (double)p->ns / (double)x->sample_ns : 0);
		rtb_jw_bool(w, "largest", q == x->x.main_phase);
		rtb_jw_uint(w, "events", p->nev);
		rtb_jw_bool(w, "events_lost", x->x.events_lost);
		if (p->kind == RTB_PHASE_PRE_IRQ) {
			rtb_jw_int(w, "no_event_ns", p->unseen_ns);
			rtb_jw_bool(w, "idle_exit", p->idle_exit);
		}
		rtb_jw_open(w, "current", '{', 0);
		write_cause(w, &p->cur, x->sample_ns, 0);
		rtb_jw_close(w, '}');
		rtb_jw_open(w, "held_by", '[', 0);
		for (int k = 0; k < p->nheld; k++)
			write_cause(w, &p->held[k], x->sample_ns, 1);
		rtb_jw_close(w, ']');
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
}

/* write_worst - the worst samples explained, and on the streaming path the
 * successive new maxima with their time. */
static void write_worst(struct rtb_jw *w, const struct rtb_metric_trace *t)
{
	struct rtb_trace_out names = { 0 };

	rtb_finding_comp_names(t->kind, &names);
	rtb_jw_open(w, "worst", '[', 1);
	for (int k = 0; k < t->nworst; k++) {
		rtb_jw_open(w, NULL, '{', 1);
		write_one(w, &names, &t->worst[k]);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	if (!t->streamed)
		return;
	rtb_jw_uint(w, "maxima_total", t->nmax_total);
	rtb_jw_open(w, "maxima", '[', 1);
	for (int k = 0; k < t->nmax && t->maxima; k++) {
		rtb_jw_open(w, NULL, '{', 1);
		rtb_jw_int(w, "t_ns", t->maxima[k].t_ns);
		write_one(w, &names, &t->maxima[k].w);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
}

static void write_trace(struct rtb_jw *w, const struct rtb_metric_trace *t)
{
	rtb_jw_open(w, "trace", '{', 1);
	rtb_jw_strn(w, "kind", trace_kinds[t->kind <= RTB_TRACE_NOISE ? t->kind : 0], SIZE_MAX);
	RTB_JW_STR(w, "clock", t->clock);
	rtb_jw_int(w, "tolerance_ns", t->tolerance_ns);
	rtb_jw_uint(w, "samples", t->samples);
	/* agreement is agreeing / compared: the samples seen less the
	 * skipped (events passed over unparsed), never of these */
	rtb_jw_uint(w, "compared", rtb_metric_trace_compared(t));
	rtb_jw_uint(w, "matched", t->matched);
	rtb_jw_uint(w, "agreeing", t->agree);
	rtb_jw_dbl(w, "agreement", t->agreement);
	rtb_jw_uint(w, "lost_events", t->lost_events);
	/* read while it ran (bounded memory): what could not be matched is
	 * counted, never dropped without a word */
	rtb_jw_bool(w, "streamed", t->streamed);
	if (t->streamed) {
		rtb_jw_uint(w, "marks_lost", t->marks_lost);
		rtb_jw_uint(w, "below_floor", t->below_floor);
		rtb_jw_uint(w, "skipped", t->skipped);
		rtb_jw_uint(w, "incomplete", t->incomplete);
		rtb_jw_uint(w, "explained", t->explained);
		rtb_jw_uint(w, "disagreements_total", t->ndis_total);
	}
	rtb_jw_open(w, "components", '[', 0);
	for (int k = 0; k < t->ncomp; k++)
		RTB_JW_STR(w, NULL, t->components[k]);
	rtb_jw_close(w, ']');
	if (t->diff_id[0])
		RTB_JW_STR(w, "difference", t->diff_id);
	else
		rtb_jw_null(w, "difference");
	if (t->kind == RTB_TRACE_PI) {
		rtb_jw_uint(w, "trials_boosted", t->boosted);
		rtb_jw_uint(w, "trials_not_boosted", t->not_boosted);
		rtb_jw_uint(w, "trials_holder_preempted", t->preempted);
	}
	/* the cost of watching: the untraced passes, pooled */
	rtb_jw_open(w, "untraced", '{', 0);
	rtb_jw_int(w, "passes", t->untraced_passes);
	rtb_jw_uint(w, "count", t->nuntraced);
	if (t->nuntraced) {
		rtb_jw_int(w, "p50_ns", t->untraced_p50_ns);
		rtb_jw_int(w, "p99_ns", t->untraced_p99_ns);
	} else {
		rtb_jw_null(w, "p50_ns");
		rtb_jw_null(w, "p99_ns");
	}
	rtb_jw_close(w, '}');
	/* every disagreeing sample, by index: never dropped silently (the
	 * streaming path keeps the first RTB_TS_DIS, disagreements_total
	 * counts them all) */
	rtb_jw_open(w, "disagreements", '[', 4);
	for (size_t i = 0; i < t->ndis; i++) {
		const struct rtb_trace_disagreement *d = &t->dis[i];
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_uint(w, "index", d->index);
		rtb_jw_strn(w, "why", rtb_finding_why_name((enum rtb_trace_why)d->why), SIZE_MAX);
		rtb_jw_int_or_null(w, "diff_ns", d->diff_ns, INT64_MIN);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	write_worst(w, t);
	rtb_jw_close(w, '}');
}

/* write_histogram - the metric's histogram, dense: its layout once, then
 * one count for every bucket of the layout in index order ("counts"; bucket
 * i's range follows from sub_bits and top_bit, rtbench/hist.h), one power
 * of two a line (values below 2^sub_bits, exact, on the first lines). So
 * the histogram's part of the file is the same size after ten seconds as
 * after a day: only the digits of the counts grow (a zero is 2 bytes; the
 * older sparse "buckets" form grew with every bucket a sample reached).
 * A metric that measured nothing writes "counts": []. */
static void write_histogram(struct rtb_jw *w, const struct rtb_hist *h, int with_counts)
{
	int have = with_counts && h->counts && h->nbuckets > 0;
	size_t per_line = have ? (size_t)1 << (h->sub_bits - 1) : 1;

	rtb_jw_open(w, "histogram", '{', 1);
	rtb_jw_strn(w, "layout", "log-linear", SIZE_MAX);
	/* an unset histogram (metric never finished) still names the layout
	 * every metric uses */
	rtb_jw_uint(w, "sub_bits", have ? h->sub_bits : RTB_HIST_SUB_BITS);
	rtb_jw_uint(w, "top_bit", have ? h->top_bit : RTB_HIST_TOP_BIT);
	rtb_jw_uint(w, "underflow", have ? h->underflow : 0);
	rtb_jw_uint(w, "overflow", have ? h->overflow : 0);
	rtb_jw_key(w, "counts");
	rtb_sink_putc(w->f, '[');
	for (size_t i = 0; have && i < h->nbuckets; i++) {
		if (i % per_line == 0) {
			rtb_sink_putc(w->f, '\n');
			for (int d = 0; d <= w->depth; d++)
				rtb_sink_puts(w->f, "  ");
		}
		rtb_sink_printf(w->f, "%" PRIu64 "%s", h->counts[i], i + 1 < h->nbuckets ? "," : "");
	}
	if (have) {
		rtb_sink_putc(w->f, '\n');
		for (int d = 0; d < w->depth; d++)
			rtb_sink_puts(w->f, "  ");
	}
	rtb_sink_putc(w->f, ']');
	rtb_jw_close(w, '}');
}

/* put_stat - statistic s of m under its key (stat_names.h): a real number
 * or an integer, as the table says (the counters are never negative). */
static void put_stat(struct rtb_jw *w, const struct rtb_metric *m, enum rtb_stat s)
{
	int64_t i = 0;
	double d = 0;

	rtb_metric_stat(m, s, &i, &d);
	if (rtb_stat_names[s].flags & RTB_STATF_REAL)
		rtb_jw_dbl(w, rtb_stat_names[s].key, d);
	else if (rtb_stat_names[s].flags & RTB_STATF_TIME)
		rtb_jw_int(w, rtb_stat_names[s].key, i);
	else
		rtb_jw_uint(w, rtb_stat_names[s].key, (uint64_t)i);
}

/* rtb_json_metric - one metric (json_w.h). */
void rtb_json_metric(struct rtb_jw *w, const struct rtb_metric *m)
{
	/* Skipped and failed metrics measured nothing: count 0 and no
	 * statistics keys, whatever their arrays hold (json-schema.md). */
	int has_stats = rtb_metric_has_stats(m);
	size_t count = has_stats ? m->count : 0;

	rtb_jw_open(w, NULL, '{', 1);
	RTB_JW_STR(w, "id", m->id);
	RTB_JW_STR(w, "title", m->title);
	rtb_jw_strn(w, "study_table", m->study_table, SIZE_MAX);
	if (m->group) /* only where there is one: older readers see nothing new */
		rtb_jw_strn(w, "group", m->group, SIZE_MAX);
	rtb_jw_strn(w, "unit", "ns", SIZE_MAX);
	rtb_jw_strn(w, "status", rtb_status_name(m->status), SIZE_MAX);
	RTB_JW_STR(w, "method", m->method);
	RTB_JW_STR(w, "note", m->note);
	rtb_jw_uint(w, rtb_stat_names[RTB_STAT_COUNT].key, count);
	/* min .. max (stat_names.h), only where something was measured */
	for (int s = RTB_STAT_COUNT + 1; has_stats && s < RTB_NSTAT; s++)
		if (rtb_stat_names[s].flags & RTB_STATF_STATS)
			put_stat(w, m, (enum rtb_stat)s);
	if (m->has_first)
		rtb_jw_int(w, "first", m->first_ns);
	else
		rtb_jw_null(w, "first");
	put_stat(w, m, RTB_STAT_INVALID);
	put_stat(w, m, RTB_STAT_OVERRUNS);
	put_stat(w, m, RTB_STAT_MISSED);
	rtb_jw_int(w, "deadline_ns", m->deadline_ns);
	put_stat(w, m, RTB_STAT_OVER_DEADLINE);
	rtb_jw_int(w, "elapsed_ns", m->elapsed_ns);

	/* rounds: each round's own statistics, and the between-round spread
	 * of the median and p99 (schema 2) */
	/* a long run's intervals are its rounds (compare and check judge
	 * them as they judge rounds); empty intervals are not rounds */
	rtb_jw_open(w, "rounds", '[', 1);
	for (size_t i = 0; m->hm && m->hm->series && has_stats && i < m->hm->nseries; i++) {
		const struct rtb_hm_interval *iv = &m->hm->series[i];
		if (!iv->count)
			continue;
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_uint(w, "count", iv->count);
		rtb_jw_int(w, "p50_ns", iv->p50_ns);
		rtb_jw_int(w, "p99_ns", iv->p99_ns);
		rtb_jw_int(w, "p99_9_ns", iv->p999_ns);
		rtb_jw_dbl(w, "mean_ns", iv->mean_ns);
		/* the interval's exact maximum: compare judges the tail on it */
		rtb_jw_int(w, "max_ns", iv->max_ns);
		rtb_jw_close(w, '}');
	}
	for (int i = 0; i < m->nrounds && has_stats && !(m->hm && m->hm->series); i++) {
		const struct rtb_round *rd = &m->rounds[i];
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_uint(w, "count", rd->count);
		rtb_jw_int(w, "p50_ns", rd->p50_ns);
		rtb_jw_int(w, "p99_ns", rd->p99_ns);
		rtb_jw_dbl(w, "mean_ns", rd->mean_ns);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	if (has_stats && m->nrounds >= 2 && !(m->hm && m->hm->series)) {
		rtb_jw_open(w, "round_spread", '{', 0);
		rtb_jw_int(w, "p50_lo_ns", m->p50_spread.lo_ns);
		rtb_jw_int(w, "p50_hi_ns", m->p50_spread.hi_ns);
		rtb_jw_int(w, "p99_lo_ns", m->p99_spread.lo_ns);
		rtb_jw_int(w, "p99_hi_ns", m->p99_spread.hi_ns);
		rtb_jw_close(w, '}');
	} else {
		rtb_jw_null(w, "round_spread");
	}

	/* the benchmark's answer, where it gave one about what it measured
	 * (json-schema.md: absent otherwise) */
	if (has_stats && m->verdict.value[0]) {
		rtb_jw_open(w, "verdict", '{', 0);
		RTB_JW_STR(w, "value", m->verdict.value);
		RTB_JW_STR(w, "reason", m->verdict.reason);
		rtb_jw_close(w, '}');
	}
	rtb_jw_open(w, "extras", '{', 0);
	for (int i = 0; i < m->nextra && i < RTB_MAX_EXTRAS; i++) {
		const struct rtb_extra *e = &m->extra[i];
		rtb_jw_sep(w);
		rtb_jw_escape_n(w->f, e->name, strnlen(e->name, sizeof(e->name)));
		rtb_sink_puts(w->f, ": ");
		rtb_jw_begin(w, '{', 0);
		rtb_jw_dbl(w, "value", e->value);
		RTB_JW_STR(w, "unit", e->unit);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, '}');
	if (m->trace_parent[0])
		RTB_JW_STR(w, "trace_of", m->trace_parent);
	if (m->trace)
		write_trace(w, m->trace);

	write_histogram(w, &m->hist, has_stats);
	if (m->hm)
		write_hm(w, m);

	/* histogram mode: the reservoir (samples_kept of count), else all */
	const int64_t *sv = m->hm ? m->hm->res : m->samples;
	size_t sn = m->hm ? (has_stats ? m->hm->nres : 0) : count;
	rtb_jw_open(w, "samples", '[', 16);
	for (size_t i = 0; i < sn; i++) {
		rtb_jw_key(w, NULL);
		rtb_sink_printf(w->f, "%" PRId64, sv[i]);
	}
	rtb_jw_close(w, ']');
	rtb_jw_close(w, '}');
}

