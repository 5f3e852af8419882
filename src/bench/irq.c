/* SPDX-License-Identifier: Apache-2.0 */
/* irq.timer.signal, irq.timer.nanosleep - timer interrupt latency
 * (study Table 3).
 *
 * The study programs a hardware timer to fire every 20 us and measures, on a
 * logic analyzer, timer assertion to ISR entry, where the ISR bumps a tick
 * counter. A user-space program cannot see the hardware assertion; the
 * closest honest equivalent is the timer's programmed expiry time on the
 * same clock the timer runs on (CLOCK_MONOTONIC), so:
 *   latency = observed time - programmed expiry.
 * It includes the hardware timer's own latency, the kernel's interrupt entry
 * and timer processing, and the delivery path of each variant:
 *   - signal: a periodic POSIX timer raises a signal; its handler (signal
 *     context, the user-space stand-in for an ISR) stamps first thing and
 *     bumps the tick counter. Adds signal generation, the switch to the
 *     waiting task and the handler's entry.
 *   - nanosleep: a task sleeps until the absolute expiry and stamps when it
 *     wakes (the cyclictest method). Adds the wake-up and context switch.
 * Overruns (expiries the OS merged into one signal) and missed periods
 * (a sleeper that woke after the next expiry) are counted, never hidden;
 * latencies are always measured against the expiry they belong to.
 *
 * Thread protocol:
 *   Step 1: the measuring task (SCHED_FIFO, the run's top priority, on the
 *           measurement CPU) takes its first expiry 1 ms ahead (any phase).
 *   Step 2: it waits (sigsuspend / clock_nanosleep TIMER_ABSTIME).
 *   Step 3: handler or waking task stamps CLOCK_MONOTONIC first thing and
 *           records stamp - expiry; the first sample is kept as the cold one.
 *   Step 4: repeat from Step 2 until the sample count is reached.
 */
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"
#include "bench/irq_book.h"

struct irq {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	int64_t first_expiry_ns, period_ns;
	struct rtb_irq_book book;
	uint64_t inject_ticks;  /* selftest only: the known delay, else 0 */
	uint64_t late_wakes;    /* wake-ups that missed at least one period */
};

/* on_tick - the "ISR". The port stamped first thing in its handler
 * (stamp_ns: before any system call or pointer chase); here only the
 * bookkeeping. Under selftest the known delay is spun after the port's
 * stamp and its measured length added to the stamp, so the delay lies
 * between the expiry and the recorded stamp; a baseline sample spins it
 * after its record, outside the window (rtb_inject_pre), so the task
 * waits equally long before every sample. */
static void on_tick(int64_t stamp_ns, int overruns, void *p)
{
	struct irq *s = p;
	int64_t now = stamp_ns;                   /* Step 3 */

	if (s->inject_ticks && rtb_pick_delayed(s->m->count)) {
		/* the spin's length is added to the port's stamp: a second
		 * CLOCK_MONOTONIC read would add its own cost (a system call
		 * on some VMs) to the injected samples only */
		const uint64_t a = rtb_port_ticks();
		rtb_spin_until(a + s->inject_ticks);
		now += rtb_ticks_to_ns(s->c->clk, rtb_port_ticks() - a);
	}
	/* a baseline sample's delay, read before the record moves the count */
	const uint64_t pre = rtb_inject_pre(s->c, s->m);
	int64_t lat = rtb_irq_book_tick(&s->book, now, overruns);
	s->m->overruns += (uint64_t)(overruns > 0 ? overruns : 0);
	s->m->missed += (uint64_t)(overruns > 0 ? overruns : 0);
	s->late_wakes += overruns > 0;
	/* a stamp before its own expiry (lat < 0) is invalid, never a sample */
	rtb_metric_record(s->m, s->book.signals - 1, lat);
	rtb_inject_spin(pre); /* after the stamp: both halves wait alike */
}

/* first_expiry - 1 ms ahead at whatever phase now has, as cyclictest does:
 * expiries on exact multiples of the period would coincide with the
 * kernel's own periodic timers (the scheduler tick is on multiples of
 * 1/HZ) every few periods, and share their interrupt. */
static int64_t first_expiry(void)
{
	return rtb_port_mono_ns() + 1000000;
}

