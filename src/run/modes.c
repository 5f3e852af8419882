/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the measuring modes as tables (struct rtb_mode,
 * rtbench/ctx.h): by count on one CPU (run/run.c, selftest), by count on
 * several CPUs at once and for a time (both run/long.c: one driver a CPU,
 * the runner's histogram-mode metric each, the all-CPU aggregate). The
 * bench API's helpers reach the runner's services (the watchdog, the
 * settings journal, the tracer's streamed marks) only through the
 * table in their context. */
#include "run/run.h"
#include "run/env.h"
#include "run/long.h"
#include "run/watchdog.h"
#include "rtbench/tracer.h"

/* count_samples - --samples if given, else the benchmark's default. */
static size_t count_samples(const struct rtb_ctx *c, const struct rtb_bench *b)
{
	return c->o->samples > 0 ? (size_t)c->o->samples : b->default_samples;
}

/* long_samples - a long run's loop size: only the stop flag ends it. */
static size_t long_samples(const struct rtb_ctx *c, const struct rtb_bench *b)
{
	(void)b;
	return rtb_long_samples(c);
}

/* stream_marks - a streamed pass's marks when the tracer reads one. */
static struct rtb_trace_marks *stream_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind,
					    int *streamed)
{
	*streamed = 0;
	return c->tracer ? c->tracer->marks(c, m, kind, streamed) : NULL;
}

const struct rtb_mode rtb_mode_count = {
	.name = "count",
	.samples_total = count_samples,
	.watchdog_arm = rtb_wd_arm,
	.thread_started = rtb_wd_register,
	.knob_set = rtb_env_set,
	.knob_restore = rtb_env_restore_one,
	.stream_marks = stream_marks,
};

const struct rtb_mode rtb_mode_duration = {
	.name = "duration",
	.until_stopped = 1,
	.samples_total = long_samples,
	.metric = rtb_long_metric,
	.thread_started = rtb_wd_register,
	.knob_set = rtb_env_set,
	.knob_restore = rtb_env_restore_one,
	.stream_marks = stream_marks,
};

/* by count on several CPUs at once (run --cpus LIST --samples N): each
 * CPU's instance measures its N samples into the metric the runner made
 * for it (run/long.c, ended when every CPU is done); the runner arms the
 * watchdog on the CPUs' progress, not a bench's own bound */
const struct rtb_mode rtb_mode_count_cpus = {
	.name = "count-cpus",
	.samples_total = count_samples,
	.metric = rtb_long_metric,
	.thread_started = rtb_wd_register,
	.knob_set = rtb_env_set,
	.knob_restore = rtb_env_restore_one,
	.stream_marks = stream_marks,
};
