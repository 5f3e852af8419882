/* SPDX-License-Identifier: Apache-2.0 */
/* test_trace_stream - the streaming trace's pure parts (src/trace/
 * trace_window.c, trace_keep.c; rtbench/trace_stream.h) on hand-made and
 * recorded event streams:
 *   1. the window: eviction of the oldest, what it still holds, a copy
 *      merging two CPUs in time order with the context before and the
 *      events after, a copy too big for its slot (the oldest dropped, said);
 *   2. the keep on a hand-made timer stream: every sample matched alone
 *      with the components the whole-pass matcher gives, a sample with a
 *      known hog explained (the hog named with its exact time), the worst
 *      bounded to RTB_WORST_N, the successive new maxima with their time
 *      bounded to RTB_TS_MAXIMA (the last kept, all counted), --break-us's
 *      first crossing kept, a sample whose events were evicted counted and
 *      its explanation marked partial;
 *   3. the successive maxima of a later round merged into the run's, and
 *      several CPUs' into the all-CPU aggregate's;
 *   4. a recorded trace (tests/data/trace/spike.*: a SCHED_FIFO 95 task
 *      "rtb_spiker" spinning 2 ms every 23 ms on the measured CPU) streamed
 *      event by event through a small window as the reader does: as many
 *      samples matched as the whole-pass matcher matches, the maximum the
 *      same and named after rtb_spiker; the trace recorded without it
 *      (dev-vm.*) never names it;
 *   5. the bounded window run --trace-events writes for a run read while
 *      it ran: of the marks a ring holds, the first whose events two
 *      windows both still hold (a timer mark, without a start, from its
 *      stamp less its value), none or all at the edges; every held event
 *      of three windows merged in time order, counted without a callback;
 *   6. the keep on hand-made pipe round trips (RTB_TRACE_PINGPONG): each
 *      matched into its five components, the worst explained in five
 *      phases, a task that took the CPU in the peer's turn named in that
 *      phase only and its time there exact; and on hand-made noise gaps
 *      (RTB_TRACE_NOISE, explained, not matched): every gap explained, the
 *      time by class (an interrupt's, a thread's, none seen) exact, the
 *      largest gap naming the thread, no phases, the us/s extras over the
 *      metric's spin time;
 *   7. the keep on hand-made quantum ends (RTB_TRACE_SLICE): each matched
 *      into its three components, the worst in three phases adding up to
 *      it (the wait for the tick the largest). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "fixtures.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/trace_stream.h"
#include "trace/trace_run.h"

#define TID 50
#define HOG 99

static struct rtb_tev ev_of(uint64_t t, int kind, int cpu, int cur)
{
	struct rtb_tev e;
	memset(&e, 0, sizeof(e));
	e.t = t;
	e.kind = (uint8_t)kind;
	e.cpu = cpu;
	e.cur = cur;
	return e;
}

static void window_basics(void)
{
	struct rtb_tev store[8], out[64];
	struct rtb_twin w;
	int complete;

	rtb_twin_init(&w, store, 8, 1);
	CHECK(rtb_twin_holds(&w, 0));
	for (uint64_t t = 1; t <= 20; t++)
		rtb_twin_push(&w, &(struct rtb_tev){ .t = t * 10, .cpu = 1, .kind = RTB_TEV_WAKING });
	CHECK_EQ_I(rtb_twin_len(&w), 8);
	CHECK_EQ_I(w.evicted, 12);
	CHECK_EQ_I(rtb_twin_at(&w, 0)->t, 130);
	CHECK_EQ_I(rtb_twin_at(&w, 7)->t, 200);
	CHECK(!rtb_twin_holds(&w, 120));
	CHECK(rtb_twin_holds(&w, 130));
	CHECK(rtb_twin_holds(&w, 170));
	const struct rtb_twin *one[1] = { &w };
	size_t n = rtb_twin_copy(one, 1, 150, 180, 0, 0, out, 64, &complete);
	CHECK_EQ_I(n, 3); /* 160 170 180 */
	CHECK_EQ_I(out[0].t, 160);
	CHECK_EQ_I(out[2].t, 180);
	CHECK(complete);
	n = rtb_twin_copy(one, 1, 100, 180, 0, 0, out, 64, &complete);
	CHECK(!complete); /* 110 and 120 were evicted */

	/* two CPUs merged; context back to the last switch; events after */
	struct rtb_tev s0[16], s1[16];
	struct rtb_twin w0, w1;
	rtb_twin_init(&w0, s0, 16, 0);
	rtb_twin_init(&w1, s1, 16, 1);
	rtb_twin_push(&w1, &(struct rtb_tev){ .t = 5, .cpu = 1, .kind = RTB_TEV_SWITCH });
	rtb_twin_push(&w1, &(struct rtb_tev){ .t = 7, .cpu = 1, .kind = RTB_TEV_WAKING });
	for (uint64_t t = 10; t <= 100; t += 10) {
		rtb_twin_push(&w0, &(struct rtb_tev){ .t = t + 1, .cpu = 0, .kind = RTB_TEV_WAKING });
		rtb_twin_push(&w1, &(struct rtb_tev){ .t = t, .cpu = 1, .kind = RTB_TEV_WAKEUP });
	}
	const struct rtb_twin *two[2] = { &w1, &w0 };
	n = rtb_twin_copy(two, 2, 30, 50, 0, 0, out, 64, &complete);
	CHECK_EQ_I(n, 4); /* (30, 50]: 31 40 41 50 */
	CHECK_EQ_I(out[0].t, 31);
	CHECK_EQ_I(out[3].t, 50);
	for (size_t i = 1; i < n; i++)
		CHECK(out[i - 1].t <= out[i].t);
	/* before: CPU 1 back to its switch at 5 (the waking at 7 with it);
	 * CPU 0 has no switch: back `before` events; after: 2 each */
	n = rtb_twin_copy(two, 2, 30, 50, 100, 2, out, 64, &complete);
	CHECK_EQ_I(out[0].t, 5);
	CHECK_EQ_I(out[n - 1].t, 70); /* CPU 1: 60 70; CPU 0: 51 61 */
	CHECK(complete);
	/* a slot too small: the oldest go first, and it says so */
	n = rtb_twin_copy(two, 2, 0, 100, 0, 0, out, 5, &complete);
	CHECK_EQ_I(n, 5);
	CHECK_EQ_I(out[4].t, 100);
	CHECK_EQ_I(out[0].t, 80); /* 80 81 90 91 100 */
	CHECK(!complete);
}

