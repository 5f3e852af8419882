/* SPDX-License-Identifier: Apache-2.0 */
/* ctxsw.rr.timeslice, ctxsw.rr.yield - context switch (study Table 1).
 *
 * What it measures: the time from the last instruction the outgoing task
 * runs to the first instruction the incoming task runs, between two tasks
 * of equal priority under round-robin (SCHED_RR) on one CPU.
 *
 * Both variants use the study's set-up: two tasks running an empty loop that
 * stamps a shared time counter. A stamp by task X when the previous stamp
 * was task Y's is the first instruction after a switch; the sample is the
 * gap between the two stamps. The figure includes the switch, one counter
 * read and at most the tail of one loop iteration (a few ns).
 *   - timeslice: the tasks are switched by the expiry of the round-robin
 *     quantum, as in the study. The kernel timer interrupt that ends the
 *     quantum is part of the figure. One sample per quantum, so the quantum
 *     is shortened for the run where the OS allows it (Linux:
 *     sched_rr_timeslice_ms, restored right after).
 *   - yield: the task hands over with sched_yield() right after its stamp:
 *     the figure adds the yield system call's entry and exit.
 *
 * Thread protocol (controller = the runner's thread, higher priority, same CPU):
 *   Step 1: controller clears both tasks' last stamps, sets the burst's end
 *           time, gives go[0] and go[1], and blocks on `parked`.
 *   Step 2: each spinner stamps in a loop and publishes its stamp. When the
 *           other task's published stamp is newer than this task's previous
 *           stamp, the other task ran in between: a switch in. The sample is
 *           this task's first stamp after it minus the other's last stamp.
 *           (If the switch fell between taking a stamp and reading the
 *           other's, the stamp is taken again, so it is never stale.)
 *           The burst's first switch is cold (the incoming task is just
 *           back from its wait on `go`): kept apart, the first one as
 *           `first`, the count as the cold_switches_excluded extra.
 *           bench/ctxsw_detect.h decides; test_ctxsw_detect checks it.
 *   Step 3: at the burst's end a spinner marks the burst ending (so the
 *           hand-over caused by its parking is not taken for a switch),
 *           gives `parked` and waits on go.
 *   Step 4: the controller rests, so two spinners at real-time priority
 *           never reach the RT throttling budget (which would otherwise show
 *           up as a 50 ms "switch"), then repeats from Step 1.
 * Excludes: nothing is subtracted; the counter read cost is reported
 * separately (clock.read_ns). */
#include <stdatomic.h>
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/words.h"
#include "bench/ctxsw_detect.h"

#define BURST_NS 500000000LL   /* spinning part of each second */
#define REST_NS 300000000LL    /* idle part: keeps RT duty at ~60% */
/* a histogram-mode metric's (run --duration, --cpus) switches a spinner
 * keeps until the burst ends: its record step is no place for two threads
 * that preempt each other, so the controller records them while both are
 * parked (and pushes their marks when the trace is streamed: one writer). ~500 a burst at a 1 ms quantum; a full list ends the burst. */
#define SLICE_KEEP 4096

/* struct cs_switch - one switch's stamps: the outgoing task's last, the
 * incoming task's first (ticks) */
struct cs_switch {
	uint64_t o, t;
};

struct cs {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	int yield;
	rtb_stamp_t last_ts[2];     /* each task's latest stamp; 0: none this burst */
	rtb_stamp_t burst_end;
	atomic_int ending;            /* a spinner is parking: no more samples */
	atomic_int cold_pending;      /* no switch counted yet in this burst */
	atomic_ullong cold;           /* bursts' first switches, kept apart */
	/* samples taken: both spinners add, and one can be preempted (or, without
	 * real-time priority, run) in the middle of the other's add, so each
	 * takes its slot with one atomic step; m->count is set from it by the
	 * controller while both are parked (before: a plain count++ from two
	 * threads, a data race TSan reported, which could lose a sample) */
	atomic_size_t n;
	atomic_int quit;
	rtb_bsem_t go[2], parked;
	int64_t rr_interval_ns;
	/* histogram mode only (NULL otherwise): each spinner's switches this
	 * burst, recorded by the controller (keep_record) */
	struct cs_switch *keep[2];
	size_t nkeep[2];
};

struct spinner_arg {
	struct cs *s;
	int me;
};

/* add - keep one sample in the slot taken, and its trace marks (o, t);
 * in histogram mode in spinner me's list for the controller */
static void add(struct cs *s, int me, uint64_t o, uint64_t t)
{
	if (s->keep[me]) {
		if (s->nkeep[me] < SLICE_KEEP)
			s->keep[me][s->nkeep[me]++] = (struct cs_switch){ o, t };
		return;
	}
	size_t i = atomic_fetch_add_explicit(&s->n, 1, memory_order_relaxed);

	if (!rtb_metric_record_slot(s->m, i, rtb_ticks_to_ns(s->c->clk, t - o)))
		rtb_marks_put(s->m->tm, i, o, t);
}

