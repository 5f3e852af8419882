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
 *   Step 2: each benchmark asks for its marks (rtb_marks_new ->
 *           rtb_ts_marks): a free watch is filled and published (release);
 *           its measuring thread then pushes one mark per sample into the
 *           watch's ring (rtb_tmark_push: no call, no system call).
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
#include "trace/trace_stream_int.h"

struct rtb_ts_state rtb_ts;

int rtb_ts_on(void)
{
	return rtb_ts.on;
}

/* out_of_time - past the stop's drain bound (DRAIN_NS): from then on the
 * reader passes over what is left (said: rtb_ts.cut). */
static int out_of_time(void)
{
	int64_t by = atomic_load_explicit(&rtb_ts.drain_by, memory_order_relaxed);

	if (!rtb_ts.cut && by && rtb_port_mono_ns() > by)
		rtb_ts.cut = 1;
	return rtb_ts.cut;
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
	uint64_t margin = (uint64_t)((double)MARGIN_NS * rtb_ts.tpn);

	for (; t != h; t++) {
		const struct rtb_tmark *mk = &tm->ring[t & tm->ring_mask];
		if (!force && (int64_t)(mk->end + margin - limit) >= 0)
			break;
		/* out of time (checked every 64: a clock read a mark costs) */
		if ((!(t & 63) && out_of_time()) || rtb_ts.cut)
			rtb_tkeep_skip(&wa->keep, mk);
		else if (rtb_ts.lazy && !candidate(wa, mk) && !whole(wa, mk->start, mk->end))
			rtb_tkeep_skip(&wa->keep, mk);
		else
			rtb_tkeep_sample(&wa->keep, wa->w, wa->nw, mk, tm->tid, tm->peer_tid, rtb_ts.slot, RTB_TS_SLOT);
		atomic_store_explicit(&tm->tail, t + 1, memory_order_release);
	}
	/* the measuring thread, when the ring is over half full, hands over
	 * only the samples above this */
	if (rtb_ts.lazy)
		atomic_store_explicit(&tm->floor_ns, rtb_tkeep_floor_ns(&wa->keep), memory_order_relaxed);
}

/* serve_cpu - the marks read from window wi alone that its events (up to
 * t) have passed. */
