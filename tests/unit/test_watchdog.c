/* SPDX-License-Identifier: Apache-2.0 */
/* test_watchdog - a real-time phase that overruns its bound is stopped:
 * the stop flag is raised at the deadline, and a registered thread that
 * ignores it is demoted to normal scheduling so it cannot starve the machine. */
#include <stdatomic.h>
#include "check.h"
#include "run/watchdog.h"
#include "rtbench/port.h"
#include "rtbench/err.h"

static atomic_int demoted_seen;

/* runaway - spins at real-time priority, deaf to the stop flag, until it
 * finds itself demoted (or 10 s pass: the test then fails). */
static void runaway(void *p)
{
	(void)p;
	int64_t until = rtb_port_mono_ns() + 10000000000LL;
	int prio = -1;

	while (rtb_port_mono_ns() < until) {
		for (volatile int i = 0; i < 100000; i++)
			;
		if (rtb_thread_effective_prio(NULL, &prio) == 0 && prio == 0) {
			atomic_store(&demoted_seen, 1);
			break;
		}
	}
}

int main(void)
{
	int ncpu = rtb_ncpus(), cpu = ncpu - 1, wcpu = ncpu > 1 ? 0 : cpu;
	rtb_thread_t t;
	static struct { _Alignas(16) unsigned char b[RTB_PORT_STACK_BYTES]; } stack;
	struct rtb_thread_attr a = { .name = "runaway", .policy = RTB_SCHED_FIFO,
				     .prio = RTB_PRIO_LOW, .cpu = cpu, .stack = stack.b,
				     .stack_bytes = sizeof(stack.b) };

	CHECK_EQ_I(rtb_port_init(), 0);
	CHECK_EQ_I(rtb_port_prio_init(10), 0);
	if (rtb_port_self_sched(RTB_SCHED_FIFO, RTB_PRIO_MID, wcpu) == RTB_EPERM)
		SKIP("no permission for SCHED_FIFO");
	rtb_port_self_sched(RTB_SCHED_NORMAL, RTB_PRIO_LOW, wcpu);
	CHECK_EQ_I(rtb_wd_start(wcpu, 1), 0);
	atomic_int *stop = rtb_wd_stop_flag();

	int64_t t0 = rtb_port_mono_ns();
	rtb_wd_arm(200000000); /* 200 ms */
	CHECK_EQ_I(rtb_thread_create(&t, &a, runaway, NULL), 0);
	rtb_wd_register(&t);
	while (!atomic_load(stop) && rtb_port_mono_ns() - t0 < 5000000000LL)
		rtb_port_sleep_ns(1000000);
	int64_t stopped_after = rtb_port_mono_ns() - t0;
	CHECK(atomic_load(stop));
	CHECK(stopped_after >= 200000000);       /* never before the deadline */
	CHECK_EQ_I(rtb_wd_reason(), RTB_WD_TIMEOUT);
	rtb_thread_join(&t);
	CHECK(atomic_load(&demoted_seen));       /* the runaway lost its RT priority */
	rtb_wd_arm(0);
	rtb_wd_shutdown();
	return check_done();
}
