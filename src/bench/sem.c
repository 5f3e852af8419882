/* SPDX-License-Identifier: Apache-2.0 */
/* sync.sem.take.uncontended - binary-semaphore acquisition (study Table 4).
 *
 * What it measures: the time the acquire call takes when the semaphore is
 * already available: the uncontended path, no blocking, no wake-up.
 * Includes: the call and one counter read. Excludes: giving the semaphore,
 * any blocking (a take that would block is never timed: see Step 3).
 *
 * Thread protocol (two tasks of equal priority, one CPU, as in the study):
 *   Step 1: the semaphore is created unavailable.
 *   Step 2: tGive gives it, then gives tTake's `go` and blocks on `done`
 *           (equal priority: tTake runs only once tGive blocks).
 *   Step 3: tTake wakes from `go`, stamps, takes the semaphore (available:
 *           it cannot block), stamps: one sample.
 *   Step 4: tTake gives `done` and blocks on `go`; tGive repeats Step 2.
 * Between rounds, while both tasks are blocked, tGive rests briefly every
 * 100 ms so the loop never reaches the RT throttling budget.
 */
#include <stdatomic.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

#define WAIT_NS 2000000000LL /* a hand-off slower than this is a failure */

struct st {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	rtb_bsem_t sem, go, done;
	atomic_ulong given;
	size_t rounds;
};

/* giver - tGive: gives the semaphore, then tTake's go, and waits on
 * done (Steps 2, 4). */
static void giver(void *p)
{
	struct st *s = p;
	struct rtb_duty d;

	rtb_duty_start(&d);
	for (unsigned long k = 1; k <= s->rounds && !rtb_stopped(s->c); k++) {
		rtb_bsem_give(&s->sem);       /* Step 2 */
		atomic_store(&s->given, k);
		rtb_bsem_give(&s->go);
		if (rtb_bsem_take_timed(&s->done, WAIT_NS)) {
			s->m->invalid++;
			break;
		}
		rtb_duty_check(&d);
	}
	atomic_store(&s->given, 0);
	rtb_bsem_give(&s->go); /* let tTake see the end */
}

/* give_take - one give and one take (rtb_batched's operation). */
static void give_take(void *p)
{
	struct st *s = p;
	rtb_bsem_give(&s->sem);
	rtb_bsem_take(&s->sem);
}

/* taker - tTake: times the take of the available semaphore, then gives
 * done (Steps 3-4). */
static void taker(void *p)
{
	struct st *s = p;

	for (unsigned long k = 1; k <= s->rounds; k++) {
		if (rtb_bsem_take_timed(&s->go, WAIT_NS) || atomic_load(&s->given) != k)
			break;
		/* Step 3 */
		const uint64_t inj = rtb_inject_due(s->c, s->m);
		uint64_t t0 = rtb_port_ticks();
		rtb_inject_spin(inj);
		rtb_bsem_take(&s->sem);
		uint64_t t1 = rtb_port_ticks();
		rtb_record_span(s->c, s->m, k - 1, t0, t1); /* k 1: cold */
		rtb_bsem_give(&s->done);      /* Step 4 */
	}
	/* the batched figure, beside the single-shot distribution (the
	 * giver has finished: nobody else touches the semaphore now) */
	if (!rtb_stopped(s->c))
		rtb_batched(s->c, s->m, give_take, s,
			    "a give and an uncontended take of the binary semaphore");
}

/* run_sem - sync.sem.take.uncontended. */
static int run_sem(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct st s = { .c = c };
	rtb_thread_t tg, tt;
	size_t n = rtb_samples(c, b);
	int rc;

	s.rounds = n + 1; /* the first is the cold sample */
	s.m = rtb_measure_metric(c, b, b->id, b->title, n);
	if (!s.m)
		return RTB_ENOMEM;
	rtb_bsem_init(&s.sem, 0); /* Step 1 */
	rtb_bsem_init(&s.go, 0);
	rtb_bsem_init(&s.done, 0);
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)n * 100000);
	int64_t t0 = rtb_port_mono_ns();
	rc = rtb_spawn(c, &tt, "tTake", RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu, taker, &s);
	if (rc)
		goto out;
	rc = rtb_spawn(c, &tg, "tGive", RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu, giver, &s);
	if (rc) {
		atomic_store(c->stop, 1);
		rtb_join(&tt);
		goto out;
	}
	rtb_join(&tg);
	rtb_join(&tt);
	rtb_metric_set_method(s.m,
		"%s created unavailable; tGive gives it, then tTake (equal %s %d, CPU %d) times %s "
		"on it, available, never blocking; includes one counter read (clock.read_ns)",
		rtb_word_or(RTB_W_BSEM, "binary semaphore"), rtb_word_or(RTB_W_FIFO, "priority"),
		rtb_prio_native(RTB_PRIO_LOW), c->cpu, rtb_word_or(RTB_W_BSEM_TAKE, "the take"));
	if (s.m->invalid)
		rtb_metric_note(s.m, "a hand-off took over %lld s: sampling stopped", WAIT_NS / 1000000000);
	rtb_measure_metric_end(c, s.m, rtb_port_mono_ns() - t0);
out:
	rtb_bsem_destroy(&s.sem);
	rtb_bsem_destroy(&s.go);
	rtb_bsem_destroy(&s.done);
	return rc;
}

const struct rtb_bench rtb_bench_sem_take = {
	.id = "sync.sem.take.uncontended",
	.title = "Binary semaphore acquisition (uncontended)",
	.study_table = "Table 4",
	.summary = "time of the take call on a binary semaphore another task has just given",
	.default_samples = 20000,
	.injectable = 1,
	.threads = 2,
	.run = run_sem,
};