static void serve_cpu(int wi, uint64_t t)
{
	for (int i = atomic_load_explicit(&rtb_ts.alone[wi], memory_order_acquire) - 1; i >= 0;
	     i = rtb_ts.watch[i].alone_next - 1)
		if (atomic_load_explicit(&rtb_ts.watch[i].ready, memory_order_acquire))
			serve(&rtb_ts.watch[i], t, 0);
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
	rtb_ts.ncand = 0;
	rtb_ts.poll_t = rtb_port_ticks();
	for (int i = 0; i < rtb_ts.cap; i++)
		rtb_ts.watch[i].cand_floor = 0;
	if (!rtb_ts.lazy)
		return;
	uint64_t ctx = (uint64_t)((double)CTX_NS * rtb_ts.tpn), after = (uint64_t)((double)MARGIN_NS * rtb_ts.tpn);
	for (int i = 0; i < rtb_ts.cap; i++) {
		struct ts_watch *wa = &rtb_ts.watch[i];
		if (!atomic_load_explicit(&wa->ready, memory_order_acquire))
			continue;
		struct rtb_trace_marks *tm = &wa->tm;
		size_t t0 = atomic_load_explicit(&tm->tail, memory_order_relaxed);
		size_t h = atomic_load_explicit(&tm->head, memory_order_acquire);
		if (h - t0 > tm->ring_mask / 2)
			rtb_ts.behind = 1;
		/* the RTB_WORST_N largest waiting, smallest first */
		int64_t top[RTB_WORST_N];
		int ntop = 0;
		for (size_t t = t0; t != h; t++)
			ntop = rtb_tkeep_top_add(top, ntop, RTB_WORST_N, tm->ring[t & tm->ring_mask].ns);
		wa->cand_floor = ntop == RTB_WORST_N ? top[0] - 1 : 0;
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
			if (rtb_ts.ncand == NCAND) {
				rtb_ts.ncand = -1; /* too many: every page wanted */
				return;
			}
			rtb_ts.cand[rtb_ts.ncand].from = mk->start - ctx;
			rtb_ts.cand[rtb_ts.ncand].to = mk->end + after;
			for (int k = 0; k < 2; k++)
				rtb_ts.cand[rtb_ts.ncand].cpu[k] = k < wa->nw ? wa->w[k]->cpu : -1;
			rtb_ts.ncand++;
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
	if (out_of_time()) {
		/* the stop's bound passed: this page and the rest unread */
		if (cpu >= 0 && cpu < NWIN && rtb_ts.winof[cpu] >= 0)
			rtb_twin_skip(&rtb_ts.win[rtb_ts.winof[cpu]], last, n);
		rtb_ts.skipped_ev += n;
		return -1;
	}
	if (!rtb_ts.behind || rtb_ts.ncand < 0 || cpu < 0 || cpu >= NWIN || rtb_ts.winof[cpu] < 0 ||
	    (int64_t)(last + (uint64_t)((double)FRESH_NS * rtb_ts.tpn) - rtb_ts.poll_t) >= 0)
		return 1;
	for (int i = 0; i < rtb_ts.ncand; i++)
		if ((rtb_ts.cand[i].cpu[0] == cpu || rtb_ts.cand[i].cpu[1] == cpu) && (int64_t)(rtb_ts.cand[i].to - first) >= 0 &&
		    (int64_t)(rtb_ts.cand[i].from - last) <= 0)
			return 1;
	rtb_twin_skip(&rtb_ts.win[rtb_ts.winof[cpu]], last, n);
	rtb_ts.skipped_ev += n;
	serve_cpu(rtb_ts.winof[cpu], last);
	return 0;
}

/* on_event - one event from the port's poll into its CPU's window; the
 * marks that CPU's events have now passed are served before anything they
 * need is evicted. */
static void on_event(const struct rtb_tev *e, void *arg)
{
	(void)arg;
	if (e->cpu < 0 || e->cpu >= NWIN || rtb_ts.winof[e->cpu] < 0)
		return;
	rtb_twin_push(&rtb_ts.win[rtb_ts.winof[e->cpu]], e);
	rtb_ts.events++;
	serve_cpu(rtb_ts.winof[e->cpu], e->t);
}

/* poll_once - Step 3: drain the trace, serve what it covers. */
static void poll_once(int force)
{
	uint64_t now = rtb_port_ticks(), lost = 0;

	candidates();
	/* a poll reads up to its start: what came after is judged at the
	 * next, with the candidates then (a reader starved in one endless poll
	 * would never notice it fell behind) */
	int rc = rtb_port_trace_poll(on_event, NULL, &lost, want, force ? 0 : rtb_ts.poll_t);

	if (rc)
		rtb_ts.poll_err = rc;
	else
		rtb_ts.lost = lost;
	rtb_ts.polls++;
	for (int i = 0; i < rtb_ts.cap; i++)
		if (atomic_load_explicit(&rtb_ts.watch[i].ready, memory_order_acquire))
			serve(&rtb_ts.watch[i], now, force);
}

/* self_cost - the reader's own cost since its last call, added to the
 * result's self_cost (rtbench/selfcost.h): its CPU time against the
 * events it read, what docs/scale.md's model is made of. */
static void self_cost(int64_t *cpu0, uint64_t *ev0, uint64_t *skip0, uint64_t *lost0)
{
	int64_t cpu = rtb_port_thread_cpu_ns();

	rtb_selfcost_reader_add(cpu >= 0 && *cpu0 >= 0 ? (uint64_t)(cpu - *cpu0) : 0, rtb_ts.events - *ev0,
				rtb_ts.skipped_ev - *skip0, 1, rtb_ts.lost >= *lost0 ? rtb_ts.lost - *lost0 : 0);
	*cpu0 = cpu;
	*ev0 = rtb_ts.events;
	*skip0 = rtb_ts.skipped_ev;
	*lost0 = rtb_ts.lost;
}

static void reader_main(void *p)
{
	int64_t cpu0 = rtb_port_thread_cpu_ns();
	uint64_t ev0 = rtb_ts.events, skip0 = rtb_ts.skipped_ev, lost0 = rtb_ts.lost;

	(void)p;
	for (;;) {
		int last = atomic_load(&rtb_ts.stop);
		poll_once(0);
		self_cost(&cpu0, &ev0, &skip0, &lost0);
		if (last)
			break;
		/* behind: the next poll at once (it gets the CPUs in rests) */
		rtb_port_sleep_ns(rtb_ts.behind ? POLL_NS / 50 : POLL_NS);
	}
	/* Step 4: the trace is off; what it still holds, then every mark,
	 * within DRAIN_NS of the stop: what is left then is passed over and
	 * counted (the buffer's unread events; the marks skipped) */
	poll_once(1);
	if (rtb_ts.cut) {
		uint64_t left[NWIN];
		rtb_ts.unread = 0;
		if (!rtb_port_trace_unread_cpus(left, NWIN))
			for (int c = 0; c < NWIN; c++)
				rtb_ts.unread += left[c];
		rtb_ts.skipped_ev += rtb_ts.unread;
	}
	self_cost(&cpu0, &ev0, &skip0, &lost0);
}

/* comp_metrics - the histogram-mode metrics watch i's components stream
 * into (ids set at Step 2). */
static int comp_metrics(int i, int ncomp)
{
	for (int q = 0; q <= ncomp; q++) {
		char id[32];
		snprintf(id, sizeof(id), "w%d.c%d", i, q);
		int rc = rtb_metric_new_hm(rtb_ts.cres, id, id, 0, -1, 0, NULL, &rtb_ts.watch[i].comp[q]);
		if (rc)
			return rc;
	}
	return 0;
}

static void release(void)
{
	if (rtb_ts.cres) {
		rtb_result_free(rtb_ts.cres);
		rtb_free(rtb_ts.cres);
	}
	rtb_free(rtb_ts.store);
	rtb_free(rtb_ts.slot);
	rtb_free(rtb_ts.evid);
	rtb_free(rtb_ts.rings);
	rtb_free(rtb_ts.watch);
	rtb_ts.cres = NULL;
	rtb_ts.store = rtb_ts.slot = rtb_ts.evid = NULL;
	rtb_ts.rings = NULL;
	rtb_ts.watch = NULL;
	rtb_ts.cap = 0;
}

int rtb_ts_start(struct rtb_ctx *c, enum rtb_trace_kind kind, const struct rtb_cpuset *cpus, int nwatch,
		 int reader_cpu, int xcpu, const struct rtb_cpuset *explain)
{
	struct rtb_trace_out names = { 0 };
	int rc = RTB_ENOMEM;

	if (rtb_ts.on || nwatch < 1 || nwatch > NWATCH || rtb_cpuset_first(cpus) < 0)
		return RTB_EINVAL;
	release();
	rtb_ts.kind = kind;
	rtb_ts.xcpu = xcpu;
	rtb_ts.explain_all = !explain || rtb_cpuset_first(explain) < 0;
	if (!rtb_ts.explain_all)
		rtb_ts.explain = *explain;
	rtb_ts.lost_cpu_ok = 0;
	/* a round trip's or a wake-up's events lie between its own stamps:
	 * the reader, behind, can pass over the rest (a timer sample's start
	 * at the previous stamp, a noise gap wants every event) */
	rtb_ts.lazy = kind == RTB_TRACE_PINGPONG || kind == RTB_TRACE_WAKE;
	rtb_ts.behind = 0;
	rtb_ts.skipped_ev = 0;
	rtb_ts.tpn = c->clk->ticks_per_ns;
	rtb_ts.break_ns = c->o->break_ns > 0 ? c->o->break_ns : 0;
	rtb_ts.tol_ns = rtb_trace_tolerance_ns(kind);
	rtb_ts.nwin = 0;
	for (int k = 0; k < NWIN; k++)
		atomic_store(&rtb_ts.alone[k], 0);
	for (int k = 0; k < NWIN; k++)
		rtb_ts.winof[k] = rtb_cpuset_has(cpus, k) ? rtb_ts.nwin++ : -1;
	rtb_finding_comp_names(kind, &names);
	/* Step 1: everything now, touched, before any measuring */
	rtb_ts.store = rtb_alloc((size_t)rtb_ts.nwin * RTB_TS_WINDOW * sizeof(*rtb_ts.store));
	rtb_ts.slot = rtb_alloc(RTB_TS_SLOT * sizeof(*rtb_ts.slot));
	rtb_ts.rings = rtb_alloc((size_t)nwatch * RTB_TS_MARKS * sizeof(*rtb_ts.rings));
	rtb_ts.watch = rtb_alloc((size_t)nwatch * sizeof(*rtb_ts.watch));
	rtb_ts.cres = rtb_alloc(sizeof(*rtb_ts.cres));
	if (!rtb_ts.store || !rtb_ts.slot || !rtb_ts.rings || !rtb_ts.watch || !rtb_ts.cres)
		goto fail;
	/* the worst samples' own events, for the exported trace: fixed too */
	if (c->o->trace.dat) {
		size_t ne = (size_t)nwatch * RTB_WORST_N * RTB_TS_EVID;
		if (!(rtb_ts.evid = rtb_alloc(ne * sizeof(*rtb_ts.evid))))
			goto fail;
		memset(rtb_ts.evid, 0, ne * sizeof(*rtb_ts.evid));
	}
	memset(rtb_ts.store, 0, (size_t)rtb_ts.nwin * RTB_TS_WINDOW * sizeof(*rtb_ts.store));
	memset(rtb_ts.slot, 0, RTB_TS_SLOT * sizeof(*rtb_ts.slot));
	memset(rtb_ts.rings, 0, (size_t)nwatch * RTB_TS_MARKS * sizeof(*rtb_ts.rings));
	memset(rtb_ts.watch, 0, (size_t)nwatch * sizeof(*rtb_ts.watch));
	memset(rtb_ts.cres, 0, sizeof(*rtb_ts.cres));
	rtb_ts.cres->clock = c->res->clock;
	rtb_ts.cap = nwatch;
	for (int k = 0, j = 0; k < NWIN; k++)
		if (rtb_ts.winof[k] >= 0)
			rtb_twin_init(&rtb_ts.win[j++], rtb_ts.store + (size_t)rtb_ts.winof[k] * RTB_TS_WINDOW, RTB_TS_WINDOW, k);
	for (int i = 0; i < nwatch; i++)
		if ((rc = comp_metrics(i, names.ncomp)))
			goto fail;
	atomic_store(&rtb_ts.taken, 0);
	atomic_store(&rtb_ts.stop, 0);
	atomic_store(&rtb_ts.drain_by, 0);
	rtb_ts.cut = 0;
	rtb_ts.unread = 0;
	rtb_ts.lost = 0;
	rtb_ts.poll_err = 0;
	rtb_ts.polls = rtb_ts.events = 0;
	rc = rtb_port_trace_begin(cpus);
	if (rc)
		goto fail;
	/* the first poll parses the kernel's event formats (hundreds of
	 * files read): here, before anything is measured, not in the reader
	 * on a measured CPU (no watch is ready: its events only fill the
	 * windows) */
	uint64_t lost0 = 0;
	rtb_port_trace_poll(on_event, NULL, &lost0, NULL, 0);
	if (!rtb_ts.t0)
		rtb_ts.t0 = rtb_port_ticks();
	struct rtb_thread_attr a = { .name = "rtb-trace", .policy = RTB_SCHED_NORMAL, .prio = RTB_PRIO_LOW,
				     .cpu = reader_cpu };
	rc = rtb_thread_create(&rtb_ts.th, &a, reader_main, NULL);
	if (rc) {
		rtb_port_trace_end();
		goto fail;
	}
	rtb_ts.started = 1;
	rtb_ts.on = 1;
	return 0;
fail:
	release();
	return rc;
}

struct rtb_trace_marks *rtb_ts_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind)
{
	struct rtb_trace_out names = { 0 };

