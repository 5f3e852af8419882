/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - its words for what it uses (rtbench/words.h): the calls
 * in sync.c, thread.c and timer.c. Includes no FreeRTOS header, so the
 * host's unit tests check these texts without a kernel (test_words). */
#include <stddef.h>
#include "rtbench/words.h"

extern const char *const rtb_words_freertos[RTB_NWORDS];
const char *const rtb_words_freertos[RTB_NWORDS] = {
	[RTB_W_PORT] = "FreeRTOS",
	[RTB_W_BSEM] = "binary semaphore (xSemaphoreCreateBinaryStatic)",
	[RTB_W_BSEM_GIVE] = "xSemaphoreGive",
	[RTB_W_BSEM_TAKE] = "xSemaphoreTake",
	[RTB_W_MUTEX_NONE] = "binary semaphore taken and given as a lock (no protocol)",
	[RTB_W_MUTEX_INHERIT] = "FreeRTOS mutex (xSemaphoreCreateMutexStatic: priority inheritance)",
	[RTB_W_MUTEX_CEILING] = NULL, /* FreeRTOS has no priority ceiling */
	[RTB_W_MQ] = "FreeRTOS queue (xQueueCreateStatic)",
	[RTB_W_MQ_SEND] = "xQueueSend",
	[RTB_W_MQ_RECEIVE] = "xQueueReceive",
	[RTB_W_PIPE] = NULL,          /* no byte pipe between tasks */
	[RTB_W_FIFO] = "task priority",
	[RTB_W_RR] = "equal task priority, time slicing (configUSE_TIME_SLICING)",
	/* equal-priority tasks are switched by the tick only when FreeRTOS
	 * preempts and slices (configUSE_PREEMPTION, configUSE_TIME_SLICING,
	 * build options: build.mk passes them here too); without, nothing
	 * ends a quantum and ctxsw.rr.timeslice is not applicable */
#if defined(RTB_FR_TIME_SLICING) && (!RTB_FR_TIME_SLICING || !RTB_FR_PREEMPTION)
	[RTB_W_RR_SWITCH] = NULL,
#else
	[RTB_W_RR_SWITCH] = "the tick interrupt (time slicing)",
#endif
	[RTB_W_YIELD] = "taskYIELD()",
	[RTB_W_NORT] = "at one priority (time-shared)",
	[RTB_W_PTIMER] = "hardware timer interrupt, stamp first thing in the ISR (interrupt context)",
	[RTB_W_SLEEP_ABS] = "task blocked until the absolute expiry (the port's one-shot timer "
			    "interrupt, a task notification), stamp on wake-up (cyclictest method)",
	[RTB_W_ISR_TASK] = "the ISR gives the task a binary semaphore (xSemaphoreGiveFromISR): rest "
			   "of the ISR, give, switch request, scheduler, switch",
	[RTB_W_COND] = NULL,          /* no condition variable */
	[RTB_W_EVENT] = "event group (xEventGroupSetBits to a task in xEventGroupWaitBits)",
	[RTB_W_EVENT_WORD] = NULL,    /* no kernel wait on a user word */
	[RTB_W_TSIG] = "direct-to-task notification (xTaskNotifyGiveIndexed to a task in "
		       "ulTaskNotifyTakeIndexed)",
	[RTB_W_SVSEM] = NULL,         /* System V IPC is Unix's */
	[RTB_W_HEAP] = "pvPortMalloc / vPortFree (the build's heap_N scheme)",
	[RTB_W_CREATE] = "xTaskCreateStatic (static TCB and stack)",
	[RTB_W_DEADLINE] = NULL,      /* fixed priorities only */
	[RTB_W_MEM_RESIDENT] = "memory always resident (no virtual memory)",
	[RTB_W_NO_IDLE] = "no idle states held or needed (the idle task spins)",
};
