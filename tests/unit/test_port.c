/* SPDX-License-Identifier: Apache-2.0 */
/* test_port - port conformance: the scheduling and synchronisation
 * behaviour every benchmark relies on, through port.h alone, so the same
 * source runs on every port (Linux; FreeRTOS under QEMU and on its POSIX
 * simulator). Asserts orderings and states, never a latency. Uses only the
 * contract: abstract priority levels, caller stacks, no OS call of its
 * own. Skips (77) without real-time permission. A port without a process
 * entry builds it with -DRTB_TEST_NO_MAIN and calls rtb_test_port(). */
#include <stdatomic.h>
#include <string.h>
#include "check.h"
#include "rtbench/port.h"
#include "rtbench/err.h"

static int cpu;
/* a base well inside every port's range: POSIX 10..13 (the watchdog 99);
 * -1 would be the port's default */
static const int BASE = 10;

/* caller stacks, as the core's pool hands them out */
#define NSTACKS 3
static struct {
	_Alignas(16) unsigned char b[RTB_PORT_STACK_BYTES];
} stacks[NSTACKS];

/* attr - thread attributes on stack k. */
static struct rtb_thread_attr attr(const char *name, enum rtb_policy pol, enum rtb_prio prio, int k)
{
	struct rtb_thread_attr a = { name, pol, prio, cpu, stacks[k].b, sizeof(stacks[k].b), 0 };
	return a;
}

/* ---- a higher-priority task preempts at once ------------------------- */

struct pre {
	rtb_bsem_t s;
	atomic_int after_give;  /* set by the low task right after its give */
	atomic_int violations, rounds;
};

static void pre_high(void *p)
{
	struct pre *x = p;
	for (int i = 0; i < 200; i++) {
		rtb_bsem_take(&x->s);
		/* the low task must not have run past its give */
		if (atomic_load(&x->after_give))
			atomic_fetch_add(&x->violations, 1);
		atomic_fetch_add(&x->rounds, 1);
	}
}

static void pre_low(void *p)
{
	struct pre *x = p;
	for (int i = 0; i < 200; i++) {
		atomic_store(&x->after_give, 0);
		rtb_bsem_give(&x->s);
		atomic_store(&x->after_give, 1);
		rtb_port_sleep_ns(100000);
	}
}

static void test_preempt(void)
{
	struct pre x;
	rtb_thread_t h, l;
	struct rtb_thread_attr ah = attr("hi", RTB_SCHED_FIFO, RTB_PRIO_HIGH, 0);
	struct rtb_thread_attr al = attr("lo", RTB_SCHED_FIFO, RTB_PRIO_LOW, 1);

	memset(&x, 0, sizeof(x));
	rtb_bsem_init(&x.s, 0);
	CHECK_EQ_I(rtb_thread_create(&h, &ah, pre_high, &x), 0);
	CHECK_EQ_I(rtb_thread_create(&l, &al, pre_low, &x), 0);
	rtb_thread_join(&l);
	rtb_thread_join(&h);
	CHECK_EQ_I(atomic_load(&x.rounds), 200);
	CHECK_EQ_I(atomic_load(&x.violations), 0);
	rtb_bsem_destroy(&x.s);
}

/* ---- priority inheritance really boosts the holder ---------------------- */

struct pi {
	rtb_mutex_t m;
	rtb_bsem_t go_high, release;
	atomic_int high_waiting;
};

static void pi_low(void *p)
{
	struct pi *x = p;
	rtb_mutex_lock(&x->m);
	rtb_bsem_give(&x->go_high);    /* high preempts and blocks on m */
	rtb_bsem_take(&x->release);    /* hold m until the checker is done */
	rtb_mutex_unlock(&x->m);
}

static void pi_high(void *p)
{
	struct pi *x = p;
	rtb_bsem_take(&x->go_high);
	atomic_store(&x->high_waiting, 1);
	rtb_mutex_lock(&x->m);
	rtb_mutex_unlock(&x->m);
}

/* pi_case - effective priority of the holder while a higher task waits. */
static int pi_case(enum rtb_mutex_proto proto, int *during, int *after)
{
	struct pi x;
	rtb_thread_t l, h;
	struct rtb_thread_attr al = attr("pi-lo", RTB_SCHED_FIFO, RTB_PRIO_LOW, 0);
	struct rtb_thread_attr ah = attr("pi-hi", RTB_SCHED_FIFO, RTB_PRIO_HIGH, 1);
	int rc;

	memset(&x, 0, sizeof(x));
	rc = rtb_mutex_init(&x.m, proto, RTB_PRIO_HIGH);
	if (rc)
		return rc;
	rtb_bsem_init(&x.go_high, 0);
	rtb_bsem_init(&x.release, 0);
	CHECK_EQ_I(rtb_thread_create(&h, &ah, pi_high, &x), 0);
	CHECK_EQ_I(rtb_thread_create(&l, &al, pi_low, &x), 0);
	/* this thread (higher than both, same CPU) sleeps while they set up */
	for (int i = 0; i < 200 && !(atomic_load(&x.high_waiting) && rtb_thread_is_blocked(&h) == 1); i++)
		rtb_port_sleep_ns(1000000);
	CHECK_EQ_I(rtb_thread_is_blocked(&h), 1);
	rc = rtb_thread_effective_prio(&l, during);
	rtb_bsem_give(&x.release);
	rtb_thread_join(&l);
	rtb_thread_join(&h);
	rtb_thread_effective_prio(NULL, after); /* sanity: the reader works */
	rtb_mutex_destroy(&x.m);
	rtb_bsem_destroy(&x.go_high);
	rtb_bsem_destroy(&x.release);
	return rc;
}

