/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the port's trace hooks: record the OS's events as port-neutral
 * struct rtb_tev (Linux: tracefs, src/port/posix/trace.c). A port without
 * tracing (FreeRTOS, TRACE=0) implements none of them: the build leaves the
 * trace room out and the runner gets no tracer. */
#ifndef RTBENCH_PORT_TRACE_H
#define RTBENCH_PORT_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/trace_model.h"


struct rtb_trace_cfg {
	uint64_t cpus;          /* bit mask of the CPUs to record */
	size_t buffer_kb;       /* per-CPU buffer wanted */
};

/* rtb_port_trace_open - get ready to record (Linux: mount tracefs if it is
 * not, make a private instance with the trace clock = rtb_port_ticks()'s
 * counter and the events enabled, recording off). On failure returns a
 * negative rtb_err and says why in `why` (one line: "tracefs not mounted
 * and cannot be mounted", "no event sched:sched_pi_setprio", ...). Call after
 * rtb_port_clock_init. */
int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len);
/* rtb_port_trace_begin - empty the buffer and start recording on cfg's CPUs. */
int rtb_port_trace_begin(uint64_t cpus);
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
 * (buffer full: counted since begin). Non-blocking; one thread at a time.
 * Returns 0 or a negative rtb_err. */
int rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost);
/* rtb_port_trace_close - undo everything open did (idempotent, safe to call
 * from the exit paths; also called by rtb_env_restore). */
void rtb_port_trace_close(void);
/* rtb_port_trace_self - the calling thread's id as the trace's events name
 * it (Linux: the thread id); a benchmark thread records it in its marks. */
long rtb_port_trace_self(void);
/* rtb_port_trace_clock - the trace clock's name ("x86-tsc", "mono"). */
const char *rtb_port_trace_clock(void);

#endif
