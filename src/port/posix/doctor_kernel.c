/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the doctor's kernel checks: the preemption model,
 * isolated and tickless CPUs, RCU callbacks, RT throttling, timer migration
 * and the watchdogs. */
#include <stdio.h>
#include <string.h>
#include <sys/klog.h>
#include "rtbench/err.h"
#include "posix_int.h"
#include "doctor_int.h"

/* boot_log - the "Dynamic Preempt: MODE" line of the kernel log, where it
 * is still in the ring buffer (READ_ALL reads, it clears nothing). */
static int boot_log(char *out, size_t len)
{
	static char buf[1 << 17];
	const char *key = "Dynamic Preempt: ", *p;
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, (int)sizeof(buf) - 1);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (!(p = strstr(buf, key)))
		return 0;
	p += strlen(key);
	snprintf(out, len, "%.*s", (int)strcspn(p, "\n"), p);
	return out[0] != '\0';
}

static const char preempt_why[] = "only PREEMPT_RT makes interrupt handlers, softirqs and most kernel locks "
	"preemptible; otherwise a high-priority task waits for whatever kernel code is running";
static const char preempt_fix[] = "boot a PREEMPT_RT kernel (Debian: linux-image-rt-amd64); on a PREEMPT_DYNAMIC "
	"kernel at least preempt=full";

/* preempt_dynamic - a PREEMPT_DYNAMIC kernel's mode, from debugfs (never
 * under lockdown: refused, and logged each time), else preempt= on the
 * command line, else this system's boot log. ver: the kernel version. */
static void preempt_dynamic(struct rtb_dr *r, const char *ver)
{
	char mode[128], arg[32], lk[64];
	int locked = rtb_posix_lockdown(r->cfg->root, lk, sizeof(lk));
	const char *lk0 = locked ? " (debugfs not read: kernel lockdown " : "", *lk1 = locked ? lk : "",
		   *lk2 = locked ? ")" : "";

	/* debugfs names the mode in parentheses: "none voluntary (full) lazy" */
	if (!locked && rtb_dr_text(r, "/sys/kernel/debug/sched/preempt", mode, sizeof(mode)))
		rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, preempt_why, preempt_fix,
			    "PREEMPT_DYNAMIC, /sys/kernel/debug/sched/preempt \"%s\"", mode);
	else if (rtb_dr_cmdline(r, "preempt", arg, sizeof(arg)))
		rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, preempt_why, preempt_fix,
			    "PREEMPT_DYNAMIC, /proc/cmdline preempt=%s%s%s%s", arg, lk0, lk1, lk2);
	else if (rtb_dr_live(r) && boot_log(mode, sizeof(mode)))
		rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, preempt_why, preempt_fix,
			    "PREEMPT_DYNAMIC, kernel log \"Dynamic Preempt: %s\"%s%s%s", mode, lk0, lk1, lk2);
	else
		rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, preempt_why, preempt_fix,
			    "PREEMPT_DYNAMIC (mode not readable: %s, no preempt=), not PREEMPT_RT: \"%s\"",
			    locked ? "kernel lockdown refuses debugfs" : "debugfs not mounted", ver);
}

/* rtb_dr_check_preemption - the kernel's preemption model (PREEMPT_RT or not). */
void rtb_dr_check_preemption(struct rtb_dr *r)
{
	char ver[256], mode[128];

	if (!rtb_dr_read(r, "/sys/kernel/realtime", mode, sizeof(mode)))
		rtb_doc_add(r->d, "preemption", RTB_DOC_OK, preempt_why, preempt_fix,
			    "/sys/kernel/realtime present: PREEMPT_RT");
	else if (rtb_dr_read(r, "/proc/sys/kernel/version", ver, sizeof(ver)) < 0)
		rtb_doc_add(r->d, "preemption", RTB_DOC_UNKNOWN, preempt_why, preempt_fix,
			    "/proc/sys/kernel/version unreadable");
	else if (strstr(ver, "PREEMPT_RT"))
		rtb_doc_add(r->d, "preemption", RTB_DOC_OK, preempt_why, preempt_fix, "kernel version \"%s\"", ver);
	else if (strstr(ver, "PREEMPT_DYNAMIC"))
		preempt_dynamic(r, ver);
	else
		rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, preempt_why, preempt_fix,
			    "not PREEMPT_RT: kernel version \"%s\"", ver);
}