	if (!rtb_ts.on || kind != rtb_ts.kind)
		return NULL;
	/* a CPU left unexplained takes no watch (the explained ones' are
	 * counted: nwatch) */
	if (!rtb_ts.explain_all && !rtb_cpuset_has(&rtb_ts.explain, c->cpu))
		return NULL;
	/* watches are handed out in order, and published in that order */
	int i = atomic_fetch_add(&rtb_ts.taken, 1);
	if (i >= rtb_ts.cap)
		return NULL;
	struct ts_watch *wa = &rtb_ts.watch[i];
	wa->m = m;
	wa->tm.kind = kind;
	wa->tm.ring = rtb_ts.rings + (size_t)i * RTB_TS_MARKS;
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
	if (c->cpu >= 0 && c->cpu < NWIN && rtb_ts.winof[c->cpu] >= 0)
		wa->w[wa->nw++] = &rtb_ts.win[rtb_ts.winof[c->cpu]];
	if (rtb_ts.xcpu && kind != RTB_TRACE_TIMER && c->other_cpu >= 0 && c->other_cpu < NWIN &&
	    c->other_cpu != c->cpu && rtb_ts.winof[c->other_cpu] >= 0)
		wa->w[wa->nw++] = &rtb_ts.win[rtb_ts.winof[c->other_cpu]];
	rtb_tkeep_init(&wa->keep, m->id, kind, rtb_ts.tpn, rtb_ts.t0, rtb_ts.break_ns, rtb_ts.tol_ns);
	wa->keep.virt = c->res && rtb_fp_vcpu_can_stop(&c->res->fp);
	wa->keep.break_fails = c->o->break_fails;
	rtb_tkeep_evid_store(&wa->keep, rtb_ts.evid ? rtb_ts.evid + (size_t)i * RTB_WORST_N * RTB_TS_EVID : NULL);
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
	if (wa->nw == 1) { /* on its window's list (serve_cpu) */
		atomic_int *head = &rtb_ts.alone[wa->w[0] - rtb_ts.win];
		int first = atomic_load_explicit(head, memory_order_relaxed);
		do
			wa->alone_next = first;
		while (!atomic_compare_exchange_weak_explicit(head, &first, i + 1, memory_order_release,
							      memory_order_relaxed));
	}
	/* publish (Step 2): the reader sees a watch whole or not at all */
	atomic_store_explicit(&wa->ready, 1, memory_order_release);
	m->tm = &wa->tm;
	return &wa->tm;
}

int rtb_ts_stop(void)
{
	if (!rtb_ts.on)
		return 0;
	rtb_port_trace_end();                     /* Step 4 */
	atomic_store(&rtb_ts.drain_by, rtb_port_mono_ns() + DRAIN_NS);
	atomic_store(&rtb_ts.stop, 1);
	if (rtb_ts.started)
		rtb_thread_join(&rtb_ts.th);
	rtb_ts.started = 0;
	/* what the OS dropped, CPU by CPU: each metric states its own */
	rtb_ts.lost_cpu_ok = !rtb_port_trace_lost_cpus(rtb_ts.lost_cpu, NWIN);
	rtb_ts.on = 0;
	if (!rtb_ts.poll_err && rtb_ts.cut)
		return RTB_ETIMEDOUT; /* read in part: the runner says so */
	return rtb_ts.poll_err;
}

void rtb_ts_release(void)
{
	rtb_ts_stop();
	release();
}
