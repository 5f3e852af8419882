/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - a traced --duration run (run/long.c + the tracer's
 * streamed pass, rtbench/tracer.h): every listed CPU's measuring thread hands
 * its marks to one reader, which keeps and explains each CPU's worst
 * samples and successive maxima and streams its components, in memory
 * fixed when the phase starts. What is kept goes onto the metrics the
 * result shows once the phase has ended (the interval rewrites before it
 * carry no trace part: a run killed mid-way keeps its histograms, not its
 * explanations). */
#include <stdio.h>
#include <string.h>
#include "run/long.h"
#include "run/run_trace.h"
#include "rtbench/err.h"
#include "rtbench/selfcost.h"
#include "rtbench/tracer.h"

int rtb_long_trace_begin(struct rtb_long *lr, struct rtb_ctx *rc, int first_other)
{
	struct rtb_cpuset cpus = { 0 }, explain = { 0 };
	int reader, err;

	rc->tracing = 0;
	lr->trace_unexplained = (struct rtb_cpuset){ 0 };
	if (!rc->trace_ready)
		return 0;
	if (!(rc->tracer->stream_kinds & 1u << lr->b->trace_kind)) {
		/* said, not silently untraced: a kind the tracer does not read
		 * while it runs (bounded memory) keeps every event of the
		 * pass, which a run for a time cannot (sync.prio_inv's PI) */
		rtb_result_warn(lr->res, "%s: not traced %s: its samples are matched to the trace only on "
				"the whole-pass path (every event kept, one CPU%s), which a run for a time or on "
				"several CPUs at once cannot hold; a count run on one CPU (--samples, no "
				"--duration or --cpus) traces it", lr->b->id, lr->o->time.duration_ns ?
				"in a --duration run" : "on several CPUs at once",
				lr->b->trace_kind == RTB_TRACE_PI ? "; its match is counts over the pass: the "
				"trials that saw the holder boosted, or preempted by the middle task" : "");
		return 0;
	}
	/* a streamed kind makes one metric (its first: live[0], shown[0]).
	 * The CPUs explained: those --trace-cpus lists (all by default) the
	 * reader can hold (a window and a watch each); the rest are
	 * measured untraced-explained, and the result says which and why
	 * (settings.trace, the warning, each one's note): sampled, never
	 * silently dropped (docs/scale.md) */
	int nex = 0, by_opt = 0, by_model = 0, by_room = 0;
	/* each explained CPU's components become metrics of their own, in the
	 * reader's and then the result's fixed storage (RTB_MAX_METRICS): past
	 * what both hold the whole pass went untraced (64 CPUs: ENOMEM) */
	struct rtb_trace_out names = { 0 };
	rtb_finding_comp_names(lr->b->trace_kind, &names);
	int per = names.ncomp + 1;
	int room = (RTB_MAX_METRICS - lr->mres->nmetrics - per) / per;
	if (room > RTB_MAX_METRICS / per)
		room = RTB_MAX_METRICS / per;
	struct rtb_cpuset ex = { 0 }, un = { 0 };
	/* without --trace-cpus, the cost model's choice (run/run_trace.c) */
	unsigned char pick[RTB_MAX_CPUS];
	struct rtb_trace_choice *ch = rtb_run_trace_choose(lr->res, lr->b, lr->o, lr->ncpu, pick);
	for (int i = 0; i < lr->ncpu; i++) {
		int cpu = lr->cpus[i].cpu, other = lr->ncpu > 1 ? lr->cpus[(i + 1) % lr->ncpu].cpu : first_other;
		struct rtb_cpuset *to = &un;
		if (lr->o->trace.explain_given && !rtb_cpuset_has(&lr->o->trace.explain, cpu))
			by_opt = 1;
		else if (!pick[i])
			by_model = 1;
		else if (nex >= room)
			by_room = 1;
		else {
			to = &ex;
			nex++;
			rtb_cpuset_set(&explain, cpu);
			rtb_cpuset_set(&cpus, cpu);
			if (lr->b->trace_xcpu && other >= 0)
				rtb_cpuset_set(&cpus, other);
		}
		rtb_cpuset_set(to, cpu);
	}
	rtb_run_trace_chosen(lr->res, ch, &ex, lr->ncpu);
	if (by_opt || by_model || by_room) {
		struct rtb_settings *s = &lr->res->set;
		char room_why[96];
		snprintf(room_why, sizeof(room_why), "the result's fixed storage (%d metrics) holds the trace "
			 "components of %d CPUs", RTB_MAX_METRICS, room > 0 ? room : 0);
		rtb_cpuset_str(&ex, s->trace_explained, sizeof(s->trace_explained));
		rtb_cpuset_str(&un, s->trace_unexplained, sizeof(s->trace_unexplained));
		snprintf(s->trace_unexplained_why, sizeof(s->trace_unexplained_why), "%s%s%s%s%s",
			 by_opt ? "not listed in --trace-cpus" : "", by_opt && by_model ? "; " : "",
			 by_model ? RTB_TRACE_MODEL_WHY : "", (by_opt || by_model) && by_room ? "; " : "",
			 by_room ? room_why : "");
		rtb_result_warn(lr->res, "%s: explained on CPUs %s only; CPUs %s measured, their samples not "
				"explained (%s)", lr->b->id, nex ? s->trace_explained : "none", s->trace_unexplained,
				s->trace_unexplained_why);
		lr->trace_unexplained = un;
	}
	if (!nex)
		return 0;
	/* the reader where the supervisor and the watchdog run (a CPU not
	 * measured when one is left) */
	reader = lr->res->set.housekeeping_cpu;
	struct rtb_tpass p = { .id = lr->b->id, .kind = lr->b->trace_kind, .cpus = cpus, .nwatch = nex,
			       .xcpu = lr->b->trace_xcpu, .reader_cpu = reader, .streamed = 1,
			       .explain = explain };
	err = rc->tracer->start(rc, &p);
	if (err) {
		rtb_result_warn(lr->res, "%s: the trace could not be read while it ran (%s): untraced", lr->b->id,
				rtb_strerror(err));
		return err;
	}
	rc->tracing = 1;
	/* --break-us: watched in the traced run, where its events are */
	for (int i = 0; i < lr->ncpu; i++)
		lr->cpus[i].live[0]->brk = rtb_ctx_break(rc);
	return 0;
}