/* check_cpuset - one of the CPU-list settings (isolated, nohz_full) that
 * should cover the measured CPUs. */
static void check_cpuset(struct rtb_dr *r, const char *check, const char *file, const char *why,
			 const char *fix)
{
	char buf[256], got[160];
	struct rtb_cpuset m, miss;

	if (rtb_dr_read(r, file, buf, sizeof(buf)) < 0) {
		rtb_doc_add(r->d, check, !strcmp(check, "nohz_full") ? RTB_DOC_WEAKENS : RTB_DOC_UNKNOWN, why, fix,
			    "%s absent%s", file, !strcmp(check, "nohz_full") ? " (kernel without CONFIG_NO_HZ_FULL)" : "");
		return;
	}
	m = rtb_dr_cpus(buf);
	rtb_cpuset_andnot(&miss, &r->cpus, &m);
	rtb_cpuset_str(&miss, got, sizeof(got));
	if (rtb_cpuset_subset(&r->cpus, &m))
		rtb_doc_add(r->d, check, RTB_DOC_OK, why, fix, "%s \"%s\" covers CPU %s", file, buf, r->cpul);
	else
		rtb_doc_add(r->d, check, RTB_DOC_WEAKENS, why, fix, "%s \"%s\": CPU %s not in it", file,
			    buf[0] ? buf : "(empty)", got);
}

/* rtb_dr_check_isolcpus - the measured CPUs isolated from load balancing. */
void rtb_dr_check_isolcpus(struct rtb_dr *r)
{
	char fix[240];

	snprintf(fix, sizeof(fix), "isolcpus=domain,managed_irq,%s on the kernel command line (or a cpuset "
		 "partition)%s", r->fixl, r->hknote);
	check_cpuset(r, "isolcpus", "/sys/devices/system/cpu/isolated",
		     "a CPU not isolated takes part in load balancing: any task may be placed on it", fix);
}

/* rtb_dr_check_nohz_full - the measured CPUs without the periodic tick. */
void rtb_dr_check_nohz_full(struct rtb_dr *r)
{
	char fix[240];

	snprintf(fix, sizeof(fix), "nohz_full=%s on the kernel command line (a kernel with CONFIG_NO_HZ_FULL)%s",
		 r->fixl, r->hknote);
	check_cpuset(r, "nohz_full", "/sys/devices/system/cpu/nohz_full",
		     "without nohz_full the scheduler tick interrupts the CPU HZ times a second even with one task",
		     fix);
}

/* rtb_dr_check_rcu - RCU callbacks offloaded from the measured CPUs (rcu_nocbs). */
void rtb_dr_check_rcu(struct rtb_dr *r)
{
	static const char why[] = "RCU callbacks run in softirq on every CPU that queued them unless offloaded to "
		"rcuo kthreads on other CPUs";
	char v[128], fix[240], got[160];
	struct rtb_cpuset m = { { 0 } }, miss;

	snprintf(fix, sizeof(fix), "rcu_nocbs=%s on the kernel command line (nohz_full= implies it)%s", r->fixl,
		 r->hknote);
	if (rtb_dr_cmdline(r, "rcu_nocbs", v, sizeof(v)))
		m = !strcmp(v, "all") ? rtb_dr_every_cpu() : rtb_dr_cpus(v);
	else if (rtb_dr_cmdline(r, "nohz_full", v, sizeof(v)))
		m = rtb_dr_cpus(v);
	rtb_cpuset_andnot(&miss, &r->cpus, &m);
	rtb_cpuset_str(&miss, got, sizeof(got));
	if (rtb_cpuset_subset(&r->cpus, &m))
		rtb_doc_add(r->d, "rcu_nocbs", RTB_DOC_OK, why, fix, "/proc/cmdline offloads CPU %s (\"%s\")", r->cpul, v);
	else
		rtb_doc_add(r->d, "rcu_nocbs", RTB_DOC_WEAKENS, why, fix,
			    "/proc/cmdline: no rcu_nocbs= or nohz_full= covering CPU %s", got);
}

