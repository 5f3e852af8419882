/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - `rtbench doctor`: what in this Linux system
 * weakens the latency of the measured CPUs (rtbench/doctor.h).
 *
 * Read-only: every check opens files under cfg->root (so a recorded /proc
 * and /sys snapshot can stand in for the live system: tests/data/doctor)
 * with O_RDONLY, regular files only, and writes nothing anywhere. Each check
 * says what it read, why it matters and the setting that changes it, after
 * what rteval, tuned's realtime profile and the kernel's own
 * Documentation/admin-guide (kernel-per-CPU-kthreads, isolcpus) name.
 *
 * This file is the table: which CPUs are judged, and the checks, one per
 * setting, run in the order a report lists them. The checks live by area:
 * doctor_kernel.c (scheduler and kernel settings), doctor_irq.c,
 * doctor_cpu.c (frequency, idle, SMT, memory, hypervisor),
 * doctor_trace.c; doctor_read.c reads the files. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "rtbench/selfcost.h"
#include "doctor_int.h"

/* The checks, in the order of the report (each a step of the run's
 * set-up: rtb_selfcost_step). */
static const struct {
	const char *step;
	void (*check)(struct rtb_dr *);
} checks[] = {
	{ "doctor: preemption", rtb_dr_check_preemption },
	{ "doctor: isolcpus", rtb_dr_check_isolcpus },
	{ "doctor: nohz_full", rtb_dr_check_nohz_full },
	{ "doctor: rcu", rtb_dr_check_rcu },
	{ "doctor: irqs", rtb_dr_check_irqs },
	{ "doctor: governor", rtb_dr_check_governor },
	{ "doctor: idle", rtb_dr_check_idle },
	{ "doctor: smt", rtb_dr_check_smt },
	{ "doctor: thp", rtb_dr_check_thp },
	{ "doctor: throttle", rtb_dr_check_throttle },
	{ "doctor: timer_migration", rtb_dr_check_timer_migration },
	{ "doctor: watchdog", rtb_dr_check_watchdog },
	{ "doctor: vm", rtb_dr_check_vm },
	{ "doctor: tracing", rtb_dr_check_tracing },
};

/* pick_cpus - the CPUs to judge into r->cpus, given the online ones (non
 * of them; none known: 0): every online one for --cpus all, the highest
 * online when none was named. 0, RTB_ERANGE for a named CPU that is not
 * online, RTB_ENOTSUP when the online CPUs are needed and unknown. */
static int pick_cpus(struct rtb_dr *r, const struct rtb_cpuset *on, int non)
{
	/* a CPU to judge that is not online (known) has nothing to read:
	 * refused, never a column of "unknown" */
	if (non && !r->cfg->all_cpus && !rtb_cpuset_subset(&r->cpus, on))
		return RTB_ERANGE;
	if (r->cfg->all_cpus) {
		if (!non)
			return RTB_ENOTSUP;
		r->cpus = *on;
	} else if (rtb_cpuset_first(&r->cpus) < 0) {
		if (!non)
			return RTB_ENOTSUP;
		rtb_cpuset_set(&r->cpus, rtb_cpuset_last(on));
	}
	return 0;
}

/* name_fix_cpus - the CPU lists the messages and fixes name: every online
 * CPU judged, more than one (beyond: online CPUs past rtbench's set), and
 * the fixes keep the lowest for housekeeping. */
static void name_fix_cpus(struct rtb_dr *r, const struct rtb_cpuset *on, int non, long beyond)
{
	r->all = non && rtb_cpuset_subset(on, &r->cpus) && !beyond && non > 1;
	r->hk = non ? rtb_cpuset_first(on) : 0;
	rtb_cpuset_str(&r->cpus, r->cpul, sizeof(r->cpul));
	if (r->all) {
		struct rtb_cpuset fx = r->cpus;
		fx.bits[r->hk / 64] &= ~(1ull << (r->hk % 64));
		rtb_cpuset_str(&fx, r->fixl, sizeof(r->fixl));
		snprintf(r->hknote, sizeof(r->hknote), "; CPU %d kept for housekeeping (every CPU is measured: "
			 "the system needs one)", r->hk);
	} else {
		snprintf(r->fixl, sizeof(r->fixl), "%s", r->cpul);
	}
}

int rtb_port_doctor(const struct rtb_doctor_cfg *cfg, struct rtb_doctor *d)
{
	static struct rtb_dr r;
	char online[128];
	struct rtb_cpuset on = { { 0 } };
	struct stat rst;
	long beyond = 0;
	int rc;

	memset(d, 0, sizeof(*d));
	memset(&r, 0, sizeof(r));
	/* a snapshot that is not there is bad input, not ten "unknown"
	 * and an exit status that says nothing was found */
	if (!rtb_dr_live_root(cfg->root) && (stat(cfg->root, &rst) || !S_ISDIR(rst.st_mode)))
		return RTB_EINVAL;
	r.cfg = cfg;
	r.d = d;
	r.cpus = cfg->cpus;
	if (rtb_dr_text(&r, "/sys/devices/system/cpu/online", online, sizeof(online)) &&
	    rtb_cpuset_parse(online, &on, &beyond, NULL, 0))
		memset(&on, 0, sizeof(on));
	int non = rtb_cpuset_count(&on);
	if ((rc = pick_cpus(&r, &on, non)))
		return rc;
	name_fix_cpus(&r, &on, non, beyond);
	rtb_dr_read(&r, "/proc/cmdline", r.cmdline, sizeof(r.cmdline));
	d->cpus = r.cpus;
	d->budget_ns = cfg->budget_ns;
	for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		rtb_selfcost_step(checks[i].step);
		checks[i].check(&r);
	}
	/* what is not judged is said, never "ok" by omission */
	if (cfg->all_cpus && beyond)
		rtb_doc_add(d, "cpus", RTB_DOC_UNKNOWN, "the doctor judges the CPUs of rtbench's widest CPU set "
			    "(RTB_MAX_CPUS); the system's lists are read whole",
			    "measure those CPUs' settings by hand", "%ld online CPU(s) from CPU %d up not judged (0-%d judged) "
			    "(/sys/devices/system/cpu/online \"%s\")", beyond, RTB_MAX_CPUS, RTB_MAX_CPUS - 1, online);
	d->done = 1;
	return 0;
}
