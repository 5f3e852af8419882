/* SPDX-License-Identifier: Apache-2.0 */
/* sync.prio_inv.<protocol>.* - priority inversion (study Table 2).
 *
 * What it measures, for each mutex protocol (none, priority inheritance,
 * priority ceiling), with the study's three tasks on one CPU:
 *   tCyclicTask (high), tWorkTask (medium), tSlowTask (low).
 *   - request_to_release: the study's interval, from tCyclicTask's request
 *     of the resource to tSlowTask's release of it.
 *   - blocking: tCyclicTask's total blocking, from the moment it is made
 *     ready (needing the resource tSlowTask holds) to the moment it holds
 *     the resource. Under the ceiling protocol tCyclicTask cannot even run
 *     while tSlowTask holds the resource, so it never requests it then:
 *     request_to_release does not exist there (reported skipped) and
 *     blocking is the figure that compares the three.
 * Bounded or not: trials alternate between tWorkTask loads of L and 2L; if
 * blocking grows with the load (slope ~1) the inversion is unbounded, if
 * it stays at tSlowTask's remaining critical section (slope ~0) it is
 * bounded. The slope and verdict are extras of each blocking metric.
 * The critical section and the load are running-time spins (rtb_busy_ns),
 * not wall-time spins, so a preempted critical section really takes longer.
 *
 * Thread protocol (one CPU; the runner's thread is the controller, above
 * all three):
 *   Step 1: controller picks the trial's protocol and load (interleaved, so
 *           drift hits every combination alike) and gives tSlowTask's go.
 *   Step 2: tSlowTask locks the mutex, stamps t_ready, gives tCyclicTask's
 *           go (it preempts at once unless the ceiling already raised
 *           tSlowTask to its level).
 *   Step 3: tCyclicTask stamps t_req and requests the mutex: it blocks.
 *   Step 4: tSlowTask gives tWorkTask's go: without a protocol tWorkTask
 *           preempts tSlowTask and runs its whole load first.
 *   Step 5: tSlowTask does its critical section, stamps t_rel, unlocks.
 *   Step 6: tCyclicTask gets the mutex, stamps t_acq, unlocks; all three
 *           give `done`; the controller records the trial and rests briefly
 *           between trials (RT throttling is never reached).
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"
#include "rtbench/mem.h"
#include "bench/pi_verdict.h"

#define NPROTO 3
#define WAIT_NS 2000000000LL
#define NCHECK 20              /* mechanism-check trials per protocol */

static const char *const proto_name[NPROTO] = { "none", "inherit", "ceiling" };
static const char *const proto_long[NPROTO] = {
	"no protocol", "priority inheritance", "priority ceiling"
};

struct pi {
	struct rtb_ctx *c;
	rtb_mutex_t mtx[NPROTO];
	rtb_mutex_t *cur;
	double cs_us, load_us;
	rtb_bsem_t go_h, go_m, go_l, done;
	atomic_int quit;
	rtb_stamp_t t_ready, t_req, t_rel, t_acq;
	rtb_stamp_t load_ticks;      /* how long tWorkTask's load really took */
	struct rtb_metric *inject_into; /* selftest: the metric this trial records into */
	long slow_tid, work_tid;     /* run --trace: tasks as the trace names them */
	int check;                   /* a mechanism-check trial: read the boost */
	int boost_read;              /* 1 read, 0 not readable, -1 failed */
	int boosted;                 /* the holder ran above its base priority */
};

/* slow_task - tSlowTask, the low-priority holder: locks, wakes
 * tCyclicTask, lets tWorkTask go, does its critical section, unlocks
 * (Steps 2, 4, 5). */
