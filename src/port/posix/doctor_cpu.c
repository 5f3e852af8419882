/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the doctor's checks of the CPU under the measured
 * ones: frequency governor, idle states, SMT siblings, transparent huge
 * pages and a hypervisor. */
#include <stdio.h>
#include <string.h>
#include "doctor_int.h"

/* rtb_dr_check_governor - the cpufreq governor of each measured CPU. */
void rtb_dr_check_governor(struct rtb_dr *r)
{
	static const char why[] = "a governor other than performance lowers the clock when idle: the first "
		"instructions after a wake-up run slow, and the frequency change itself stalls";
	static const char fix[] = "cpupower frequency-set -g performance (tuned's realtime profile does it)";
	char path[96], g[32], bad[96] = "";
	int none = 0, ok = 0;

	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (!rtb_cpuset_has(&r->cpus, c))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", c);
		if (!rtb_dr_text(r, path, g, sizeof(g)))
			none++;
		else if (!strcmp(g, "performance"))
			ok++;
		else
			snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "%scpu%d %s", bad[0] ? ", " : "", c, g);
	}
	if (bad[0])
		rtb_doc_add(r->d, "cpufreq", RTB_DOC_WEAKENS, why, fix, "scaling_governor: %s", bad);
	else if (none)
		rtb_doc_add(r->d, "cpufreq", RTB_DOC_UNKNOWN, why, fix,
			    "no cpufreq on CPU %s (no scaling_governor): the frequency is the firmware's or the hypervisor's",
			    r->cpul);
	else
		rtb_doc_add(r->d, "cpufreq", RTB_DOC_OK, why, fix, "scaling_governor performance on %d CPU(s)", ok);
}

/* rtb_dr_check_idle - idle states deeper than the latency budget, enabled. */
void rtb_dr_check_idle(struct rtb_dr *r)
{
	static const char why[] = "leaving an idle state deeper than the latency budget adds its exit latency to "
		"every wake-up of an idle CPU";
	const long budget_us = (long)(r->cfg->budget_ns / 1000);
	char path[128], name[32], deep[160] = "", fix[200];
	long lat, dis;
	int states = 0, c0 = -1;

	snprintf(fix, sizeof(fix), "hold /dev/cpu_dma_latency at %ld (rtbench run does: --idle-latency-us), or "
		 "echo 1 > /sys/devices/system/cpu/cpuN/cpuidle/stateK/disable", budget_us);
	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (!rtb_cpuset_has(&r->cpus, c))
			continue;
		c0 = c0 < 0 ? c : c0;
		for (int k = 0; k < 16; k++) {
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/latency", c, k);
			if (rtb_dr_long(r, path, &lat))
				break;
			states++;
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable", c, k);
			if (!rtb_dr_long(r, path, &dis) && dis)
				continue;
			if (lat <= budget_us)
				continue;
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/name", c, k);
			rtb_dr_read(r, path, name, sizeof(name));
			snprintf(deep + strlen(deep), sizeof(deep) - strlen(deep), "%scpu%d %s %ld us",
				 deep[0] ? ", " : "", c, name, lat);
		}
	}
	if (!states)
		rtb_doc_add(r->d, "idle_states", RTB_DOC_UNKNOWN, why, fix, "no cpuidle states under "
			    "/sys/devices/system/cpu/cpu%d/cpuidle", c0);
	else if (!deep[0])
		rtb_doc_add(r->d, "idle_states", RTB_DOC_OK, why, fix, "%d enabled state(s) on CPU %s, none over %ld us",
			    states, r->cpul, budget_us);
	else if (r->cfg->idle_held_us >= 0 && r->cfg->idle_held_us <= budget_us)
		rtb_doc_add(r->d, "idle_states", RTB_DOC_OK, why, fix, "deeper than %ld us: %s; not entered: the run held "
			    "/dev/cpu_dma_latency at %d us", budget_us, deep, r->cfg->idle_held_us);
	else
		rtb_doc_add(r->d, "idle_states", RTB_DOC_WEAKENS, why, fix, "enabled and deeper than %ld us: %s",
			    budget_us, deep);
}

