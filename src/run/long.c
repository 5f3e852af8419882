/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - long runs, and runs by count on several CPUs at once
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
#include <string.h>
#include "run/load.h"
#include "run/long.h"
#include "run/ready.h"
#include "model/stack.h"
#include "run/run_trace.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/output.h"
#include "rtbench/tracer.h"

#define TICK_NS 1000000000LL
#define PUB_WAIT_NS 500000000LL
#define STOP_POLL_NS 200000000LL /* Ctrl-C seen within 0.2 s; fewer wake-ups where no CPU is left */
#define WD_SLACK_NS 60000000000LL
#define LATE_STOP_NS 1000000LL /* a stop later than this after the duration: the figures hold the extra time */


/* rtb_long_samples - "samples" a bench sizes its loop by in a long run: so
 * many that only the stop flag ends it, yet small enough that the bench's
 * own arithmetic (n times a period) cannot overflow. */
size_t rtb_long_samples(const struct rtb_ctx *c)
{
	int64_t p = c->o->period_ns > 0 ? c->o->period_ns : 1;
	int64_t n = 1000000000000LL;

	if (n > 1000000000000000000LL / p)
		n = 1000000000000000000LL / p;
	return (size_t)n;
}

/* metric_index - which of the bench's metrics id is: one of its ids, or
 * one with "@cpuN" after it (noise.gap's); -1: none. */
static int metric_index(const struct rtb_long *lr, const char *id)
{
	for (int j = 0; j < lr->nmet; j++) {
		size_t n = strlen(lr->mids[j]);
		if (!strncmp(id, lr->mids[j], n) && (id[n] == '\0' || id[n] == '@'))
			return j;
	}
	return -1;
}

/* rtb_long_metric - the CPU's live metric for id, made before the bench
 * ran (no allocation in a driver thread); each of the bench's once. */
struct rtb_metric *rtb_long_metric(struct rtb_ctx *c, const struct rtb_bench *b,
				   const char *id, const char *title)
{
	struct rtb_long_cpu *lc = c->lc;
	int j = metric_index(lc->lr, id);

	if (j < 0 || (lc->handed & (1u << j))) {
		fprintf(stderr, "rtbench: %s: a long run measures the metrics a bench declares (struct "
			"rtb_bench .metrics, or its id), once each\n", id);
		return NULL;
	}
	lc->handed |= 1u << j;
	/* what the live metric says of itself (a --break-us crossing, the
	 * trace's lines) names the CPU's metric the result shows */
	struct rtb_metric *l = lc->live[j];
	snprintf(l->id, sizeof(l->id), "%s", lc->shown[j]->id);
	snprintf(l->title, sizeof(l->title), "%s", title);
	l->study_table = b->study_table;
	l->group = b->group;
	return l;
}

/* shown_metric - a histogram-mode metric the result shows (a CPU's, or
 * the all-CPU aggregate), with room for the interval series (none by
 * count). */
static int shown_metric(struct rtb_long *lr, const char *id, int cpu, struct rtb_metric **m)
{
	int rc = rtb_metric_new_hm(lr->mres, id, lr->b->title, 0, cpu, &lr->thr, NULL, m);

	if (rc)
		return rc;
	if (lr->target) /* by count: what it was asked for (a round's share) */
		(*m)->capacity = lr->target * (cpu < 0 ? (size_t)lr->ncpu : 1);
	(*m)->study_table = lr->b->study_table;
	(*m)->group = lr->b->group;
	if (!lr->seriescap)
		return 0;
	(*m)->hm->series = rtb_alloc(lr->seriescap * sizeof(*(*m)->hm->series));
	if (!(*m)->hm->series)
		return RTB_ENOMEM;
	(*m)->hm->seriescap = lr->seriescap;
	(*m)->hm->interval_ns = lr->o->interval_ns;
	return 0;
}

/* keep_all - --raw by count: CPU metric j's live metric fills its part of
 * the list of every sample the run's metric keeps (made at round 0 for
 * the whole run: all rounds' samples, allocated once), after the samples
 * of the rounds before. */
