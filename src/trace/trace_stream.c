/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the streaming trace's reader (rtbench/trace_stream.h): a
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
#include "rtbench/selfcost.h"
#include "rtbench/trace_stream.h"

#define POLL_NS 50000000LL      /* how often the reader drains the trace */
#define MARGIN_NS 1000000LL     /* events after a stamp before it is served */
#define NWATCH 64               /* measuring threads at once (one a CPU) */
#define NWIN 64                 /* traced CPUs (the trace's mask is 64 bits) */
#define CTX_NS 2000000LL        /* a candidate's events wanted from before its
				 * start (the context; a break's 1 ms) */
#define FRESH_NS 5000000LL      /* behind, the events this close to a poll's
				 * start are parsed all the same (a sample
				 * that began before it and ends after it) */
#define NCAND 512               /* candidates a poll looks for, at most */

struct ts_watch {
	struct rtb_trace_marks tm;      /* what the benchmark gets (m->tm) */
	const struct rtb_metric *m;     /* whose marks */
	struct rtb_tkeep keep;
	const struct rtb_twin *w[2];
	int nw;
	struct rtb_metric *comp[RTB_TRACE_MAX_COMP + 1]; /* the last: the difference */
	atomic_int ready;               /* published whole (Step 2) */
	int64_t cand_floor;             /* behind: a mark at or below it at the
					 * poll's start was no candidate */
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
	struct rtb_tev *evid;   /* --trace-dat: RTB_WORST_N * RTB_TS_EVID a watch */
	struct rtb_tmark *rings;
	struct rtb_result *cres; /* the component metrics, until Step 5 */
	struct ts_watch *watch;
	int cap;                /* watches allocated */
	atomic_int taken;       /* watches handed out (Step 2) */
	uint64_t lost;          /* events the OS dropped (buffer full) */
	uint64_t lost_cpu[NWIN]; /* the same per CPU, read at the stop */
	int lost_cpu_ok;
	uint64_t explain;       /* CPUs whose samples are explained (0: all) */
	int poll_err;
	uint64_t polls, events;
	/* the reader behind (lazy kinds only: a round trip's or a wake-up's
	 * events lie between its own stamps): this poll parses only the
	 * pages a candidate for the worst needs (cand: its events' stretch,
	 * on the CPUs of mask) and those written since it began (poll_t) */
	int lazy, behind;
	uint64_t poll_t;
	struct { uint64_t from, to, mask; } cand[NCAND];
	int ncand;
	uint64_t skipped_ev;    /* events passed over unparsed */
} ts;

int rtb_ts_on(void)
{
	return ts.on;
}

/* whole - wa's windows hold every event of [from, to]. */
static int whole(const struct ts_watch *wa, uint64_t from, uint64_t to)
{
	for (int i = 0; i < wa->nw; i++)
		if (!rtb_twin_whole(wa->w[i], from, to))
			return 0;
	return 1;
}

/* candidate - whether mark mk can still be kept: above the floor, and
 * (the reader behind) above the candidates' floor of its poll or a new
 * maximum or the first over --break-us. */
static int candidate(const struct ts_watch *wa, const struct rtb_tmark *mk)
{
	const struct rtb_tkeep *k = &wa->keep;

	if (mk->ns <= rtb_tkeep_floor_ns(k))
		return 0;
	return mk->ns > wa->cand_floor || !k->have_max || mk->ns > k->max_ns ||
	       (k->break_ns > 0 && !k->broke_done && mk->ns > k->break_ns);
}

/* serve - Step 3: wa's marks stamped before `limit` (all when force). A
 * lazy kind's sample that is no candidate for the worst and whose events
 * were passed over is counted skipped; a candidate is always matched (and
 * said incomplete when its events are not whole). */
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
		if (ts.lazy && !candidate(wa, mk) && !whole(wa, mk->start, mk->end))
			rtb_tkeep_skip(&wa->keep, mk);
		else
			rtb_tkeep_sample(&wa->keep, wa->w, wa->nw, mk, tm->tid, tm->peer_tid, ts.slot, RTB_TS_SLOT);
		atomic_store_explicit(&tm->tail, t + 1, memory_order_release);
	}
	/* the measuring thread, when the ring is over half full, hands over
	 * only the samples above this */
	if (ts.lazy)
		atomic_store_explicit(&tm->floor_ns, rtb_tkeep_floor_ns(&wa->keep), memory_order_relaxed);
}