/* agg_one - the all-CPU aggregate of component metrics `ids` (one a CPU)
 * as metric id: their histograms merged. */
static int agg_one(struct rtb_long *lr, const char *id, const char *const *ids, int n, char *id_out)
{
	struct rtb_metric *a, *first = NULL;
	int rc = rtb_metric_new_hm(lr->mres, id, id, 0, -1, 0, NULL, &a);

	if (rc)
		return rc;
	for (int i = 0; i < n; i++) {
		struct rtb_metric *c = rtb_metric_find(lr->mres, ids[i]);
		if (!c || !c->hm || rtb_hm_merge(a->hm, c->hm))
			continue;
		if (!first)
			first = c;
	}
	a->count = a->hm->acc.n;
	a->capacity = a->count;
	if (first) {
		memcpy(a->title, first->title, sizeof(a->title));
		a->study_table = first->study_table;
		a->group = first->group;
		snprintf(a->method, sizeof(a->method), "CPUs %s merged; each as on its CPU: %s", lr->res->set.cpus,
			 first->method);
	}
	snprintf(a->trace_parent, sizeof(a->trace_parent), "%s", lr->agg[0]->id);
	a->elapsed_ns = lr->agg[0]->elapsed_ns;
	rtb_metric_finish(a, 0);
	snprintf(id_out, 64, "%s", id);
	return 0;
}

/* agg_components - the aggregate's component distributions: each CPU's
 * merged (the plain id is the all-CPU aggregate, `<id>@cpuN` one CPU's). */
