/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - the streaming trace's reader (rtbench/trace_stream.h): a
 * traced measurement read while it runs, for hours, in memory fixed at its
 * start.
 *
 * Thread protocol (one traced measurement: a count run's traced pass, or a
 * --duration phase on every listed CPU):
 *   Step 1: the runner (rtb_ts_start) allocates everything the reader will
 *           use - one window per traced CPU, the slot, one mark ring and
 *           the component metrics per measuring thread ("watch") - starts
 *           the port's trace and the reader, time-shared, on the CPU the
 *           runner's own threads use (one not measured when one is left).
 *   Step 2: each benchmark asks for its marks (rtb_trace_marks_new ->
 *           rtb_ts_marks): a free watch is filled and published (release);
 *           its measuring thread then pushes one mark per sample into the
 *           watch's ring (rtb_trace_mark_push: no call, no system call).
 *   Step 3: every POLL_NS the reader drains the port's trace into the
 *           windows; as soon as a CPU's events pass a mark's stamp by
 *           MARGIN_NS (and after each poll, every mark stamped before it
 *           began) it takes the mark off the ring and hands it to the keep
 *           (rtb_tkeep_sample: matched, components recorded, kept and
 *           explained if it is a new maximum, among the worst or over
 *           --break-us).
 *   Step 4: the runner stops the trace and then the reader (rtb_ts_stop),
 *           which drains what is left and serves every mark still waiting.
 *   Step 5: the runner moves what each watch kept onto the metric the
 *           result shows (rtb_ts_attach): the worst, the maxima, the
 *           counts, the component metrics.
 * The reader alone touches the windows, the keeps and the component
 * metrics between Steps 1 and 4; nothing of it is in the result files
 * written before Step 5 (a --duration run's interval rewrites). */
#include <stdio.h>
#include <string.h>
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/port.h"
#include "rtbench/trace_stream.h"

#define POLL_NS 50000000LL      /* how often the reader drains the trace */
#define MARGIN_NS 1000000LL     /* events after a stamp before it is served */
#define NWATCH 64               /* measuring threads at once (one a CPU) */
#define NWIN 64                 /* traced CPUs (the trace's mask is 64 bits) */

struct ts_watch {
	struct rtb_trace_marks tm;      /* what the benchmark gets (m->tm) */
	const struct rtb_metric *m;     /* whose marks */
	struct rtb_tkeep keep;
	const struct rtb_twin *w[2];
	int nw;
	struct rtb_metric *comp[RTB_TRACE_MAX_COMP + 1]; /* the last: the difference */
	atomic_int ready;               /* published whole (Step 2) */
};

static struct {
	int on;                 /* Steps 1-4: marks go to watches */
	atomic_int stop;
	int started;
	rtb_thread_t th;
	enum rtb_trace_kind kind;
	int xcpu;               /* a sample's events on two CPUs (.xcpu) */
	double tpn;
	uint64_t t0;            /* the first traced measurement's start */
	int64_t break_ns, tol_ns;
	struct rtb_twin win[NWIN];
	int winof[NWIN];        /* CPU -> window, -1 none */
	int nwin;
	struct rtb_tev *store, *slot;
	struct rtb_tmark *rings;
	struct rtb_result *cres; /* the component metrics, until Step 5 */
	struct ts_watch *watch;
	int cap;                /* watches allocated */
	atomic_int taken;       /* watches handed out (Step 2) */
	uint64_t lost;          /* events the OS dropped (buffer full) */
	int poll_err;
	uint64_t polls, events;
} ts;

int rtb_ts_on(void)
{
	return ts.on;
}

/* serve - Step 3: wa's marks stamped before `limit` (all when force). */
static void serve(struct ts_watch *wa, uint64_t limit, int force)
{
	struct rtb_trace_marks *tm = &wa->tm;
	size_t t = atomic_load_explicit(&tm->tail, memory_order_relaxed);
	size_t h = atomic_load_explicit(&tm->head, memory_order_acquire);
	uint64_t margin = (uint64_t)((double)MARGIN_NS * ts.tpn);

	for (; t != h; t++) {
		const struct rtb_tmark *mk = &tm->ring[t & tm->ring_mask];
		if (!force && (int64_t)(mk->end + margin - limit) >= 0)
			break;
		rtb_tkeep_sample(&wa->keep, wa->w, wa->nw, mk, tm->tid, tm->peer_tid, ts.slot, RTB_TS_SLOT);
		atomic_store_explicit(&tm->tail, t + 1, memory_order_release);
	}
}

/* on_event - one event from the port's poll into its CPU's window; the
 * marks that CPU's events have now passed are served before anything they
 * need is evicted. */
static void on_event(const struct rtb_tev *e, void *arg)
{
	(void)arg;
	if (e->cpu < 0 || e->cpu >= NWIN || ts.winof[e->cpu] < 0)
		return;
	rtb_twin_push(&ts.win[ts.winof[e->cpu]], e);
	ts.events++;
	for (int i = 0; i < ts.cap; i++)
		if (ts.watch[i].w[0] == &ts.win[ts.winof[e->cpu]] && ts.watch[i].nw == 1 &&
		    atomic_load_explicit(&ts.watch[i].ready, memory_order_acquire))
			serve(&ts.watch[i], e->t, 0);
}

/* poll_once - Step 3: drain the trace, serve what it covers. */
static void poll_once(int force)
{
	uint64_t now = rtb_port_ticks(), lost = 0;
	int rc = rtb_port_trace_poll(on_event, NULL, &lost);

	if (rc)
		ts.poll_err = rc;
	else
		ts.lost = lost;
	ts.polls++;
	for (int i = 0; i < ts.cap; i++)
		if (atomic_load_explicit(&ts.watch[i].ready, memory_order_acquire))
			serve(&ts.watch[i], now, force);
}

static void reader_main(void *p)
{
	(void)p;
	for (;;) {
		int last = atomic_load(&ts.stop);
		poll_once(0);
		if (last)
			break;
		rtb_port_sleep_ns(POLL_NS);
	}
	/* Step 4: the trace is off; what it still holds, then every mark */
	poll_once(1);
}

/* comp_metrics - the histogram-mode metrics watch i's components stream
 * into (ids set at Step 2). */
static int comp_metrics(int i, int ncomp)
{
	for (int q = 0; q <= ncomp; q++) {
		char id[32];
		snprintf(id, sizeof(id), "w%d.c%d", i, q);
		int rc = rtb_metric_new_hm(ts.cres, id, id, 0, -1, 0, NULL, &ts.watch[i].comp[q]);
		if (rc)
			return rc;
	}
	return 0;
}

static void release(void)
{
	if (ts.cres) {
		rtb_result_free(ts.cres);
		rtb_free(ts.cres);
	}
	rtb_free(ts.store);
	rtb_free(ts.slot);
	rtb_free(ts.rings);
	rtb_free(ts.watch);
	ts.cres = NULL;
	ts.store = ts.slot = NULL;
	ts.rings = NULL;
	ts.watch = NULL;
	ts.cap = 0;
}

int rtb_ts_start(struct rtb_ctx *c, enum rtb_trace_kind kind, uint64_t cpus, int nwatch, int reader_cpu,
		 int xcpu)
{
	struct rtb_trace_out names = { 0 };
	int rc = RTB_ENOMEM;

	if (ts.on || nwatch < 1 || nwatch > NWATCH || !cpus)
		return RTB_EINVAL;
	release();
	ts.kind = kind;
	ts.xcpu = xcpu;
	ts.tpn = c->clk->ticks_per_ns;
	ts.break_ns = c->o->break_ns > 0 ? c->o->break_ns : 0;
	ts.tol_ns = rtb_trace_tolerance_ns(kind);
	ts.nwin = 0;
	for (int k = 0; k < NWIN; k++)
		ts.winof[k] = (cpus >> k & 1) ? ts.nwin++ : -1;
	rtb_trace_comp_names(kind, &names);
	/* Step 1: everything now, touched, before any measuring */
	ts.store = rtb_alloc((size_t)ts.nwin * RTB_TS_WINDOW * sizeof(*ts.store));
	ts.slot = rtb_alloc(RTB_TS_SLOT * sizeof(*ts.slot));
	ts.rings = rtb_alloc((size_t)nwatch * RTB_TS_MARKS * sizeof(*ts.rings));
	ts.watch = rtb_alloc((size_t)nwatch * sizeof(*ts.watch));
	ts.cres = rtb_alloc(sizeof(*ts.cres));
	if (!ts.store || !ts.slot || !ts.rings || !ts.watch || !ts.cres)
		goto fail;
	memset(ts.store, 0, (size_t)ts.nwin * RTB_TS_WINDOW * sizeof(*ts.store));
	memset(ts.slot, 0, RTB_TS_SLOT * sizeof(*ts.slot));
	memset(ts.rings, 0, (size_t)nwatch * RTB_TS_MARKS * sizeof(*ts.rings));
	memset(ts.watch, 0, (size_t)nwatch * sizeof(*ts.watch));
	memset(ts.cres, 0, sizeof(*ts.cres));
	ts.cres->clock = c->res->clock;
	ts.cap = nwatch;
	for (int k = 0, j = 0; k < NWIN; k++)
		if (ts.winof[k] >= 0)
			rtb_twin_init(&ts.win[j++], ts.store + (size_t)ts.winof[k] * RTB_TS_WINDOW, RTB_TS_WINDOW, k);
	for (int i = 0; i < nwatch; i++)
		if ((rc = comp_metrics(i, names.ncomp)))
			goto fail;
	atomic_store(&ts.taken, 0);
	atomic_store(&ts.stop, 0);
	ts.lost = 0;
	ts.poll_err = 0;
	ts.polls = ts.events = 0;
	rc = rtb_port_trace_begin(cpus);
	if (rc)
		goto fail;
	/* the first poll parses the kernel's event formats (hundreds of
	 * files read): here, before anything is measured, not in the reader
	 * on a measured CPU (no watch is ready: its events only fill the
	 * windows) */
	uint64_t lost0 = 0;
	rtb_port_trace_poll(on_event, NULL, &lost0);
	if (!ts.t0)
		ts.t0 = rtb_port_ticks();
	struct rtb_thread_attr a = { .name = "rtb-trace", .policy = RTB_SCHED_NORMAL, .prio = RTB_PRIO_LOW,
				     .cpu = reader_cpu };
	rc = rtb_thread_create(&ts.th, &a, reader_main, NULL);
	if (rc) {
		rtb_port_trace_end();
		goto fail;
	}
	ts.started = 1;
	ts.on = 1;
	return 0;
fail:
	release();
	return rc;
}

struct rtb_trace_marks *rtb_ts_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind)
{
	struct rtb_trace_out names = { 0 };

