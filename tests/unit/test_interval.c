/* SPDX-License-Identifier: Apache-2.0 */
/* test_interval - a negative tick difference (a stamp from a CPU whose
 * counter is behind, or a stale stamp) is refused by rtb_interval_ns, never
 * wrapped into a huge unsigned value as `rtb_ticks_to_ns(ci, t1 - t0)`
 * did; the *.xcpu benchmarks count it invalid. And a threshold "longer
 * than N ns" compared in ticks agrees with the figure in ns at the
 * boundary (rtb_ns_to_ticks_at_most, noise.gap's --noise-threshold-us): at
 * 2.6 ticks/ns a 5201-tick gap converts to exactly 2000 ns, and was counted
 * as noise at 2 us (e2e/noise: AssertionError (2, 2000)).
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

	/* the boundary, on calibrations as the POSIX port makes them (shift
	 * 24, mult = 2^24 / rate rounded) and the FreeRTOS board's (1 tick =
	 * 40 ns, shift 0): the most ticks at or below ns, one more above it */
	static const double rates[] = { 2.6, 2.1, 1.0, 3.0, 0.0299, 0.025 };
	static const int64_t ns[] = { 1000, 2000, 5000, 1000000 };
	for (size_t r = 0; r < sizeof(rates) / sizeof(rates[0]); r++) {
		struct rtb_clock_info k = { .ticks_per_ns = rates[r], .shift = 24 };
		k.mult = (uint32_t)((double)(1u << k.shift) / k.ticks_per_ns + 0.5);
		for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
			uint64_t t = rtb_ns_to_ticks_at_most(&k, ns[i]);
			CHECK(rtb_ticks_to_ns(&k, t) <= ns[i]);
			CHECK(rtb_ticks_to_ns(&k, t + 1) > ns[i]);
		}
	}
	/* the case seen: 2.6 ticks/ns, 2 us. 5200 ticks (rtb_ns_to_ticks) are
	 * 1999 ns, 5201 and 5202 are 2000 ns: at most 2000 ns is 5202 ticks,
	 * the first gap over it 5203 ticks = 2001 ns */
	struct rtb_clock_info g = { .ticks_per_ns = 2.6, .shift = 24 };
	g.mult = (uint32_t)((double)(1u << g.shift) / g.ticks_per_ns + 0.5);
	CHECK_EQ_I(rtb_ns_to_ticks(&g, 2000), 5200);
	CHECK_EQ_I(rtb_ticks_to_ns(&g, 5201), 2000);
	CHECK_EQ_I(rtb_ns_to_ticks_at_most(&g, 2000), 5202);
	CHECK_EQ_I(rtb_ticks_to_ns(&g, 5203), 2001);
	/* the other side: at 0.0299 ticks/ns rtb_ns_to_ticks(1000) rounds up
	 * to 30 ticks, 1003 ns, a gap longer than 1 us that d > 30 would not
	 * count; at most 1000 ns is 29 ticks */
	struct rtb_clock_info s = { .ticks_per_ns = 0.0299, .shift = 24 };
	s.mult = (uint32_t)((double)(1u << s.shift) / s.ticks_per_ns + 0.5);
	CHECK_EQ_I(rtb_ns_to_ticks(&s, 1000), 30);
	CHECK_EQ_I(rtb_ticks_to_ns(&s, 30), 1003);
	CHECK_EQ_I(rtb_ns_to_ticks_at_most(&s, 1000), 29);
	/* the FreeRTOS board: 40 ns a tick, exact */
	struct rtb_clock_info b = { .ticks_per_ns = 0.025, .mult = 40, .shift = 0 };
	CHECK_EQ_I(rtb_ns_to_ticks_at_most(&b, 1000), 25);
	CHECK_EQ_I(rtb_ns_to_ticks_at_most(&b, 1039), 25);
	return check_failures ? 1 : 0;
}
