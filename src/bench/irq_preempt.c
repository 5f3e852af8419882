/* SPDX-License-Identifier: Apache-2.0 */
/* irq.preempt.idle, irq.preempt.busy - interrupt preemption: a timer
 * expiry makes a higher-priority task ready while a lower-priority task
 * is running (Thread-Metric's interrupt preemption; rtos-benchmark's
 * timer-ISR latency with a spinning low-priority task), beside the same
 * wake-up on an idle CPU.
 *
 * What it measures: from a timer's programmed expiry to the first
 * instruction of the task sleeping until it (the port's absolute sleep:
 * the cyclictest method, as irq.timer.nanosleep), on one CPU, in two
 * cases interleaved in blocks:
 *   irq.preempt.idle  nothing else runs on that CPU: the CPU is idle when
 *                     the timer fires (and may sit in an idle state);
 *   irq.preempt.busy  a task of lower priority spins on that CPU the whole
 *                     time: the interrupt arrives while it runs, and the
 *                     woken task must preempt it.
 * Both include the timer's own latency, the interrupt entry, the expiry
 * processing, the wake-up, the switch and one clock read; the busy case
 * adds what preempting a running task costs (and saves the idle exit).
 * busy_minus_idle_p50_ns (an extra of the busy figure, each round, from
 * all samples so far) is the difference of the medians: what a busy CPU
 * costs the wake-up, negative where idle exit costs more. A busy sample
 * counts only when the spinner was spinning from before the sleep to the
 * wake (it rests 10 ms every 100 ms where the OS throttles real-time
 * spinning: samples across a rest are discarded, counted), an idle one
 * only when it was parked; the first sample of each block (the switch
 * between cases) is discarded.
 *
 * Thread protocol (one CPU; tWake at the run's HIGH level, tSpin at LOW):
 *   Step 1: tSpin parks (takes its semaphore `go`).
 *   Step 2: tWake runs blocks of BLOCK samples, idle and busy alternating;
 *           at a busy block it sets `busy` and gives `go` if tSpin is
 *           parked; at an idle block it clears `busy` (tSpin parks again
 *           at its next check, during tWake's next sleep).
 *   Step 3: per sample tWake notes tSpin's state, sleeps until an absolute
 *           expiry one period ahead, and on waking stamps first thing
 *           (the selftest's delay spun before the stamp on the samples
 *           rtb_pick_delayed names).
 *   Step 4: the sample (stamp - expiry) is kept if tSpin's state held
 *           (busy: spinning, no rest, it advanced before the sleep; idle:
 *           parked), else discarded and counted.
 *   Step 5: at the end tWake sets `quit` and releases tSpin; both end. */
#include <stdatomic.h>
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

#define BLOCK 50

struct ip {
	struct rtb_ctx *c;
	struct rtb_metric *m[2];   /* 0 idle, 1 busy */
	int64_t period_ns;
	rtb_bsem_t go;
	atomic_int busy, quit, parked;
	atomic_uint rest_seq;      /* odd while tSpin rests (throttling) */
	atomic_ulong spins;        /* tSpin's progress */
	unsigned long last_spins;  /* tWake's read of it before its last sleep */
	uint64_t discarded[2];
};

/* spin_main - tSpin: park until busy, then spin (resting as the port
 * asks), park again when busy is cleared (Steps 1-2). */
static void spin_main(void *p)
{
	struct ip *s = p;

	for (;;) {
		atomic_store(&s->parked, 1);
		rtb_bsem_take(&s->go);
		atomic_store(&s->parked, 0);
		if (atomic_load(&s->quit))
			break;
		int64_t since = rtb_port_mono_ns();
		while (atomic_load_explicit(&s->busy, memory_order_relaxed) &&
		       !atomic_load_explicit(&s->quit, memory_order_relaxed)) {
			for (int i = 0; i < 64; i++)
				atomic_fetch_add_explicit(&s->spins, 1, memory_order_relaxed);
			if (RTB_PORT_DUTY_RUN_NS > 0 && rtb_port_mono_ns() - since > RTB_PORT_DUTY_RUN_NS) {
				atomic_fetch_add(&s->rest_seq, 1);
				rtb_port_duty_rest();
				atomic_fetch_add(&s->rest_seq, 1);
				since = rtb_port_mono_ns();
			}
		}
	}
}

