/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the streaming trace's keep: each sample matched as its
 * events flow, and the ones worth keeping explained (rtbench/trace_stream.h).
 * Pure: the windows and the slot are the caller's, no OS, no allocation.
 *
 * Per sample:
 *   1. its events - a timer sample's since the previous sample's stamp (the
 *      arm of its timer is among them), another's from its first stamp -
 *      are copied from the windows and matched alone (rtb_trace_match on
 *      one sample); its components go into the histogram-mode component
 *      metrics, a disagreement is counted (the first RTB_TS_DIS by index);
 *   2. it is kept when it is a new maximum, enters the worst RTB_WORST_N, or
 *      is the first over --break-us: then the events from the start of its
 *      period (back to the CPU's last switch before it) to just after its
 *      stamp are copied into the slot and explained (rtb_trace_explain), as
 *      the whole-pass path explains its worst samples;
 *   3. a new maximum also goes into the list of successive maxima (the last
 *      RTB_TS_MAXIMA, with the time since the start; all counted).
 * A sample whose events had already left the window is counted
 * (`incomplete`), and a kept one says so (`partial`): never explained
 * from half its events without a word. */
#include <stdio.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/trace_stream.h"
#include "trace/trace_run.h" /* rtb_break_keep */

void rtb_tkeep_init(struct rtb_tkeep *k, const char *id, enum rtb_trace_kind kind, double ticks_per_ns,
		    uint64_t t0, int64_t break_ns, int64_t tol_ns)
{
	memset(k, 0, sizeof(*k));
	k->id = id;
	k->kind = kind;
	k->ticks_per_ns = ticks_per_ns;
	k->t0 = t0;
	k->break_ns = break_ns;
	k->tol_ns = tol_ns;
}

void rtb_tkeep_evid_store(struct rtb_tkeep *k, struct rtb_tev *store)
{
	for (int i = 0; i < RTB_WORST_N; i++)
		k->evid[i] = (struct rtb_tkeep_evid){ .ev = store ? store + (size_t)i * RTB_TS_EVID : NULL };
}

/* keep_evid - the slot's events (n) of a sample about to be worst[dest]:
 * the latest RTB_TS_EVID, when a store was given */
static void keep_evid(struct rtb_tkeep *k, int dest, const struct rtb_tev *slot, size_t n, uint64_t from,
		      uint64_t end, int cpu, long tid)
{
	struct rtb_tkeep_evid *e;

	if (dest < 0 || !k->evid[dest].ev)
		return;
	e = &k->evid[dest];
	e->n = n < RTB_TS_EVID ? n : RTB_TS_EVID;
	memcpy(e->ev, slot + (n - e->n), e->n * sizeof(*slot));
	e->from = from;
	e->end = end;
	e->cpu = cpu;
	e->tid = tid;
}

static uint64_t ticks(const struct rtb_tkeep *k, int64_t ns)
{
	return (uint64_t)((double)(ns > 0 ? ns : 0) * k->ticks_per_ns + 0.5);
}

/* window_from - the start of the sample's period: a timer's expiry (its
 * stamp minus the sample), another's first stamp. */
static uint64_t window_from(const struct rtb_tkeep *k, const struct rtb_tmark *mk)
{
	return k->kind == RTB_TRACE_TIMER ? mk->end - ticks(k, mk->ns) : mk->start;
}

/* match - step 1: components of one sample into comp_ns; the why. */
static int match(struct rtb_tkeep *k, const struct rtb_tev *ev, size_t nev, const struct rtb_tmark *mk,
		 long tid, long peer_tid, int64_t *comp_ns)
{
	uint64_t start = mk->start, end = mk->end;
	int64_t expiry = mk->expiry_ns, ns = mk->ns;
	struct rtb_trace_marks one = {
		.kind = k->kind, .start = &start, .end = &end, .expiry_ns = &expiry,
		.tid = tid, .peer_tid = peer_tid, .capacity = 1,
	};
	struct rtb_trace_in in = {
		.kind = k->kind, .ev = ev, .nev = nev, .sample_ns = &ns, .n = 1, .mk = &one,
		.ticks_per_ns = k->ticks_per_ns, .tol_ns = k->tol_ns,
	};
	int64_t c[RTB_TRACE_MAX_COMP][1] = { { 0 } }, diff = 0;
	uint8_t why = RTB_TW_NO_EVENTS;
	struct rtb_trace_out out = { .diff_ns = &diff, .why = &why };

	for (int q = 0; q < RTB_TRACE_MAX_COMP; q++)
		out.comp[q] = c[q];
	if (rtb_trace_match(&in, &out))
		return RTB_TW_NO_EVENTS;
	for (int q = 0; q < out.ncomp; q++)
		comp_ns[q] = c[q][0];
	if (why != RTB_TW_NO_EVENTS && why != RTB_TW_ORDER) {
		k->matched++;
		for (int q = 0; q < k->ncomp && q < out.ncomp; q++)
			if (k->comp[q] && c[q][0] != RTB_COMP_ABSENT) {
				rtb_metric_store(k->comp[q], k->comp[q]->count, c[q][0]);
				k->comp[q]->count++;
			}
		if (k->diff) {
			rtb_metric_store(k->diff, k->diff->count, diff);
			k->diff->count++;
		}
	}
	if (why == RTB_TW_OK) {
		k->agree++;
	} else {
		if (k->ndis < RTB_TS_DIS)
			k->dis[k->ndis++] = (struct rtb_trace_disagreement){
				(size_t)k->samples, why,
				why == RTB_TW_NO_EVENTS || why == RTB_TW_ORDER ? INT64_MIN : diff };
		k->ndis_total++;
	}
	return why;
}

/* noise_gap - step 1 of a noise gap (RTB_TRACE_NOISE, no matcher): what
 * held the spinner's CPU w[0] in [start, end], its time added by class
 * (k->noise_ns, as the whole pass's rtb_trace_noise adds it). The gap
 * begins with the spinner in user space, so a few events before it are
 * context enough (each event names the task it ran in). */
static int noise_gap(struct rtb_tkeep *k, const struct rtb_twin *const *w, int nw, const struct rtb_tmark *mk,
		     long tid, struct rtb_tev *slot, size_t slotcap, int *complete)
{
	static struct rtb_explain x; /* one reader at a time */
	size_t n = rtb_twin_copy(w, nw, mk->start, mk->end, 16, 0, slot, slotcap, complete);

	if (rtb_trace_explain(slot, n, mk->start, mk->end, w[0]->cpu, tid, k->ticks_per_ns, &x))
		return RTB_TW_NO_EVENTS;
	rtb_noise_add(k->noise_ns, &x);
	k->matched++;
	k->agree++;
	return RTB_TW_OK;
}

/* smallest - index of the smallest worst that is not the break sample, -1. */
static int smallest(const struct rtb_tkeep *k)
{
	int low = -1;

	for (int q = 0; q < k->nworst; q++)
		if (!k->worst[q].broke && (low < 0 || k->worst[q].sample_ns < k->worst[low].sample_ns))
			low = q;
	return low;
}

int rtb_tkeep_sample(struct rtb_tkeep *k, const struct rtb_twin *const *w, int nw, const struct rtb_tmark *mk,
		     long tid, long peer_tid, struct rtb_tev *slot, size_t slotcap)
{
	int64_t comp_ns[RTB_TRACE_MAX_COMP] = { 0 };
	int complete, why;
	size_t n;

	if (!k || !w || nw < 1 || !mk || !slot || !slotcap)
		return RTB_EINVAL;
	/* Step 1: match. A timer sample's events start after the previous
	 * stamp (its timer is armed after it), bounded to 100 ms before its
	 * expiry when that is not known (the first sample, lost marks); the
	 * others' at their first stamp. */
	uint64_t wf = window_from(k, mk), from = wf;
	if (k->kind == RTB_TRACE_TIMER) {
		uint64_t floor = wf - ticks(k, 100000000LL);
		from = k->prev_end && (int64_t)(k->prev_end - floor) > 0 ? k->prev_end : floor;
	}
	if (k->kind == RTB_TRACE_NOISE) {
		why = noise_gap(k, w, nw, mk, tid, slot, slotcap, &complete);
	} else {
		n = rtb_twin_copy(w, nw, from, mk->end, 0, 0, slot, slotcap, &complete);
		why = match(k, slot, n, mk, tid, peer_tid, comp_ns);
	}
	k->incomplete += !complete;
	k->prev_end = mk->end;
	/* Step 2: keep? */
	int newmax = !k->have_max || mk->ns > k->max_ns;
	int low = smallest(k);
	int enters = k->nworst < RTB_WORST_N || (low >= 0 && mk->ns > k->worst[low].sample_ns);
	int broke = k->break_ns > 0 && mk->ns > k->break_ns && !k->broke_done;
	uint64_t index = k->samples++;

	if (newmax) {
		k->max_ns = mk->ns;
		k->have_max = 1;
	}
	if (!newmax && !enters && !broke)
		return 0;
	struct rtb_worst x;
	memset(&x, 0, sizeof(x));
	x.index = (size_t)index;
	x.sample_ns = mk->ns;
	x.broke = (uint8_t)broke;
	x.matched = why != RTB_TW_NO_EVENTS && why != RTB_TW_ORDER;
	memcpy(x.comp_ns, comp_ns, sizeof(x.comp_ns));
	n = rtb_twin_copy(w, nw, wf - 1, mk->end, RTB_TS_BEFORE, RTB_TS_AFTER, slot, slotcap, &complete);
	x.partial = !complete;
	/* where it goes in the worst (Step 3): its events with it */
	keep_evid(k, k->nworst < RTB_WORST_N ? k->nworst : (low >= 0 && (broke || mk->ns > k->worst[low].sample_ns)) ? low : -1,
		  slot, n, wf, mk->end, w[0]->cpu, tid);
	if (k->kind == RTB_TRACE_NOISE) {
		/* a gap: what held the spinner's CPU, no phases (no path) */
		if (rtb_trace_explain(slot, n, wf, mk->end, w[0]->cpu, tid, k->ticks_per_ns, &x.x)) {
			memset(&x.x, 0, sizeof(x.x));
			x.x.cpu = w[0]->cpu;
			x.partial = 1;
		}
		rtb_explain_noise_gap(&x.x);
	} else if (rtb_trace_explain(slot, n, wf, mk->end, -1, tid, k->ticks_per_ns, &x.x) &&
	    rtb_trace_explain(slot, n, wf, mk->end, w[0]->cpu, tid, k->ticks_per_ns, &x.x)) {
		/* no switch to the task in the window: its CPU from the window */
		memset(&x.x, 0, sizeof(x.x));
		x.x.cpu = w[0]->cpu;
		x.x.window_ns = (int64_t)((double)(mk->end - wf) / k->ticks_per_ns + 0.5);
		x.partial = 1;
	} else {
		rtb_trace_phases(slot, n, k->kind, wf, mk->end, tid, x.matched ? x.comp_ns : NULL, k->ticks_per_ns,
				 &x.x);
		if (broke) { /* the evidence: from 1 ms before, copied, written at the run's end */
			int whole;
			size_t nb = rtb_twin_copy(w, nw, wf - ticks(k, 1000000), mk->end, 0, RTB_TS_AFTER, slot, slotcap,
						  &whole);
			rtb_break_keep(slot, nb, wf, mk->end, tid, k->ticks_per_ns, mk->ns, &x.x);
		}
	}
	rtb_finding_set_virt(&x.x, k->virt);
	k->explained++;
	if (broke)
		k->broke_done = 1;
	/* Step 3: the lists */
	if (newmax) {
		if (k->nmax == RTB_TS_MAXIMA) {
			memmove(&k->maxima[0], &k->maxima[1], (RTB_TS_MAXIMA - 1) * sizeof(k->maxima[0]));
			k->nmax--;
		}
		k->maxima[k->nmax].t_ns = (int64_t)((double)(int64_t)(mk->end - k->t0) / k->ticks_per_ns + 0.5);
		k->maxima[k->nmax].w = x;
		k->nmax++;
		k->nmax_total++;
	}
	if (k->nworst < RTB_WORST_N)
		k->worst[k->nworst++] = x;
	else if (low >= 0 && (broke || mk->ns > k->worst[low].sample_ns))
		k->worst[low] = x;
	return 1;
}

int64_t rtb_tkeep_floor_ns(const struct rtb_tkeep *k)
{
	int low = smallest(k);

	if (k->nworst < RTB_WORST_N || low < 0)
		return 0;
	int64_t f = k->worst[low].sample_ns;
	if (k->break_ns > 0 && !k->broke_done && k->break_ns < f)
		f = k->break_ns;
	return f > 0 ? f : 0;
}

int rtb_tkeep_top_add(int64_t *top, int cnt, int n, int64_t v)
{
	int i;

	if (cnt == n) {
		if (v <= top[0])
			return cnt;
		/* the smallest goes: v sinks into place from the bottom */
		for (i = 0; i + 1 < cnt && top[i + 1] < v; i++)
			top[i] = top[i + 1];
		top[i] = v;
		return cnt;
	}
	for (i = cnt; i > 0 && top[i - 1] > v; i--)
		top[i] = top[i - 1];
	top[i] = v;
	return cnt + 1;
}

void rtb_tkeep_skip(struct rtb_tkeep *k, const struct rtb_tmark *mk)
{
	k->samples++;
	k->skipped++;
	k->prev_end = mk->end;
}

void rtb_tkeep_finish(struct rtb_tkeep *k)
{
	char what[96];

	for (int i = 0; i < k->nworst; i++)
		for (int j = i + 1; j < k->nworst; j++)
			if (k->worst[j].sample_ns > k->worst[i].sample_ns) {
				struct rtb_worst t = k->worst[i];
				struct rtb_tkeep_evid e = k->evid[i];
				k->worst[i] = k->worst[j];
				k->worst[j] = t;
				k->evid[i] = k->evid[j];
				k->evid[j] = e;
			}
	for (int i = 0; i < k->nworst; i++) {
		struct rtb_worst *x = &k->worst[i];
		if (x->broke)
			snprintf(what, sizeof(what), "sample %lu (over %s %lld)", (unsigned long)x->index,
				 k->break_fails ? "--stop-us" : "--break-us", (long long)(k->break_ns / 1000));
		else if (i == 0)
			snprintf(what, sizeof(what), "max");
		else
			snprintf(what, sizeof(what), "#%d worst", i + 1);
		rtb_explain_line(k->id, what, x->sample_ns, &x->x, x->line, sizeof(x->line));
	}
	for (int i = 0; i < k->nmax; i++) {
		struct rtb_tmax *m = &k->maxima[i];
		snprintf(what, sizeof(what), "new max at +%.3f s", (double)m->t_ns / 1e9);
		rtb_explain_line(k->id, what, m->w.sample_ns, &m->w.x, m->w.line, sizeof(m->w.line));
	}
}
