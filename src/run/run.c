/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - the runner: which benchmarks run, each benchmark's
 * rounds and its outcome, and the result files.
 *
 * rtb_run sets up the environment (run_setup.c), runs the selected
 * benchmarks in interleaved rounds (round 1 of each, then round 2, ...),
 * each round into a result of its own merged into the run's, decides each
 * benchmark's outcome in one place (outcome: SKIPPED or FAILED, and the run
 * goes on), writes the result files after every round (so a stop keeps
 * them), restores the environment and writes the final files. */
#include <stdio.h>
#include <string.h>
#include "run/run.h"
#include "run/load.h"
#include "run/long.h"
#include "run/ready.h"
#include "model/stack.h"
#include "run/run_trace.h"
#include "rtbench/tracer.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/output.h"

/* run_once - one pass of a benchmark, with the watchdog armed around it. */
static int run_once(struct rtb_ctx *c, const struct rtb_bench *b)
{
	int rc;

	rtb_wd_arm(60000000000LL); /* benchmarks arm their own, tighter bound */
	rc = b->run(c, b);
	rtb_wd_arm(0);
	rtb_wd_forget_all();
	/* benchmarks may have changed the runner thread's priority */
	if (c->rt)
		rtb_self_sched(RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu);
	return rc;
}

/* not_run - bench b measured nothing: one metric under its id says why
 * (err: the status it makes, rtb_outcome). */
static int not_run(struct rtb_ctx *c, const struct rtb_bench *b, int err, const char *why)
{
	struct rtb_metric *m;
	int rc = rtb_metric_new(c->res, b->id, b->title, 0, &m);

	if (rc)
		return rc;
	m->study_table = b->study_table;
	m->group = b->group;
	m->err = err;
	m->status = rtb_outcome(err);
	rtb_metric_note(m, "%s", why);
	return 0;
}

/* outcome - the one place a benchmark's outcome is decided, after it
 * returned err: each metric it made that recorded an error
 * (rtb_metric_error) gets the status that error makes (rtb_outcome:
 * RTB_ENOTSUP SKIPPED, anything else FAILED); when the benchmark itself
 * returned an error, every metric it left without samples gets that one,
 * or, if it made none, one metric under its id says so. Metrics that hold
 * samples keep them. The run goes on either way. */
static int outcome(struct rtb_ctx *c, const struct rtb_bench *b, int first, int err)
{
	const enum rtb_metric_status st = rtb_outcome(err);
	int any = 0;
	char why[160];

	snprintf(why, sizeof(why), "%s%s", st == RTB_STATUS_FAILED ? "failed: " : "",
		 rtb_strerror(err));
	for (int i = first; i < c->res->nmetrics; i++) {
		struct rtb_metric *m = c->res->metrics[i];
		any = 1;
		if (m->err) {
			m->status = rtb_outcome(m->err);
			continue;
		}
		if (!err || m->count)
			continue;
		m->err = err;
		m->status = st;
		rtb_metric_note(m, "%s", why);
	}
	if (!err)
		return 0;
	if (!c->o->quiet)
		fprintf(stderr, "rtbench: %s %s\n", b->id, why);
	return any ? 0 : not_run(c, b, err, why);
}

/* rtb_run_bench - one benchmark; with --trace, the traced passes. An
 * error it returns marks its metrics (outcome) and is not passed on:
 * one benchmark never stops the run. */
int rtb_run_bench(struct rtb_ctx *c, const struct rtb_bench *b)
{
	int rc, first = c->res->nmetrics;
	char why[160];

	if (b->needs_rt && !c->rt)
		return not_run(c, b, RTB_ENOTSUP,
			       "needs real-time priorities, which this run does not have");
	if (b->threads > rtb_stack_free()) {
		snprintf(why, sizeof(why), "needs %d threads at once; this build's pool has %d free "
			 "(RTB_THREADS_MAX %d)", b->threads, rtb_stack_free(), RTB_THREADS_MAX);
		return not_run(c, b, RTB_ENOTSUP, why);
	}
	if (c->trace_ready && b->trace_kind != RTB_TRACE_NONE)
		rc = rtb_trace_bench(c, b, run_once);
	else
		rc = run_once(c, b);
	if (rc == RTB_EINTR)
		return rc;
	return outcome(c, b, first, rc);
}

/* footprint - what the run holds now, for the result. */
static void footprint(struct rtb_result *r)
{
	r->mem.heap_peak_bytes = rtb_mem_peak();
	r->mem.stack_pool_bytes = rtb_stack_pool_bytes();
	r->mem.stacks = RTB_THREADS_MAX;
	r->mem.stack_bytes = RTB_STACK_BYTES;
	r->mem.metric_bytes = sizeof(struct rtb_metric);
}

