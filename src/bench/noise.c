/* SPDX-License-Identifier: Apache-2.0 */
/* noise.gap@cpu<N> - OS noise: what the system takes from a task that
 * never gives the CPU up (after oslat and rtla osnoise).
 *
 * A thread at the run's top real-time priority (time-shared without one:
 * --no-rt, as oslat without -f), pinned to the measurement CPU, does nothing but read the counter in a tight loop. Whenever two
 * consecutive reads are further apart than the threshold (--noise-threshold-us,
 * default 1 us), the difference is a gap: something else ran on the CPU
 * (an interrupt, a softirq, a kernel thread of higher priority, an NMI) or
 * the CPU itself was taken (SMI, the hypervisor descheduling the vCPU).
 * Every gap is a sample (its distribution is the histogram of gaps; max is
 * the largest gap), and the metric adds:
 *   noise_us_per_s   sum of gaps / spin time, in us per second
 *   noise_pct        the same as a share of the CPU
 *   spin_s           time spent spinning (the rests excluded)
 *   rests, rest_ms   how often and how long the spin stepped off the CPU
 *   observed_pct     spin time / (spin + rests): the share of the time the
 *                    CPU was watched (about 91% with rests, 100% without)
 * A loop iteration's own cost (one counter read and a compare, ~10 ns) is
 * below any threshold and not counted; a gap includes one iteration.
 *
 * RT throttling (Linux: 950 ms of every 1000 ms for real-time tasks) is left
 * as found: the spin rests (the port's rtb_port_duty_rest, 10 ms) after every
 * RTB_PORT_DUTY_RUN_NS of spinning, so it never reaches the throttle; a rest
 * is not a gap (the clock restarts after it) and not spin time, so a rest
 * hides whatever happens on the CPU meanwhile. --noise-no-rests spins
 * without them, as oslat and rtla osnoise do: where RT throttling is off
 * (sched_rt_runtime_us -1) it sees all the time; where it is on the
 * option is refused unless --noise-throttled also says the throttle's
 * stops (50 ms of each second on Linux' default) are wanted in the figures
 * as noise, which is what oslat reports there. With --trace
 * each gap is explained from the kernel's events like a worst sample, and
 * the noise is split by what held the CPU (trace_worst.c: irq, softirq,
 * nmi, thread, none seen).
 *
 * One round (one_round): the figures are over the whole 2 s spin. With
 * --duration (RTB_CAN_TIME) it spins until the run stops it, on every CPU
 * of --cpus at once; each interval then gives its noise per second
 * (sum_ns over the interval) and its largest gap, as rtla osnoise's
 * periodic summary does, in memory that does not grow with the run.
 *
 * Thread protocol:
 *   Step 1: the spinner (SCHED_FIFO, the run's top priority, on the
 *           measurement CPU) takes its first stamp.
 *   Step 2: it reads the counter; a difference over the threshold from the
 *           previous read is recorded as a gap (and, traced, its marks).
 *   Step 3: after RTB_PORT_DUTY_RUN_NS of spinning it rests, then takes a
 *           fresh stamp (the rest is neither a gap nor spin time); with
 *           --noise-no-rests it never rests.
 *   Step 4: repeat from Step 2 until the round's spin time, the sample
 *           capacity or a stop.
 */
#include <stdio.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

/* spin time of a run (one round: the figures are over the whole spin) */
#define SPIN_NS 2000000000LL

struct noise {
	struct rtb_ctx *c;
	struct rtb_metric *m;
	uint64_t thr_ticks;     /* the gap threshold */
	uint64_t spun_ticks, gap_ticks; /* time spun, time in gaps */
	uint64_t rests, rest_ns;
};

/* its own knobs (run --noise-no-rests, --noise-throttled): 1 when given */
static int64_t noise_no_rests, noise_throttled;

/* spin_task - spins on the counter, recording every gap over the
 * threshold (time the task did not run). */
