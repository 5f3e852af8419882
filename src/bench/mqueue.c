/* SPDX-License-Identifier: Apache-2.0 */
/* ipc.mqueue.wakeup, ipc.mqueue.wakeup.xcpu - message-queue latency
 * (study Table 5).
 *
 * What it measures: from just before the sender's send call to the
 * receiver's return from its receive call, with the queue empty and the
 * receiver blocked in receive beforehand (Obenland's condition, which the
 * study insists on, checked before every sample). Includes the send, waking
 * the receiver, the context switch, the receive's return and one counter
 * read. The study's set-up is one CPU (ipc.mqueue.wakeup); the .xcpu
 * variant puts the receiver on a second CPU.
 * Thread protocol: the wake engine's (bench/wake.c), with
 *   wait = mq_receive of one 8-byte message, wake = mq_send of one. */
#include "bench/wake.h"
#include <stdio.h>
#include "rtbench/words.h"

struct mqo {
	rtb_mq_t q;
	uint64_t buf;
};

/* mq_open_ - the wake engine's open: an empty queue of 8-byte messages. */
static int mq_open_(void *p)
{
	return rtb_mq_open(&((struct mqo *)p)->q, sizeof(uint64_t), 8);
}

/* mq_wait - the waiter blocks in receive. */
static int mq_wait(void *p)
{
	struct mqo *o = p;
	uint64_t m;
	return rtb_mq_receive(&o->q, &m, sizeof(m));
}

/* mq_wake - the waker sends the next message. */
static int mq_wake(void *p)
{
	struct mqo *o = p;
	o->buf++;
	return rtb_mq_send(&o->q, &o->buf, sizeof(o->buf));
}

/* mq_close_ - the queue closed. */
static void mq_close_(void *p)
{
	rtb_mq_close(&((struct mqo *)p)->q);
}

static const struct rtb_wake_ops mq_ops = {
	.waiter_name = "tRecv", .waker_name = "tSend",
	.open = mq_open_, .wait = mq_wait, .wake = mq_wake, .close = mq_close_,
};

/* mq_run - the method's first phrase in the port's words, then the engine
 * (both benches: the engine puts the waiter on another CPU for .xcpu) */
static int mq_run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct mqo o = { 0 };
	char what[200];

	snprintf(what, sizeof(what), "%s, empty, 8-byte messages: %s to a task blocked in %s",
		 rtb_word_or(RTB_W_MQ, "message queue"), rtb_word_or(RTB_W_MQ_SEND, "send"),
		 rtb_word_or(RTB_W_MQ_RECEIVE, "receive"));
	return rtb_wake_run(c, b, &mq_ops, &o, what);
}

const struct rtb_bench rtb_bench_mqueue = {
	.id = "ipc.mqueue.wakeup",
	.title = "Message-queue latency (send to blocked receiver)",
	.study_table = "Table 5",
	.summary = "send on an empty message queue to a receiver verified blocked; send -> receiver running",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = mq_run,
	.trace_kind = RTB_TRACE_WAKE,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};

const struct rtb_bench rtb_bench_mqueue_x = {
	.id = "ipc.mqueue.wakeup.xcpu",
	.title = "Message-queue latency, receiver on another CPU",
	.summary = "as ipc.mqueue.wakeup with the receiver on a second CPU (cross-CPU wake-up)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = mq_run,
	.trace_kind = RTB_TRACE_WAKE,
	.trace_xcpu = 1,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
