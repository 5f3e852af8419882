/* SPDX-License-Identifier: Apache-2.0 */
/* sched.deadline.wakeup - a deadline-scheduled periodic task
 * (rt-tests' cyclicdeadline).
 *
 * What it measures: a task under the OS's deadline scheduling class
 * (Linux: SCHED_DEADLINE) with runtime 60% of its period and deadline =
 * period (cyclicdeadline's defaults: 60%, -i 1000: a 1 ms period; the
 * run's --period-us when it is longer, the run's 200 us default raised to
 * 1 ms, so bench/peers.sh can pair it with cyclicdeadline -i 10000 where
 * that one refuses runtimes under 2 ms without HRTICK), whose job is a stamp
 * and the end of the job (sched_yield under SCHED_DEADLINE: sleep until
 * the next period). Sample = the job's first stamp - the start of its
 * period, the periods counted from the first job's stamp (cyclicdeadline's
 * reference: it stamps after its first yield and adds the deadline each
 * job). Includes the scheduler's replenishment timer, its interrupt, the
 * wake-up and switch, the yield's return and one clock read; the
 * reference absorbs the first job's own lateness (as cyclicdeadline's
 * does): a job that starts before its computed period start moves the
 * reference back to it (counted, and not a sample: never a negative or a
 * made-up zero). Deadline misses
 * are counted, not hidden: a job whose stamp is past its period's deadline
 * (the period is then accounted to the next), in `missed` and the note.
 * Both are cyclicdeadline's accounting on a fixed grid: after a late wake
 * the kernel may restart the task's period at the wake (its constant
 * bandwidth server), so the grid and the kernel's periods part until a
 * job lands before its grid slot and the reference moves (counted).
 * Where the kernel or the permissions refuse the class (not root, a cpuset
 * narrower than the root domain, admission control, no SCHED_DEADLINE, any
 * port but Linux) the figure is SKIPPED with the kernel's reason.
 * The task is not pinned: Linux admits a deadline task only with affinity
 * over its whole root domain (cyclicdeadline builds an exclusive cpuset to
 * pin; rtbench changes no cpuset), so it runs on whichever CPU the
 * deadline scheduler picks; the kernel's HRTICK setting is left as found
 * (cyclicdeadline turns it on for runtimes under 2 ms: it bounds runtime
 * enforcement, not this wake-up).
 *
 * Thread protocol:
 *   Step 1: tDeadline starts at the run's HIGH level, unpinned, and
 *           switches itself to deadline scheduling (or reports why not).
 *   Step 2: it ends its first job; on waking it stamps the reference.
 *   Step 3: per job: end the job (sleep to the next period); on waking
 *           stamp first thing (the selftest's delay before the stamp on
 *           the samples rtb_pick_delayed names, after it on the others);
 *           sample = stamp - (reference + k periods).
 *   Step 4: repeat until the sample count (for a time: until the stop);
 *           the task ends (its class goes with it).
 * For a time (--duration) the one task runs until the stop: intervals as
 * any long run's, misses counted the whole run (deadline_misses, and
 * `missed` in each rewrite of the file). Not on several CPUs at once: the
 * kernel admits the task only unpinned (above), so no instance could be
 * kept on the CPU it would be named for. */
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

#define MIN_PERIOD_NS 1000000LL
#define RUNTIME_PCT 60

struct dl {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	int64_t period_ns;
	int rc;
	char why[200];
	uint64_t early;          /* reference moved back */
};

