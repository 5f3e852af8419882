/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - binary semaphore, mutexes, message queue; no pipe.
 *
 * Mutex protocols: RTB_PROTO_INHERIT is a FreeRTOS mutex
 * (xSemaphoreCreateMutex: priority inheritance); RTB_PROTO_NONE is a binary
 * semaphore used as a lock (no protocol, so inversion is unbounded);
 * FreeRTOS has no priority-ceiling mutex: RTB_PROTO_CEILING is
 * RTB_ENOTSUP, and the benchmark reports it SKIPPED. FreeRTOS has no byte
 * pipe either (stream buffers are single-reader/single-writer byte streams,
 * not the kernel object `perf bench sched pipe` measures). */
#include <stdlib.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"
#include "fr_time.h"

/* ticks_for - a bounded wait in ticks (rtb_fr_os_ticks: rounded up, never
 * 0, never portMAX_DELAY). */
static TickType_t ticks_for(int64_t ns)
{
	return (TickType_t)rtb_fr_os_ticks(ns, 1000000000LL / configTICK_RATE_HZ, portMAX_DELAY);
}

int rtb_bsem_init(rtb_bsem_t *s, int available)
{
	s->h = xSemaphoreCreateBinaryStatic(&s->buf);
	if (!s->h)
		return RTB_ENOMEM;
	if (available)
		xSemaphoreGive(s->h);
	return 0;
}

int rtb_bsem_give(rtb_bsem_t *s)
{
	xSemaphoreGive(s->h);  /* already available: stays so (binary) */
	return 0;
}

int rtb_bsem_give_isr(rtb_bsem_t *s)
{
	BaseType_t woken = pdFALSE;

	xSemaphoreGiveFromISR(s->h, &woken);
	portYIELD_FROM_ISR(woken);
	return 0;
}

int rtb_bsem_take(rtb_bsem_t *s)
{
	return xSemaphoreTake(s->h, portMAX_DELAY) == pdTRUE ? 0 : RTB_ESYS;
}

int rtb_bsem_take_timed(rtb_bsem_t *s, int64_t timeout_ns)
{
	return xSemaphoreTake(s->h, ticks_for(timeout_ns)) == pdTRUE ? 0 : RTB_ETIMEDOUT;
}

int rtb_bsem_destroy(rtb_bsem_t *s)
{
	vSemaphoreDelete(s->h);
	return 0;
}

int rtb_mutex_init(rtb_mutex_t *m, enum rtb_mutex_proto proto, enum rtb_prio ceiling)
{
	(void)ceiling;
	switch (proto) {
	case RTB_PROTO_INHERIT:
		m->h = xSemaphoreCreateMutexStatic(&m->buf);
		break;
	case RTB_PROTO_NONE:
		m->h = xSemaphoreCreateBinaryStatic(&m->buf);
		if (m->h)
			xSemaphoreGive(m->h);
		break;
	default:
		return RTB_ENOTSUP;  /* no priority ceiling in FreeRTOS */
	}
	return m->h ? 0 : RTB_ENOMEM;
}

int rtb_mutex_lock(rtb_mutex_t *m)
{
	return xSemaphoreTake(m->h, portMAX_DELAY) == pdTRUE ? 0 : RTB_ESYS;
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
	return xSemaphoreGive(m->h) == pdTRUE ? 0 : RTB_EINVAL;
}

int rtb_mutex_destroy(rtb_mutex_t *m)
{
	vSemaphoreDelete(m->h);
	return 0;
}

int rtb_mq_open(rtb_mq_t *q, size_t msg_bytes, size_t depth)
{
	q->msg_bytes = msg_bytes;
	q->store = malloc(msg_bytes * depth);
	if (!q->store)
		return RTB_ENOMEM;
	q->h = xQueueCreateStatic((UBaseType_t)depth, (UBaseType_t)msg_bytes, q->store, &q->buf);
	if (!q->h) {
		free(q->store);
		return RTB_ENOMEM;
	}
	return 0;
}

int rtb_mq_send(rtb_mq_t *q, const void *msg, size_t len)
{
	if (len != q->msg_bytes)
		return RTB_EINVAL;
	return xQueueSend(q->h, msg, portMAX_DELAY) == pdTRUE ? 0 : RTB_ESYS;
}

int rtb_mq_receive(rtb_mq_t *q, void *msg, size_t len)
{
	if (len < q->msg_bytes)
		return RTB_EINVAL;
	return xQueueReceive(q->h, msg, portMAX_DELAY) == pdTRUE ? 0 : RTB_ESYS;
}

int rtb_mq_receive_timed(rtb_mq_t *q, void *msg, size_t len, int64_t timeout_ns)
{
	if (len < q->msg_bytes)
		return RTB_EINVAL;
	return xQueueReceive(q->h, msg, ticks_for(timeout_ns)) == pdTRUE ? 0 : RTB_ETIMEDOUT;
}

int rtb_mq_close(rtb_mq_t *q)
{
	vQueueDelete(q->h);
	free(q->store);
	q->store = NULL;
	return 0;
}

int rtb_pipe_open(rtb_pipe_t *p)
{
	(void)p;
	return RTB_ENOTSUP;
}

int rtb_pipe_write(rtb_pipe_t *p, const void *buf, size_t len)
{
	(void)p;
	(void)buf;
	(void)len;
	return RTB_ENOTSUP;
}

int rtb_pipe_read(rtb_pipe_t *p, void *buf, size_t len)
{
	(void)p;
	(void)buf;
	(void)len;
	return RTB_ENOTSUP;
}

void rtb_pipe_close(rtb_pipe_t *p)
{
	(void)p;
}
