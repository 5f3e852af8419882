/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - one measurement's pass in a set-up context and its
 * outcome (the one place it is decided: SKIPPED or FAILED, and the run goes
 * on); a round's own result and its merge into the run's. Every count
 * driver (drv_count.c, drv_cpus.c) and the selftest use it. */
#include <stdio.h>
#include <string.h>
#include "run/run.h"
#include "model/stack.h"
#include "run/run_trace.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/tracer.h"

/* run_once - one pass of a benchmark, with the watchdog armed around it. */
static int run_once(struct rtb_ctx *c, const struct rtb_bench *b)
{
	int rc;

	rtb_wd_arm(60000000000LL); /* benchmarks arm their own, tighter bound */
	rc = b->run(c, b);
	rtb_wd_arm(0);
	rtb_wd_forget_all();
	/* benchmarks may have changed the runner thread's priority */
	if (c->rt)
		rtb_port_self_sched(RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu);
	return rc;
}

/* not_run - bench b measured nothing: one metric under its id says why
 * (err: the status it makes, rtb_outcome). */
static int not_run(struct rtb_ctx *c, const struct rtb_bench *b, int err, const char *why)
{
	struct rtb_metric *m;
	int rc = rtb_metric_new(c->res, b->id, b->title, 0, &m);

	if (rc)
		return rc;
	m->study_table = b->study_table;
	m->group = b->group;
	m->err = err;
	m->status = rtb_outcome(err);
	rtb_metric_note(m, "%s", why);
	return 0;
}

/* outcome - the one place a benchmark's outcome is decided, after it
 * returned err: each metric it made that recorded an error
 * (rtb_metric_error) gets the status that error makes (rtb_outcome:
 * RTB_ENOTSUP SKIPPED, anything else FAILED); when the benchmark itself
 * returned an error, every metric it left without samples gets that one,
 * or, if it made none, one metric under its id says so. Metrics that hold
 * samples keep them. The run goes on either way. */
static int outcome(struct rtb_ctx *c, const struct rtb_bench *b, int first, int err)
{
	const enum rtb_metric_status st = rtb_outcome(err);
	int any = 0;
	char why[160];

	snprintf(why, sizeof(why), "%s%s", st == RTB_STATUS_FAILED ? "failed: " :
		 st == RTB_STATUS_SKIPPED ? "not applicable: " : "", rtb_strerror(err));
	for (int i = first; i < c->res->nmetrics; i++) {
		struct rtb_metric *m = c->res->metrics[i];
		any = 1;
		if (m->err) {
			m->status = rtb_outcome(m->err);
			continue;
		}
		if (!err || m->count)
			continue;
		m->err = err;
		m->status = st;
		rtb_metric_note(m, "%s", why);
	}
	if (!err)
		return 0;
	if (!c->o->quiet)
		fprintf(stderr, "rtbench: %s %s\n", b->id, why);
	return any ? 0 : not_run(c, b, err, why);
}

/* rtb_run_bench - one benchmark; with --trace, the traced passes. An
 * error it returns marks its metrics (outcome) and is not passed on:
 * one benchmark never stops the run. */
int rtb_run_bench(struct rtb_ctx *c, const struct rtb_bench *b)
{
	int rc, first = c->res->nmetrics;
	char why[160];

	if (b->needs_rt && !c->rt)
		return not_run(c, b, RTB_ENOTSUP,
			       "needs real-time priorities, which this run does not have");
	if (b->threads > rtb_stack_free()) {
		snprintf(why, sizeof(why), "needs %d threads at once; this build's pool has %d free "
			 "(RTB_THREADS_MAX %d)", b->threads, rtb_stack_free(), RTB_THREADS_MAX);
		return not_run(c, b, RTB_ENOTSUP, why);
	}
	if (c->trace_ready && b->trace_kind != RTB_TRACE_NONE)
		rc = rtb_run_trace_bench(c, b, run_once);
	else
		rc = run_once(c, b);
	if (rc == RTB_EINTR)
		return rc;
	return outcome(c, b, first, rc);
}

/* rtb_round_result - an empty result for one round (run.h). */
void rtb_round_result(const struct rtb_result *res, struct rtb_result *tmp)
{
	memset(tmp, 0, sizeof(*tmp));
	tmp->clock = res->clock;
	tmp->fp = res->fp;       /* a bench may say what the port reported */
	tmp->keep_times = res->keep_times;
}

/* rtb_round_merge - a round's result into the run's (run.h): by count
 * on one CPU (drv_count.c) and on several at once (drv_cpus.c). */
int rtb_round_merge(struct rtb_ctx *c, struct rtb_result *tmp, int *measured)
{
	struct rtb_result *res = c->res;
	int mrc = 0;

	/* warnings a bench adds go to the run */
	for (int i = 0; i < tmp->nwarnings; i++) {
		int dup = 0;
		for (int j = 0; j < res->nwarnings && !dup; j++)
			dup = !strcmp(res->warnings[j], tmp->warnings[i]);
		if (!dup)
			rtb_result_warn(res, "%s", tmp->warnings[i]);
	}
	*measured = 0;
	for (int i = 0; i < tmp->nmetrics; i++) {
		struct rtb_metric *m = tmp->metrics[i];
		struct rtb_metric *d = rtb_metric_find(res, m->id);
		*measured |= m->status == RTB_STATUS_OK || m->status == RTB_STATUS_PARTIAL;
		if (!d && res->nmetrics < RTB_MAX_METRICS) {
			/* first round: the metric moves over as it is */
			rtb_metric_round_record(m);
			rtb_metric_finish(m, c->o->deadline_ns);
			res->metrics[res->nmetrics++] = m;
			tmp->metrics[i] = NULL;
			continue;
		}
		if (d && !mrc && c->tracer)
			mrc = c->tracer->merge(d, m, c->brk); /* run --trace */
		if (d && !mrc)
			mrc = rtb_metric_merge_round(d, m, c->o->deadline_ns);
	}
	rtb_result_free(tmp); /* what did not move over (skips NULL) */
	return mrc;
}