	if (!ts.on || kind != ts.kind)
		return NULL;
	/* watches are handed out in order, and published in that order */
	int i = atomic_fetch_add(&ts.taken, 1);
	if (i >= ts.cap)
		return NULL;
	struct ts_watch *wa = &ts.watch[i];
	wa->m = m;
	wa->tm.kind = kind;
	wa->tm.ring = ts.rings + (size_t)i * RTB_TS_MARKS;
	wa->tm.ring_mask = RTB_TS_MARKS - 1;
	wa->tm.capacity = 0;
	atomic_store(&wa->tm.head, 0);
	atomic_store(&wa->tm.tail, 0);
	atomic_store(&wa->tm.ring_lost, 0);
	/* the CPU the sample ends on first; a cross-CPU wake-up's other CPU
	 * too (the waker's events). Only then: a sample read from one window
	 * is served as its events arrive (on_event), before a backlog the
	 * reader drains at once evicts them (a run on every CPU, where the
	 * next CPU's window is there whether the kind needs it or not, had
	 * every same-CPU pipe round trip's mark waiting for the poll) */
	wa->nw = 0;
	if (c->cpu >= 0 && c->cpu < NWIN && ts.winof[c->cpu] >= 0)
		wa->w[wa->nw++] = &ts.win[ts.winof[c->cpu]];
	if (ts.xcpu && kind != RTB_TRACE_TIMER && c->other_cpu >= 0 && c->other_cpu < NWIN && c->other_cpu != c->cpu &&
	    ts.winof[c->other_cpu] >= 0)
		wa->w[wa->nw++] = &ts.win[ts.winof[c->other_cpu]];
	rtb_tkeep_init(&wa->keep, m->id, kind, ts.tpn, ts.t0, ts.break_ns, ts.tol_ns);
	rtb_trace_comp_names(kind, &names);
	wa->keep.ncomp = names.ncomp;
	for (int q = 0; q <= names.ncomp; q++)
		if (wa->comp[q] && wa->comp[q]->hm)
			wa->comp[q]->hm->cpu = c->cpu; /* its worst entries' CPU */
	for (int q = 0; q < names.ncomp; q++)
		wa->keep.comp[q] = wa->comp[q];
	wa->keep.diff = wa->comp[names.ncomp];
	if (!wa->nw)
		return NULL;
	/* publish (Step 2): the reader sees a watch whole or not at all */
	atomic_store_explicit(&wa->ready, 1, memory_order_release);
	m->tm = &wa->tm;
	return &wa->tm;
}

