/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the second analyzer as the runner sees it: the hooks of
 * struct rtb_tracer (rtbench/tracer.h), which the entry hands to the
 * runner. Everything behind them is this room's: the port's recorder
 * (rtbench/port_trace.h), the whole-pass matcher (trace_run.c), the
 * streaming reader (trace_stream.c), --break-us's window (trace_break.c),
 * the worst and the maxima (trace_worst.c), the --trace-events files.
 *
 * A pass's whole-pass events live here between stop and attach (one pass
 * at a time: the runner traces one benchmark after another). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/port.h" /* rtb_port_output: the --trace-events files */
#include "rtbench/sink.h"
#include "rtbench/tracer.h"
#include "rtbench/trace_stream.h"

static struct {
	struct rtb_tev *ev;     /* a whole pass's events (stop .. attach) */
	size_t nev;
	uint64_t lost;
	const char *id;         /* the pass's benchmark */
	int streamed;           /* the pass is read while it runs */
	int events_failed;      /* a --trace-events file was not written */
} pass;

/* tr_open - the port's recorder, sized for the run; --break-us's window. */
static int tr_open(struct rtb_ctx *c)
{
	const struct rtb_opts *o = c->o;
	struct rtb_settings *s = &c->res->set;
	struct rtb_trace_cfg cfg = { 0 };
	char why[200] = "";
	size_t n = o->samples > 0 ? (size_t)o->samples : 20000;

	memset(&pass, 0, sizeof(pass));
	rtb_break_forget();
	/* about 0.5 KiB of events per sample on the development machine, but
	 * whatever else runs on the CPU adds to it (a time-slice test with a
	 * long quantum, other processes): 2 KiB a sample plus 32 MiB, at most
	 * 512 MiB per CPU. A full buffer drops events, counted and reported. */
	cfg.buffer_kb = n * 2 + 32768;
	if (cfg.buffer_kb > 512 * 1024)
		cfg.buffer_kb = 512 * 1024;
	/* a --duration run, and one on several CPUs at once, is read while
	 * it runs (trace_stream.c): the buffer only bridges the reader's
	 * polls, seconds of events. The kernel gives every online CPU a
	 * buffer of this size, so past 16 CPUs the whole is held to 512 MiB
	 * (8 MiB each at 64 CPUs, 2 MiB at 256): 32 MiB each made 2 GiB at
	 * 64, which a 2 GiB guest refused (ENOMEM: untraced). A buffer that
	 * overflows between polls drops events, counted per CPU
	 * (docs/scale.md) */
	if (o->time.duration_ns > 0 || o->cpus.n > 1) {
		int ncpu = rtb_ncpus();
		cfg.buffer_kb = ncpu > 16 ? (size_t)512 * 1024 / (size_t)ncpu : 32768;
		if (cfg.buffer_kb < 1024)
			cfg.buffer_kb = 1024;
	}
	/* the blocker's kernel stack is kept at a break (trace_break.c) */
	cfg.stacks = o->break_ns > 0;
	int rc = rtb_port_trace_open(&cfg, why, sizeof(why));
	if (rc) {
		snprintf(s->trace_note, sizeof(s->trace_note), "--trace unavailable: %s", why);
		fprintf(stderr, "rtbench: %s; the run goes on untraced\n", s->trace_note);
		return rc;
	}
	/* the kernel's event formats the trace.dat files copy (the break's
	 * is written after the recorder closed) */
	if ((o->trace.dat || o->break_ns > 0) && rtb_port_trace_dat_formats())
		rtb_result_warn(c->res, "--trace-dat/--break-us: the kernel's event formats were not readable: no "
				"trace.dat will be written");
	/* the break's window of events needs room before anything is
	 * measured (it is copied in the streaming reader) */
	if (o->break_ns > 0 && rtb_break_prepare())
		rtb_result_warn(c->res, "--break-us: no memory for the window of events around the sample: "
				"none will be written");
	return 0;
}

/* tr_start - the reader for a streamed pass, the recording for a whole one. */
static int tr_start(struct rtb_ctx *c, const struct rtb_tpass *p)
{
	pass.streamed = p->streamed;
	pass.id = p->id;
	if (p->streamed)
		return rtb_ts_start(c, p->kind, &p->cpus, p->nwatch, p->reader_cpu, p->xcpu, &p->explain);
	return rtb_port_trace_begin(&p->cpus);
}

