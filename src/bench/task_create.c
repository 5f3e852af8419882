/* SPDX-License-Identifier: Apache-2.0 */
/* task.create.preempt, task.create.nopreempt - task creation (Zephyr
 * latency_measure's thread create/start, rtos-benchmark's thread
 * lifecycle).
 *
 * What it measures, on one CPU, the creator at the run's MID level:
 *   task.create.preempt    create a task of a higher level (HIGH): from
 *                          just before the create call to the new task's
 *                          first instruction (it runs inside the call, the
 *                          creator preempted). Includes the OS's creation
 *                          (control block, stack set-up on a stack the
 *                          caller gives, scheduling attributes), making
 *                          it ready, the switch to it, its start-up code
 *                          before the benchmark's function (POSIX: the C
 *                          library's thread start), and one counter read.
 *   task.create.nopreempt  create a task of a lower level (LOW): the
 *                          create call alone, returning before the new
 *                          task runs (it runs when the creator next
 *                          blocks, outside the window).
 * Both exclude taking the stack from rtbench's pool (before the window)
 * and joining the task and deleting it (after). The port neither
 * pre-faults the stack nor waits for the task to start here
 * (rtb_spawn_stamped); the pool's stacks are resident already (the run's
 * memory locking, or earlier use). The protocol is checked every sample:
 * a new HIGH task that had not run when the call returned, or a LOW task
 * that ran inside it, makes the sample invalid (counted).
 *
 * Thread protocol (the runner's thread is the creator):
 *   Step 1: the creator sets itself to MID on the measured CPU.
 *   Step 2: it stamps t0 and creates tNew (HIGH or LOW, same CPU), and
 *           stamps t1 as the call returns.
 *   Step 3: tNew stamps first thing (tn) and returns.
 *   Step 4: the creator joins tNew; preempt: sample = tn - t0, valid when
 *           tn <= t1 (tNew ran inside the call); nopreempt: sample =
 *           t1 - t0, valid when tn > t1 (it ran only after).
 *   Step 5: repeat from Step 2, the two cases alternating, with the
 *           port's rest every RTB_PORT_DUTY_RUN_NS between samples (for a time:
 *           until the stop; every task is joined before the next is
 *           created, so a long run holds one at a time, its stack from the
 *           pool, and nothing grows). */
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

struct tc {
	const struct rtb_ctx *c;
	rtb_stamp_t tn;
	uint64_t inject;        /* the selftest's delay in the new task, else 0 */
};

/* new_main - tNew: the stamp first (the selftest's delay before it). */
static void new_main(void *p)
{
	struct tc *s = p;

	rtb_inject_spin(s->inject);
	rtb_stamp_set(&s->tn, rtb_port_ticks());             /* Step 3 */
}

/* create calls refused in a row before the figure is given up */
#define REFUSED_MAX 100

/* its metrics (struct rtb_bench .metrics: a long run makes both) */
static const char *const ids[3] = { "task.create.preempt", "task.create.nopreempt", NULL };

static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	static const char *const titles[2] = { "Task creation: create -> new higher-priority task running",
					       "Task creation without preemption: the create call" };
	struct rtb_metric *m[2];
	struct tc s = { .c = c };
	size_t n = rtb_samples(c, b);
	uint64_t k[2] = { 0, 0 }, wrong[2] = { 0, 0 }, refused = 0;
	int rc = 0, refused_row = 0;
	struct rtb_duty d;

	for (int i = 0; i < 2; i++) {
		m[i] = rtb_measure_metric(c, b, ids[i], titles[i], n);
		if (!m[i])
			return RTB_ENOMEM;
	}
	rtb_self_rt(c, RTB_SCHED_FIFO, RTB_PRIO_MID, c->cpu);     /* Step 1 */
	rtb_watchdog_arm(c, 10000000000LL + 2 * (int64_t)n * 1000000);
	rtb_duty_start(&d);
	int64_t start = rtb_port_mono_ns();
	for (uint64_t j = 0; !rtb_stopped(c) && !(rtb_metric_full(m[0]) && rtb_metric_full(m[1])); j++) {
		const int lower = (int)(j & 1);
		rtb_thread_t t;
		uint64_t t0, t1;

		if (rtb_metric_full(m[lower]))
			continue;
		const uint64_t inj = rtb_inject_due(c, m[lower]);
		s.inject = lower ? 0 : inj;
		rtb_stamp_set(&s.tn, 0);
		rc = rtb_spawn_stamped(c, &t, "tNew", RTB_SCHED_FIFO, lower ? RTB_PRIO_LOW : RTB_PRIO_HIGH,
				       c->cpu, new_main, &s, lower ? inj : 0, &t0, &t1);   /* Step 2 */
		if (rc == RTB_ENOMEM && ++refused_row < REFUSED_MAX) {
			/* the OS is out of thread ids for now (Linux: EAGAIN, the
			 * ids of ended tasks come back only after a grace period
			 * its own time-shared threads end): counted, not a
			 * sample, and a rest before the next */
			refused++;
			rc = 0;
			rtb_port_duty_rest();
			continue;
		}
		if (rc) {
			rtb_metric_error(m[lower], rc, "cannot create a task");
			break;
		}
		refused_row = 0;
		rtb_join(&t);                                         /* Step 4 */
		const uint64_t tn = rtb_stamp_get(&s.tn);
		const int ran_inside = (int64_t)(tn - t1) <= 0;
		if (ran_inside == lower) {
			wrong[lower]++;
			m[lower]->invalid++;
			continue;
		}
		if (!rtb_record_span(c, m[lower], k[lower], t0, lower ? t1 : tn))
			k[lower]++;
		rtb_duty_check(&d); /* between samples: the OS's own threads run */
	}
	int64_t elapsed = rtb_port_mono_ns() - start;
	const char *fifo = rtb_word_or(RTB_W_FIFO, "priority");
	for (int i = 0; i < 2; i++) {
		rtb_metric_set_method(m[i], "%s; creator %s %d, new task %s %d, CPU %d; sample = %s",
			rtb_word_or(RTB_W_CREATE, "task creation"), fifo, rtb_prio_native(RTB_PRIO_MID), fifo,
			rtb_prio_native(i ? RTB_PRIO_LOW : RTB_PRIO_HIGH), c->cpu,
			i ? "stamp before the create call -> stamp after it returns (the new task not yet run)"
			  : "stamp before the create call -> the new task's first stamp (it preempts the creator)");
		if (wrong[i])
			rtb_metric_note(m[i], "%llu samples invalid: the new task ran %s the call", (unsigned long long)wrong[i],
					i ? "inside" : "after");
		if (refused)
			rtb_metric_note(m[i], "%llu creations refused by the OS for want of resources (Linux: "
					"EAGAIN), each followed by a rest: not samples", (unsigned long long)refused);
		if (!c->rt)
			rtb_metric_note(m[i], "no real-time priorities: the new task's level is not guaranteed to "
					"preempt (or not)");
		rtb_metric_extra(m[i], "order_violations", (double)wrong[i], "samples");
		rtb_measure_metric_end(c, m[i], elapsed);
	}
	return rc;
}

const struct rtb_bench rtb_bench_task_create = {
	.id = "task.create",
	.title = "Task creation, with and without preemption",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "create a higher-priority task: create -> it running; create a lower-priority one: the "
		   "call alone (Zephyr latency_measure, rtos-benchmark thread lifecycle)",
	.default_samples = 2000,
	.needs_rt = 1,
	.injectable = 1,
	.selftest_metric = "task.create.preempt,task.create.nopreempt",
	.threads = 1,
	.run = run,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.metrics = ids,
};
