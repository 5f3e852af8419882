/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - choice and calibration of the tick counter.
 *
 * The TSC is used only where the CPU says it is invariant (constant_tsc and
 * nonstop_tsc in /proc/cpuinfo): its rate then does not change with
 * frequency or idle states, and the kernel keeps it synchronised across
 * CPUs. Its rate is calibrated against CLOCK_MONOTONIC over several windows;
 * the spread between windows is reported as calib_ppm. Elsewhere the
 * counter is CLOCK_MONOTONIC itself (1 tick = 1 ns), and the result says so. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "rtbench/err.h"
#include "rtbench/port.h"

int rtb_posix_use_tsc;

/* cpu_has_flags - 1 if /proc/cpuinfo's first "flags" line has every flag. */
static int cpu_has_flags(const char *const *flags, int n)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	int ok = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5) != 0)
			continue;
		ok = 1;
		for (int i = 0; i < n; i++) {
			char pat[64];
			snprintf(pat, sizeof(pat), " %s", flags[i]);
			const char *p = strstr(line, pat);
			size_t l = strlen(pat);
			if (!p || (p[l] != ' ' && p[l] != '\n' && p[l] != '\0'))
				ok = 0;
		}
		break;
	}
	fclose(f);
	return ok;
}

/* bare_cost - ns per raw read of the chosen counter in a tight loop, the
 * fastest of five rounds (the round least disturbed). */
static double bare_cost(int tsc)
{
	enum { N = 200000 };
	double best = 1e9;
	volatile uint64_t sink = 0;

	for (int r = 0; r < 5; r++) {
		int64_t m0 = rtb_port_mono_ns();
		for (int i = 0; i < N; i++)
			sink += tsc ? rtb_posix_rdtsc() : (uint64_t)rtb_port_mono_ns();
		double c = (double)(rtb_port_mono_ns() - m0) / N;
		if (c < best)
			best = c;
	}
	(void)sink;
	return best;
}

/* set_mult - fixed-point ns = ticks * mult >> shift for ticks_per_ns. */
static void set_mult(struct rtb_clock_info *ci)
{
	ci->shift = 24;
	ci->mult = (uint32_t)((double)(1u << ci->shift) / ci->ticks_per_ns + 0.5);
}

/* rtb_port_clock_init - pick the counter, calibrate it, note its limits. */
int rtb_port_clock_init(struct rtb_clock_info *ci)
{
	static const char *const inv[] = { "constant_tsc", "nonstop_tsc" };
	struct timespec res;

	memset(ci, 0, sizeof(*ci));
	clock_getres(CLOCK_MONOTONIC, &res);
	ci->mono_res_ns = (int64_t)res.tv_sec * 1000000000 + res.tv_nsec;

	if (!RTB_POSIX_HAVE_TSC || !cpu_has_flags(inv, 2)) {
		rtb_posix_use_tsc = 0;
		snprintf(ci->source, sizeof(ci->source), "clock_monotonic");
		snprintf(ci->note, sizeof(ci->note), "%s",
			 RTB_POSIX_HAVE_TSC ? "TSC not invariant on this CPU: timestamps use clock_gettime(CLOCK_MONOTONIC), which costs more per read"
					    : "timestamps use clock_gettime(CLOCK_MONOTONIC)");
		ci->ticks_per_ns = 1.0;
		ci->invariant = 1;
		set_mult(ci);
		ci->bare_read_ns = bare_cost(0);
		if (ci->mono_res_ns > 100) {
			size_t l = strlen(ci->note);
			snprintf(ci->note + l, sizeof(ci->note) - l,
				 "; coarse clock: resolution %lld ns", (long long)ci->mono_res_ns);
		}
		return 0;
	}

	/* Five 20 ms windows; keep the median rate, report the spread. */
	enum { ROUNDS = 5 };
	const int64_t window = 20000000;
	double rate[ROUNDS];
	for (int i = 0; i < ROUNDS; i++) {
		int64_t m0 = rtb_port_mono_ns();
		uint64_t t0 = rtb_posix_rdtsc();
		int64_t m1;
		do
			m1 = rtb_port_mono_ns();
		while (m1 - m0 < window);
		uint64_t t1 = rtb_posix_rdtsc();
		rate[i] = (double)(t1 - t0) / (double)(m1 - m0);
	}
	for (int i = 1; i < ROUNDS; i++)
		for (int j = i; j > 0 && rate[j - 1] > rate[j]; j--) {
			double t = rate[j];
			rate[j] = rate[j - 1];
			rate[j - 1] = t;
		}
	ci->ticks_per_ns = rate[ROUNDS / 2];
	ci->calib_ppm = (rate[ROUNDS - 1] - rate[0]) / rate[ROUNDS / 2] * 1e6;
	ci->calib_window_ns = window * ROUNDS;
	ci->invariant = 1;
	rtb_posix_use_tsc = 1;
	snprintf(ci->source, sizeof(ci->source), "tsc");
	set_mult(ci);
	ci->bare_read_ns = bare_cost(1);
	return 0;
}

/* rtb_port_sleep_ns - relative sleep. */
int rtb_port_sleep_ns(int64_t ns)
{
	return rtb_port_sleep_until_ns(rtb_port_mono_ns() + ns);
}

/* rtb_port_duty_rest - 10 ms off the CPU every RTB_PORT_DUTY_RUN_NS of
 * real-time running: 91% duty, below RT throttling's default 95%. */
void rtb_port_duty_rest(void)
{
	rtb_port_sleep_ns(10000000LL);
}

/* read_sysctl_long - one number from a /proc/sys file: 0 or -1. */
static int read_sysctl_long(const char *path, long *v)
{
	FILE *f = fopen(path, "re");
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%ld", v) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

int rtb_port_rt_throttle(char *why, size_t len)
{
	long rt, period;

	if (read_sysctl_long("/proc/sys/kernel/sched_rt_runtime_us", &rt) ||
	    read_sysctl_long("/proc/sys/kernel/sched_rt_period_us", &period)) {
		snprintf(why, len, "/proc/sys/kernel/sched_rt_*_us unreadable");
		return RTB_EIO;
	}
	if (rt < 0 || rt >= period) {
		snprintf(why, len, "sched_rt_runtime_us %ld: off", rt);
		return 0;
	}
	snprintf(why, len, "sched_rt_runtime_us %ld of %ld", rt, period);
	return 1;
}
