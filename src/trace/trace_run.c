/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - `run --trace`: the runner's side of the second analyzer.
 *
 * For each benchmark that can be decomposed (rtb_bench.trace_kind), three
 * passes, interleaved so a drifting machine moves both alike:
 *   1. untraced, half the samples  (the cost of watching: before)
 *   2. traced, the full run        (the result; its samples keep marks)
 *   3. untraced, half the samples  (the cost of watching: after)
 * Pass 2's events are collected once it has ended (nothing is read while a
 * measurement runs), matched to its samples (trace/trace_match.c), and each
 * component becomes a metric of its own, "<id>.trace.<component>", beside
 * the measurement, plus "<id>.trace.rtbench_minus_trace", the distribution
 * of the difference between rtbench's interval and the trace's. */
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/port.h" /* rtb_port_output: the --trace-events files */
#include "rtbench/mem.h"
#include "rtbench/sink.h"
#include "rtbench/stats.h"
#include "rtbench/trace_stream.h"

/* Agreement: a matched sample agrees when the trace's interval lies inside
 * rtbench's (rtb_trace_match). No upper bound on the difference: it is the
 * components outside the trace's interval (a timer's switch_to_stamp, the
 * return to user space; a wake-up's call and return), a real part of the
 * latency that tens of thousands of samples of a long run show over any
 * fixed bound (issue 30: "agreement 44-70%" was that, not a disagreement).
 * 0 for every kind: the result's tolerance_ns says so. */
int64_t rtb_trace_tolerance_ns(enum rtb_trace_kind k)
{
	(void)k;
	return 0;
}

int rtb_trace_setup(struct rtb_ctx *c)
{
	const struct rtb_opts *o = c->o;
	struct rtb_settings *s = &c->res->set;
	struct rtb_trace_cfg cfg = { 0 };
	char why[200] = "";
	size_t n = o->samples > 0 ? (size_t)o->samples : 20000;

	s->trace_requested = 1;
	/* about 0.5 KiB of events per sample on the development machine, but
	 * whatever else runs on the CPU adds to it (a time-slice test with a
	 * long quantum, other processes): 2 KiB a sample plus 32 MiB, at most
	 * 512 MiB per CPU. A full buffer drops events, counted and reported. */
	cfg.buffer_kb = n * 2 + 32768;
	if (cfg.buffer_kb > 512 * 1024)
		cfg.buffer_kb = 512 * 1024;
	/* a --duration run is read while it runs (trace_stream.c): the
	 * buffer only bridges the reader's polls, seconds of events */
	if (o->duration_ns > 0)
		cfg.buffer_kb = 32768;
	/* the blocker's kernel stack is kept at a break (trace_break.c) */
	cfg.stacks = o->break_ns > 0;
	int rc = rtb_port_trace_open(&cfg, why, sizeof(why));
	if (rc) {
		snprintf(s->trace_note, sizeof(s->trace_note), "--trace unavailable: %s", why);
		fprintf(stderr, "rtbench: %s; the run goes on untraced\n", s->trace_note);
		return rc;
	}
	c->trace_ready = 1;
	s->traced = 1;
	return 0;
}

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

/* untraced_stats - p50 and p99 of the pooled untraced samples. */
static void untraced_stats(struct rtb_metric_trace *t)
{
	struct rtb_stats st;
	int64_t *scratch;

	if (!t || !t->nuntraced || !(scratch = rtb_alloc(t->nuntraced * sizeof(*scratch))))
		return;
	if (!rtb_stats_compute(t->untraced, t->nuntraced, scratch, &st)) {
		t->untraced_p50_ns = st.pct[0];
		t->untraced_p99_ns = st.pct[2];
	}
	rtb_free(scratch);
}

/* rtb_trace_merge_round - a later round's trace into the run's metric dst
 * (before its samples are appended: indices shift by dst->count). */