/* serve_cpu - the marks read from window wi alone that its events (up to
 * t) have passed. */
static void serve_cpu(int wi, uint64_t t)
{
	for (int i = 0; i < ts.cap; i++)
		if (ts.watch[i].w[0] == &ts.win[wi] && ts.watch[i].nw == 1 &&
		    atomic_load_explicit(&ts.watch[i].ready, memory_order_acquire))
			serve(&ts.watch[i], t, 0);
}

/* candidates - at a poll's start: is the reader behind (a lazy kind's ring
 * over half full now or at an earlier poll of the pass: a reader that fell
 * behind once is on a machine it cannot keep up with, and one that parsed
 * everything again at the next poll would fall behind again), and if so
 * which waiting marks are candidates for the
 * worst and the stretches of events they need. Of the marks waiting, only
 * the RTB_WORST_N largest above the keep's floor can end among the worst
 * (each watch's cand_floor: under it, RTB_WORST_N larger ones wait), plus
 * each new maximum in turn (the successive maxima) and the first over
 * --break-us. Too many to list: every page wanted at this poll. */
static void candidates(void)
{
	ts.ncand = 0;
	ts.poll_t = rtb_port_ticks();
	for (int i = 0; i < ts.cap; i++)
		ts.watch[i].cand_floor = 0;
	if (!ts.lazy)
		return;
	uint64_t ctx = (uint64_t)((double)CTX_NS * ts.tpn), after = (uint64_t)((double)MARGIN_NS * ts.tpn);
	for (int i = 0; i < ts.cap; i++) {
		struct ts_watch *wa = &ts.watch[i];
		if (!atomic_load_explicit(&wa->ready, memory_order_acquire))
			continue;
		struct rtb_trace_marks *tm = &wa->tm;
		size_t t0 = atomic_load_explicit(&tm->tail, memory_order_relaxed);
		size_t h = atomic_load_explicit(&tm->head, memory_order_acquire);
		if (h - t0 > tm->ring_mask / 2)
			ts.behind = 1;
		/* the RTB_WORST_N largest waiting, smallest first */
		int64_t top[RTB_WORST_N];
		int ntop = 0;
		for (size_t t = t0; t != h; t++)
			ntop = rtb_tkeep_top_add(top, ntop, RTB_WORST_N, tm->ring[t & tm->ring_mask].ns);
		wa->cand_floor = ntop == RTB_WORST_N ? top[0] - 1 : 0;
		uint64_t mask = 0;
		for (int k = 0; k < wa->nw; k++)
			mask |= 1ull << (wa->w[k]->cpu & 63);
		int64_t max_ns = wa->keep.have_max ? wa->keep.max_ns : INT64_MIN;
		int broke = wa->keep.break_ns <= 0 || wa->keep.broke_done;
		for (size_t t = t0; t != h; t++) {
			const struct rtb_tmark *mk = &tm->ring[t & tm->ring_mask];
			int newmax = mk->ns > max_ns, brk = !broke && mk->ns > wa->keep.break_ns;
			if (newmax)
				max_ns = mk->ns;
			broke |= brk;
			if (!newmax && !brk && (mk->ns <= wa->cand_floor || mk->ns <= rtb_tkeep_floor_ns(&wa->keep)))
				continue;
			if (ts.ncand == NCAND) {
				ts.ncand = -1; /* too many: every page wanted */
				return;
			}
			ts.cand[ts.ncand].from = mk->start - ctx;
			ts.cand[ts.ncand].to = mk->end + after;
			ts.cand[ts.ncand++].mask = mask;
		}
	}
}

/* want - the port asks about a page of one CPU's events: parsed unless the
 * reader is behind, it is older than the poll's start (with a candidate's
 * context) and no candidate needs it; passed over, it is a gap in its
 * window, and the marks it passed are served (skipped or, a candidate's,
 * matched as incomplete). */
static int want(int cpu, uint64_t first, uint64_t last, size_t n, void *arg)
{
	(void)arg;
	if (!ts.behind || ts.ncand < 0 || cpu < 0 || cpu >= NWIN || ts.winof[cpu] < 0 ||
	    (int64_t)(last + (uint64_t)((double)FRESH_NS * ts.tpn) - ts.poll_t) >= 0)
		return 1;
	for (int i = 0; i < ts.ncand; i++)
		if ((ts.cand[i].mask >> cpu & 1) && (int64_t)(ts.cand[i].to - first) >= 0 &&
		    (int64_t)(ts.cand[i].from - last) <= 0)
			return 1;
	rtb_twin_skip(&ts.win[ts.winof[cpu]], last, n);
	ts.skipped_ev += n;
	serve_cpu(ts.winof[cpu], last);
	return 0;
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
	serve_cpu(ts.winof[e->cpu], e->t);
}