/* full - 1 when the spinners have taken every sample slot (histogram
 * mode: spinner me's list is full). */
static int full(struct cs *s, int me)
{
	if (s->keep[me])
		return s->nkeep[me] >= SLICE_KEEP;
	return atomic_load_explicit(&s->n, memory_order_relaxed) >= s->m->capacity;
}

/* settle - the metric's count from the slots taken; only while both
 * spinners are parked or gone. */
static void settle(struct cs *s)
{
	size_t n = atomic_load(&s->n);

	if (s->keep[0]) {
		/* histogram mode or a streamed trace: the bursts' switches in stamp order of
		 * neither, as each spinner kept them (the histogram does not
		 * care; each sample's time is when recorded, up to a burst
		 * after its switch) */
		for (int me = 0; me < 2; me++) {
			for (size_t k = 0; k < s->nkeep[me]; k++) {
				const struct cs_switch *w = &s->keep[me][k];
				int64_t ns = rtb_ticks_to_ns(s->c->clk, w->t - w->o);
				if (!rtb_metric_record(s->m, 1, ns))
					rtb_marks_put_ns(s->m->tm, s->m->count - 1, w->o, w->t, 0, ns);
			}
			s->nkeep[me] = 0;
		}
		return;
	}
	s->m->count = n < s->m->capacity ? n : s->m->capacity;
}

/* spinner - one of the two equal-priority tasks: stamps in a loop and
 * publishes each stamp, a gap between its own stamps being a switch away
 * and back (Steps 2-3). */
static void spinner(void *p)
{
	struct spinner_arg *a = p;
	struct cs *s = a->s;
	const struct rtb_clock_info *ci = s->c->clk;
	const int me = a->me, other = 1 - a->me;

	if (me == 0)
		rtb_rr_interval_ns(&s->rr_interval_ns);
	if (s->m->tm) {
		/* run --trace: the two tasks as the trace names them */
		if (me == 0)
			s->m->tm->tid = rtb_port_trace_self();
		else
			s->m->tm->peer_tid = rtb_port_trace_self();
	}
	for (;;) {
		rtb_bsem_take(&s->go[me]);
		if (atomic_load(&s->quit))
			break;
		/* the selftest's delay, decided once per burst (a register) */
		const uint64_t inj = s->yield && s->c->o->selftest.inject_ns > 0 ?
			rtb_ns_to_ticks(ci, s->c->o->selftest.inject_ns) : 0;
		const uint64_t end = rtb_stamp_get_relaxed(&s->burst_end);
		uint64_t prev = 0;
		for (;;) {
			/* Step 2 */
			uint64_t t = rtb_port_ticks();
			uint64_t o = rtb_stamp_get_relaxed(&s->last_ts[other]);
			int ev = rtb_cs_detect(t, prev, o,
					       atomic_load_explicit(&s->ending, memory_order_relaxed),
					       atomic_load_explicit(&s->cold_pending, memory_order_relaxed));
			if (ev == RTB_CS_RESTAMP) {
				/* switched out between the two reads: the stamp
				 * is stale; the one now is after the switch */
				t = rtb_port_ticks();
				ev = rtb_cs_detect(t, prev, o, 0,
						   atomic_load_explicit(&s->cold_pending, memory_order_relaxed));
			}
			if (ev == RTB_CS_COLD) {
				/* the burst's first switch includes the incoming
				 * task's wake from its go semaphore */
				/* one of the two takes it (an exchange: both may
				 * have seen it pending) */
				if (atomic_exchange(&s->cold_pending, 0))
					rtb_metric_record(s->m, 0, rtb_ticks_to_ns(ci, t - o));
				atomic_fetch_add_explicit(&s->cold, 1, memory_order_relaxed);
			} else if (ev == RTB_CS_SWITCH) {
				add(s, me, o, t);
			}
			rtb_stamp_set_relaxed(&s->last_ts[me], t);
			prev = t;
			if ((int64_t)(t - end) >= 0 || rtb_stopped(s->c) || full(s, me))
				break;
			if (s->yield) {
				/* every instruction here is inside the window: in
				 * a real run inj is 0 (a register) and the count
				 * is not even loaded */
				if (__builtin_expect(inj != 0, 0) &&
				    rtb_pick_delayed(atomic_load_explicit(&s->n, memory_order_relaxed)))
					rtb_inject_spin(inj);
				rtb_yield();
			}
		}
		atomic_store(&s->ending, 1);   /* Step 3 */
		rtb_bsem_give(&s->parked);
	}
}