int rtb_trace_merge_round(struct rtb_metric *dst, struct rtb_metric *src, const struct rtb_break *b)
{
	struct rtb_metric_trace *d = dst->trace, *s = src->trace;

	if (!s)
		return 0;
	for (size_t i = 0; i < s->ndis; i++)
		s->dis[i].index += dst->count;
	for (int k = 0; k < s->nworst; k++)
		s->worst[k].index += dst->count;
	for (int k = 0; k < s->nmax; k++)
		s->maxima[k].w.index += dst->count;
	if (!d) {
		dst->trace = s;
		src->trace = NULL;
		return 0;
	}
	struct rtb_trace_disagreement *dis = rtb_realloc(d->dis, (d->ndis + s->ndis + 1) * sizeof(*dis));
	int64_t *u = rtb_realloc(d->untraced, (d->nuntraced + s->nuntraced + 1) * sizeof(*u));
	if (dis)
		d->dis = dis;
	if (u)
		d->untraced = u;
	if (!dis || !u)
		return RTB_ENOMEM;
	memcpy(d->dis + d->ndis, s->dis, s->ndis * sizeof(*dis));
	d->ndis += s->ndis;
	memcpy(d->untraced + d->nuntraced, s->untraced, s->nuntraced * sizeof(*u));
	d->nuntraced += s->nuntraced;
	d->untraced_passes += s->untraced_passes;
	d->samples += s->samples;
	d->matched += s->matched;
	d->agree += s->agree;
	d->agreement = d->samples ? (double)d->agree / (double)d->samples : 0;
	d->lost_events += s->lost_events;
	d->boosted += s->boosted;
	d->not_boosted += s->not_boosted;
	d->preempted += s->preempted;
	d->ndis_total += s->ndis_total;
	d->incomplete += s->incomplete;
	d->marks_lost += s->marks_lost;
	d->explained += s->explained;
	untraced_stats(d);
	rtb_trace_worst_merge(dst, d, s, b);
	rtb_trace_maxima_merge(d, s);
	rtb_free(s->maxima);
	rtb_free(s->worst);
	rtb_free(s->dis);
	rtb_free(s->untraced);
	rtb_free(s);
	src->trace = NULL;
	return 0;
}

static struct rtb_metric *find(struct rtb_result *r, const char *id)
{
	return r ? rtb_metric_find(r, id) : NULL;
}

/* rtb_trace_comp_label - a component metric's title, study table, parent
 * and method, the same whether its values were matched after the round or
 * while the run ran (`streamed`: then its values sit in a histogram). */
void rtb_trace_comp_label(struct rtb_metric *cm, const struct rtb_metric *parent, const char *name,
			  const char *what, int streamed)
{
	snprintf(cm->title, sizeof(cm->title), "%s (kernel trace)", name);
	cm->study_table = parent->study_table;
	cm->group = parent->group;
	snprintf(cm->trace_parent, sizeof(cm->trace_parent), "%s", parent->id);
	rtb_metric_set_method(cm, "%s; from the kernel's event trace on clock %s, %s"
			      "one value per sample of %s whose events were found%s", what,
			      rtb_port_trace_clock(), streamed ? "read while the run ran, " : "",
			      parent->id, streamed ? " (histogram)" : "");
}

/* add_comp - a metric for one component (or the difference). */
static int add_comp(struct rtb_ctx *c, const struct rtb_metric *m, const char *name,
		    const char *what, const int64_t *v, const uint8_t *why, int all, char *id_out)
{
	struct rtb_metric *cm;
	char id[64];
	size_t n = 0;
	int rc;

	for (size_t i = 0; i < m->count; i++)
		n += all ? why[i] != RTB_TW_NO_EVENTS && why[i] != RTB_TW_ORDER : why[i] == RTB_TW_OK;
	snprintf(id, sizeof(id), "%s.trace.%s", m->id, name);
	rc = rtb_metric_new(c->res, id, name, n, &cm);
	if (rc)
		return rc;
	snprintf(id_out, 64, "%s", id);
	rtb_trace_comp_label(cm, m, name, what, 0);
	for (size_t i = 0; i < m->count; i++)
		if (why[i] != RTB_TW_NO_EVENTS && why[i] != RTB_TW_ORDER)
			rtb_metric_store(cm, cm->count++, v[i]); /* derived, may be < 0 */
	cm->elapsed_ns = m->elapsed_ns;
	return rtb_metric_finish(cm, 0);
}

