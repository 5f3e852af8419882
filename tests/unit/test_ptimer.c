/* SPDX-License-Identifier: Apache-2.0 */
/* test_ptimer - the POSIX port's periodic timers, several at once (a long
 * run's irq.timer.signal --cpus: one measuring thread per CPU, each with
 * its own timer): each timer's handler runs on the thread that armed it
 * and waits in rtb_ptimer_wait, and on no other, and each thread's waits
 * are woken by its own timer alone. Counts and identities only, never a
 * latency. POSIX only (a board has one hardware timer: tests/unit/
 * test_port.c is the portable part). */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "rtbench/port.h"
#include "rtbench/err.h"

#define NT 3
#define TICKS 200

static _Thread_local int my_id = -1;

struct tm_ctx {
	int id;
	atomic_int ticks, foreign;   /* handler runs, and runs on another thread */
	atomic_int waits, done;
	int rc;
};

static struct {
	_Alignas(16) unsigned char b[RTB_PORT_STACK_BYTES];
} stacks[NT];

/* on_tick - the "ISR": which thread is it on? */
static void on_tick(int64_t stamp_ns, int overruns, void *p)
{
	struct tm_ctx *x = p;

	(void)stamp_ns;
	(void)overruns;
	atomic_fetch_add(&x->ticks, 1);
	if (my_id != x->id)
		atomic_fetch_add(&x->foreign, 1);
}

static void timer_thread(void *p)
{
	struct tm_ctx *x = p;
	rtb_ptimer_t t;

	memset(&t, 0, sizeof(t));
	my_id = x->id;
	/* periods differ, so a signal taken by the wrong timer's handler
	 * would show in the counts too */
	x->rc = rtb_ptimer_start(&t, rtb_port_mono_ns() + 1000000, 500000 + 250000 * x->id, on_tick, x);
	if (x->rc) {
		atomic_store(&x->done, 1);
		return;
	}
	while (atomic_load(&x->waits) < TICKS) {
		rtb_ptimer_wait(&t);
		atomic_fetch_add(&x->waits, 1);
	}
	rtb_ptimer_stop(&t);
	atomic_store(&x->done, 1);
}

int main(void)
{
	static struct tm_ctx x[NT];
	rtb_thread_t th[NT];
	int ncpu;

	CHECK_EQ_I(rtb_port_init(), 0);
	ncpu = rtb_ncpus();
	for (int i = 0; i < NT; i++) {
		struct rtb_thread_attr a = { .name = "tTimerIsr", .policy = RTB_SCHED_NORMAL,
					     .prio = RTB_PRIO_LOW, .cpu = i % ncpu,
					     .stack = stacks[i].b, .stack_bytes = sizeof(stacks[i].b) };
		x[i].id = i;
		CHECK_EQ_I(rtb_thread_create(&th[i], &a, timer_thread, &x[i]), 0);
	}
	/* a timer whose signal went elsewhere would leave its thread waiting
	 * for ever: give up after 10 s (not a latency: 200 ticks take 0.2 s) */
	for (int k = 0; k < 1000; k++) {
		int done = 0;
		for (int i = 0; i < NT; i++)
			done += atomic_load(&x[i].done);
		if (done == NT)
			break;
		rtb_port_sleep_ns(10000000);
	}
	for (int i = 0; i < NT; i++) {
		if (!atomic_load(&x[i].done)) {
			fprintf(stderr, "timer %d: its thread still waits after %d of %d wake-ups\n", i,
				atomic_load(&x[i].waits), TICKS);
			check_failures++;
			continue;
		}
		rtb_thread_join(&th[i]);
		CHECK_EQ_I(x[i].rc, 0);
		CHECK_EQ_I(atomic_load(&x[i].foreign), 0);
		/* every wait was ended by this timer's own handler, on this
		 * thread (a signal pending at stop is dropped, never handled) */
		CHECK_EQ_I(atomic_load(&x[i].ticks), TICKS);
		CHECK_EQ_I(atomic_load(&x[i].waits), TICKS);
	}
	return check_done();
}
