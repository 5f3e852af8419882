/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - cross-CPU counter agreement (see xcpu.c). */
#ifndef RTB_CORE_XCPU_H
#define RTB_CORE_XCPU_H

#include "rtbench/port.h"
#include "rtbench/result.h"

/* rtb_xcpu_measure - ping-pong between the calling thread (already on its
 * CPU) and a thread on cpu_b (SCHED_FIFO at the lowest level when rt): the offset estimate, the shortest round trip
 * and the rounds where the counters disagreed. 0, or an rtb_err code. */
int rtb_xcpu_measure(const struct rtb_clock_info *ci, int cpu_b, int rt,
		     struct rtb_xcpu *out);

#endif