static void agg_components(struct rtb_long *lr, struct rtb_metric_trace *t)
{
	const struct rtb_metric_trace *s = NULL;
	const char *ids[RTB_MAX_CPUS];
	char id[64];
	int n = 0;

	for (int i = 0; i < lr->ncpu && !s; i++)
		s = lr->cpus[i].shown[0]->trace;
	if (!s)
		return;
	for (int q = 0; q <= s->ncomp; q++) {
		const char *cid = q < s->ncomp ? s->components[q] : s->diff_id;
		const char *at = strchr(cid, '@');
		n = 0;
		for (int i = 0; i < lr->ncpu; i++) {
			const struct rtb_metric_trace *c = lr->cpus[i].shown[0]->trace;
			if (c && (q < s->ncomp ? q < c->ncomp : c->diff_id[0] != '\0'))
				ids[n++] = q < s->ncomp ? c->components[q] : c->diff_id;
		}
		if (!at || !n)
			return;
		snprintf(id, sizeof(id), "%.*s", (int)(at - cid), cid);
		if (agg_one(lr, id, ids, n, q < s->ncomp ? t->components[q] : t->diff_id))
			return; /* the result is full: the per-CPU ones stay */
		if (q < s->ncomp)
			t->ncomp = q + 1;
	}
}

void rtb_long_trace_end(struct rtb_long *lr, struct rtb_ctx *rc)
{
	struct rtb_metric *live[RTB_MAX_CPUS], *shown[RTB_MAX_CPUS];
	int n = 0;

	if (!rc->tracing)
		return;
	rtb_selfcost_step("stop: trace stopped, drained");
	int err = rc->tracer->stop(rc);
	rc->tracing = 0;
	if (err == RTB_ETIMEDOUT)
		/* the reader's drain is bounded (trace_stream.c DRAIN_NS) */
		rtb_result_warn(lr->res, "%s: the trace reader could not keep up: 10 s after the measurement "
				"ended it had still not read or matched everything; the rest was passed over "
				"(self_cost.trace_reader.skipped counts its events, each CPU's trace note its "
				"samples: measured, not explained)", lr->b->id);
	else if (err)
		rtb_result_warn(lr->res, "%s: could not read the trace while it ran (%s)", lr->b->id,
				rtb_strerror(err));
	for (int i = 0; i < lr->ncpu; i++) {
		struct rtb_long_cpu *lc = &lr->cpus[i];
		lc->shown[0]->elapsed_ns = lc->live[0]->elapsed_ns;
		if (lc->started && n < RTB_MAX_CPUS) {
			live[n] = lc->live[0];
			shown[n++] = lc->shown[0];
		}
	}
	/* each CPU's keep onto its shown metric, the aggregate's worst and
	 * maxima from theirs; then the reader's storage is gone */
	struct rtb_tattach a = { .live = live, .dst = shown, .n = n, .agg = lr->agg[0] };
	rtb_selfcost_step("stop: trace kept onto the result");
	rc->tracer->attach(rc, &a);
	for (int i = 0; i < lr->ncpu; i++)
		lr->cpus[i].live[0]->tm = NULL; /* the reader's, freed with it */
	rtb_selfcost_step("stop: trace components merged");
	if (lr->agg[0] && lr->agg[0]->trace)
		agg_components(lr, lr->agg[0]->trace);
	/* this run's figures beside the cost model's (run/run_trace.c) */
	rtb_run_trace_ran(lr->res, lr->b->id, lr->agg[0] && lr->agg[0]->trace ? lr->agg[0]->trace->lost_events : 0);
	/* the CPUs left unexplained say so on their own metric, and the
	 * aggregate which it explains */
	for (int i = 0; i < lr->ncpu; i++)
		if (rtb_cpuset_has(&lr->trace_unexplained, lr->cpus[i].cpu))
			rtb_metric_note(lr->cpus[i].shown[0], "trace: measured, not explained (%s)",
					lr->res->set.trace_unexplained_why);
	if (lr->agg[0] && lr->res->set.trace_unexplained[0])
		rtb_metric_note(lr->agg[0], "trace: explained on CPUs %s only, not on %s (%s)",
				lr->res->set.trace_explained, lr->res->set.trace_unexplained,
				lr->res->set.trace_unexplained_why);
}
