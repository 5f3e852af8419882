/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - one run, in one loop for every mode (run/runner.h):
 *   1. select: the first driver of RTB_DRIVER_LIST that takes the options
 *   2. set up: the environment (run_setup.c), the driver's init, --raw
 *   3. plan: each selected measurement's rounds (one for a time)
 *   4. run: rounds interleaved (round 1 of every measurement, then round
 *      2, ...), each through the driver; by count the result files after
 *      every round, so a stop keeps them
 *   5. stop: at a stop, an error, or when every round ran
 *   6. finish: teardown, the tracer's close, how it ended (the driver),
 *      the --break-us line, the report, the final files, the exit code. */
#include <stdio.h>
#include <string.h>
#include "run/runner.h"
#include "run/load.h"
#include "run/ready.h"
#include "run/run_kagg.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/selfcost.h"
#include "rtbench/mem.h"
#include "rtbench/tracer.h"
#include "bench/registry.h"

#define RTB_DRIVER_REF(name) &rtb_driver_##name,
static const struct rtb_driver *const drivers[] = { RTB_DRIVER_LIST(RTB_DRIVER_REF) };

/* select_driver - Step 1: the first driver that takes options o (the
 * list ends with one that takes any). */
static const struct rtb_driver *select_driver(const struct rtb_opts *o)
{
	for (size_t i = 0; i + 1 < sizeof(drivers) / sizeof(drivers[0]); i++)
		if (drivers[i]->selects(o))
			return drivers[i];
	return drivers[sizeof(drivers) / sizeof(drivers[0]) - 1];
}

/* stopped_before - a stop before anything was measured (while waiting for
 * the settings lock, rtb_run_setup): still a whole result, every selected
 * measurement planned and none done ("complete": false, a gate fails it),
 * saying how it ended. By count RTB_EINTR (exit 128+N, as any stopped
 * count run); for a time the stop is its end (0), as cyclictest's. */
static int stopped_before(struct rtb_runner *r)
{
	struct rtb_settings *s = &r->res->set;
	const int for_time = r->drv->mode->until_stopped;
	int wrc;

	for (size_t i = 0; i < rtb_nbenches; i++)
		s->benches_planned += rtb_tests_selects(rtb_benches[i], r->o->tests);
	s->rounds_planned = s->benches_planned;
	if (for_time) {
		s->duration_ns = r->o->time.duration_ns;
		s->interval_ns = r->o->time.interval_ns;
		s->rounds = 1;
		s->end_signal = rtb_wd_signal();
		snprintf(s->ended, sizeof(s->ended), "signal");
	} else {
		s->stopped_early = 1;
	}
	s->final = 1;
	wrc = rtb_run_write(r->out, r->res);
	if (for_time)
		return wrc ? RTB_EIO : 0;
	return RTB_EINTR;
}

/* keep_times - Step 2, --raw: each sample keeps the counter reading taken
 * as it is recorded, for its time since the run's start (set-up cleared
 * res); a run for a time keeps histograms, not samples. */
static void keep_times(struct rtb_runner *r)
{
	if (!r->out->raw || r->drv->mode->until_stopped)
		return;
	rtb_sample_clock = rtb_port_ticks;
	r->res->keep_times = 1;
}

/* bench_rounds - how many rounds bench b runs in: one for a time or for a
 * bench that needs all its trials together, else the run's rounds, at
 * most one per sample and RTB_MAX_ROUNDS. */
static int bench_rounds(struct rtb_runner *r, const struct rtb_bench *b)
{
	struct rtb_ctx *c = &r->c;
	int n = r->o->rounds > 0 ? r->o->rounds : 1;
	size_t total;

	if (r->drv->mode->until_stopped || b->one_round)
		return 1;
	c->nrounds = 1;
	c->round = 0;
	total = rtb_samples_total(c, b);
	if ((size_t)n > total)
		n = total ? (int)total : 1;
	return n > RTB_MAX_ROUNDS ? RTB_MAX_ROUNDS : n;
}

/* plan - Step 3: nr[i], the rounds of rtb_benches[i] (0: not selected),
 * into the settings; the most rounds any measurement has. */
static int plan(struct rtb_runner *r, int *nr)
{
	struct rtb_settings *s = &r->res->set;
	int maxr = 1, nsel = 0;

	r->total = 0;
	for (size_t i = 0; i < rtb_nbenches; i++) {
		nr[i] = 0;
		if (!rtb_tests_selects(rtb_benches[i], r->o->tests))
			continue;
		nsel++;
		nr[i] = bench_rounds(r, rtb_benches[i]);
		r->total += nr[i];
		maxr = nr[i] > maxr ? nr[i] : maxr;
	}
	s->rounds = maxr;
	s->benches_planned = nsel;
	s->rounds_planned = r->total;
	return maxr;
}

/* going - the loop goes on: no error, no stop. */
static int going(const struct rtb_runner *r, int rc)
{
	return !rc && !r->stopped && !rtb_stopped(&r->c);
}

