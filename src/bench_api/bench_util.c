/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench bench API - helpers the benchmark files share. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "model/stack.h"

/* rtb_samples - --samples if given, else the benchmark's default. */
size_t rtb_samples(const struct rtb_ctx *c, const struct rtb_bench *b)
{
	size_t total = rtb_samples_total(c, b);
	size_t r = c->nrounds > 1 ? (size_t)c->nrounds : 1;

	/* the same total as one long run: round i gets its share, the first
	 * total % r rounds one more */
	return total / r + ((size_t)c->round < total % r);
}

size_t rtb_samples_total(const struct rtb_ctx *c, const struct rtb_bench *b)
{
	return c->mode->samples_total(c, b);
}

/* rtb_measure_for_ns - own_ns, or until stopped in a long run. */
int64_t rtb_measure_for_ns(const struct rtb_ctx *c, int64_t own_ns)
{
	return c->mode->until_stopped ? INT64_MAX : own_ns;
}

/* spawn - rtb_spawn and rtb_spawn_stamped: the attributes, a stack from
 * the pool (a long run's threads, two a CPU up to every CPU, get the
 * port's own where it has them: rtb_thread_attr.stack NULL), the create
 * call (stamped around when before is given), the watchdog told. */
static int spawn(struct rtb_ctx *c, rtb_thread_t *t, const char *name, enum rtb_policy policy,
		 enum rtb_prio prio, int cpu, rtb_thread_fn fn, void *arg,
		 uint64_t inject, uint64_t *before, uint64_t *after)
{
	struct rtb_thread_attr a = {
		.name = name,
		.policy = c->rt ? policy : RTB_SCHED_NORMAL,
		.prio = prio,
		.cpu = cpu,
		.nowait = before != NULL,
	};
	/* the long runner's modes (for a time, by count on several CPUs:
	 * the mode makes the metrics) run a bench's threads on every listed
	 * CPU at once: more than the pool holds (sync.prio_inv's three a
	 * CPU on two CPUs took it all) */
	const int own = (c->mode->until_stopped || c->mode->metric) && !before;
	int rc;

	a.stack = own ? NULL : rtb_stack_get(t, &a.stack_bytes);
	if (!a.stack && !own)
		return RTB_ENOMEM;
	if (before) {
		*before = rtb_port_ticks();
		rtb_inject_spin(inject);
	}
	rc = rtb_thread_create(t, &a, fn, arg);
	if (after)
		*after = rtb_port_ticks();
	if (rc)
		rtb_stack_put(t);
	else
		c->mode->thread_started(c, t);
	return rc;
}

/* rtb_spawn - measurement thread with the run's scheduling class. */
int rtb_spawn(struct rtb_ctx *c, rtb_thread_t *t, const char *name,
	      enum rtb_policy policy, enum rtb_prio prio, int cpu, rtb_thread_fn fn, void *arg)
{
	return spawn(c, t, name, policy, prio, cpu, fn, arg, 0, NULL, NULL);
}

/* rtb_spawn_stamped - rtb_spawn with the create call stamped (bench.h). */
int rtb_spawn_stamped(struct rtb_ctx *c, rtb_thread_t *t, const char *name, enum rtb_policy policy,
		      enum rtb_prio prio, int cpu, rtb_thread_fn fn, void *arg,
		      uint64_t inject, uint64_t *before, uint64_t *after)
{
	return spawn(c, t, name, policy, prio, cpu, fn, arg, inject, before, after);
}

/* rtb_self_deadline - deadline scheduling for the caller (bench.h). */
int rtb_self_deadline(struct rtb_ctx *c, int64_t runtime_ns, int64_t deadline_ns, int64_t period_ns,
		      char *why, size_t len)
{
	if (!c->o->rt) {
		snprintf(why, len, "--no-rt: the run asked for no real-time scheduling");
		return RTB_EPERM;
	}
	/* real-time priorities refused (an unprivileged user): the kernel is
	 * still asked, so the refusal is the kernel's, with its reason */
	return rtb_port_self_sched_deadline(runtime_ns, deadline_ns, period_ns, why, len);
}

/* rtb_join - join, then the stack goes back to the pool. */
int rtb_join(rtb_thread_t *t)
{
	int rc = rtb_thread_join(t);

	rtb_stack_put(t);
	return rc;
}

/* rtb_self_rt - the calling thread gets what rtb_spawn would give. */
int rtb_self_rt(struct rtb_ctx *c, enum rtb_policy policy, enum rtb_prio prio, int cpu)
{
	return rtb_port_self_sched(c->rt ? policy : RTB_SCHED_NORMAL, prio, cpu);
}

