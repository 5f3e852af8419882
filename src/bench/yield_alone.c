/* SPDX-License-Identifier: Apache-2.0 */
/* sched.yield.alone - a yield with nobody to yield to: the cost of one
 * entry into the scheduler that picks the caller again.
 *
 * What each sample is: one rtb_yield() (Linux sched_yield, FreeRTOS
 * taskYIELD) by a real-time task alone at its priority on the measurement
 * CPU, stamp to stamp. Includes the call (a system call on Linux), the
 * scheduler's pick and the return, and one counter read; whatever else
 * takes the CPU in between (an interrupt, a higher-priority task) lands in
 * the sample, as in any other figure. Excludes a switch: ctxsw.rr.yield is
 * the same call handing the CPU to a peer. rtbench's smallest measurement,
 * and the example docs/porting.md points at: this file and two lines of
 * registry.c add it, nothing else.
 *
 * Thread protocol: one task (the runner's own, at RTB_PRIO_HIGH on the
 * measurement CPU); Step 1 stamp, Step 2 yield, Step 3 stamp; every
 * RTB_PORT_DUTY_RUN_NS of running a rest (rtb_duty_check, between samples). */
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

/* run - the loop; in a long run until the stop flag (rtb_samples). */
static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct rtb_metric *m = rtb_measure_metric(c, b, b->id, b->title, rtb_samples(c, b));
	struct rtb_duty d;

	if (!m)
		return RTB_ENOMEM;
	rtb_self_rt(c, RTB_SCHED_FIFO, RTB_PRIO_HIGH, c->cpu);
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)m->capacity * 100000);
	rtb_duty_start(&d);
	int64_t start = rtb_port_mono_ns();
	for (size_t k = 0; k <= m->capacity && !rtb_stopped(c); k++) {
		const uint64_t inj = rtb_inject_due(c, m);
		uint64_t t0 = rtb_port_ticks();        /* Step 1 */
		rtb_inject_spin(inj);
		rtb_yield();                           /* Step 2 */
		uint64_t t1 = rtb_port_ticks();        /* Step 3 */
		rtb_record_span(c, m, k, t0, t1);
		rtb_duty_check(&d);
	}
	rtb_metric_set_method(m, "one yield by a task alone at %s %d on CPU %d; sample = stamp, yield, "
			      "stamp (the scheduler picks the caller again: no switch)",
			      c->rt ? rtb_word_or(RTB_W_FIFO, "priority") : "time-shared",
			      rtb_prio_native(RTB_PRIO_HIGH), c->cpu);
	rtb_measure_metric_end(c, m, rtb_port_mono_ns() - start);
	return 0;
}

const struct rtb_bench rtb_bench_yield_alone = {
	.id = "sched.yield.alone",
	.title = "Yield with nobody to yield to",
	.not_default = 1,
	.summary = "a real-time task alone at its priority yields; stamp -> yield -> stamp (one scheduler "
		   "entry that picks the caller again, no switch)",
	.default_samples = 10000,
	.injectable = 1,
	.run = run,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
