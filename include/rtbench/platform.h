/* rtbench - what a run records about the platform: the clock and the
 * system fingerprint. Plain data, no OS type: the result model and every
 * writer include this, never port.h. The port fills both
 * (rtb_port_clock_init, rtb_port_fingerprint). */
#ifndef RTBENCH_PLATFORM_H
#define RTBENCH_PLATFORM_H

#include <stdint.h>
#include "rtbench/emulation.h"

struct rtb_clock_info {
	char source[32];        /* "tsc", "clock_monotonic", ... */
	char note[160];         /* why this source; what weakens it ("" if nothing) */
	double ticks_per_ns;    /* calibrated rate of rtb_port_ticks() */
	uint32_t mult, shift;   /* ns = (ticks * mult) >> shift, from ticks_per_ns */
	int64_t calib_window_ns;/* length of the calibration window */
	double calib_ppm;       /* spread between calibration rounds, ppm */
	int64_t mono_res_ns;    /* clock_getres of the timer clock */
	int invariant;          /* 1 if the counter rate is constant and synced */
	double bare_read_ns;    /* raw counter read in a tight loop (no wrapper) */
};

struct rtb_fingerprint {
	/* port-neutral: the emulator, if any (rtbench/emulation.h); filled by
	 * the runner from --emulation or by a firmware port from build defines */
	struct rtb_emulation emulation;
	char os[32];             /* "Linux" */
	char hostname[64];
	char kernel_release[96];
	char kernel_version[160];/* uname version string */
	char machine[32];        /* "x86_64" */
	char preempt_model[48];  /* "PREEMPT_RT", "PREEMPT_DYNAMIC (none)", ... */
	char cpu_model[96];
	char clocksource[32];    /* the OS's current clocksource */
	char virt[32];           /* hypervisor name, "" on bare metal, "unknown" */
	int ncpus;
	int realtime_kernel;     /* 1 PREEMPT_RT, 0 not, -1 unknown */
	long rt_runtime_us, rt_period_us; /* -2 unknown */
	long rr_timeslice_ms;    /* at start; -2 unknown */
	char cpu_governor[32];
	char idle_driver[32];
	char isolated_cpus[64];
};
/* rtb_ticks_to_ns - a tick difference in ns with the calibration:
 * (dt * mult) >> shift, computed in 64-bit pieces (no 128-bit type on
 * 32-bit targets): dt = hi * 2^32 + lo, both products fit in 64 bits
 * (mult < 2^32), and shifting their sum piecewise is exact:
 *   shift <= 32: (hi*mult << (32 - shift)) + (lo*mult >> shift)
 *   shift >  32: (hi*mult + (lo*mult >> 32)) >> (shift - 32)
 * Exact while the result is below 2^63 ns (292 years); test_clock checks
 * it against a 128-bit reference. */
static inline int64_t rtb_ticks_to_ns(const struct rtb_clock_info *ci, uint64_t dt)
{
	const uint64_t hi = (dt >> 32) * ci->mult, lo = (dt & 0xffffffffu) * ci->mult;

	if (ci->shift <= 32)
		return (int64_t)((hi << (32 - ci->shift)) + (lo >> ci->shift));
	return (int64_t)((hi + (lo >> 32)) >> (ci->shift - 32));
}

#endif
