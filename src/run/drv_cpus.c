/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the driver by count on several CPUs at once (run --cpus
 * LIST --samples N, run/runner.h): each round of a measurement runs on
 * every listed CPU at once (run/long.c: one driver thread a CPU, the
 * runner's histogram-mode metric each, the all-CPU aggregate), into a
 * result of its own merged into the run's as a one-CPU count round's. */
#include <stdio.h>
#include "run/long.h"
#include "run/env.h"
#include "run/watchdog.h"
#include "rtbench/err.h"

/* count_round - by count: one round of the bench on every CPU at once,
 * its metrics made in a result of its own and merged into the run's after
 * it, as a one-CPU count run's round (drv_count.c, rtb_round_merge): each CPU's
 * metric and the aggregate get the round's statistics among their rounds.
 * *measured as rtb_round_merge's. */
static int count_round(struct rtb_long *lr, struct rtb_ctx *c, int *measured)
{
	struct rtb_result tmp;
	int rc, mrc;

	rtb_round_result(lr->res, &tmp);
	lr->mres = c->res = &tmp; /* the tracer's components are the round's too */
	rc = rtb_long_phase(lr, c);
	lr->mres = c->res = lr->res;
	mrc = rtb_round_merge(c, &tmp, measured);
	return rc ? rc : mrc;
}

static int cpus_round(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds, int *measured)
{
	return rtb_long_measure(r, b, round, nrounds, count_round, measured);
}

/* cpus_say - the progress line: this round's share of each CPU's samples. */
static void cpus_say(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds)
{
	size_t n = r->drv->mode->samples_total(&r->c, b);

	fprintf(stderr, "rtbench: [%d/%d] %s (round %d of %d): %lu of %lu samples on each of CPUs %s at once ...\n",
		r->k, r->total, b->id, round + 1, nrounds,
		(unsigned long)(n / (size_t)nrounds + ((size_t)round < n % (size_t)nrounds)), (unsigned long)n,
		r->res->set.cpus);
}

/* cpus_finish - a stop (Ctrl-C, the watchdog, --break-us) leaves a whole
 * result of what was measured, "complete": false, as any count run's. */
static void cpus_finish(struct rtb_runner *r, const struct rtb_break *brk)
{
	struct rtb_settings *s = &r->res->set;

	s->stopped_early = r->stopped || rtb_stopped(&r->c);
	s->brk = *brk;
}

static int cpus_init(struct rtb_runner *r)
{
	return rtb_long_begin(r, &rtb_mode_count_cpus);
}

/* each CPU's instance measures its N samples into the metric the runner
 * made for it (ended when every CPU is done); the runner arms the watchdog
 * on the CPUs' progress, not a bench's own bound */
const struct rtb_mode rtb_mode_count_cpus = {
	.name = "count-cpus",
	.samples_total = rtb_mode_count_samples,
	.metric = rtb_long_metric,
	.thread_started = rtb_long_thread_started,
	.knob_set = rtb_env_set,
	.knob_restore = rtb_env_restore_one,
	.stream_marks = rtb_mode_stream_marks,
};

static int cpus_selects(const struct rtb_opts *o)
{
	return o->cpus.n > 1;
}

const struct rtb_driver rtb_driver_cpus = {
	.name = "count-cpus",
	.mode = &rtb_mode_count_cpus,
	.selects = cpus_selects,
	.init = cpus_init,
	.say = cpus_say,
	.round = cpus_round,
	.finish = cpus_finish,
	.release = rtb_long_release,
};
