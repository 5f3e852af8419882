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
static int traced_pass(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once, uint64_t cpus,
		       int *streamed)
{
	const struct rtb_tracer *t = c->tracer;
	struct rtb_tpass p = { .id = b->id, .kind = b->trace_kind, .cpus = cpus, .nwatch = 1, .reader_cpu = -1,
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
	uint64_t cpus = 0;
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
		rc = traced_pass(c, b, once, cpus, &streamed);  /* 2 */
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