static int keep_all(struct rtb_long *lr, struct rtb_long_cpu *lc, int j)
{
	struct rtb_metric *keep = lr->round ? rtb_metric_find(lr->res, lc->shown[j]->id) : lc->shown[j];
	struct rtb_metric *l = lc->live[j];
	int rc;

	if (!keep)
		return 0; /* round 0 kept nothing of it (its result was full) */
	if (!lr->round && (rc = rtb_metric_keep_all(keep, lr->total, lr->res->keep_times)))
		return rc;
	if (!keep->samples || keep->count + l->capacity > lr->total)
		return 0; /* never past the list's end */
	l->samples = keep->samples + keep->count;
	l->t_ticks = keep->t_ticks ? keep->t_ticks + keep->count : NULL;
	lc->borrowed |= 1u << j;
	return 0;
}

/* make_metrics - Step 1: for each of the bench's metrics its aggregate,
 * then each CPU's (shown and live). */
static int make_metrics(struct rtb_long *lr)
{
	const struct rtb_bench *b = lr->b;
	char id[64];
	int rc = rtb_hm_thr_make(&lr->thr, lr->o->deadline_ns, lr->o->count_over_ns, lr->o->ncount_over);

	if (rc)
		return rc;
	lr->nmet = 0;
	for (const char *const *p = b->metrics; p && *p; p++) {
		if (lr->nmet == RTB_BENCH_METRICS)
			return RTB_EINVAL; /* bench.h: at most RTB_BENCH_METRICS */
		lr->mids[lr->nmet++] = *p;
	}
	if (!lr->nmet)
		lr->mids[lr->nmet++] = b->id;
	for (int i = 0; i < lr->ncpu; i++) {
		struct rtb_long_cpu *lc = &lr->cpus[i];
		lc->res = rtb_alloc(sizeof(*lc->res));
		if (!lc->res)
			return RTB_ENOMEM;
		lc->res->clock = lr->res->clock;
		lc->handed = 0;
		lc->borrowed = 0;
		lc->started = 0;
		atomic_store(&lc->done, 0);
		lc->seen_pubs = 0;
	}
	for (int j = 0; j < lr->nmet; j++) {
		if (lr->ncpu > 1 && (rc = shown_metric(lr, lr->mids[j], -1, &lr->agg[j])))
			return rc;
		for (int i = 0; i < lr->ncpu; i++) {
			struct rtb_long_cpu *lc = &lr->cpus[i];
			if (lr->ncpu > 1)
				snprintf(id, sizeof(id), "%s@cpu%d", lr->mids[j], lc->cpu);
			else
				snprintf(id, sizeof(id), "%s", lr->mids[j]);
			if ((rc = shown_metric(lr, id, lc->cpu, &lc->shown[j])))
				return rc;
			rc = rtb_metric_new_hm(lc->res, lr->mids[j], b->title, lr->target, lc->cpu,
					       &lr->thr, &lr->epoch, &lc->live[j]);
			if (rc || (lr->raw && (rc = keep_all(lr, lc, j))))
				return rc;
		}
	}
	return 0;
}

/* driver_main - one CPU's measuring thread: the benchmark's own run, in
 * that CPU's context; done when it returns. */
static void driver_main(void *p)
{
	struct rtb_long_cpu *lc = p;

	lc->rc = lc->lr->b->run(&lc->c, lc->lr->b);
	atomic_store(&lc->done, 1);
	if (lc->lr->wake_ok)
		rtb_bsem_give(&lc->lr->wake); /* by count: the supervisor looks now */
}

/* consume_one - take the publication of a CPU's metric j into the metric
 * the result shows (its whole state, and the slice into the open
 * interval). 1 if there was one. */