/* rtb_dr_check_smt - SMT siblings of a measured CPU online and not isolated. */
void rtb_dr_check_smt(struct rtb_dr *r)
{
	static const char why[] = "an SMT sibling shares the core's execution units and caches: whatever runs there "
		"slows the measured CPU";
	char path[96], buf[64], iso[256], bad[96] = "";

	snprintf(iso, sizeof(iso), "nosmt on the kernel command line, or echo 0 > "
		 "/sys/devices/system/cpu/cpuM/online for each sibling, or isolate it and leave it idle");
	const char *fix = iso;
	char isol[512] = "";
	rtb_dr_read(r, "/sys/devices/system/cpu/isolated", isol, sizeof(isol));
	int known = 0;
	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (!rtb_cpuset_has(&r->cpus, c))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", c);
		if (!rtb_dr_text(r, path, buf, sizeof(buf)))
			continue;
		known++;
		/* every sibling not isolated (a list "1,65" has one above 63) */
		struct rtb_cpuset sib = rtb_dr_cpus(buf), iso_set = rtb_dr_cpus(isol);
		rtb_cpuset_andnot(&sib, &sib, &iso_set);
		for (int sc = 0; sc < RTB_MAX_CPUS; sc++)
			if (sc != c && rtb_cpuset_has(&sib, sc))
				snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "%scpu%d with cpu%d",
					 bad[0] ? ", " : "", c, sc);
	}
	if (!known)
		rtb_doc_add(r->d, "smt", RTB_DOC_UNKNOWN, why, fix, "no topology/thread_siblings_list for CPU %s", r->cpul);
	else if (bad[0])
		rtb_doc_add(r->d, "smt", RTB_DOC_WEAKENS, why, fix, "siblings not isolated (can be busy): %s", bad);
	else
		rtb_doc_add(r->d, "smt", RTB_DOC_OK, why, fix, "thread_siblings_list: CPU %s has no busy-able sibling", r->cpul);
}

/* rtb_dr_check_thp - transparent huge pages always on. */
void rtb_dr_check_thp(struct rtb_dr *r)
{
	static const char why[] = "with transparent huge pages always on, a page fault may compact memory and "
		"khugepaged collapses pages: stalls of milliseconds";
	static const char fix[] = "transparent_hugepage=never (or madvise) on the command line, or echo never > "
		"/sys/kernel/mm/transparent_hugepage/enabled";
	char v[96];

	if (!rtb_dr_text(r, "/sys/kernel/mm/transparent_hugepage/enabled", v, sizeof(v)))
		rtb_doc_add(r->d, "thp", RTB_DOC_OK, why, fix, "/sys/kernel/mm/transparent_hugepage absent: no THP");
	else
		rtb_doc_add(r->d, "thp", strstr(v, "[always]") ? RTB_DOC_WEAKENS : RTB_DOC_OK, why, fix,
			    "/sys/kernel/mm/transparent_hugepage/enabled \"%s\"", v);
}

/* rtb_dr_check_vm - a hypervisor under this system. */
void rtb_dr_check_vm(struct rtb_dr *r)
{
	static const char why[] = "the host schedules the vCPUs: it can stop this CPU for milliseconds at any time, "
		"and the guest's own trace cannot see it (a gap with no event)";
	static const char fix[] = "measure on bare metal, or give the guest dedicated isolated host CPUs (vCPU "
		"pinning, no overcommit, the host tuned too)";
	static char info[65536];
	char hv[64] = "", vendor[64] = "";

	rtb_dr_read(r, "/sys/hypervisor/type", hv, sizeof(hv));
	rtb_dr_read(r, "/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	if (rtb_dr_read(r, "/proc/cpuinfo", info, sizeof(info)) < 0) {
		rtb_doc_add(r->d, "virtualization", RTB_DOC_UNKNOWN, why, fix, "/proc/cpuinfo unreadable");
		return;
	}
	const char *f = strstr(info, "\nflags");
	int flag = f && strstr(f, " hypervisor") && strstr(f, " hypervisor") < strchr(f + 1, '\n');
	if (flag || hv[0] || strstr(vendor, "QEMU") || strstr(vendor, "KVM"))
		rtb_doc_add(r->d, "virtualization", RTB_DOC_WEAKENS, why, fix, "a virtual machine:%s%s%s%s%s",
			    flag ? " /proc/cpuinfo flag hypervisor" : "", hv[0] ? "; /sys/hypervisor/type " : "", hv,
			    vendor[0] ? "; sys_vendor " : "", vendor);
	else if (f)
		rtb_doc_add(r->d, "virtualization", RTB_DOC_OK, why, fix, "/proc/cpuinfo flags: no hypervisor");
	else
		rtb_doc_add(r->d, "virtualization", RTB_DOC_UNKNOWN, why, fix,
			    "/proc/cpuinfo has no flags line, no /sys/hypervisor/type%s%s", vendor[0] ? "; sys_vendor " : "",
			    vendor);
}

