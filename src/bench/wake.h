/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench benchmarks - the "wake a blocked task" engine (see wake.c). */
#ifndef RTB_BENCH_WAKE_H
#define RTB_BENCH_WAKE_H
#include "rtbench/bench.h"

/* How one primitive wakes a blocked task. obj is the primitive's state. */
struct rtb_wake_ops {
	const char *waiter_name, *waker_name;
	/* open - create the primitive (waker's thread, before the waiter) */
	int (*open)(void *obj);
	/* wait - waiter blocks until woken; returns nonzero to stop */
	int (*wait)(void *obj);
	/* after - waiter, after its stamp (mutex: unlock, let the waker re-arm) */
	void (*after)(void *obj);
	/* rearm - waker, before checking the waiter is blocked (mutex: lock) */
	void (*rearm)(void *obj);
	/* prepare - waker, before every wake including the first, before
	 * checking the waiter is blocked: what the wake needs set first
	 * outside the measured window (condition variable: its predicate,
	 * set under the mutex); NULL: nothing */
	void (*prepare)(void *obj);
	/* wake - waker: the operation whose latency is measured */
	int (*wake)(void *obj);
	/* leave - waiter, when it quits after a successful wait: give back
	 * what the wait took (mutex: unlock), so close never destroys a held
	 * primitive; NULL: nothing to give back */
	void (*leave)(void *obj);
	void (*close)(void *obj);
};

/* rtb_wake_run - measure wake -> waiter running, with the waiter verified
 * blocked before every wake; the waiter on another CPU than the waker for
 * a bench whose tasks span two CPUs (b->trace_xcpu: the .xcpu variants, so
 * one run function serves a primitive's two benches). what: one phrase for
 * the method line, in the port's words (rtbench/words.h); " on another
 * CPU" is added for those. */
int rtb_wake_run(struct rtb_ctx *c, const struct rtb_bench *b,
		 const struct rtb_wake_ops *ops, void *obj, const char *what);
#endif
