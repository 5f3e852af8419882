/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the port's trace hooks: record the OS's events as port-neutral
 * struct rtb_tev (Linux: tracefs, src/port/posix/trace.c). A port without
 * tracing (FreeRTOS, TRACE=0) implements none of them: the build leaves the
 * trace room out and the runner gets no tracer. */
#ifndef RTBENCH_PORT_TRACE_H
#define RTBENCH_PORT_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/cpuset.h"
#include "rtbench/trace_model.h"


struct rtb_trace_cfg {
	size_t buffer_kb;       /* per-CPU buffer wanted */
	int stacks;             /* also record the kernel stack of the task a
				 * CPU leaves for a real-time task (not the
				 * idle task): the blocker's, kept at a break
				 * (RTB_TEV_STACK). Each costs the switch the
				 * kernel's stack walk, so only for --break-us */
};

/* The frames of a kernel stack the port keeps (innermost first). */
#define RTB_TRACE_FRAMES 24

/* rtb_port_trace_open - get ready to record (Linux: mount tracefs if it is
 * not, make a private instance with the trace clock = rtb_port_ticks()'s
 * counter, its events found, recording off: begin switches the events
 * on and end off, nothing else does). On failure returns a
 * negative rtb_err and says why in `why` (one line: "tracefs not mounted
 * and cannot be mounted", "no event sched:sched_pi_setprio", ...). Call after
 * rtb_port_clock_init. */
int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len);
/* rtb_port_trace_begin - empty the buffer and start recording on the CPUs
 * of cpus (any of RTB_MAX_CPUS). */
int rtb_port_trace_begin(const struct rtb_cpuset *cpus);
/* rtb_port_trace_end - stop recording. */
int rtb_port_trace_end(void);
/* rtb_port_trace_collect - the events recorded since begin, in time order,
 * in an array from the core allocator (*ev, *n; the caller rtb_free()s
 * it); *lost = events the OS dropped (buffer full). */
int rtb_port_trace_collect(struct rtb_tev **ev, size_t *n, uint64_t *lost);
/* rtb_port_trace_poll - read what the trace holds now without stopping it
 * (the streaming path, rtbench/trace_stream.h): every event since the last
 * poll, each CPU's in time order, handed to fn(e, arg) one by one (e is
 * valid only during the call); *lost = events the OS has dropped so far
 * (buffer full: counted since begin). want (NULL: every event) is asked
 * first about each batch of a CPU's events (a kernel page: n events from
 * first to last): 0 passes over them unparsed, never handed to fn (want
 * keeps the count); below 0 passes over them too and ends the poll at
 * once (the rest stays in the buffer: rtb_port_trace_unread_cpus). until
 * (0: none): a CPU's reading stops at its first
 * batch reaching that time (the rest waits for the next poll). Non-blocking;
 * one thread at a time. Returns 0 or a negative rtb_err. */
int rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost,
			int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg), uint64_t until);
/* rtb_port_trace_lost_cpus - lost[cpu] (cpu < n) = events the OS dropped
 * on that CPU since begin (buffer full; 0 for a CPU not recorded), read
 * while the recorder is open (after end too). 0 or a negative rtb_err. */
int rtb_port_trace_lost_cpus(uint64_t *lost, int n);
/* rtb_port_trace_unread_cpus - left[cpu] (cpu < n) = events recorded on
 * that CPU and not read (still in the buffer: a reader that gave up). 0 or
 * a negative rtb_err. */
int rtb_port_trace_unread_cpus(uint64_t *left, int n);
/* rtb_port_trace_close - undo everything open did (idempotent, safe to call
 * from the exit paths; also called by rtb_env_restore). */
void rtb_port_trace_close(void);
/* rtb_port_trace_stack - the return addresses of stack event `id` (an
 * RTB_TEV_STACK's timer), innermost first, into addr[0..cap-1]; their
 * count, 0 when the port no longer keeps it (it keeps the latest few
 * hundred) or has none. A copy, no system call: the reader thread may
 * call it. */
int rtb_port_trace_stack(uint64_t id, uint64_t *addr, int cap);
/* rtb_port_trace_symbols - each of addr[0..n-1] as a kernel symbol
 * ("schedule+0x3c") into the len bytes at name + i * len, or as the
 * address where the kernel hides its symbols; 0, or a negative rtb_err
 * (then all are addresses). Reads the kernel's symbol table: after
 * measuring only. */
int rtb_port_trace_symbols(const uint64_t *addr, int n, char *name, size_t len);
/* rtb_port_trace_self - the calling thread's id as the trace's events name
 * it (Linux: the thread id); a benchmark thread records it in its marks. */
long rtb_port_trace_self(void);
/* A mark of rtbench's written into an exported trace as the OS's own
 * print event (Linux: ftrace:print): at time t (trace clock) on cpu, by
 * task pid, saying text. */
struct rtb_trace_xmark {
	uint64_t t;
	int32_t cpu, pid;
	char text[112];
};
/* rtb_port_trace_dat_formats - read now what rtb_port_trace_dat copies
 * from the OS (Linux: the event formats in tracefs), while the recorder is
 * open: the trace file of a run's break is written after it closed. 0 or
 * a negative rtb_err. */
int rtb_port_trace_dat_formats(void);
/* rtb_port_trace_dat - events ev[0..n) (any order; a copy seen twice is
 * written once) and marks mk[0..nmk) as the OS's own trace file at path
 * (Linux: trace.dat, which `trace-cmd report` and KernelShark open), times
 * as ticks / tpn ns. Needs the recorder open, or rtb_port_trace_dat_formats
 * called while it was.
 * After measuring only (allocates). 0, or a negative rtb_err with why. */
int rtb_port_trace_dat(const char *path, const struct rtb_tev *ev, size_t n, const struct rtb_trace_xmark *mk,
		       size_t nmk, double tpn, char *why, size_t whylen);
/* rtb_port_trace_clock - the trace clock's name ("x86-tsc", "mono"). */
const char *rtb_port_trace_clock(void);

#endif
