/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - the knobs `rtbench tune` measures: the doctor's fixes
 * that can be applied and reversed while the system runs, each through the
 * settings journal (src/run/env.c: the original written durably before the
 * change, put back after the round, by the watchdog-free stop path on a
 * signal, and by the next run after a SIGKILL), and the doctor's other
 * findings, said to be "not applicable" with the reason. */
#ifdef RTB_HAVE_HOST
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/tune.h"
#include "run/env.h"
#include "rtbench/err.h"

#define R_POWER "power: the CPU idles less deep or not at all"

const struct rtb_tune_def rtb_cmd_tune_defs[] = {
	{ "timer_migration", "timer_migration", RTB_TK_SYSCTL, RTB_KNOB_TIMER_MIGRATION, 0, "kernel.timer_migration",
	  "kernel.timer_migration = 0: timers stay on the CPU that armed them",
	  "little: idle CPUs wake for their own timers (a little power)" },
	{ "rt_throttling", "rt_throttling", RTB_TK_SYSCTL, RTB_KNOB_RT_RUNTIME_US, -1, "kernel.sched_rt_runtime_us",
	  "kernel.sched_rt_runtime_us = -1: RT throttling off",
	  "a runaway real-time task then owns its CPU for good: keep a watchdog (a higher-priority "
	  "monitor, or a hardware watchdog) that stops it" },
	{ "watchdog", "watchdog", RTB_TK_SYSCTL, RTB_KNOB_WATCHDOG, 0, "kernel.watchdog",
	  "kernel.watchdog = 0: the soft-lockup (and NMI) watchdog off",
	  "a locked-up CPU is no longer reported" },
	{ "nmi_watchdog", "watchdog", RTB_TK_SYSCTL, RTB_KNOB_NMI_WATCHDOG, 0, "kernel.nmi_watchdog",
	  "kernel.nmi_watchdog = 0: the NMI (hard-lockup) watchdog off",
	  "a CPU stuck with interrupts off is no longer reported" },
	{ "thp", "thp", RTB_TK_SYSCTL, RTB_KNOB_THP, 2, NULL,
	  "transparent huge pages never (/sys/kernel/mm/transparent_hugepage/enabled)",
	  "throughput: programs that gain from huge pages lose them" },
	{ "ksm", "", RTB_TK_SYSCTL, RTB_KNOB_KSM_RUN, 0, NULL, "KSM's scanner stopped (/sys/kernel/mm/ksm/run = 0)",
	  "memory: pages merged so far stay merged, no new ones are" },
	{ "irq_affinity", "irq_affinity", RTB_TK_IRQ, 0, 0, NULL,
	  "every device IRQ that may run on a measured CPU moved to the other CPUs (smp_affinity)",
	  "throughput: the housekeeping CPUs take every interrupt; irqbalance, if running, moves them back" },
	{ "workqueue_cpumask", "", RTB_TK_WQ, RTB_KNOB_WQ_CPUMASK, 0, NULL,
	  "unbound workqueues kept off the measured CPUs (/sys/devices/virtual/workqueue/cpumask)",
	  "throughput: kernel background work crowds on the housekeeping CPUs" },
	{ "idle_states", "idle_states", RTB_TK_IDLE, 0, 0, NULL,
	  "every idle state but the shallowest (state0, POLL on most) disabled on the measured CPUs",
	  R_POWER " (a disabled halt polls)" },
	{ "cpu_dma_latency", "idle_states", RTB_TK_DMA, 0, 0, NULL,
	  "/dev/cpu_dma_latency held at 0 by the measuring run (its --idle-latency-us 0, cyclictest's default)",
	  R_POWER ", on every CPU while held" },
	{ "cpufreq", "cpufreq", RTB_TK_GOVERNOR, 0, 0, NULL, "the performance governor", "power" },
	{ "preemption", "preemption", RTB_TK_BOOT, 0, 0, NULL, "a PREEMPT_RT kernel, or preempt=full", "" },
	{ "isolcpus", "isolcpus", RTB_TK_BOOT, 0, 0, NULL, "isolcpus= on the kernel command line", "" },
	{ "nohz_full", "nohz_full", RTB_TK_BOOT, 0, 0, NULL, "nohz_full= on the kernel command line", "" },
	{ "rcu_nocbs", "rcu_nocbs", RTB_TK_BOOT, 0, 0, NULL, "rcu_nocbs= on the kernel command line", "" },
	{ "smt", "smt", RTB_TK_BOOT, 0, 0, NULL, "nosmt, or the siblings offline", "" },
	{ "virtualization", "virtualization", RTB_TK_BOOT, 0, 0, NULL, "bare metal, or pinned host CPUs", "" },
	{ "test.delay", "", RTB_TK_TEST_DELAY, 0, 0, NULL,
	  "TEST ONLY (--test-knobs): a busy delay moved from just after the measured window into it, in every "
	  "irq.timer.nanosleep sample (RTB_TUNE_TEST_DELAY): the known answer is +delay", "none: not a setting" },
	{ "test.aa", "", RTB_TK_TEST_AA, 0, 0, NULL,
	  "TEST ONLY (--test-knobs): B is the same as A (an A/A knob): the known answer is no effect",
	  "none: not a setting" },
};
const int rtb_cmd_tune_ndefs = (int)(sizeof(rtb_cmd_tune_defs) / sizeof(rtb_cmd_tune_defs[0]));

