/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - a run's set-up and teardown: the environment every
 * benchmark runs in, shared by the runner (every driver) and selftest.
 *
 * Before the first benchmark: the settings lock and a killed run's repair
 * (env.c), the fingerprint and the clock, the scheduling the OS grants
 * (and a warning in the result when it does not), memory locking, the
 * idle-latency request, the doctor's findings, what the platform weakens
 * (a VM, one CPU, a non-preemptible kernel), the cost of a timestamp, the
 * cross-CPU counter check, the watchdog and the load. After the last: the
 * load stopped, every system setting restored, the watchdog shut down.
 * The rounds are the runner's (runner.c), outcomes bench_run.c's. */
#include <stdio.h>
#include <string.h>
#include "run/run.h"
#include "run/env.h"
#include "run/load.h"
#include "rtbench/tracer.h"
#include "run/watchdog.h"
#include "run/xcpu.h"
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "rtbench/selfcost.h"
#include "rtbench/stats.h"
#include "bench/registry.h"

/* measure_clock - cost of one stamp as benchmarks take it, and the empty
 * measurement loop (two stamps around nothing): the floor of every figure. */
static void measure_clock(struct rtb_result *r)
{
	enum { N = 200000, PAIRS = 10001 };
	static int64_t pair[PAIRS];
	double best = 1e9;
	volatile uint64_t sink = 0;
	const struct rtb_clock_info *ci = &r->clock;

	for (int k = 0; k < 5; k++) {
		int64_t t0 = rtb_port_mono_ns();
		for (int i = 0; i < N; i++)
			sink += rtb_port_ticks();
		double c = (double)(rtb_port_mono_ns() - t0) / N;
		if (c < best)
			best = c;
	}
	(void)sink;
	for (int i = 0; i < PAIRS; i++) {
		uint64_t a = rtb_port_ticks();
		uint64_t b = rtb_port_ticks();
		pair[i] = rtb_ticks_to_ns(ci, b - a);
	}
	rtb_stats_sort(pair, PAIRS);
	r->clock_read_ns = (int64_t)(best + 0.5);
	r->clock_bare_read_ns = (int64_t)(ci->bare_read_ns + 0.5);
	r->loop_overhead_ns = pair[PAIRS / 2];
}

/* default_label - --label, or HOST-RELEASE with "-nort" when the run had
 * no real-time priority. */
static void default_label(const struct rtb_opts *o, struct rtb_result *r)
{
	if (o->label && *o->label)
		snprintf(r->set.label, sizeof(r->set.label), "%s", o->label);
	else
		snprintf(r->set.label, sizeof(r->set.label), "%s-%s%s", r->fp.hostname,
			 r->fp.os_release, r->set.rt_granted ? "" : "-nort");
}

/* bench_changes_knobs - 1 if b will change a system knob when it runs
 * (settings lock): it says it may, and none of its knobs that hold a
 * system knob's value is 0 (leave it as found). */
static int bench_changes_knobs(const struct rtb_bench *b)
{
	if (!b->changes_knobs)
		return 0;
	for (const struct rtb_bench_opt *p = b->opts; p && p->name; p++)
		if (p->sets_knob && *p->value <= 0)
			return 0;
	return 1;
}

/* changes_knobs - 1 if this run will change a system-wide knob (and so
 * needs the settings lock). */
static int changes_knobs(const struct rtb_opts *o)
{
	if (!o->rt)
		return 0;
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (bench_changes_knobs(rtb_benches[i]) && rtb_tests_selects(rtb_benches[i], o->tests))
			return 1;
	return 0;
}

/* run_doctor - the doctor's findings for the measured CPU (read-only,
 * rtbench/doctor.h), kept in the result; budget: the deadline if one was
 * given, else 10 us. */
