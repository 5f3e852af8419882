/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - what rtbench itself costs the machine it measures, in its
 * result ("self_cost", docs/json-schema.md): the supervisor's CPU time
 * (the main thread: it drives the measuring threads, merges the intervals
 * and writes the files), every thread's, the process's peak resident
 * memory, and the trace reader's CPU time against the events it read.
 * What docs/scale.md's cost model is fitted from. */
#ifndef RTBENCH_SELFCOST_H
#define RTBENCH_SELFCOST_H

#include <stddef.h>
#include <stdint.h>

struct rtb_self_cost {
	int known;                  /* 0: the port cannot tell (not written) */
	int64_t supervisor_cpu_ns;  /* the main thread, user + system */
	int64_t process_cpu_ns;     /* every thread, the measuring ones too */
	int64_t peak_rss_bytes;     /* the resident set at its peak (Linux VmHWM) */
	int reader;                 /* a trace reader ran (the rest below) */
	uint64_t reader_cpu_ns;     /* its own CPU time, every traced pass */
	uint64_t reader_events;     /* events it parsed */
	uint64_t reader_skipped;    /* events it passed over unparsed (behind) */
	uint64_t reader_polls;
	uint64_t events_lost;       /* events the OS dropped (buffer full) */
};

/* rtb_selfcost_reader_add - the trace reader's cost since its last call
 * (any thread; atomics). */
void rtb_selfcost_reader_add(uint64_t cpu_ns, uint64_t events, uint64_t skipped, uint64_t polls,
			     uint64_t lost);
/* rtb_selfcost_fill - sc's reader part from what was added so far, and
 * the process's own figures from the port (the caller's thread taken as
 * the supervisor). */
void rtb_selfcost_fill(struct rtb_self_cost *sc);

/* rtb_selfcost_step - the supervisor's step `name` (a string that lives
 * as long as the process; NULL: none) begins and the one before it ends.
 * With a sayer set (rtb_selfcost_steps_say), each step is said as it
 * begins and, as it ends, with its wall-clock and CPU time (the calling
 * thread's), so a run that never ends shows which step it is in and how
 * long each took (RTB_DEBUG_STEPS, docs/scale.md). Without one: nothing. */
void rtb_selfcost_step(const char *name);
/* rtb_selfcost_step_other - as rtb_selfcost_step, for a step said from
 * another thread than the supervisor's, named `thread` ("watchdog": the
 * settings restored at a forced exit; NULL: the supervisor's, as
 * rtb_selfcost_step). Its lines name the thread ("step NAME (watchdog
 * thread) ...") and its CPU time is that thread's own, kept apart from
 * the supervisor's step in progress. Only one such thread steps at once. */
void rtb_selfcost_step_other(const char *name, const char *thread);
/* rtb_selfcost_step_line - the line a step ends with: "step NAME: W s
 * wall, C s CPU", "(THREAD thread)" after NAME when thread is not NULL,
 * "CPU unknown" for C when cpu_ns < 0 (the thread's CPU clock could not
 * be read); cut to len. */
void rtb_selfcost_step_line(char *buf, size_t len, const char *name, const char *thread, int64_t wall_ns,
			    int64_t cpu_ns);
/* rtb_selfcost_steps_say - every step's line to say(line) (NULL: none). */
void rtb_selfcost_steps_say(void (*say)(const char *line));

#endif