/* timer_sample - the events of one timer sample of task TID on CPU 1:
 * expiry at x (ns = ticks here), a hog task HOG holding the CPU `hog` ns
 * between the waking and the switch to TID; returns the stamp. */
static uint64_t timer_sample(struct rtb_twin *w, uint64_t x, uint64_t hog, uint64_t timer)
{
	struct rtb_tev e;

	e = ev_of(x - 900010, RTB_TEV_TIMER_ARM, 1, TID);
	e.timer = timer;
	e.expiry_ns = (int64_t)x;
	rtb_twin_push(w, &e);
	e = ev_of(x - 900000, RTB_TEV_SWITCH, 1, TID);
	e.prev = TID;
	e.pid = 0;
	snprintf(e.prev_comm, sizeof(e.prev_comm), "tCyclic");
	e.old_prio = 9;
	rtb_twin_push(w, &e);
	rtb_twin_push(w, &(struct rtb_tev){ .t = x + 100, .cpu = 1, .cur = 0, .kind = RTB_TEV_TIMER_IRQ });
	e = ev_of(x + 200, RTB_TEV_TIMER_FIRE, 1, 0);
	e.timer = timer;
	rtb_twin_push(w, &e);
	e = ev_of(x + 300, RTB_TEV_WAKING, 1, 0);
	e.pid = TID;
	rtb_twin_push(w, &e);
	rtb_twin_push(w, &(struct rtb_tev){ .t = x + 301, .cpu = 1, .cur = 0, .kind = RTB_TEV_VEC_EXIT });
	uint64_t sw = x + 400;
	if (hog) {
		e = ev_of(x + 310, RTB_TEV_SWITCH, 1, 0);
		e.prev = 0;
		e.pid = HOG;
		e.new_prio = 120;
		snprintf(e.comm, sizeof(e.comm), "hog");
		rtb_twin_push(w, &e);
		sw = x + 310 + hog;
	}
	e = ev_of(sw, RTB_TEV_SWITCH, 1, hog ? HOG : 0);
	e.prev = hog ? HOG : 0;
	e.pid = TID;
	e.new_prio = 9;
	snprintf(e.comm, sizeof(e.comm), "tCyclic");
	if (hog)
		snprintf(e.prev_comm, sizeof(e.prev_comm), "hog");
	rtb_twin_push(w, &e);
	return sw + 100;
}

static const struct rtb_cause *named(const struct rtb_explain *x, const char *name)
{
	for (int i = 0; i < x->ncause; i++)
		if (!strcmp(x->cause[i].name, name))
			return &x->cause[i];
	return NULL;
}

static struct rtb_tev store[1 << 12], slot[1 << 12];
static struct rtb_tkeep keep;