/* rtb_dr_check_throttle - RT throttling (sched_rt_runtime_us of each period). */
void rtb_dr_check_throttle(struct rtb_dr *r)
{
	static const char why[] = "a real-time task that runs longer than the runtime in one period is stopped "
		"for the rest of it: a busy loop at RT priority sees that gap (rtbench's spins rest to stay under it)";
	static const char fix[] = "sysctl kernel.sched_rt_runtime_us=-1 (only with a watchdog against runaway "
		"RT tasks), or keep RT work under the budget";
	long rt, per;

	if (rtb_dr_long(r, "/proc/sys/kernel/sched_rt_runtime_us", &rt) ||
	    rtb_dr_long(r, "/proc/sys/kernel/sched_rt_period_us", &per))
		rtb_doc_add(r->d, "rt_throttling", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/sched_rt_*_us unreadable");
	else if (rt < 0)
		rtb_doc_add(r->d, "rt_throttling", RTB_DOC_OK, why, fix, "sched_rt_runtime_us -1: off");
	else
		rtb_doc_add(r->d, "rt_throttling", RTB_DOC_WEAKENS, why, fix,
			    "sched_rt_runtime_us %ld of sched_rt_period_us %ld: RT tasks stop for %ld us of every %ld us "
			    "once they used the rest", rt, per, per - rt, per);
}

/* rtb_dr_check_timer_migration - kernel.timer_migration on. */
void rtb_dr_check_timer_migration(struct rtb_dr *r)
{
	static const char why[] = "with timer migration on, timers armed on idle CPUs are moved to a busy one, which "
		"can be the measured CPU";
	static const char fix[] = "sysctl kernel.timer_migration=0 (tuned's realtime profile does it)";
	long v;

	if (rtb_dr_long(r, "/proc/sys/kernel/timer_migration", &v))
		rtb_doc_add(r->d, "timer_migration", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/timer_migration unreadable");
	else
		rtb_doc_add(r->d, "timer_migration", v ? RTB_DOC_WEAKENS : RTB_DOC_OK, why, fix,
			    "/proc/sys/kernel/timer_migration %ld", v);
}

/* rtb_dr_check_watchdog - the soft-lockup and NMI watchdogs on the measured CPUs. */
void rtb_dr_check_watchdog(struct rtb_dr *r)
{
	static const char why[] = "the soft-lockup watchdog's timer fires on every CPU in its mask (every "
		"watchdog_thresh*2/5 s) and wakes a kthread; the NMI watchdog adds a perf NMI";
	char fix[300], mask[96] = "", got[160];
	long wd = -1, nmi = 0, thresh = -1;

	snprintf(fix, sizeof(fix), "nowatchdog on the kernel command line, or sysctl kernel.watchdog_cpumask= the "
		 "CPUs other than %s (nohz_full= does it)", r->cpul);
	if (rtb_dr_long(r, "/proc/sys/kernel/watchdog", &wd)) {
		rtb_doc_add(r->d, "watchdog", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/watchdog unreadable");
		return;
	}
	rtb_dr_long(r, "/proc/sys/kernel/nmi_watchdog", &nmi);
	rtb_dr_long(r, "/proc/sys/kernel/watchdog_thresh", &thresh);
	struct rtb_cpuset m = rtb_dr_every_cpu(), on;
	if (rtb_dr_text(r, "/proc/sys/kernel/watchdog_cpumask", mask, sizeof(mask)))
		m = rtb_dr_cpus(mask);
	rtb_cpuset_and(&on, &r->cpus, &m);
	rtb_cpuset_str(&on, got, sizeof(got));
	if (!wd || rtb_cpuset_first(&on) < 0)
		rtb_doc_add(r->d, "watchdog", RTB_DOC_OK, why, fix, "watchdog %ld, watchdog_cpumask \"%s\": not on CPU %s",
			    wd, mask, r->cpul);
	else
		rtb_doc_add(r->d, "watchdog", RTB_DOC_WEAKENS, why, fix,
			    "watchdog %ld (nmi_watchdog %ld, thresh %ld s), watchdog_cpumask \"%s\": on CPU %s", wd, nmi,
			    thresh, mask, got);
}