static int consume_one(struct rtb_long_cpu *lc, int j)
{
	struct rtb_metric *shown = lc->shown[j];
	struct rtb_hm *h = lc->live[j]->hm, *s = shown->hm;
	unsigned p = atomic_load_explicit(&h->published, memory_order_acquire);
	const struct rtb_hm_pub *pub = &h->pub;

	if (p == atomic_load_explicit(&h->consumed, memory_order_relaxed))
		return 0;
	rtb_hist_copy(&shown->hist, &pub->hist);
	s->acc = pub->acc;
	memcpy(s->worst, pub->worst, sizeof(s->worst));
	s->nworst = pub->nworst;
	memcpy(s->res, pub->res, pub->nres * sizeof(*s->res));
	s->nres = pub->nres;
	shown->invalid = pub->invalid;
	shown->overruns = pub->overruns;
	shown->missed = pub->missed;
	shown->first_ns = pub->first_ns;
	shown->has_first = pub->has_first;
	rtb_hist_merge(&s->ih, &pub->ih);
	struct rtb_hm_acc ia = { .n = pub->iv.count, .mean = pub->iv.mean_ns,
				 .min = pub->iv.min_ns, .max = pub->iv.max_ns, .span_ns = pub->iv.span_ns };
	memcpy(ia.over, pub->iv.over, sizeof(ia.over));
	rtb_hm_acc_merge(&s->iacc, &ia);
	lc->seen_pubs++;
	atomic_store_explicit(&h->consumed, p, memory_order_release);
	return 1;
}

/* consume - every metric's publication of a CPU; 1 if there was one. */
static int consume(struct rtb_long_cpu *lc)
{
	int any = 0;

	for (int j = 0; j < lc->lr->nmet; j++)
		any |= consume_one(lc, j);
	return any;
}

/* close_one - the open interval of metric m into its series. */
static void close_one(struct rtb_metric *m, int64_t start_ns, int64_t end_ns, uint32_t index)
{
	struct rtb_hm *h = m->hm;
	struct rtb_hm_interval iv;

	rtb_hm_interval_of(&h->ih, &h->iacc, &iv);
	iv.start_ns = start_ns;
	iv.end_ns = end_ns;
	iv.index = index;
	iv.epochs = 1;
	if (h->nseries < h->seriescap)
		h->series[h->nseries++] = iv;
	rtb_hist_reset(&h->ih);
	rtb_hm_acc_reset(&h->iacc);
}

/* close_interval - Step 4: every CPU's interval, and the aggregate's from
 * their merged interval histograms. */
static void close_interval(struct rtb_long *lr, int64_t end_ns)
{
	uint32_t index = (uint32_t)(lr->iv_start_ns / lr->o->interval_ns);

	for (int j = 0; j < lr->nmet; j++) {
		struct rtb_metric *agg = lr->agg[j];
		for (int i = 0; i < lr->ncpu; i++) {
			struct rtb_hm *s = lr->cpus[i].shown[j]->hm;
			if (agg) {
				rtb_hist_merge(&agg->hm->ih, &s->ih);
				rtb_hm_acc_merge(&agg->hm->iacc, &s->iacc);
			}
			close_one(lr->cpus[i].shown[j], lr->iv_start_ns, end_ns, index);
		}
		if (agg)
			close_one(agg, lr->iv_start_ns, end_ns, index);
	}
	lr->iv_start_ns = end_ns;
}

/* rebuild_agg - metric j's aggregate from the CPUs' shown metrics: merged
 * histogram and statistics, the worst samples of all (so the maximum and
 * the CPU it was on), an equal share of each CPU's reservoir. */
static void rebuild_agg(struct rtb_long *lr, int j)
{
	struct rtb_metric *a = lr->agg[j];
	struct rtb_hm *h = a->hm;

	rtb_hist_reset(&a->hist);
	rtb_hm_acc_reset(&h->acc);
	h->nworst = 0;
	h->nres = 0;
	a->invalid = a->overruns = a->missed = 0;
	a->has_first = 0;
	for (int i = 0; i < lr->ncpu; i++) {
		const struct rtb_metric *m = lr->cpus[i].shown[j];
		const struct rtb_hm *s = m->hm;
		size_t share = h->rescap / (size_t)lr->ncpu;
		rtb_hist_merge(&a->hist, &m->hist);
		rtb_hm_acc_merge(&h->acc, &s->acc);
		rtb_hm_worst_merge(h->worst, &h->nworst, s->worst, s->nworst);
		for (size_t k = 0; k < share && k < s->nres && h->nres < h->rescap; k++)
			h->res[h->nres++] = s->res[k * s->nres / (share < s->nres ? share : s->nres)];
		a->invalid += m->invalid;
		a->overruns += m->overruns;
		a->missed += m->missed;
		if (!a->has_first && m->has_first) {
			a->first_ns = m->first_ns;
			a->has_first = 1;
		}
	}
}