static void run_doctor(struct rtb_ctx *c)
{
	struct rtb_doctor_cfg cfg = {
		.root = "",
		.budget_ns = c->o->deadline_ns > 0 ? c->o->deadline_ns : 10000,
		.idle_held_us = c->res->set.idle_latency_held_us,
	};

	/* every measured CPU: the run's, or a --cpus run's list (all below
	 * RTB_MAX_CPUS, as the one parser took them) */
	rtb_cpuset_set(&cfg.cpus, c->cpu);
	if (c->o->cpus.n > 0) {
		memset(&cfg.cpus, 0, sizeof(cfg.cpus));
		for (int i = 0; i < c->o->cpus.n; i++)
			rtb_cpuset_set(&cfg.cpus, c->o->cpus.list[i]);
	}
	if (rtb_cpuset_first(&cfg.cpus) >= 0)
		rtb_port_doctor(&cfg, &c->res->doctor);
}

/* uses_partner - 1 if a selected measurement runs a task on the run's
 * other CPU (a *.xcpu one: its waiter there). */
static int uses_partner(const struct rtb_opts *o)
{
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (rtb_benches[i]->trace_xcpu && rtb_tests_selects(rtb_benches[i], o->tests))
			return 1;
	return 0;
}

/* claim_one - claim cpu for this run (role: "" or why this run uses it);
 * 0, or 1 when no further claim can be kept. */
static int claim_one(struct rtb_ctx *c, int cpu, const char *role)
{
	char holder[240];
	int rc = rtb_port_cpu_claim(cpu, c->res->set.command_line, holder, sizeof(holder));

	if (rc == RTB_EBUSY) {
		fprintf(stderr, "rtbench: another rtbench run measures CPU %d now (%s)%s: each disturbs "
			"the other's figures\n", cpu, holder, role);
		/* the role before the holder's command line: a long command is
		 * cut to fit the warning, and what this CPU is to the run must stay */
		rtb_result_warn(c->res, "DEGRADED: another rtbench run measured CPU %d%s at the same "
				"time (%.120s): each disturbs the other's figures", cpu, role, holder);
	} else if (rc == RTB_ENOMEM) {
		rtb_result_warn(c->res, "CPUs from CPU %d up were not checked for another rtbench run "
				"measuring them (the port's table of claims is full)", cpu);
		return 1;
	} else if (rc) {
		return 1; /* no claim can be kept (unprivileged): nothing to say per CPU */
	}
	return 0;
}

/* claim_cpus - every CPU this run runs a measuring task on, marked for
 * other runs (the port's rtb_port_cpu_claim): a CPU another live rtbench
 * measures now is a warning in the result, that weakens both runs (issue
 * 29: two runs at once on CPU 1, at the same priority, neither said it).
 * That includes the other CPU of a *.xcpu measurement, where its waiter
 * runs: a run measuring CPU 0 and one whose *.xcpu waiters ran there met
 * with no word. */
static void claim_cpus(struct rtb_ctx *c)
{
	int n = c->o->cpus.n > 0 ? c->o->cpus.n : 1, listed = 0;

	for (int i = 0; i < n; i++) {
		int cpu = c->o->cpus.n > 0 ? c->o->cpus.list[i] : c->cpu;
		if (claim_one(c, cpu, ""))
			return;
	}
	if (c->other_cpu < 0 || !uses_partner(c->o))
		return;
	for (int i = 0; i < n; i++)
		listed |= (c->o->cpus.n > 0 ? c->o->cpus.list[i] : c->cpu) == c->other_cpu;
	if (!listed)
		claim_one(c, c->other_cpu, " on the CPU where this run's *.xcpu waiters run");
}

/* --break-us: one record per run (rounds and passes have results of their
 * own; the break is the run's), kept here and handed to every context
 * (rtb_ctx.brk); a crossing fills it through rtb_break_hit (model). */
static struct rtb_break run_brk;

/* break_arm - the run's --break-us record, cleared, with the stop flag a
 * crossing sets. */
static void break_arm(struct rtb_ctx *c)
{
	memset(&run_brk, 0, sizeof(run_brk));
	run_brk.ns = c->o->break_ns > 0 ? c->o->break_ns : 0;
	run_brk.fails = c->o->break_fails;
	run_brk.stop = c->stop;
	c->brk = &run_brk;
}

/* trace_open - run --trace: the tracer the entry handed in, opened (it
 * says why when it cannot: the run goes on untraced); none in this build
 * is said the same way. */
