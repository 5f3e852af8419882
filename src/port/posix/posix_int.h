/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what the port's own files share (not seen outside
 * src/port/posix). */
#ifndef RTB_POSIX_INT_H
#define RTB_POSIX_INT_H

#include <stddef.h>
#include <stdio.h>
#include "rtbench/port.h"

/* rtb_posix_replace_at - len bytes of buf durably as NAME in the directory
 * open as dfd, through the one atomic writer (file.c: temporary file,
 * fsync, rename). 0, or the rtb_err of the failure with errno saying
 * which (for the message). */
int rtb_posix_replace_at(int dfd, const char *name, const void *buf, size_t len);

/* rtb_posix_knob_plausible - 1 if v is a value knob k can really hold
 * (sys.c), so that a record naming another is not obeyed. */
int rtb_posix_knob_plausible(enum rtb_knob k, long v);

/* rtb_posix_virt_name - the hypervisor's name into out from what the CPU
 * and the kernel say. sig: CPUID leaf 0x40000000's 12 bytes ("" when not
 * read); klog: the word after the kernel log's "Hypervisor detected: " (""
 * when not found). A known signature gets its usual name (bhyve's is
 * "bhyve bhyve ", KVM's "KVMKVMKVM"), another is shown trimmed. Where the
 * two disagree (a host that answers CPUID as bhyve while the kernel log says
 * PVM) both are said, each with its source, rather than one chosen:
 * "bhyve (CPUID), PVM (kernel)". Neither: "unknown". */
void rtb_posix_virt_name(const char *sig, const char *klog, char *out, size_t len);

/* rtb_posix_start_ticks - process pid's start time (clock ticks since
 * boot, /proc/PID/stat field 22); 0 when there is no such process. With
 * the pid, it names a trace instance as this process's alone
 * (trace.c, trace_left.c). */
unsigned long long rtb_posix_start_ticks(long pid);

/* The stack trigger a traced run sets on sched_switch (trace.c), which a
 * killed run's leftover may still hold (trace_left.c removes it). */
#define RTB_POSIX_STACK_TRIGGER "stacktrace if next_prio < 100 && prev_pid != 0"

/* rtb_posix_lockdown - 1 if the kernel is locked down (integrity or
 * confidentiality: debugfs files such as sched/preempt are refused, and
 * each refused open logs a "Lockdown:" line), its level into mode; 0 and
 * "none" otherwise. Read under root (NULL or "/": this system) from
 * securityfs's lockdown file, else lockdown= on the command line, else
 * (this system only) the kernel log's "Kernel is locked down from". */
int rtb_posix_lockdown(const char *root, char *mode, size_t len);

/* rtb_posix_tracefs_dir - where tracefs is mounted, into dir: 1 for
 * /sys/kernel/tracing, else /sys/kernel/debug/tracing, else (elsewhere
 * set) another mount that is not under /tmp; 0 when none is (tracefs_where.c:
 * a mount under /tmp is another program's private one, never read). */
int rtb_posix_tracefs_dir(char *dir, size_t len, int elsewhere);

/* rtb_posix_tracefs_pick - the same choice from a mount table in the
 * format of /proc/mounts, open as mounts. */
int rtb_posix_tracefs_pick(FILE *mounts, char *dir, size_t len, int elsewhere);

/* rtb_posix_tracefs_detached - a tracefs mount attached nowhere (fsopen,
 * fsmount: Linux 5.2 on, root): read-only, seen by no one else, gone when
 * its descriptor (returned; -1 and errno when refused or unknown) is closed. Its
 * files are read as /proc/self/fd/N/... */
int rtb_posix_tracefs_detached(void);

#endif