static void keep_handmade(void)
{
	struct rtb_twin w;
	const struct rtb_twin *ws[1] = { &w };
	const uint64_t P = 1000000;
	int kept = 0;

	rtb_twin_init(&w, store, 1 << 12, 1);
	rtb_tkeep_init(&keep, "irq.timer.nanosleep", RTB_TRACE_TIMER, 1.0, 0, 30000, 5000);
	/* 60 samples: no hog but samples 10 (2 us), 20 (40 us: over
	 * --break-us 30), 30 (8 us) and, at 50, 50 us */
	for (int i = 0; i < 60; i++) {
		uint64_t x = 10 * P + (uint64_t)i * P;
		uint64_t hog = i == 10 ? 2000 : i == 20 ? 40000 : i == 30 ? 8000 : i == 50 ? 50000 : 0;
		uint64_t end = timer_sample(&w, x, hog, 1000 + (uint64_t)i);
		struct rtb_tmark mk = { 0, end, (int64_t)x, (int64_t)(end - x) };
		int r = rtb_tkeep_sample(&keep, ws, 1, &mk, TID, 0, slot, 1 << 12);
		CHECK(r == 0 || r == 1);
		kept += r;
	}
	rtb_tkeep_finish(&keep);
	CHECK_EQ_I(keep.samples, 60);
	CHECK_EQ_I(keep.matched, 60);
	CHECK_EQ_I(keep.agree, 60);     /* switch -> stamp 100 ns: in tolerance */
	CHECK_EQ_I(keep.incomplete, 0);
	CHECK_EQ_I(keep.nworst, RTB_WORST_N);
	CHECK_EQ_I(keep.worst[0].sample_ns, 50000 + 310 + 100);
	CHECK_EQ_I(keep.worst[0].index, 50);
	/* components of the max: expiry->irq 100, irq->handler 100, handler->
	 * waking 100, waking->switch 10 + hog, switch->stamp 100 */
	CHECK(keep.worst[0].matched);
	CHECK_EQ_I(keep.worst[0].comp_ns[0], 100);
	CHECK_EQ_I(keep.worst[0].comp_ns[3], 50010);
	CHECK_EQ_I(keep.worst[0].comp_ns[4], 100);
	const struct rtb_cause *h = named(&keep.worst[0].x, "hog");
	CHECK(h && h->kind == RTB_CAUSE_TASK && h->ns == 50000 && h->pid == HOG);
	CHECK(keep.worst[0].x.cause[0].pid == HOG); /* the largest */
	CHECK(strstr(keep.worst[0].line, "max 50.4 us") && strstr(keep.worst[0].line, "task hog (pid 99)"));
	/* the break sample (index 20, first over 30 us) is kept, marked */
	int broke = 0;
	for (int i = 0; i < keep.nworst; i++)
		if (keep.worst[i].broke) {
			broke++;
			CHECK_EQ_I(keep.worst[i].index, 20);
			CHECK(strstr(keep.worst[i].line, "over --break-us 30"));
		}
	CHECK_EQ_I(broke, 1);
	/* successive maxima: 0 (first), 10, 20, 50 (30's 8 us is below 20's) */
	CHECK_EQ_I(keep.nmax_total, 4);
	CHECK_EQ_I(keep.nmax, 4);
	CHECK_EQ_I(keep.maxima[0].w.index, 0);
	CHECK_EQ_I(keep.maxima[1].w.index, 10);
	CHECK_EQ_I(keep.maxima[2].w.index, 20);
	CHECK_EQ_I(keep.maxima[3].w.index, 50);
	for (int i = 1; i < keep.nmax; i++) {
		CHECK(keep.maxima[i].w.sample_ns > keep.maxima[i - 1].w.sample_ns);
		CHECK(keep.maxima[i].t_ns > keep.maxima[i - 1].t_ns);
	}
	CHECK_EQ_I(keep.maxima[3].t_ns, (int64_t)(60 * P + 50310 + 100));
	CHECK(strstr(keep.maxima[3].w.line, "new max at +0.060"));
	CHECK(kept >= 5 && kept <= 12);

	/* bounded lists: 40 ever larger samples keep the last RTB_TS_MAXIMA
	 * maxima and RTB_WORST_N worst, count them all */
	rtb_twin_init(&w, store, 1 << 12, 1);
	rtb_tkeep_init(&keep, "m", RTB_TRACE_TIMER, 1.0, 0, 0, 5000);
	for (int i = 0; i < 40; i++) {
		uint64_t x = 10 * P + (uint64_t)i * P;
		uint64_t end = timer_sample(&w, x, 1000 + 100 * (uint64_t)i, 7);
		struct rtb_tmark mk = { 0, end, (int64_t)x, (int64_t)(end - x) };
		rtb_tkeep_sample(&keep, ws, 1, &mk, TID, 0, slot, 1 << 12);
	}
	rtb_tkeep_finish(&keep);
	CHECK_EQ_I(keep.nmax_total, 40);
	CHECK_EQ_I(keep.nmax, RTB_TS_MAXIMA);
	CHECK_EQ_I(keep.maxima[RTB_TS_MAXIMA - 1].w.index, 39);
	CHECK_EQ_I(keep.maxima[0].w.index, 40 - RTB_TS_MAXIMA);
	CHECK_EQ_I(keep.nworst, RTB_WORST_N);
	for (int i = 0; i < RTB_WORST_N; i++)
		CHECK_EQ_I(keep.worst[i].index, 39 - i);

	/* a window too short for the sample: counted, explanation partial */
	struct rtb_tev small[6];
	rtb_twin_init(&w, small, 6, 1);
	rtb_tkeep_init(&keep, "m", RTB_TRACE_TIMER, 1.0, 0, 0, 5000);
	uint64_t end = timer_sample(&w, 10 * P, 3000, 9);
	struct rtb_tmark mk = { 0, end, (int64_t)(10 * P), (int64_t)(end - 10 * P) };
	CHECK_EQ_I(rtb_tkeep_sample(&keep, ws, 1, &mk, TID, 0, slot, 1 << 12), 1);
	CHECK_EQ_I(keep.incomplete, 1);
	CHECK_EQ_I(keep.matched, 0);    /* its arm event was evicted */
	CHECK(keep.worst[0].partial);
	CHECK_EQ_I(rtb_tkeep_sample(&keep, ws, 0, &mk, TID, 0, slot, 1 << 12), RTB_EINVAL);
}

/* ---- a recorded trace streamed as the reader does --------------------- */

static struct rtb_tev big[RTB_TS_WINDOW], bigslot[RTB_TS_SLOT];

/* stream - r's events into one window of cap events (the measured CPU's,
 * the last switch to the task tells which), each sample served once the
 * events pass its stamp by 1 ms, as trace/trace_stream.c does. Returns the
 * whole-pass matcher's matched count for comparison. */
static size_t stream(const struct rec *r, size_t cap)
{
	struct rtb_twin w;
	const struct rtb_twin *ws[1] = { &w };
	int cpu = -1;
	size_t next = 0;
	uint64_t margin = (uint64_t)(1000000 * r->tpn);

	for (size_t k = r->nev; k-- > 0 && cpu < 0;)
		if (r->ev[k].kind == RTB_TEV_SWITCH && r->ev[k].pid == r->tid)
			cpu = r->ev[k].cpu;
	rtb_twin_init(&w, big, cap, cpu);
	rtb_tkeep_init(&keep, "irq.timer.nanosleep", RTB_TRACE_TIMER, r->tpn, r->ev[0].t, 0, 5000);
	for (size_t k = 0; k <= r->nev; k++) {
		if (k < r->nev && r->ev[k].cpu != cpu)
			continue;
		while (next < r->n && (k == r->nev || r->end[next] + margin < r->ev[k].t)) {
			struct rtb_tmark mk = { r->start[next], r->end[next], r->expiry[next], r->samples[next] };
			rtb_tkeep_sample(&keep, ws, 1, &mk, r->tid, 0, bigslot, RTB_TS_SLOT);
			next++;
		}
		if (k < r->nev)
			rtb_twin_push(&w, &r->ev[k]);
	}
	rtb_tkeep_finish(&keep);

	/* the whole pass, matched at once */
	struct rtb_trace_marks mk = { .kind = RTB_TRACE_TIMER, .start = r->start, .end = r->end,
				      .expiry_ns = r->expiry, .tid = r->tid, .capacity = r->n };
	struct rtb_trace_in in = { .kind = RTB_TRACE_TIMER, .ev = r->ev, .nev = r->nev, .sample_ns = r->samples,
				   .n = r->n, .mk = &mk, .ticks_per_ns = r->tpn, .tol_ns = 5000 };
	struct rtb_trace_out out = { 0 };
	for (int q = 0; q < 5; q++)
		out.comp[q] = calloc(r->n, sizeof(int64_t));
	out.diff_ns = calloc(r->n, sizeof(int64_t));
	out.why = calloc(r->n, 1);
	CHECK_EQ_I(rtb_trace_match(&in, &out), 0);
	for (int q = 0; q < 5; q++)
		free(out.comp[q]);
	free(out.diff_ns);
	free(out.why);
	return out.matched;
}

