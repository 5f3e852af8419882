/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the in-kernel aggregation of `run --trace-bpf`: on
 * every CPU, what interrupted or displaced rtbench's threads there, by
 * class (hard irq, softirq, another thread while one of ours was runnable,
 * NMI): counts, total time and the KAGG_TOP longest with their start
 * (bpf_ktime_get_ns: CLOCK_MONOTONIC, the clock of the samples' times).
 * Nothing is streamed: user space reads the map once at the end, so the
 * cost does not grow with the number of CPUs read.
 *
 * Built with clang -target bpf at build time and embedded in rtbench
 * (bpf_kagg.c loads it from memory). Classic tracepoint programs, their
 * context laid out as the kernel's own format files give it
 * (/sys/kernel/tracing/events/<sys>/<event>/format on Linux 6.x: the
 * common header is 8 bytes; these layouts have been stable since 4.x), so
 * neither BTF nor CO-RE is needed. No GPL-only helper is called.
 *
 * Each class's time excludes the handlers nested in it: a softirq's time
 * less the hard irqs inside it, a thread's less every handler inside it. */
#include <linux/types.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "bpf_kagg.h"

/* the file's own licence: the kernel then offers no GPL-only helper, and
 * none is called */
char LICENSE[] SEC("license") = "Apache-2.0";

/* one kagg_cpu per possible CPU (the loader sets max_entries) */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kagg_cpu);
} kagg_cpus SEC(".maps");

/* key 0: rtbench's process id (tgid), set by the loader */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} kagg_cfg SEC(".maps");

/* thread ids seen belonging to rtbench (learnt as each is switched out) */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __s32);
	__type(value, __u8);
} kagg_ours SEC(".maps");

/* the tracepoints' contexts (the format files' offsets) */
struct tp_switch {
	__u64 common;
	__u64 prev_comm[2];
	__s32 prev_pid, prev_prio;
	__s64 prev_state;
	__u64 next_comm[2];
	__s32 next_pid, next_prio;
};
struct tp_wakeup {
	__u64 common;
	__u64 comm[2];
	__s32 pid, prio, target_cpu;
};
struct tp_irq {
	__u64 common;
	__s32 irq;
	__u32 name_or_ret;
};
struct tp_softirq {
	__u64 common;
	__u32 vec;
};
struct tp_nmi {
	__u64 common;
	__u64 handler;
	__s64 delta_ns;
	__s32 handled;
};

static __always_inline struct kagg_cpu *cpu_at(__u32 cpu)
{
	return bpf_map_lookup_elem(&kagg_cpus, &cpu);
}

static __always_inline struct kagg_cpu *this_cpu(void)
{
	return cpu_at(bpf_get_smp_processor_id());
}

/* add - one interference into its class: counted, timed, and kept if it
 * is longer than the shortest of the KAGG_TOP kept */
static __always_inline void add(struct kagg_class *c, __u64 start, __u64 ns, __s32 id, const __u64 *name)
{
	__u32 lo = 0;

	c->count++;
	c->total_ns += ns;
#pragma unroll
	for (__u32 i = 1; i < KAGG_TOP; i++)
		if (c->top[i].ns < c->top[lo].ns)
			lo = i;
	if (lo >= KAGG_TOP || ns <= c->top[lo].ns)
		return;
	struct kagg_item *t = &c->top[lo];
	t->start = start;
	t->ns = ns;
	t->id = id;
	__u64 *n = (__u64 *)t->name;
	n[0] = name ? name[0] : 0;
	n[1] = name ? name[1] : 0;
}

/* handler_ns - a handler that began at start with the CPU's nested time
 * then nest: its own time, the handlers inside it excluded */
static __always_inline __u64 own_ns(const struct kagg_state *s, __u64 start, __u64 nest, __u64 now)
{
	__u64 all = now > start ? now - start : 0, inner = s->nest_ns - nest;

	return all > inner ? all - inner : 0;
}

SEC("tracepoint/irq/irq_handler_entry")
int kagg_irq_entry(struct tp_irq *ctx)
{
	struct kagg_cpu *k = this_cpu();

	if (!k)
		return 0;
	k->st.irq_start = bpf_ktime_get_ns();
	k->st.irq_nest = k->st.nest_ns;
	k->st.irq_no = ctx->irq;
	return 0;
}