void rtb_watchdog_arm(struct rtb_ctx *c, int64_t ns)
{
	if (c->mode->watchdog_arm) /* else the mode arms it (a long run: the whole duration) */
		c->mode->watchdog_arm(ns);
}

/* rtb_measure_task - one task's measurement, bounded (see bench.h). */
int rtb_measure_task(struct rtb_ctx *c, const char *name, int cpu, void (*fn)(void *), void *arg,
		     int64_t bound_ns, int64_t *elapsed_ns)
{
	rtb_thread_t t;

	rtb_watchdog_arm(c, bound_ns);
	const int64_t t0 = rtb_port_mono_ns();
	int rc = rtb_spawn(c, &t, name, RTB_SCHED_FIFO, RTB_PRIO_HIGH, cpu, fn, arg);
	if (rc)
		return rc;
	rtb_join(&t);
	*elapsed_ns = rtb_port_mono_ns() - t0;
	return 0;
}

/* rtb_busy_ns - spin for ns of running time (gaps are not counted). */
void rtb_busy_ns(const struct rtb_ctx *c, int64_t ns)
{
	const uint64_t need = rtb_ns_to_ticks(c->clk, ns), gap = rtb_ns_to_ticks(c->clk, RTB_GAP_NS);
	uint64_t done = 0, last = rtb_port_ticks();

	while (done < need) {
		uint64_t t = rtb_port_ticks();
		if (t - last < gap)
			done += t - last;
		last = t;
	}
}

/* rtb_batched - per-call figure of a sub-clock operation (see bench.h). */
int rtb_batched(struct rtb_ctx *c, struct rtb_metric *m, void (*op)(void *), void *arg,
		const char *what)
{
	const struct rtb_clock_info *ci = c->clk;
	static double per[RTB_BATCHES];
	uint64_t gran = 0;
	double mean = 0, m2 = 0;
	size_t k = 256;

	/* the clock's granularity as a stamp pair sees it */
	for (int i = 0; i < 1000; i++) {
		uint64_t a = rtb_port_ticks(), b = rtb_port_ticks();
		if (b > a && (!gran || b - a < gran))
			gran = b - a;
	}
	if (!gran)
		gran = 1;
	/* calibrate K on one batch of 256, then size it */
	uint64_t t0 = rtb_port_ticks();
	for (size_t i = 0; i < k; i++)
		op(arg);
	uint64_t t1 = rtb_port_ticks();
	double per_call_ticks = (double)(t1 - t0) / (double)k;
	if (per_call_ticks < 0.01)
		per_call_ticks = 0.01;
	k = (size_t)(100.0 * (double)gran / per_call_ticks) + 1;
	if (k < 16)
		k = 16;
	if (k > 1000000)
		k = 1000000;
	for (int b = 0; b < RTB_BATCHES && !rtb_stopped(c); b++) {
		uint64_t a = rtb_port_ticks();
		for (size_t i = 0; i < k; i++)
			op(arg);
		uint64_t z = rtb_port_ticks();
		/* the batch includes one stamp pair: subtract the granularity
		 * once, spread over k calls (a fraction of a ns at this K) */
		per[b] = ((double)rtb_ticks_to_ns(ci, z - a) - (double)rtb_ticks_to_ns(ci, gran)) / (double)k;
		double d = per[b] - mean;
		mean += d / (b + 1);
		m2 += d * (per[b] - mean);
	}
	int64_t sorted[RTB_BATCHES];
	for (int b = 0; b < RTB_BATCHES; b++)
		sorted[b] = (int64_t)(per[b] * 1000.0 + 0.5); /* ps, for the sort */
	rtb_stats_sort(sorted, RTB_BATCHES);
	rtb_metric_extra(m, "batched_k", (double)k, "calls");
	rtb_metric_extra(m, "batched_per_op_ns", mean, "ns");
	rtb_metric_extra(m, "batched_per_op_sd_ns", sqrt(m2 / (RTB_BATCHES - 1)), "ns");
	rtb_metric_extra(m, "batched_per_op_p50_ns",
			 (double)rtb_stats_percentile_sorted(sorted, RTB_BATCHES, 50) / 1000.0, "ns");
	rtb_metric_note(m, "batched figure: %s per call, batched_k calls back to back per batch "
			"(a batch spans >= 100 clock granules), %d batches", what, RTB_BATCHES);
	return 0;
}

