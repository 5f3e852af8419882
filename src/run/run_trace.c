/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - `run --trace` by count: the runner's whole-pass traced
 * mode (the second analyzer, src/trace, does the matching and explaining).
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
 * (rtb_trace_decompose, trace/trace_run.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/run_trace.h"
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/port.h" /* rtb_port_output: the --trace-events files */
#include "rtbench/mem.h"
#include "rtbench/sink.h"
#include "rtbench/trace_stream.h"

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
	/* a --duration run, and one on several CPUs at once, is read while
	 * it runs (trace_stream.c): the buffer only bridges the reader's
	 * polls, seconds of events */
	if (o->duration_ns > 0 || o->ncpus_list > 1)
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
		int drc = streamed ? rtb_ts_attach(m, m, c->res) : rtb_trace_decompose(c, m, ev, nev, lost);
		if (drc)
			rtb_metric_note(m, "trace not matched: %s", rtb_strerror(drc));
		rtb_trace_cost(m, before, after);
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
