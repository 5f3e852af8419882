/* SPDX-License-Identifier: Apache-2.0 */
/* test_irq_book - the timer benchmarks' overrun bookkeeping
 * (src/bench/irq_book.h) on synthetic expiries: every latency is against
 * the expiry its signal belongs to, merged expiries move the index on, and
 * a stamp before its expiry comes out negative (the benchmark counts it
 * invalid, never as a sample).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include "check.h"
#include "bench/irq_book.h"

int main(void)
{
	/* expiries at 1000 + k * 200 */
	struct rtb_irq_book b = { .first_expiry_ns = 1000, .period_ns = 200 };

	CHECK_EQ_I(rtb_irq_book_tick(&b, 1010, 0), 10);   /* expiry 0 */
	CHECK_EQ_I(rtb_irq_book_tick(&b, 1215, 0), 15);   /* expiry 1 */
	/* the signal of expiry 2 (1400) arrives at 1900: expiries 3 and 4
	 * were merged into it (overrun 2); its latency is against 1400 */
	CHECK_EQ_I(rtb_irq_book_tick(&b, 1900, 2), 500);
	CHECK_EQ_I(b.overruns, 2);
	/* so the next signal belongs to expiry 5 (2000), not 3 */
	CHECK_EQ_I(rtb_irq_book_tick(&b, 2005, 0), 5);
	CHECK_EQ_I(b.index, 6);
	CHECK_EQ_I(b.signals, 4);
	/* a negative overrun count (an OS error value) is no overrun */
	CHECK_EQ_I(rtb_irq_book_tick(&b, 2210, -1), 10);
	CHECK_EQ_I(b.overruns, 2);
	/* a stamp before its own expiry: negative, for the caller to refuse */
	CHECK(rtb_irq_book_tick(&b, 2300, 0) < 0);
	return check_failures ? 1 : 0;
}
