/* SPDX-License-Identifier: Apache-2.0 */
/* sync.sem.wakeup, sync.sem.wakeup.xcpu - semaphore wake-up latency.
 *
 * What it measures: from just before a give (POSIX: sem_post) to the first
 * instruction of a task that was blocked taking the semaphore: the blocking
 * path the study's Table 4 leaves out (it times only the uncontended take).
 * Includes the give, the wake-up, the switch (or the cross-CPU wake-up) and
 * the take's return, and one counter read. svsematest measures the same for
 * SysV semaphores.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   wait = take of a binary semaphore created unavailable, wake = give. */
#include <stdio.h>
#include "bench/wake.h"
#include "rtbench/words.h"

/* sem_open_ - the wake engine's open: a semaphore created unavailable. */
static int sem_open_(void *p)
{
	return rtb_bsem_init(p, 0);
}

/* sem_wait_ - the waiter blocks in take. */
static int sem_wait_(void *p)
{
	return rtb_bsem_take(p);
}

/* sem_wake_ - the waker gives. */
static int sem_wake_(void *p)
{
	return rtb_bsem_give(p);
}

/* sem_close_ - the semaphore destroyed. */
static void sem_close_(void *p)
{
	rtb_bsem_destroy(p);
}

static const struct rtb_wake_ops sem_ops = {
	.waiter_name = "tTake", .waker_name = "tGive",
	.open = sem_open_, .wait = sem_wait_, .wake = sem_wake_, .close = sem_close_,
};

/* sem_run - the method's first phrase in the port's words, then the engine
 * (both benches: the engine puts the waiter on another CPU for .xcpu) */
static int sem_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	rtb_bsem_t s;
	char what[200];

	snprintf(what, sizeof(what), "%s: %s to a task blocked in %s",
		 rtb_word_or(RTB_W_BSEM, "binary semaphore"), rtb_word_or(RTB_W_BSEM_GIVE, "give"),
		 rtb_word_or(RTB_W_BSEM_TAKE, "take"));
	return rtb_wake_run(c, b, &sem_ops, &s, what);
}

const struct rtb_bench rtb_bench_sem_wake = {
	.id = "sync.sem.wakeup",
	.title = "Semaphore wake-up (give to blocked taker)",
	.summary = "give a binary semaphore a higher-priority task is blocked on; give -> taker running",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = sem_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};

const struct rtb_bench rtb_bench_sem_wake_x = {
	.id = "sync.sem.wakeup.xcpu",
	.title = "Semaphore wake-up, taker on another CPU",
	.summary = "as sync.sem.wakeup with the taker on a second CPU",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = sem_run,
	.trace_kind = RTB_TRACE_WAKE,
	.trace_xcpu = 1,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
