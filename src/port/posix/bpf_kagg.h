/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the layout the in-kernel aggregation (bpf_kagg.bpf.c)
 * and its loader (bpf_kagg.c) share: one map value per CPU, read once by
 * user space at the end of a run. Only fixed-width integers, so that the
 * BPF target and the host compile it alike. */
#ifndef RTB_POSIX_BPF_KAGG_H
#define RTB_POSIX_BPF_KAGG_H

#define KAGG_TOP 4              /* the longest kept per class and CPU */
#define KAGG_NCLASS 4
#define KAGG_IRQ 0              /* a device interrupt's handler */
#define KAGG_SOFTIRQ 1          /* a softirq vector */
#define KAGG_THREAD 2           /* another thread ran while one of ours was
				 * runnable on the CPU (woken or preempted) */
#define KAGG_NMI 3              /* an NMI handler */

struct kagg_item {
	__u64 start;            /* CLOCK_MONOTONIC ns (bpf_ktime_get_ns) */
	__u64 ns;               /* its length, nested handlers excluded */
	__s32 id;               /* irq number, softirq vector, pid */
	__u32 pad;
	char name[16];          /* a thread's comm ("" for the others) */
};

struct kagg_class {
	__u64 count;
	__u64 total_ns;
	struct kagg_item top[KAGG_TOP];
};

/* what a CPU is doing now (written on that CPU; wait_* also by a wake-up
 * from another CPU) */
struct kagg_state {
	__u64 nest_ns;          /* handler time so far (irq, softirq, NMI):
				 * subtracted from what they interrupted */
	__u64 irq_start, irq_nest;
	__u64 soft_start, soft_nest;
	__u64 run_start, run_nest;   /* the current thread's switch-in */
	__u64 wait_start, wait_nest; /* one of ours became runnable, not running */
	__s32 irq_no;
	__u32 soft_vec;
	__u32 waiting;
	__u32 pad;
	__u64 unpaired;         /* an exit without its entry (attached mid-way) */
};

struct kagg_cpu {
	struct kagg_class cls[KAGG_NCLASS];
	struct kagg_state st;
};

#endif
