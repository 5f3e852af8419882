/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - run --trace-bpf: the in-kernel aggregate (rtbench/kagg.h)
 * as text after the tables and as the result's "kernel_aggregate" object
 * (docs/json-schema.md), each CPU's interference by class and, where one
 * of a CPU's worst samples overlaps one of the longest recorded there, the
 * two named together: "overlapping, from the in-kernel aggregate" (what it
 * could have lengthened: rtb_kagg_phase), never a cause that was not
 * recorded. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "json_w.h"
#include "rtbench/hmetric.h"
#include "rtbench/kagg.h"
#include "rtbench/output.h"

/* the worst samples of a metric looked at, largest first */
#define KAGG_WORST 3

/* worst_of - h's KAGG_WORST largest worst samples into w, largest first */
static int worst_of(const struct rtb_hm *h, struct rtb_hm_worst *w)
{
	int n = 0;

	for (int i = 0; i < h->nworst && i < RTB_HM_WORST; i++) {
		int j = n < KAGG_WORST ? n++ : KAGG_WORST;
		if (j == KAGG_WORST && h->worst[i].ns <= w[KAGG_WORST - 1].ns)
			continue;
		if (j == KAGG_WORST)
			j = KAGG_WORST - 1;
		while (j > 0 && w[j - 1].ns < h->worst[i].ns) {
			w[j] = w[j - 1];
			j--;
		}
		w[j] = h->worst[i];
	}
	return n;
}

/* one overlap, for either writer */
struct ov {
	struct rtb_jw *w;
	struct rtb_sink *f;
	const struct rtb_hm_worst *s;
};

static void ov_json(void *arg, int cls, const struct rtb_kagg_item *it)
{
	struct ov *o = arg;

	rtb_jw_open(o->w, NULL, '{', 0);
	rtb_jw_strn(o->w, "class", rtb_kagg_class_name(cls), SIZE_MAX);
	rtb_jw_int(o->w, "id", it->id);
	RTB_JW_STR(o->w, "name", it->name);
	rtb_jw_int(o->w, "start_ns", it->start_ns);
	rtb_jw_int(o->w, "ns", it->ns);
	rtb_jw_strn(o->w, "could_lengthen", rtb_kagg_phase(cls), SIZE_MAX);
	rtb_jw_close(o->w, '}');
}

static void ov_text(void *arg, int cls, const struct rtb_kagg_item *it)
{
	struct ov *o = arg;

	rtb_sink_printf(o->f, "      overlapping, from the in-kernel aggregate: %s %s (%" PRId32 ") %.1f us, "
			"from %.1f us into the sample (could lengthen %s)\n", rtb_kagg_class_name(cls), it->name,
			it->id, (double)it->ns / 1e3, (double)(it->start_ns - (o->s->t_ns - o->s->ns)) / 1e3,
			rtb_kagg_phase(cls));
}

static void ov_none(void *arg, int cls, const struct rtb_kagg_item *it)
{
	(void)arg, (void)cls, (void)it;
}

/* each_worst - for every worst sample (the KAGG_WORST largest of each
 * metric measured on cpu) that overlaps something recorded there: begin,
 * then fn on each overlap, then end */
static void each_worst(const struct rtb_result *r, int cpu, struct ov *o,
		       void (*fn)(void *, int, const struct rtb_kagg_item *),
		       void (*begin)(struct ov *, const struct rtb_metric *), void (*end)(struct ov *))
{
	const int max = RTB_KAGG_NCLASS * RTB_KAGG_TOP;

	for (int i = 0; i < r->nmetrics; i++) {
		const struct rtb_metric *m = r->metrics[i];
		struct rtb_hm_worst w[KAGG_WORST];
		if (!m || !m->hm || m->hm->cpu != cpu)
			continue;
		for (int k = 0, n = worst_of(m->hm, w); k < n; k++) {
			int64_t start = w[k].t_ns - w[k].ns;
			o->s = &w[k];
			if (!rtb_kagg_overlap(r->kagg, cpu, start, w[k].t_ns, ov_none, NULL, max))
				continue;
			begin(o, m);
			rtb_kagg_overlap(r->kagg, cpu, start, w[k].t_ns, fn, o, max);
			if (end)
				end(o);
		}
	}
}

static void begin_json(struct ov *o, const struct rtb_metric *m)
{
	rtb_jw_open(o->w, NULL, '{', 0);
	RTB_JW_STR(o->w, "metric", m->id);
	rtb_jw_int(o->w, "sample_ns", o->s->ns);
	rtb_jw_int(o->w, "t_ns", o->s->t_ns);
	rtb_jw_open(o->w, "overlapping", '[', 0);
}