/* signal_task - the task woken by the port's periodic timer (irq.timer.signal). */
static void signal_task(void *p)
{
	struct irq *s = p;
	rtb_ptimer_t t = { 0 };
	int rc;

	s->first_expiry_ns = first_expiry();
	s->book = (struct rtb_irq_book){ .first_expiry_ns = s->first_expiry_ns, .period_ns = s->period_ns };
	rc = rtb_ptimer_start(&t, s->first_expiry_ns, s->period_ns, on_tick, s);
	if (rc) {
		/* a port without the timer (RTB_ENOTSUP): SKIPPED, not FAILED */
		rtb_metric_error(s->m, rc, "cannot start the periodic timer");
		return;
	}
	while (!rtb_metric_full(s->m) && !rtb_stopped(s->c))
		rtb_ptimer_wait(&t);  /* Step 2 */
	rtb_ptimer_stop(&t);
}

/* sleep_task - the task that sleeps to each absolute period (irq.timer.nanosleep). */
static void sleep_task(void *p)
{
	struct irq *s = p;
	const int64_t period_ns = s->period_ns;
	const uint64_t inject_ticks = s->c->o->selftest.inject_ns > 0 ? rtb_ns_to_ticks(s->c->clk, s->c->o->selftest.inject_ns) : 0;
	const struct rtb_selftest_opts *so = &s->c->o->selftest;
	const uint64_t test_ticks = so->test_delay_ns > 0 ? rtb_ns_to_ticks(s->c->clk, so->test_delay_ns) : 0;
	const uint64_t test_in = so->test_delay_inside ? test_ticks : 0, test_out = test_in ? 0 : test_ticks;
	int64_t next = first_expiry();
	struct rtb_trace_marks *tm = s->m->tm;

	if (tm)
		tm->tid = rtb_port_trace_self();

	/* k counts wake-ups; wake-up k > 0 is sample k - 1 (rtb_pick_delayed
	 * says which samples get the selftest's delay) */
	for (uint64_t k = 0; !rtb_metric_full(s->m) && !rtb_stopped(s->c); k++) {
		rtb_port_sleep_until_ns(next);         /* Step 2 */
		/* Step 3: nothing but locals before the stamp */
		if (inject_ticks && k && rtb_pick_delayed(k - 1))
			rtb_spin_until(rtb_port_ticks() + inject_ticks);
		if (test_in)  /* tune's test knob: every sample, inside */
			rtb_spin_until(rtb_port_ticks() + test_in);
		int64_t now = rtb_port_mono_ns();
		if (!rtb_metric_record(s->m, k, now - next) && k && tm) {
			/* run --trace: the sample's end on the trace clock,
			 * read right after the stamp (outside the interval),
			 * and its expiry */
			uint64_t end = rtb_port_ticks();
			rtb_marks_put_ns(tm, s->m->count - 1, 0, end, next, now - next);
		}
		/* selftest: a baseline sample (one rtb_pick_delayed does not
		 * name) spins the delay after its stamp, outside the window, so
		 * the sleep before every sample is equally long
		 * (rtb_inject_pre's reason) */
		if (inject_ticks && k && !rtb_pick_delayed(k - 1))
			rtb_inject_spin(inject_ticks);
		if (test_out) /* its baseline: the same spin, outside */
			rtb_spin_until(rtb_port_ticks() + test_out);
		next += period_ns;
		s->late_wakes += next <= now;
		while (next <= now) {                  /* woke after the next expiry */
			next += period_ns;
			s->m->missed++;
		}
	}
}

/* run_irq - irq.timer.signal (use_signal) or irq.timer.nanosleep, on
 * the measured CPU. */