/* refresh - every shown metric's figures from what was consumed. */
static void refresh(struct rtb_long *lr, int64_t elapsed_ns)
{
	for (int j = 0; j < lr->nmet; j++) {
		for (int i = 0; i < lr->ncpu; i++) {
			lr->cpus[i].shown[j]->elapsed_ns = elapsed_ns;
			rtb_metric_finish(lr->cpus[i].shown[j], lr->o->deadline_ns);
		}
		if (lr->agg[j]) {
			rebuild_agg(lr, j);
			lr->agg[j]->elapsed_ns = elapsed_ns;
			rtb_metric_finish(lr->agg[j], lr->o->deadline_ns);
		}
	}
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
		if (consume(&lr->cpus[i]))
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
	rtb_wd_arm(oldest + WD_SLACK_NS - now > 1 ? oldest + WD_SLACK_NS - now : 1);
}

/* finish_metric - after its driver ended: what the bench said of a CPU's
 * metric j (title, method, notes, extras, verdict, status) onto the shown metric;
 * by count, partial when it has fewer samples than asked (stopped: by a
 * stop). */
static void finish_metric(struct rtb_long *lr, struct rtb_long_cpu *lc, int j, int stopped)
{
	struct rtb_metric *l = lc->live[j], *s = lc->shown[j];

	memcpy(s->title, l->title, sizeof(s->title));
	memcpy(s->method, l->method, sizeof(s->method));
	memcpy(s->note, l->note, sizeof(s->note));
	memcpy(s->extra, l->extra, sizeof(s->extra));
	s->nextra = l->nextra;
	memcpy(&s->verdict, &l->verdict, sizeof(s->verdict)); /* sync.prio_inv's bounded or not */
	s->status = l->status;
	s->err = l->err;
	/* the runner's one rule (run.c, outcome): an error the metric
	 * recorded, or the bench's own when it measured nothing, makes the
	 * status (rtb_outcome) */
	if (!s->err && lc->rc && lc->rc != RTB_EINTR && !s->hm->acc.n)
		rtb_metric_error(s, lc->rc, "on this CPU");
	if (s->err) {
		s->status = rtb_outcome(s->err);
		fprintf(stderr, "rtbench: %s: %s\n", s->id, s->note);
	} else if (lr->target && s->status == RTB_STATUS_OK && l->count < l->capacity) {
		/* by count, as rtb_bench_metric_end says it of a count run (the
		 * capacity a bench lowered to what it found, noise.gap's, counts) */
		s->status = RTB_STATUS_PARTIAL;
		rtb_metric_note(s, "%s: %lu of %lu samples", stopped ? "stopped early" : "only",
				(unsigned long)l->count, (unsigned long)l->capacity);
	}
}

/* finish_cpu - after its driver ended: each metric's last slice and what
 * the bench said of it; the bench's warnings. */