/* rtb_measure_metric - a metric of bench b, sized before any measuring. */
struct rtb_metric *rtb_measure_metric(struct rtb_ctx *c, const struct rtb_bench *b,
				      const char *id, const char *title, size_t capacity)
{
	struct rtb_metric *m = NULL;
	int rc;

	if (c->mode->metric)
		return c->mode->metric(c, b, id, title);
	/* histogram mode above RTB_HM_ABOVE_SAMPLES, for the measurements
	 * that only ever record (the timer and wake-up ones: run/long.c);
	 * not under selftest (nrounds 0) or --trace, which read the samples */
	if (rtb_samples_total(c, b) > RTB_HM_ABOVE_SAMPLES && (b->can & RTB_CAN_TIME) &&
	    c->nrounds > 0 && !c->trace_ready) {
		struct rtb_hm_thr thr;
		rc = rtb_hm_thr_make(&thr, c->o->deadline_ns, c->o->count_over_ns, c->o->ncount_over);
		thr.lin_us = c->o->hist_lin_us;
		rc = rc ? rc : rtb_metric_new_hm(c->res, id, title, capacity, c->cpu, &thr, NULL, &m);
	} else
		rc = rtb_metric_new(c->res, id, title, capacity, &m);

	if (rc) {
		fprintf(stderr, "rtbench: %s: cannot keep %lu samples: %s\n", id, (unsigned long)capacity,
			rtb_strerror(rc));
		return NULL;
	}
	m->study_table = b->study_table;
	m->group = b->group;
	m->brk = rtb_ctx_break(c);
	return m;
}

/* rtb_measure_metric_end - statistics; partial if the run was stopped. */
void rtb_measure_metric_end(struct rtb_ctx *c, struct rtb_metric *m, int64_t elapsed_ns)
{
	m->elapsed_ns = elapsed_ns;
	if (c->mode->metric)
		return; /* the runner finishes the metrics it made (run/long.c) */
	if (m->status == RTB_STATUS_OK && !m->err && m->count < m->capacity) {
		m->status = RTB_STATUS_PARTIAL;
		if (rtb_stopped(c))
			rtb_metric_note(m, "stopped early: %lu of %lu samples", (unsigned long)m->count,
					(unsigned long)m->capacity);
		else
			rtb_metric_note(m, "only %lu of %lu samples", (unsigned long)m->count,
					(unsigned long)m->capacity);
	}
	rtb_metric_finish(m, c->o->deadline_ns);
}

/* rtb_knob_change - journaled change of a system knob for one benchmark. */
int rtb_knob_change(struct rtb_ctx *c, enum rtb_knob k, long v)
{
	return c->mode->knob_set(k, v); /* the journal is the run's */
}

int rtb_knob_restore(struct rtb_ctx *c, enum rtb_knob k)
{
	return c->mode->knob_restore(k);
}

/* rtb_marks_new - per-sample marks for a traced pass. */
struct rtb_trace_marks *rtb_marks_new(struct rtb_ctx *c, struct rtb_metric *m,
				      enum rtb_trace_kind kind)
{
	struct rtb_trace_marks *tm;
	size_t n = m->capacity;

	if (!c->tracing || m->tm)
		return m->tm;
	int streamed = 0;
	tm = c->mode->stream_marks ? c->mode->stream_marks(c, m, kind, &streamed) : NULL;
	if (streamed)
		return tm; /* read while it runs (trace_stream.c) */
	if (!n)
		return NULL;
	tm = rtb_alloc((1) * (sizeof(*tm)));
	if (!tm)
		return NULL;
	tm->kind = kind;
	tm->capacity = n;
	tm->start = rtb_alloc(n * sizeof(*tm->start));
	tm->end = rtb_alloc(n * sizeof(*tm->end));
	tm->expiry_ns = rtb_alloc(n * sizeof(*tm->expiry_ns));
	if (!tm->start || !tm->end || !tm->expiry_ns) {
		rtb_free(tm->start);
		rtb_free(tm->end);
		rtb_free(tm->expiry_ns);
		rtb_free(tm);
		return NULL;
	}
	/* touch every page now, so keeping a mark never faults in the loop */
	memset(tm->start, 0, n * sizeof(*tm->start));
	memset(tm->end, 0, n * sizeof(*tm->end));
	memset(tm->expiry_ns, 0, n * sizeof(*tm->expiry_ns));
	m->tm = tm;
	return tm;
}
