/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - cross-CPU counter agreement (see xcpu.c). */
#ifndef RTB_CORE_XCPU_H
#define RTB_CORE_XCPU_H

#include "rtbench/port.h"
#include "rtbench/result.h"

/* rtb_xcpu_measure - ping-pong between the calling thread (already on its
 * CPU) and a thread on cpu_b (SCHED_FIFO at the lowest level when rt): the offset estimate, the shortest round trip
 * and the rounds where the counters disagreed. 0, or an rtb_err code. */
int rtb_xcpu_measure(const struct rtb_clock_info *ci, int cpu_b, int rt,
		     struct rtb_xcpu *out);
/* rtb_xcpu_measure_with - the same with A's and B's counters read by
 * ticks_a and ticks_b (the method's own test: a clock known to agree, or
 * one with a planted offset). */
int rtb_xcpu_measure_with(const struct rtb_clock_info *ci, int cpu_b, int rt,
			  uint64_t (*ticks_a)(void), uint64_t (*ticks_b)(void), struct rtb_xcpu *out);

#endif