static int run_irq(struct rtb_ctx *c, const struct rtb_bench *b, int use_signal)
{
	struct irq s = { .c = c, .period_ns = c->o->period_ns };

	s.inject_ticks = c->o->selftest.inject_ns > 0 ? rtb_ns_to_ticks(c->clk, c->o->selftest.inject_ns) : 0;
	size_t n = rtb_samples(c, b);
	rtb_thread_t th;
	int rc;

	s.m = rtb_measure_metric(c, b, b->id, b->title, n);
	if (!s.m)
		return RTB_ENOMEM;
	if (!use_signal)
		rtb_marks_new(c, s.m, RTB_TRACE_TIMER);
	rtb_watchdog_arm(c, 5000000000LL + 3 * (int64_t)n * s.period_ns);
	int64_t t0 = rtb_port_mono_ns();
	rc = rtb_spawn(c, &th, use_signal ? "tTimerIsr" : "tCyclic", RTB_SCHED_FIFO,
		       RTB_PRIO_HIGH, c->cpu, use_signal ? signal_task : sleep_task, &s);
	if (rc)
		return rc;
	rtb_join(&th);
	/* The port decides what the "interrupt" is (a POSIX timer signal taken
	 * on the waiting thread, a real timer interrupt on an RTOS board), and
	 * says so in its words. */
	if (c->rt) {
		/* a handler in the interrupt itself (an RTOS board) stamps
		 * before any task runs: no task priority is in that figure */
		const int in_isr = use_signal && !RTB_PORT_PTIMER_ON_WAITER;
		rtb_metric_set_method(s.m,
			"periodic %lld us, absolute expiries on the port's timer clock; %s (%s%s %d, CPU %d); "
			"sample = stamp - programmed expiry",
			(long long)(s.period_ns / 1000),
			rtb_word_or(use_signal ? RTB_W_PTIMER : RTB_W_SLEEP_ABS, "the port's timer"),
			in_isr ? "the waiting task at " : "", rtb_word_or(RTB_W_FIFO, "real-time priority"),
			rtb_prio_native(RTB_PRIO_HIGH), c->cpu);
	} else {
		/* what ran: a time-shared task, whose timer may be deferred by
		 * its timer slack (a real-time one has none) */
		const struct rtb_fact *sl = rtb_fp_find(&c->res->fp, "timerslack_ns");
		rtb_metric_set_method(s.m,
			"periodic %lld us, absolute expiries on the port's timer clock; %s (time-shared, "
			"CPU %d: wakes up to its timer slack late%s%s); sample = stamp - programmed expiry",
			(long long)(s.period_ns / 1000),
			rtb_word_or(use_signal ? RTB_W_PTIMER : RTB_W_SLEEP_ABS, "the port's timer"), c->cpu,
			sl && sl->value[0] ? ", timerslack_ns " : "", sl && sl->value[0] ? sl->value : "");
	}
	rtb_metric_extra(s.m, "period_us", (double)s.period_ns / 1000.0, "us");
	if (s.m->missed)
		rtb_metric_note(s.m, "%llu periods missed (%s)", (unsigned long long)s.m->missed,
				use_signal ? "timer overruns reported by the OS" : "woke after the next expiry");
	/* A period shorter than the path itself (--period-us 1) is not a
	 * latency at that period: every wake-up is late and most periods are
	 * lost (at 1 us, ten missed for each sample). A host stall misses many
	 * periods in ONE wake-up (a 99.4 ms stall at 1 ms: 99 of 100 samples'
	 * worth, seen in CI), which is the latency, not a saturated timer: so
	 * also most wake-ups must have missed one. Say so run-wide, in words
	 * that stay the same every round (and fit a warning's 200). */
	if (s.m->missed > s.m->count && 2 * s.late_wakes > s.m->count)
		rtb_result_warn(c->res, "DEGRADED: %s missed more periods than it measured at %lld us: "
				"a saturated timer, not the latency at that period (use a longer --period-us)",
				b->id, (long long)(s.period_ns / 1000));
	rtb_measure_metric_end(c, s.m, rtb_port_mono_ns() - t0);
	return 0;
}

/* run_signal - irq.timer.signal. */
static int run_signal(struct rtb_ctx *c, const struct rtb_bench *b)
{
	return run_irq(c, b, 1);
}

/* run_sleep - irq.timer.nanosleep. */
static int run_sleep(struct rtb_ctx *c, const struct rtb_bench *b)
{
	return run_irq(c, b, 0);
}

const struct rtb_bench rtb_bench_irq_signal = {
	.id = "irq.timer.signal",
	.title = "Timer interrupt latency, signal handler entry",
	.study_table = "Table 3",
	.summary = "periodic timer; expiry -> entry of its handler (an ISR, or the signal handler standing in for one)",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 1,
	.run = run_signal,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.paced = 1,
};

const struct rtb_bench rtb_bench_irq_sleep = {
	.id = "irq.timer.nanosleep",
	.title = "Timer interrupt latency, task wake-up",
	.study_table = "Table 3",
	.summary = "task sleeping until an absolute expiry; expiry -> task running (cyclictest's method)",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 1,
	.run = run_sleep,
	.trace_kind = RTB_TRACE_TIMER,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.paced = 1,
};
