/* SPDX-License-Identifier: Apache-2.0 */
/* sync.cond.wakeup - condition variable wake-up (Zephyr latency_measure's
 * condvar figure).
 *
 * What it measures: from just before the signal to the first instruction
 * of a task that was blocked waiting on the condition variable, once its
 * wait has returned with the mutex held again (the point at which it can
 * act on the shared state). Includes the signal, the wake-up, the switch,
 * the waiter's re-acquisition of the mutex (free: the waker set the
 * predicate under it before, and signals without holding it, the pattern
 * real-time code uses so the woken task does not block again on the
 * mutex), the predicate check and one counter read. Excludes setting the
 * predicate (done before the window, Step 3). The mutex has no protocol.
 * Ports without a condition variable (FreeRTOS) SKIP it.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   wait    = lock; mark waiting; while no predicate: wait on the
 *             condition variable; clear the predicate (returns holding
 *             the mutex: the stamp is taken with it held),
 *   prepare = (waker) once the waiter is marked waiting, under the mutex:
 *             clear the mark, set the predicate,
 *   wake    = signal (without the mutex),
 *   after   = the waiter unlocks and loops. */
#include <stdio.h>
#include "bench/wake.h"
#include "rtbench/words.h"

#define PREPARE_WAIT_NS 2000000000LL

struct cv {
	rtb_cond_t cv;
	rtb_mutex_t m;
	int ready;     /* the predicate (under m) */
	int waiting;   /* the waiter is in (or entering) its wait (under m) */
	int cv_ok, m_ok;
};

/* cv_open - the mutex (no protocol) and the condition variable. */
static int cv_open(void *p)
{
	struct cv *o = p;
	int rc = rtb_mutex_init(&o->m, RTB_PROTO_NONE, 0);

	o->m_ok = !rc;
	if (!rc)
		rc = rtb_cond_init(&o->cv);
	o->cv_ok = !rc;
	return rc;
}

/* cv_wait - lock, wait for the predicate, return holding the mutex. */
static int cv_wait(void *p)
{
	struct cv *o = p;
	int rc = rtb_mutex_lock(&o->m);

	if (rc)
		return rc;
	o->waiting = 1;
	while (!o->ready && !rc)
		rc = rtb_cond_wait(&o->cv, &o->m);
	o->ready = 0;
	if (rc)
		rtb_mutex_unlock(&o->m);
	return rc;
}

/* cv_prepare - the predicate set under the mutex, once the waiter holds
 * the mark (it is in its wait: the mark is set under the mutex that the
 * wait releases atomically), so no signal finds it not yet waiting. */
static void cv_prepare(void *p)
{
	struct cv *o = p;
	int64_t until = rtb_port_mono_ns() + PREPARE_WAIT_NS;

	for (;;) {
		rtb_mutex_lock(&o->m);
		if (o->waiting || rtb_port_mono_ns() > until) {
			o->waiting = 0;
			o->ready = 1;
			rtb_mutex_unlock(&o->m);
			return;
		}
		rtb_mutex_unlock(&o->m);
		rtb_yield();
	}
}

/* cv_signal - the waker signals: the wake-up measured. */
static int cv_signal(void *p)
{
	return rtb_cond_signal(&((struct cv *)p)->cv);
}

/* cv_unlock - the waiter, after its stamp (and when it quits): unlock. */
static void cv_unlock(void *p)
{
	rtb_mutex_unlock(&((struct cv *)p)->m);
}

/* cv_close - both destroyed (the waiter has left and unlocked). */
static void cv_close(void *p)
{
	struct cv *o = p;

	if (o->cv_ok)
		rtb_cond_destroy(&o->cv);
	if (o->m_ok)
		rtb_mutex_destroy(&o->m);
}

static const struct rtb_wake_ops cv_ops = {
	.waiter_name = "tCondWait", .waker_name = "tCondSignal",
	.open = cv_open, .wait = cv_wait, .prepare = cv_prepare, .wake = cv_signal,
	.after = cv_unlock, .leave = cv_unlock, .close = cv_close,
};

/* cv_run - the method's first phrase in the port's words, then the engine. */
static int cv_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct cv o = { .ready = 0 };
	char what[200];

	snprintf(what, sizeof(what), "%s; stamp with the mutex held again, the predicate set "
		 "before the window", rtb_word_or(RTB_W_COND, "condition variable"));
	return rtb_wake_run(c, b, &cv_ops, &o, what);
}

const struct rtb_bench rtb_bench_cond_wake = {
	.id = "sync.cond.wakeup",
	.title = "Condition variable wake-up (signal to waiter holding its mutex)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "signal a condition variable a higher-priority task waits on; signal -> waiter "
		   "running with its mutex held (Zephyr latency_measure's condvar)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = cv_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