static void spin_task(void *p)
{
	struct noise *s = p;
	const struct rtb_clock_info *ci = s->c->clk;
	const int rests = RTB_PORT_DUTY_RUN_NS > 0 && !noise_no_rests;
	const uint64_t chunk = rtb_ns_to_ticks(ci, rests ? RTB_PORT_DUTY_RUN_NS : SPIN_NS);
	const int64_t for_ns = rtb_measure_for_ns(s->c, SPIN_NS);
	/* a --duration run: until the stop flag */
	const uint64_t total = for_ns == INT64_MAX ? UINT64_MAX : rtb_ns_to_ticks(ci, for_ns);
	struct rtb_trace_marks *tm = s->m->tm;
	uint64_t k = 1;

	if (tm)
		tm->tid = rtb_port_trace_self();
	while (s->spun_ticks < total && !rtb_metric_full(s->m) && !rtb_stopped(s->c)) {
		uint64_t t0 = rtb_port_ticks(), prev = t0;   /* Step 1 */
		uint64_t end = t0 + (total - s->spun_ticks < chunk ? total - s->spun_ticks : chunk);
		if (end < t0)
			end = UINT64_MAX; /* no wrap when spinning until stopped */
		for (;;) {
			uint64_t now = rtb_port_ticks();     /* Step 2 */
			uint64_t d = now - prev;
			if (__builtin_expect(d > s->thr_ticks, 0)) {
				s->gap_ticks += d;
				int64_t ns = rtb_ticks_to_ns(ci, d);
				if (!rtb_metric_record(s->m, k++, ns) && tm)
					rtb_marks_put_ns(tm, s->m->count - 1, prev, now, 0, ns);
				if (rtb_metric_full(s->m)) {
					prev = now;
					break;
				}
				/* the record's own time is not the next gap: on a
				 * slow core (25 MHz) it is over the threshold and
				 * made every pass after the first gap a gap */
				now = rtb_port_ticks();
			}
			prev = now;
			if ((int64_t)(now - end) >= 0)
				break;
		}
		s->spun_ticks += prev - t0;
		rtb_metric_span(s->m, rtb_ticks_to_ns(ci, prev - t0));
		if (s->spun_ticks < total && rests && !rtb_stopped(s->c)) {
			int64_t r0 = rtb_port_mono_ns();     /* Step 3 */
			rtb_port_duty_rest();
			s->rest_ns += (uint64_t)(rtb_port_mono_ns() - r0);
			s->rests++;
		}
	}
}

/* its own knob (run --noise-threshold-us): a gap longer than this is
 * noise, ns */
static int64_t noise_threshold_ns = 1000;

/* check_noise - --noise-no-rests where the OS throttles real-time tasks:
 * refused unless --noise-throttled accepts the throttle's stops as noise
 * (time-shared, --no-rt, nothing throttles the spin). */
static int check_noise(int rt, char *err, size_t len)
{
	char why[96];
	int on;

	if (noise_throttled && !noise_no_rests) {
		snprintf(err, len, "--noise-throttled: only with --noise-no-rests");
		return RTB_EINVAL;
	}
	if (!noise_no_rests || noise_throttled || !rt || RTB_PORT_DUTY_RUN_NS <= 0)
		return 0;
	on = rtb_port_rt_throttle(why, sizeof(why));
	if (on == 0)
		return 0;
	snprintf(err, len, "--noise-no-rests: RT throttling is %s (%s): the spin would be stopped and "
		 "that stop measured as noise; turn it off (sysctl kernel.sched_rt_runtime_us=-1) or add "
		 "--noise-throttled to measure it so, as oslat does", on > 0 ? "on" : "unknown", why);
	return RTB_EINVAL;
}

static const struct rtb_bench_opt noise_opts[] = {
	{ .name = "noise-threshold-us", .help = "noise.*: a gap between two counter reads longer than N us is "
	  "noise\n                        (default 1)", .min = 1, .max = 1000000,
	  .what = "a whole number of microseconds from 1 to 1000000", .scale = 1000, .def = 1000,
	  .value = &noise_threshold_ns },
	{ .name = "noise-no-rests", .help = "noise.*: spin without the 10 ms rests each 100 ms that keep RT "
	  "throttling away\n                        (they hide ~9% of the time): all the time observed, as "
	  "oslat; refused\n                        while RT throttling is on unless --noise-throttled",
	  .min = 0, .max = 1, .what = "a flag", .scale = 1, .def = 0, .value = &noise_no_rests, .flag = 1 },
	{ .name = "noise-throttled", .help = "with --noise-no-rests where RT throttling is on: accept that the "
	  "throttle\n                        stops the spin and is measured as noise (oslat's figure)",
	  .min = 0, .max = 1, .what = "a flag", .scale = 1, .def = 0, .value = &noise_throttled, .flag = 1 },
	{ .name = NULL },
};

/* loop_pass_ticks - the spin loop's own pass (one counter read and a
 * compare), the least of LOOP_PASSES: a gap is time beyond it. */
#define LOOP_PASSES 1000
static uint64_t loop_pass_ticks(void)
{
	uint64_t prev = rtb_port_ticks(), least = UINT64_MAX;

	for (int i = 0; i < LOOP_PASSES; i++) {
		uint64_t now = rtb_port_ticks();
		if (now - prev < least)
			least = now - prev;
		prev = now;
	}
	return least;
}