/* finding - the doctor's finding for check, or NULL. */
static const struct rtb_finding *finding(const struct rtb_doctor *doc, const char *check)
{
	for (int i = 0; check && *check && i < doc->n; i++)
		if (!strcmp(doc->f[i].check, check))
			return &doc->f[i];
	return NULL;
}

/* add - one journal knob into the plan. */
static void add(struct rtb_tune_plan *p, enum rtb_knob k, long v)
{
	if (p->n < RTB_TUNE_MAX_SET) {
		p->k[p->n] = k;
		p->v[p->n++] = v;
	}
}

/* measured_mask - the measured CPUs as a mask of CPUs 0-61, and the online
 * ones; 0 when a measured CPU is past 61 (then no mask knob applies). */
static long measured_mask(const struct rtb_tune_opts *o, long *online)
{
	long m = 0;

	*online = 0;
	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		char path[64];
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", c);
		int on = !access(path, F_OK);
		if (c >= RTB_KNOB_MASK_CPUS) {
			if (rtb_cpuset_has(&o->set, c))
				return 0;
			continue;
		}
		if (on)
			*online |= 1L << c;
		if (rtb_cpuset_has(&o->set, c))
			m |= 1L << c;
	}
	return m;
}

/* prep_irq - every IRQ 0-127 whose smp_affinity includes a measured CPU:
 * to its mask without them, or to the other online CPUs. */
static int prep_irq(const struct rtb_tune_opts *o, struct rtb_tune_plan *p, struct rtb_tune_knob *r)
{
	long on, meas = measured_mask(o, &on), hk = on & ~meas;
	size_t l = 0;
	int past = 0;

	if (!meas || !hk) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: %s", !meas ?
			 "a measured CPU past 61 (the journal's masks hold CPUs 0-61)" :
			 "every online CPU is measured: no CPU to move the IRQs to (tune --cpus a subset, e.g. the last CPU)");
		return 0;
	}
	for (int irq = 0; irq < 1024; irq++) {
		long m;
		if (irq >= RTB_KNOB_NIRQ) {
			char path[64];
			snprintf(path, sizeof(path), "/proc/irq/%d", irq);
			past += !access(path, F_OK);
			continue;
		}
		if (rtb_port_knob_get(RTB_KNOB_IRQ0 + irq, &m))
			continue;
		if (!(m & meas))
			continue;
		long to = m & ~meas ? m & ~meas : hk;
		add(p, RTB_KNOB_IRQ0 + irq, to);
		l += (size_t)snprintf(r->cmd + l, l < sizeof(r->cmd) ? sizeof(r->cmd) - l : 0,
				      "echo %lx > /proc/irq/%d/smp_affinity\n", to, irq);
	}
	if (!p->n) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: no IRQ 0-127 may run on CPU %s", o->cpus);
		return 0;
	}
	snprintf(r->set_to, sizeof(r->set_to), "%d IRQs off CPU %s%s", p->n, o->cpus,
		 past ? " (IRQs past 127 left: the journal's table)" : "");
	return 1;
}

/* prep_idle - idle states 1-3 disabled on the measured CPUs (0-61). */
static int prep_idle(const struct rtb_tune_opts *o, struct rtb_tune_plan *p, struct rtb_tune_knob *r)
{
	long on, meas = measured_mask(o, &on), cur;
	size_t l = 0;

	if (!meas) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: a measured CPU past 61");
		return 0;
	}
	for (int s = 1; s <= 3; s++) {
		enum rtb_knob k = RTB_KNOB_IDLE1 + (s - 1);
		if (rtb_port_knob_get(k, &cur) || (cur & meas) == meas)
			continue;
		add(p, k, cur | meas);
		for (int c = 0; c < RTB_KNOB_MASK_CPUS; c++)
			if (meas >> c & 1)
				l += (size_t)snprintf(r->cmd + l, l < sizeof(r->cmd) ? sizeof(r->cmd) - l : 0,
						      "echo 1 > /sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable\n", c, s);
	}
	if (!p->n) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: no idle state past state0 enabled on CPU %s "
			 "(no cpuidle, or already disabled)", o->cpus);
		return 0;
	}
	snprintf(r->set_to, sizeof(r->set_to), "%d idle state(s) disabled on CPU %s", p->n, o->cpus);
	return 1;
}

