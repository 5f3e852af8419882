/* SPDX-License-Identifier: Apache-2.0 */
/* sync.mutex.wakeup, sync.mutex.wakeup.xcpu - mutex hand-over latency.
 *
 * What it measures: from just before the holder's unlock to the first
 * instruction of a task that was blocked locking the mutex, the figure
 * ptsematest reports. Includes the unlock (a futex wake on Linux), the
 * wake-up, the switch (or cross-CPU wake-up), the lock's return and one
 * counter read. The mutex has no protocol (PTHREAD_PRIO_NONE), like
 * ptsematest's.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   open  = init and lock the mutex (the waker holds it),
 *   wait  = lock (blocks: the waker holds it),
 *   wake  = unlock,
 *   after = the waiter unlocks and blocks on `next`,
 *   rearm = the waker locks again and gives `next`, so the waiter blocks
 *           in lock once more before the next sample. */
#include <stdio.h>
#include "bench/wake.h"
#include "rtbench/words.h"

struct mx {
	rtb_mutex_t m;
	rtb_bsem_t next;
	int waker_holds;   /* the waker's thread holds m (open, rearm; not after wake) */
};

/* mx_open - the mutex and the hand-back semaphore, the mutex held by the
 * waker's thread. */
static int mx_open(void *p)
{
	struct mx *o = p;
	int rc = rtb_mutex_init(&o->m, RTB_PROTO_NONE, 0);
	if (!rc)
		rc = rtb_bsem_init(&o->next, 0);
	if (!rc)
		rc = rtb_mutex_lock(&o->m);
	o->waker_holds = rc == 0;
	return rc;
}

/* mx_wait - the waiter blocks in lock. */
static int mx_wait(void *p)
{
	return rtb_mutex_lock(&((struct mx *)p)->m);
}

/* mx_after - the waiter, woken, unlocks and waits for the next round. */
static void mx_after(void *p)
{
	struct mx *o = p;
	rtb_mutex_unlock(&o->m);
	rtb_bsem_take(&o->next);
}

/* mx_rearm - the waker takes the mutex again and lets the waiter block. */
static void mx_rearm(void *p)
{
	struct mx *o = p;
	rtb_mutex_lock(&o->m);
	o->waker_holds = 1;
	rtb_bsem_give(&o->next);
}

/* mx_wake - the holder unlocks: the wake-up measured. */
static int mx_wake(void *p)
{
	struct mx *o = p;
	o->waker_holds = 0;
	return rtb_mutex_unlock(&o->m);
}

/* mx_close - unlock if the waker still holds it, then destroy both. */
static void mx_close(void *p)
{
	struct mx *o = p;
	/* the waiter never started (thread creation failed): the waker still
	 * holds the mutex from open; unlocked here, by its owner, before the
	 * destroy (TSan: destroy of a locked mutex on that path) */
	if (o->waker_holds)
		rtb_mutex_unlock(&o->m);
	o->waker_holds = 0;
	rtb_mutex_destroy(&o->m);
	rtb_bsem_destroy(&o->next);
}

/* mx_leave - the waiter quits holding the mutex (its last lock returned):
 * unlock, so that mx_close destroys an unlocked mutex (destroying a locked
 * one is undefined behaviour; TSan reported it). */
static void mx_leave(void *p)
{
	rtb_mutex_unlock(&((struct mx *)p)->m);
}

static const struct rtb_wake_ops mx_ops = {
	.waiter_name = "tLock", .waker_name = "tUnlock",
	.open = mx_open, .wait = mx_wait, .after = mx_after, .rearm = mx_rearm,
	.wake = mx_wake, .leave = mx_leave, .close = mx_close,
};

/* mx_run - the method's first phrase in the port's words, then the engine
 * (both benches: the engine puts the waiter on another CPU for .xcpu) */
static int mx_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct mx o = { .waker_holds = 0 };
	char what[200];

	snprintf(what, sizeof(what), "%s: unlock by the holder to a task blocked in lock",
		 rtb_word_or(RTB_W_MUTEX_NONE, "mutex (no protocol)"));
	return rtb_wake_run(c, b, &mx_ops, &o, what);
}

const struct rtb_bench rtb_bench_mutex_wake = {
	.id = "sync.mutex.wakeup",
	.title = "Mutex hand-over (unlock to blocked locker)",
	.summary = "unlock a mutex a higher-priority task is blocked on; unlock -> locker running (ptsematest's figure)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = mx_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};

const struct rtb_bench rtb_bench_mutex_wake_x = {
	.id = "sync.mutex.wakeup.xcpu",
	.title = "Mutex hand-over, locker on another CPU",
	.summary = "as sync.mutex.wakeup with the locker on a second CPU",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = mx_run,
	.trace_kind = RTB_TRACE_WAKE,
	.trace_xcpu = 1,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
