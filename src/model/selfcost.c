/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - what rtbench itself costs (rtbench/selfcost.h): the trace
 * reader adds its CPU time and events after each read of the trace; a
 * result's write reads them with the process's own figures. */
#include <stdatomic.h>
#include <stdio.h>
#include "rtbench/port.h"
#include "rtbench/selfcost.h"

static atomic_uint_fast64_t r_cpu, r_events, r_skipped, r_polls, r_lost;
static atomic_int r_any;

void rtb_selfcost_reader_add(uint64_t cpu_ns, uint64_t events, uint64_t skipped, uint64_t polls, uint64_t lost)
{
	atomic_fetch_add_explicit(&r_cpu, cpu_ns, memory_order_relaxed);
	atomic_fetch_add_explicit(&r_events, events, memory_order_relaxed);
	atomic_fetch_add_explicit(&r_skipped, skipped, memory_order_relaxed);
	atomic_fetch_add_explicit(&r_polls, polls, memory_order_relaxed);
	atomic_fetch_add_explicit(&r_lost, lost, memory_order_relaxed);
	atomic_store_explicit(&r_any, 1, memory_order_relaxed);
}

void rtb_selfcost_fill(struct rtb_self_cost *sc)
{
	int64_t th = -1, pr = -1, rss = -1;

	rtb_port_usage(&th, &pr, &rss);
	sc->known = th >= 0 || pr >= 0 || rss >= 0;
	sc->supervisor_cpu_ns = th;
	sc->process_cpu_ns = pr;
	sc->peak_rss_bytes = rss;
	sc->reader = atomic_load_explicit(&r_any, memory_order_relaxed);
	sc->reader_cpu_ns = atomic_load_explicit(&r_cpu, memory_order_relaxed);
	sc->reader_events = atomic_load_explicit(&r_events, memory_order_relaxed);
	sc->reader_skipped = atomic_load_explicit(&r_skipped, memory_order_relaxed);
	sc->reader_polls = atomic_load_explicit(&r_polls, memory_order_relaxed);
	sc->events_lost = atomic_load_explicit(&r_lost, memory_order_relaxed);
}

/* The step in progress on the supervisor's thread, and one said from another
 * thread (the watchdog's, restoring the settings at a forced exit): each
 * timed on its own thread's CPU clock, never one thread's reading against
 * another's. */
struct step {
	const char *name;
	int64_t wall0, cpu0;
};
static void (*step_say)(const char *line);
static struct step sup_step, other_step;

void rtb_selfcost_steps_say(void (*say)(const char *line))
{
	step_say = say;
	sup_step.name = NULL;
	other_step.name = NULL;
}

/* rtb_selfcost_step_line - the ending line of a step (selfcost.h). */
void rtb_selfcost_step_line(char *buf, size_t len, const char *name, const char *thread, int64_t wall_ns,
			    int64_t cpu_ns)
{
	char cpu[40];

	if (cpu_ns >= 0)
		snprintf(cpu, sizeof(cpu), "%.3f s CPU", (double)cpu_ns / 1e9);
	else
		snprintf(cpu, sizeof(cpu), "CPU unknown");
	snprintf(buf, len, "step %s%s%s%s: %.3f s wall, %s", name, thread ? " (" : "", thread ? thread : "",
		 thread ? " thread)" : "", (double)wall_ns / 1e9, cpu);
}

/* step_on - the step of st (thread: NULL for the supervisor's) ends and
 * `name` begins, both said. */
static void step_on(struct step *st, const char *name, const char *thread)
{
	char line[200];
	int64_t wall, cpu;

	if (!step_say)
		return;
	wall = rtb_port_mono_ns();
	cpu = rtb_port_thread_cpu_ns();
	if (st->name) {
		rtb_selfcost_step_line(line, sizeof(line), st->name, thread, wall - st->wall0,
				       cpu >= 0 && st->cpu0 >= 0 ? cpu - st->cpu0 : -1);
		step_say(line);
	}
	st->name = name;
	st->wall0 = wall;
	st->cpu0 = cpu;
	if (name) {
		snprintf(line, sizeof(line), "step %s%s%s%s ...", name, thread ? " (" : "", thread ? thread : "",
			 thread ? " thread)" : "");
		step_say(line);
	}
}

void rtb_selfcost_step(const char *name)
{
	step_on(&sup_step, name, NULL);
}

void rtb_selfcost_step_other(const char *name, const char *thread)
{
	if (!thread)
		step_on(&sup_step, name, NULL);
	else
		step_on(&other_step, name, thread);
}