static void recorded(void)
{
	struct rec r;
	int64_t max = 0;

	if (rec_load("spike.irq.timer.nanosleep.r1.txt", &r)) {
		fprintf(stderr, "cannot read %s\n", fixture_path("trace", "spike.irq.timer.nanosleep.r1.txt"));
		check_failures++;
		return;
	}
	for (size_t i = 0; i < r.n; i++)
		max = r.samples[i] > max ? r.samples[i] : max;
	size_t whole = stream(&r, RTB_TS_WINDOW);
	CHECK_EQ_I(keep.samples, r.n);
	CHECK_EQ_I(keep.matched, whole);
	CHECK(keep.matched >= r.n * 9 / 10);
	CHECK_EQ_I(keep.worst[0].sample_ns, max);
	CHECK_EQ_I(keep.maxima[keep.nmax - 1].w.sample_ns, max);
	CHECK(keep.worst[0].x.ncause > 0 && !strcmp(keep.worst[0].x.cause[0].name, "rtb_spiker"));
	CHECK(keep.worst[0].x.cause[0].ns > max / 2);
	CHECK_EQ_I(keep.incomplete, 0);
	printf("spike: %zu samples, %llu matched (whole pass %zu), max %.1f us: %s\n", r.n,
	       (unsigned long long)keep.matched, whole, (double)max / 1000, keep.worst[0].line);
	/* a window of 2000 events (about 90 samples' worth here): the same
	 * maximum named, nothing unseen */
	stream(&r, 2000);
	CHECK_EQ_I(keep.worst[0].sample_ns, max);
	CHECK(!strcmp(keep.worst[0].x.cause[0].name, "rtb_spiker"));
	CHECK_EQ_I(keep.incomplete, 0);
	rec_unload(&r);

	if (rec_load("dev-vm.irq.timer.nanosleep.r1.txt", &r)) {
		check_failures++;
		return;
	}
	stream(&r, RTB_TS_WINDOW);
	for (int i = 0; i < keep.nworst; i++)
		CHECK(!named(&keep.worst[i].x, "rtb_spiker"));
	for (int i = 0; i < keep.nmax; i++)
		CHECK(!named(&keep.maxima[i].w.x, "rtb_spiker"));
	CHECK_EQ_I(keep.samples, r.n);
	rec_unload(&r);
}

/* rounds: a later round's maxima are the run's only above every earlier
 * one; the list stays bounded, the count says how many */
static void maxima_merge(void)
{
	static struct rtb_tmax dm[RTB_TS_MAXIMA], sm[RTB_TS_MAXIMA];
	struct rtb_metric_trace d = { .maxima = dm }, s = { .maxima = sm };
	const int64_t dv[] = { 10, 20 }, sv[] = { 5, 15, 30, 40 };

	for (int i = 0; i < 2; i++)
		dm[d.nmax++].w.sample_ns = dv[i];
	d.nmax_total = 2;
	for (int i = 0; i < 4; i++)
		sm[s.nmax++].w.sample_ns = sv[i];
	rtb_trace_maxima_merge(&d, &s);
	CHECK_EQ_I(d.nmax, 4);
	CHECK_EQ_I(d.nmax_total, 4);
	CHECK_EQ_I(dm[2].w.sample_ns, 30);
	CHECK_EQ_I(dm[3].w.sample_ns, 40);
	s.nmax = 0;
	for (int i = 0; i < RTB_TS_MAXIMA; i++)
		sm[s.nmax++].w.sample_ns = 100 + i;
	rtb_trace_maxima_merge(&d, &s);
	CHECK_EQ_I(d.nmax, RTB_TS_MAXIMA);
	CHECK_EQ_I(d.nmax_total, 4 + RTB_TS_MAXIMA);
	CHECK_EQ_I(dm[RTB_TS_MAXIMA - 1].w.sample_ns, 100 + RTB_TS_MAXIMA - 1);
	CHECK_EQ_I(dm[0].w.sample_ns, 100); /* 10, 20, 30, 40: the oldest, dropped */
}

/* dis_merge - a streamed trace's rounds merged keep the run's first
 * RTB_TS_DIS disagreements (the text's "the first 32 in the JSON"), not
 * each round's first 32; all are counted */