/* poll_once - Step 3: drain the trace, serve what it covers. */
static void poll_once(int force)
{
	uint64_t now = rtb_port_ticks(), lost = 0;

	candidates();
	/* a poll reads up to its start: what came after is judged at the
	 * next, with the candidates then (a reader starved in one endless poll
	 * would never notice it fell behind) */
	int rc = rtb_port_trace_poll(on_event, NULL, &lost, want, force ? 0 : ts.poll_t);

	if (rc)
		ts.poll_err = rc;
	else
		ts.lost = lost;
	ts.polls++;
	for (int i = 0; i < ts.cap; i++)
		if (atomic_load_explicit(&ts.watch[i].ready, memory_order_acquire))
			serve(&ts.watch[i], now, force);
}

/* self_cost - the reader's own cost since its last call, added to the
 * result's self_cost (rtbench/selfcost.h): its CPU time against the
 * events it read, what docs/scale.md's model is made of. */
static void self_cost(int64_t *cpu0, uint64_t *ev0, uint64_t *skip0, uint64_t *lost0)
{
	int64_t cpu = rtb_port_thread_cpu_ns();

	rtb_selfcost_reader_add(cpu >= 0 && *cpu0 >= 0 ? (uint64_t)(cpu - *cpu0) : 0, ts.events - *ev0,
				ts.skipped_ev - *skip0, 1, ts.lost >= *lost0 ? ts.lost - *lost0 : 0);
	*cpu0 = cpu;
	*ev0 = ts.events;
	*skip0 = ts.skipped_ev;
	*lost0 = ts.lost;
}

static void reader_main(void *p)
{
	int64_t cpu0 = rtb_port_thread_cpu_ns();
	uint64_t ev0 = ts.events, skip0 = ts.skipped_ev, lost0 = ts.lost;

	(void)p;
	for (;;) {
		int last = atomic_load(&ts.stop);
		poll_once(0);
		self_cost(&cpu0, &ev0, &skip0, &lost0);
		if (last)
			break;
		/* behind: the next poll at once (it gets the CPUs in rests) */
		rtb_port_sleep_ns(ts.behind ? POLL_NS / 50 : POLL_NS);
	}
	/* Step 4: the trace is off; what it still holds, then every mark */
	poll_once(1);
	self_cost(&cpu0, &ev0, &skip0, &lost0);
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
	rtb_free(ts.evid);
	rtb_free(ts.rings);
	rtb_free(ts.watch);
	ts.cres = NULL;
	ts.store = ts.slot = ts.evid = NULL;
	ts.rings = NULL;
	ts.watch = NULL;
	ts.cap = 0;
}

