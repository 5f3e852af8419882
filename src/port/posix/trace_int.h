/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - what trace.c (the trace instance) and
 * trace_read.c (reading its events) share. With libtracefs only. */
#ifndef RTB_POSIX_TRACE_INT_H
#define RTB_POSIX_TRACE_INT_H

#include <stdint.h>
#include <tracefs.h>
#include "rtbench/port_trace.h"

/* The kernel events rtbench records, and the port-neutral kind of each;
 * the first seven are needed (the matcher's), the rest (opt) say what
 * else ran on a CPU and are used where the kernel has them. opt 2: not
 * enabled but made by a trigger (the kernel stack at a switch, only when
 * rtb_trace_cfg.stacks). */
struct rtb_trace_want {
	const char *sys, *name;
	enum rtb_tev_kind kind;
	int opt;
};
#define RTB_TRACE_NWANT 24
#define RTB_TRACE_WANT_TRIGGER 2
extern const struct rtb_trace_want rtb_posix_events[RTB_TRACE_NWANT];

/* The instance (trace.c owns it). */
struct rtb_trace_inst {
	struct tracefs_instance *inst;
	char dir[128];           /* tracefs mount point used */
	char mnt[64];            /* our private mount point, "" if we did not mount */
	char name[48];
	const char *clock;
	struct rtb_cpuset cpus;  /* recorded (tracing_cpumask) */
	int on;
	int trig;                /* the stacktrace trigger is set */
	/* the kernel has no irq_vectors:local_timer_entry (x86's): the timer
	 * interrupt is the irq:irq_handler_entry of this name (arm64's
	 * architected timer, "arch_timer"); "" when local_timer_entry is used */
	char timer_irq[16];
	uint8_t have[RTB_TRACE_NWANT]; /* the kernel has event i */
};
extern struct rtb_trace_inst rtb_tr;

/* rtb_posix_trace_read_free - drop the reader's parsed event formats (called
 * when the instance goes, with nobody inside the gate). */
void rtb_posix_trace_read_free(void);
/* rtb_posix_trace_read_restart - a new trace began (its buffers emptied):
 * the drop count the reader keeps between its reads of the stats files is
 * the last trace's; the next poll reads them again. */
void rtb_posix_trace_read_restart(void);

/* The gate (trace.c): rtb_posix_trace_enter - 1 and inside, or 0 when the trace
 * is being closed (then do nothing with it); every entry that returned 1
 * ends with rtb_posix_trace_leave. rtb_posix_trace_shut - 1 once close began: a long
 * read inside stops at its next page or event and leaves. */
int rtb_posix_trace_enter(void);
void rtb_posix_trace_leave(void);
int rtb_posix_trace_shut(void);

#endif