static void dis_merge(void)
{
	const size_t had[2] = { RTB_TS_DIS, 20 };

	for (int c = 0; c < 2; c++) {
		struct rtb_metric dst, src;
		struct rtb_break brk;
		struct rtb_metric_trace *d = rtb_alloc(sizeof(*d)), *s = rtb_alloc(sizeof(*s));
		memset(&dst, 0, sizeof(dst));
		memset(&src, 0, sizeof(src));
		memset(&brk, 0, sizeof(brk));
		CHECK(d && s);
		if (!d || !s)
			return;
		memset(d, 0, sizeof(*d));
		memset(s, 0, sizeof(*s));
		d->streamed = s->streamed = 1;
		d->dis = rtb_alloc(RTB_TS_DIS * sizeof(*d->dis));
		s->dis = rtb_alloc(RTB_TS_DIS * sizeof(*s->dis));
		CHECK(d->dis && s->dis);
		if (!d->dis || !s->dis)
			return;
		for (size_t i = 0; i < had[c]; i++)
			d->dis[d->ndis++] = (struct rtb_trace_disagreement){ .index = i, .diff_ns = 1 };
		for (size_t i = 0; i < RTB_TS_DIS; i++)
			s->dis[s->ndis++] = (struct rtb_trace_disagreement){ .index = i, .diff_ns = 2 };
		d->ndis_total = had[c] + 8;
		s->ndis_total = RTB_TS_DIS + 8;
		d->samples = s->samples = 1000;
		dst.trace = d, dst.count = 1000;
		src.trace = s, src.count = 1000;
		CHECK_EQ_I(rtb_trace_merge_round(&dst, &src, &brk), 0);
		CHECK_EQ_I((long long)d->ndis, RTB_TS_DIS);
		CHECK_EQ_I((long long)d->ndis_total, (long long)(had[c] + 8 + RTB_TS_DIS + 8));
		/* the second round's first ones fill the rest, its indices shifted */
		if (had[c] < RTB_TS_DIS)
			CHECK(d->dis[had[c]].index == 1000 && d->dis[had[c]].diff_ns == 2);
		CHECK(d->dis[RTB_TS_DIS - 1].index == (had[c] < RTB_TS_DIS ? 1000 + RTB_TS_DIS - 1 - had[c] :
						       (size_t)RTB_TS_DIS - 1));
		CHECK(src.trace == NULL);
		rtb_free(d->dis);
		rtb_free(d->untraced); /* the merge's (empty) untraced list */
		rtb_free(d);
	}
}

/* a --cpus run's aggregate: the successive maxima over all CPUs, by time */
static void maxima_all(void)
{
	static struct rtb_tmax a[RTB_TS_MAXIMA], b[RTB_TS_MAXIMA], out[RTB_TS_MAXIMA];
	struct rtb_metric_trace ta = { .maxima = a }, tb = { .maxima = b }, t = { .maxima = out };
	const struct rtb_metric_trace *per[2] = { &ta, &tb };
	/* CPU A: 10 @1, 30 @3, 50 @6; CPU B: 20 @2, 25 @4, 60 @5 */
	const int64_t av[][2] = { { 10, 1 }, { 30, 3 }, { 50, 6 } }, bv[][2] = { { 20, 2 }, { 25, 4 }, { 60, 5 } };

	for (int i = 0; i < 3; i++) {
		a[ta.nmax].w.sample_ns = av[i][0];
		a[ta.nmax++].t_ns = av[i][1];
		b[tb.nmax].w.sample_ns = bv[i][0];
		b[tb.nmax++].t_ns = bv[i][1];
	}
	rtb_trace_maxima_all(per, 2, &t);
	/* 10 @1, 20 @2, 30 @3, (25 @4 no), 60 @5, (50 @6 no) */
	CHECK_EQ_I(t.nmax, 4);
	CHECK_EQ_I(t.nmax_total, 4);
	CHECK_EQ_I(out[0].w.sample_ns, 10);
	CHECK_EQ_I(out[1].w.sample_ns, 20);
	CHECK_EQ_I(out[2].w.sample_ns, 30);
	CHECK_EQ_I(out[3].w.sample_ns, 60);
	CHECK_EQ_I(out[3].t_ns, 5);
}

/* ev_t - an event callback's record: the times, in the order given. */
struct ev_seen {
	uint64_t t[64];
	size_t n;
};
static void ev_t(const struct rtb_tev *e, void *arg)
{
	struct ev_seen *v = arg;
	if (v->n < 64)
		v->t[v->n++] = e->t;
}

static void window_marks(void)
{
	struct rtb_tev s0[4], s1[4], s2[8];
	struct rtb_twin w0, w1, w2;
	struct rtb_tmark ring[8];
	const struct rtb_twin *ww[3] = { &w0, &w1, &w2 };
	struct ev_seen v = { { 0 }, 0 };

	/* CPU 0 holds 130..160 (9 pushed, 5 evicted), CPU 1 holds 100..145 */
	rtb_twin_init(&w0, s0, 4, 0);
	rtb_twin_init(&w1, s1, 4, 1);
	rtb_twin_init(&w2, s2, 8, 2);
	for (uint64_t t = 80; t <= 160; t += 10)
		rtb_twin_push(&w0, &(struct rtb_tev){ .t = t, .cpu = 0 });
	for (uint64_t t = 100; t <= 145; t += 15)
		rtb_twin_push(&w1, &(struct rtb_tev){ .t = t, .cpu = 1 });
	CHECK_EQ_I(w0.evicted, 5);
	CHECK_EQ_I(w1.evicted, 0);
	/* 10 marks pushed into a ring of 8 (head 10: marks 2..9 held), the
	 * mark pushed k-th starting at 100 + 5 k */
	for (size_t k = 0; k < 10; k++)
		ring[k & 7] = (struct rtb_tmark){ .start = 100 + 5 * k, .end = 103 + 5 * k, .ns = 3 };
	/* held from 130 on CPU 0 (w1 holds everything): mark 6 (start 130),
	 * the 5th of the 8 the ring holds (2..9) */
	CHECK_EQ_I(rtb_twin_marks_from(ww, 2, ring, 7, 10, 8, 1.0), 4);
	/* CPU 1's window alone holds all of them */
	CHECK_EQ_I(rtb_twin_marks_from(ww + 1, 1, ring, 7, 10, 8, 1.0), 0);
	/* a timer mark has no start: from its stamp (end) less its value */
	for (size_t k = 0; k < 10; k++)
		ring[k & 7] = (struct rtb_tmark){ .end = 110 + 5 * k, .ns = 10 };
	CHECK_EQ_I(rtb_twin_marks_from(ww, 2, ring, 7, 10, 8, 1.0), 4);
	/* at 2 ticks a ns the value reaches back 20 ticks: two marks later */
	CHECK_EQ_I(rtb_twin_marks_from(ww, 2, ring, 7, 10, 8, 2.0), 6);
	/* none held: every mark before the window */
	for (size_t k = 0; k < 10; k++)
		ring[k & 7] = (struct rtb_tmark){ .start = 10 + k, .end = 11 + k, .ns = 1 };
	CHECK_EQ_I(rtb_twin_marks_from(ww, 2, ring, 7, 10, 8, 1.0), 8);
	CHECK_EQ_I(rtb_twin_marks_from(ww, 2, ring, 7, 0, 0, 1.0), 0);
	/* every held event of three windows (one empty) in time order */
	CHECK_EQ_I(rtb_twin_each(ww, 3, ev_t, &v), 8);
	CHECK_EQ_I(rtb_twin_each(ww, 3, NULL, NULL), 8);
	const uint64_t want[8] = { 100, 115, 130, 130, 140, 145, 150, 160 };
	CHECK_EQ_I(v.n, 8);
	for (size_t i = 0; i < 8 && i < v.n; i++)
		CHECK_EQ_I(v.t[i], want[i]);
}