/* decompose - match metric m's samples to the events, add its components. */
static int decompose(struct rtb_ctx *c, struct rtb_metric *m, const struct rtb_tev *ev,
		     size_t nev, uint64_t lost)
{
	struct rtb_trace_marks *tm = m->tm;
	struct rtb_metric_trace *t = rtb_alloc((1) * (sizeof(*t)));
	struct rtb_trace_out out = { 0 };
	size_t n = m->count;
	int rc = RTB_ENOMEM;

	if (!t)
		return RTB_ENOMEM;
	m->trace = t;
	t->kind = tm->kind;
	snprintf(t->clock, sizeof(t->clock), "%s", rtb_port_trace_clock());
	t->tolerance_ns = rtb_trace_tolerance_ns(tm->kind);
	t->lost_events = lost;
	t->samples = n;
	if (tm->kind == RTB_TRACE_NOISE)
		return rtb_trace_noise(c, m, ev, nev); /* explained, not matched */
	rtb_trace_comp_names(tm->kind, &out);
	out.why = rtb_alloc((n + 1) * (1));
	out.diff_ns = rtb_alloc((n + 1) * (sizeof(int64_t)));
	for (int k = 0; k < out.ncomp; k++)
		out.comp[k] = rtb_alloc((n + 1) * (sizeof(int64_t)));
	if (!out.why || !out.diff_ns)
		goto out;
	for (int k = 0; k < out.ncomp; k++)
		if (!out.comp[k])
			goto out;
	struct rtb_trace_in in = {
		.kind = tm->kind, .ev = ev, .nev = nev, .sample_ns = m->samples, .n = n,
		.mk = tm, .ticks_per_ns = c->clk->ticks_per_ns, .tol_ns = t->tolerance_ns,
	};
	rc = rtb_trace_match(&in, &out);
	if (rc)
		goto out;
	t->matched = out.matched;
	t->agree = out.agree;
	t->agreement = n ? (double)out.agree / (double)n : 0;
	t->boosted = out.boosted;
	t->not_boosted = out.not_boosted;
	t->preempted = out.preempted;
	if (tm->kind == RTB_TRACE_PI)
		goto out;
	t->dis = rtb_alloc((n - out.agree + 1) * (sizeof(*t->dis)));
	if (!t->dis) {
		rc = RTB_ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		if (out.why[i] != RTB_TW_OK)
			t->dis[t->ndis++] = (struct rtb_trace_disagreement){
				i, out.why[i], out.why[i] == RTB_TW_NO_EVENTS || out.why[i] == RTB_TW_ORDER
					       ? INT64_MIN : out.diff_ns[i] };
	for (int k = 0; k < out.ncomp && !rc; k++) {
		rc = add_comp(c, m, out.comp_name[k], out.comp_what[k], out.comp[k], out.why, 1,
			      t->components[k]);
		t->ncomp = k + 1;
	}
	if (!rc && rtb_trace_diff_metric(tm->kind))
		rc = add_comp(c, m, "rtbench_minus_trace",
			      "rtbench's interval minus the trace's: the components outside the trace's interval",
			      out.diff_ns, out.why, 1, t->diff_id);
	if (!rc)
		rc = rtb_trace_worst(c, m, ev, nev, &out);
out:
	rtb_free(out.why);
	rtb_free(out.diff_ns);
	for (int k = 0; k < out.ncomp; k++)
		rtb_free(out.comp[k]);
	return rc;
}

/* The events file (run --trace-events PREFIX): per traced benchmark, the
 * port-neutral events and every sample's marks, one per line, so a matcher
 * run can be repeated and checked offline (tests/unit/test_trace.c reads
 * one from tests/data). Format, version 1:
 *   rtbench-trace-events 1
 *   clock <name> <ticks_per_ns>
 *   metric <id> <kind> <tid> <peer_tid> <nsamples>
 *   s <index> <sample_ns> <start> <end> <expiry_ns>      (per sample)
 *   e <t> <kind> <cpu> <cur> <pid> <prev> <old_prio> <new_prio> <a>
 *     <prev_runnable> <timer> <expiry_ns> [<comm> <prev_comm>] (per event)
 * <comm> and <prev_comm> (a task's or a handler's name, added after version
 * 1's first readers, who ignore them) are "-" when empty, every byte outside
 * '!'..'~' and the backslash written as \xHH. */
struct dump {
	const struct rtb_ctx *c;
	int first, last;
	const struct rtb_tev *ev;
	size_t nev;
};

/* ev_name - a name for the events file: "-" when empty, bytes outside
 * '!'..'~' and the backslash as \xHH. */
static void ev_name(const char *name, size_t len, char *out)
{
	char *p = out;

	for (size_t q = 0; q < len && name[q]; q++) {
		unsigned char ch = (unsigned char)name[q];
		p += ch > ' ' && ch < 0x7f && ch != '\\' ? sprintf(p, "%c", ch) : sprintf(p, "\\x%02x", ch);
	}
	if (p == out)
		*p++ = '-';
	*p = '\0';
}

static int write_events(struct rtb_sink *s, const void *arg)
{
	const struct dump *d = arg;

	rtb_sink_puts(s, "rtbench-trace-events 1\n");
	rtb_sink_printf(s, "clock %s %.9f\n", rtb_port_trace_clock(), d->c->clk->ticks_per_ns);
	for (int i = d->first; i < d->last; i++) {
		const struct rtb_metric *m = d->c->res->metrics[i];
		const struct rtb_trace_marks *tm = m->tm;
		if (!tm)
			continue;
		rtb_sink_printf(s, "metric %s %d %ld %ld %lu\n", m->id, (int)tm->kind, tm->tid,
				tm->peer_tid, (unsigned long)m->count);
		for (size_t k = 0; k < m->count && k < tm->capacity; k++)
			rtb_sink_printf(s, "s %lu %lld %llu %llu %lld\n", (unsigned long)k, (long long)m->samples[k],
					(unsigned long long)tm->start[k], (unsigned long long)tm->end[k],
					(long long)tm->expiry_ns[k]);
	}
	for (size_t k = 0; k < d->nev; k++) {
		const struct rtb_tev *e = &d->ev[k];
		char comm[4 * sizeof(e->comm) + 2], pcomm[4 * sizeof(e->comm) + 2];
		ev_name(e->comm, sizeof(e->comm), comm);
		ev_name(e->prev_comm, sizeof(e->prev_comm), pcomm);
		rtb_sink_printf(s, "e %llu %d %d %d %d %d %d %d %d %d %llx %lld %s %s\n",
				(unsigned long long)e->t, (int)e->kind, (int)e->cpu, (int)e->cur, (int)e->pid,
				(int)e->prev, (int)e->old_prio, (int)e->new_prio, (int)e->a, (int)e->prev_runnable,
				(unsigned long long)e->timer, (long long)e->expiry_ns, comm, pcomm);
	}
	return rtb_sink_error(s);
}

static int events_failed; /* an events file was not written (exit status) */

static void dump_events(struct rtb_ctx *c, const struct rtb_bench *b, int first, int last,
			const struct rtb_tev *ev, size_t nev)
{
	struct dump d = { c, first, last, ev, nev };
	char name[512];

	snprintf(name, sizeof(name), "%s.%s.r%d.txt", c->o->trace_events, b->id, c->round + 1);
	if (rtb_port_output(name, write_events, &d)) {
		/* the reason, in the result too, and the run's exit status
		 * (a lost events file once exited 0 without a word why) */
		fprintf(stderr, "rtbench: --trace-events: cannot write %s\n", rtb_port_output_error());
		rtb_result_warn(c->res, "--trace-events: cannot write %s: that events file is missing",
				rtb_port_output_error());
		events_failed = 1;
	}
}

/* rtb_trace_events_failed - 1 if an events file could not be written. */
int rtb_trace_events_failed(void)
{
	return events_failed;
}

/* cost - keep the untraced passes' samples beside the traced ones. */
static void cost(struct rtb_metric *m, struct rtb_result *before, struct rtb_result *after)
{
	struct rtb_result *r[2] = { before, after };
	struct rtb_metric_trace *t = m->trace;

	for (int k = 0; k < 2 && t; k++) {
		struct rtb_metric *u = find(r[k], m->id);
		if (!u || !u->count)
			continue;
		int64_t *s = rtb_realloc(t->untraced, (t->nuntraced + u->count) * sizeof(*s));
		if (!s)
			return;
		memcpy(s + t->nuntraced, u->samples, u->count * sizeof(*s));
		t->untraced = s;
		t->nuntraced += u->count;
		t->untraced_passes++;
	}
	untraced_stats(t);
}

int rtb_trace_streams(const struct rtb_ctx *c, enum rtb_trace_kind k)
{
	return (k == RTB_TRACE_TIMER || k == RTB_TRACE_WAKE) && !c->o->trace_events;
}

/* traced_pass - pass 2: on the streaming path when the kind streams (read
 * while it runs, bounded memory), else the whole pass kept and collected
 * after it. *streamed says which. */
static int traced_pass(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once, uint64_t cpus,
		       struct rtb_tev **ev, size_t *nev, uint64_t *lost, int *streamed)
{
	int rc;

	*streamed = 0;
	if (rtb_trace_streams(c, b->trace_kind)) {
		int reader = c->other_cpu >= 0 && !(b->trace_xcpu && c->other_cpu >= 0) ? c->other_cpu : -1;
		rc = rtb_ts_start(c, b->trace_kind, cpus, 1, reader);
		if (!rc) {
			*streamed = 1;
			c->tracing = 1;
			rc = once(c, b);
			c->tracing = 0;
			int src = rtb_ts_stop();
			if (src)
				rtb_result_warn(c->res, "%s: could not read the trace while it ran (%s)", b->id,
						rtb_strerror(src));
			return rc;
		}
		rtb_result_warn(c->res, "%s: the trace could not be read while it ran (%s): the whole pass is "
				"kept instead", b->id, rtb_strerror(rc));
	}
	rc = rtb_port_trace_begin(cpus);
	if (rc) {
		rtb_result_warn(c->res, "%s: could not start the trace (%s): untraced", b->id, rtb_strerror(rc));
		return once(c, b);
	}
	c->tracing = 1;
	rc = once(c, b);
	c->tracing = 0;
	rtb_port_trace_end();
	int crc = rtb_port_trace_collect(ev, nev, lost);
	if (crc)
		rtb_result_warn(c->res, "%s: could not read the trace (%s)", b->id, rtb_strerror(crc));
	return rc;
}

int rtb_trace_bench(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once)
{
	struct rtb_result *before = NULL, *after = NULL;
	struct rtb_tev *ev = NULL;
	size_t nev = 0;
	uint64_t lost = 0, cpus = 0;
	int first = c->res->nmetrics, rc, streamed = 0;

	if (c->cpu < 0 || c->cpu > 63 || (b->trace_xcpu && c->other_cpu > 63)) {
		rtb_result_warn(c->res, "%s: not traced: CPU numbers above 63 are not supported by --trace", b->id);
		return once(c, b);
	}
	cpus = 1ull << c->cpu;
	if (b->trace_xcpu && c->other_cpu >= 0)
		cpus |= 1ull << c->other_cpu;
	rc = untraced_pass(c, b, once, &before);               /* 1 */
	if (!rc && !rtb_stopped(c))
		rc = traced_pass(c, b, once, cpus, &ev, &nev, &lost, &streamed); /* 2 */
	if (!rc && !rtb_stopped(c))
		rc = untraced_pass(c, b, once, &after);         /* 3 */
	int last = c->res->nmetrics;
	if (ev && c->o->trace_events)
		dump_events(c, b, first, last, ev, nev);
	for (int i = first; i < last; i++) {
		struct rtb_metric *m = c->res->metrics[i];
		if (!m->tm || (!ev && !streamed))
			continue;
		int drc = streamed ? rtb_ts_attach(m, m, c->res) : decompose(c, m, ev, nev, lost);
		if (drc)
			rtb_metric_note(m, "trace not matched: %s", rtb_strerror(drc));
		cost(m, before, after);
	}
	/* the marks served the matcher (and the events file): drop them (a
	 * streamed metric's are the reader's, freed with it) */
	if (streamed) {
		for (int i = first; i < last; i++)
			c->res->metrics[i]->tm = NULL;
		rtb_ts_release();
	}
	for (int i = first; i < last; i++) {
		struct rtb_metric *m = c->res->metrics[i];
		if (m->tm) {
			rtb_free(m->tm->start);
			rtb_free(m->tm->end);
			rtb_free(m->tm->expiry_ns);
			rtb_free(m->tm);
			m->tm = NULL;
		}
	}
	rtb_free(ev);
	if (before)
		rtb_result_free(before);
	if (after)
		rtb_result_free(after);
	rtb_free(before);
	rtb_free(after);
	return rc;
}
