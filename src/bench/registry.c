/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the list of every benchmark, in the order a run takes them:
 * the study's five first (Tables 1-5), then the extras, then the patterns
 * of the other suites (not in the default set: bench.h not_default).
 * A measurement is added by one line here, X(name) for the struct rtb_bench
 * rtb_bench_<name> its own file defines; the list makes both its extern
 * declaration and its place in rtb_benches[]. */
#include <string.h>
#include "bench/registry.h"

#define RTB_BENCH_LIST(X)                                                              \
	/* the study's five */                                                         \
	X(ctxsw_timeslice)                                                             \
	X(ctxsw_yield)                                                                 \
	X(prio_inv)                                                                    \
	X(irq_signal)                                                                  \
	X(irq_sleep)                                                                   \
	X(sem_take)                                                                    \
	X(mqueue)                                                                      \
	/* Table 3's ISR -> task (an extra: the study stops at ISR entry) */           \
	X(irq_isr_task)                                                                \
	/* further IPC and synchronisation patterns */                                 \
	X(sem_give)                                                                    \
	X(mutex_lock)                                                                  \
	X(sem_wake)                                                                    \
	X(mutex_wake)                                                                  \
	X(pipe)                                                                        \
	X(mqueue_x)                                                                    \
	X(sem_wake_x)                                                                  \
	X(mutex_wake_x)                                                                \
	/* what the OS takes from a spinning task (oslat, rtla osnoise) */             \
	X(noise)                                                                       \
	/* the patterns the other suites measure (their own table; run when            \
	 * named: --tests sync.cond,... or --tests all) */                             \
	X(cond_wake)                                                                   \
	X(event_wake)                                                                  \
	X(event_word)                                                                  \
	X(tsig_wake)                                                                   \
	X(svsem_wake)                                                                  \
	X(irq_preempt)                                                                 \
	X(task_create)                                                                 \
	X(mem_alloc)                                                                   \
	X(deadline)                                                                    \
	X(yield_alone)                                                                 \
	/* hardware and firmware latency (rt-tests' hwlatdetect) */                  \
	X(hwlat)

#define RTB_BENCH_DECLARE(name) extern const struct rtb_bench rtb_bench_##name;
#define RTB_BENCH_REF(name) &rtb_bench_##name,

RTB_BENCH_LIST(RTB_BENCH_DECLARE)

const struct rtb_bench *const rtb_benches[] = { RTB_BENCH_LIST(RTB_BENCH_REF) };
const size_t rtb_nbenches = sizeof(rtb_benches) / sizeof(rtb_benches[0]);

const struct rtb_bench_opt *rtb_bench_opt_find(const char *name)
{
	for (size_t i = 0; i < rtb_nbenches; i++)
		for (const struct rtb_bench_opt *p = rtb_benches[i]->opts; p && p->name; p++)
			if (!strcmp(p->name, name))
				return p;
	return NULL;
}

void rtb_bench_opts_reset(void)
{
	for (size_t i = 0; i < rtb_nbenches; i++)
		for (const struct rtb_bench_opt *p = rtb_benches[i]->opts; p && p->name; p++)
			*p->value = p->def;
}