/* run_noise - noise.gap on the measured CPU. */
static int run_noise(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct noise s = { .c = c };
	int64_t thr_ns = noise_threshold_ns;
	char id[64];
	rtb_thread_t th;
	int rc;

	/* a gap is over the threshold in ticks exactly when it is in ns
	 * (--noise-threshold-us: "longer than N us is noise") */
	s.thr_ticks = rtb_ns_to_ticks_at_most(c->clk, thr_ns);
	snprintf(id, sizeof(id), "%s@cpu%d", b->id, c->cpu);
	s.m = rtb_measure_metric(c, b, id, b->title, rtb_samples(c, b));
	if (!s.m)
		return RTB_ENOMEM;
	/* A loop pass near the threshold makes every pass a "gap" (a 25 MHz
	 * core reads its counter in 0.58 us: half of 1 us): the threshold
	 * then counts from the end of one pass, said in the note, so a gap is
	 * still something else holding the CPU for the threshold or longer */
	const uint64_t pass = loop_pass_ticks();
	const int64_t pass_ns = rtb_ticks_to_ns(c->clk, pass);
	if (2 * pass > s.thr_ticks) {
		rtb_metric_note(s.m, "one pass of the loop takes %.2f us here, near the %.2f us asked: "
				"a gap is a difference over %.2f us (one pass + the threshold)",
				(double)pass_ns / 1000.0, (double)thr_ns / 1000.0,
				(double)(pass_ns + thr_ns) / 1000.0);
		thr_ns += pass_ns;
		s.thr_ticks = rtb_ns_to_ticks_at_most(c->clk, thr_ns);
	}
	rtb_marks_new(c, s.m, RTB_TRACE_NOISE);
	rtb_watchdog_arm(c, 10000000000LL + 2 * SPIN_NS);
	int64_t t0 = rtb_port_mono_ns();
	rc = rtb_spawn(c, &th, "tNoise", RTB_SCHED_FIFO, RTB_PRIO_HIGH, c->cpu, spin_task, &s);
	if (rc) {
		rtb_metric_error(s.m, rc, "cannot start the spinning thread");
		return 0;
	}
	rtb_join(&th);
	double spun_ns = (double)rtb_ticks_to_ns(c->clk, s.spun_ticks), gaps_ns = (double)rtb_ticks_to_ns(c->clk, s.gap_ticks);
	const char *rests = !noise_no_rests && RTB_PORT_DUTY_RUN_NS > 0 ?
		"rests of the port's duty cycle excluded (not observed)" :
		noise_throttled ? "no rests: RT throttling's stops are in the gaps" : "no rests: all the time observed";
	if (c->rt)
		rtb_metric_set_method(s.m,
			"a thread at %s %d on CPU %d reads %s in a tight loop; sample = a gap over %lld ns "
			"between two reads (what else held the CPU); %s",
			rtb_word_or(RTB_W_FIFO, "real-time priority"), rtb_prio_native(RTB_PRIO_HIGH), c->cpu,
			c->clk->source, (long long)thr_ns, rests);
	else /* as oslat without -f: time-shared, so the gaps include other tasks' slices */
		rtb_metric_set_method(s.m,
			"a time-shared thread (no real-time priority) on CPU %d reads %s in a tight loop; sample = a gap "
			"over %lld ns between two reads: what else held the CPU, other tasks' time slices included; %s",
			c->cpu, c->clk->source, (long long)thr_ns, rests);
	rtb_metric_extra(s.m, "noise_us_per_s", spun_ns > 0 ? gaps_ns / spun_ns * 1e6 : 0, "us/s");
	rtb_metric_extra(s.m, "noise_pct", spun_ns > 0 ? 100.0 * gaps_ns / spun_ns : 0, "%");
	rtb_metric_extra(s.m, "spin_s", spun_ns / 1e9, "s");
	rtb_metric_extra(s.m, "threshold_us", (double)thr_ns / 1000.0, "us");
	rtb_metric_extra(s.m, "loop_pass_us", (double)pass_ns / 1000.0, "us");
	rtb_metric_extra(s.m, "rests", (double)s.rests, "");
	rtb_metric_extra(s.m, "rest_ms", (double)s.rest_ns / 1e6, "ms");
	double seen = spun_ns + (double)s.rest_ns > 0 ? 100.0 * spun_ns / (spun_ns + (double)s.rest_ns) : 100.0;
	rtb_metric_extra(s.m, "observed_pct", seen, "%");
	if (s.rests)
		rtb_metric_note(s.m, "observed %.1f%% of the time: %lu rests (%.0f ms) off the CPU so RT throttling "
				"never stops the spin hid what ran then (--noise-no-rests: none)", seen,
				(unsigned long)s.rests, (double)s.rest_ns / 1e6);
	if (rtb_metric_full(s.m))
		rtb_metric_note(s.m, "stopped spinning at %lu gaps (the capacity; --samples sets it)",
				(unsigned long)s.m->count);
	/* the spin's time is the measurement, not a sample count: what it
	 * found is all it was to find (a stop still makes it partial) */
	if (!rtb_stopped(c))
		s.m->capacity = s.m->count;
	rtb_measure_metric_end(c, s.m, rtb_port_mono_ns() - t0);
	return 0;
}

const struct rtb_bench rtb_bench_noise = {
	.id = "noise.gap",
	.title = "OS noise: gaps in a spinning real-time thread",
	.summary = "a real-time thread spins reading the counter; every gap over --noise-threshold-us is noise (oslat, rtla osnoise)",
	.default_samples = 200000,
	.threads = 1,
	.one_round = 1,
	.not_injectable_why = "a spin has no measured call to put a delay into",
	.run = run_noise,
	.trace_kind = RTB_TRACE_NOISE,
	.sums_time = 1,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.opts = noise_opts,
	.check = check_noise,
};
