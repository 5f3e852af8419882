/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - how much of a run for a time each CPU measured (the
 * rule is in run/long.h, rtb_long_cover_of): a CPU whose measuring thread
 * started after the run's stop was never measured and must not read as
 * "ok" with no samples; one that started late measured only part of the
 * run. Both are said per metric, in the aggregate and in the run's
 * warnings and settings. Times only, never the count: zero samples is a
 * valid result (noise.gap with no gap over its threshold). */
#include <stdio.h>
#include "run/long.h"
#include "rtbench/cpuset.h"
#include "run/watchdog.h"

/* rtb_long_thread_started - a long mode's thread_started (long.h). */
void rtb_long_thread_started(struct rtb_ctx *c, rtb_thread_t *t)
{
	long long none = 0;

	rtb_wd_register(t);
	if (c->lc) /* the first only: later ones (task.create's) are samples */
		atomic_compare_exchange_strong(&c->lc->spawn_ns, &none, (long long)rtb_port_mono_ns());
}

/* rtb_long_cover_of - the rule (long.h). */
enum rtb_long_cover rtb_long_cover_of(int64_t began_ns, int64_t stop_ns, int64_t run_ns, int64_t *measured_ns)
{
	int64_t m = began_ns < 0 || began_ns >= stop_ns ? 0 : stop_ns - began_ns;

	if (m > run_ns)
		m = run_ns; /* the stop a little past the run's time (LATE_STOP_NS) */
	if (measured_ns)
		*measured_ns = m;
	if (began_ns < 0 || began_ns >= stop_ns)
		return RTB_LONG_NOT_MEASURED;
	return 2 * m < run_ns ? RTB_LONG_LATE : RTB_LONG_WHOLE;
}

/* rtb_long_began_ns - when lc began measuring (long.h). */
int64_t rtb_long_began_ns(const struct rtb_long *lr, const struct rtb_long_cpu *lc)
{
	int64_t at = (int64_t)atomic_load(&lc->spawn_ns);

	if (!at)
		at = (int64_t)atomic_load(&lc->driver_ns); /* a bench that spawns none */
	return at ? at - lr->t0_ns : -1;
}

/* cover_metric - one shown metric of a CPU the rule did not find whole:
 * partial (an error's status kept), and the note says how much. */
static void cover_metric(struct rtb_metric *s, enum rtb_long_cover cv, int64_t began, int64_t stop,
			 int64_t run, int64_t measured)
{
	if (s->status == RTB_STATUS_OK)
		s->status = RTB_STATUS_PARTIAL;
	if (cv == RTB_LONG_NOT_MEASURED && began >= 0)
		rtb_metric_note(s, "not measured: its thread started %.3f s after the run's stop",
				(double)(began - stop) / 1e9);
	else if (cv == RTB_LONG_NOT_MEASURED)
		rtb_metric_note(s, "not measured: its thread had not started when the run stopped");
	else
		rtb_metric_note(s, "measured only %.1f s of the run's %.1f s: its thread started %.1f s "
				"after the run's start", (double)measured / 1e9, (double)run / 1e9,
				(double)began / 1e9);
}

/* rtb_long_cover_say - every CPU's cover, said (long.h). */
void rtb_long_cover_say(struct rtb_long *lr, int64_t stop_ns, int64_t run_ns)
{
	struct rtb_settings *set = &lr->res->set;
	struct rtb_cpuset none = { 0 }, late = { 0 };
	int64_t worst_after = 0, latest = 0;
	char list[160];

	for (int i = 0; i < lr->ncpu; i++) {
		struct rtb_long_cpu *lc = &lr->cpus[i];
		int64_t began = rtb_long_began_ns(lr, lc), measured;
		enum rtb_long_cover cv = rtb_long_cover_of(began, stop_ns, run_ns, &measured);

		if (cv == RTB_LONG_WHOLE)
			continue;
		if (cv == RTB_LONG_NOT_MEASURED) {
			rtb_cpuset_set(&none, lc->cpu);
			if (began - stop_ns > worst_after)
				worst_after = began - stop_ns;
		} else {
			rtb_cpuset_set(&late, lc->cpu);
			if (began > latest)
				latest = began;
		}
		/* one whose thread never started has its own note (long.c) */
		for (int j = 0; j < lr->nmet && lc->started; j++)
			cover_metric(lc->shown[j], cv, began, stop_ns, run_ns, measured);
	}
	lr->cover_none = none;
	int n = rtb_cpuset_count(&none);
	if (n) {
		rtb_cpuset_str(&none, list, sizeof(list));
		/* the list last: a long one cut at the warning's length loses
		 * only its tail (settings.long_run.cpus_not_measured has it) */
		rtb_result_warn(lr->res, "DEGRADED: %s: %d of %d CPUs not measured, %s after "
				"the run's stop (the latest %.3f s after it): %s %s", lr->b->id, n, lr->ncpu,
				n > 1 ? "their threads began" : "its thread began", (double)worst_after / 1e9,
				n > 1 ? "CPUs" : "CPU", list);
	}
	if ((n = rtb_cpuset_count(&late))) {
		rtb_cpuset_str(&late, list, sizeof(list));
		rtb_result_warn(lr->res, "DEGRADED: %s: %d of %d CPUs measured under half the run, %s up "
				"to %.1f s into its %.1f s: %s %s", lr->b->id, n, lr->ncpu,
				n > 1 ? "their threads began" : "its thread began", (double)latest / 1e9,
				(double)run_ns / 1e9, n > 1 ? "CPUs" : "CPU", list);
	}
	/* the run's, over all its measurements */
	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (rtb_cpuset_has(&none, c))
			rtb_cpuset_set(&lr->run_none, c);
		if (rtb_cpuset_has(&late, c))
			rtb_cpuset_set(&lr->run_late, c);
	}
	rtb_cpuset_str(&lr->run_none, set->cpus_not_measured, sizeof(set->cpus_not_measured));
	rtb_cpuset_str(&lr->run_late, set->cpus_late, sizeof(set->cpus_late));
}
