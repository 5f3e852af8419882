/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench benchmarks - the engine behind every "wake a blocked task"
 * measurement (message queue, semaphore, mutex; on one CPU or across two).
 *
 * What it measures: from just before the waker's operation (send, give,
 * unlock) to the first instruction of the woken task after its blocking
 * call returns. Includes the operation, the wake-up, the context switch (or,
 * across CPUs, the inter-processor wake-up and the other CPU's switch), the
 * blocking call's return, and one counter read.
 *
 * Thread protocol (the runner's thread is the waker; the waiter outranks
 * it by one priority level, so on one CPU the wake hands the CPU straight
 * to the waiter):
 *   Step 1: the waker creates the primitive (empty / unavailable / locked).
 *   Step 2: the waiter blocks in its wait call.
 *   Step 3: the waker re-arms the primitive if it must (a mutex it locks
 *           again; a condition variable's predicate it sets) and checks that the waiter really is blocked: the OS's
 *           thread state, every sample (where the port cannot tell, the
 *           priority order guarantees it on one CPU, and the result says so).
 *   Step 4: the waker stamps t0 and wakes the waiter.
 *   Step 5: the waiter returns, stamps t1, records t1 - t0, does its
 *           after-step and loops to Step 2.
 * The first sample is kept as the cold one, outside the distribution. */
#include <stdatomic.h>
#include "bench/wake.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

#define BLOCK_WAIT_NS 2000000000LL

struct wk {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	const struct rtb_wake_ops *ops;
	void *obj;
	rtb_stamp_t t0;
	atomic_int quit;
	atomic_ulong seq;
	rtb_thread_t waiter;
	int check_unsupported;
	uint64_t waited;      /* samples where the waker had to wait for the block */
	struct rtb_trace_marks *tm; /* run --trace: per-sample marks, else NULL */
	unsigned never_blocked; /* 1: sampling stopped, the waiter never blocked */
};

/* waiter_main - the waiter: blocks in ops->wait, stamps on return,
 * records, does its after-step (Steps 2, 5). */
static void waiter_main(void *p)
{
	struct wk *w = p;
	if (w->tm)
		w->tm->tid = rtb_port_trace_self();
	for (unsigned long k = 0;; k++) {
		if (w->ops->wait(w->obj))               /* Step 2 */
			break;
		uint64_t t1 = rtb_port_ticks();         /* Step 5 */
		if (atomic_load_explicit(&w->quit, memory_order_relaxed)) {
			if (w->ops->leave)
				w->ops->leave(w->obj);
			break;
		}
		/* t1 before t0: the other CPU's counter is ahead (invalid) */
		rtb_record_span(w->c, w->m, k, rtb_stamp_get_relaxed(&w->t0), t1);
		atomic_store(&w->seq, k + 1);
		if (w->ops->after)
			w->ops->after(w->obj);
	}
}

/* wait_blocked - Step 3: 1 once the waiter is seen blocked. */
static int wait_blocked(struct wk *w)
{
	int64_t until = rtb_port_mono_ns() + BLOCK_WAIT_NS;

	if (w->check_unsupported)
		return 1;
	for (int i = 0;; i++) {
		int b = rtb_thread_is_blocked(&w->waiter);
		if (b == 1) {
			w->waited += i > 0;
			return 1;
		}
		if (b < 0) {
			w->check_unsupported = 1;
			return 1;
		}
		if (rtb_stopped(w->c) || rtb_port_mono_ns() > until)
			return 0;
		rtb_yield();
	}
}

int rtb_wake_run(struct rtb_ctx *c, const struct rtb_bench *b,
		 const struct rtb_wake_ops *ops, void *obj, const char *what)
{
	const int xcpu = b->trace_xcpu;
	struct wk w = { .c = c, .ops = ops, .obj = obj };
	size_t n = rtb_samples(c, b);
	struct rtb_duty d;
	int rc;

	w.m = rtb_measure_metric(c, b, b->id, b->title, n);
	if (!w.m)
		return RTB_ENOMEM;
	if (xcpu && c->other_cpu < 0) {
		rtb_metric_skip(w.m, "needs a second CPU");
		return 0;
	}
	const int wcpu = xcpu ? c->other_cpu : c->cpu;
	w.tm = rtb_marks_new(c, w.m, RTB_TRACE_WAKE);
	rc = ops->open(obj);                             /* Step 1 */
	if (rc) {
		/* a port without the primitive (RTB_ENOTSUP): SKIPPED, not FAILED */
		rtb_metric_error(w.m, rc, "cannot create the primitive");
		return 0;
	}
	rtb_self_rt(c, RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu);
	rc = rtb_spawn(c, &w.waiter, ops->waiter_name, RTB_SCHED_FIFO, RTB_PRIO_MID, wcpu,
		       waiter_main, &w);
	if (rc)
		goto out;
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)n * 200000);
	rtb_duty_start(&d);
	int64_t start = rtb_port_mono_ns();
	for (unsigned long k = 0; k <= n && !rtb_stopped(c); k++) {
		/* across CPUs, the previous wake-up must be complete first */
		while (atomic_load(&w.seq) < k && !rtb_stopped(c))
			rtb_yield();
		if (k && ops->rearm)
			ops->rearm(obj);                 /* Step 3 */
		if (ops->prepare)
			ops->prepare(obj);
		if (!wait_blocked(&w)) {
			w.m->invalid++;
			w.never_blocked = 1;
			break;
		}
		const uint64_t inj = rtb_inject_due(c, w.m);
		rtb_inject_spin(rtb_inject_pre(c, w.m)); /* both halves wait alike */
		uint64_t t0 = rtb_port_ticks();          /* Step 4 */
		rtb_stamp_set_relaxed(&w.t0, t0);
		rtb_inject_spin(inj);
		ops->wake(obj);
		rtb_duty_check(&d);
	}
	int64_t elapsed = rtb_port_mono_ns() - start;
	while (atomic_load(&w.seq) <= n && !rtb_stopped(c) && !w.never_blocked &&
	       rtb_port_mono_ns() - start < elapsed + BLOCK_WAIT_NS)
		rtb_yield();
	atomic_store(&w.quit, 1);
	if (ops->rearm)
		ops->rearm(obj);
	if (ops->prepare)
		ops->prepare(obj);
	wait_blocked(&w);
	ops->wake(obj);
	rtb_join(&w.waiter);

	const char *fifo = rtb_word_or(RTB_W_FIFO, "priority");
	rtb_metric_set_method(w.m, "%s%s; %s %s %d on CPU %d, %s %s %d on CPU %d; "
		"waiter checked blocked before every wake; sample = stamp before the wake -> "
		"stamp when the waiter runs", what, xcpu ? " on another CPU" : "", ops->waiter_name,
		fifo, rtb_prio_native(RTB_PRIO_MID), wcpu, ops->waker_name, fifo,
		rtb_prio_native(RTB_PRIO_LOW), c->cpu);
	if (w.check_unsupported)
		rtb_metric_note(w.m, "the port cannot read thread state: the block is guaranteed "
				"by priority order only");
	if (w.waited)
		rtb_metric_note(w.m, "%llu samples waited for the waiter to block first",
				(unsigned long long)w.waited);
	if (w.never_blocked)
		rtb_metric_note(w.m, "the waiter never blocked: sampling stopped");
	if (w.m->invalid > w.never_blocked)
		rtb_metric_note(w.m, "%llu samples invalid: the waiter's stamp was before the waker's "
				"(the two CPUs' counters disagree); not in the figures",
				(unsigned long long)(w.m->invalid - w.never_blocked));
	rtb_metric_extra(w.m, "waiter_checked_blocked", w.check_unsupported ? 0 : 1, "bool");
	rtb_metric_extra(w.m, "cross_cpu", xcpu, "bool");
	rtb_measure_metric_end(c, w.m, elapsed);
out:
	ops->close(obj);
	return rc;
}