/* ---- pipe round trips and noise gaps ----------------------------------- */

#define PEER 60

/* ev_task - a hand-made event of a task: a switch prev -> pid (names the
 * two), a waking of pid by cur, an interrupt's entry/exit (pid: its irq) */
static void ev_task(struct rtb_twin *w, uint64_t t, int kind, int cur, int pid, int prev, const char *comm,
		    const char *prev_comm)
{
	struct rtb_tev e;

	tev_fill(&e, t, kind, cur, pid, prev, 0, 0, comm, prev_comm);
	if (kind == RTB_TEV_SWITCH) {
		e.old_prio = e.new_prio = 19;
		e.prev_runnable = pid == HOG;
	}
	if (kind == RTB_TEV_IRQ_ENTER)
		e.a = pid;
	rtb_twin_push(w, &e);
}

/* pingpong_sample - one round trip of TID with PEER from s (ticks = ns),
 * a task HOG taking the CPU from the peer for `hog` in its turn; returns
 * the mark (components 100 each but the peer's turn, 100 + hog) */
static struct rtb_tmark pingpong_sample(struct rtb_twin *w, uint64_t s, uint64_t hog)
{
	ev_task(w, s + 100, RTB_TEV_WAKING, TID, PEER, 0, NULL, NULL);
	ev_task(w, s + 200, RTB_TEV_SWITCH, TID, PEER, TID, "tPong", "tPing");
	if (hog) {
		ev_task(w, s + 250, RTB_TEV_SWITCH, PEER, HOG, PEER, "hog", "tPong");
		ev_task(w, s + 250 + hog, RTB_TEV_SWITCH, HOG, PEER, HOG, "tPong", "hog");
	}
	ev_task(w, s + 300 + hog, RTB_TEV_WAKING, PEER, TID, 0, NULL, NULL);
	ev_task(w, s + 400 + hog, RTB_TEV_SWITCH, PEER, TID, PEER, "tPing", "tPong");
	return (struct rtb_tmark){ s, s + 500 + hog, 0, (int64_t)(500 + hog) };
}

static void keep_pingpong(void)
{
	struct rtb_twin w;
	const struct rtb_twin *ws[1] = { &w };

	rtb_twin_init(&w, store, 1 << 12, 1);
	rtb_tkeep_init(&keep, "ipc.pipe.roundtrip", RTB_TRACE_PINGPONG, 1.0, 0, 0, 0);
	keep.ncomp = 5;
	/* 30 round trips 10 us apart; the hog takes 7 us of #12's peer turn */
	for (int i = 0; i < 30; i++) {
		struct rtb_tmark mk = pingpong_sample(&w, 1000000 + (uint64_t)i * 10000, i == 12 ? 7000 : 0);
		CHECK(rtb_tkeep_sample(&keep, ws, 1, &mk, TID, PEER, slot, 1 << 12) >= 0);
	}
	rtb_tkeep_finish(&keep);
	CHECK_EQ_I(keep.samples, 30);
	CHECK_EQ_I(keep.matched, 30);
	CHECK_EQ_I(keep.agree, 30);
	CHECK_EQ_I(keep.ndis_total, 0);
	const struct rtb_worst *x = &keep.worst[0];
	CHECK_EQ_I(x->index, 12);
	CHECK_EQ_I(x->sample_ns, 7500);
	CHECK(x->matched);
	int64_t want[5] = { 100, 100, 7100, 100, 100 };
	for (int q = 0; q < 5; q++)
		CHECK_EQ_I(x->comp_ns[q], want[q]);
	/* five phases, in path order; the peer's turn the largest, the hog in
	 * it with its 7 us, in no other phase */
	static const uint8_t kinds[5] = { RTB_PHASE_CALL, RTB_PHASE_WAKE, RTB_PHASE_PEER, RTB_PHASE_WAKE_BACK,
					  RTB_PHASE_SELF };
	CHECK_EQ_I(x->x.nphase, 5);
	int64_t sum = 0;
	for (int q = 0; q < x->x.nphase; q++) {
		const struct rtb_phase *p = &x->x.phase[q];
		CHECK_EQ_I(p->kind, kinds[q]);
		CHECK_EQ_I(p->ns, want[q]);
		sum += p->ns;
		for (int h = 0; h < p->nheld; h++)
			CHECK(q == 2 || p->held[h].pid != HOG);
	}
	CHECK_EQ_I(sum, x->sample_ns);
	CHECK_EQ_I(x->x.main_phase, 2);
	const struct rtb_phase *pt = &x->x.phase[2];
	CHECK(pt->nheld >= 2 && pt->held[0].pid == HOG && pt->held[0].kind == RTB_CAUSE_TASK &&
	      pt->held[0].ns == 7000);
	CHECK(pt->held[1].pid == PEER && pt->held[1].ns == 100);
	CHECK(strstr(x->line, "max 7.5 us") && strstr(x->line, "in the peer's turn 7.1 us") &&
	      strstr(x->line, "task hog (pid 99)"));
	CHECK(!strcmp(rtb_phase_name(RTB_PHASE_PEER), "peer_turn"));
	CHECK(!strcmp(rtb_phase_name(RTB_PHASE_WAKE_BACK), "after_wakeup_back"));
}

