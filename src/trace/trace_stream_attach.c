/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - what the streaming reader hands over after it stopped
 * (rtbench/trace_stream.h; the protocol at the top of trace_stream.c):
 * Step 5, each watch's keep and component metrics moved onto the metric
 * the result shows (rtb_ts_attach), and the queries of a stopped stream
 * (its keep, its marks' window, its events) for --break-us and
 * --trace-dat. */
#include <stdio.h>
#include <string.h>
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/port.h"
#include "rtbench/trace_stream.h"
#include "trace/trace_stream_int.h"

/* find - the watch of live metric m. */
static struct ts_watch *find(const struct rtb_metric *m)
{
	for (int i = 0; i < rtb_ts.cap; i++)
		if (atomic_load(&rtb_ts.watch[i].ready) && rtb_ts.watch[i].m == m)
			return &rtb_ts.watch[i];
	return NULL;
}

/* comp_id - "<id>.trace.<name>", a per-CPU metric's "@cpuN" kept last. */
static void comp_id(const char *id, const char *name, char *out, size_t len)
{
	const char *at = strchr(id, '@');

	if (at)
		snprintf(out, len, "%.*s.trace.%s%s", (int)(at - id), id, name, at);
	else
		snprintf(out, len, "%s.trace.%s", id, name);
}

/* move_comp - Step 5: component metric q of wa into res as id. */
static int move_comp(struct ts_watch *wa, int q, struct rtb_result *res, const struct rtb_metric *dst,
		     const char *name, const char *what, char *id_out)
{
	struct rtb_metric *cm = wa->comp[q];

	if (!cm || res->nmetrics >= RTB_MAX_METRICS)
		return RTB_ENOMEM;
	for (int i = 0; i < rtb_ts.cres->nmetrics; i++)
		if (rtb_ts.cres->metrics[i] == cm) {
			rtb_ts.cres->metrics[i] = rtb_ts.cres->metrics[--rtb_ts.cres->nmetrics];
			break;
		}
	wa->comp[q] = NULL;
	comp_id(dst->id, name, cm->id, sizeof(cm->id));
	rtb_trace_comp_label(cm, dst, name, what, 1);
	cm->elapsed_ns = dst->elapsed_ns;
	cm->capacity = cm->count;
	rtb_metric_finish(cm, 0);
	res->metrics[res->nmetrics++] = cm;
	snprintf(id_out, 64, "%s", cm->id);
	return 0;
}

int rtb_ts_attach(const struct rtb_metric *live, struct rtb_metric *dst, struct rtb_result *res)
{
	struct ts_watch *wa = rtb_ts.watch ? find(live) : NULL;
	struct rtb_trace_out names = { 0 };
	struct rtb_metric_trace *t;
	struct rtb_tkeep *k;

	if (!wa)
		return 0;
	k = &wa->keep;
	k->id = dst->id; /* the lines name the metric the result shows */
	rtb_tkeep_finish(k);
	t = rtb_alloc(sizeof(*t));
	if (!t)
		return RTB_ENOMEM;
	memset(t, 0, sizeof(*t));
	t->kind = k->kind;
	t->streamed = 1;
	snprintf(t->clock, sizeof(t->clock), "%s", rtb_port_trace_clock());
	t->tolerance_ns = k->tol_ns;
	t->samples = k->samples;
	t->matched = k->matched;
	t->agree = k->agree;
	t->lost_events = rtb_ts.lost_cpu_ok ? 0 : rtb_ts.lost;
	for (int i = 0; i < wa->nw && rtb_ts.lost_cpu_ok; i++)
		if (wa->w[i]->cpu >= 0 && wa->w[i]->cpu < NWIN)
			t->lost_events += rtb_ts.lost_cpu[wa->w[i]->cpu];
	t->ndis_total = k->ndis_total;
	t->incomplete = k->incomplete;
	t->marks_lost = atomic_load(&wa->tm.ring_lost);
	t->below_floor = atomic_load(&wa->tm.below_floor);
	t->skipped = k->skipped;
	/* of the samples matched or tried: a skipped one was neither */
	t->agreement = rtb_metric_trace_compared(t) ?
		(double)t->agree / (double)rtb_metric_trace_compared(t) : 0;
	t->explained = k->explained;
	t->nmax_total = k->nmax_total;
	t->worst = rtb_alloc(RTB_WORST_N * sizeof(*t->worst));
	t->maxima = rtb_alloc(RTB_TS_MAXIMA * sizeof(*t->maxima));
	t->dis = rtb_alloc((k->ndis + 1) * sizeof(*t->dis));
	if (!t->worst || !t->maxima || !t->dis) {
		rtb_free(t->worst);
		rtb_free(t->maxima);
		rtb_free(t->dis);
		rtb_free(t);
		return RTB_ENOMEM;
	}
	memcpy(t->worst, k->worst, sizeof(k->worst));
	t->nworst = k->nworst;
	memcpy(t->maxima, k->maxima, sizeof(k->maxima));
	t->nmax = k->nmax;
	memcpy(t->dis, k->dis, k->ndis * sizeof(*t->dis));
	t->ndis = k->ndis;
	if (dst->trace) {
		/* a metric traced twice in one pass: keep the first */
		rtb_free(t->worst);
		rtb_free(t->maxima);
		rtb_free(t->dis);
		rtb_free(t);
		return 0;
	}
	dst->trace = t;
	if (k->kind == RTB_TRACE_NOISE) /* every gap explained: the noise by class */
		rtb_noise_extras(dst, k->noise_ns);
	rtb_finding_comp_names(k->kind, &names);
	int rc = 0;
	for (int q = 0; q < names.ncomp && !rc; q++) {
		rc = move_comp(wa, q, res, dst, names.comp_name[q], names.comp_what[q], t->components[q]);
		if (!rc)
			t->ncomp = q + 1;
	}
	if (!rc && rtb_trace_diff_metric(k->kind))
		rc = move_comp(wa, names.ncomp, res, dst, "rtbench_minus_trace",
			       "rtbench's interval minus the trace's: the components outside the trace's interval",
			       t->diff_id);
	if (rc)
		rtb_metric_note(dst, "trace components not kept: the result holds %d metrics at most",
				RTB_MAX_METRICS);
	if (t->lost_events || t->marks_lost || t->incomplete)
		rtb_metric_note(dst, "trace: %llu events dropped by the OS on CPU %d%s, %llu samples never "
				"seen by the reader, %llu samples' events had left the window",
				(unsigned long long)t->lost_events, wa->w[0]->cpu,
				wa->nw > 1 ? " and the other CPU" : rtb_ts.lost_cpu_ok ? "" : " (all traced CPUs)",
				(unsigned long long)t->marks_lost, (unsigned long long)t->incomplete);
	if (t->below_floor || t->skipped)
		rtb_metric_note(dst, "trace: the reader fell behind and matched only the candidates for the worst "
				"and the samples of the last few ms before each of its reads: %llu samples at or "
				"below the smallest worst kept then not handed over, %llu seen with their events "
				"passed over unparsed (%llu events of the traced CPUs); the components are of the "
				"matched ones, not of all",
				(unsigned long long)t->below_floor, (unsigned long long)t->skipped,
				(unsigned long long)rtb_ts.skipped_ev);
	return 0;
}

const struct rtb_tkeep *rtb_ts_keep(const struct rtb_metric *live)
{
	struct ts_watch *wa = rtb_ts.watch && !rtb_ts.on ? find(live) : NULL;

	return wa ? &wa->keep : NULL;
}

int rtb_ts_window(const struct rtb_metric *m, struct rtb_ts_window *out)
{
	struct ts_watch *wa = rtb_ts.watch && !rtb_ts.on ? find(m) : NULL;
	size_t head, n;

	if (!wa)
		return RTB_EINVAL;
	/* the producer has ended: the ring holds its last pushed marks, every
	 * one served (Step 4), none overwritten since */
	head = atomic_load(&wa->tm.head);
	n = head < RTB_TS_MARKS ? head : RTB_TS_MARKS;
	size_t i = rtb_twin_marks_from(wa->w, wa->nw, wa->tm.ring, wa->tm.ring_mask, head, n, rtb_ts.tpn);
	*out = (struct rtb_ts_window){ .kind = wa->tm.kind, .tid = wa->tm.tid, .peer_tid = wa->tm.peer_tid,
				       .ring = wa->tm.ring, .mask = wa->tm.ring_mask, .first = head - n + i,
				       .n = n - i, .pushed = head };
	return 0;
}

size_t rtb_ts_window_events(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *evicted,
			    uint64_t *skipped)
{
	const struct rtb_twin *w[NWIN];

	*evicted = 0;
	if (skipped)
		*skipped = 0;
	for (int i = 0; i < rtb_ts.nwin && rtb_ts.store; i++) {
		w[i] = &rtb_ts.win[i];
		*evicted += rtb_ts.win[i].evicted;
		if (skipped)
			*skipped += rtb_ts.win[i].skipped;
	}
	return rtb_ts.store ? rtb_twin_each(w, rtb_ts.nwin, fn, arg) : 0;
}

