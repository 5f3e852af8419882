/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - long runs, and runs by count on several CPUs at once
 * (see run/long.h and docs/long-runs.md).
 *
 * Thread protocol of one measurement (the main thread is the supervisor;
 * on each listed CPU a driver thread runs the bench as a normal run would,
 * so its own measuring thread is spawned pinned there). By count, each
 * driver ends after its N samples and the supervisor ends the measurement
 * when every driver has; it keeps no intervals and rewrites no file
 * mid-way (the run writes after each measurement, as any count run):
 *   Step 1: the supervisor makes every metric (each CPU's live one in
 *           histogram mode, the ones the result shows, the all-CPU
 *           aggregate) and arms the watchdog for the whole duration.
 *   Step 2: it starts one driver per CPU (pinned, the bench's priorities),
 *           all at once; each runs the bench until the run's stop flag.
 *   Step 3: every second it bumps the epoch; each measuring thread's next
 *           record closes its slice and publishes it (rtbench/hmetric.h);
 *           the supervisor waits up to PUB_WAIT_NS for them, consumes what
 *           was published (a late slice is consumed the next second).
 *   Step 4: at each interval's end it closes the interval of every CPU and
 *           of the aggregate, and rewrites the result files (atomically:
 *           a SIGKILL loses at most the interval in progress).
 *   Step 5: at the duration's end, or on Ctrl-C / SIGTERM, it sets the
 *           stop flag, joins the drivers, publishes their last slice
 *           itself and writes the whole result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/long.h"
#include "run/raw.h"
#include "run/ready.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/selfcost.h"
#include "rtbench/mem.h"

#define TICK_NS 1000000000LL
#define PUB_WAIT_NS 500000000LL
#define STOP_POLL_NS 200000000LL /* Ctrl-C seen within 0.2 s; fewer wake-ups where no CPU is left */
#define WD_SLACK_NS 60000000000LL /* the watchdog's bound past a phase's planned time */
#define LATE_STOP_NS 1000000LL /* a stop later than this after the duration: the figures hold the extra time */

/* wd_slack_ns - WD_SLACK_NS, or $RTB_WD_SLACK_S seconds (1-86400): a
 * slow machine's longer bound, a test's shorter one (e2e/watchdog_write). */
static int64_t wd_slack_ns(void)
{
	const char *e = getenv("RTB_WD_SLACK_S");
	char *end;
	long v = e ? strtol(e, &end, 10) : 0;

	return e && *e && !*end && v >= 1 && v <= 86400 ? v * 1000000000LL : WD_SLACK_NS;
}

/* stall_for_test - $RTB_TEST_STALL_SUPERVISOR set: the supervisor, once
 * measuring, never runs again (as one starved for good, or stuck), outside
 * the result; the watchdog then ends the run and writes it
 * (e2e/watchdog_write, the forced exit's one deterministic path). Set to
 * "stop": it runs again once the watchdog has stopped the threads at the
 * planned end (a supervisor starved, then raised: e2e/watchdog_write). */
static void stall_for_test(struct rtb_long *lr)
{
	const char *e = getenv("RTB_TEST_STALL_SUPERVISOR");

	if (!e)
		return;
	while (strcmp(e, "stop") || !atomic_load(&lr->stop))
		rtb_port_sleep_ns(TICK_NS / 10);
}

/* late_for_test - $RTB_TEST_LATE_CPU=N, a run for a time: CPU N's driver
 * thread begins only once the run's stop flag is set (waiting on the
 * flag), as the threads of a 128-vCPU TCG guest that started after the
 * run's stop: the one deterministic way to show such a CPU said not
 * measured (e2e/late_cpu). */
static void late_for_test(const struct rtb_long_cpu *lc)
{
	const char *e = getenv("RTB_TEST_LATE_CPU");
	char *end;
	long cpu = e && *e ? strtol(e, &end, 10) : -1;

	if (cpu < 0 || *end || cpu != lc->cpu || lc->lr->target)
		return;
	while (!atomic_load(&lc->lr->stop))
		rtb_port_sleep_ns(1000000);
}

/* driver_main - one CPU's measuring thread: the benchmark's own run, in
 * that CPU's context; done when it returns. */
static void driver_main(void *p)
{
	struct rtb_long_cpu *lc = p;

	late_for_test(lc);
	atomic_store(&lc->driver_ns, (long long)rtb_port_mono_ns()); /* rtb_long_began_ns */
	lc->rc = lc->lr->b->run(&lc->c, lc->lr->b);
	atomic_store(&lc->done, 1);
	if (lc->lr->wake_ok)
		rtb_bsem_give(&lc->lr->wake); /* by count: the supervisor looks now */
}

/* wait_pubs - Step 3: up to PUB_WAIT_NS for every running CPU's slice
 * of each metric. */
static void wait_pubs(struct rtb_long *lr)
{
	int64_t until = rtb_port_mono_ns() + PUB_WAIT_NS;

	for (;;) {
		int missing = 0;
		for (int i = 0; i < lr->ncpu; i++) {
			if (!lr->cpus[i].started || atomic_load(&lr->cpus[i].done))
				continue;
			for (int j = 0; j < lr->nmet; j++) {
				struct rtb_hm *h = lr->cpus[i].live[j]->hm;
				missing += atomic_load(&h->published) == atomic_load(&h->consumed);
			}
		}
		if (!missing || rtb_port_mono_ns() > until)
			break;
		rtb_port_sleep_ns(1000000);
	}
	for (int i = 0; i < lr->ncpu; i++)
		if (rtb_long_consume(&lr->cpus[i]))
			lr->cpus[i].progress_ns = rtb_port_mono_ns();
}

/* all_done - by count: every CPU's driver has returned (or never started). */
static int all_done(struct rtb_long *lr)
{
	for (int i = 0; i < lr->ncpu; i++)
		if (lr->cpus[i].started && !atomic_load(&lr->cpus[i].done))
			return 0;
	return 1;
}

/* watch_progress - by count: the watchdog fires WD_SLACK_NS after the
 * oldest last publication of a CPU still measuring (a CPU whose thread
 * records nothing for that long is stuck; how long N samples take is the
 * bench's, not known here). */
static void watch_progress(struct rtb_long *lr)
{
	int64_t now = rtb_port_mono_ns(), oldest = now;

	for (int i = 0; i < lr->ncpu; i++)
		if (lr->cpus[i].started && !atomic_load(&lr->cpus[i].done) && lr->cpus[i].progress_ns < oldest)
			oldest = lr->cpus[i].progress_ns;
	int64_t slack = wd_slack_ns();

	rtb_wd_arm(oldest + slack - now > 1 ? oldest + slack - now : 1);
}

/* sleep_or_stop - until t_ns, or until Ctrl-C / the watchdog stops the
 * run (checked every STOP_POLL_NS). 1 if stopped; by count 2 when every
 * CPU is done. */
static int sleep_or_stop(struct rtb_long *lr, const struct rtb_ctx *rc, int64_t t_ns)
{
	for (;;) {
		int64_t now = rtb_port_mono_ns();
		if (rtb_stopped(rc))
			return 1;
		if (lr->target && all_done(lr))
			return 2;
		if (now >= t_ns)
			return 0;
		int64_t dt = t_ns - now < STOP_POLL_NS ? t_ns - now : STOP_POLL_NS;
		if (lr->target && lr->wake_ok)
			rtb_bsem_take_timed(&lr->wake, dt); /* a driver's end wakes it */
		else
			rtb_port_sleep_ns(dt);
	}
}

/* kill_write - the watchdog's forced exit (rtb_wd_phase): the result as
 * far as the supervisor had consumed it, every figure partial, saying
 * why; the supervisor is kept out of it meanwhile. */
static void kill_write(void *arg, const char *why)
{
	struct rtb_long *lr = arg;
	struct rtb_settings *s = &lr->res->set;
	int64_t el = rtb_port_mono_ns() - lr->t0_ns, at = rtb_wd_phase_stopped_ns();

	/* measured until the watchdog stopped the threads */
	if (at > lr->t0_ns && at - lr->t0_ns < el)
		el = at - lr->t0_ns;
	/* a CPU whose thread had not begun by then, or late: said (long_cover.c) */
	if (!lr->target && el > 0)
		rtb_long_cover_say(lr, at > lr->t0_ns ? at - lr->t0_ns : el, el);
	/* a CPU whose thread ended: its last slice, as the supervisor's Step
	 * 5 takes it; a stuck one's last publication */
	for (int i = 0; i < lr->ncpu; i++) {
		struct rtb_long_cpu *lc = &lr->cpus[i];
		if (lc->started && atomic_load(&lc->done))
			rtb_long_finish_cpu(lr, lc, 1);
		else if (lc->started)
			rtb_long_consume(lc);
	}
	if (!lr->target)
		rtb_long_close_interval(lr, el);
	rtb_long_refresh(lr, el);
	for (int j = 0; j < lr->nmet; j++) {
		for (int i = 0; i <= lr->ncpu; i++) {
			struct rtb_metric *m = i < lr->ncpu ? lr->cpus[i].shown[j] : lr->agg[j];
			if (!m)
				continue;
			if (m->status == RTB_STATUS_OK)
				m->status = RTB_STATUS_PARTIAL;
			rtb_metric_note(m, "stopped by the watchdog: %s; figures as the supervisor last "
					"consumed them", why);
		}
	}
	rtb_result_warn(lr->res, "the watchdog ended the run: %s; every figure is partial", why);
	snprintf(s->ended, sizeof(s->ended), "watchdog");
	s->stopped_early = 1;
	s->measured_ns = lr->before_ns + el;
	s->final = 1;
	rtb_long_write(lr);
}

/* other_of_first - the second CPU a measurement's first CPU pairs with
 * when only one is listed (the run's other CPU, else its own). */
static int other_of_first(const struct rtb_long *lr, const struct rtb_ctx *c)
{
	return c->other_cpu >= 0 && c->other_cpu != lr->cpus[0].cpu ? c->other_cpu : c->cpu;
}

/* rtb_long_phase - one measurement for the duration (or by count), Steps 1-5. */
int rtb_long_phase(struct rtb_long *lr, struct rtb_ctx *rc)
{
	const struct rtb_opts *o = lr->o;
	const int64_t before_ns = lr->res->set.measured_ns; /* the earlier measurements' */
	const int by_count = !lr->mode->until_stopped;
	const int first_other = other_of_first(lr, rc);
	int err, stopped = 0;

	struct rtb_ctx share = *rc;
	share.mode = lr->mode;
	share.round = lr->round;
	share.nrounds = lr->nrounds;
	/* by count: this round's share of each CPU's samples, as the bench
	 * sizes its loop (rtb_samples), and the whole run's */
	lr->total = by_count ? rtb_samples_total(&share, lr->b) : 0;
	lr->target = by_count ? rtb_samples(&share, lr->b) : 0;
	rtb_selfcost_step("phase: metrics made");
	if ((err = rtb_long_make_metrics(lr)))
		return err;
	if (lr->stream && (err = rtb_raw_begin(lr->stream, lr))) /* --raw for a time (run/raw.h) */
		return err;
	atomic_store(&lr->stop, 0);
	atomic_store(&lr->epoch, 0);
	lr->iv_start_ns = 0;
	memset(&lr->cover_none, 0, sizeof(lr->cover_none));
	rtb_wd_arm(by_count ? wd_slack_ns() : o->time.duration_ns + wd_slack_ns());
	rtb_selfcost_step("phase: trace start");
	rtb_long_trace_begin(lr, rc, first_other); /* run --trace (run/long_trace.c) */
	rtb_selfcost_step("phase: threads start");
	/* --break-us traced or not, as by count (bench_util.c): a run
	 * that was not traced must not ignore it */
	for (int i = 0; i < lr->ncpu; i++)
		for (int j = 0; j < lr->nmet; j++)
			lr->cpus[i].live[j]->brk = rtb_ctx_break(rc);
	rtb_long_smi_start(lr); /* each interval's SMIs (long_metrics.c) */
	lr->t0_ns = rtb_port_mono_ns();
	lr->before_ns = before_ns;
	lr->late_ns = 0;
	/* the measuring threads see a stop of the watchdog's at once; a
	 * supervisor starved past the duration's end is raised (watchdog.c) */
	/* by count the shown metrics are the round's own result's, merged
	 * after it: a forced exit keeps the last round's files, not this */
	rtb_wd_kill_fn kw = by_count ? NULL : kill_write;
	rtb_wd_phase(&lr->stop, by_count ? 0 : lr->t0_ns + o->time.duration_ns, kw, lr);
	for (int i = 0; i < lr->ncpu; i++)
		lr->cpus[i].started = 0; /* this phase's threads only */
	/* stopped meanwhile (the trace's start): nothing starts measuring */
	for (int i = 0; i < lr->ncpu && !rtb_stopped(rc); i++) { /* Step 2 */
		struct rtb_long_cpu *lc = &lr->cpus[i];
		struct rtb_thread_attr a = {
			.name = "rtb-cpu", .policy = rc->rt ? RTB_SCHED_FIFO : RTB_SCHED_NORMAL,
			.prio = RTB_PRIO_LOW, .cpu = lc->cpu,
		};
		lc->c = *rc;
		lc->c.res = lc->res;
		lc->c.cpu = lc->cpu;
		lc->c.other_cpu = lr->ncpu > 1 ? lr->cpus[(i + 1) % lr->ncpu].cpu : first_other;
		lc->c.stop = &lr->stop;
		lc->c.lc = lc;
		lc->c.mode = lr->mode;
		lc->c.round = by_count ? lr->round : 0;
		lc->c.nrounds = by_count ? lr->nrounds : 0;
		lc->rc = 0;
		atomic_store(&lc->driver_ns, 0);
		atomic_store(&lc->spawn_ns, 0);
		err = rtb_thread_create(&lc->th, &a, driver_main, lc);
		if (err) {
			for (int j = 0; j < lr->nmet; j++) {
				lc->shown[j]->status = RTB_STATUS_FAILED;
				rtb_metric_note(lc->shown[j], "cannot start its thread on CPU %d: %s", lc->cpu,
						rtb_strerror(err));
			}
			continue;
		}
		rtb_wd_register(&lc->th);
		lc->started = 1;
		lc->progress_ns = lr->t0_ns;
	}
	if (!rtb_stopped(rc) && !lr->round)
		rtb_ready_say(lr->b->id, lr->res->set.cpus); /* measuring (ready.c) */
	rtb_selfcost_step("measuring");
	stall_for_test(lr);
	int64_t end = by_count ? INT64_MAX : lr->t0_ns + o->time.duration_ns, next = lr->t0_ns;
	while (!stopped) {
		next += TICK_NS;
		if (next > end)
			next = end;
		int why = sleep_or_stop(lr, rc, next);
		stopped = why == 1;
		if (why || next >= end)
			break; /* stopped, the duration's end, or (by count) every CPU done */
		/* woken late (time-shared on a measured CPU: starved): the
		 * ticks missed meanwhile are not made up, and past the end
		 * the run ends */
		int64_t now = rtb_port_mono_ns();
		if (now - next > lr->late_ns)
			lr->late_ns = now - next;
		if (now >= end)
			break;
		while (next + TICK_NS <= now)
			next += TICK_NS;
		rtb_wd_result_enter();
		atomic_fetch_add(&lr->epoch, 1);                  /* Step 3 */
		wait_pubs(lr);
		if (by_count) {
			watch_progress(lr);
			rtb_wd_status_asked(); /* the watchdog's line said it */
			rtb_wd_result_leave();
			continue;
		}
		int64_t el = next - lr->t0_ns;
		int closes = el - lr->iv_start_ns >= o->time.interval_ns;
		if (closes)
			rtb_long_close_interval(lr, el);                   /* Step 4 */
		rtb_long_refresh(lr, el);
		/* a file rewritten mid-run says the time it holds, not 0 */
		lr->res->set.measured_ns = before_ns + el;
		if (closes && lr->stream)
			rtb_raw_settings(lr->stream, lr->res);
		if (closes)
			rtb_long_write(lr);
		rtb_long_status(lr, el, rtb_wd_status_asked() ? 2 : closes);
		rtb_wd_result_leave();
	}
	atomic_store(&lr->stop, 1);                               /* Step 5 */
	/* when the threads were told: by the supervisor now, or earlier by
	 * the watchdog (the supervisor starved past the end, a signal) */
	int64_t told = rtb_port_mono_ns(), wd_told = rtb_wd_phase_stopped_ns();
	if (wd_told > lr->t0_ns && wd_told < told)
		told = wd_told;
	rtb_selfcost_step("stop: threads joined");
	/* the threads measured until they were told: a watchdog's stop at
	 * the planned end of a starved supervisor's run, not its late store */
	const int64_t stop_el = told - lr->t0_ns;
	const int64_t starved_ns = rtb_wd_starved_ns();
	/* the end taken: the watchdog no longer counts the supervisor late,
	 * and a forced exit still writes the result */
	rtb_wd_phase(NULL, 0, kw, lr);
	for (int i = 0; i < lr->ncpu; i++)
		if (lr->cpus[i].started) {
			rtb_thread_join(&lr->cpus[i].th);
			rtb_wd_progress();
		}
	int64_t el = rtb_port_mono_ns() - lr->t0_ns;
	/* the threads joined: the phase is over (the trace's drain after it
	 * is bounded on its own, trace_stream.c) */
	rtb_wd_arm(0);
	rtb_wd_forget_all();
	rtb_wd_result_enter();
	rtb_selfcost_step("stop: each CPU's last figures");
	rtb_long_starved(lr, starved_ns, TICK_NS);
	for (int i = 0; i < lr->ncpu; i++) {
		if (lr->cpus[i].started) {
			rtb_long_finish_cpu(lr, &lr->cpus[i], stopped);
			continue;
		}
		for (int j = 0; j < lr->nmet; j++) {
			struct rtb_metric *s = lr->cpus[i].shown[j];
			if (s->status != RTB_STATUS_OK)
				continue;
			/* stopped (Ctrl-C, --break-us on an earlier CPU) before
			 * its thread started: no figure, and not "ok" */
			s->status = RTB_STATUS_PARTIAL;
			rtb_metric_note(s, "not measured: the run was stopped before CPU %d's thread started",
					lr->cpus[i].cpu);
		}
	}
	if (lr->stream)
		rtb_raw_end(lr->stream, lr); /* after the last slices: their marks */
	rtb_long_trace_end(lr, rc);
	/* the threads' last period after the stop is not measured time; but a
	 * supervisor woken late (a busy machine: it has no real-time priority)
	 * let them measure past the duration, and that time is in the figures:
	 * say it (e2e/long_run saw 3069 + 9 periods of 1 ms in "3 s") */
	if (!by_count && el > o->time.duration_ns)
		el = stop_el > o->time.duration_ns + LATE_STOP_NS ? stop_el : o->time.duration_ns;
	/* each CPU's share of the run: one whose thread began after the
	 * stop was never measured, one that began late measured part */
	if (!by_count)
		rtb_long_cover_say(lr, told - lr->t0_ns, el);
	rtb_selfcost_step("stop: last interval, aggregate");
	if (!by_count)
		rtb_long_close_interval(lr, el);
	rtb_long_refresh(lr, el);
	for (int j = 0; j < lr->nmet && lr->agg[j]; j++)
		rtb_long_agg_say(lr, j);
	lr->res->set.measured_ns = before_ns + el;
	if (!by_count)
		rtb_long_status(lr, el, 1);
	rtb_wd_phase(NULL, 0, NULL, NULL);
	rtb_wd_result_leave();
	/* raised to wind down: time-shared again for what follows */
	rtb_wd_settle(RTB_SCHED_NORMAL, RTB_PRIO_LOW);
	return stopped ? RTB_EINTR : 0;
}

/* cpus_text - the measured CPUs as a list ("0-1"), for the settings. */
static void cpus_text(const struct rtb_opts *o, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = 0;
	for (int i = 0; i < o->cpus.n && l + 8 < len; i++) {
		int a = o->cpus.list[i], j = i;
		while (j + 1 < o->cpus.n && o->cpus.list[j + 1] == o->cpus.list[j] + 1)
			j++;
		if (j > i)
			l += (size_t)snprintf(buf + l, len - l, "%s%d-%d", l ? "," : "", a, o->cpus.list[j]);
		else
			l += (size_t)snprintf(buf + l, len - l, "%s%d", l ? "," : "", a);
		i = j;
	}
}

/* rtb_long_begin - a driver's init (long.h). */
int rtb_long_begin(struct rtb_runner *r, const struct rtb_mode *mode)
{
	const struct rtb_opts *o = r->o;
	struct rtb_settings *s = &r->res->set;
	struct rtb_long *lr = rtb_alloc(sizeof(*lr));

	r->priv = lr;
	if (!lr)
		return RTB_ENOMEM;
	memset(lr, 0, sizeof(*lr));
	lr->o = o;
	lr->out = r->out;
	lr->res = lr->mres = r->res;
	lr->mode = mode;
	s->duration_ns = o->time.duration_ns;
	s->interval_ns = o->time.interval_ns;
	s->interval_grown = o->time.interval_grown;
	s->rounds = 1;
	s->status_tty = o->time.status_tty;
	snprintf(s->ended, sizeof(s->ended), "running");
	lr->ncpu = o->cpus.n > 0 ? o->cpus.n : 1;
	lr->cpus = rtb_alloc((size_t)lr->ncpu * sizeof(*lr->cpus));
	if (!lr->cpus)
		return RTB_ENOMEM;
	memset(lr->cpus, 0, (size_t)lr->ncpu * sizeof(*lr->cpus));
	/* by count: no intervals (a count run's one round) */
	lr->seriescap = mode->until_stopped ? (size_t)(o->time.duration_ns / o->time.interval_ns) + 2 : 0;
	for (int i = 0; i < lr->ncpu; i++) {
		lr->cpus[i].lr = lr;
		lr->cpus[i].cpu = o->cpus.n > 0 ? o->cpus.list[i] : r->c.cpu;
	}
	s->ncpus_measured = lr->ncpu;
	if (o->cpus.n > 0) {
		cpus_text(o, s->cpus, sizeof(s->cpus));
		/* main, watchdog and writer on a CPU not measured when one is
		 * left (the entry chose it as --cpu), else they share */
		s->housekeeping_cpu = o->cpu;
		s->cpu = o->cpu;
	} else {
		snprintf(s->cpus, sizeof(s->cpus), "%d", r->c.cpu);
		s->housekeeping_cpu = r->c.other_cpu; /* the watchdog's; main shares */
	}
	/* the supervisor sleeps a second at a time: time-shared, as
	 * cyclictest's main thread */
	rtb_port_self_sched(RTB_SCHED_NORMAL, RTB_PRIO_LOW, o->cpus.n > 0 ? o->cpu :
		       r->c.other_cpu >= 0 ? r->c.other_cpu : r->c.cpu);
	/* --raw by count: every sample keeps its time since the run's start
	 * (the runner sets the clock) */
	lr->raw = r->out->raw && !mode->until_stopped;
	lr->wake_ok = !mode->until_stopped && !rtb_bsem_init(&lr->wake, 0);
	/* --raw for a time: every sample streamed to the file, opened now,
	 * before anything is measured */
	if (r->out->raw && mode->until_stopped)
		return rtb_raw_open(lr, r->out->raw, &lr->stream);
	return 0;
}

/* rtb_long_measure - one round of measurement b on every CPU (long.h). */
int rtb_long_measure(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds,
		     rtb_long_round_fn fn, int *measured)
{
	struct rtb_long *lr = r->priv;
	int rc;

	lr->b = b;
	lr->round = round;
	lr->nrounds = nrounds;
	memset(lr->agg, 0, sizeof(lr->agg));
	rc = fn(lr, &r->c, measured);
	if (rc == RTB_EINTR) {
		r->stopped = 1;
		rc = 0; /* ended by a signal: a whole result of what ran */
	}
	for (int q = 0; q < lr->ncpu; q++) {
		struct rtb_long_cpu *lc = &lr->cpus[q];
		for (int j = 0; j < lr->nmet; j++) {
			if (!(lc->borrowed & (1u << j)))
				continue;
			lc->live[j]->samples = NULL; /* the run's metric's list */
			lc->live[j]->t_ticks = NULL;
		}
		lc->borrowed = 0;
		if (lc->res)
			rtb_result_free(lc->res);
		rtb_free(lc->res);
		lc->res = NULL;
	}
	return rc;
}

/* rtb_long_release - a driver's release (long.h). */
void rtb_long_release(struct rtb_runner *r)
{
	struct rtb_long *lr = r->priv;

	if (!lr)
		return;
	if (lr->wake_ok)
		rtb_bsem_destroy(&lr->wake);
	rtb_raw_close(lr->stream, r->res, r->out->raw);
	rtb_free(lr->cpus);
	rtb_free(lr);
	r->priv = NULL;
}