/* wake_main - tWake: the blocks, the sleeps and the samples (Steps 2-5). */
static void wake_main(void *p)
{
	struct ip *s = p;
	struct rtb_ctx *c = s->c;
	uint64_t k[2] = { 0, 0 };
	int64_t next = rtb_port_mono_ns() + 1000000;

	for (uint64_t j = 0; !rtb_stopped(c) && !(rtb_metric_full(s->m[0]) && rtb_metric_full(s->m[1])); j++) {
		const int busy = (int)((j / BLOCK) & 1);
		struct rtb_metric *m = s->m[busy];

		if (j % BLOCK == 0)                                   /* Step 2 */
			atomic_store(&s->busy, busy);
		if (busy && atomic_load(&s->parked))
			rtb_bsem_give(&s->go);
		/* Step 3: the state before the sleep */
		const unsigned rest0 = atomic_load(&s->rest_seq);
		const unsigned long spins0 = atomic_load_explicit(&s->spins, memory_order_relaxed);
		const int parked0 = atomic_load(&s->parked);
		const uint64_t inj = rtb_metric_full(m) ? 0 : rtb_inject_due(c, m);
		while (next <= rtb_port_mono_ns())
			next += s->period_ns;
		rtb_port_sleep_until_ns(next);
		rtb_inject_spin(inj);
		const int64_t now = rtb_port_mono_ns();
		/* Step 4 */
		const int held = busy ? !parked0 && !(rest0 & 1) && rest0 == atomic_load(&s->rest_seq) &&
					spins0 != s->last_spins && !atomic_load(&s->parked)
				      : parked0 && atomic_load(&s->parked);
		s->last_spins = spins0;
		if (j % BLOCK == 0 || rtb_metric_full(m))
			continue;
		if (!held) {
			s->discarded[busy]++;
			continue;
		}
		if (!rtb_metric_record(m, k[busy], now - next))
			k[busy]++;
	}
	atomic_store(&s->busy, 0);                                    /* Step 5 */
	atomic_store(&s->quit, 1);
	rtb_bsem_give(&s->go);
}

/* its metrics (struct rtb_bench .metrics: a long run makes both) */
static const char *const ids[3] = { "irq.preempt.idle", "irq.preempt.busy", NULL };

/* p50_ns - m's median once its loop ended: a histogram-mode metric's (a
 * long run's, or a count run's of many samples) from its histogram, which
 * holds every sample; else the statistics rtb_measure_metric_end made. */
static int64_t p50_ns(const struct rtb_metric *m)
{
	return m->hm ? rtb_hm_pct(&m->hist, 50) : m->stats.median;
}

/* run - both tasks on the measured CPU; the figures, their method and the
 * busy - idle difference. */
static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	static const char *const titles[2] = { "Timer wake-up, CPU idle",
					       "Timer wake-up preempting a running task" };
	struct ip s = { .c = c, .period_ns = c->o->period_ns };
	size_t n = rtb_samples(c, b);
	rtb_thread_t spin, wake;
	int rc;

	for (int i = 0; i < 2; i++) {
		s.m[i] = rtb_measure_metric(c, b, ids[i], titles[i], n);
		if (!s.m[i])
			return RTB_ENOMEM;
	}
	rc = rtb_bsem_init(&s.go, 0);
	if (rc)
		return rc;
	/* each sample a period, about one in BLOCK discarded, and the rests */
	rtb_watchdog_arm(c, 10000000000LL + 4 * (int64_t)n * s.period_ns);
	int64_t t0 = rtb_port_mono_ns();
	rc = rtb_spawn(c, &spin, "tSpin", RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu, spin_main, &s);
	if (rc)
		goto out;
	rc = rtb_spawn(c, &wake, "tWake", RTB_SCHED_FIFO, RTB_PRIO_HIGH, c->cpu, wake_main, &s);
	if (rc) {
		atomic_store(&s.quit, 1);
		rtb_bsem_give(&s.go);
		rtb_join(&spin);
		goto out;
	}
	rtb_join(&wake);
	rtb_join(&spin);
	int64_t elapsed = rtb_port_mono_ns() - t0;
	const char *fifo = rtb_word_or(RTB_W_FIFO, "priority");
	for (int i = 0; i < 2; i++) {
		rtb_metric_set_method(s.m[i], "%s; period %lld us; %s; tWake %s %d, CPU %d; sample = stamp - "
			"programmed expiry", rtb_word_or(RTB_W_SLEEP_ABS, "task sleeping until an absolute expiry"),
			(long long)(s.period_ns / 1000),
			i ? "tSpin spinning at a lower priority on the same CPU the whole time (checked every sample)"
			  : "nothing else running on that CPU (tSpin parked, checked every sample)",
			fifo, rtb_prio_native(RTB_PRIO_HIGH), c->cpu);
		if (s.discarded[i])
			rtb_metric_note(s.m[i], "%llu samples discarded: tSpin %s", (unsigned long long)s.discarded[i],
					i ? "not spinning throughout (resting below the OS's real-time throttling, or not yet running)"
					  : "not parked");
		rtb_metric_extra(s.m[i], "discarded", (double)s.discarded[i], "samples");
		rtb_metric_extra(s.m[i], "period_us", (double)s.period_ns / 1000.0, "us");
		rtb_measure_metric_end(c, s.m[i], elapsed);
	}
	if (s.m[0]->count && s.m[1]->count)
		rtb_metric_extra(s.m[1], "busy_minus_idle_p50_ns", (double)(p50_ns(s.m[1]) - p50_ns(s.m[0])), "ns");
out:
	rtb_bsem_destroy(&s.go);
	return rc;
}

const struct rtb_bench rtb_bench_irq_preempt = {
	.id = "irq.preempt",
	.title = "Interrupt preemption: timer wake-up, CPU idle and CPU busy",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "task sleeping until an absolute expiry; expiry -> task running, with the CPU idle and "
		   "with a lower-priority task spinning on it (Thread-Metric's interrupt preemption)",
	.default_samples = 5000,
	.needs_rt = 1,
	.injectable = 1,
	.selftest_metric = "irq.preempt.idle,irq.preempt.busy",
	.threads = 2,
	.run = run,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.metrics = ids,
};