static void test_inheritance(void)
{
	int during = -1, self = -1;

	const int lo = rtb_prio_native(RTB_PRIO_LOW), hi = rtb_prio_native(RTB_PRIO_HIGH);
	int rc;

	CHECK_EQ_I(pi_case(RTB_PROTO_INHERIT, &during, &self), 0);
	CHECK_EQ_I(during, hi);         /* boosted to the waiter's priority */
	CHECK_EQ_I(self, rtb_prio_native(RTB_PRIO_CTRL)); /* the reader sees this thread's own */
	CHECK_EQ_I(pi_case(RTB_PROTO_NONE, &during, &self), 0);
	CHECK_EQ_I(during, lo);         /* no protocol: no boost */
	/* a port may lack the ceiling protocol (FreeRTOS): RTB_ENOTSUP, never
	 * a mutex that silently behaves otherwise */
	rc = pi_case(RTB_PROTO_CEILING, &during, &self);
	CHECK(rc == 0 || rc == RTB_ENOTSUP);
	if (rc == 0)
		CHECK_EQ_I(during, hi); /* ceiling: raised while holding */
}

/* ---- a receiver blocks on an empty queue ------------------------------ */

struct rq {
	rtb_mq_t q;
	atomic_int got;
	uint64_t v;
};

static void rq_recv(void *p)
{
	struct rq *x = p;
	if (!rtb_mq_receive(&x->q, &x->v, sizeof(x->v)))
		atomic_store(&x->got, 1);
}

static void test_queue_blocks(void)
{
	struct rq x;
	rtb_thread_t r;
	struct rtb_thread_attr a = attr("recv", RTB_SCHED_FIFO, RTB_PRIO_MID, 0);
	uint64_t msg = 42, buf;

	memset(&x, 0, sizeof(x));
	CHECK_EQ_I(rtb_mq_open(&x.q, sizeof(uint64_t), 4), 0);
	CHECK_EQ_I(rtb_mq_receive_timed(&x.q, &buf, sizeof(buf), 1000000), RTB_ETIMEDOUT);
	CHECK_EQ_I(rtb_thread_create(&r, &a, rq_recv, &x), 0);
	rtb_port_sleep_ns(20000000);
	CHECK_EQ_I(rtb_thread_is_blocked(&r), 1);
	CHECK_EQ_I(atomic_load(&x.got), 0);
	CHECK_EQ_I(rtb_mq_send(&x.q, &msg, sizeof(msg)), 0);
	rtb_thread_join(&r);
	CHECK_EQ_I(atomic_load(&x.got), 1);
	CHECK_EQ_I(x.v, 42);
	rtb_mq_close(&x.q);
}

/* ---- semaphore, clock and knobs --------------------------------------- */

static void test_misc(void)
{
	rtb_bsem_t s;
	struct rtb_clock_info ci;
	long v;

	CHECK_EQ_I(rtb_bsem_init(&s, 0), 0);
	CHECK_EQ_I(rtb_bsem_take_timed(&s, 1000000), RTB_ETIMEDOUT);
	CHECK_EQ_I(rtb_bsem_give(&s), 0);
	CHECK_EQ_I(rtb_bsem_take_timed(&s, 1000000), 0);
	rtb_bsem_destroy(&s);

	CHECK_EQ_I(rtb_port_clock_init(&ci), 0);
	CHECK(ci.ticks_per_ns > 0);
	/* a sleep never ends early: the counter must see at least its length */
	uint64_t t0 = rtb_port_ticks();
	rtb_port_sleep_ns(10000000);
	int64_t dt = rtb_ticks_to_ns(&ci, rtb_port_ticks() - t0);
	CHECK(dt >= 10000000 - 10000);
	/* ticks_to_ns is the inverse of the calibrated rate */
	CHECK_NEAR((double)rtb_ticks_to_ns(&ci, (uint64_t)(ci.ticks_per_ns * 1e9)), 1e9, 1e3);
	/* the quantum knob: readable, or not a knob on this port */
	int rc = rtb_port_knob_get(RTB_KNOB_RR_TIMESLICE_MS, &v);
	CHECK(rc == 0 || rc == RTB_ENOTSUP);
	if (rc == 0)
		CHECK(v > 0);
}

/* test_levels - the levels map strictly upwards, whatever the numbering. */
static void test_levels(void)
{
	CHECK_EQ_I(rtb_port_prio_init(BASE), 0);
	CHECK_EQ_I(rtb_prio_native(RTB_PRIO_LOW), BASE);
	for (int p = RTB_PRIO_LOW; p < RTB_PRIO_WATCHDOG; p++)
		CHECK(rtb_prio_native((enum rtb_prio)p) != rtb_prio_native((enum rtb_prio)(p + 1)));
}

int rtb_test_port(void);
int rtb_test_port(void)
{
	CHECK_EQ_I(rtb_port_init(), 0);
	cpu = rtb_ncpus() - 1;
	test_levels();
	test_misc();
	if (rtb_port_self_sched(RTB_SCHED_FIFO, RTB_PRIO_CTRL, cpu) == RTB_EPERM)
		SKIP("no permission for SCHED_FIFO: the scheduling conformance tests need it");
	test_preempt();
	test_inheritance();
	test_queue_blocks();
	return check_done();
}

#ifndef RTB_TEST_NO_MAIN
int main(void)
{
	return rtb_test_port();
}
#endif
