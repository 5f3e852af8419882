/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - do two CPUs' counters agree? A stamp taken on one CPU
 * minus a stamp taken on another (the *.xcpu measurements) is an interval
 * only if they do.
 *
 * Ping-pong (the method of the kernel's TSC warp check and of
 * clock-synchronisation papers): A stamps a0 and publishes a request; B,
 * spinning on the other CPU, stamps b and answers; A stamps a1. On agreeing
 * counters a0 <= b <= a1 always; b - (a0 + a1) / 2 estimates B's offset to
 * within half the round trip. The round with the shortest round trip gives
 * the estimate; every round where b falls outside [a0, a1] is a violation:
 * the counters disagree by more than the one-way latency.
 *
 * What the offset is and is not: b - mid is B's counter offset plus half
 * the difference of the two one-way latencies (request A->B against answer
 * B->A: a cache line crossing one way and back, a spin loop's polling
 * period, the fences). Only the shortest round trip bounds that asymmetry,
 * to +- rtt/2, so an offset within +- rtt/2 is not a measured offset at
 * all; a violation cannot come from the asymmetry (b outside [a0, a1]
 * needs counters apart by more than a one-way trip). test_xcpu checks the
 * method on a clock known to agree across CPUs (CLOCK_MONOTONIC: no
 * violation, offset within +- rtt/2) and with a planted offset (found to
 * within +- rtt/2, every round a violation). */
#include <stdatomic.h>
#include <string.h>
#include "run/xcpu.h"
#include "rtbench/err.h"

#define ROUNDS 2000
#define GIVE_UP_NS 200000000LL   /* a descheduled vCPU: stop, say so */
/* the answering side gives up a little later than the asking side: two
 * rtbench runs measuring at once could each starve the other's asker on a
 * CPU with their real-time answerer, and a spin that waited for a starved
 * asker held both CPUs for minutes, set-up not yet under the watchdog, deaf
 * to SIGINT (seen on this VM); each spin ending on its own breaks the cycle */
#define PONG_GRACE_NS 50000000LL

struct pp {
	atomic_int ping, pong, quit;
	int64_t give_up_ns;      /* the answerer's own end (monotonic ns) */
	rtb_stamp_t b;
	uint64_t (*ticks_b)(void);
};

/* pong_main - the other CPU's side of the ping-pong: answers each ping
 * with its own counter reading. */
static void pong_main(void *p)
{
	struct pp *s = p;
	uint64_t (*ticks)(void) = s->ticks_b;

	for (int i = 1; i <= ROUNDS; i++) {
		while (atomic_load(&s->ping) != i)
			if (atomic_load(&s->quit) || rtb_port_mono_ns() > s->give_up_ns)
				return;
		/* fences: a counter read is not ordered with loads and stores
		 * (x86 rdtsc), and a stamp taken before the request was seen
		 * would look like a disagreeing counter */
		atomic_thread_fence(memory_order_seq_cst);
		uint64_t b = ticks();
		atomic_thread_fence(memory_order_seq_cst);
		rtb_stamp_set(&s->b, b);
		atomic_store(&s->pong, i);
	}
}

int rtb_xcpu_measure(const struct rtb_clock_info *ci, int cpu_b, int rt,
		     struct rtb_xcpu *out)
{
	return rtb_xcpu_measure_with(ci, cpu_b, rt, rtb_port_ticks, rtb_port_ticks, out);
}

int rtb_xcpu_measure_with(const struct rtb_clock_info *ci, int cpu_b, int rt,
			  uint64_t (*ticks_a)(void), uint64_t (*ticks_b)(void), struct rtb_xcpu *out)
{
	struct pp s;
	rtb_thread_t th;
	struct rtb_thread_attr a = { .name = "tXcpu", .policy = rt ? RTB_SCHED_FIFO :
				     RTB_SCHED_NORMAL, .prio = RTB_PRIO_LOW, .cpu = cpu_b };
	int64_t best_rtt = -1, best_off = 0, give_up = rtb_port_mono_ns() + GIVE_UP_NS;
	int rc;

	memset(out, 0, sizeof(*out));
	memset(&s, 0, sizeof(s));
	s.ticks_b = ticks_b;
	s.give_up_ns = give_up + PONG_GRACE_NS;
	rc = rtb_thread_create(&th, &a, pong_main, &s);
	if (rc)
		return rc;
	for (int i = 1; i <= ROUNDS; i++) {
		atomic_thread_fence(memory_order_seq_cst);
		uint64_t a0 = ticks_a();
		atomic_thread_fence(memory_order_seq_cst);
		atomic_store(&s.ping, i);
		while (atomic_load(&s.pong) != i)
			if (rtb_port_mono_ns() > give_up)
				goto done;
		atomic_thread_fence(memory_order_seq_cst);
		uint64_t a1 = ticks_a();
		uint64_t b = rtb_stamp_get(&s.b);
		int64_t rtt = rtb_ticks_to_ns(ci, a1 - a0);
		/* offset of B in ns: b - midpoint, signed */
		uint64_t mid = a0 + (a1 - a0) / 2;
		int64_t off = (int64_t)(b - mid) >= 0 ? rtb_ticks_to_ns(ci, b - mid)
						      : -rtb_ticks_to_ns(ci, mid - b);
		out->rounds++;
		if ((int64_t)(b - a0) < 0 || (int64_t)(a1 - b) < 0)
			out->violations++;
		if (best_rtt < 0 || rtt < best_rtt) {
			best_rtt = rtt;
			best_off = off;
		}
	}
done:
	atomic_store(&s.quit, 1);
	rtb_thread_join(&th);
	out->rtt_ns = best_rtt;
	out->offset_ns = best_off;
	out->measured = out->rounds > 0;
	return out->measured ? 0 : RTB_ETIMEDOUT;
}
