/* SPDX-License-Identifier: Apache-2.0 */
/* irq.timer.isr_to_task - timer ISR -> the task it wakes (study Table 3,
 * extra).
 *
 * The study's Table 3 ends at ISR entry; on an RTOS the figure a designer
 * also needs is what follows: the ISR hands work to a task. The periodic
 * hardware event of the port (rtb_ptimer, port.h) runs a handler in
 * interrupt context whose port stamps CLOCK_MONOTONIC (rtb_port_mono_ns)
 * first thing; the port then wakes the task blocked in rtb_ptimer_wait. So:
 *   sample = the task's first stamp after rtb_ptimer_wait returns
 *            - the handler's entry stamp of the same expiry.
 * It includes the rest of the handler after its entry stamp (here: two
 * stores), the port's give from interrupt context and its request to
 * switch, the interrupt's exit, the scheduler and the switch to the woken
 * task (on FreeRTOS: xSemaphoreGiveFromISR, portYIELD_FROM_ISR, PendSV,
 * the switch, xSemaphoreTake's return), rtb_ptimer_wait's return and one
 * counter read. It excludes the timer's expiry -> handler entry (that is
 * irq.timer.signal) and whatever the task does after its stamp.
 * Where the handler runs on the waiting thread itself
 * (RTB_PORT_PTIMER_ON_WAITER: POSIX, a signal handler taken inside
 * sigsuspend) no task is woken by it: the figure is then the signal
 * handler's return -> the same thread's resumption (sigreturn and
 * sigsuspend's return), measured and labelled as that, never as an
 * ISR -> task wake-up; the OS's own expiry -> task path is
 * irq.timer.nanosleep there.
 * A wake-up is a sample only when exactly one handler ran while the task
 * waited: a handler that ran before the task blocked (the task was late)
 * or two handlers in one wait (an expiry merged or missed) make it a
 * missed period, counted, never a sample. Not excluded: an expiry in the
 * few instructions between the task's check and its block (the task is
 * back in the wait within microseconds of its stamp; the period is at
 * least 100 us).
 *
 * Thread protocol:
 *   Step 1: the measuring task (SCHED_FIFO, the run's top level, on the
 *           measurement CPU) arms the periodic timer, first expiry 1 ms
 *           ahead (any phase, as irq.c).
 *   Step 2: it notes the handler count and blocks in rtb_ptimer_wait.
 *   Step 3: at the expiry the port's handler stamps first thing; the
 *           benchmark's handler stores that stamp and bumps the count;
 *           the port gives the waiting task's semaphore from the ISR
 *           (POSIX: the handler returns into sigsuspend).
 *   Step 4: the task stamps first thing after rtb_ptimer_wait returns and
 *           records stamp - handler stamp if exactly one handler ran; the
 *           first sample is kept as the cold one.
 *   Step 5: repeat from Step 2 until the sample count is reached.
 */
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

struct i2t {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	int64_t period_ns;
	/* written by the handler (interrupt context), read by the task after
	 * rtb_ptimer_wait returns: the port's give/take (or sigsuspend)
	 * orders them; volatile keeps the compiler from caching them */
	volatile int64_t isr_ns;
	volatile uint32_t nisr;
	volatile uint32_t overruns;
};

/* on_tick - the handler: nothing but two stores and a sum (Step 3). */
static void on_tick(int64_t stamp_ns, int overruns, void *p)
{
	struct i2t *s = p;

	s->isr_ns = stamp_ns;
	s->nisr = s->nisr + 1;
	if (overruns > 0)
		s->overruns = s->overruns + (uint32_t)overruns;
}

/* task - the measuring task the timer's handler wakes (Steps 1-2, and
 * its side of each wake-up). */
