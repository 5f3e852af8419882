/* SPDX-License-Identifier: Apache-2.0 */
/* hw.hwlat - hardware and firmware latency: time the CPU was taken away
 * from everything the OS runs, as rt-tests' hwlatdetect measures it with
 * the kernel's hwlat tracer.
 *
 * The OS's detector (Linux: the hwlat tracer) spins WIDTH of every WINDOW
 * with interrupts off, reading the clock; a gap between two reads (inner)
 * or between two spins' last and first read (outer) over the threshold is
 * time nothing the OS runs could have taken: a system-management interrupt
 * (SMI), the hypervisor running something else on the vCPU, a stall of the
 * hardware. Each report is a sample: the larger of its inner and outer gap
 * (whole us, the tracer's unit), so the histogram holds only the windows
 * over the threshold; extras say how many windows ran (`windows`), how
 * many were over it (`windows_over`), the settings, the NMIs the tracer
 * saw in them, and the SMIs the CPUs counted meanwhile (`smi_count`, x86
 * MSR_SMI_COUNT where readable; rtb_port_smi_count), beside the latencies.
 * It includes the spin's own clock reads (about 10-30 ns) and excludes
 * everything the OS does with interrupts on. Where the OS has no detector
 * (this kernel has no hwlat tracer) it is SKIPPED with that reason.
 *
 * Not in the default set (it spins half of every second with interrupts
 * off on one CPU at a time: the other measurements would see it) and it
 * changes the kernel's top-level tracer, so it runs under the settings
 * lock, once (one_round), for RUN_NS.
 *
 * Thread protocol (the runner's thread, no task of its own):
 *   Step 1: read every CPU's SMI count (where readable).
 *   Step 2: start the OS's detector (rtb_port_hwlat_begin), or SKIP with
 *           its reason.
 *   Step 3: sleep a second at a time until RUN_NS or a stop.
 *   Step 4: stop it; every report it made is a sample; its settings are
 *           put back (rtb_port_hwlat_end).
 *   Step 5: read the SMI counts again: their difference is the run's.
 */
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"

#define RUN_NS 30000000000LL    /* hwlatdetect's runs are minutes; 30 windows */
#define WIDTH_NS 500000000LL    /* hwlatdetect's defaults: 0.5 s of 1 s */
#define WINDOW_NS 1000000000LL
#define THRESH_NS 10000LL       /* 10 us, hwlatdetect's and the tracer's default */
#define SAMPLES 4096            /* reports kept at most (one a window) */

struct hw {
	struct rtb_metric *m;
	uint64_t k;
};

static void on_report(int64_t ns, int cpu, void *arg)
{
	struct hw *s = arg;

	(void)cpu;
	rtb_metric_record(s->m, s->k++, ns);
}

/* smi_total - the SMIs every CPU counted; -1 and why when not readable */
static int64_t smi_total(char *why, size_t len)
{
	uint64_t v = 0;

	return rtb_port_smi_count(-1, &v, why, len) ? -1 : (int64_t)v;
}

static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	const struct rtb_hwlat_cfg cfg = { .width_ns = WIDTH_NS, .window_ns = WINDOW_NS, .threshold_ns = THRESH_NS };
	struct hw s = { 0 };
	char why[200] = "", smi_why[200] = "";
	uint64_t over = 0;
	int64_t nmi = -1, t0, ran_ns;
	int rc;

	s.m = rtb_measure_metric(c, b, b->id, b->title, SAMPLES);
	if (!s.m)
		return RTB_ENOMEM;
	int64_t smi0 = smi_total(smi_why, sizeof(smi_why));          /* Step 1 */
	rc = rtb_port_hwlat_begin(&cfg, why, sizeof(why));            /* Step 2 */
	if (rc == RTB_ENOTSUP) {
		rtb_metric_skip(s.m, why);
		rtb_metric_note(s.m, "SMI count: %s", smi0 >= 0 ? "readable (not run)" : smi_why);
		return 0;
	}
	if (rc) {
		rtb_metric_error(s.m, rc, why);
		return 0;
	}
	t0 = rtb_port_mono_ns();
	int64_t for_ns = rtb_measure_for_ns(c, RUN_NS);
	while (!rtb_stopped(c) && rtb_port_mono_ns() - t0 < for_ns)  /* Step 3 */
		rtb_port_sleep_ns(for_ns - (rtb_port_mono_ns() - t0) < WINDOW_NS ? for_ns - (rtb_port_mono_ns() - t0)
										  : WINDOW_NS);
	ran_ns = rtb_port_mono_ns() - t0;
	rc = rtb_port_hwlat_end(on_report, &s, &over, &nmi);           /* Step 4 */
	if (rc)
		rtb_metric_error(s.m, rc, "the hwlat tracer's reports or settings");
	int64_t smi1 = smi0 >= 0 ? smi_total(smi_why, sizeof(smi_why)) : -1; /* Step 5 */
	rtb_metric_set_method(s.m, "the kernel's hwlat tracer (as hwlatdetect): %lld us of every %lld us spun with "
			      "interrupts off on one CPU at a time; sample = a window's largest gap over %lld us "
			      "(the larger of inner and outer, whole us)", (long long)(WIDTH_NS / 1000),
			      (long long)(WINDOW_NS / 1000), (long long)(THRESH_NS / 1000));
	rtb_metric_extra(s.m, "windows", (double)(ran_ns / WINDOW_NS), "windows");
	rtb_metric_extra(s.m, "windows_over", (double)over, "windows");
	rtb_metric_extra(s.m, "threshold_us", (double)THRESH_NS / 1000.0, "us");
	rtb_metric_extra(s.m, "width_us", (double)WIDTH_NS / 1000.0, "us");
	rtb_metric_extra(s.m, "window_us", (double)WINDOW_NS / 1000.0, "us");
	if (nmi >= 0)
		rtb_metric_extra(s.m, "nmi_count", (double)nmi, "NMIs");
	if (smi1 >= 0)
		rtb_metric_extra(s.m, "smi_count", (double)(smi1 - smi0), "SMIs");
	else
		rtb_metric_note(s.m, "SMI count: %s", smi_why);
	if (!over)
		rtb_metric_note(s.m, "no window over %lld us in %lld s", (long long)(THRESH_NS / 1000),
				(long long)(ran_ns / 1000000000LL));
	/* the samples are the windows over the threshold, however few: not a
	 * run cut short */
	if (!rtb_stopped(c))
		s.m->capacity = s.m->count;
	rtb_measure_metric_end(c, s.m, ran_ns);
	return 0;
}

const struct rtb_bench rtb_bench_hwlat = {
	.id = "hw.hwlat",
	.title = "Hardware and firmware latency (the kernel's hwlat tracer, as hwlatdetect)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "gaps over 10 us while the OS's hwlat detector spins with interrupts off (SMIs, the hypervisor); "
		   "SMI counts beside; SKIPPED with the reason where the kernel has no hwlat tracer",
	.default_samples = SAMPLES,
	.changes_knobs = 1,
	.one_round = 1,
	.run = run,
};