static void slow_task(void *p)
{
	struct pi *s = p;
	if (s->c->tracing)
		s->slow_tid = rtb_port_trace_self();
	while (!rtb_bsem_take(&s->go_l) && !atomic_load(&s->quit)) {
		const uint64_t inj = rtb_inject_due(s->c, s->inject_into);
		rtb_mutex_lock(s->cur);                     /* Step 2 */
		rtb_stamp_set(&s->t_ready, rtb_port_ticks());
		rtb_bsem_give(&s->go_h);
		rtb_bsem_give(&s->go_m);                    /* Step 4 */
		if (s->check) {
			/* Check trials only (never recorded: the reads take
			 * time inside the critical section): is the holder
			 * running above its base priority while tCyclicTask
			 * waits? Base = tSlowTask's own priority outside the
			 * lock, read after the trial. */
			int during = 0, base = 0;
			int r1 = rtb_thread_effective_prio(NULL, &during);
			rtb_busy_ns(s->c, (int64_t)(s->cs_us * 1000.0));        /* Step 5 */
			rtb_stamp_set(&s->t_rel, rtb_port_ticks());
			rtb_mutex_unlock(s->cur);
			int r2 = rtb_thread_effective_prio(NULL, &base);
			s->boost_read = r1 == RTB_ENOTSUP || r2 == RTB_ENOTSUP ? 0 : r1 || r2 ? -1 : 1;
			s->boosted = s->boost_read == 1 && during > base;
			rtb_bsem_give(&s->done);
			continue;
		}
		rtb_busy_ns(s->c, (int64_t)(s->cs_us * 1000.0));                /* Step 5 */
		rtb_inject_spin(inj);
		rtb_stamp_set(&s->t_rel, rtb_port_ticks());
		rtb_mutex_unlock(s->cur);
		rtb_bsem_give(&s->done);
	}
}

/* work_task - tWorkTask, the medium-priority load that preempts the
 * holder when no protocol boosts it (Step 4). */
static void work_task(void *p)
{
	struct pi *s = p;
	if (s->c->tracing)
		s->work_tid = rtb_port_trace_self();
	while (!rtb_bsem_take(&s->go_m) && !atomic_load(&s->quit)) {
		uint64_t t0 = rtb_port_ticks();
		rtb_busy_ns(s->c, (int64_t)(s->load_us * 1000.0));
		rtb_stamp_set(&s->load_ticks, rtb_port_ticks() - t0);
		rtb_bsem_give(&s->done);
	}
}

/* cyclic_task - tCyclicTask, the high-priority task whose wait for the
 * mutex is measured (Steps 3, 6). */
static void cyclic_task(void *p)
{
	struct pi *s = p;
	while (!rtb_bsem_take(&s->go_h) && !atomic_load(&s->quit)) {
		rtb_stamp_set(&s->t_req, rtb_port_ticks());  /* Step 3 */
		rtb_mutex_lock(s->cur);
		rtb_stamp_set(&s->t_acq, rtb_port_ticks());  /* Step 6 */
		rtb_mutex_unlock(s->cur);
		rtb_bsem_give(&s->done);
	}
}

/* pct_of - nearest-rank percentile of v[0..n) (0 when empty). */
static int64_t pct_of(const int64_t *v, size_t n, double p)
{
	int64_t *scratch = rtb_alloc((n ? n : 1) * sizeof(*scratch)), r;
	if (!scratch || !n) {
		rtb_free(scratch);
		return 0;
	}
	memcpy(scratch, v, n * sizeof(*v));
	rtb_stats_sort(scratch, n);
	r = rtb_stats_percentile_sorted(scratch, n, p);
	rtb_free(scratch);
	return r;
}

/* median_of - the 50th percentile of v[0..n). */
static int64_t median_of(int64_t *v, size_t n)
{
	return pct_of(v, n, 50);
}

/* LOADS_KEEP - the measured loads kept per level in histogram mode (run
 * --duration): the last so many, a ring, for the slope's load medians */
#define LOADS_KEEP 4096

/* m_pct - percentile p of metric m's samples: from its list, or its
 * histogram in histogram mode (run --duration, --cpus) */
static int64_t m_pct(const struct rtb_metric *m, double p)
{
	if (m->hm)
		return m->count ? rtb_hm_pct(&m->hist, p) : 0;
	return pct_of(m->samples, m->count, p);
}

/* run_pi - the three tasks under each mutex protocol the port offers. */
/* its own knobs (run --pi-cs-us, --pi-load-us): tSlowTask's critical
 * section and tWorkTask's busy load, ns */
