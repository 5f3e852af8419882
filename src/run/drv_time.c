/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the driver for a time (run --duration D [--cpus LIST]
 * [--interval I], run/runner.h): each measurement runs once, on every
 * listed CPU at once (run/long.c), until its duration ends or a stop;
 * the result files rewritten after every interval. A stop (Ctrl-C,
 * SIGTERM) is its end, as cyclictest's. See docs/long-runs.md. */
#include <stdio.h>
#include "run/long.h"
#include "run/env.h"
#include "run/watchdog.h"
#include "rtbench/err.h"

/* phase - the whole measurement (no round result: the metrics are made
 * in the run's). */
static int phase(struct rtb_long *lr, struct rtb_ctx *c, int *measured)
{
	(void)measured;
	return rtb_long_phase(lr, c);
}

static int time_round(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds, int *measured)
{
	return rtb_long_measure(r, b, round, nrounds, phase, measured);
}

/* time_say - the progress line: how long, where, the interval. */
static void time_say(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds)
{
	const struct rtb_opts *o = r->o;

	(void)round;
	(void)nrounds;
	fprintf(stderr, "rtbench: %s for %lld s on CPU %s (interval %lld s%s)\n", b->id,
		(long long)(o->time.duration_ns / 1000000000LL), r->res->set.cpus,
		(long long)(o->time.interval_ns / 1000000000LL), o->time.interval_grown ?
		": the default 60 s grown so the run keeps at most " RTB_MAX_INTERVALS_STR " intervals" : "");
}

/* time_finish - how it ended: Ctrl-C / SIGTERM end it as cyclictest's (a
 * whole result of the time measured, saying how it ended; what was planned
 * stays planned, so "complete" is false and a gate fails it,
 * rtb_result_complete), the watchdog, --break-us, or the duration. */
static void time_finish(struct rtb_runner *r, const struct rtb_break *brk)
{
	struct rtb_settings *s = &r->res->set;

	if (rtb_wd_reason() == RTB_WD_SIGNAL) {
		s->stopped_early = 0;
		s->end_signal = rtb_wd_signal();
		snprintf(s->ended, sizeof(s->ended), "signal");
	} else if (rtb_wd_reason() != RTB_WD_NONE) {
		snprintf(s->ended, sizeof(s->ended), "watchdog");
	} else if (brk->hit) {
		s->brk = *brk;
		snprintf(s->ended, sizeof(s->ended), "break");
	} else {
		snprintf(s->ended, sizeof(s->ended), "duration");
	}
}

static int time_init(struct rtb_runner *r)
{
	return rtb_long_begin(r, &rtb_mode_duration);
}

/* long_samples - a run for a time's loop size: only the stop flag ends it. */
static size_t long_samples(const struct rtb_ctx *c, const struct rtb_bench *b)
{
	(void)b;
	return rtb_long_samples(c);
}

const struct rtb_mode rtb_mode_duration = {
	.name = "duration",
	.until_stopped = 1,
	.samples_total = long_samples,
	.metric = rtb_long_metric,
	.thread_started = rtb_long_thread_started,
	.knob_set = rtb_env_set,
	.knob_restore = rtb_env_restore_one,
	.stream_marks = rtb_mode_stream_marks,
};

static int time_selects(const struct rtb_opts *o)
{
	return o->time.duration_ns > 0;
}

const struct rtb_driver rtb_driver_time = {
	.name = "duration",
	.mode = &rtb_mode_duration,
	.selects = time_selects,
	.init = time_init,
	.say = time_say,
	.round = time_round,
	.finish = time_finish,
	.release = rtb_long_release,
};