static void task(void *p)
{
	struct i2t *s = p;
	struct rtb_metric *m = s->m;
	rtb_ptimer_t t = { 0 };
	int rc;

	/* Step 1 */
	rc = rtb_ptimer_start(&t, rtb_port_mono_ns() + 1000000, s->period_ns, on_tick, s);
	if (rc) {
		rtb_metric_error(m, rc, "cannot start the periodic timer");
		return;
	}
	uint64_t k = 0; /* samples this pass; 0: the cold one */

	while (!rtb_metric_full(m) && !rtb_stopped(s->c)) {
		const uint64_t inject = rtb_inject_due(s->c, m);
		const uint32_t before = s->nisr;          /* Step 2 */

		rtb_ptimer_wait(&t);
		rtb_inject_spin(inject);                  /* selftest only */
		int64_t now = rtb_port_mono_ns();         /* Step 4: first */
		const uint32_t after = s->nisr;
		const int64_t lat = now - s->isr_ns;

		if (after != before + 1) {
			m->missed += (uint64_t)(after - before > 1 ? after - before - 1 : 1);
			continue;
		}
		if (!rtb_metric_record(m, k, lat))
			k++;
	}
	rtb_ptimer_stop(&t);
	m->overruns += s->overruns;
	m->missed += s->overruns;  /* merged expiries: no handler ran for them */
}

/* run - irq.timer.isr_to_task: the task on the measured CPU, bounded by
 * the watchdog. */
static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct i2t s = { .c = c, .period_ns = c->o->period_ns };
	size_t n = rtb_samples(c, b);
	uint64_t missed0;
	int64_t elapsed_ns = 0;
	int rc;

	s.m = rtb_measure_metric(c, b, b->id, b->title, n);
	if (!s.m)
		return RTB_ENOMEM;
	missed0 = s.m->missed;  /* the metric carries over rounds */
	rc = rtb_measure_task(c, "tIsrTask", c->cpu, task, &s, 5000000000LL + 3 * (int64_t)n * s.period_ns,
			      &elapsed_ns);
	if (rc)
		return rc;
	if (s.m->err) {
		rtb_measure_metric_end(c, s.m, elapsed_ns);
		return 0;
	}
	/* method[] holds 320 characters: the short form; the header above and
	 * docs/measurements.md say the rest */
	rtb_metric_set_method(s.m,
		"periodic %lld us hardware event; sample = task's first stamp after rtb_ptimer_wait "
		"returns - the handler's entry stamp (one handler per wait); %s (waiting task: %s %d, CPU %d)",
		(long long)(s.period_ns / 1000),
		rtb_word_or(RTB_W_ISR_TASK, "the handler's path to the task"),
		c->rt ? rtb_word_or(RTB_W_FIFO, "priority") : "time-shared", rtb_prio_native(RTB_PRIO_HIGH), c->cpu);
	rtb_metric_extra(s.m, "period_us", (double)s.period_ns / 1000.0, "us");
	if (RTB_PORT_PTIMER_ON_WAITER && c->round == 0)  /* once, not per round */
		rtb_metric_note(s.m, "not an ISR -> task wake-up on this port: the timer's handler is a "
				     "signal handler on the waiting thread (see irq.timer.nanosleep for "
				     "expiry -> task)");
	if (s.m->missed > missed0)
		rtb_metric_note(s.m, "%llu periods missed (expiries the OS merged, a handler that ran "
				     "before the task waited, or several handlers in one wait)",
				(unsigned long long)(s.m->missed - missed0));
	rtb_measure_metric_end(c, s.m, elapsed_ns);
	return 0;
}

const struct rtb_bench rtb_bench_irq_isr_task = {
	.id = "irq.timer.isr_to_task",
	.title = "Timer ISR -> task it wakes",
	.study_table = "Table 3",
	.summary = "periodic hardware event; handler's stamp in interrupt context -> the task its give woke "
		   "(where the handler runs on the waiting thread: its return -> that thread resuming)",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 1,
	.run = run,
	/* one CPU at a time: the port's periodic timer signals its waiter
	 * (RTB_PORT_PTIMER_ON_WAITER), not checked with several at once */
	.can = RTB_CAN_TIME,
	.one_cpu_why = "the port's periodic timer signals the thread that waits for it, and several such "
		       "timers at once are not checked to stay apart",
};