/* xcpu_warnings - what the cross-CPU counter check found, said only when
 * the run has *.xcpu figures (a difference of two CPUs' stamps) to weaken,
 * in words that say what the check can tell: rounds out of order are the
 * counters' (no latency asymmetry puts the other stamp outside the pair);
 * an offset within +- rtt/2 could be the ping-pong's own asymmetry. */
static void xcpu_warnings(struct rtb_result *res)
{
	const struct rtb_xcpu *x = &res->xcpu;
	int any = 0;

	for (int i = 0; i < res->nmetrics && !any; i++) {
		const struct rtb_metric *m = res->metrics[i];
		size_t l = m ? strlen(m->id) : 0;

		any = m && m->count && l > 5 && !strcmp(m->id + l - 5, ".xcpu");
	}
	if (!any || (!x->err && !x->measured && !x->clocksource_warn))
		return;
	if (x->err)
		rtb_result_warn(res, "cross-CPU counter check not done (%s): the *.xcpu figures "
				"assume the CPUs' counters agree", rtb_strerror(x->err));
	else if (x->violations)
		rtb_result_warn(res, "CPU counters disagree: %llu of %llu ping-pongs put CPU %d's stamp "
				"outside CPU %d's pair (no latency asymmetry can): *.xcpu figures carry "
				"%lld ns +- %lld", (unsigned long long)x->violations,
				(unsigned long long)x->rounds, x->cpu_b, x->cpu_a,
				(long long)x->offset_ns, (long long)x->rtt_ns / 2);
	if (x->clocksource_warn)
		rtb_result_warn(res, "the kernel does not use the TSC as its clocksource (%s): it may "
				"have found the CPUs' TSCs out of step; *.xcpu figures are suspect",
				res->fp.clocksource);
}

/* rtb_run_write - every result file; a failure is said once per file
 * (with the reason) and makes the run's exit status nonzero. The file it
 * failed to replace is left as it was (rtb_port_output). */
int rtb_run_write(const struct rtb_run_out *out, struct rtb_result *r)
{
	static unsigned said;
	int rc = 0;

	footprint(r);
	for (int i = 0; i < out->nwriters && i < RTB_MAX_WRITERS; i++) {
		const struct rtb_writer *w = &out->writers[i];
		/* standard output ("-") takes the whole file once, at the end */
		if (!w->path || (!strcmp(w->path, "-") && !r->set.final) || !rtb_port_output(w->path, w->fn, r))
			continue;
		rc = RTB_EIO;
		if (r->set.final || !(said & (1u << i)))
			fprintf(stderr, "rtbench: cannot write %s%s\n", rtb_port_output_error(),
				r->set.final ? "" : " (will try again after the next benchmark or interval)");
		said |= 1u << i;
	}
	return rc;
}

/* rtb_bench_rounds - how many rounds bench b runs in (run.h). */
int rtb_bench_rounds(struct rtb_ctx *c, const struct rtb_bench *b)
{
	size_t total;
	int r = c->o->rounds > 0 ? c->o->rounds : 1;

	if (b->one_round)
		return 1;
	c->nrounds = 1;
	c->round = 0;
	total = rtb_samples_total(c, b);
	if ((size_t)r > total)
		r = total ? (int)total : 1;
	return r > RTB_MAX_ROUNDS ? RTB_MAX_ROUNDS : r;
}

/* Placement: two runs of one system differ by more than their rounds do
 * when something is fixed for a whole process: where the benchmark's
 * objects (semaphores, mutexes, its state, all on its stack) land, so
 * which cache sets and which kernel futex hash buckets they use. Each
 * round therefore runs its benchmark RTB_ROUND_PAD_STEP-aligned at a
 * different stack depth (0 to RTB_ROUND_PAD_MAX bytes, from the counter's
 * low bits), so the rounds sample that placement as separate runs would.
 * A board with a small runner stack sets RTB_ROUND_PAD_MAX to 0. */
#ifndef RTB_ROUND_PAD_MAX
#define RTB_ROUND_PAD_MAX 4096
#endif
#define RTB_ROUND_PAD_STEP 64

/* run_bench_padded - rtb_run_bench with pad more bytes of stack below
 * this frame (the round's placement, above). */
static int run_bench_padded(struct rtb_ctx *c, const struct rtb_bench *b, size_t pad)
{
	volatile char buf[pad + 1];
	int rc;

	buf[0] = 0;
	rc = rtb_run_bench(c, b);
	return buf[0] + rc; /* keeps the pad alive across the call */
}

/* round_pad - the stack pad for a round: a multiple of
 * RTB_ROUND_PAD_STEP below RTB_ROUND_PAD_MAX, from the counter's low bits
 * mixed with the round number. */