/* run_cs - the two spinners and the controller; yield 1: the tasks hand
 * over by yielding, 0: the scheduler's time slice does. */
/* its own knob (run --rr-slice-ms): the RR quantum the time-slice test
 * sets, ms; 0 leaves it as found (the FreeRTOS firmware: the tick) */
static int64_t rr_slice_ms = 1;

static const struct rtb_bench_opt slice_opts[] = {
	{ .name = "rr-slice-ms", .help = "RR quantum for ctxsw.rr.timeslice (default 1, rounded up by the kernel;\n"
	  "                        0: leave as found); restored right after that test", .min = 0, .max = 1000,
	  .what = "0 (leave as found) or 1 to 1000", .scale = 1, .def = 1, .value = &rr_slice_ms, .sets_knob = 1 },
	{ .name = NULL },
};

/* The quantum is one for the whole system, and with --cpus each CPU's pair
 * runs at once: the first pair to start shortens it, the last to end puts
 * it back (slice_take / slice_give, one at a time under slice_lock). */
static atomic_flag slice_lock = ATOMIC_FLAG_INIT;
static int slice_users, slice_rc;

/* slice_take - the quantum shortened for one more pair: 0, or the error
 * the first pair's change met (the same for every pair). */
static int slice_take(struct rtb_ctx *c)
{
	while (atomic_flag_test_and_set(&slice_lock))
		rtb_yield();
	if (!slice_users++)
		slice_rc = rtb_knob_change(c, RTB_KNOB_RR_TIMESLICE_MS, (long)rr_slice_ms);
	int rc = slice_rc;
	atomic_flag_clear(&slice_lock);
	return rc;
}

/* slice_give - one pair (that took it) done with the shortened quantum;
 * the last one restores it when it was changed (0 or the error; 0 for the
 * others). */
static int slice_give(struct rtb_ctx *c)
{
	int rc = 0;

	while (atomic_flag_test_and_set(&slice_lock))
		rtb_yield();
	if (!--slice_users && !slice_rc)
		rc = rtb_knob_restore(c, RTB_KNOB_RR_TIMESLICE_MS);
	atomic_flag_clear(&slice_lock);
	return rc;
}

