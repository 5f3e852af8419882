/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the driver by count on one CPU (run/runner.h): each
 * round of a measurement runs in the runner's own context into a result
 * of its own, merged into the run's (bench_run.c); with --trace its passes
 * are the whole-pass traced mode's (run_trace.c). Its mode table is the
 * one the set-up hands every context (and the selftest's). */
#include <stdio.h>
#include <string.h>
#include "run/runner.h"
#include "run/env.h"
#include "run/ready.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/tracer.h"

/* xcpu_warnings - what the cross-CPU counter check found, said only when
 * the run has *.xcpu figures (a difference of two CPUs' stamps) to weaken,
 * in words that say what the check can tell: rounds out of order are the
 * counters' (no latency asymmetry puts the other stamp outside the pair);
 * an offset within +- rtt/2 could be the ping-pong's own asymmetry. */
static void xcpu_warnings(struct rtb_result *res)
{
	const struct rtb_xcpu *x = &res->xcpu;
	int any = 0;

	for (int i = 0; i < res->nmetrics && !any; i++) {
		const struct rtb_metric *m = res->metrics[i];
		size_t l = m ? strlen(m->id) : 0;

		any = m && m->count && l > 5 && !strcmp(m->id + l - 5, ".xcpu");
	}
	if (!any || (!x->err && !x->measured && !x->clocksource_warn))
		return;
	if (x->err)
		rtb_result_warn(res, "cross-CPU counter check not done (%s): the *.xcpu figures "
				"assume the CPUs' counters agree", rtb_strerror(x->err));
	else if (x->violations)
		rtb_result_warn(res, "CPU counters disagree: %llu of %llu ping-pongs put CPU %d's stamp "
				"outside CPU %d's pair (no latency asymmetry can): *.xcpu figures carry "
				"%lld ns +- %lld", (unsigned long long)x->violations,
				(unsigned long long)x->rounds, x->cpu_b, x->cpu_a,
				(long long)x->offset_ns, (long long)x->rtt_ns / 2);
	if (x->clocksource_warn)
		rtb_result_warn(res, "the kernel does not use the TSC as its clocksource (%s): it may "
				"have found the CPUs' TSCs out of step; *.xcpu figures are suspect",
				res->fp.clocksource);
}

/* Placement: two runs of one system differ by more than their rounds do
 * when something is fixed for a whole process: where the benchmark's
 * objects (semaphores, mutexes, its state, all on its stack) land, so
 * which cache sets and which kernel futex hash buckets they use. Each
 * round therefore runs its benchmark RTB_ROUND_PAD_STEP-aligned at a
 * different stack depth (0 to RTB_ROUND_PAD_MAX bytes, from the counter's
 * low bits), so the rounds sample that placement as separate runs would.
 * A board with a small runner stack sets RTB_ROUND_PAD_MAX to 0. */
#ifndef RTB_ROUND_PAD_MAX
#define RTB_ROUND_PAD_MAX 4096
#endif
#define RTB_ROUND_PAD_STEP 64

/* run_bench_padded - rtb_run_bench with pad more bytes of stack below
 * this frame (the round's placement, above). */
static int run_bench_padded(struct rtb_ctx *c, const struct rtb_bench *b, size_t pad)
{
	volatile char buf[pad + 1];
	int rc;

	buf[0] = 0;
	rc = rtb_run_bench(c, b);
	return buf[0] + rc; /* keeps the pad alive across the call */
}

/* round_pad - the stack pad for a round: a multiple of
 * RTB_ROUND_PAD_STEP below RTB_ROUND_PAD_MAX, from the counter's low bits
 * mixed with the round number. */
static size_t round_pad(int round)
{
	uint64_t x = rtb_port_ticks() ^ ((uint64_t)(unsigned)round * 0x9e3779b97f4a7c15ull);

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return RTB_ROUND_PAD_MAX ? (size_t)(x % (RTB_ROUND_PAD_MAX / RTB_ROUND_PAD_STEP)) *
				   RTB_ROUND_PAD_STEP : 0;
}

/* count_round - round `round` of bench b into a result of its own, then
 * merged into the run's (rtb_round_merge). Sets *measured to 0 when the
 * bench measured nothing (skipped or failed metrics only): later rounds
 * would say the same again. */
static int count_round(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds,
		       int *measured)
{
	struct rtb_ctx *c = &r->c;
	struct rtb_result tmp;
	struct rtb_result *res = c->res;
	int rc, mrc;

	rtb_round_result(res, &tmp);
	c->res = &tmp;
	c->round = round;
	c->nrounds = nrounds;
	if (round == 0) {
		/* the measurement's first round starts now: say so (ready.c) */
		char cpus[32];
		if (b->trace_xcpu && c->other_cpu >= 0)
			snprintf(cpus, sizeof(cpus), "%d,%d", c->cpu, c->other_cpu);
		else
			snprintf(cpus, sizeof(cpus), "%d", c->cpu);
		rtb_ready_say(b->id, cpus);
	}
	rc = run_bench_padded(c, b, nrounds > 1 ? round_pad(round) : 0);
	c->res = res;
	c->round = 0;
	c->nrounds = 0;
	mrc = rtb_round_merge(c, &tmp, measured);
	return rc ? rc : mrc;
}

/* count_say - the progress line. */
static void count_say(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds)
{
	fprintf(stderr, "rtbench: [%d/%d] %s (round %d of %d) ...\n", r->k, r->total, b->id, round + 1, nrounds);
}

/* count_finish - a stop left a whole result of what was measured,
 * "complete": false; the --break-us record; the cross-CPU check's words. */
static void count_finish(struct rtb_runner *r, const struct rtb_break *brk)
{
	struct rtb_settings *s = &r->res->set;

	if (r->stopped || rtb_stopped(&r->c))
		s->stopped_early = 1;
	s->brk = *brk;
	xcpu_warnings(r->res);
}

/* the services of a count context (rtbench/ctx.h): the bench API makes
 * its own metrics and arms the watchdog per pass */
const struct rtb_mode rtb_mode_count = {
	.name = "count",
	.samples_total = rtb_mode_count_samples,
	.watchdog_arm = rtb_wd_arm,
	.thread_started = rtb_mode_thread_started,
	.knob_set = rtb_env_set,
	.knob_restore = rtb_env_restore_one,
	.stream_marks = rtb_mode_stream_marks,
};

/* by count on one CPU: what no other driver takes */
static int count_selects(const struct rtb_opts *o)
{
	(void)o;
	return 1;
}

const struct rtb_driver rtb_driver_count = {
	.name = "count",
	.mode = &rtb_mode_count,
	.break_window = 1,
	.selects = count_selects,
	.say = count_say,
	.round = count_round,
	.finish = count_finish,
};
