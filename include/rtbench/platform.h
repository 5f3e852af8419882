/* SPDX-License-Identifier: Apache-2.0 */
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

/* A fact only some OSes have, as the port found it: Linux's kernel
 * version string, RT throttling budget, governor, idle driver, isolated
 * CPUs; FreeRTOS's build options (time slicing, tick rate, ...). Written
 * into the result's "system" object under its key; an integer fact with an
 * empty value is written as null (could not be read). */
struct rtb_fact {
	char key[24];
	char value[160];
	int integer;             /* 1: value is an integer (or "" = unknown) */
};
#define RTB_MAX_FACTS 16

/* The system fingerprint: port-neutral fields every port fills, then the
 * port's own facts. JSON keys (docs/json-schema.md) predate the split and
 * are kept: os_release is "kernel_release", realtime "realtime_kernel",
 * rr_quantum_ms "rr_timeslice_ms". */
struct rtb_fingerprint {
	/* the emulator, if any (rtbench/emulation.h); filled by the runner
	 * from --emulation or by a firmware port from build defines */
	struct rtb_emulation emulation;
	char os[32];             /* "Linux", "FreeRTOS" */
	char hostname[64];       /* a board: its name */
	char os_release[96];     /* "6.1.0-18-amd64", "V11.1.0" */
	char machine[32];        /* "x86_64", "armv7e-m" */
	char preempt_model[48];  /* as text: "PREEMPT_RT", "PREEMPT_DYNAMIC (none)",
				  * "preemptive, time-sliced", ... */
	char cpu_model[96];
	char clocksource[32];    /* the OS's clock source */
	char virt[64];           /* hypervisor name, "" on bare metal, "unknown" */
	int ncpus;
	int realtime;            /* 1 a real-time OS or configuration
				  * (PREEMPT_RT, an RTOS), 0 not, -1 unknown */
	long rr_quantum_ms;      /* round-robin quantum at start; -2 unknown */
	struct rtb_fact facts[RTB_MAX_FACTS];
	int nfacts;
};

/* rtb_fp_vcpu_can_stop - 1 on a virtual machine whose host can stop a
 * vCPU unseen by the guest's trace (not under an instruction-counting
 * emulator, where the host's descheduling stops virtual time too). */
static inline int rtb_fp_vcpu_can_stop(const struct rtb_fingerprint *fp)
{
	return fp->virt[0] && !(fp->emulation.present && fp->emulation.icount_shift >= 0);
}

/* rtb_fp_preempt_warning - the run's warning about a kernel that is not
 * real-time (fp->realtime 0), in out: a fully preemptible one (PREEMPT,
 * PREEMPT_DYNAMIC (full)) is said as preemptible but not PREEMPT_RT, the
 * others (none, voluntary, unknown) as not fully preemptible. */
void rtb_fp_preempt_warning(const struct rtb_fingerprint *fp, char *out, size_t len);

/* rtb_fp_fact - add a string fact (value "" = empty); rtb_fp_fact_int an
 * integer one (unknown: -2, written as null). Past RTB_MAX_FACTS the fact
 * is dropped (RTB_ENOMEM). */
int rtb_fp_fact(struct rtb_fingerprint *fp, const char *key, const char *value);
int rtb_fp_fact_int(struct rtb_fingerprint *fp, const char *key, long value);
/* rtb_fp_find - the fact under key, or NULL. */
const struct rtb_fact *rtb_fp_find(const struct rtb_fingerprint *fp, const char *key);
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
