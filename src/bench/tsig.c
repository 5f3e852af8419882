/* SPDX-License-Identifier: Apache-2.0 */
/* sync.signal.wakeup - signal to a task waiting for it (rt-tests'
 * sigwaittest; on FreeRTOS a direct-to-task notification).
 *
 * What it measures: from just before one task signals another to the
 * first instruction of the signalled task, which was blocked waiting for
 * exactly that signal, after its wait returns. In the port's words: Linux
 * sends SIGUSR1 with pthread_kill to a thread blocked in sigwait
 * (sigwaittest's threads variant; sigwaittest stamps in the sender before
 * the kill and in the receiver after sigwait, as here); FreeRTOS gives the
 * task a notification on its own index, which it waits for as a binary
 * semaphore. Includes the send, signal generation and delivery (or the
 * notification), the wake-up, the switch, the wait's return and one
 * counter read.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   wait = (first time) attach: the waiting task makes itself the signal's
 *          target; then block waiting for the signal,
 *   wake = send the signal to the waiting task. */
#include <stdio.h>
#include "bench/wake.h"
#include "rtbench/words.h"

struct ts {
	rtb_tsig_t s;
	int attached;  /* the waiter's own: attached once */
};

/* ts_open - the signal's target is not known until the waiter attaches. */
static int ts_open(void *p)
{
	return rtb_tsig_init(&((struct ts *)p)->s);
}

/* ts_wait - the waiter attaches itself (once), then waits for the signal. */
static int ts_wait(void *p)
{
	struct ts *o = p;

	if (!o->attached) {
		int rc = rtb_tsig_attach(&o->s);
		if (rc)
			return rc;
		o->attached = 1;
	}
	return rtb_tsig_wait(&o->s);
}

/* ts_send - the waker signals: the wake-up measured. */
static int ts_send(void *p)
{
	return rtb_tsig_send(&((struct ts *)p)->s);
}

/* ts_close - nothing pending (the engine never sends after the last wait). */
static void ts_close(void *p)
{
	rtb_tsig_destroy(&((struct ts *)p)->s);
}

static const struct rtb_wake_ops ts_ops = {
	.waiter_name = "tSigWait", .waker_name = "tSigSend",
	.open = ts_open, .wait = ts_wait, .wake = ts_send, .close = ts_close,
};

/* ts_run - the method's first phrase in the port's words, then the engine. */
static int ts_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct ts o = { .attached = 0 };
	char what[200];

	snprintf(what, sizeof(what), "%s", rtb_word_or(RTB_W_TSIG, "signal to a waiting task"));
	return rtb_wake_run(c, b, &ts_ops, &o, what);
}

const struct rtb_bench rtb_bench_tsig_wake = {
	.id = "sync.signal.wakeup",
	.title = "Signal wake-up (signal to a task waiting for it)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "signal a higher-priority task blocked waiting for it; send -> task running "
		   "(sigwaittest's figure; FreeRTOS: a direct-to-task notification)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = ts_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
