/* ipc.mqueue.wakeup - message-queue latency (study Table 5).
 *
 * What it measures: from just before the sender's send call to the
 * receiver's return from its receive call, with the queue empty and the
 * receiver blocked in receive beforehand (Obenland's condition, which the
 * study insists on). Includes: the send, waking the receiver, the context
 * switch, the receive's return and one counter read.
 *
 * Thread protocol (one CPU; the receiver outranks the sender, so the send
 * hands the CPU straight to it):
 *   Step 1: create the queue, empty.
 *   Step 2: tRecv calls receive and blocks.
 *   Step 3: tSend checks that tRecv really is blocked (the OS's thread state,
 *           every sample; where the port cannot tell, the priority order
 *           guarantees it on one CPU and the result says so).
 *   Step 4: tSend stamps t0 and sends one message.
 *   Step 5: tRecv returns, stamps t1, records t1 - t0, loops to Step 2.
 */
#include <stdatomic.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"

#define BLOCK_WAIT_TRIES 100000

struct mqs {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	rtb_mq_t q;
	_Atomic uint64_t t0;
	rtb_thread_t recv;
	size_t rounds;
	int check_unsupported;
	uint64_t not_blocked;   /* samples where tSend had to wait for the block */
};

struct msg {
	uint64_t seq; /* UINT64_MAX: quit */
};

static void *receiver(void *p)
{
	struct mqs *s = p;
	const struct rtb_clock_info *ci = s->c->clk;
	struct msg mb;

	for (;;) {
		if (rtb_mq_receive(&s->q, &mb, sizeof(mb)))  /* Step 2 */
			break;
		uint64_t t1 = rtb_port_ticks();         /* Step 5 */
		if (mb.seq == UINT64_MAX)
			break;
		int64_t ns = rtb_ticks_to_ns(ci, t1 - atomic_load_explicit(&s->t0, memory_order_relaxed));
		if (mb.seq == 0) {
			s->m->first_ns = ns;
			s->m->has_first = 1;
		} else {
			rtb_metric_add(s->m, ns);
		}
	}
	return NULL;
}

/* wait_blocked - Step 3; 1 when the receiver is seen blocked. */
static int wait_blocked(struct mqs *s)
{
	if (s->check_unsupported)
		return 1;
	for (int i = 0; i < BLOCK_WAIT_TRIES && !rtb_stopped(s->c); i++) {
		int b = rtb_thread_is_blocked(s->recv.os_id);
		if (b == 1) {
			if (i)
				s->not_blocked++;
			return 1;
		}
		if (b < 0) {
			s->check_unsupported = 1;
			return 1;
		}
		rtb_yield();
	}
	return 0;
}

static int run_mq(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct mqs s = { .c = c };
	size_t n = rtb_samples(c, b);
	struct rtb_duty d;
	int rc;

	s.m = rtb_bench_metric(c, b, b->id, b->title, n);
	if (!s.m)
		return RTB_ENOMEM;
	rc = rtb_mq_open(&s.q, sizeof(struct msg), 8); /* Step 1 */
	if (rc) {
		s.m->status = RTB_STATUS_FAILED;
		rtb_metric_note(s.m, "cannot create a message queue: %s", rtb_strerror(rc));
		return 0;
	}
	rc = rtb_spawn(c, &s.recv, "tRecv", RTB_SCHED_FIFO, c->o->prio + 1, c->cpu, receiver, &s);
	if (rc)
		goto out;
	/* the runner's thread is tSend */
	rtb_self_rt(c, RTB_SCHED_FIFO, c->o->prio, c->cpu);
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)n * 200000);
	rtb_duty_start(&d);
	int64_t start = rtb_port_mono_ns();
	for (uint64_t k = 0; k <= n && !rtb_stopped(c); k++) {
		if (!wait_blocked(&s)) {
			s.m->invalid++;
			break;
		}
		struct msg mb = { .seq = k };
		uint64_t t0 = rtb_port_ticks();    /* Step 4 */
		atomic_store_explicit(&s.t0, t0, memory_order_relaxed);
		rtb_inject(c);
		rtb_mq_send(&s.q, &mb, sizeof(mb));
		rtb_duty_check(&d);
	}
	int64_t elapsed = rtb_port_mono_ns() - start;
	struct msg quit = { .seq = UINT64_MAX };
	wait_blocked(&s);
	rtb_mq_send(&s.q, &quit, sizeof(quit));
	rtb_thread_join(&s.recv);

	rtb_metric_set_method(s.m,
		"POSIX message queue, 8-byte messages, empty; tRecv (SCHED_FIFO %d) blocked in "
		"mq_receive, tSend (SCHED_FIFO %d), both on CPU %d; sample = stamp before "
		"mq_send -> stamp after mq_receive returns",
		c->o->prio + 1, c->o->prio, c->cpu);
	if (s.check_unsupported)
		rtb_metric_note(s.m, "the port cannot read thread state: the receiver's block is "
				"guaranteed by priority order only");
	if (s.not_blocked)
		rtb_metric_note(s.m, "%llu samples waited for the receiver to block first",
				(unsigned long long)s.not_blocked);
	if (s.m->invalid)
		rtb_metric_note(s.m, "the receiver never blocked: sampling stopped");
	rtb_metric_extra(s.m, "receiver_checked_blocked", s.check_unsupported ? 0 : 1, "bool");
	rtb_bench_metric_end(c, s.m, elapsed);
out:
	rtb_mq_close(&s.q);
	return rc;
}

const struct rtb_bench rtb_bench_mqueue = {
	.id = "ipc.mqueue.wakeup",
	.title = "Message-queue latency (send to blocked receiver)",
	.study_table = "Table 5",
	.summary = "send on an empty POSIX queue to a receiver verified blocked; send -> receiver running",
	.default_samples = 10000,
	.injectable = 1,
	.run = run_mq,
};
