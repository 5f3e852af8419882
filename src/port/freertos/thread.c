/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - tasks, priorities, scheduling queries.
 *
 * A thread is a statically allocated task (TCB in rtb_thread_t, the stack
 * the caller gives: the core's pool, RTB_PORT_THREADS_MAX stacks of
 * RTB_PORT_STACK_BYTES). FreeRTOS tasks must not return, so the task runs
 * fn(arg), gives `done` and suspends itself; join takes `done` and deletes
 * the task, which for a task that is not running frees nothing and is
 * immediate, so its stack can be handed out again at once.
 *
 * Policies: FreeRTOS has one policy, fixed priorities with round-robin among
 * equal priorities at each tick when configUSE_TIME_SLICING is 1. FIFO and
 * RR both map to it; NORMAL maps to priority 1, above only the idle task. */
#include <string.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"
#include "fr_time.h"

#define STACK_WORDS(bytes) ((bytes) / sizeof(StackType_t))

/* FreeRTOS priority of each level: base + level for the measurement
 * levels, the highest for the watchdog (higher number = more urgent). */
static unsigned long prio_map[RTB_NPRIO] = { 2, 3, 4, 5, configMAX_PRIORITIES - 1 };

/* rtb_port_prio_init - levels from base (rtb_fr_prio_map; -1: 2, above the
 * idle task and a normal task's 1). */
int rtb_port_prio_init(int base)
{
	return rtb_fr_prio_map(base, configMAX_PRIORITIES, prio_map, RTB_NPRIO);
}

int rtb_prio_native(enum rtb_prio p)
{
	return (int)prio_map[(unsigned)p < RTB_NPRIO ? p : RTB_PRIO_LOW];
}

/* fr_prio - the FreeRTOS priority for a policy and level. */
static UBaseType_t fr_prio(enum rtb_policy policy, enum rtb_prio prio)
{
	if (policy == RTB_SCHED_NORMAL)
		return 1;
	return (UBaseType_t)rtb_prio_native(prio);
}

/* task_main - a task's entry: runs fn, gives done ("join"), then parks
 * until join deletes it (a FreeRTOS task must not return). */
static void task_main(void *p)
{
	rtb_thread_t *t = p;

	t->fn(t->arg);
	xSemaphoreGive(t->done);
	vTaskSuspend(NULL);     /* a task must not return: join deletes it */
	for (;;)
		;
}

int rtb_thread_create(rtb_thread_t *t, const struct rtb_thread_attr *a,
		      rtb_thread_fn fn, void *arg)
{
	memset(t, 0, sizeof(*t));
	if (!a->stack || a->stack_bytes < configMINIMAL_STACK_SIZE * sizeof(StackType_t))
		return RTB_EINVAL;    /* no heap: the caller's stack or nothing */
	t->stack = a->stack;
	t->fn = fn;
	t->arg = arg;
	t->done = xSemaphoreCreateBinaryStatic(&t->done_buf);
	t->h = xTaskCreateStatic(task_main, a->name ? a->name : "rtb", STACK_WORDS(a->stack_bytes), t,
				 fr_prio(a->policy, a->prio), t->stack, &t->tcb);
	if (!t->h)
		return RTB_ENOMEM;
	t->os_id = (long)(uintptr_t)t->h;
	t->started = 1;
	return 0;
}

int rtb_thread_join(rtb_thread_t *t)
{
	if (!t->started)
		return RTB_EINVAL;
	xSemaphoreTake(t->done, portMAX_DELAY);
	vTaskDelete(t->h);
	vSemaphoreDelete(t->done);
	t->started = 0;
	return 0;
}

int rtb_thread_demote(rtb_thread_t *t)
{
	vTaskPrioritySet(t->h, 1);
	return 0;
}

int rtb_thread_self(rtb_thread_t *t)
{
	t->h = xTaskGetCurrentTaskHandle();
	return 0;
}

int rtb_thread_raise(rtb_thread_t *t, enum rtb_prio prio)
{
	vTaskPrioritySet(t->h, fr_prio(RTB_SCHED_FIFO, prio));
	return 0;
}

int rtb_thread_effective_prio(const rtb_thread_t *t, int *prio)
{
	*prio = (int)uxTaskPriorityGet(t ? t->h : NULL);
	return 0;
}

int rtb_thread_is_blocked(const rtb_thread_t *t)
{
	eTaskState s = eTaskGetState(t->h);

	return s == eBlocked || s == eSuspended;
}

int rtb_port_self_sched(enum rtb_policy policy, enum rtb_prio prio, int cpu)
{
	(void)cpu;
	vTaskPrioritySet(NULL, fr_prio(policy, prio));
	return 0;
}

void rtb_yield(void)
{
	taskYIELD();
}

int rtb_rr_interval_ns(int64_t *ns)
{
	if (!configUSE_TIME_SLICING || !configUSE_PREEMPTION)
		return RTB_ENOTSUP;
	*ns = 1000000000LL / configTICK_RATE_HZ;
	return 0;
}

int rtb_ncpus(void)
{
	return 1;
}