static int64_t pi_cs_ns = 50000, pi_load_ns = 200000;

static const struct rtb_bench_opt pi_opts[] = {
	{ .name = "pi-cs-us", .help = "tSlowTask's critical section (default 50)", .min = 1, .max = 100000,
	  .what = "a whole number of microseconds from 1 to 100000", .scale = 1000, .def = 50000,
	  .value = &pi_cs_ns },
	{ .name = "pi-load-us", .help = "tWorkTask's busy load (default 200; also run at 2N)", .min = 1,
	  .max = 100000, .what = "a whole number of microseconds from 1 to 100000", .scale = 1000,
	  .def = 200000, .value = &pi_load_ns },
	{ .name = NULL },
};

/* its metrics in a run for a time (histogram mode: .metrics) */
static const char *const pi_metrics[] = {
	"sync.prio_inv.none.request_to_release", "sync.prio_inv.none.blocking",
	"sync.prio_inv.none.blocking_2x_load", "sync.prio_inv.inherit.request_to_release",
	"sync.prio_inv.inherit.blocking", "sync.prio_inv.inherit.blocking_2x_load",
	"sync.prio_inv.ceiling.request_to_release", "sync.prio_inv.ceiling.blocking",
	"sync.prio_inv.ceiling.blocking_2x_load", NULL
};