static size_t round_pad(int round)
{
	uint64_t x = rtb_port_ticks() ^ ((uint64_t)(unsigned)round * 0x9e3779b97f4a7c15ull);

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return RTB_ROUND_PAD_MAX ? (size_t)(x % (RTB_ROUND_PAD_MAX / RTB_ROUND_PAD_STEP)) *
				   RTB_ROUND_PAD_STEP : 0;
}

/* rtb_round_merge - a round's result into the run's (run.h): by count
 * on one CPU (run_round) and on several at once (run/long.c). */
int rtb_round_merge(struct rtb_ctx *c, struct rtb_result *tmp, int *measured)
{
	struct rtb_result *res = c->res;
	int mrc = 0;

	/* warnings a bench adds go to the run */
	for (int i = 0; i < tmp->nwarnings; i++) {
		int dup = 0;
		for (int j = 0; j < res->nwarnings && !dup; j++)
			dup = !strcmp(res->warnings[j], tmp->warnings[i]);
		if (!dup)
			rtb_result_warn(res, "%s", tmp->warnings[i]);
	}
	*measured = 0;
	for (int i = 0; i < tmp->nmetrics; i++) {
		struct rtb_metric *m = tmp->metrics[i];
		struct rtb_metric *d = rtb_metric_find(res, m->id);
		*measured |= m->status == RTB_STATUS_OK || m->status == RTB_STATUS_PARTIAL;
		if (!d && res->nmetrics < RTB_MAX_METRICS) {
			/* first round: the metric moves over as it is */
			rtb_metric_round_record(m);
			rtb_metric_finish(m, c->o->deadline_ns);
			res->metrics[res->nmetrics++] = m;
			tmp->metrics[i] = NULL;
			continue;
		}
		if (d && !mrc && c->tracer)
			mrc = c->tracer->merge(d, m, c->brk); /* run --trace */
		if (d && !mrc)
			mrc = rtb_metric_merge_round(d, m, c->o->deadline_ns);
	}
	rtb_result_free(tmp); /* what did not move over (skips NULL) */
	return mrc;
}

/* run_round - round `round` of bench b into a result of its own, then
 * merged into the run's (rtb_round_merge). Sets *measured to 0 when the
 * bench measured nothing (skipped or failed metrics only): later rounds
 * would say the same again. */
static int run_round(struct rtb_ctx *c, const struct rtb_bench *b, int round,
		     int nrounds, int *measured)
{
	struct rtb_result tmp;
	struct rtb_result *res = c->res;
	int rc, mrc;

	rtb_round_result(res, &tmp);
	c->res = &tmp;
	c->round = round;
	c->nrounds = nrounds;
	if (round == 0) {
		/* the measurement's first round starts now: say so (ready.c) */
		char cpus[32];
		if (b->trace_xcpu && c->other_cpu >= 0)
			snprintf(cpus, sizeof(cpus), "%d,%d", c->cpu, c->other_cpu);
		else
			snprintf(cpus, sizeof(cpus), "%d", c->cpu);
		rtb_ready_say(b->id, cpus);
	}
	rc = run_bench_padded(c, b, nrounds > 1 ? round_pad(round) : 0);
	c->res = res;
	c->round = 0;
	c->nrounds = 0;
	mrc = rtb_round_merge(c, &tmp, measured);
	return rc ? rc : mrc;
}

/* rtb_round_result - an empty result for one round (run.h). */
void rtb_round_result(const struct rtb_result *res, struct rtb_result *tmp)
{
	memset(tmp, 0, sizeof(*tmp));
	tmp->clock = res->clock;
	tmp->fp = res->fp;       /* a bench may say what the port reported */
	tmp->keep_times = res->keep_times;
}

/* rtb_break_say - the one line a run stopped by --break-us ends with. */
void rtb_break_say(const struct rtb_break *brk)
{
	fprintf(stderr, "rtbench: stopped at the first sample over --break-us %lld (like cyclictest -b): "
		"a %s sample of %.1f us\n", (long long)(brk->ns / 1000), brk->id, (double)brk->sample_ns / 1000.0);
}

/* rtb_run_stopped_early - a stop before anything was measured (while
 * waiting for the settings lock, rtb_run_setup): still a whole result,
 * every selected benchmark planned and none done ("complete": false, a
 * gate fails it), saying how it ended. A count run returns RTB_EINTR
 * (exit 128+N, as any stopped count run); a long run's stop is its end
 * (0), as cyclictest's. */
int rtb_run_stopped_early(const struct rtb_opts *o, const struct rtb_run_out *out,
			  struct rtb_result *res)
{
	struct rtb_settings *s = &res->set;
	int wrc;