/* keep_slice - hand-made quantum ends (RTB_TRACE_SLICE, read while it
 * runs as ctxsw.rr.timeslice is): TID's last stamp, the tick 100 later
 * (#5's 6 us later), the switch TID -> PEER (still runnable: a
 * preemption) 200 after it, PEER's stamp 300 after that. Each matched
 * into its three components; the worst (#5) in three phases in path
 * order that add up to it, the wait for the tick the largest. */
static void keep_slice(void)
{
	struct rtb_twin w;
	const struct rtb_twin *ws[1] = { &w };
	struct rtb_tev e;

	rtb_twin_init(&w, store, 1 << 12, 1);
	rtb_tkeep_init(&keep, "ctxsw.rr.timeslice", RTB_TRACE_SLICE, 1.0, 0, 0, 0);
	keep.ncomp = 3;
	for (int i = 0; i < 20; i++) {
		uint64_t s = 1000000 + (uint64_t)i * 100000, pre = i == 5 ? 6000 : 100;
		tev_fill(&e, s + pre, RTB_TEV_TIMER_IRQ, TID, 0, 0, 0, 0, NULL, NULL);
		rtb_twin_push(&w, &e);
		tev_fill(&e, s + pre + 200, RTB_TEV_SWITCH, TID, PEER, TID, 0, 0, "tTaskB", "tTaskA");
		e.old_prio = e.new_prio = 19;
		e.prev_runnable = 1;
		rtb_twin_push(&w, &e);
		struct rtb_tmark mk = { s, s + pre + 500, 0, (int64_t)(pre + 500) };
		CHECK(rtb_tkeep_sample(&keep, ws, 1, &mk, TID, PEER, slot, 1 << 12) >= 0);
	}
	rtb_tkeep_finish(&keep);
	CHECK_EQ_I(keep.samples, 20);
	CHECK_EQ_I(keep.matched, 20);
	CHECK_EQ_I(keep.agree, 20);
	const struct rtb_worst *x = &keep.worst[0];
	CHECK_EQ_I(x->index, 5);
	CHECK_EQ_I(x->sample_ns, 6500);
	int64_t want[3] = { 6000, 200, 300 };
	static const uint8_t kinds[3] = { RTB_PHASE_PRE_IRQ, RTB_PHASE_IRQ, RTB_PHASE_SELF };
	for (int q = 0; q < 3; q++)
		CHECK_EQ_I(x->comp_ns[q], want[q]);
	CHECK_EQ_I(x->x.nphase, 3);
	int64_t sum = 0;
	for (int q = 0; q < x->x.nphase; q++) {
		CHECK_EQ_I(x->x.phase[q].kind, kinds[q]);
		CHECK_EQ_I(x->x.phase[q].ns, want[q]);
		sum += x->x.phase[q].ns;
	}
	CHECK_EQ_I(sum, x->sample_ns);
	CHECK_EQ_I(x->x.main_phase, 0);
}

static void keep_noise(void)
{
	struct rtb_twin w;
	const struct rtb_twin *ws[1] = { &w };
	static struct rtb_metric m;
	const uint64_t P = 100000;

	rtb_twin_init(&w, store, 1 << 12, 1);
	rtb_tkeep_init(&keep, "noise.gap", RTB_TRACE_NOISE, 1.0, 0, 0, 0);
	/* 20 gaps of the spinner TID, 100 us apart: even ones an interrupt of
	 * 500 ns in a 700 ns gap, odd ones a thread HOG for 2 us (#7: 9 us) */
	for (int i = 0; i < 20; i++) {
		uint64_t s = P + (uint64_t)i * P, e;
		if (i % 2 == 0) {
			ev_task(&w, s + 100, RTB_TEV_IRQ_ENTER, TID, 10, 0, "eth0", NULL);
			ev_task(&w, s + 600, RTB_TEV_IRQ_EXIT, TID, 0, 0, NULL, NULL);
			e = s + 700;
		} else {
			uint64_t hog = i == 7 ? 9000 : 2000;
			ev_task(&w, s + 100, RTB_TEV_SWITCH, TID, HOG, TID, "hog", "tNoise");
			ev_task(&w, s + 100 + hog, RTB_TEV_SWITCH, HOG, TID, HOG, "tNoise", "hog");
			e = s + 200 + hog;
		}
		struct rtb_tmark mk = { s, e, 0, (int64_t)(e - s) };
		CHECK(rtb_tkeep_sample(&keep, ws, 1, &mk, TID, 0, slot, 1 << 12) >= 0);
	}
	rtb_tkeep_finish(&keep);
	CHECK_EQ_I(keep.samples, 20);
	CHECK_EQ_I(keep.matched, 20);   /* every gap explained */
	CHECK_EQ_I(keep.ndis_total, 0); /* nothing to disagree with */
	CHECK_EQ_I((int64_t)keep.noise_ns[0], 10 * 500);                 /* irq */
	CHECK_EQ_I((int64_t)keep.noise_ns[3], 9 * 2000 + 9000);          /* thread */
	CHECK_EQ_I((int64_t)keep.noise_ns[4], 10 * 200 + 10 * 200);      /* none seen: the spinner's own */
	CHECK_EQ_I((int64_t)(keep.noise_ns[1] + keep.noise_ns[2]), 0);
	const struct rtb_worst *x = &keep.worst[0];
	CHECK_EQ_I(x->index, 7);
	CHECK_EQ_I(x->x.nphase, 0);
	CHECK(x->x.ncause >= 1 && x->x.cause[0].kind == RTB_CAUSE_TASK && x->x.cause[0].pid == HOG &&
	      x->x.cause[0].ns == 9000);
	/* the spinner's own stretches are "none seen", never the task */
	for (int q = 0; q < x->x.ncause; q++)
		CHECK(x->x.cause[q].kind != RTB_CAUSE_SELF);
	CHECK(strstr(x->line, "task hog (pid 99)"));
	/* the extras over 2 s of spin */
	memset(&m, 0, sizeof(m));
	CHECK_EQ_I(rtb_metric_extra(&m, "spin_s", 2.0, "s"), 0);
	rtb_noise_extras(&m, keep.noise_ns);
	int seen = 0;
	for (int i = 0; i < m.nextra; i++) {
		if (!strcmp(m.extra[i].name, "trace_thread_us_per_s"))
			seen += m.extra[i].value == 27000 / 1000.0 / 2.0;
		if (!strcmp(m.extra[i].name, "trace_irq_us_per_s"))
			seen += m.extra[i].value == 5000 / 1000.0 / 2.0;
	}
	CHECK_EQ_I(seen, 2);
}