static void trace_open(struct rtb_ctx *c)
{
	struct rtb_settings *s = &c->res->set;

	s->trace_requested = 1;
	c->tracer = c->o->trace.tracer;
	if (!c->tracer) {
		snprintf(s->trace_note, sizeof(s->trace_note), "--trace unavailable: this build records no event "
			 "trace (a port without one, or Linux built without libtracefs/libtraceevent: Debian "
			 "libtracefs-dev libtraceevent-dev)");
		fprintf(stderr, "rtbench: %s; the run goes on untraced\n", s->trace_note);
		return;
	}
	rtb_env_trace_shut(c->tracer->shut); /* before open: a half-open recorder is put away too */
	if (c->tracer->open(c))
		return;
	c->trace_ready = 1;
	s->traced = 1;
}

/* rtb_run_setup - everything before the first benchmark. */
int rtb_run_setup(const struct rtb_opts *o, const char *command_line,
		  struct rtb_result *res, struct rtb_ctx *c)
{
	struct rtb_settings *s = &res->set;
	int rc;

	memset(c, 0, sizeof(*c));
	c->o = o;
	c->res = res;
	c->clk = &res->clock;
	c->mode = &rtb_mode_count; /* run/long.c hands its CPUs' contexts their driver's */
	c->stop = rtb_wd_stop_flag();

	rtb_selfcost_step("set-up");
	rc = rtb_port_init();
	if (rc)
		return rc;
	/* the doctor's IRQ sample begins here: the set-up up to the doctor
	 * (run_doctor, at its end) is its span, not a sleep of its own */
	rtb_port_doctor_begin();
	/* before the fingerprint reads the knobs: a killed run's leftovers
	 * are repaired, and the lock is ours if this run changes any */
	char what[240];
	rtb_port_date_utc(s->date_utc, sizeof(s->date_utc)); /* "" if unknown */
	snprintf(what, sizeof(what), "%.180s (since %s)", command_line ? command_line : "rtbench",
		 s->date_utc);
	rc = rtb_env_begin(what, changes_knobs(o), o->lock_wait_ns, res);
	if (rc == RTB_EINTR) {
		/* stopped while waiting for another run: nothing changed or
		 * measured, but the result is whole: which machine, which
		 * command, why it holds no figure (runner.c, stopped_before) */
		rtb_wd_note_signal(rtb_env_stop_signal());
		rtb_port_fingerprint(&res->fp);
		snprintf(s->command_line, sizeof(s->command_line), "%s", command_line ? command_line : "");
		snprintf(s->rtbench_version, sizeof(s->rtbench_version), "%s", RTB_VERSION);
	}
	if (rc)
		return rc;
	rtb_port_fingerprint(&res->fp);
	if (o->selftest.test_delay_ns > 0)
		rtb_result_warn(res, "a test-only delay of %lld ns was spun in every irq.timer.nanosleep sample, %s "
				"the measured window (RTB_TUNE_TEST_DELAY): its figures are not this system's",
				(long long)o->selftest.test_delay_ns, o->selftest.test_delay_inside ? "inside" : "after");
	if (o->emulation.present) {
		res->fp.emulation = o->emulation;
		if (o->emulation.icount_shift < 0)
			rtb_result_warn(res, "%s", RTB_EMULATED_NOICOUNT);
	}
	rc = rtb_port_clock_init(&res->clock);
	if (rc)
		goto out_env;

	snprintf(s->command_line, sizeof(s->command_line), "%s", command_line ? command_line : "");
	snprintf(s->rtbench_version, sizeof(s->rtbench_version), "%s", RTB_VERSION);
	s->samples = o->samples;
	s->period_ns = o->period_ns;
	s->deadline_ns = o->deadline_ns;
	s->prio = o->prio;
	s->rt_requested = o->rt;
	s->idle_latency_held_us = -1;
	s->rr_timeslice_ms_used = -1;
	s->rt_runtime_us_used = -2;
	snprintf(s->load, sizeof(s->load), "%s", "idle (rtbench adds no load)");