/* prep_one - a single sysctl/sysfs knob. */
static int prep_one(const struct rtb_tune_def *d, const struct rtb_tune_opts *o, struct rtb_tune_plan *p,
		    struct rtb_tune_knob *r)
{
	long cur, fix = d->fix, on;

	if (d->kind == RTB_TK_WQ) {
		long meas = measured_mask(o, &on);
		if (!meas || !(on & ~meas)) {
			snprintf(r->why_not, sizeof(r->why_not), "not applicable: %s", !meas ?
				 "a measured CPU past 61" : "every online CPU is measured: no CPU to keep the "
				 "workqueues on (tune --cpus a subset)");
			return 0;
		}
		if (rtb_port_knob_get(d->knob, &cur) == 0)
			fix = cur & ~meas ? cur & ~meas : on & ~meas;
	}
	int rc = rtb_port_knob_get(d->knob, &cur);
	if (rc) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: %s %s", rtb_port_knob_name(d->knob),
			 rc == RTB_ENOTSUP ? "absent" : rtb_strerror(rc));
		return 0;
	}
	if (cur == fix) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: %s is already %ld, the fix's value",
			 rtb_port_knob_name(d->knob), cur);
		return 0;
	}
	if (d->knob == RTB_KNOB_KSM_RUN && cur != 1) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: KSM is not scanning (run %ld)", cur);
		return 0;
	}
	add(p, d->knob, fix);
	if (d->kind == RTB_TK_WQ)
		snprintf(r->set_to, sizeof(r->set_to), "%s %lx", rtb_port_knob_name(d->knob), fix);
	else if (d->knob == RTB_KNOB_THP)
		snprintf(r->set_to, sizeof(r->set_to), "%s never", rtb_port_knob_name(d->knob));
	else
		snprintf(r->set_to, sizeof(r->set_to), "%s %ld", rtb_port_knob_name(d->knob), fix);
	if (d->sysctl) {
		snprintf(r->sysctl, sizeof(r->sysctl), "%s = %ld", d->sysctl, fix);
		snprintf(r->cmd, sizeof(r->cmd), "sysctl -w %s=%ld\n", d->sysctl, fix);
	} else {
		snprintf(r->cmd, sizeof(r->cmd), "echo %s > %s\n", d->knob == RTB_KNOB_THP ? "never" : "", rtb_port_knob_name(d->knob));
		if (d->kind == RTB_TK_WQ)
			snprintf(r->cmd, sizeof(r->cmd), "echo %lx > %s\n", fix, rtb_port_knob_name(d->knob));
		else if (d->knob != RTB_KNOB_THP)
			snprintf(r->cmd, sizeof(r->cmd), "echo %ld > %s\n", fix, rtb_port_knob_name(d->knob));
	}
	return 1;
}

/* prep_kind - the knob's own test of applicability, by kind. */
static int prep_kind(const struct rtb_tune_def *d, const struct rtb_tune_opts *o, const struct rtb_finding *f,
		     struct rtb_tune_plan *p, struct rtb_tune_knob *r)
{
	switch (d->kind) {
	case RTB_TK_BOOT:
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: %s (a boot option or the machine itself, "
			 "not reversible while the system runs)%s%s", d->does, f ? "; the doctor read: " : "",
			 f ? f->read : "");
		return 0;
	case RTB_TK_GOVERNOR:
		if (access("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", F_OK))
			snprintf(r->why_not, sizeof(r->why_not), "not applicable: no cpufreq here (no scaling_governor: "
				 "the frequency is the firmware's or the hypervisor's)");
		else
			snprintf(r->why_not, sizeof(r->why_not), "not measured: changing the governor is not among "
				 "tune's knobs yet (cpupower frequency-set -g performance, by hand)");
		return 0;
	case RTB_TK_DMA:
		if (access("/dev/cpu_dma_latency", F_OK)) {
			snprintf(r->why_not, sizeof(r->why_not), "not applicable: no /dev/cpu_dma_latency");
			return 0;
		}
		p->dma = 1;
		snprintf(r->set_to, sizeof(r->set_to), "/dev/cpu_dma_latency held at 0 by each B round's run");
		snprintf(r->cmd, sizeof(r->cmd), "# hold /dev/cpu_dma_latency at 0 from the RT program (open it, write "
			 "a 32-bit 0, keep it open: released when closed); rtbench run does by default\n");
		return 1;
	case RTB_TK_TEST_DELAY:
		p->test_delay = 1;
		snprintf(r->set_to, sizeof(r->set_to), "%s=in:%lld (A: out:%lld)", "RTB_TUNE_TEST_DELAY",
			 (long long)o->test_delay_ns, (long long)o->test_delay_ns);
		return 1;
	case RTB_TK_TEST_AA:
		snprintf(r->set_to, sizeof(r->set_to), "nothing (B = A)");
		return 1;
	case RTB_TK_IRQ:
		return prep_irq(o, p, r);
	case RTB_TK_IDLE:
		return prep_idle(o, p, r);
	default:
		return prep_one(d, o, p, r);
	}
}

