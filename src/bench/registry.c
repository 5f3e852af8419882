/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the list of every benchmark, in the order a run takes them:
 * the study's five first (Tables 1-5), then the extras, then the patterns
 * of the other suites (not in the default set: bench.h not_default). */
#include "rtbench/bench.h"

extern const struct rtb_bench rtb_bench_ctxsw_timeslice, rtb_bench_ctxsw_yield,
	rtb_bench_prio_inv, rtb_bench_irq_signal, rtb_bench_irq_sleep,
	rtb_bench_irq_isr_task,
	rtb_bench_sem_take, rtb_bench_mqueue, rtb_bench_mqueue_x,
	rtb_bench_sem_wake, rtb_bench_sem_wake_x, rtb_bench_mutex_wake,
	rtb_bench_mutex_wake_x, rtb_bench_pipe, rtb_bench_mutex_lock, rtb_bench_sem_give,
	rtb_bench_noise,
	rtb_bench_cond_wake, rtb_bench_event_wake, rtb_bench_event_word, rtb_bench_tsig_wake,
	rtb_bench_svsem_wake, rtb_bench_irq_preempt, rtb_bench_task_create, rtb_bench_mem_alloc,
	rtb_bench_deadline, rtb_bench_yield_alone;

const struct rtb_bench *const rtb_benches[] = {
	/* the study's five */
	&rtb_bench_ctxsw_timeslice,
	&rtb_bench_ctxsw_yield,
	&rtb_bench_prio_inv,
	&rtb_bench_irq_signal,
	&rtb_bench_irq_sleep,
	&rtb_bench_sem_take,
	&rtb_bench_mqueue,
	/* Table 3's ISR -> task (an extra: the study stops at ISR entry) */
	&rtb_bench_irq_isr_task,
	/* further IPC and synchronisation patterns */
	&rtb_bench_sem_give,
	&rtb_bench_mutex_lock,
	&rtb_bench_sem_wake,
	&rtb_bench_mutex_wake,
	&rtb_bench_pipe,
	&rtb_bench_mqueue_x,
	&rtb_bench_sem_wake_x,
	&rtb_bench_mutex_wake_x,
	/* what the OS takes from a spinning task (oslat, rtla osnoise) */
	&rtb_bench_noise,
	/* the patterns the other suites measure (their own table; run when
	 * named: --tests sync.cond,... or --tests all) */
	&rtb_bench_cond_wake,
	&rtb_bench_event_wake,
	&rtb_bench_event_word,
	&rtb_bench_tsig_wake,
	&rtb_bench_svsem_wake,
	&rtb_bench_irq_preempt,
	&rtb_bench_task_create,
	&rtb_bench_mem_alloc,
	&rtb_bench_deadline,
	&rtb_bench_yield_alone,
};
const size_t rtb_nbenches = sizeof(rtb_benches) / sizeof(rtb_benches[0]);
