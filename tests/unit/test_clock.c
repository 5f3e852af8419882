/* SPDX-License-Identifier: Apache-2.0 */
/* test_clock - rtb_ticks_to_ns in 64-bit pieces equals the exact
 * (dt * mult) >> shift, for the shifts and rates ports use (a 25 MHz board
 * timer to a 5 GHz TSC) and tick differences from 0 to years. The
 * reference uses a 128-bit integer where the compiler has one, else long
 * double arithmetic on values where it is exact. No OS call: it runs on
 * every port.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdint.h>
#include "check.h"
#include "rtbench/platform.h"

/* ref - (dt * mult) >> shift exactly; 0 in *in_range when it is 2^63 or
 * more (outside rtb_ticks_to_ns's documented range). */
static uint64_t ref(uint64_t dt, uint32_t mult, uint32_t shift, int *in_range)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 v = ((unsigned __int128)dt * mult) >> shift;
	*in_range = v < ((unsigned __int128)1 << 63);
	return (uint64_t)v;
#else
	/* split by hand once more, in a different way: 16-bit limbs */
	uint64_t acc = 0, carry = 0;
	uint32_t limbs[6] = { 0 };
	for (int i = 0; i < 4; i++) {
		acc = ((dt >> (16 * i)) & 0xffff) * (uint64_t)mult + carry;
		limbs[i] = (uint32_t)(acc & 0xffff);
		carry = acc >> 16;
	}
	limbs[4] = (uint32_t)(carry & 0xffff);
	limbs[5] = (uint32_t)(carry >> 16);
	uint64_t r = 0;
	*in_range = 1;
	for (int bit = (int)shift + 63; bit < 96; bit++)
		if (bit / 16 < 6 && (limbs[bit / 16] >> (bit % 16)) & 1)
			*in_range = 0;
	for (int b = 0; b < 64; b++) {
		int bit = (int)shift + b, l = bit / 16;
		if (l < 6 && (limbs[l] >> (bit % 16)) & 1)
			r |= (uint64_t)1 << b;
	}
	return r;
#endif
}

int main(void)
{
	static const double rates[] = { 0.025, 0.1, 1.0, 2.1, 2.9999, 5.0 }; /* ticks per ns */
	static const uint32_t shifts[] = { 8, 16, 24, 31, 32, 33, 40 };
	uint64_t x = 0x9e3779b97f4a7c15ull;
	int n = 0;

	for (size_t r = 0; r < sizeof(rates) / sizeof(rates[0]); r++)
		for (size_t s = 0; s < sizeof(shifts) / sizeof(shifts[0]); s++) {
			struct rtb_clock_info ci = { .shift = shifts[s] };
			double m = (double)((uint64_t)1 << ci.shift) / rates[r] + 0.5;
			if (m >= 4294967296.0)
				continue; /* not a calibration a port would pick */
			ci.mult = (uint32_t)m;
			/* edges, then pseudo-random differences of every size */
			const uint64_t edge[] = { 0, 1, 2, 0xffffffffu, 0x100000000ull,
						  0x1ffffffffull, 1000000000ull, 3600ull * 1000000000ull };
			for (size_t e = 0; e < sizeof(edge) / sizeof(edge[0]); e++) {
				int ok;
				uint64_t want = ref(edge[e], ci.mult, ci.shift, &ok);
				CHECK(ok);
				CHECK_EQ_I(rtb_ticks_to_ns(&ci, edge[e]), (int64_t)want);
				n++;
			}
			for (int i = 0; i < 20000; i++) {
				x ^= x << 13; x ^= x >> 7; x ^= x << 17;
				uint64_t dt = x >> (x & 63); /* 1 to 2^64 ticks */
				int ok;
				uint64_t want = ref(dt, ci.mult, ci.shift, &ok);
				if (!ok)
					continue; /* beyond the documented range */
				if (rtb_ticks_to_ns(&ci, dt) != (int64_t)want) {
					CHECK_EQ_I(rtb_ticks_to_ns(&ci, dt), (int64_t)want);
					break;
				}
				n++;
			}
		}
	CHECK(n > 200000);
	return check_done();
}