	for (size_t i = 0; i < rtb_nbenches; i++)
		s->benches_planned += rtb_bench_selected(rtb_benches[i], o->tests);
	s->rounds_planned = s->benches_planned;
	if (o->duration_ns > 0) {
		s->duration_ns = o->duration_ns;
		s->interval_ns = o->interval_ns;
		s->rounds = 1;
		s->end_signal = rtb_wd_signal();
		snprintf(s->ended, sizeof(s->ended), "signal");
	} else {
		s->stopped_early = 1;
	}
	s->final = 1;
	wrc = rtb_run_write(out, res);
	if (o->duration_ns > 0)
		return wrc ? RTB_EIO : 0;
	return RTB_EINTR;
}

int rtb_run(const struct rtb_opts *o, const struct rtb_run_out *out,
	    const char *command_line, struct rtb_result *res)
{
	struct rtb_ctx c;
	size_t nsel = 0, k = 0, total = 0;
	int wrc = 0;
	int rc;
	int *nr, maxr = 1;

	rtb_ready_file(out->ready);
	/* for a time, or by count on several CPUs at once (run/long.c) */
	if (o->duration_ns > 0 || o->ncpus_list > 1)
		return rtb_long_run(o, out, command_line, res);
	rc = rtb_run_setup(o, command_line, res, &c);
	if (rc == RTB_EINTR)
		return rtb_run_stopped_early(o, out, res);
	if (rc)
		return rc;
	/* --raw: each sample keeps the counter reading taken as it is
	 * recorded, for its time since the run's start (setup cleared res) */
	if (out->raw) {
		rtb_sample_clock = rtb_port_ticks;
		res->keep_times = 1;
	}
	res->t0_ticks = rtb_port_ticks();
	nr = rtb_alloc((rtb_nbenches) * (sizeof(*nr)));
	if (!nr) {
		rtb_run_teardown(&c);
		return RTB_ENOMEM;
	}
	for (size_t i = 0; i < rtb_nbenches; i++) {
		if (!rtb_bench_selected(rtb_benches[i], o->tests))
			continue;
		nsel++;
		nr[i] = rtb_bench_rounds(&c, rtb_benches[i]);
		total += (size_t)nr[i];
		if (nr[i] > maxr)
			maxr = nr[i];
	}
	res->set.rounds = maxr;
	res->set.benches_planned = (int)nsel;
	res->set.rounds_planned = (int)total;
	/* Rounds interleave: round 1 of every bench, then round 2 of every
	 * bench, ...: whatever drifts over the run (placement, frequency,
	 * the host) lands in every bench's rounds alike, and the spread of
	 * the rounds shows it. */
	for (int r = 0; r < maxr && !rtb_stopped(&c) && !rc; r++) {
		for (size_t i = 0; i < rtb_nbenches && !rtb_stopped(&c); i++) {
			const struct rtb_bench *b = rtb_benches[i];
			int measured = 1;
			if (r >= nr[i])
				continue;
			if (!o->quiet)
				fprintf(stderr, "rtbench: [%lu/%lu] %s (round %d of %d) ...\n",
					(unsigned long)++k, (unsigned long)total, b->id, r + 1, nr[i]);
			rc = run_round(&c, b, r, nr[i], &measured);
			if (rc) {
				fprintf(stderr, "rtbench: %s failed: %s\n", b->id, rtb_strerror(rc));
				break;
			}
			if (!measured && nr[i] > r + 1) {
				total -= (size_t)(nr[i] - r - 1);
				nr[i] = r + 1; /* skipped or failed: no more rounds */
				res->set.rounds_planned = (int)total;
			}
			if (!rtb_stopped(&c)) {
				res->set.rounds_done++;
				if (r + 1 == nr[i])
					res->set.benches_done++;
			}
			if (rtb_stopped(&c))
				res->set.stopped_early = 1;
		}
		/* after each round: a stop keeps them; "complete": false */
		wrc |= rtb_run_write(out, res);
	}
	rtb_free(nr);
	rtb_run_teardown(&c);
	res->set.brk = *c.brk;
	/* run --trace: the break's window beside the result, its blocker's
	 * stack; RTB_EIO: a --trace-events file was not written (said where) */
	if (c.tracer)
		wrc |= c.tracer->close(&c, out->json, &res->set.brk) != 0;
	if (res->set.brk.hit)
		rtb_break_say(&res->set.brk);
	footprint(res);
	xcpu_warnings(res);
	if (out->report)
		out->report(res, out);
	res->set.final = 1; /* only this last file may say "complete": true */
	wrc |= rtb_run_write(out, res);
	if (rc)
		return rc;
	if (res->set.stopped_early && res->set.brk.hit)
		return wrc ? RTB_EIO : 0; /* stopped by --break-us, on purpose */
	if (res->set.stopped_early)
		return RTB_EINTR;
	if (!wrc && rtb_load_failed())
		return RTB_ECHECK; /* the load ended early: said (load.c) */
	return wrc ? RTB_EIO : 0;
}