static int run_pi(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct pi s = { .c = c, .cs_us = (double)pi_cs_ns / 1000.0 };
	const double load_us[2] = { (double)pi_load_ns / 1000.0, 2.0 * (double)pi_load_ns / 1000.0 };
	size_t n = rtb_samples(c, b);
	struct rtb_metric *rtr[NPROTO] = { 0 }, *blk[NPROTO] = { 0 };
	/* histogram mode: the 2L trials' blocking as a metric of its own
	 * (blk2m), its samples above the margin counted (over2); else a list */
	struct rtb_metric *blk2m[NPROTO] = { 0 };
	size_t over2[NPROTO] = { 0 }, over1[NPROTO] = { 0 };
	size_t loads_cap = 0;
	int64_t *blk2[NPROTO] = { 0 };
	size_t nblk2[NPROTO] = { 0 };
	int64_t *loads[2] = { 0 };     /* measured load durations, per level */
	size_t nloads[2] = { 0 };
	int inited[NPROTO] = { 0 };
	rtb_thread_t th[3];
	rtb_bsem_t *const sems[] = { &s.go_h, &s.go_m, &s.go_l, &s.done };
	const int nsems = (int)(sizeof(sems) / sizeof(sems[0]));
	int nth = 0, nsem = 0, rc = 0;
	const int prio_l = rtb_prio_native(RTB_PRIO_LOW), prio_m = rtb_prio_native(RTB_PRIO_MID),
		  prio_h = rtb_prio_native(RTB_PRIO_HIGH); /* for the record */
	char id[64], title[80];

	for (int p = 0; p < NPROTO; p++) {
		snprintf(id, sizeof(id), "%s.%s.request_to_release", b->id, proto_name[p]);
		snprintf(title, sizeof(title), "Priority inversion, %s: request to release", proto_long[p]);
		rtr[p] = rtb_measure_metric(c, b, id, title, p == 2 ? 0 : n);
		snprintf(id, sizeof(id), "%s.%s.blocking", b->id, proto_name[p]);
		snprintf(title, sizeof(title), "Priority inversion, %s: tCyclicTask blocking", proto_long[p]);
		blk[p] = rtb_measure_metric(c, b, id, title, n);
		if (blk[p] && blk[p]->hm) {
			snprintf(id, sizeof(id), "%s.%s.blocking_2x_load", b->id, proto_name[p]);
			snprintf(title, sizeof(title), "Priority inversion, %s: tCyclicTask blocking, 2x load",
				 proto_long[p]);
			blk2m[p] = rtb_measure_metric(c, b, id, title, n);
		} else {
			blk2[p] = rtb_alloc((n ? n : 1) * (sizeof(int64_t)));
		}
		if (!rtr[p] || !blk[p] || (!blk2[p] && !blk2m[p])) {
			rc = RTB_ENOMEM;
			goto out;
		}
		rtb_marks_new(c, blk[p], RTB_TRACE_PI); /* run --trace: boosts seen */
		int mrc = rtb_mutex_init(&s.mtx[p], (enum rtb_mutex_proto)p, RTB_PRIO_HIGH);
		if (mrc) {
			snprintf(title, sizeof(title), "a %s mutex", proto_long[p]);
			rtb_metric_error(blk[p], mrc, title);
			rtb_metric_error(rtr[p], mrc, title);
		} else {
			inited[p] = 1;
		}
	}
	loads_cap = blk[0]->hm ? LOADS_KEEP : n * NPROTO + 1;
	loads[0] = rtb_alloc(loads_cap * (sizeof(int64_t)));
	loads[1] = rtb_alloc(loads_cap * (sizeof(int64_t)));
	if (!loads[0] || !loads[1]) {
		rc = RTB_ENOMEM;
		goto out;
	}
	rtb_metric_skip(rtr[2], "under the ceiling protocol tCyclicTask cannot run while tSlowTask "
			"holds the resource, so it never requests it then: see the blocking figure");

	/* the cleanup gives and destroys only what was created (nsem, nth) */
	for (; nsem < nsems; nsem++)
		if ((rc = rtb_bsem_init(sems[nsem], 0)))
			goto out;
	rc = rtb_spawn(c, &th[nth], "tSlowTask", RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu, slow_task, &s);
	if (!rc && ++nth)
		rc = rtb_spawn(c, &th[nth], "tWorkTask", RTB_SCHED_FIFO, RTB_PRIO_MID, c->cpu, work_task, &s);
	if (!rc && ++nth)
		rc = rtb_spawn(c, &th[nth], "tCyclicTask", RTB_SCHED_FIFO, RTB_PRIO_HIGH, c->cpu, cyclic_task, &s);
	if (rc)
		goto out;
	nth++;
	int pinned = rtb_self_rt(c, RTB_SCHED_FIFO, RTB_PRIO_CTRL, c->cpu) == 0;

	struct rtb_duty d;
	rtb_duty_start(&d);
	int64_t t0 = rtb_port_mono_ns();
	const struct rtb_clock_info *ci = c->clk;
	/* (a run for a time arms its own: n is only a loop size there) */
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)(n < 1000000 ? n : 1000000) * 6 *
			 (int64_t)(s.cs_us + 3 * load_us[1] + 100) * 1000);
	/* the first cycle (each protocol at both loads) is cold: its trials
	 * are kept apart (`first`), as every measurement keeps its first
	 * sample; then NCHECK check trials per protocol (first, so that a run
	 * for a time, ended only by its stop, has them too); then the n
	 * measured cycles */
	const size_t cycle = NPROTO * 2, nchecks = NCHECK * NPROTO, ntrials = (n + 1) * cycle + nchecks;
	int checked[NPROTO] = { 0 }, nboost[NPROTO] = { 0 }, boost_unreadable = 0;
	/* the least any check trial blocked: the system's own path cost,
	 * which the "bounded" margin must allow (rtb_pi_margin_ns); the
	 * check trials come before every measured one */
	int64_t floor_ns = 0;
	for (size_t i = 0; i < ntrials && !rtb_stopped(c); i++) {
		const int check = i >= cycle && i < cycle + nchecks;
		const size_t im = i < cycle ? i : i - nchecks; /* the trial's place among the measured */
		const int p = (int)(i % NPROTO), hi_load = check ? 0 : (int)((im / NPROTO) % 2);
		const int cold = i < cycle;
		if (!inited[p])
			continue;
		s.cur = &s.mtx[p];                           /* Step 1 */
		s.load_us = load_us[hi_load];
		s.check = check;
		s.inject_into = hi_load || check ? NULL : blk[p];
		rtb_bsem_give(&s.go_l);
		int ok = 1;
		for (int k = 0; k < 3; k++)
			if (rtb_bsem_take_timed(&s.done, WAIT_NS))
				ok = 0;
		if (!ok) {
			blk[p]->invalid++;
			rtb_metric_note(blk[p], "a trial did not finish within %lld s: stopped",
					WAIT_NS / 1000000000);
			break;
		}
		if (check) {
			const int64_t b_ns = rtb_ticks_to_ns(ci, rtb_stamp_get(&s.t_acq) - rtb_stamp_get(&s.t_ready));
			if (b_ns > 0 && (!floor_ns || b_ns < floor_ns))
				floor_ns = b_ns;
			checked[p] += s.boost_read == 1;
			nboost[p] += s.boosted;
			boost_unreadable |= s.boost_read == 0;
			rtb_duty_check(&d);
			continue;
		}
		int64_t blocking = rtb_ticks_to_ns(ci, rtb_stamp_get(&s.t_acq) - rtb_stamp_get(&s.t_ready));
		const int64_t req_rel = rtb_interval_ns(ci, rtb_stamp_get(&s.t_req), rtb_stamp_get(&s.t_rel));
		const uint64_t k = im / cycle;               /* cycle k; 0: the cold one */
		if (cold) {
			if (!hi_load) {
				rtb_metric_record(blk[p], k, blocking);
				if (p != 2)
					rtb_metric_record(rtr[p], k, req_rel);
			}
			rtb_duty_check(&d);
			continue;
		}
		loads[hi_load][nloads[hi_load]++ % loads_cap] = rtb_ticks_to_ns(ci, rtb_stamp_get(&s.load_ticks));
		const int over = (double)blocking > s.cs_us * 1000.0 +
				 rtb_pi_margin_ns(s.cs_us * 1000.0, (double)floor_ns);
		if (hi_load && blk2m[p]) {
			if (!rtb_metric_record(blk2m[p], k, blocking))
				over2[p] += over;
		} else if (hi_load) {
			if (nblk2[p] < n) {
				blk2[p][nblk2[p]++] = blocking;
				over2[p] += over;
			}
		} else {
			over1[p] += over && blk[p]->count < blk[p]->capacity;
			/* run --trace: the holder's time with the mutex */
			if (!rtb_metric_record(blk[p], k, blocking))
				rtb_marks_put(blk[p]->tm, blk[p]->count - 1, rtb_stamp_get(&s.t_ready),
					      rtb_stamp_get(&s.t_rel));
			if (p != 2)
				rtb_metric_record(rtr[p], k, req_rel); /* < 0: invalid */
		}
		rtb_duty_check(&d);
	}
	int64_t elapsed = rtb_port_mono_ns() - t0;
	for (int p = 0; p < NPROTO; p++)
		if (blk[p]->tm) {
			blk[p]->tm->tid = s.slow_tid;
			blk[p]->tm->peer_tid = s.work_tid;
		}
	/* the slope is taken against the loads as they really ran (wall time,
	 * from tWorkTask's own stamps), not as asked */
	const int64_t load_p50[2] = { median_of(loads[0], nloads[0] < loads_cap ? nloads[0] : loads_cap),
				      median_of(loads[1], nloads[1] < loads_cap ? nloads[1] : loads_cap) };

	static const enum rtb_word proto_word[NPROTO] = {
		RTB_W_MUTEX_NONE, RTB_W_MUTEX_INHERIT, RTB_W_MUTEX_CEILING
	};
	const char *fifo = rtb_word_or(RTB_W_FIFO, "priority");
	for (int p = 0; p < NPROTO; p++) {
		const char *mutex = rtb_word_or(proto_word[p], proto_long[p]);
		rtb_metric_set_method(blk[p], "3 tasks, %s, on CPU %d: tSlowTask %d holds a %s, "
			"tCyclicTask %d requests it, tWorkTask %d runs a %.0f us busy load; tSlowTask's "
			"critical section %.0f us (running-time spin); sample = tCyclicTask made ready -> "
			"holds the mutex", fifo, c->cpu, prio_l, mutex, prio_h, prio_m, load_us[0], s.cs_us);
		if (p != 2) {
			rtb_metric_set_method(rtr[p], "3 tasks, %s, on CPU %d: tSlowTask %d holds a %s, "
				"tCyclicTask %d requests it, tWorkTask %d runs a %.0f us busy load; tSlowTask's "
				"critical section %.0f us (running-time spin); sample = tCyclicTask requests -> "
				"tSlowTask releases", fifo, c->cpu, prio_l, mutex, prio_h, prio_m, load_us[0], s.cs_us);
			if (rtr[p]->invalid)
				rtb_metric_note(rtr[p], "%llu trials where tCyclicTask requested after the release",
						(unsigned long long)rtr[p]->invalid);
		}
		if (!inited[p])
			continue;
		rtb_metric_extra(blk[p], "critical_section_us", s.cs_us, "us");
		rtb_metric_extra(blk[p], "load_us", load_us[0], "us");
	}
	/* the verdict: rtb_pi_decide's decision table (bench/pi_verdict.h),
	 * from the median and the worst case at both loads, the control and
	 * the boost check */
	struct rtb_pi_input pin[NPROTO];
	struct rtb_pi_verdict pv[NPROTO];
	const double margin_ns = rtb_pi_margin_ns(s.cs_us * 1000.0, (double)floor_ns);
	for (int p = 0; p < NPROTO; p++) {
		struct rtb_pi_input *in = &pin[p];
		memset(in, 0, sizeof(*in));
		in->available = inited[p];
		in->pinned = pinned;
		in->load_lo_ns = (double)load_p50[0];
		in->load_hi_ns = (double)load_p50[1];
		in->boost_share = boost_unreadable || !checked[p] ? -1 : (double)nboost[p] / checked[p];
		if (!inited[p])
			continue;
		in->n_lo = blk[p]->count;
		in->n_hi = blk2m[p] ? blk2m[p]->count : nblk2[p];
		in->p50_lo_ns = (double)m_pct(blk[p], 50);
		in->p99_lo_ns = (double)m_pct(blk[p], 99);
		in->p50_hi_ns = (double)(blk2m[p] ? m_pct(blk2m[p], 50) : pct_of(blk2[p], nblk2[p], 50));
		in->p99_hi_ns = (double)(blk2m[p] ? m_pct(blk2m[p], 99) : pct_of(blk2[p], nblk2[p], 99));
		size_t over = over1[p] + over2[p];
		in->share_over = in->n_lo + in->n_hi ?
			(double)over / (double)(in->n_lo + in->n_hi) : 0;
	}
	rtb_pi_decide(pin, pv);

	for (int p = 0; p < NPROTO; p++) {
		if (!inited[p])
			continue;
		rtb_metric_extra(blk[p], "load_measured_p50_us", (double)load_p50[0] / 1000.0, "us");
		rtb_metric_extra(blk[p], "load_2x_measured_p50_us", (double)load_p50[1] / 1000.0, "us");
		if (pin[p].n_hi) {
			rtb_metric_extra(blk[p], "p50_at_2x_load_ns", pin[p].p50_hi_ns, "ns");
			rtb_metric_extra(blk[p], "p99_at_2x_load_ns", pin[p].p99_hi_ns, "ns");
		}
		rtb_metric_extra(blk[p], "load_slope", pv[p].slope_p50, "ns/ns");
		rtb_metric_extra(blk[p], "load_slope_p99", pv[p].slope_p99, "ns/ns");
		rtb_metric_extra(blk[p], "share_over_cs_margin", pin[p].share_over, "ratio");
		if (p)
			rtb_metric_extra(blk[p], "boost_share", pin[p].boost_share, "ratio");
		/* 1 bounded, 0 unbounded, 0.5 inconclusive (the reason in the note) */
		rtb_metric_extra(blk[p], "bounded", pv[p].kind == RTB_PI_BOUNDED ? 1.0 :
				 pv[p].kind == RTB_PI_UNBOUNDED ? 0.0 : 0.5, "bool");
		rtb_metric_note(blk[p], "verdict %s: %s (margin %.0f us over the critical section: "
				"half of it + %.0f us, the larger of 20 us and the fastest check trial's "
				"blocking beyond it)", rtb_pi_kind_name(pv[p].kind), pv[p].why, margin_ns / 1000.0,
				(margin_ns - s.cs_us * 500.0) / 1000.0);
		if (!pinned)
			rtb_metric_note(blk[p], "the controller could not be pinned to CPU %d", c->cpu);
		/* a run for a time keeps only the last LOADS_KEEP loads: the
		 * medians (and the slope's load axis) are of those, said */
		if (nloads[0] > loads_cap || nloads[1] > loads_cap)
			rtb_metric_note(blk[p], "load medians (the slope's): the last %zu trials a load, of %zu, %zu",
					loads_cap, nloads[0], nloads[1]);
	}
	for (int p = 0; p < NPROTO; p++) {
		if (!inited[p])
			continue;
		rtb_measure_metric_end(c, blk[p], elapsed);
		if (p != 2)
			rtb_measure_metric_end(c, rtr[p], elapsed);
		if (blk2m[p]) {
			rtb_metric_set_method(blk2m[p], "as %s.%s.blocking, the trials under tWorkTask's %.0f us "
					      "load (2x): the verdict's second load", b->id, proto_name[p], load_us[1]);
			rtb_measure_metric_end(c, blk2m[p], elapsed);
		}
		/* Table 2's plain answer: the metric's generic verdict (value:
		 * rtb_pi_kind_name), with the percentiles the verdict used */
		const char *kind = rtb_pi_kind_name(pv[p].kind);
		if (!blk[p]->count)
			continue;
		if (pin[p].n_hi && pv[p].slope_p50 == pv[p].slope_p50)
			rtb_metric_set_verdict(blk[p], kind, "blocked p50 %.1f / p99 %.1f us under a "
				"%.1f us load, %.1f / %.1f us under %.1f us (slope p50 %.2f, p99 %.2f)",
				pin[p].p50_lo_ns / 1000.0, pin[p].p99_lo_ns / 1000.0,
				(double)load_p50[0] / 1000.0, pin[p].p50_hi_ns / 1000.0,
				pin[p].p99_hi_ns / 1000.0, (double)load_p50[1] / 1000.0, pv[p].slope_p50,
				pv[p].slope_p99);
		else
			rtb_metric_set_verdict(blk[p], kind, "no slope (see the note)");
	}
