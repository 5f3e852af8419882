/* FreeRTOS port - tasks, priorities, scheduling queries.
 *
 * A thread is a statically allocated task (TCB in rtb_thread_t, stack from
 * a fixed pool sized at build time: RTB_FR_THREADS stacks of
 * RTB_FR_STACK_BYTES). FreeRTOS tasks must not return, so the task runs
 * fn(arg), gives `done` and suspends itself; join takes `done` and deletes
 * the task, which for a task that is not running frees nothing and is
 * immediate, so its stack can be handed out again at once.
 *
 * Policies: FreeRTOS has one policy, fixed priorities with round-robin among
 * equal priorities at each tick when configUSE_TIME_SLICING is 1. FIFO and
 * RR both map to it; OTHER maps to priority 1, above only the idle task. */
#include <string.h>
#include "rtbench/port.h"
#include "rtbench/err.h"

#ifndef RTB_FR_THREADS
#define RTB_FR_THREADS 10
#endif
#ifndef RTB_FR_STACK_BYTES
#define RTB_FR_STACK_BYTES 16384
#endif
#define STACK_WORDS (RTB_FR_STACK_BYTES / sizeof(StackType_t))

static StackType_t stacks[RTB_FR_THREADS][STACK_WORDS];
static rtb_thread_t *stack_owner[RTB_FR_THREADS];

/* fr_prio - the FreeRTOS priority for a native-number request. */
static UBaseType_t fr_prio(enum rtb_policy policy, int prio)
{
	if (policy == RTB_SCHED_OTHER || prio < 1)
		return 1;
	if (prio > configMAX_PRIORITIES - 1)
		return configMAX_PRIORITIES - 1;
	return (UBaseType_t)prio;
}

static StackType_t *stack_get(rtb_thread_t *t)
{
	StackType_t *s = NULL;

	vTaskSuspendAll();
	for (int i = 0; i < RTB_FR_THREADS && !s; i++)
		if (!stack_owner[i]) {
			stack_owner[i] = t;
			s = stacks[i];
		}
	(void)xTaskResumeAll();
	return s;
}

static void stack_put(rtb_thread_t *t)
{
	vTaskSuspendAll();
	for (int i = 0; i < RTB_FR_THREADS; i++)
		if (stack_owner[i] == t)
			stack_owner[i] = NULL;
	(void)xTaskResumeAll();
}

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
	if (a->stack_bytes > RTB_FR_STACK_BYTES)
		return RTB_ENOMEM;
	t->stack = stack_get(t);
	if (!t->stack)
		return RTB_ENOMEM;
	t->fn = fn;
	t->arg = arg;
	t->done = xSemaphoreCreateBinaryStatic(&t->done_buf);
	t->h = xTaskCreateStatic(task_main, a->name ? a->name : "rtb", STACK_WORDS, t,
				 fr_prio(a->policy, a->prio), t->stack, &t->tcb);
	if (!t->h) {
		stack_put(t);
		return RTB_ENOMEM;
	}
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
	stack_put(t);
	t->started = 0;
	return 0;
}

int rtb_thread_demote(rtb_thread_t *t)
{
	vTaskPrioritySet(t->h, 1);
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

int rtb_self_sched(enum rtb_policy policy, int prio, int cpu)
{
	vTaskPrioritySet(NULL, fr_prio(policy, prio));
	return 0;
}

void rtb_yield(void)
{
	taskYIELD();
}

int rtb_prio_max(enum rtb_policy policy)
{
	return policy == RTB_SCHED_OTHER ? 0 : configMAX_PRIORITIES - 1;
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