	int ncpu = rtb_ncpus();
	c->cpu = o->cpu >= 0 ? o->cpu : ncpu - 1;
	c->other_cpu = ncpu > 1 ? (c->cpu == 0 ? 1 : 0) : -1;
	s->cpu = c->cpu;

	if (o->mlock) {
		rc = rtb_port_lock_memory();
		s->mlocked = rc == 0;
		c->mlocked = s->mlocked;
		if (rc == RTB_ERANGE)
			rtb_result_warn(res, "memory not locked: the locked-memory limit (ulimit -l) is finite "
					"for this user, and locking all future memory under it would make the "
					"sample buffers fail to allocate; page faults may land in samples");
		else if (rc)
			rtb_result_warn(res, "memory not locked (%s): page faults may land in samples",
					rtb_strerror(rc));
	}
	rc = rtb_port_prio_init(o->prio);
	if (rc) {
		fprintf(stderr, "rtbench: priority %d: the priority levels do not fit above it\n", o->prio);
		goto out_env;
	}
	s->measuring_prio = rtb_prio_native(RTB_PRIO_HIGH);
	if (o->rt) {
		rc = rtb_port_self_sched(RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu);
		c->rt = rc == 0;
		if (rc == RTB_EPERM)
			rtb_result_warn(res, "DEGRADED: real-time priority refused (no permission): every task ran SCHED_OTHER");
		else if (rc)
			rtb_result_warn(res, "DEGRADED: cannot run SCHED_FIFO %d on CPU %d (%s): every task ran SCHED_OTHER",
					o->prio, c->cpu, rtb_strerror(rc));
		if (rc)
			rtb_port_self_sched(RTB_SCHED_NORMAL, RTB_PRIO_LOW, c->cpu);
	} else {
		rtb_port_self_sched(RTB_SCHED_NORMAL, RTB_PRIO_LOW, c->cpu);
		rtb_result_warn(res, "DEGRADED on purpose (--no-rt): every task ran SCHED_OTHER, no real-time priority");
	}
	s->rt_granted = c->rt;
	if (o->idle_latency_us >= 0) {
		rc = rtb_port_idle_latency_hold(o->idle_latency_us);
		if (!rc)
			s->idle_latency_held_us = o->idle_latency_us;
		else
			rtb_result_warn(res, "could not hold the CPU idle latency at %d us (%s): idle-exit latency is in the figures",
					o->idle_latency_us, rtb_strerror(rc));
	}
	/* the RR quantum the time-slice test's knob asks for (settings:
	 * whether or not that test is selected, as always) */
	const struct rtb_bench_opt *slice = rtb_bench_opt_find("rr-slice-ms");
	if (c->rt && slice && *slice->value > 0)
		s->rr_timeslice_ms_used = (long)*slice->value;
	claim_cpus(c);
	/* the SMIs the CPUs take during the run, beside its latencies */
	s->smi_read = rtb_port_smi_count(-1, &s->smi_start, s->smi_note, sizeof(s->smi_note)) ? -1 : 1;
	/* Under an instruction-counting emulator the host's descheduling
	 * stops virtual time too: the EMULATED line says what the figures are
	 * instead (emulation.h). */
	if (rtb_fp_vcpu_can_stop(&res->fp))
		rtb_result_warn(res, "virtual machine (%s): the host can deschedule a vCPU at any time; maxima include host delays",
				res->fp.virt);
	if (ncpu < 2 && !RTB_PORT_ONE_CORE)
		rtb_result_warn(res, "one CPU: the watchdog and all system activity share the measurement CPU");
	/* the port says whether its kernel is fully preemptible (PREEMPT_RT,
	 * an RTOS): without it, kernel code runs to its next preemption point
	 * before a woken real-time task, and that is in every maximum */
	if (res->fp.realtime == 0) {
		char pw[240];
		rtb_fp_preempt_warning(&res->fp, pw, sizeof(pw));
		rtb_result_warn(res, "%s", pw);
	}
	if (res->clock.note[0])
		rtb_result_warn(res, "clock: %s", res->clock.note);
	rtb_wd_take_pending(); /* a stop in the option checks or so far */
	break_arm(c);
	if (o->trace.on && !rtb_stopped(c)) {
		rtb_selfcost_step("set-up: trace open");
		trace_open(c);
	}
	default_label(o, res);