static void finish_cpu(struct rtb_long *lr, struct rtb_long_cpu *lc, int stopped)
{
	consume(lc);
	for (int j = 0; j < lr->nmet; j++)
		rtb_hm_roll(lc->live[j]->hm);
	consume(lc);
	for (int j = 0; j < lr->nmet; j++)
		finish_metric(lr, lc, j, stopped);
	/* warnings a bench adds go to the run, once */
	for (int i = 0; i < lc->res->nwarnings; i++) {
		int dup = 0;
		for (int j = 0; j < lr->res->nwarnings && !dup; j++)
			dup = !strcmp(lr->res->warnings[j], lc->res->warnings[i]);
		if (!dup)
			rtb_result_warn(lr->res, "%s", lc->res->warnings[i]);
	}
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

/* agg_say - at the end, what metric j's aggregate is (each CPU's method
 * names its CPU) and its status (the worst of the CPUs'). */
static void agg_say(struct rtb_long *lr, int j)
{
	struct rtb_metric *a = lr->agg[j], *s = lr->cpus[0].shown[j];

	memcpy(a->title, s->title, sizeof(a->title));
	if ((size_t)snprintf(a->method, sizeof(a->method), "CPUs %s at once, merged; each as CPU %d's: %s",
			     lr->res->set.cpus, lr->cpus[0].cpu, s->method) >= sizeof(a->method))
		/* never a method cut mid-word: point at the CPUs' own */
		snprintf(a->method, sizeof(a->method), "CPUs %s at once, one measuring thread each, merged; "
			 "each CPU's method is its own metric's (%s@cpu%d ...)", lr->res->set.cpus, lr->mids[j],
			 lr->cpus[0].cpu);
	/* by count in rounds each round would name its own maximum's CPU:
	 * the merged worst samples name the run's (the text's "max ... on CPU") */
	if (lr->target && lr->nrounds > 1)
		rtb_metric_note(a, "all %d CPUs merged (%s)", lr->ncpu, lr->res->set.cpus);
	else
		rtb_metric_note(a, "all %d CPUs merged (%s); the maximum was on CPU %d", lr->ncpu,
				lr->res->set.cpus, a->hm->nworst ? (int)a->hm->worst[0].cpu : -1);
	for (int i = 0; i < lr->ncpu; i++)
		if (lr->cpus[i].shown[j]->status > a->status)
			a->status = lr->cpus[i].shown[j]->status;
}

/* run_phase - one measurement for the duration (or by count), Steps 1-5. */
static int run_phase(struct rtb_long *lr, struct rtb_ctx *rc, int first_other)
{
	const struct rtb_opts *o = lr->o;
	int64_t before_ns = lr->res->set.measured_ns; /* the earlier measurements' */
	const int by_count = !o->duration_ns;
	int err, stopped = 0;

	struct rtb_ctx share = *rc;
	share.mode = &rtb_mode_count_cpus;
	share.round = lr->round;
	share.nrounds = lr->nrounds;
	/* by count: this round's share of each CPU's samples, as the bench
	 * sizes its loop (rtb_samples), and the whole run's */
	lr->total = by_count ? rtb_samples_total(&share, lr->b) : 0;
	lr->target = by_count ? rtb_samples(&share, lr->b) : 0;
	if ((err = make_metrics(lr)))
		return err;
	atomic_store(&lr->stop, 0);
	atomic_store(&lr->epoch, 0);
	lr->iv_start_ns = 0;
	rtb_wd_arm(by_count ? WD_SLACK_NS : o->duration_ns + WD_SLACK_NS);
	rtb_trace_long_begin(lr, rc, first_other); /* run --trace (run/long_trace.c) */
	/* --break-us traced or not, as by count (bench_util.c): untraced it
	 * was never watched (issue 29) */
	for (int i = 0; i < lr->ncpu; i++)
		for (int j = 0; j < lr->nmet; j++)
			lr->cpus[i].live[j]->brk = rtb_break_for(rc);
	lr->t0_ns = rtb_port_mono_ns();
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
		lc->c.mode = by_count ? &rtb_mode_count_cpus : &rtb_mode_duration;
		lc->c.round = by_count ? lr->round : 0;
		lc->c.nrounds = by_count ? lr->nrounds : 0;
		lc->rc = 0;
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
	int64_t end = by_count ? INT64_MAX : lr->t0_ns + o->duration_ns, next = lr->t0_ns;
	while (!stopped) {
		next += TICK_NS;
		if (next > end)
			next = end;
		int why = sleep_or_stop(lr, rc, next);
		stopped = why == 1;
		if (why || next >= end)
			break; /* stopped, the duration's end, or (by count) every CPU done */
		atomic_fetch_add(&lr->epoch, 1);                  /* Step 3 */
		wait_pubs(lr);
		if (by_count) {
			watch_progress(lr);
			rtb_wd_status_asked(); /* the watchdog's line said it */
			continue;
		}
		int64_t el = next - lr->t0_ns;
		int closes = el - lr->iv_start_ns >= o->interval_ns;
		if (closes)
			close_interval(lr, el);                   /* Step 4 */
		refresh(lr, el);
		/* a file rewritten mid-run says the time it holds, not 0 */
		lr->res->set.measured_ns = before_ns + el;
		if (closes)
			rtb_long_write(lr);
		rtb_long_status(lr, el, rtb_wd_status_asked() ? 2 : closes);
	}
	atomic_store(&lr->stop, 1);                               /* Step 5 */
	const int64_t stop_el = rtb_port_mono_ns() - lr->t0_ns;
	for (int i = 0; i < lr->ncpu; i++)
		if (lr->cpus[i].started)
			rtb_thread_join(&lr->cpus[i].th);
	int64_t el = rtb_port_mono_ns() - lr->t0_ns;
	rtb_wd_arm(0);
	rtb_wd_forget_all();
	for (int i = 0; i < lr->ncpu; i++) {
		if (lr->cpus[i].started) {
			finish_cpu(lr, &lr->cpus[i], stopped);
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
	rtb_trace_long_end(lr, rc);
	/* the threads' last period after the stop is not measured time; but a
	 * supervisor woken late (a busy machine: it has no real-time priority)
	 * let them measure past the duration, and that time is in the figures:
	 * say it (e2e/long_run saw 3069 + 9 periods of 1 ms in "3 s") */
	if (!by_count && el > o->duration_ns)
		el = stop_el > o->duration_ns + LATE_STOP_NS ? stop_el : o->duration_ns;
	if (!by_count)
		close_interval(lr, el);
	refresh(lr, el);
	for (int j = 0; j < lr->nmet && lr->agg[j]; j++)
		agg_say(lr, j);
	lr->res->set.measured_ns = before_ns + el;
	if (!by_count)
		rtb_long_status(lr, el, 1);
	return stopped ? RTB_EINTR : 0;
}

/* first_other - the second CPU a measurement's first CPU pairs with when
 * only one is listed (the run's other CPU, else its own). */
static int first_other(const struct rtb_long *lr, const struct rtb_ctx *c)
{
	return c->other_cpu >= 0 && c->other_cpu != lr->cpus[0].cpu ? c->other_cpu : c->cpu;
}

/* count_round - by count: one round of the bench on every CPU at once,
 * its metrics made in a result of its own and merged into the run's after
 * it, as a one-CPU count run's round (run.c, rtb_round_merge): each CPU's
 * metric and the aggregate get the round's statistics among their rounds.
 * *measured as rtb_round_merge's. */
static int count_round(struct rtb_long *lr, struct rtb_ctx *c, int *measured)
{
	struct rtb_result tmp;
	int rc, mrc;

	rtb_round_result(lr->res, &tmp);
	lr->mres = c->res = &tmp; /* the tracer's components are the round's too */
	rc = run_phase(lr, c, first_other(lr, c));
	lr->mres = c->res = lr->res;
	mrc = rtb_round_merge(c, &tmp, measured);
	return rc ? rc : mrc;
}

/* cpus_text - the measured CPUs as a list ("0-1"), for the settings. */
static void cpus_text(const struct rtb_opts *o, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = 0;
	for (int i = 0; i < o->ncpus_list && l + 8 < len; i++) {
		int a = o->cpu_list[i], j = i;
		while (j + 1 < o->ncpus_list && o->cpu_list[j + 1] == o->cpu_list[j] + 1)
			j++;
		if (j > i)
			l += (size_t)snprintf(buf + l, len - l, "%s%d-%d", l ? "," : "", a, o->cpu_list[j]);
		else
			l += (size_t)snprintf(buf + l, len - l, "%s%d", l ? "," : "", a);
		i = j;
	}
}

int rtb_long_run(const struct rtb_opts *o, const struct rtb_run_out *out,
		 const char *command_line, struct rtb_result *res)
{
	struct rtb_long lr = { .o = o, .out = out, .res = res, .mres = res };
	struct rtb_ctx c;
	int rc, nsel = 0, wrc, stopped = 0;

	rc = rtb_run_setup(o, command_line, res, &c);
	if (rc == RTB_EINTR)
		return rtb_run_stopped_early(o, out, res); /* run.c */
	if (rc)
		return rc;
	struct rtb_settings *s = &res->set;
	s->duration_ns = o->duration_ns;
	s->interval_ns = o->interval_ns;
	s->interval_grown = o->interval_grown;
	s->rounds = 1;
	s->status_tty = o->status_tty;
	snprintf(s->ended, sizeof(s->ended), "running");
	lr.ncpu = o->ncpus_list > 0 ? o->ncpus_list : 1;
	lr.cpus = rtb_alloc((size_t)lr.ncpu * sizeof(*lr.cpus));
	/* by count: no intervals (a count run's one round) */
	lr.seriescap = o->duration_ns ? (size_t)(o->duration_ns / o->interval_ns) + 2 : 0;
	if (!lr.cpus) {
		rtb_run_teardown(&c);
		return RTB_ENOMEM;
	}
	for (int i = 0; i < lr.ncpu; i++) {
		lr.cpus[i].lr = &lr;
		lr.cpus[i].cpu = o->ncpus_list > 0 ? o->cpu_list[i] : c.cpu;
	}
	s->ncpus_measured = lr.ncpu;
	if (o->ncpus_list > 0) {
		cpus_text(o, s->cpus, sizeof(s->cpus));
		/* main, watchdog and writer on a CPU not measured when one is
		 * left (the entry chose it as --cpu), else they share */
		s->housekeeping_cpu = o->cpu;
		s->cpu = o->cpu;
	} else {
		snprintf(s->cpus, sizeof(s->cpus), "%d", c.cpu);
		s->housekeeping_cpu = c.other_cpu; /* the watchdog's; main shares */
	}
	/* the supervisor sleeps a second at a time: time-shared, as
	 * cyclictest's main thread */
	rtb_self_sched(RTB_SCHED_NORMAL, RTB_PRIO_LOW, o->ncpus_list > 0 ? o->cpu :
		       c.other_cpu >= 0 ? c.other_cpu : c.cpu);
	for (size_t i = 0; i < rtb_nbenches; i++)
		nsel += rtb_bench_selected(rtb_benches[i], o->tests);
	/* by count in rounds, interleaved as a one-CPU count run's (run.c):
	 * round 1 of every bench, then round 2, ...; for a time one each */
	int *nr = rtb_alloc(rtb_nbenches * sizeof(*nr)), maxr = 1, total = 0, k = 0;
	if (!nr) {
		rtb_free(lr.cpus);
		rtb_run_teardown(&c);
		return RTB_ENOMEM;
	}
	for (size_t i = 0; i < rtb_nbenches; i++) {
		nr[i] = 0;
		if (!rtb_bench_selected(rtb_benches[i], o->tests))
			continue;
		nr[i] = o->duration_ns ? 1 : rtb_bench_rounds(&c, rtb_benches[i]);
		total += nr[i];
		maxr = nr[i] > maxr ? nr[i] : maxr;
	}
	s->rounds = maxr;
	s->benches_planned = nsel;
	s->rounds_planned = total;
	/* --raw by count: every sample keeps its time since the run's start */
	lr.raw = out->raw && !o->duration_ns;
	if (lr.raw) {
		rtb_sample_clock = rtb_port_ticks;
		res->keep_times = 1;
	}
	res->t0_ticks = rtb_port_ticks();
	lr.wake_ok = !o->duration_ns && !rtb_bsem_init(&lr.wake, 0);
	for (int r = 0; r < maxr && !rc && !stopped && !rtb_stopped(&c); r++) {
		for (size_t i = 0; i < rtb_nbenches && !rc && !stopped && !rtb_stopped(&c); i++) {
			if (r >= nr[i])
				continue;
			lr.b = rtb_benches[i];
			lr.round = r;
			lr.nrounds = nr[i];
			memset(lr.agg, 0, sizeof(lr.agg));
			k++;
			size_t n = rtb_mode_count_cpus.samples_total(&c, lr.b);
			if (!o->quiet && !o->duration_ns)
				fprintf(stderr, "rtbench: [%d/%d] %s (round %d of %d): %lu of %lu samples on each of CPUs "
					"%s at once ...\n", k, total, lr.b->id, r + 1, nr[i], (unsigned long)(n / (size_t)nr[i] +
					((size_t)r < n % (size_t)nr[i])), (unsigned long)n, s->cpus);
			else if (!o->quiet)
				fprintf(stderr, "rtbench: %s for %lld s on CPU %s (interval %lld s%s)\n", lr.b->id,
					(long long)(o->duration_ns / 1000000000LL), s->cpus,
					(long long)(o->interval_ns / 1000000000LL), o->interval_grown ?
					": the default 60 s grown so the run keeps at most " RTB_MAX_INTERVALS_STR
					" intervals" : "");
			int measured = 1;
			rc = o->duration_ns ? run_phase(&lr, &c, first_other(&lr, &c)) : count_round(&lr, &c, &measured);
			stopped = rc == RTB_EINTR;
			if (stopped)
				rc = 0; /* ended by a signal: a whole result of what ran */
			if (!measured && nr[i] > r + 1) {
				total -= nr[i] - r - 1;
				nr[i] = r + 1; /* skipped or failed: no more rounds (as run.c) */
				s->rounds_planned = total;
			}
			if (!rc && !stopped) { /* done: measured for its whole duration (its samples) */
				s->rounds_done++;
				s->benches_done += r + 1 == nr[i];
			}
			for (int q = 0; q < lr.ncpu; q++) {
				struct rtb_long_cpu *lc = &lr.cpus[q];
				for (int j = 0; j < lr.nmet; j++) {
					if (!(lc->borrowed & (1u << j)))
						continue;
					lc->live[j]->samples = NULL; /* the run's metric's list */
					lc->live[j]->t_ticks = NULL;
				}
				lc->borrowed = 0;
				rtb_result_free(lc->res);
				rtb_free(lc->res);
				lc->res = NULL;
			}
		}
		/* by count: the files after each round, as a count run's (a
		 * stop keeps them) */
		if (!o->duration_ns && !stopped && !rc)
			rtb_long_write(&lr);
	}
	rtb_free(nr);
	if (lr.wake_ok)
		rtb_bsem_destroy(&lr.wake);
	rtb_run_teardown(&c);
	/* run --trace: the tracer's storage dropped, the break's blocker
	 * named; nonzero: a --trace-events window file was not written (said
	 * where it failed) */
	int trc = c.tracer ? c.tracer->close(&c, NULL, c.brk) != 0 : 0;
	if (!o->duration_ns) {
		/* by count: a stop (Ctrl-C, the watchdog, --break-us) leaves a
		 * whole result of what was measured, "complete": false, as any
		 * count run's (run.c) */
		s->stopped_early = stopped || rtb_stopped(&c);
		s->brk = *c.brk;
		if (s->brk.hit)
			rtb_break_say(&s->brk);
	} else if (rtb_wd_reason() == RTB_WD_SIGNAL) {
		/* Ctrl-C / SIGTERM end a long run as cyclictest's: a whole
		 * result of the time measured, saying how it ended; what was
		 * planned stays planned, so "complete" is false and a gate
		 * fails it (rtb_result_complete) */
		s->stopped_early = 0;
		s->end_signal = rtb_wd_signal();
		snprintf(s->ended, sizeof(s->ended), "signal");
	} else if (rtb_wd_reason() != RTB_WD_NONE) {
		snprintf(s->ended, sizeof(s->ended), "watchdog");
	} else if (c.brk->hit) {
		/* --break-us in a traced long run (run/long_trace.c) */
		s->brk = *c.brk;
		snprintf(s->ended, sizeof(s->ended), "break");
		rtb_break_say(&s->brk);
	} else {
		snprintf(s->ended, sizeof(s->ended), "duration");
	}
	rtb_free(lr.cpus);
	if (out->report)
		out->report(res, out);
	s->final = 1;
	wrc = rtb_long_write(&lr);
	wrc |= trc;
	if (rc)
		return rc;
	if (s->stopped_early && s->brk.hit)
		return wrc ? RTB_EIO : 0; /* stopped by --break-us, on purpose (as run.c) */
	if (s->stopped_early)
		return RTB_EINTR;
	if (!wrc && rtb_load_failed())
		return RTB_ECHECK; /* the load ended early: said (load.c), as by count */
	return wrc ? RTB_EIO : 0;
}