int rtb_ts_start(struct rtb_ctx *c, enum rtb_trace_kind kind, uint64_t cpus, int nwatch, int reader_cpu,
		 int xcpu, uint64_t explain)
{
	struct rtb_trace_out names = { 0 };
	int rc = RTB_ENOMEM;

	if (ts.on || nwatch < 1 || nwatch > NWATCH || !cpus)
		return RTB_EINVAL;
	release();
	ts.kind = kind;
	ts.xcpu = xcpu;
	ts.explain = explain;
	ts.lost_cpu_ok = 0;
	/* a round trip's or a wake-up's events lie between its own stamps:
	 * the reader, behind, can pass over the rest (a timer sample's start
	 * at the previous stamp, a noise gap wants every event) */
	ts.lazy = kind == RTB_TRACE_PINGPONG || kind == RTB_TRACE_WAKE;
	ts.behind = 0;
	ts.skipped_ev = 0;
	ts.tpn = c->clk->ticks_per_ns;
	ts.break_ns = c->o->break_ns > 0 ? c->o->break_ns : 0;
	ts.tol_ns = rtb_trace_tolerance_ns(kind);
	ts.nwin = 0;
	for (int k = 0; k < NWIN; k++)
		ts.winof[k] = (cpus >> k & 1) ? ts.nwin++ : -1;
	rtb_finding_comp_names(kind, &names);
	/* Step 1: everything now, touched, before any measuring */
	ts.store = rtb_alloc((size_t)ts.nwin * RTB_TS_WINDOW * sizeof(*ts.store));
	ts.slot = rtb_alloc(RTB_TS_SLOT * sizeof(*ts.slot));
	ts.rings = rtb_alloc((size_t)nwatch * RTB_TS_MARKS * sizeof(*ts.rings));
	ts.watch = rtb_alloc((size_t)nwatch * sizeof(*ts.watch));
	ts.cres = rtb_alloc(sizeof(*ts.cres));
	if (!ts.store || !ts.slot || !ts.rings || !ts.watch || !ts.cres)
		goto fail;
	/* the worst samples' own events, for the exported trace: fixed too */
	if (c->o->trace.dat) {
		size_t ne = (size_t)nwatch * RTB_WORST_N * RTB_TS_EVID;
		if (!(ts.evid = rtb_alloc(ne * sizeof(*ts.evid))))
			goto fail;
		memset(ts.evid, 0, ne * sizeof(*ts.evid));
	}
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
	rtb_port_trace_poll(on_event, NULL, &lost0, NULL, 0);
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
	/* a CPU left unexplained takes no watch (the explained ones' are
	 * counted: nwatch) */
	if (ts.explain && (c->cpu < 0 || c->cpu >= NWIN || !(ts.explain >> c->cpu & 1)))
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
	atomic_store(&wa->tm.floor_ns, 0);
	atomic_store(&wa->tm.below_floor, 0);
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
	wa->keep.virt = c->res && rtb_fp_vcpu_can_stop(&c->res->fp);
	wa->keep.break_fails = c->o->break_fails;
	rtb_tkeep_evid_store(&wa->keep, ts.evid ? ts.evid + (size_t)i * RTB_WORST_N * RTB_TS_EVID : NULL);
	rtb_finding_comp_names(kind, &names);
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
	/* what the OS dropped, CPU by CPU: each metric states its own */
	ts.lost_cpu_ok = !rtb_port_trace_lost_cpus(ts.lost_cpu, NWIN);
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
	t->lost_events = ts.lost_cpu_ok ? 0 : ts.lost;
	for (int i = 0; i < wa->nw && ts.lost_cpu_ok; i++)
		t->lost_events += ts.lost_cpu[wa->w[i]->cpu & (NWIN - 1)];
	t->ndis_total = k->ndis_total;
	t->incomplete = k->incomplete;
	t->marks_lost = atomic_load(&wa->tm.ring_lost);
	t->below_floor = atomic_load(&wa->tm.below_floor);
	t->skipped = k->skipped;
	/* of the samples matched or tried: a skipped one was neither */
	t->agreement = rtb_trace_compared(t) ? (double)t->agree / (double)rtb_trace_compared(t) : 0;
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
				wa->nw > 1 ? " and the other CPU" : ts.lost_cpu_ok ? "" : " (all traced CPUs)",
				(unsigned long long)t->marks_lost, (unsigned long long)t->incomplete);
	if (t->below_floor || t->skipped)
		rtb_metric_note(dst, "trace: the reader fell behind and matched only the candidates for the worst "
				"and the samples of the last few ms before each of its reads: %llu samples at or "
				"below the smallest worst kept then not handed over, %llu seen with their events "
				"passed over unparsed (%llu events of the traced CPUs); the components are of the "
				"matched ones, not of all",
				(unsigned long long)t->below_floor, (unsigned long long)t->skipped,
				(unsigned long long)ts.skipped_ev);
	return 0;
}

const struct rtb_tkeep *rtb_ts_keep(const struct rtb_metric *live)
{
	struct ts_watch *wa = ts.watch && !ts.on ? find(live) : NULL;

	return wa ? &wa->keep : NULL;
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

size_t rtb_ts_window_events(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *evicted,
			    uint64_t *skipped)
{
	const struct rtb_twin *w[NWIN];

	*evicted = 0;
	if (skipped)
		*skipped = 0;
	for (int i = 0; i < ts.nwin && ts.store; i++) {
		w[i] = &ts.win[i];
		*evicted += ts.win[i].evicted;
		if (skipped)
			*skipped += ts.win[i].skipped;
	}
	return ts.store ? rtb_twin_each(w, ts.nwin, fn, arg) : 0;
}

void rtb_ts_release(void)
{
	rtb_ts_stop();
	release();
}