/* tr_marks - a streamed pass's marks when the reader runs. */
static struct rtb_trace_marks *tr_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind,
					int *streamed)
{
	*streamed = rtb_ts_on();
	return *streamed ? rtb_ts_marks(c, m, kind) : NULL;
}

/* tr_stop - the reader drained and joined, or the pass's events collected. */
static int tr_stop(struct rtb_ctx *c)
{
	int rc;

	(void)c;
	if (pass.streamed)
		return rtb_ts_stop();
	rtb_port_trace_end();
	rc = rtb_port_trace_collect(&pass.ev, &pass.nev, &pass.lost);
	return rc;
}

/* The events file (run --trace-events PREFIX): per traced benchmark, the
 * port-neutral events and every sample's marks, one per line, so a matcher
 * run can be repeated and checked offline (tests/unit/test_trace.c reads
 * one from tests/data). Format, version 1:
 *   rtbench-trace-events 1
 *   clock <name> <ticks_per_ns>
 *   metric <id> <kind> <tid> <peer_tid> <nsamples>
 *   [window <first> <pushed>]
 *   s <index> <sample_ns> <start> <end> <expiry_ns>      (per sample)
 *   [window_events <held> <evicted> [<skipped>]]
 *   e <t> <kind> <cpu> <cur> <pid> <prev> <old_prio> <new_prio> <a>
 *     <prev_runnable> <timer> <expiry_ns> [<comm> <prev_comm>] (per event)
 * <comm> and <prev_comm> (a task's or a handler's name, added after version
 * 1's first readers, who ignore them) are "-" when empty, every byte outside
 * '!'..'~' and the backslash written as \xHH. A whole pass (a count run on
 * one CPU) writes every event and every sample. A streamed pass (a run for
 * a time or on several CPUs at once) writes a bounded window, as the
 * kernel's own trace buffer keeps one (rtla timerlat --trace, cyclictest
 * -b): the events the reader's per-CPU windows hold when the measurement
 * ended (RTB_TS_WINDOW a CPU), and, per CPU's metric, the marks of its last
 * samples (at most RTB_TS_MARKS) whose events they still hold; `window`
 * says which (s index i is the run's sample first + i of `pushed`), and
 * `window_events` how many events were pushed out before the held ones
 * and how many the reader, behind, passed over unparsed during the pass
 * (lines version 1's readers ignore; <skipped> added later). */
