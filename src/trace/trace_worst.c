/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the worst samples of a traced run, kept with their
 * explanation (rtbench/trace.h rtb_trace_explain).
 *
 * After a traced pass is matched, the RTB_WORST_N largest samples of each
 * metric, and the one that crossed --break-us, are explained from the
 * pass's events (what held the CPU from the start of the sample's period to
 * its stamp) and kept in the metric's trace summary: the components, every
 * contributor with its time and share, and one line naming the largest.
 * Only these are kept: the pass's events are freed right after, so memory
 * is one pass's events at most and the result grows by RTB_WORST_N fixed
 * records per metric, however long the run. Rounds merge by keeping the
 * largest (the break sample always). */
#include <stdio.h>
#include <string.h>
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/trace_stream.h"

/* relabel - every kept sample's line, by rank ("max", "#2 worst"). */
static void relabel(const struct rtb_metric *m, struct rtb_metric_trace *t, const struct rtb_break *b)
{
	for (int k = 0; k < t->nworst; k++) {
		struct rtb_worst *w = &t->worst[k];
		char what[96];
		if (w->broke)
			snprintf(what, sizeof(what), "sample %lu (over %s %lld)", (unsigned long)w->index,
				 b ? rtb_break_words(b) : "--break-us", (long long)(b ? b->ns / 1000 : 0));
		else if (k == 0)
			snprintf(what, sizeof(what), "max");
		else
			snprintf(what, sizeof(what), "#%d worst", k + 1);
		rtb_explain_line(m->id, what, w->sample_ns, &w->x, w->line, sizeof(w->line));
	}
}

/* order - largest first (the break sample among them by its size). */
static void order(struct rtb_metric_trace *t)
{
	for (int i = 0; i < t->nworst; i++)
		for (int j = i + 1; j < t->nworst; j++)
			if (t->worst[j].sample_ns > t->worst[i].sample_ns) {
				struct rtb_worst x = t->worst[i];
				t->worst[i] = t->worst[j];
				t->worst[j] = x;
			}
}

/* pick - indices of the n largest samples into idx (n <= RTB_WORST_N), the
 * break sample `brk` (or (size_t)-1) among them in place of the smallest. */
static int pick(const struct rtb_metric *m, size_t brk, size_t *idx)
{
	int n = 0;

	for (size_t i = 0; i < m->count; i++) {
		int64_t v = m->samples[i];
		if (n < RTB_WORST_N) {
			idx[n++] = i;
			continue;
		}
		int low = 0;
		for (int k = 1; k < n; k++)
			if (m->samples[idx[k]] < m->samples[idx[low]])
				low = k;
		if (v > m->samples[idx[low]])
			idx[low] = i;
	}
	if (brk != (size_t)-1 && brk < m->count) {
		int have = 0, low = 0;
		for (int k = 0; k < n; k++) {
			have |= idx[k] == brk;
			if (m->samples[idx[k]] < m->samples[idx[low]])
				low = k;
		}
		if (!have && n)
			idx[low] = brk;
	}
	return n;
}

int rtb_trace_worst(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev, size_t nev,
		    const struct rtb_trace_out *out)
{
	const struct rtb_trace_marks *tm = m->tm;
	struct rtb_metric_trace *t = m->trace;
	const struct rtb_break *b = c->brk;
	size_t idx[RTB_WORST_N], brk = (size_t)-1;
	double tpn = c->clk->ticks_per_ns;

	if (!t || !tm || !m->samples || !m->count || tm->kind == RTB_TRACE_PI)
		return 0;
	if (b && b->hit && !strcmp(b->id, m->id) && c->tracing == 0 && b->index < m->count &&
	    m->samples[b->index] == b->sample_ns)
		brk = b->index;
	int n = pick(m, brk, idx);
	t->worst = rtb_alloc(RTB_WORST_N * sizeof(*t->worst));
	if (!t->worst)
		return RTB_ENOMEM;
	memset(t->worst, 0, RTB_WORST_N * sizeof(*t->worst));
	for (int k = 0; k < n; k++) {
		size_t i = idx[k];
		struct rtb_worst *w = &t->worst[t->nworst];
		if (i >= tm->capacity || !tm->end[i])
			continue;
		uint64_t to = tm->end[i];
		/* the window: a timer sample from its expiry, the others from
		 * their first stamp */
		uint64_t from = tm->kind == RTB_TRACE_TIMER
					? to - (uint64_t)((double)m->samples[i] * tpn + 0.5) : tm->start[i];
		if (rtb_trace_explain(ev, nev, from, to, -1, tm->tid, tpn, &w->x))
			continue;
		if (tm->kind == RTB_TRACE_NOISE)
			rtb_explain_noise_gap(&w->x);
		w->index = i;
		w->sample_ns = m->samples[i];
		w->broke = i == brk;
		w->matched = out->why && out->why[i] != RTB_TW_NO_EVENTS && out->why[i] != RTB_TW_ORDER;
		for (int q = 0; q < out->ncomp && w->matched; q++)
			w->comp_ns[q] = out->comp[q][i];
		/* phases first (which part of the path took the time), then
		 * who held the CPU in each */
		rtb_trace_phases(ev, nev, tm->kind, from, to, tm->tid, w->matched ? w->comp_ns : NULL, tpn, &w->x);
		rtb_finding_set_virt(&w->x, rtb_fp_vcpu_can_stop(&c->res->fp));
		if (w->broke) /* the evidence, written beside the result at the end */
			rtb_break_keep(ev, nev, from, to, tm->tid, tpn, w->sample_ns, &w->x);
		t->nworst++;
	}
	order(t);
	relabel(m, t, b);
	return 0;
}

