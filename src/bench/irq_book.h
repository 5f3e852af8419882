/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench benchmarks - the timer benchmarks' bookkeeping, apart from the
 * timer so that a unit test can feed it synthetic expiries and overruns.
 *
 * Expiry k is at first_expiry + k * period. A signal belongs to the expiry
 * that generated it; `overruns` later expiries were merged into it by the
 * OS (no signal of their own), so the next signal belongs to the expiry
 * after those. Latencies are always against the expiry a signal belongs
 * to, never against the latest one (which would hide a late delivery). */
#ifndef RTB_BENCH_IRQ_BOOK_H
#define RTB_BENCH_IRQ_BOOK_H

#include <stdint.h>

struct rtb_irq_book {
	int64_t first_expiry_ns, period_ns;
	uint64_t index;     /* expiry index the next signal belongs to */
	uint64_t signals;   /* signals accounted */
	uint64_t overruns;  /* expiries merged into an earlier signal */
};

/* rtb_irq_book_tick - account one signal stamped at now_ns that carries
 * `overruns` merged expiries; returns its latency (now - its expiry). A
 * negative latency (a stamp before its own expiry) is impossible on one
 * clock: the caller counts it invalid. */
static inline int64_t rtb_irq_book_tick(struct rtb_irq_book *b, int64_t now_ns, int overruns)
{
	int64_t expiry = b->first_expiry_ns + (int64_t)b->index * b->period_ns;

	if (overruns < 0)
		overruns = 0;
	b->index += 1 + (uint64_t)overruns;
	b->overruns += (uint64_t)overruns;
	b->signals++;
	return now_ns - expiry;
}

#endif