int rtb_cmd_tune_prepare(const struct rtb_tune_def *d, const struct rtb_tune_opts *o,
			 const struct rtb_doctor *doc, struct rtb_tune_plan *p, struct rtb_tune_knob *r)
{
	const struct rtb_finding *f = finding(doc, d->check);

	memset(p, 0, sizeof(*p));
	p->d = d;
	snprintf(r->name, sizeof(r->name), "%s", d->name);
	snprintf(r->check, sizeof(r->check), "%s", d->check);
	snprintf(r->does, sizeof(r->does), "%s", d->does);
	snprintf(r->risk, sizeof(r->risk), "%s", d->risk);
	/* the doctor judges a fix needed; idle states by their reported exit
	 * latency, which on a VM is not the halt's real cost: measured anyway */
	if (f && f->verdict == RTB_DOC_OK && d->kind != RTB_TK_IDLE && d->kind != RTB_TK_DMA) {
		snprintf(r->why_not, sizeof(r->why_not), "not applicable: the doctor finds nothing to fix (%s)", f->read);
		r->applicable = 0;
	} else {
		r->applicable = prep_kind(d, o, f, p, r);
	}
	rtb_cmd_tune_read(p, r->before, sizeof(r->before));
	return r->applicable;
}

int rtb_cmd_tune_apply(struct rtb_tune_plan *p, char *note, size_t len)
{
	int first = 0, kept = 0;
	size_t l = 0;

	if (note && len)
		note[0] = '\0';
	for (int i = 0; i < p->n; i++) {
		int rc = rtb_env_set(p->k[i], p->v[i]);
		if (!rc) {
			p->k[kept] = p->k[i];
			p->v[kept++] = p->v[i];
			continue;
		}
		rtb_env_restore_one(p->k[i]); /* nothing when the set was refused */
		first = first ? first : rc;
		if (note && l < len)
			l += (size_t)snprintf(note + l, len - l, "%s%s: %s", l ? "; " : "", rtb_port_knob_name(p->k[i]),
					      rtb_strerror(rc));
	}
	p->n = kept;
	return kept || !first ? 0 : first;
}

int rtb_cmd_tune_undo(const struct rtb_tune_plan *p)
{
	int err = 0;

	for (int i = p->n - 1; i >= 0; i--) {
		int rc = rtb_env_restore_one(p->k[i]);
		err = err ? err : rc;
	}
	return err;
}

void rtb_cmd_tune_read(const struct rtb_tune_plan *p, char *out, size_t len)
{
	size_t l = 0;

	out[0] = '\0';
	for (int i = 0; i < p->n && l < len; i++) {
		long v;
		const char *name = rtb_port_knob_name(p->k[i]);
		if (rtb_port_knob_get(p->k[i], &v))
			l += (size_t)snprintf(out + l, len - l, "%s%s unreadable", l ? ", " : "", name);
		else if (p->k[i] >= RTB_KNOB_IRQ0)
			l += (size_t)snprintf(out + l, len - l, "%sirq %d %lx", l ? ", " : "",
					      (int)(p->k[i] - RTB_KNOB_IRQ0), v);
		else if (p->k[i] == RTB_KNOB_WQ_CPUMASK || (p->k[i] >= RTB_KNOB_IDLE1 && p->k[i] <= RTB_KNOB_IDLE3))
			l += (size_t)snprintf(out + l, len - l, "%s%s %lx", l ? ", " : "", name, v);
		else
			l += (size_t)snprintf(out + l, len - l, "%s%s %ld", l ? ", " : "", name, v);
	}
	if (!p->n && l < len)
		snprintf(out, len, "%s", p->dma ? "/dev/cpu_dma_latency: not held by tune itself (only by B rounds' runs)" :
			 p->test_delay || (p->d && p->d->kind == RTB_TK_TEST_AA) ? "no system setting" : "-");
}

void rtb_cmd_tune_merge(struct rtb_tune_plan *all, const struct rtb_tune_plan *p)
{
	for (int i = 0; i < p->n; i++)
		add(all, p->k[i], p->v[i]);
	all->dma |= p->dma;
	all->test_delay |= p->test_delay;
}
#endif