void rtb_trace_worst_merge(const struct rtb_metric *dst, struct rtb_metric_trace *d,
			   const struct rtb_metric_trace *s, const struct rtb_break *b)
{
	if (!s->nworst)
		return;
	if (!d->worst) {
		d->worst = rtb_alloc(RTB_WORST_N * sizeof(*d->worst));
		if (!d->worst)
			return;
		d->nworst = 0;
	}
	for (int k = 0; k < s->nworst; k++) {
		const struct rtb_worst *w = &s->worst[k];
		if (d->nworst < RTB_WORST_N) {
			d->worst[d->nworst++] = *w;
			continue;
		}
		/* replace the smallest that is not the break sample */
		int low = -1;
		for (int q = 0; q < d->nworst; q++)
			if (!d->worst[q].broke && (low < 0 || d->worst[q].sample_ns < d->worst[low].sample_ns))
				low = q;
		if (low >= 0 && (w->broke || w->sample_ns > d->worst[low].sample_ns))
			d->worst[low] = *w;
	}
	order(d);
	relabel(dst, d, b);
}

void rtb_trace_maxima_merge(struct rtb_metric_trace *d, const struct rtb_metric_trace *s)
{
	/* a later round's maxima are the run's only above every earlier one */
	for (int k = 0; k < s->nmax && d->maxima; k++) {
		if (d->nmax && s->maxima[k].w.sample_ns <= d->maxima[d->nmax - 1].w.sample_ns)
			continue;
		if (d->nmax == RTB_TS_MAXIMA) {
			memmove(&d->maxima[0], &d->maxima[1], (RTB_TS_MAXIMA - 1) * sizeof(d->maxima[0]));
			d->nmax--;
		}
		d->maxima[d->nmax++] = s->maxima[k];
		d->nmax_total++;
	}
}

void rtb_trace_maxima_all(const struct rtb_metric_trace *const *per, int n, struct rtb_metric_trace *t)
{
	int at[RTB_MAX_CPUS] = { 0 };

	if (n > RTB_MAX_CPUS)
		n = RTB_MAX_CPUS;
	for (;;) {
		int best = -1;
		for (int i = 0; i < n; i++)
			if (per[i]->maxima && at[i] < per[i]->nmax &&
			    (best < 0 || per[i]->maxima[at[i]].t_ns < per[best]->maxima[at[best]].t_ns))
				best = i;
		if (best < 0)
			break;
		const struct rtb_tmax *x = &per[best]->maxima[at[best]++];
		if (t->nmax && x->w.sample_ns <= t->maxima[t->nmax - 1].w.sample_ns)
			continue;
		if (t->nmax == RTB_TS_MAXIMA) {
			memmove(&t->maxima[0], &t->maxima[1], (RTB_TS_MAXIMA - 1) * sizeof(t->maxima[0]));
			t->nmax--;
		}
		t->maxima[t->nmax++] = *x;
		t->nmax_total++;
	}
}

/* Noise classes, as rtla osnoise / hwnoise name them. */
enum { NC_IRQ, NC_SOFTIRQ, NC_NMI, NC_THREAD, NC_NONE, NC_N };
_Static_assert(NC_N == RTB_NOISE_NC, "noise classes");
static const char *const nc_name[NC_N] = {
	"trace_irq_us_per_s", "trace_softirq_us_per_s", "trace_nmi_us_per_s", "trace_thread_us_per_s",
	"trace_none_us_per_s",
};

static int nc_of(uint8_t kind)
{
	switch (kind) {
	case RTB_CAUSE_IRQ:
	case RTB_CAUSE_VEC: return NC_IRQ;
	case RTB_CAUSE_SOFTIRQ: return NC_SOFTIRQ;
	case RTB_CAUSE_NMI: return NC_NMI;
	case RTB_CAUSE_TASK: return NC_THREAD;
	default: return NC_NONE;    /* the spinner itself, idle: nothing seen */
	}
}

void rtb_noise_add(double *ns, const struct rtb_explain *x)
{
	for (int k = 0; k < x->ncause; k++)
		ns[nc_of(x->cause[k].kind)] += (double)x->cause[k].ns;
	ns[NC_NONE] += (double)x->other_ns;
}

void rtb_noise_extras(struct rtb_metric *m, const double *ns)
{
	double spin_s = 0;

	for (int i = 0; i < m->nextra; i++)
		if (!strcmp(m->extra[i].name, "spin_s"))
			spin_s = m->extra[i].value;
	for (int k = 0; k < NC_N && spin_s > 0; k++)
		rtb_metric_extra(m, nc_name[k], ns[k] / 1000.0 / spin_s, "us/s");
}

int rtb_trace_noise(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev, size_t nev)
{
	const struct rtb_trace_marks *tm = m->tm;
	struct rtb_metric_trace *t = m->trace;
	struct rtb_trace_out none = { 0 };
	static struct rtb_explain x;
	double ns[NC_N] = { 0 };
	size_t explained = 0;

	for (size_t i = 0; i < m->count && i < tm->capacity; i++) {
		if (!tm->end[i] || rtb_trace_explain(ev, nev, tm->start[i], tm->end[i], c->cpu, tm->tid,
						     c->clk->ticks_per_ns, &x))
			continue;
		explained++;
		rtb_noise_add(ns, &x);
	}
	t->matched = t->agree = explained;
	t->agreement = m->count ? (double)explained / (double)m->count : 0;
	rtb_noise_extras(m, ns);
	return rtb_trace_worst(c, m, ev, nev, &none);
}
