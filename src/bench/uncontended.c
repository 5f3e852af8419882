/* SPDX-License-Identifier: Apache-2.0 */
/* sync.mutex.lock.uncontended, sync.sem.give.uncontended - the cost of the
 * calls themselves when nobody else is involved (rtos-benchmark's "mutex
 * lock/unlock" and "semaphore give/take" without a context switch).
 *
 * What each sample is: one call, timed alone, by one task on the
 * measurement CPU:
 *   - mutex: lock of a free mutex (no protocol); the unlock follows, untimed.
 *   - sem: give of a binary semaphore no task waits on; the take follows,
 *     untimed (it cannot block: the semaphore was just given).
 * Includes the call and one counter read (clock.read_ns); on Linux both are
 * user-space atomics that enter the kernel only under contention, so the
 * figures sit near the counter's floor (clock.loop_overhead_ns).
 * Thread protocol: one task; Step 1 stamp, Step 2 the call, Step 3 stamp,
 * Step 4 the untimed opposite call; every 100 ms a 10 ms rest. */
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

struct uc {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	int sem;     /* 0: mutex lock, 1: semaphore give */
	rtb_mutex_t mtx;
	rtb_bsem_t bs;
};

/* give_take - one give and one take (rtb_batched's operation). */
static void give_take(void *p)
{
	struct uc *u = p;
	rtb_bsem_give(&u->bs);
	rtb_bsem_take(&u->bs);
}

/* lock_unlock - one lock and one unlock of the free mutex. */
static void lock_unlock(void *p)
{
	struct uc *u = p;
	rtb_mutex_lock(&u->mtx);
	rtb_mutex_unlock(&u->mtx);
}

/* uc_task - times each call alone, the opposite call untimed (Steps 1-4). */
static void uc_task(void *p)
{
	struct uc *u = p;
	struct rtb_duty d;

	rtb_duty_start(&d);
	for (size_t k = 0; k <= u->m->capacity && !rtb_stopped(u->c); k++) {
		const uint64_t inj = rtb_inject_due(u->c, u->m);
		uint64_t t0 = rtb_port_ticks();               /* Step 1 */
		rtb_inject_spin(inj);
		if (u->sem)
			rtb_bsem_give(&u->bs);                /* Step 2 */
		else
			rtb_mutex_lock(&u->mtx);
		uint64_t t1 = rtb_port_ticks();               /* Step 3 */
		if (u->sem)
			rtb_bsem_take(&u->bs);                /* Step 4 */
		else
			rtb_mutex_unlock(&u->mtx);
		rtb_record_span(u->c, u->m, k, t0, t1);
		rtb_duty_check(&d);
	}
	/* the batched figure, beside the single-shot distribution */
	if (!rtb_stopped(u->c))
		rtb_batched(u->c, u->m, u->sem ? give_take : lock_unlock, u,
			    u->sem ? "a give and a take of the binary semaphore"
				   : "a lock and an unlock of the free mutex");
}

/* run_uc - sem 1: the give of a semaphore nobody waits on; 0: the lock
 * of a free mutex. */
static int run_uc(struct rtb_ctx *c, const struct rtb_bench *b, int sem)
{
	struct uc u = { .c = c, .sem = sem };
	rtb_thread_t th;
	int rc;

	u.m = rtb_measure_metric(c, b, b->id, b->title, rtb_samples(c, b));
	if (!u.m)
		return RTB_ENOMEM;
	rc = sem ? rtb_bsem_init(&u.bs, 0) : rtb_mutex_init(&u.mtx, RTB_PROTO_NONE, 0);
	if (rc)
		return rc;
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)u.m->capacity * 10000);
	int64_t t0 = rtb_port_mono_ns();
	rc = rtb_spawn(c, &th, sem ? "tGive" : "tLock", RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu, uc_task, &u);
	if (!rc)
		rtb_join(&th);
	rtb_metric_set_method(u.m, "%s of a %s%s; one task, %s %d on CPU %d; sample = stamp, the "
			      "call, stamp; includes one counter read (clock.read_ns)",
			      sem ? "give" : "lock",
			      sem ? rtb_word_or(RTB_W_BSEM, "binary semaphore")
				  : rtb_word_or(RTB_W_MUTEX_NONE, "mutex (no protocol)"),
			      sem ? " no task waits on, take untimed" : ", free, unlock untimed",
			      rtb_word_or(RTB_W_FIFO, "priority"), rtb_prio_native(RTB_PRIO_LOW), c->cpu);
	rtb_measure_metric_end(c, u.m, rtb_port_mono_ns() - t0);
	if (sem)
		rtb_bsem_destroy(&u.bs);
	else
		rtb_mutex_destroy(&u.mtx);
	return rc;
}

/* run_mutex - sync.mutex.lock.uncontended. */
static int run_mutex(struct rtb_ctx *c, const struct rtb_bench *b)
{
	return run_uc(c, b, 0);
}

/* run_give - sync.sem.give.uncontended. */
static int run_give(struct rtb_ctx *c, const struct rtb_bench *b)
{
	return run_uc(c, b, 1);
}

const struct rtb_bench rtb_bench_mutex_lock = {
	.id = "sync.mutex.lock.uncontended",
	.title = "Mutex lock (free mutex)",
	.summary = "lock of a free mutex by one task: the call alone",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 1,
	.run = run_mutex,
};

const struct rtb_bench rtb_bench_sem_give = {
	.id = "sync.sem.give.uncontended",
	.title = "Semaphore give (no waiter)",
	.summary = "give of a binary semaphore no task waits on: the call alone",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 1,
	.run = run_give,
};
