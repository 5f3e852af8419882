/* SPDX-License-Identifier: Apache-2.0 */
/* sync.event.wakeup, sync.event.word.wakeup - event flags wake-up (Zephyr
 * latency_measure's event figures; Thread-Metric has none).
 *
 * What it measures: from just before a task sets a flag to the first
 * instruction of a higher-priority task that was blocked waiting for it,
 * after its wait has returned (and cleared the flag). Two ways programs do
 * it, in the port's words:
 *   sync.event.wakeup      the OS's event object (Linux: an eventfd,
 *                          written and read; FreeRTOS: an event group,
 *                          xEventGroupSetBits / xEventGroupWaitBits);
 *   sync.event.word.wakeup a word of the tasks' own memory that the
 *                          kernel waits on (Linux: a futex word, set with
 *                          an atomic OR and a wake; ports without one, as
 *                          FreeRTOS, SKIP it).
 * Includes the set, the wake-up, the switch, the wait's return with its
 * clear, and one counter read.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   open = an event with no flag set, wait = wait for flag 1 (cleared on
 *   return), wake = set flag 1. */
#include <stdio.h>
#include "bench/wake.h"
#include "rtbench/words.h"

extern const struct rtb_bench rtb_bench_event_word;

struct ev {
	rtb_event_t e;
	enum rtb_event_kind kind;
	int ok;
};

/* ev_open - an event of the bench's kind, nothing set. */
static int ev_open(void *p)
{
	struct ev *o = p;
	int rc = rtb_event_init(&o->e, o->kind);

	o->ok = !rc;
	return rc;
}

/* ev_wait - the waiter blocks until flag 1 is set. */
static int ev_wait(void *p)
{
	return rtb_event_wait(&((struct ev *)p)->e, 1, NULL);
}

/* ev_set - the waker sets flag 1: the wake-up measured. */
static int ev_set(void *p)
{
	return rtb_event_set(&((struct ev *)p)->e, 1);
}

/* ev_close - the event destroyed. */
static void ev_close(void *p)
{
	struct ev *o = p;

	if (o->ok)
		rtb_event_destroy(&o->e);
}

static const struct rtb_wake_ops ev_ops = {
	.waiter_name = "tEventWait", .waker_name = "tEventSet",
	.open = ev_open, .wait = ev_wait, .wake = ev_set, .close = ev_close,
};

/* ev_run - the kind from the bench (its id), the method in the port's
 * words, then the engine. */
static int ev_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct ev o = { .kind = b == &rtb_bench_event_word ? RTB_EVENT_WORD : RTB_EVENT_OBJECT };
	char what[200];

	snprintf(what, sizeof(what), "%s: set flag 1 a task waits for",
		 rtb_word_or(o.kind == RTB_EVENT_WORD ? RTB_W_EVENT_WORD : RTB_W_EVENT, "event flags"));
	return rtb_wake_run(c, b, &ev_ops, &o, what);
}

const struct rtb_bench rtb_bench_event_wake = {
	.id = "sync.event.wakeup",
	.title = "Event flags wake-up (the OS's event object)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "set a flag of the OS's event object a higher-priority task waits on; set -> waiter "
		   "running (Linux eventfd, FreeRTOS event group)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = ev_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};

const struct rtb_bench rtb_bench_event_word = {
	.id = "sync.event.word.wakeup",
	.title = "Event flags wake-up (a memory word the kernel waits on)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "as sync.event.wakeup with the flags in a word of the tasks' memory that the kernel waits on",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = ev_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