SEC("tracepoint/irq/irq_handler_exit")
int kagg_irq_exit(struct tp_irq *ctx)
{
	struct kagg_cpu *k = this_cpu();
	__u64 now = bpf_ktime_get_ns(), ns;

	if (!k)
		return 0;
	if (!k->st.irq_start || k->st.irq_no != ctx->irq) {
		k->st.unpaired++;
		return 0;
	}
	ns = own_ns(&k->st, k->st.irq_start, k->st.irq_nest, now);
	add(&k->cls[KAGG_IRQ], k->st.irq_start, ns, ctx->irq, 0);
	k->st.nest_ns += ns;
	k->st.irq_start = 0;
	return 0;
}

SEC("tracepoint/irq/softirq_entry")
int kagg_soft_entry(struct tp_softirq *ctx)
{
	struct kagg_cpu *k = this_cpu();

	if (!k)
		return 0;
	k->st.soft_start = bpf_ktime_get_ns();
	k->st.soft_nest = k->st.nest_ns;
	k->st.soft_vec = ctx->vec;
	return 0;
}

SEC("tracepoint/irq/softirq_exit")
int kagg_soft_exit(struct tp_softirq *ctx)
{
	struct kagg_cpu *k = this_cpu();
	__u64 now = bpf_ktime_get_ns(), ns;

	if (!k)
		return 0;
	if (!k->st.soft_start || k->st.soft_vec != ctx->vec) {
		k->st.unpaired++;
		return 0;
	}
	ns = own_ns(&k->st, k->st.soft_start, k->st.soft_nest, now);
	add(&k->cls[KAGG_SOFTIRQ], k->st.soft_start, ns, (__s32)ctx->vec, 0);
	k->st.nest_ns += ns;
	k->st.soft_start = 0;
	return 0;
}

SEC("tracepoint/nmi/nmi_handler")
int kagg_nmi(struct tp_nmi *ctx)
{
	struct kagg_cpu *k = this_cpu();
	__u64 now = bpf_ktime_get_ns(), ns = ctx->delta_ns > 0 ? (__u64)ctx->delta_ns : 0;

	if (!k)
		return 0;
	add(&k->cls[KAGG_NMI], now - ns, ns, -1, 0);
	k->st.nest_ns += ns;
	return 0;
}

static __always_inline int is_ours(__s32 pid)
{
	return pid > 0 && bpf_map_lookup_elem(&kagg_ours, &pid) != 0;
}

/* one of ours became runnable on cpu: the wait starts (the first one's) */
static __always_inline void wait_begins(struct kagg_cpu *k, __u64 now)
{
	if (k->st.waiting)
		return;
	k->st.wait_start = now;
	k->st.wait_nest = k->st.nest_ns;
	k->st.waiting = 1;
}

SEC("tracepoint/sched/sched_wakeup")
int kagg_wakeup(struct tp_wakeup *ctx)
{
	struct kagg_cpu *k;

	if (!is_ours(ctx->pid) || ctx->target_cpu < 0)
		return 0;
	k = cpu_at((__u32)ctx->target_cpu);
	if (k)
		wait_begins(k, bpf_ktime_get_ns());
	return 0;
}

/* prev_runnable - prev was switched out still runnable: state 0, or
 * TASK_REPORT_MAX (0x100) which the kernel reports for a preemption */
static __always_inline int prev_runnable(const struct tp_switch *ctx)
{
	return (ctx->prev_state & 0xff) == 0;
}

SEC("tracepoint/sched/sched_switch")
int kagg_switch(struct tp_switch *ctx)
{
	__u32 key = 0, *tgid = bpf_map_lookup_elem(&kagg_cfg, &key);
	struct kagg_cpu *k = this_cpu();
	__u64 now = bpf_ktime_get_ns();
	__s32 prev = ctx->prev_pid, next = ctx->next_pid;
	__u8 one = 1;
	int prev_ours;

	if (!k || !tgid)
		return 0;
	prev_ours = prev > 0 && (__u32)(bpf_get_current_pid_tgid() >> 32) == *tgid;
	if (prev_ours)
		bpf_map_update_elem(&kagg_ours, &prev, &one, BPF_ANY);
	/* a foreign thread (not idle) leaves the CPU one of ours waited for */
	if (k->st.waiting && !prev_ours && prev > 0 && k->st.run_start) {
		int from_wait = k->st.wait_start > k->st.run_start;
		__u64 start = from_wait ? k->st.wait_start : k->st.run_start;
		__u64 nest = from_wait ? k->st.wait_nest : k->st.run_nest;
		add(&k->cls[KAGG_THREAD], start, own_ns(&k->st, start, nest, now), prev, ctx->prev_comm);
	}
	if (prev_ours && prev_runnable(ctx))
		wait_begins(k, now);
	if (next > 0 && is_ours(next))
		k->st.waiting = 0;
	k->st.run_start = now;
	k->st.run_nest = k->st.nest_ns;
	return 0;
}