struct dump {
	const struct rtb_ctx *c;
	const struct rtb_tattach *a;
	int *none_held;         /* write_window: a CPU's samples all outside */
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

/* put_event - one event's line (arg: the sink) */
static void put_event(const struct rtb_tev *e, void *arg)
{
	struct rtb_sink *s = arg;
	char comm[4 * sizeof(e->comm) + 2], pcomm[4 * sizeof(e->comm) + 2];

	ev_name(e->comm, sizeof(e->comm), comm);
	ev_name(e->prev_comm, sizeof(e->prev_comm), pcomm);
	rtb_sink_printf(s, "e %llu %d %d %d %d %d %d %d %d %d %llx %lld %s %s\n",
			(unsigned long long)e->t, (int)e->kind, (int)e->cpu, (int)e->cur, (int)e->pid,
			(int)e->prev, (int)e->old_prio, (int)e->new_prio, (int)e->a, (int)e->prev_runnable,
			(unsigned long long)e->timer, (long long)e->expiry_ns, comm, pcomm);
}

/* write_events - the events file's text (rtb_output_fn) */
static int write_events(struct rtb_sink *s, const void *arg)
{
	const struct dump *d = arg;

	rtb_sink_puts(s, "rtbench-trace-events 1\n");
	rtb_sink_printf(s, "clock %s %.9f\n", rtb_port_trace_clock(), d->c->clk->ticks_per_ns);
	for (int i = 0; i < d->a->n; i++) {
		const struct rtb_metric *m = d->a->live[i];
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
	for (size_t k = 0; k < pass.nev; k++)
		put_event(&pass.ev[k], s);
	return rtb_sink_error(s);
}

/* write_window - a streamed pass's bounded window (rtb_output_fn; the
 * format above); *d->none_held set when a CPU's metric with samples has
 * none of them in it */
static int write_window(struct rtb_sink *s, const void *arg)
{
	const struct dump *d = arg;
	uint64_t evicted = 0, skipped = 0;

	rtb_sink_puts(s, "rtbench-trace-events 1\n");
	rtb_sink_printf(s, "clock %s %.9f\n", rtb_port_trace_clock(), d->c->clk->ticks_per_ns);
	for (int i = 0; i < d->a->n; i++) {
		struct rtb_ts_window w;
		if (rtb_ts_window(d->a->live[i], &w))
			continue; /* no watch: that CPU's thread never asked for marks */
		if (!w.n && w.pushed)
			*d->none_held = 1;
		rtb_sink_printf(s, "metric %s %d %ld %ld %lu\n", d->a->dst[i]->id, (int)w.kind, w.tid, w.peer_tid,
				(unsigned long)w.n);
		rtb_sink_printf(s, "window %llu %llu\n", (unsigned long long)w.first, (unsigned long long)w.pushed);
		for (size_t k = 0; k < w.n; k++) {
			const struct rtb_tmark *mk = &w.ring[(w.first + k) & w.mask];
			rtb_sink_printf(s, "s %lu %lld %llu %llu %lld\n", (unsigned long)k, (long long)mk->ns,
					(unsigned long long)mk->start, (unsigned long long)mk->end,
					(long long)mk->expiry_ns);
		}
	}
	size_t held = rtb_ts_window_events(NULL, NULL, &evicted, &skipped);
	rtb_sink_printf(s, "window_events %lu %llu %llu\n", (unsigned long)held, (unsigned long long)evicted,
			(unsigned long long)skipped);
	rtb_ts_window_events(put_event, s, &evicted, NULL);
	return rtb_sink_error(s);
}

/* dump_events - <prefix>.<bench>.r<round>.txt: a whole pass, or a streamed
 * pass's window (a run for a time: round 1); a failure is said, kept in the
 * result and in the run's exit status (tr_close). */
static void dump_events(struct rtb_ctx *c, const struct rtb_tattach *a)
{
	int none_held = 0;
	struct dump d = { c, a, &none_held };
	char name[512];

	snprintf(name, sizeof(name), "%s.%s.r%d.txt", c->o->trace.events, pass.id, c->round + 1);
	if (rtb_port_output(name, pass.streamed ? write_window : write_events, &d)) {
		/* the reason, in the result too, and the run's exit status
		 * (a lost events file once exited 0 without a word why) */
		fprintf(stderr, "rtbench: --trace-events: cannot write %s\n", rtb_port_output_error());
		rtb_result_warn(c->res, "--trace-events: cannot write %s: that events file is missing",
				rtb_port_output_error());
		pass.events_failed = 1;
	} else if (none_held) {
		rtb_result_warn(c->res, "--trace-events: %s: the window (the last events of each CPU) holds "
				"none of some CPU's samples: its reader fell behind the marks (the trace summary's "
				"marks_lost) or the CPUs ran on after them", pass.id);
	}
}

/* agg_maxima - the run's successive new maxima over all CPUs (into t). */
static void agg_maxima(const struct rtb_tattach *a, struct rtb_metric_trace *t)
{
	const struct rtb_metric_trace *per[RTB_MAX_CPUS];
	int n = 0;

	t->maxima = rtb_alloc(RTB_TS_MAXIMA * sizeof(*t->maxima));
	if (!t->maxima)
		return;
	for (int i = 0; i < a->n && n < RTB_MAX_CPUS; i++)
		if (a->dst[i]->trace)
			per[n++] = a->dst[i]->trace;
	rtb_trace_maxima_all(per, n, t);
}

/* agg_worst - the all-CPU aggregate's trace summary: the counters of every
 * CPU's, the largest of their worst, the run's successive maxima. */
static void agg_worst(const struct rtb_tattach *a, const struct rtb_break *brk)
{
	struct rtb_metric_trace *t;

	if (!a->agg || a->agg->trace)
		return;
	t = rtb_alloc(sizeof(*t));
	if (!t)
		return;
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < a->n; i++) {
		const struct rtb_metric_trace *s = a->dst[i]->trace;
		if (!s)
			continue;
		if (!t->kind) {
			t->kind = s->kind;
			t->streamed = 1;
			memcpy(t->clock, s->clock, sizeof(t->clock));
			t->tolerance_ns = s->tolerance_ns;
			t->lost_events = s->lost_events;
		}
		rtb_metric_trace_add(t, s); /* lost_events: the one trace's, taken once above */
		rtb_trace_worst_merge(a->agg, t, s, brk);
	}
	a->agg->trace = t;
	agg_maxima(a, t);
}

/* tr_attach - what the pass kept onto the result, then its storage freed */
static void tr_attach(struct rtb_ctx *c, const struct rtb_tattach *a)
{
	/* a whole pass's events, or the reader's window before it is released */
	if (c->o->trace.events && (pass.streamed || pass.ev))
		dump_events(c, a);
	for (int i = 0; i < a->n; i++) {
		struct rtb_metric *live = a->live[i], *dst = a->dst[i];
		int rc = 0;
		/* by count, a metric without marks was not traced; a CPU of a
		 * run for a time without its watch is said */
		if (pass.streamed ? !live->tm && live == dst : !live->tm || !pass.ev)
			continue;
		if (pass.streamed)
			rc = rtb_ts_attach(live, dst, c->res);
		else
			rc = rtb_trace_decompose(c, dst, pass.ev, pass.nev, pass.lost);
		if (rc)
			rtb_metric_note(dst, "trace not %s: %s", live == dst ? "matched" : "kept", rtb_strerror(rc));
		if (a->before || a->after)
			rtb_trace_cost(dst, a->before, a->after);
		if (pass.streamed)
			live->tm = NULL; /* the reader's, freed with it */
	}
	/* the worst samples' events for trace-cmd, KernelShark and Perfetto */
	if (c->o->trace.dat && pass.streamed && rtb_tx_pass(c, a, pass.id))
		pass.events_failed = 1;
	else if (c->o->trace.dat && !pass.streamed)
		rtb_result_warn(c->res, "--trace-dat: %s was traced whole (every event kept: --trace-events, or a "
				"priority-inversion measurement), where no worst sample keeps its own events: no "
				"trace.dat written for it", pass.id);
	if (pass.streamed) {
		agg_worst(a, c->brk);
		rtb_ts_release();
	}
	rtb_free(pass.ev);
	pass.ev = NULL;
	pass.nev = 0;
	pass.lost = 0;
	pass.streamed = 0;
}

/* tr_close - the break's evidence, then nothing kept */
static int tr_close(struct rtb_ctx *c, const char *result_path, struct rtb_break *b)
{
	int rc = 0;

	if (b->hit) {
		rc = rtb_break_evidence(result_path, b);
		if (rc)
			rtb_result_warn(c->res, "--break-us: the window of events around the sample was not written "
					"(%s)", rtb_strerror(rc));
	}
	rtb_break_forget();
	rtb_free(pass.ev);
	pass.ev = NULL;
	return pass.events_failed ? RTB_EIO : 0;
}

const struct rtb_tracer rtb_tracer_trace = {
	.name = "trace",
	/* the kinds whose samples are matched (or, a noise gap, explained)
	 * one at a time from a bounded window of events (trace_keep.c); a
	 * priority-inversion trial's match is counts over the whole pass
	 * (how many trials saw the holder boosted, the holder preempted:
	 * rtb_trace_match's boosted/not_boosted/preempted), which the
	 * per-sample keep does not add up, so the whole pass serves it
	 * (count runs on one CPU) */
	.stream_kinds = 1u << RTB_TRACE_TIMER | 1u << RTB_TRACE_WAKE | 1u << RTB_TRACE_PINGPONG |
			1u << RTB_TRACE_NOISE | 1u << RTB_TRACE_SLICE,
	.open = tr_open,
	.start = tr_start,
	.marks = tr_marks,
	.stop = tr_stop,
	.attach = tr_attach,
	.merge = rtb_trace_merge_round,
	.close = tr_close,
	.shut = rtb_port_trace_close,
};
