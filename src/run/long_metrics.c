/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the metrics of a measurement on several CPUs or for a
 * time (run/long.h): each CPU's live histogram-mode metric and the one the
 * result shows, the all-CPU aggregate; publications consumed, intervals
 * closed, figures refreshed, what the bench said carried over. The
 * supervisor that drives them is run/long.c. */
#include <stdio.h>
#include <string.h>
#include "run/long.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"

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
	(*m)->hm->interval_ns = lr->o->time.interval_ns;
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

/* rtb_long_make_metrics - Step 1: for each of the bench's metrics its aggregate,
 * then each CPU's (shown and live). */
int rtb_long_make_metrics(struct rtb_long *lr)
{
	const struct rtb_bench *b = lr->b;
	char id[64];
	int rc = rtb_hm_thr_make(&lr->thr, lr->o->deadline_ns, lr->o->count_over_ns, lr->o->ncount_over);

	if (rc)
		return rc;
	lr->thr.lin_us = lr->o->hist_lin_us; /* --histogram / -h US: 1 us bins beside */
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
	rtb_hm_lin_copy(&s->lin, &pub->lin);
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

/* rtb_long_consume - every metric's publication of a CPU; 1 if there was one. */
int rtb_long_consume(struct rtb_long_cpu *lc)
{
	int any = 0;

	for (int j = 0; j < lc->lr->nmet; j++)
		any |= consume_one(lc, j);
	return any;
}

/* close_one - the open interval of metric m into its series (smi: the
 * SMIs of it, -1 not readable). */
static void close_one(struct rtb_metric *m, int64_t start_ns, int64_t end_ns, uint32_t index, int64_t smi)
{
	struct rtb_hm *h = m->hm;
	struct rtb_hm_interval iv;

	rtb_hm_interval_of(&h->ih, &h->iacc, &iv);
	iv.start_ns = start_ns;
	iv.end_ns = end_ns;
	iv.index = index;
	iv.epochs = 1;
	iv.smi = smi;
	if (h->nseries < h->seriescap)
		h->series[h->nseries++] = iv;
	rtb_hist_reset(&h->ih);
	rtb_hm_acc_reset(&h->iacc);
}

/* rtb_long_smi_start - each CPU's SMI counter at the start (long.h). Not
 * tried when the run's could not be read (one reason, said once in the
 * settings); where it can, each read is one rdmsr on that CPU (the msr
 * driver's cross-CPU call), once an interval. */
void rtb_long_smi_start(struct rtb_long *lr)
{
	char why[200];

	for (int i = 0; i < lr->ncpu; i++) {
		struct rtb_long_cpu *lc = &lr->cpus[i];
		lc->smi_ok = lr->res->set.smi_read > 0 &&
			     !rtb_port_smi_count(lc->cpu, &lc->smi_last, why, sizeof(why));
	}
}

/* smi_delta - the SMIs CPU lc counted since its last reading; -1: not
 * readable (from then on). */
static int64_t smi_delta(struct rtb_long_cpu *lc)
{
	char why[200];
	uint64_t v;

	if (!lc->smi_ok || rtb_port_smi_count(lc->cpu, &v, why, sizeof(why))) {
		lc->smi_ok = 0;
		return -1;
	}
	int64_t d = (int64_t)(v - lc->smi_last);
	lc->smi_last = v;
	return d;
}

/* rtb_long_close_interval - Step 4: every CPU's interval, and the aggregate's from
 * their merged interval histograms; each CPU's SMIs of it beside. */
void rtb_long_close_interval(struct rtb_long *lr, int64_t end_ns)
{
	uint32_t index = (uint32_t)(lr->iv_start_ns / lr->o->time.interval_ns);
	int64_t smi_all = 0;

	for (int i = 0; i < lr->ncpu; i++) {
		int64_t d = smi_delta(&lr->cpus[i]);
		lr->cpus[i].smi_iv = d;
		smi_all = smi_all < 0 || d < 0 ? -1 : smi_all + d;
	}
	for (int j = 0; j < lr->nmet; j++) {
		struct rtb_metric *agg = lr->agg[j];
		for (int i = 0; i < lr->ncpu; i++) {
			struct rtb_hm *s = lr->cpus[i].shown[j]->hm;
			if (agg) {
				rtb_hist_merge(&agg->hm->ih, &s->ih);
				rtb_hm_acc_merge(&agg->hm->iacc, &s->iacc);
			}
			close_one(lr->cpus[i].shown[j], lr->iv_start_ns, end_ns, index, lr->cpus[i].smi_iv);
		}
		if (agg)
			close_one(agg, lr->iv_start_ns, end_ns, index, smi_all);
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
	rtb_hm_lin_reset(&h->lin);
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
		rtb_hm_lin_add(&h->lin, &s->lin);
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

/* rtb_long_refresh - every shown metric's figures from what was consumed. */
void rtb_long_refresh(struct rtb_long *lr, int64_t elapsed_ns)
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
	/* the runner's one rule (bench_run.c, outcome): an error the metric
	 * recorded, or the bench's own when it measured nothing, makes the
	 * status (rtb_outcome) */
	if (!s->err && lc->rc && lc->rc != RTB_EINTR && !s->hm->acc.n)
		rtb_metric_error(s, lc->rc, "on this CPU");
	if (s->err) {
		s->status = rtb_outcome(s->err);
		fprintf(stderr, "rtbench: %s: %s\n", s->id, s->note);
	} else if (lr->target && s->status == RTB_STATUS_OK && l->count < l->capacity) {
		/* by count, as rtb_measure_metric_end says it of a count run (the
		 * capacity a bench lowered to what it found, noise.gap's, counts) */
		s->status = RTB_STATUS_PARTIAL;
		rtb_metric_note(s, "%s: %lu of %lu samples", stopped ? "stopped early" : "only",
				(unsigned long)l->count, (unsigned long)l->capacity);
	}
}

/* rtb_long_finish_cpu - after its driver ended: each metric's last slice and what
 * the bench said of it; the bench's warnings. */
void rtb_long_finish_cpu(struct rtb_long *lr, struct rtb_long_cpu *lc, int stopped)
{
	rtb_long_consume(lc);
	for (int j = 0; j < lr->nmet; j++)
		rtb_hm_roll(lc->live[j]->hm);
	rtb_long_consume(lc);
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

/* rtb_long_agg_say - at the end, what metric j's aggregate is (each CPU's method
 * names its CPU) and its status (the worst of the CPUs'). */
void rtb_long_agg_say(struct rtb_long *lr, int j)
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
	int none = rtb_cpuset_count(&lr->cover_none);
	if (none) {
		/* the CPUs never measured are not counted as measured (long_cover.c) */
		char l[160];
		rtb_cpuset_str(&lr->cover_none, l, sizeof(l));
		rtb_metric_note(a, "%d of %d CPUs measured, merged (%s; %s %s not measured: %s thread%s "
				"began after the run's stop)", lr->ncpu - none, lr->ncpu, lr->res->set.cpus,
				none > 1 ? "CPUs" : "CPU", l, none > 1 ? "their" : "its", none > 1 ? "s" : "");
		if (a->hm->nworst)
			rtb_metric_note(a, "the maximum was on CPU %d", (int)a->hm->worst[0].cpu);
	} else if (lr->target && lr->nrounds > 1)
		rtb_metric_note(a, "all %d CPUs merged (%s)", lr->ncpu, lr->res->set.cpus);
	else
		rtb_metric_note(a, "all %d CPUs merged (%s); the maximum was on CPU %d", lr->ncpu,
				lr->res->set.cpus, a->hm->nworst ? (int)a->hm->worst[0].cpu : -1);
	for (int i = 0; i < lr->ncpu; i++)
		if (lr->cpus[i].shown[j]->status > a->status)
			a->status = lr->cpus[i].shown[j]->status;
}
