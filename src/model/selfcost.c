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

static void (*step_say)(const char *line);
static const char *step_name;
static int64_t step_wall0, step_cpu0;

void rtb_selfcost_steps_say(void (*say)(const char *line))
{
	step_say = say;
	step_name = NULL;
}

void rtb_selfcost_step(const char *name)
{
	char line[160];
	int64_t wall, cpu;

	if (!step_say)
		return;
	wall = rtb_port_mono_ns();
	cpu = rtb_port_thread_cpu_ns();
	if (step_name) {
		snprintf(line, sizeof(line), "step %s: %.3f s wall, %.3f s CPU", step_name,
			 (double)(wall - step_wall0) / 1e9, cpu >= 0 && step_cpu0 >= 0 ?
			 (double)(cpu - step_cpu0) / 1e9 : -1.0);
		step_say(line);
	}
	step_name = name;
	step_wall0 = wall;
	step_cpu0 = cpu;
	if (name) {
		snprintf(line, sizeof(line), "step %s ...", name);
		step_say(line);
	}
}
