/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench benchmarks - the priority-inversion verdict as a pure function
 * (src/bench/pi_verdict.c), so its decision table is unit-tested on
 * synthetic inputs.
 *
 * Per protocol (none, inherit, ceiling) the benchmark measures tCyclicTask's
 * blocking at two tWorkTask loads, L and 2L. The decision table:
 *   1. Inconclusive, with the reason, when an input is missing: the
 *      protocol is not available, either load has no trial, the measured
 *      load difference is not positive (the slope would be 0/0 and "0"
 *      would read as bounded), or a task could not be pinned to the CPU.
 *   2. Unbounded when the blocking grows with the load at the median OR at
 *      the worst case: slope of p50 or of p99 against the measured load
 *      difference above 0.75.
 *   3. Bounded when the median's slope is below 0.25 AND at most 10% of
 *      trials blocked longer than the critical section plus the margin (the
 *      worst case, not the median alone; a p99 from a few hundred trials on
 *      a shared machine is one host hiccup, the share is not).
 *   4. Anything in between: inconclusive ("partly bounded"), with figures.
 *   5. The control: `none` must come out unbounded. If it does not, the
 *      set-up did not produce an inversion (the load never preempted the
 *      holder), so every protocol's verdict is inconclusive with that reason.
 *   6. The mechanism: under inherit and ceiling the holder's effective
 *      priority must have been raised while tCyclicTask waited, in at least
 *      90% of the checked trials. Fewer: inconclusive. Not readable on this
 *      port: the verdict stands, and says the mechanism was not checked. */
#ifndef RTB_BENCH_PI_VERDICT_H
#define RTB_BENCH_PI_VERDICT_H

#include <stddef.h>

#define RTB_PI_NPROTO 3   /* none, inherit, ceiling */

struct rtb_pi_input {
	int available;           /* the protocol's mutex exists here */
	int pinned;              /* every task ran pinned to the one CPU */
	size_t n_lo, n_hi;       /* trials at load L and 2L */
	double load_lo_ns, load_hi_ns; /* the loads as they really ran (p50) */
	double p50_lo_ns, p50_hi_ns;   /* blocking, median */
	double p99_lo_ns, p99_hi_ns;   /* blocking, worst case (p99) */
	double share_over;       /* trials (both loads) blocked > cs + margin, 0..1 */
	double boost_share;      /* checked trials with the holder's priority
				  * raised, 0..1; < 0: not readable here */
};

enum rtb_pi_kind { RTB_PI_INCONCLUSIVE = 0, RTB_PI_BOUNDED, RTB_PI_UNBOUNDED };

struct rtb_pi_verdict {
	enum rtb_pi_kind kind;
	double slope_p50, slope_p99; /* NAN when not computable */
	char why[200];           /* the reason, always filled */
};

#define RTB_PI_SLOPE_BOUNDED 0.25
#define RTB_PI_SLOPE_UNBOUNDED 0.75
#define RTB_PI_SHARE_OVER_MAX 0.10
#define RTB_PI_BOOST_MIN 0.90

/* rtb_pi_decide - verdicts for in[0..3) = none, inherit, ceiling. */
void rtb_pi_decide(const struct rtb_pi_input in[RTB_PI_NPROTO],
		   struct rtb_pi_verdict out[RTB_PI_NPROTO]);

/* rtb_pi_margin_ns - how much longer than the critical section (cs_ns) a
 * trial may block and still count as bounded: half the critical section,
 * plus the system's own path from the holder's release to the waiter
 * holding the lock (two switches, the unlock, the wake-up): 20 us, or more
 * where the fastest check trial (floor_ns: the least any protocol's check
 * trial blocked; <= 0 unknown) shows a slower path, as on a 25 MHz core
 * (54 us beyond a 50 us section under QEMU). A path that grows with the
 * load is the slope's to catch, not the margin's. */
double rtb_pi_margin_ns(double cs_ns, double floor_ns);

/* rtb_pi_kind_name - "bounded", "unbounded", "inconclusive". */
const char *rtb_pi_kind_name(enum rtb_pi_kind k);

#endif
