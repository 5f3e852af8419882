/* SPDX-License-Identifier: Apache-2.0 */
/* sync.svsem.wakeup - System V semaphore wake-up (rt-tests' svsematest).
 *
 * Linux (and other System V heirs) only: a port without System V IPC
 * (FreeRTOS) SKIPS it, saying so.
 * What it measures: from just before a post (semop +1) to the first
 * instruction of a task that was blocked in semop -1 on the same
 * semaphore, after that call returns: svsematest's figure (its sender
 * stamps before semop and its receiver after semop returns), here with
 * the waiter verified blocked before every post and on one CPU. Includes
 * the post (a system call through the SysV IPC layer: its id lookup and
 * lock), the wake-up, the switch, the wait's return and one counter read.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   open = a private set of one semaphore at 0, wait = semop -1,
 *   wake = semop +1, close = the set removed. */
#include <stdio.h>
#include "bench/wake.h"
#include "rtbench/words.h"

struct sv {
	rtb_svsem_t s;
	int ok;
};

/* sv_open - a private semaphore at 0. */
static int sv_open(void *p)
{
	struct sv *o = p;
	int rc = rtb_svsem_open(&o->s);

	o->ok = !rc;
	return rc;
}

/* sv_wait - the waiter blocks in the decrement. */
static int sv_wait(void *p)
{
	return rtb_svsem_wait(&((struct sv *)p)->s);
}

/* sv_post - the waker increments: the wake-up measured. */
static int sv_post(void *p)
{
	return rtb_svsem_post(&((struct sv *)p)->s);
}

/* sv_close - the set removed from the system. */
static void sv_close(void *p)
{
	struct sv *o = p;

	if (o->ok)
		rtb_svsem_close(&o->s);
}

static const struct rtb_wake_ops sv_ops = {
	.waiter_name = "tSvWait", .waker_name = "tSvPost",
	.open = sv_open, .wait = sv_wait, .wake = sv_post, .close = sv_close,
};

/* sv_run - the method's first phrase in the port's words, then the engine. */
static int sv_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct sv o = { .ok = 0 };
	char what[200];

	snprintf(what, sizeof(what), "%s", rtb_word_or(RTB_W_SVSEM, "System V semaphore"));
	return rtb_wake_run(c, b, &sv_ops, &o, what);
}

const struct rtb_bench rtb_bench_svsem_wake = {
	.id = "sync.svsem.wakeup",
	.title = "System V semaphore wake-up (Linux only)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "post a System V semaphore a higher-priority task is blocked on; post -> task "
		   "running (svsematest's figure; Linux only)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = sv_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