	rtb_selfcost_step("set-up: timestamp cost");
	measure_clock(res);
	if ((double)res->clock_read_ns > 1.5 * res->clock.bare_read_ns + 1.0)
		rtb_result_warn(res, "a timestamp costs %lld ns, over 1.5 times a bare counter read (%.1f ns): "
				"every figure carries that intrusion", (long long)res->clock_read_ns,
				res->clock.bare_read_ns);
	if (c->other_cpu >= 0) {
		/* a cross-CPU figure is a difference of two CPUs' stamps:
		 * valid only if their counters agree (and the kernel trusts
		 * its own counter across CPUs) */
		rtb_selfcost_step("set-up: cross-CPU clock");
		rc = rtb_xcpu_measure(&res->clock, c->other_cpu, c->rt, &res->xcpu);
		res->xcpu.cpu_a = c->cpu;
		res->xcpu.cpu_b = c->other_cpu;
		res->xcpu.err = rc;
		/* the warnings come with the *.xcpu figures, at the end
		 * (xcpu_warnings): a run without them is not weakened */
		res->xcpu.clocksource_warn = !strcmp(res->clock.source, "tsc") &&
			res->fp.clocksource[0] && strcmp(res->fp.clocksource, "tsc");
	}
	/* the doctor (read-only) last: its IRQ sample, begun with the set-up
	 * (rtb_port_doctor_begin), spans the trace's start and the clock
	 * measurements above instead of a sleep of its own */
	run_doctor(c);
	rtb_selfcost_step("set-up: watchdog and load");
	/* run --cpus: the entry chose --cpu off the measured CPUs when one is
	 * left; the watchdog goes there too (run/long.c) */
	rtb_wd_take_pending(); /* before the watchdog takes over */
	rc = rtb_wd_start(o->cpus.n > 0 && o->cpu >= 0 ? c->cpu :
			  c->other_cpu >= 0 ? c->other_cpu : c->cpu, c->rt);
	if (rc)
		rtb_result_warn(res, "watchdog not started (%s)", rtb_strerror(rc));
	rc = rtb_load_start(o, res);
	if (rc) {
		fprintf(stderr, "rtbench: cannot start the load: %s\n", rtb_strerror(rc));
		rtb_run_teardown(c);
		return rc;
	}
	return 0;
out_env:
	/* nothing measured yet: give back what rtb_env_begin took (the
	 * settings lock and its record) and the idle-latency hold, so the next
	 * run finds no leftovers to repair */
	rtb_port_cpu_release(NULL, 0);
	rtb_env_restore();
	return rc;
}

/* rtb_run_teardown - everything after the last benchmark; a setting that
 * could not be restored is a warning in the result. */
void rtb_run_teardown(struct rtb_ctx *c)
{
	char who[300];

	/* a run that began on our CPUs while we measured (claim_cpus) */
	if (rtb_port_cpu_release(who, sizeof(who)))
		rtb_result_warn(c->res, "DEGRADED: another rtbench run measured the same CPU at the same time "
				"(%.200s): each disturbs the other's figures", who);
	rtb_selfcost_step("finish: load stopped, settings restored");
	rtb_load_stop();
	uint64_t smi_end = 0;
	if (c->res->set.smi_read == 1 && !rtb_port_smi_count(-1, &smi_end, c->res->set.smi_note,
							      sizeof(c->res->set.smi_note)))
		c->res->set.smi_count = smi_end - c->res->set.smi_start;
	else if (c->res->set.smi_read == 1)
		c->res->set.smi_read = -1;
	int rc = rtb_env_restore();
	if (rc)
		rtb_result_warn(c->res, "could not restore a system setting: %s", rtb_strerror(rc));
	rtb_wd_shutdown();
	if (rtb_wd_reason() != RTB_WD_NONE)
		c->res->set.stopped_early = 1;
}