static void dl_main(void *p)
{
	struct dl *s = p;
	struct rtb_metric *m = s->m;
	const int64_t per = s->period_ns;

	s->rc = rtb_self_deadline(s->c, per * RUNTIME_PCT / 100, per, per,
				  s->why, sizeof(s->why));                 /* Step 1 */
	if (s->rc)
		return;
	if ((s->rc = rtb_deadline_yield()))                            /* Step 2 */
		return;
	int64_t start = rtb_port_mono_ns();
	for (uint64_t k = 0; !rtb_metric_full(m) && !rtb_stopped(s->c);) {
		rtb_deadline_yield();                                    /* Step 3 */
		const uint64_t pre = rtb_inject_pre(s->c, m);
		rtb_inject_spin(rtb_inject_due(s->c, m));
		int64_t now = rtb_port_mono_ns();
		/* selftest: a baseline job spins the delay after its stamp,
		 * so every job is as long and the idle before each wake alike
		 * (rtb_inject_pre's reason) */
		rtb_inject_spin(pre);
		start += per;
		int64_t lat = now - start;
		if (lat < 0) {
			/* a job before its computed period: the first job was
			 * late (or the kernel restarted the period after a late
			 * wake), the reference moves back to it (cyclicdeadline
			 * does too); not a sample: its lateness is unknown */
			start = now;
			s->early++;
			continue;
		}
		while (lat >= per) {
			/* past the deadline (= period): that period missed */
			m->missed++;
			start += per;
			lat -= per;
		}
		if (!rtb_metric_record(m, k, lat))
			k++;
	}
}

static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct dl s = { .c = c, .period_ns = c->o->period_ns > MIN_PERIOD_NS ? c->o->period_ns : MIN_PERIOD_NS };
	const int64_t per = s.period_ns;
	size_t n = rtb_samples(c, b);
	uint64_t missed0;
	int64_t elapsed_ns = 0;
	int rc;

	s.m = rtb_measure_metric(c, b, b->id, b->title, n);
	if (!s.m)
		return RTB_ENOMEM;
	missed0 = s.m->missed;
	/* unpinned: which CPU took a sample is not known, so a histogram-mode
	 * metric's worst samples say -1, not the runner's CPU */
	if (s.m->hm)
		s.m->hm->cpu = -1;
	rc = rtb_measure_task(c, "tDeadline", -1, dl_main, &s, 10000000000LL + 3 * (int64_t)n * per, &elapsed_ns);
	if (rc)
		return rc;
	if (s.rc) {
		/* refused: SKIPPED with the kernel's reason (the class is the
		 * OS's to give, not a failure of the measurement) */
		rtb_metric_skip(s.m, s.why[0] ? s.why : rtb_strerror(s.rc));
		return 0;
	}
	rtb_metric_set_method(s.m, "%s; runtime %d%% of a %lld us period, deadline = period (cyclicdeadline's "
		"defaults); not pinned (the class needs the whole root domain); sample = first stamp of a job - "
		"its period's start, periods from the first job's stamp", rtb_word_or(RTB_W_DEADLINE, "deadline scheduling"),
		RUNTIME_PCT, (long long)(per / 1000));
	if (s.m->missed > missed0)
		rtb_metric_note(s.m, "%llu deadlines missed (a job started after its period's deadline)",
				(unsigned long long)(s.m->missed - missed0));
	if (s.early)
		rtb_metric_note(s.m, "%llu jobs started before their computed period: the reference moved back "
				"to them, not samples (an earlier job was late, or the kernel restarted the period)", (unsigned long long)s.early);
	rtb_metric_extra(s.m, "period_us", (double)per / 1000.0, "us");
	rtb_metric_extra(s.m, "runtime_us", (double)per * RUNTIME_PCT / 100 / 1000.0, "us");
	rtb_metric_extra(s.m, "deadline_misses", (double)s.m->missed, "jobs"); /* all rounds */
	rtb_measure_metric_end(c, s.m, elapsed_ns);
	return 0;
}

const struct rtb_bench rtb_bench_deadline = {
	.id = "sched.deadline.wakeup",
	.title = "Deadline-scheduled periodic task: wake-up and deadline misses",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "a task under deadline scheduling (runtime 60% of 1 ms or --period-us, deadline = period); period start -> "
		   "job running, deadline misses counted (cyclicdeadline's job); SKIPPED with the reason where refused",
	.default_samples = 5000,
	.injectable = 1,
	.threads = 1,
	.run = run,
	.can = RTB_CAN_TIME,
	.one_cpu_why = "the kernel admits a deadline task only with affinity over its whole root domain "
		       "(rtbench changes no cpuset), so no instance could be kept on the CPU it would be named for",
};
