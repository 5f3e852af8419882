/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - which samples the selftest delays: shared by the measurements
 * that spin the delay (rtbench/bench.h rtb_inject_due, rtb_inject_pre)
 * and the judge that splits their samples into halves
 * (src/run/selftest_judge.c), so both read one rule. */
#ifndef RTBENCH_INJECT_H
#define RTBENCH_INJECT_H

#include <stdint.h>

/* rtb_pick_delayed - 1 when sample i is one the selftest delays: one of
 * each pair (2j, 2j+1); two neighbouring pairs in opposite order (the
 * first delayed in one, the second in the other), which of the two orders
 * from a fixed pseudo-random bit of j / 2 (the top bit of splitmix64's
 * finalizer: G. Steele, D. Lea, C. Flood, "Fast splittable pseudorandom
 * number generators", OOPSLA 2014), the same in every run.
 * Why not strict alternation (odd i): it lines the halves up with
 * anything of period 2 in the sample index, and a 1 ms deadline task on a
 * 2-vCPU guest beside one busy CPU had its even and odd samples 6-12 us
 * apart with no delay at all (the selftest read 176 us for 200). Here a
 * disturbance of period 2 falls in both halves alike over every 4 samples,
 * one of any other period as a coin would share it (of period 3 over 600
 * samples: 112, 100 and 88 of each 200 hits delayed; the Thue-Morse order
 * put 52 of one 200 in the delayed half), and a drifting host still
 * moves both halves alike (a pair's two samples are neighbours). */
static inline int rtb_pick_delayed(uint64_t i)
{
	uint64_t j = i >> 1, x = j >> 1;

	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	x ^= x >> 31;
	return (int)((i ^ j ^ (x >> 63)) & 1);
}

#endif