static void end_json(struct ov *o)
{
	rtb_jw_close(o->w, ']');
	rtb_jw_close(o->w, '}');
}

static void begin_text(struct ov *o, const struct rtb_metric *m)
{
	rtb_sink_printf(o->f, "    %s: a worst sample of %.1f us (ended at %" PRId64 " ns, monotonic)\n", m->id,
			(double)o->s->ns / 1e3, o->s->t_ns);
}

static void json_class(struct rtb_jw *w, int c, const struct rtb_kagg_class *k)
{
	rtb_jw_open(w, rtb_kagg_class_name(c), '{', 0);
	rtb_jw_uint(w, "count", k->count);
	rtb_jw_int(w, "total_ns", k->total_ns);
	rtb_jw_open(w, "longest", '[', 0);
	for (int t = 0; t < k->ntop && t < RTB_KAGG_TOP; t++) {
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_int(w, "start_ns", k->top[t].start_ns);
		rtb_jw_int(w, "ns", k->top[t].ns);
		rtb_jw_int(w, "id", k->top[t].id);
		RTB_JW_STR(w, "name", k->top[t].name);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	rtb_jw_close(w, '}');
}

void rtb_json_kagg(struct rtb_jw *w, const struct rtb_result *r)
{
	const struct rtb_kagg *k = r->kagg;

	if (!k)
		return;
	rtb_jw_open(w, "kernel_aggregate", '{', 1);
	rtb_jw_strn(w, "method", "bpf", SIZE_MAX);
	rtb_jw_bool(w, "on", k->on);
	RTB_JW_STR(w, "note", k->note);
	rtb_jw_int(w, "start_ns", k->start_ns);
	rtb_jw_int(w, "end_ns", k->end_ns);
	rtb_jw_uint(w, "missed_runs", k->missed);
	rtb_jw_bool(w, "nmi_traced", k->nmi);
	rtb_jw_open(w, "cpus", '[', 1);
	for (int i = 0; k->on && i < k->ncpu; i++) {
		const struct rtb_kagg_cpu *c = &k->cpu[i];
		struct ov o = { .w = w };
		rtb_jw_open(w, NULL, '{', 0);
		rtb_jw_int(w, "cpu", c->cpu);
		rtb_jw_uint(w, "unpaired", c->unpaired);
		for (int cl = 0; cl < RTB_KAGG_NCLASS; cl++)
			json_class(w, cl, &c->cls[cl]);
		rtb_jw_open(w, "worst_overlaps", '[', 0);
		each_worst(r, c->cpu, &o, ov_json, begin_json, end_json);
		rtb_jw_close(w, ']');
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	rtb_jw_close(w, '}');
}

void rtb_write_kagg_text(struct rtb_sink *f, const struct rtb_result *r)
{
	const struct rtb_kagg *k = r->kagg;

	if (!k)
		return;
	if (!k->on) {
		rtb_sink_printf(f, "\nIn-kernel aggregate: none: %s\n", k->note);
		return;
	}
	rtb_sink_printf(f, "\nIn-kernel aggregate (--trace-bpf, BPF): what interrupted or displaced rtbench's "
			"threads on each measured CPU over %.1f s; a class's time excludes the handlers nested in "
			"it; thread: another thread ran while one of rtbench's was runnable there%s.\n",
			(double)(k->end_ns - k->start_ns) / 1e9, k->nmi ? "" : " (no NMI tracepoint: NMIs not seen)");
	for (int i = 0; i < k->ncpu; i++) {
		const struct rtb_kagg_cpu *c = &k->cpu[i];
		struct ov o = { .f = f };
		rtb_sink_printf(f, "  CPU %d:", c->cpu);
		for (int cl = 0; cl < RTB_KAGG_NCLASS; cl++) {
			const struct rtb_kagg_class *x = &c->cls[cl];
			rtb_sink_printf(f, "%s %s %" PRIu64 " (%.1f us", cl ? ";" : "", rtb_kagg_class_name(cl), x->count,
					(double)x->total_ns / 1e3);
			if (x->ntop)
				rtb_sink_printf(f, ", longest %.1f us %s/%" PRId32, (double)x->top[0].ns / 1e3,
						x->top[0].name, x->top[0].id);
			rtb_sink_printf(f, ")");
		}
		rtb_sink_printf(f, "\n");
		each_worst(r, c->cpu, &o, ov_text, begin_text, NULL);
	}
}