static int run_cs(struct rtb_ctx *c, const struct rtb_bench *b, int yield)
{
	struct cs s = { .c = c, .yield = yield };
	struct spinner_arg args[2] = { { &s, 0 }, { &s, 1 } };
	rtb_thread_t th[2];
	size_t n = rtb_samples(c, b);
	int rc = 0, nth = 0;
	long slice_set = -1;
	int took = 0;

	s.m = rtb_measure_metric(c, b, b->id, b->title, n);
	if (!s.m)
		return RTB_ENOMEM;
	/* a port with nothing that ends a quantum (FreeRTOS built without
	 * time slicing or preemption) never switches two spinners: any
	 * hand-over seen would be the runner's own wake-up, not this figure */
	if (!yield && !rtb_word_port(RTB_W_RR_SWITCH)) {
		rtb_metric_skip(s.m, "equal-priority tasks are never switched "
				"by a quantum's end on this build (no time slicing or no preemption)");
		return 0;
	}
	if (!yield)
		rtb_marks_new(c, s.m, RTB_TRACE_SLICE); /* run --trace */
	if (!yield && c->rt && rr_slice_ms > 0) {
		int krc = slice_take(c);
		took = 1;
		if (krc)
			rtb_metric_note(s.m, "could not shorten the RR quantum (%s): fewer samples per second",
					rtb_strerror(krc));
		else
			slice_set = (long)rr_slice_ms;
	}
	/* before the first goto out: out destroys them */
	rtb_bsem_init(&s.go[0], 0);
	rtb_bsem_init(&s.go[1], 0);
	rtb_bsem_init(&s.parked, 0);
	/* the spinners keep their switches for the controller in histogram
	 * mode and when the trace is read while it runs (its ring of marks
	 * takes one writer) */
	if (s.m->hm || (s.m->tm && s.m->tm->ring)) {
		for (int i = 0; i < 2; i++)
			if (!(s.keep[i] = rtb_alloc(SLICE_KEEP * sizeof(*s.keep[i])))) {
				rc = RTB_ENOMEM;
				goto out;
			}
	}
	for (int i = 0; i < 2; i++) {
		rc = rtb_spawn(c, &th[i], i ? "tTaskB" : "tTaskA", RTB_SCHED_RR, RTB_PRIO_LOW,
			       c->cpu, spinner, &args[i]);
		if (rc)
			goto out;
		nth++;
	}
	/* the controller outranks the spinners so that Step 1 is atomic */
	rtb_self_rt(c, RTB_SCHED_FIFO, RTB_PRIO_MID, c->cpu);

	int64_t t0 = rtb_port_mono_ns();
	while (!rtb_metric_full(s.m) && !rtb_stopped(c)) {
		/* Step 1 */
		rtb_watchdog_arm(c, BURST_NS + 5000000000LL);
		rtb_stamp_set(&s.last_ts[0], 0);
		rtb_stamp_set(&s.last_ts[1], 0);
		atomic_store(&s.ending, 0);
		atomic_store(&s.cold_pending, 1);
		rtb_stamp_set(&s.burst_end, rtb_port_ticks() + rtb_ns_to_ticks(c->clk, BURST_NS));
		rtb_bsem_give(&s.go[0]);
		rtb_bsem_give(&s.go[1]);
		for (int k = 0; k < 2; k++)
			while (rtb_bsem_take_timed(&s.parked, 100000000) == RTB_ETIMEDOUT)
				;
		settle(&s);
		/* Step 4 */
		if (!rtb_metric_full(s.m) && !rtb_stopped(c))
			rtb_port_sleep_ns(yield ? REST_NS / 10 : REST_NS);
	}
	int64_t elapsed = rtb_port_mono_ns() - t0;

	rtb_metric_set_method(s.m,
		"2 tasks, %s, prio %d, both on CPU %d, empty loop stamping a shared counter; "
		"sample = last stamp of outgoing -> first stamp of incoming task, %s %s%s; "
		"spinning in %lld ms bursts with %lld ms rests%s",
		rtb_word_or(RTB_W_RR, "round-robin"), rtb_prio_native(RTB_PRIO_LOW), c->cpu,
		yield ? "handing over with" : "switched by",
		yield ? rtb_word_or(RTB_W_YIELD, "a yield") : rtb_word_or(RTB_W_RR_SWITCH, "quantum expiry"),
		yield ? " right after the stamp" : "",
		BURST_NS / 1000000, (yield ? REST_NS / 10 : REST_NS) / 1000000,
		RTB_PORT_DUTY_RUN_NS > 0 ? " (RT throttling never reached)" : "");
	rtb_metric_extra(s.m, "cold_switches_excluded", (double)atomic_load(&s.cold), "count");
	if (s.rr_interval_ns > 0)
		rtb_metric_extra(s.m, "rr_quantum_ms", (double)s.rr_interval_ns / 1e6, "ms");
	if (slice_set > 0)
		rtb_metric_extra(s.m, "rr_timeslice_ms_set", (double)slice_set, "ms");
	if (!c->rt)
		rtb_metric_note(s.m, "no real-time scheduling: every task %s",
				rtb_word_or(RTB_W_NORT, "time-shared"));
	if (!yield && s.rr_interval_ns > 0)
		c->res->set.rr_interval_ns = s.rr_interval_ns;
	rtb_measure_metric_end(c, s.m, elapsed);
out:
	atomic_store(&s.quit, 1);
	for (int i = 0; i < nth; i++)
		rtb_bsem_give(&s.go[i]);
	for (int i = 0; i < nth; i++)
		rtb_join(&th[i]);
	if (took) {
		int rrc = slice_give(c);
		if (rrc)
			rtb_metric_note(s.m, "could not restore the RR quantum: %s", rtb_strerror(rrc));
	}
	rtb_free(s.keep[0]);
	rtb_free(s.keep[1]);
	rtb_bsem_destroy(&s.go[0]);
	rtb_bsem_destroy(&s.go[1]);
	rtb_bsem_destroy(&s.parked);
	return rc;
}

/* run_timeslice - ctxsw.rr.timeslice. */
static int run_timeslice(struct rtb_ctx *c, const struct rtb_bench *b)
{
	return run_cs(c, b, 0);
}

/* run_yield - ctxsw.rr.yield. */
static int run_yield(struct rtb_ctx *c, const struct rtb_bench *b)
{
	return run_cs(c, b, 1);
}

const struct rtb_bench rtb_bench_ctxsw_timeslice = {
	.id = "ctxsw.rr.timeslice",
	.changes_knobs = 1,
	.title = "Context switch, round-robin quantum expiry",
	.study_table = "Table 1",
	.summary = "two equal-priority round-robin tasks spinning on one CPU; switch at quantum expiry (the study's set-up)",
	.default_samples = 2000,
	.not_injectable_why = "the switch is asynchronous (quantum expiry): no code of ours runs inside it",
	.threads = 2,
	.run = run_timeslice,
	.trace_kind = RTB_TRACE_SLICE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.opts = slice_opts,
};

const struct rtb_bench rtb_bench_ctxsw_yield = {
	.id = "ctxsw.rr.yield",
	.title = "Context switch, yield hand-over",
	.study_table = "Table 1",
	.summary = "the same two tasks handing over with a yield call; many samples a second",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 2,
	.run = run_yield,
};
