/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the in-kernel aggregation of `run --trace-bpf`: per measured
 * CPU, what interrupted or displaced the measuring threads, by class, with
 * counts, total time and the longest few of each with their name and
 * CLOCK_MONOTONIC start. Read once at the end of the run: no event stream,
 * so it costs the same at 2 CPUs and at 256 (docs/scale.md).
 *
 * Data only (the model). The aggregation itself is the Linux port's
 * (src/port/posix/bpf_kagg*.c, built only where libbpf and clang are: the
 * build defines RTB_HAVE_BPF), reached through struct rtb_kagg_ops, which
 * the entry hands in (rtb_trace_opts.kagg); a build without it has no
 * stub: `--trace-bpf` says so in one line. */
#ifndef RTBENCH_KAGG_H
#define RTBENCH_KAGG_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/cpuset.h"

enum rtb_kagg_cls {
	RTB_KAGG_IRQ,           /* a device interrupt's handler: id its irq */
	RTB_KAGG_SOFTIRQ,       /* a softirq: id its vector */
	RTB_KAGG_THREAD,        /* another thread ran while a measuring thread
				 * was runnable there (woken, or preempted):
				 * id its pid, name its comm */
	RTB_KAGG_NMI,           /* NMI handlers (id -1) */
	RTB_KAGG_NCLASS
};

#define RTB_KAGG_TOP 4
struct rtb_kagg_item {
	int64_t start_ns;       /* CLOCK_MONOTONIC, as the samples' t_ns */
	int64_t ns;             /* its own time (handlers nested in it excluded) */
	int32_t id;
	char name[32];          /* irq's name (/proc/interrupts), softirq's,
				 * thread's comm */
};

struct rtb_kagg_class {
	uint64_t count;
	int64_t total_ns;
	struct rtb_kagg_item top[RTB_KAGG_TOP]; /* longest first */
	int ntop;
};

struct rtb_kagg_cpu {
	int cpu;
	struct rtb_kagg_class cls[RTB_KAGG_NCLASS];
	uint64_t unpaired;      /* a handler's exit seen without its entry */
};

struct rtb_kagg {
	int on;                 /* aggregated and read (else note says why) */
	char note[200];         /* what weakens or prevented it; "" none */
	int64_t start_ns, end_ns; /* CLOCK_MONOTONIC: attached .. read */
	uint64_t missed;        /* program runs the kernel skipped (one ran
				 * already on that CPU: bpf recursion_misses) */
	int nmi;                /* the NMI tracepoint was attached */
	int ncpu;
	struct rtb_kagg_cpu cpu[RTB_MAX_CPUS];
};

/* The port's aggregation, as the runner calls it. */
struct rtb_kagg_ops {
	const char *name;       /* "bpf" */
	/* open - load and attach; 0, or an rtb_err with why (one line) */
	int (*open)(char *why, size_t len);
	/* read - the CPUs cpus[0..n) into k (k->cpu, ncpu, missed, nmi);
	 * 0 or an rtb_err with k->note saying why */
	int (*read)(struct rtb_kagg *k, const int *cpus, int n);
	/* close - detach and free; idempotent */
	void (*close)(void);
};

/* rtb_port_kagg - the port's aggregation: defined only in a build that
 * has it (RTB_HAVE_BPF, the Linux port's bpf_kagg.c) */
extern const struct rtb_kagg_ops rtb_port_kagg;

/* rtb_kagg_class_name - "irq", "softirq", "thread", "nmi" */
const char *rtb_kagg_class_name(int cls);
/* rtb_kagg_phase - the part of a sample's path a class can lengthen, in
 * words: a thread only the wait between wake-up and switch-in, a handler
 * any part of it */
const char *rtb_kagg_phase(int cls);

/* rtb_kagg_overlap - the items of k on cpu whose time overlaps the window
 * [start_ns, end_ns]: calls fn for each (at most max); returns how many. */
int rtb_kagg_overlap(const struct rtb_kagg *k, int cpu, int64_t start_ns, int64_t end_ns,
		     void (*fn)(void *arg, int cls, const struct rtb_kagg_item *it), void *arg, int max);

#endif