out:
	/* the tasks (all semaphores exist once one does) wait on their go */
	atomic_store(&s.quit, 1);
	if (nth) {
		rtb_bsem_give(&s.go_l);
		rtb_bsem_give(&s.go_m);
		rtb_bsem_give(&s.go_h);
	}
	for (int i = 0; i < nth; i++)
		rtb_join(&th[i]);
	for (int p = 0; p < NPROTO; p++) {
		if (inited[p])
			rtb_mutex_destroy(&s.mtx[p]);
		rtb_free(blk2[p]);
	}
	rtb_free(loads[0]);
	rtb_free(loads[1]);
	while (nsem > 0)
		rtb_bsem_destroy(sems[--nsem]);
	return rc;
}

const struct rtb_bench rtb_bench_prio_inv = {
	.id = "sync.prio_inv",
	.title = "Priority inversion",
	.study_table = "Table 2",
	.summary = "tCyclicTask/tWorkTask/tSlowTask on one CPU with mutex protocol none, inherit, ceiling; bounded or not",
	.default_samples = 300,
	.needs_rt = 1,
	.injectable = 1,
	.selftest_metric = "sync.prio_inv.none.blocking,sync.prio_inv.inherit.blocking,"
		"sync.prio_inv.ceiling.blocking,sync.prio_inv.none.request_to_release,"
		"sync.prio_inv.inherit.request_to_release",
	/* its windows are 55-290 us long: here 20-60% of the samples hold one
	 * of the machine's ~10 us interruptions, so a half's median lands on
	 * either side of that edge and a shift came out 26.4 us for 20; the
	 * 10th percentile stays on the uninterrupted floor */
	.selftest_pct = 10,
	.one_round = 1,
	.threads = 3,
	.run = run_pi,
	/* for a time (and each listed CPU its own three tasks and mutexes):
	 * the 2L trials' blocking is a metric of its own there */
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.metrics = pi_metrics,
	.trace_kind = RTB_TRACE_PI,
	.opts = pi_opts,
};
