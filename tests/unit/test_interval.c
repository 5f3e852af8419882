/* SPDX-License-Identifier: Apache-2.0 */
/* test_interval - a negative tick difference (a stamp from a CPU whose
 * counter is behind, or a stale stamp) is refused by rtb_interval_ns, never
 * wrapped into a huge unsigned value as `rtb_ticks_to_ns(ci, t1 - t0)`
 * did; the *.xcpu benchmarks count it invalid.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include "check.h"
#include "rtbench/bench.h"

int main(void)
{
	struct rtb_clock_info ci = { 0 };

	/* 1 tick = 1 ns: mult 2^32, shift 32 */
	ci.mult = 1u << 31;
	ci.shift = 31;
	CHECK_EQ_I(rtb_interval_ns(&ci, 1000, 1250), 250);
	CHECK_EQ_I(rtb_interval_ns(&ci, 1000, 1000), 0);
	CHECK_EQ_I(rtb_interval_ns(&ci, 1250, 1000), -1);
	/* across the counter's wrap, forward is still forward */
	CHECK_EQ_I(rtb_interval_ns(&ci, UINT64_MAX - 9, 10), 20);
	return check_failures ? 1 : 0;
}
