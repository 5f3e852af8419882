/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - event group, direct-to-task notification and the heap;
 * no condition variable, futex word, SysV semaphore or
 * deadline class (RTB_ENOTSUP: the benchmarks needing them are SKIPPED
 * with the reason).
 *
 * The event object is an event group in the caller's storage
 * (xEventGroupCreateStatic); a wait clears the bits it returns
 * (xClearOnExit). The task signal is a direct-to-task notification on its
 * own index (RTB_FR_TSIG_INDEX) used as a binary semaphore: give, and
 * take with the count cleared. The heap is pvPortMalloc/vPortFree, whatever
 * heap_N scheme the board links (both boards: heap_3, newlib's malloc with
 * the scheduler suspended). */
#include <stdio.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

int rtb_cond_init(rtb_cond_t *cv)
{
	(void)cv;
	return RTB_ENOTSUP;
}

int rtb_cond_wait(rtb_cond_t *cv, rtb_mutex_t *m)
{
	(void)cv;
	(void)m;
	return RTB_ENOTSUP;
}

int rtb_cond_signal(rtb_cond_t *cv)
{
	(void)cv;
	return RTB_ENOTSUP;
}

int rtb_cond_destroy(rtb_cond_t *cv)
{
	(void)cv;
	return 0;
}

int rtb_event_init(rtb_event_t *e, enum rtb_event_kind kind)
{
	if (kind != RTB_EVENT_OBJECT)
		return RTB_ENOTSUP; /* no kernel wait on a word of the task's memory */
	e->h = xEventGroupCreateStatic(&e->buf);
	return e->h ? 0 : RTB_ENOMEM;
}

int rtb_event_set(rtb_event_t *e, uint32_t bits)
{
	xEventGroupSetBits(e->h, (EventBits_t)bits);
	return 0;
}

int rtb_event_wait(rtb_event_t *e, uint32_t bits, uint32_t *got)
{
	EventBits_t v = xEventGroupWaitBits(e->h, (EventBits_t)bits, pdTRUE, pdFALSE, portMAX_DELAY);

	if (got)
		*got = (uint32_t)v & bits;
	return v & bits ? 0 : RTB_ESYS;
}

int rtb_event_destroy(rtb_event_t *e)
{
	vEventGroupDelete(e->h);
	return 0;
}

int rtb_tsig_init(rtb_tsig_t *s)
{
	s->task = NULL;
	return 0;
}

int rtb_tsig_attach(rtb_tsig_t *s)
{
	s->task = xTaskGetCurrentTaskHandle();
	return 0;
}

int rtb_tsig_wait(rtb_tsig_t *s)
{
	(void)s;
	ulTaskNotifyTakeIndexed(RTB_FR_TSIG_INDEX, pdTRUE, portMAX_DELAY);
	return 0;
}

int rtb_tsig_send(rtb_tsig_t *s)
{
	if (!s->task)
		return RTB_EINVAL;
	xTaskNotifyGiveIndexed(s->task, RTB_FR_TSIG_INDEX);
	return 0;
}

int rtb_tsig_destroy(rtb_tsig_t *s)
{
	s->task = NULL;
	return 0;
}

int rtb_svsem_open(rtb_svsem_t *s)
{
	(void)s;
	return RTB_ENOTSUP;
}

int rtb_svsem_post(rtb_svsem_t *s)
{
	(void)s;
	return RTB_ENOTSUP;
}

int rtb_svsem_wait(rtb_svsem_t *s)
{
	(void)s;
	return RTB_ENOTSUP;
}

int rtb_svsem_close(rtb_svsem_t *s)
{
	(void)s;
	return 0;
}

void *rtb_heap_alloc(size_t n)
{
	return pvPortMalloc(n);
}

void rtb_heap_free(void *p)
{
	vPortFree(p);
}

int rtb_deadline_yield(void)
{
	return RTB_ENOTSUP;
}

int rtb_port_self_sched_deadline(int64_t runtime_ns, int64_t deadline_ns, int64_t period_ns,
				 char *why, size_t len)
{
	(void)runtime_ns;
	(void)deadline_ns;
	(void)period_ns;
	snprintf(why, len, "FreeRTOS has fixed priorities only (no deadline scheduling class)");
	return RTB_ENOTSUP;
}