/* behind_logic - the reader behind the writer: the candidates'
 * floor, the top-N of the waiting marks, a page passed over as a gap that
 * a later sample's window checks, and an event after a drop marking a
 * window's explanation events_lost. Hand-made values, exact answers. */
static void behind_logic(void)
{
	static struct rtb_tkeep k;
	int64_t top[4];
	int n = 0;
	const int64_t v[] = { 5, 9, 1, 7, 9, 3, 12, 8 };

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		n = rtb_tkeep_top_add(top, n, 4, v[i]);
	CHECK_EQ_I(n, 4);
	CHECK(top[0] == 8 && top[1] == 9 && top[2] == 9 && top[3] == 12); /* the 4 largest, smallest first */
	/* the floor: 0 until RTB_WORST_N are kept, then the smallest of them;
	 * below --break-us while no sample crossed it */
	rtb_tkeep_init(&k, "m", RTB_TRACE_PINGPONG, 1.0, 0, 0, 0);
	CHECK_EQ_I(rtb_tkeep_floor_ns(&k), 0);
	k.nworst = RTB_WORST_N;
	for (int i = 0; i < RTB_WORST_N; i++)
		k.worst[i].sample_ns = 100 + 10 * i;
	CHECK_EQ_I(rtb_tkeep_floor_ns(&k), 100);
	k.break_ns = 50;
	CHECK_EQ_I(rtb_tkeep_floor_ns(&k), 50);
	k.broke_done = 1;
	CHECK_EQ_I(rtb_tkeep_floor_ns(&k), 100);
	struct rtb_tmark mk = { .start = 10, .end = 20, .ns = 10 };
	rtb_tkeep_skip(&k, &mk);
	CHECK(k.samples == 1 && k.skipped == 1 && k.matched == 0 && k.prev_end == 20);
	/* a window with a page passed over: (30, 60] is a gap */
	static struct rtb_tev wstore[16];
	struct rtb_twin w;
	struct rtb_tev e = { .kind = RTB_TEV_SWITCH, .cpu = 1 };
	rtb_twin_init(&w, wstore, 16, 1);
	e.t = 30;
	rtb_twin_push(&w, &e);
	rtb_twin_skip(&w, 60, 7);
	e.t = 70;
	rtb_twin_push(&w, &e);
	CHECK_EQ_I(w.skipped, 7);
	CHECK(rtb_twin_whole(&w, 10, 30));     /* before the gap */
	CHECK(!rtb_twin_whole(&w, 40, 50));    /* inside */
	CHECK(!rtb_twin_whole(&w, 20, 65));    /* across */
	CHECK(rtb_twin_whole(&w, 61, 80));     /* after */
	int complete = 1;
	struct rtb_tev out[16];
	const struct rtb_twin *wp = &w;
	rtb_twin_copy(&wp, 1, 20, 65, 0, 0, out, 16, &complete);
	CHECK_EQ_I(complete, 0);
	/* events the OS dropped: the first event after the drop says so */
	struct rtb_tev ev[3] = { { .t = 100, .kind = RTB_TEV_SWITCH, .cpu = 0, .pid = 50, .prev = 0 },
				 { .t = 150, .kind = RTB_TEV_IRQ_ENTER, .cpu = 0, .cur = 50, .lost_before = 1 },
				 { .t = 160, .kind = RTB_TEV_IRQ_EXIT, .cpu = 0, .cur = 50 } };
	static struct rtb_explain x;
	CHECK_EQ_I(rtb_trace_explain(ev, 3, 100, 200, 0, 50, 1.0, &x), 0);
	CHECK_EQ_I(x.events_lost, 1);
	CHECK_EQ_I(rtb_trace_explain(ev, 3, 155, 200, 0, 50, 1.0, &x), 0);
	CHECK_EQ_I(x.events_lost, 0);          /* the drop was before the window */
}

int main(void)
{
	behind_logic();
	keep_pingpong();
	keep_slice();
	keep_noise();
	window_marks();
	maxima_merge();
	dis_merge();
	maxima_all();
	window_basics();
	keep_handmade();
	recorded();
	return check_done();
}
