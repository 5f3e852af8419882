/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - `run --trace` by count: the runner's whole-pass traced
 * mode. The second analyzer (src/trace) does the matching and explaining,
 * reached only through the tracer the entry handed in (c->tracer,
 * rtbench/tracer.h): this file decides the passes, the tracer what they
 * keep.
 *
 * For each benchmark that can be decomposed (rtb_bench.trace_kind), three
 * passes, interleaved so a drifting machine moves both alike:
 *   1. untraced, half the samples  (the cost of watching: before)
 *   2. traced, the full run        (the result; its samples keep marks)
 *   3. untraced, half the samples  (the cost of watching: after)
 * Pass 2 is read while it runs when its kind streams (bounded memory,
 * rtbench/trace_stream.h); otherwise its events are collected once it has
 * ended (nothing is read while a measurement runs), matched to its samples
 * and each component becomes a metric of its own, "<id>.trace.<component>"
 * (the tracer's attach). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/run_trace.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/tracer.h"
#include "rtbench/selfcost.h"
#include "rtbench/port_bench.h"
#include "rtbench/cpuset.h"

/* scratch_ctx - a context whose results go to a throw-away result. */
static int untraced_pass(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once,
			 struct rtb_result **out)
{
	struct rtb_result *r = rtb_alloc((1) * (sizeof(*r)));
	struct rtb_opts o = *c->o;
	struct rtb_ctx c2 = *c;
	size_t n = rtb_samples(c, b);

	*out = r;
	if (!r)
		return RTB_ENOMEM;
	r->clock = c->res->clock;
	o.samples = (int)(n / 2 > 0 ? n / 2 : 1);
	c2.o = &o;
	c2.res = r;
	c2.tracing = 0;
	c2.round = 0;   /* o.samples is this pass's count already */
	c2.nrounds = 0;
	return once(&c2, b);
}

int rtb_run_trace_streams(const struct rtb_ctx *c, enum rtb_trace_kind k)
{
	return c->tracer && (c->tracer->stream_kinds & 1u << k) && !c->o->trace.events;
}

/* traced_pass - pass 2: on the streaming path when the kind streams (read
 * while it runs, bounded memory), else the whole pass kept and collected
 * after it. *streamed says which. */
static int traced_pass(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once,
		       const struct rtb_cpuset *cpus, int *streamed)
{
	const struct rtb_tracer *t = c->tracer;
	struct rtb_tpass p = { .id = b->id, .kind = b->trace_kind, .cpus = *cpus, .nwatch = 1, .reader_cpu = -1,
			       .xcpu = b->trace_xcpu && c->other_cpu >= 0 };
	int rc;

	*streamed = 0;
	if (rtb_run_trace_streams(c, b->trace_kind)) {
		p.reader_cpu = c->other_cpu >= 0 && !(b->trace_xcpu && c->other_cpu >= 0) ? c->other_cpu : -1;
		p.streamed = 1;
		rc = t->start(c, &p);
		if (!rc) {
			*streamed = 1;
			c->tracing = 1;
			rc = once(c, b);
			c->tracing = 0;
			int src = t->stop(c);
			if (src)
				rtb_result_warn(c->res, "%s: could not read the trace while it ran (%s)", b->id,
						rtb_strerror(src));
			return rc;
		}
		rtb_result_warn(c->res, "%s: the trace could not be read while it ran (%s): the whole pass is "
				"kept instead", b->id, rtb_strerror(rc));
	}
	p.streamed = 0;
	p.reader_cpu = -1;
	rc = t->start(c, &p);
	if (rc) {
		rtb_result_warn(c->res, "%s: could not start the trace (%s): untraced", b->id, rtb_strerror(rc));
		return once(c, b);
	}
	c->tracing = 1;
	rc = once(c, b);
	c->tracing = 0;
	int crc = t->stop(c);
	if (crc)
		rtb_result_warn(c->res, "%s: could not read the trace (%s)", b->id, rtb_strerror(crc));
	return rc;
}

int rtb_run_trace_bench(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once)
{
	struct rtb_result *before = NULL, *after = NULL;
	struct rtb_cpuset cpus = { 0 };
	int first = c->res->nmetrics, rc, streamed = 0;

	if (c->cpu < 0 || c->cpu >= RTB_MAX_CPUS || (b->trace_xcpu && c->other_cpu >= RTB_MAX_CPUS)) {
		rtb_result_warn(c->res, "%s: not traced: CPU numbers from %d up are not supported by --trace", b->id,
				RTB_MAX_CPUS);
		return once(c, b);
	}
	rtb_cpuset_set(&cpus, c->cpu);
	if (b->trace_xcpu && c->other_cpu >= 0)
		rtb_cpuset_set(&cpus, c->other_cpu);
	rc = untraced_pass(c, b, once, &before);               /* 1 */
	if (!rc && !rtb_stopped(c))
		rc = traced_pass(c, b, once, &cpus, &streamed); /* 2 */
	if (!rc && !rtb_stopped(c))
		rc = untraced_pass(c, b, once, &after);         /* 3 */
	int last = c->res->nmetrics;
	struct rtb_metric *const *ms = c->res->metrics + first;
	struct rtb_tattach a = { .live = ms, .dst = ms, .n = last - first, .before = before, .after = after };
	c->tracer->attach(c, &a);
	/* the marks served the matcher (and the events file): drop them (a
	 * streamed metric's were the reader's, gone with it) */
	for (int i = first; i < last; i++) {
		struct rtb_metric *m = c->res->metrics[i];
		if (streamed)
			m->tm = NULL;
		if (m->tm) {
			rtb_free(m->tm->start);
			rtb_free(m->tm->end);
			rtb_free(m->tm->expiry_ns);
			rtb_free(m->tm);
			m->tm = NULL;
		}
	}
	if (before)
		rtb_result_free(before);
	if (after)
		rtb_result_free(after);
	rtb_free(before);
	rtb_free(after);
	return rc;
}

/* The cost model's constants (docs/scale.md, bench/scale_model.py), from
 * traced every-CPU runs on a 2-vCPU KVM guest (2026-12-05): a timer
 * period makes about 7.9 events on its CPU (the interrupt's entry and
 * exit, the hrtimer's start and expiry, waking, wake-up, two switches)
 * over a floor of 2.6 k a second (10.5 k at 1 ms, 81.6 k at 100 us); the
 * reader parsed 3.0-3.5 M of them a second of its CPU. The noise makes
 * 1.7 k a second (1.28 M parsed a second); the pipe's round trips 1.24 M
 * (the reader behind at 0.57 M). The wake-up and slice kinds were not
 * measured: no figures, every CPU explained as before. */
#define TM_SHARE 0.5
static const struct {
	enum rtb_trace_kind k;
	double floor_s, per_period, reader_s;
} tmodel[] = {
	{ RTB_TRACE_TIMER, 2600, 7.9, 3.0e6 },
	{ RTB_TRACE_NOISE, 1700, 0, 1.28e6 },
	{ RTB_TRACE_PINGPONG, 1.24e6, 0, 0.57e6 },
};

void rtb_run_trace_model(enum rtb_trace_kind k, int64_t period_ns, const char *cap_env,
			 struct rtb_trace_choice *m)
{
	m->events_per_cpu_s = 0;
	m->reader_events_s = 0;
	m->share = TM_SHARE;
	snprintf(m->from, sizeof(m->from), "no figures for this measurement");
	for (size_t i = 0; i < sizeof(tmodel) / sizeof(tmodel[0]); i++) {
		if (tmodel[i].k != k)
			continue;
		m->events_per_cpu_s = tmodel[i].floor_s;
		if (tmodel[i].per_period > 0 && period_ns > 0)
			m->events_per_cpu_s += tmodel[i].per_period * 1e9 / (double)period_ns;
		m->reader_events_s = tmodel[i].reader_s;
		snprintf(m->from, sizeof(m->from), "measured on a 2-vCPU KVM guest (docs/scale.md)");
	}
	if (!m->events_per_cpu_s || !cap_env || !*cap_env)
		return;
	char *end;
	double c = strtod(cap_env, &end);
	if (end != cap_env && !*end && c >= 1 && c < 1e12) {
		m->reader_events_s = c;
		snprintf(m->from, sizeof(m->from), "RTB_TRACE_READER_EVS (given, not measured)");
	} else {
		snprintf(m->from, sizeof(m->from), "measured on a 2-vCPU KVM guest (RTB_TRACE_READER_EVS "
			 "ignored: not a number of events)");
	}
}

int rtb_run_trace_pick(struct rtb_trace_choice *m, int n, unsigned char *pick)
{
	int k = n;

	m->ncpus = n;
	m->n_max = -1;
	if (m->events_per_cpu_s > 0 && m->reader_events_s > 0) {
		double nmax = m->share * m->reader_events_s / m->events_per_cpu_s;
		m->n_max = nmax >= 1e6 ? 1000000 : (int)nmax;
		k = m->n_max < 1 ? 1 : m->n_max < n ? m->n_max : n;
	}
	memset(pick, 0, (size_t)(n > 0 ? n : 0));
	/* spread over the list: the i-th of k at floor(i * n / k), so a
	 * sample covers the machine's sockets and nodes alike */
	for (int i = 0; i < k && n > 0; i++)
		pick[(int)((int64_t)i * n / k)] = 1;
	return n > 0 ? k : 0;
}

struct rtb_trace_choice *rtb_run_trace_choose(struct rtb_result *res, const struct rtb_bench *b,
					      const struct rtb_opts *o, int n, unsigned char *pick)
{
	struct rtb_settings *s = &res->set;
	struct rtb_trace_choice *ch;

	memset(pick, 1, (size_t)n);
	if (n < 2)
		return NULL; /* one CPU: nothing to choose */
	/* a run by count in rounds chooses again each round: one entry */
	for (ch = s->trace_choice; ch < s->trace_choice + s->ntrace_choice; ch++)
		if (!strcmp(ch->id, b->id))
			break;
	if (ch == s->trace_choice + RTB_MAX_TRACE_CHOICES) {
		s->trace_choice_over++;
		return NULL;
	}
	if (ch == s->trace_choice + s->ntrace_choice)
		s->ntrace_choice++;
	memset(ch, 0, sizeof(*ch));
	snprintf(ch->id, sizeof(ch->id), "%s", b->id);
	ch->run_n_max = -1;
	rtb_run_trace_model(b->trace_kind, o->period_ns, getenv("RTB_TRACE_READER_EVS"), ch);
	if (o->trace.explain_given) {
		snprintf(ch->by, sizeof(ch->by), "option");
		ch->ncpus = n;
		ch->n_max = -1;
		if (ch->events_per_cpu_s > 0 && ch->reader_events_s > 0)
			ch->n_max = (int)(ch->share * ch->reader_events_s / ch->events_per_cpu_s);
	} else {
		snprintf(ch->by, sizeof(ch->by), "model");
		rtb_run_trace_pick(ch, n, pick);
	}
	struct rtb_self_cost sc = { 0 };
	rtb_selfcost_fill(&sc);
	ch->at_events = sc.reader_events;
	ch->at_skipped = sc.reader_skipped;
	ch->at_cpu_ns = sc.reader_cpu_ns;
	ch->at_ns = rtb_port_mono_ns();
	return ch;
}

void rtb_run_trace_chosen(struct rtb_result *res, struct rtb_trace_choice *ch, const struct rtb_cpuset *ex,
			  int n)
{
	if (!ch)
		return;
	rtb_cpuset_str(ex, ch->explained, sizeof(ch->explained));
	ch->nexplained = rtb_cpuset_count(ex);
	if (strcmp(ch->by, "model") || ch->n_max < 0 || ch->n_max >= n)
		return;
	rtb_result_warn(res, "%s: the cost model: %d CPUs x %.1fk events/s need %.2f of the reader's CPU at "
			"%.2fM events/s (%s), U %.1f: N_max %d, %d explained (settings.trace.choices)", ch->id, n,
			ch->events_per_cpu_s / 1e3, n * ch->events_per_cpu_s / ch->reader_events_s,
			ch->reader_events_s / 1e6, strncmp(ch->from, "RTB_", 4) ? "measured elsewhere" :
			"RTB_TRACE_READER_EVS", ch->share, ch->n_max, ch->nexplained);
}

void rtb_run_trace_ran(struct rtb_result *res, const char *id, uint64_t lost)
{
	struct rtb_settings *s = &res->set;
	struct rtb_trace_choice *ch = NULL;

	for (int i = s->ntrace_choice - 1; i >= 0 && !ch; i--)
		if (!strcmp(s->trace_choice[i].id, id))
			ch = &s->trace_choice[i];
	if (!ch || !ch->at_ns || !ch->nexplained)
		return;
	struct rtb_self_cost sc = { 0 };
	rtb_selfcost_fill(&sc);
	double secs = (double)(rtb_port_mono_ns() - ch->at_ns) / 1e9;
	uint64_t ev = sc.reader_events - ch->at_events, sk = sc.reader_skipped - ch->at_skipped;
	uint64_t cpu = sc.reader_cpu_ns - ch->at_cpu_ns;
	if (secs > 0)
		ch->run_events_per_cpu_s = (double)(ev + sk + lost) / (ch->nexplained * secs);
	if (cpu > 0)
		ch->run_reader_events_s = (double)ev / ((double)cpu / 1e9);
	ch->run_lost = lost;
	ch->run_n_max = -1;
	if (!(ch->run_events_per_cpu_s > 0 && ch->run_reader_events_s > 0))
		return;
	double nmax = ch->share * ch->run_reader_events_s / ch->run_events_per_cpu_s;
	ch->run_n_max = nmax >= 1e6 ? 1000000 : (int)nmax;
	/* said where this run's own figures would have chosen otherwise: it
	 * lost events on more CPUs than they say one reader keeps up with,
	 * or the model left out CPUs they say it could have kept */
	if ((lost && ch->nexplained > ch->run_n_max) ||
	    (!strcmp(ch->by, "model") && ch->nexplained < ch->ncpus && ch->run_n_max >= ch->ncpus))
		rtb_result_warn(res, "%s: this run's own figures (%.1fk events/s a CPU, the reader %.2fM/s of its "
				"CPU) say one reader keeps up with %d CPUs; %d explained, %llu events lost "
				"(--trace-cpus chooses)", ch->id, ch->run_events_per_cpu_s / 1e3,
				ch->run_reader_events_s / 1e6, ch->run_n_max, ch->nexplained,
				(unsigned long long)lost);
}
