/* SPDX-License-Identifier: Apache-2.0 */
/* test_xcpu - the cross-CPU counter check (src/run/xcpu.c) on a clock
 * known to agree across CPUs and on one with a planted offset (the question
 * it answers: is a measured offset the counters' or the ping-pong's own asymmetry?).
 *
 * CLOCK_MONOTONIC is one clock for every CPU (the kernel keeps it so): the
 * method must find no round out of order and an offset within +- half its
 * shortest round trip, i.e. no offset it could tell from its own
 * asymmetry. B's clock planted 5 ms ahead (and behind) must be found at
 * 5 ms to within +- rtt/2, with every round out of order. No threshold on
 * any latency: only the bounds the method itself claims. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "check.h"
#include "run/xcpu.h"
#include "rtbench/port.h"

#define PLANT_NS 5000000LL

static uint64_t mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t ahead(void) { return mono() + PLANT_NS; }
static uint64_t behind(void) { return mono() - PLANT_NS; }

/* measure - the check, tried again when the other CPU's thread did not
 * answer within its 200 ms (a descheduled vCPU on a busy host). */
static int measure(const struct rtb_clock_info *ci, int rt, uint64_t (*b)(void),
		   struct rtb_xcpu *x)
{
	int rc = RTB_ETIMEDOUT;

	for (int i = 0; i < 10 && rc == RTB_ETIMEDOUT; i++)
		rc = rtb_xcpu_measure_with(ci, 1, rt, mono, b, x);
	return rc;
}

int main(void)
{
	struct rtb_clock_info ci = { .mult = 1, .shift = 0 }; /* ticks are ns */
	struct rtb_xcpu x;
	int rc, rt;

	if (rtb_ncpus() < 2)
		SKIP("one CPU: no second counter to compare");
	CHECK_EQ_I(rtb_port_prio_init(10), 0);
	/* at the lowest real-time level where allowed (two spinners for at
	 * most 200 ms each: a time-shared pair on a busy machine times out) */
	rt = rtb_port_self_sched(RTB_SCHED_FIFO, RTB_PRIO_LOW, 0) == 0;
	if (!rt)
		CHECK_EQ_I(rtb_port_self_sched(RTB_SCHED_NORMAL, RTB_PRIO_LOW, 0), 0);

	rc = measure(&ci, rt, mono, &x);
	if (rc == RTB_ETIMEDOUT)
		SKIP("the other CPU's thread did not answer in time (a descheduled vCPU)");
	CHECK_EQ_I(rc, 0);
	printf("known-good (CLOCK_MONOTONIC): %llu of %llu rounds out of order, offset %lld ns, "
	       "rtt %lld ns\n", (unsigned long long)x.violations, (unsigned long long)x.rounds,
	       (long long)x.offset_ns, (long long)x.rtt_ns);
	CHECK_EQ_I(x.violations, 0);
	CHECK(x.rtt_ns >= 0);
	CHECK(x.offset_ns <= x.rtt_ns / 2 + 1 && -x.offset_ns <= x.rtt_ns / 2 + 1);

	for (int k = 0; k < 2; k++) {
		int64_t want = k ? -PLANT_NS : PLANT_NS;

		rc = measure(&ci, rt, k ? behind : ahead, &x);
		if (rc == RTB_ETIMEDOUT)
			SKIP("the other CPU's thread did not answer in time (a descheduled vCPU)");
		CHECK_EQ_I(rc, 0);
		printf("planted %+lld ns: found %lld ns +- %lld, %llu of %llu rounds out of order\n",
		       (long long)want, (long long)x.offset_ns, (long long)x.rtt_ns / 2,
		       (unsigned long long)x.violations, (unsigned long long)x.rounds);
		CHECK(x.offset_ns - want <= x.rtt_ns / 2 + 1 && want - x.offset_ns <= x.rtt_ns / 2 + 1);
		/* a round trip shorter than the plant: every round out of order */
		if (x.rtt_ns / 2 < PLANT_NS)
			CHECK_EQ_I(x.violations, x.rounds);
	}
	return check_done();
}