int rtb_ts_stop(void)
{
	if (!ts.on)
		return 0;
	rtb_port_trace_end();                     /* Step 4 */
	atomic_store(&ts.stop, 1);
	if (ts.started)
		rtb_thread_join(&ts.th);
	ts.started = 0;
	ts.on = 0;
	return ts.poll_err;
}

/* find - the watch of live metric m. */
static struct ts_watch *find(const struct rtb_metric *m)
{
	for (int i = 0; i < ts.cap; i++)
		if (atomic_load(&ts.watch[i].ready) && ts.watch[i].m == m)
			return &ts.watch[i];
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
	for (int i = 0; i < ts.cres->nmetrics; i++)
		if (ts.cres->metrics[i] == cm) {
			ts.cres->metrics[i] = ts.cres->metrics[--ts.cres->nmetrics];
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
	struct ts_watch *wa = ts.watch ? find(live) : NULL;
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
	t->agreement = k->samples ? (double)k->agree / (double)k->samples : 0;
	t->lost_events = ts.lost;
	t->ndis_total = k->ndis_total;
	t->incomplete = k->incomplete;
	t->marks_lost = atomic_load(&wa->tm.ring_lost);
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
	rtb_trace_comp_names(k->kind, &names);
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
		rtb_metric_note(dst, "trace: %llu events dropped by the OS, %llu samples never seen by the "
				"reader, %llu samples' events had left the window",
				(unsigned long long)t->lost_events, (unsigned long long)t->marks_lost,
				(unsigned long long)t->incomplete);
	return 0;
}

int rtb_ts_window(const struct rtb_metric *m, struct rtb_ts_window *out)
{
	struct ts_watch *wa = ts.watch && !ts.on ? find(m) : NULL;
	size_t head, n;

	if (!wa)
		return RTB_EINVAL;
	/* the producer has ended: the ring holds its last pushed marks, every
	 * one served (Step 4), none overwritten since */
	head = atomic_load(&wa->tm.head);
	n = head < RTB_TS_MARKS ? head : RTB_TS_MARKS;
	size_t i = rtb_twin_marks_from(wa->w, wa->nw, wa->tm.ring, wa->tm.ring_mask, head, n, ts.tpn);
	*out = (struct rtb_ts_window){ .kind = wa->tm.kind, .tid = wa->tm.tid, .peer_tid = wa->tm.peer_tid,
				       .ring = wa->tm.ring, .mask = wa->tm.ring_mask, .first = head - n + i,
				       .n = n - i, .pushed = head };
	return 0;
}

size_t rtb_ts_window_events(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *evicted)
{
	const struct rtb_twin *w[NWIN];

	*evicted = 0;
	for (int i = 0; i < ts.nwin && ts.store; i++) {
		w[i] = &ts.win[i];
		*evicted += ts.win[i].evicted;
	}
	return ts.store ? rtb_twin_each(w, ts.nwin, fn, arg) : 0;
}

void rtb_ts_release(void)
{
	rtb_ts_stop();
	release();
}