/* run_rounds - Steps 4-5. Rounds interleave: round 1 of every bench, then
 * round 2 of every bench, ...: whatever drifts over the run (placement,
 * frequency, the host) lands in every bench's rounds alike, and the
 * spread of the rounds shows it. Returns the error that ended it. */
static int run_rounds(struct rtb_runner *r, int *nr, int maxr, int *wrc)
{
	struct rtb_settings *s = &r->res->set;
	int rc = 0;

	for (int round = 0; round < maxr && going(r, rc); round++) {
		for (size_t i = 0; i < rtb_nbenches && going(r, rc); i++) {
			const struct rtb_bench *b = rtb_benches[i];
			int measured = 1;
			if (round >= nr[i])
				continue;
			r->k++;
			if (!r->o->quiet)
				r->drv->say(r, b, round, nr[i]);
			rc = r->drv->round(r, b, round, nr[i], &measured);
			if (rc) {
				fprintf(stderr, "rtbench: %s failed: %s\n", b->id, rtb_strerror(rc));
				break;
			}
			if (!measured && nr[i] > round + 1) {
				r->total -= nr[i] - round - 1;
				nr[i] = round + 1; /* skipped or failed: no more rounds */
				s->rounds_planned = r->total;
			}
			if (!r->stopped && !rtb_stopped(&r->c)) {
				s->rounds_done++;
				s->benches_done += round + 1 == nr[i];
			}
		}
		/* by count, after each round: a stop keeps them ("complete":
		 * false); for a time the driver rewrites them every interval */
		if (!r->drv->mode->until_stopped)
			*wrc |= rtb_run_write(r->out, r->res);
	}
	return rc;
}

/* break_say - the line a run stopped by --break-us ends with. */
static void break_say(const struct rtb_break *brk)
{
	fprintf(stderr, "rtbench: stopped at the first sample over %s %lld (%s): "
		"a %s sample of %.1f us\n", rtb_break_words(brk), (long long)(brk->ns / 1000), rtb_break_like(brk),
		brk->id, (double)brk->sample_ns / 1000.0);
}

/* finish - Step 6: everything after the last round; the exit code. */
static int finish(struct rtb_runner *r, int rc, int wrc)
{
	struct rtb_settings *s = &r->res->set;
	struct rtb_break brk;

	rtb_selfcost_step("finish");
	rtb_run_kagg_read(r->o, r->res); /* --trace-bpf: before the teardown */
	rtb_run_teardown(&r->c);
	brk = *r->c.brk;
	/* run --trace: the break's window (beside the result where the driver
	 * keeps one), its blocker's stack; nonzero: a --trace-events file was
	 * not written (said where) */
	rtb_selfcost_step("finish: tracer close, report");
	if (r->c.tracer)
		wrc |= r->c.tracer->close(&r->c, r->drv->break_window ? r->out->json : NULL, &brk) != 0;
	r->drv->finish(r, &brk);
	if (s->brk.hit)
		break_say(&s->brk);
	if (r->drv->release)
		r->drv->release(r);
	rtb_run_footprint(r->res);
	if (r->out->report)
		r->out->report(r->res, r->out);
	s->final = 1; /* only this last file may say "complete": true */
	rtb_selfcost_step("finish: result written");
	wrc |= rtb_run_write(r->out, r->res);
	rtb_selfcost_step(NULL);
	if (rc)
		return rc;
	if (s->stopped_early && s->brk.hit)
		return wrc ? RTB_EIO : 0; /* stopped by --break-us, on purpose */
	if (s->stopped_early)
		return RTB_EINTR;
	if (!wrc && rtb_load_failed())
		return RTB_ECHECK; /* the load ended early: said (load.c) */
	return wrc ? RTB_EIO : 0;
}

int rtb_run(const struct rtb_opts *o, const struct rtb_run_out *out,
	    const char *command_line, struct rtb_result *res)
{
	struct rtb_runner r = { .o = o, .out = out, .res = res };
	int rc, wrc = 0, maxr, *nr;

	rtb_ready_file(out->ready);
	r.drv = select_driver(o);                          /* Step 1 */
	rc = rtb_run_setup(o, command_line, res, &r.c);    /* Step 2 */
	if (rc == RTB_EINTR)
		return stopped_before(&r);
	if (rc)
		return rc;
	nr = rtb_alloc(rtb_nbenches * sizeof(*nr));
	rc = nr ? 0 : RTB_ENOMEM;
	rtb_selfcost_step("driver init");
	if (!rc && r.drv->init)
		rc = r.drv->init(&r);
	if (rc) {
		if (r.drv->release)
			r.drv->release(&r);
		rtb_free(nr);
		rtb_run_teardown(&r.c);
		return rc;
	}
	keep_times(&r);
	rtb_run_kagg_open(o, res);
	res->t0_ticks = rtb_port_ticks();
	maxr = plan(&r, nr);                               /* Step 3 */
	rc = run_rounds(&r, nr, maxr, &wrc);               /* Steps 4-5 */
	rtb_free(nr);
	return finish(&r, rc, wrc);                        /* Step 6 */
}
