/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - the time counter, sleeps, and the periodic hardware event.
 *
 * The counter is the board's (40 ns ticks on mps2-an500); it needs no
 * calibration: its rate is the board's timer clock. Sleeps: the FreeRTOS
 * tick for the coarse part, then the board's one-shot hardware timer for the
 * last tick, so an absolute sleep ends at its time, not at the next tick.
 * The periodic event is TIMER0's interrupt: rtb_ptimer's handler runs in it
 * (a true ISR, the study's Table 3), and gives the waiting task a semaphore
 * from the ISR (the ISR -> task path). */
#include <stdio.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"
#include "fr_time.h"

#define TICK_NS (1000000000LL / configTICK_RATE_HZ)

int rtb_port_clock_init(struct rtb_clock_info *ci)
{
	enum { N = 1000 };
	volatile uint64_t sink = 0;

	*ci = (struct rtb_clock_info){ .mult = RTB_BOARD_TICK_NS, .shift = 0, .invariant = 1 };
	snprintf(ci->source, sizeof(ci->source), "%s", RTB_BOARD_CLOCK_NAME);
	snprintf(ci->note, sizeof(ci->note), "%s", RTB_BOARD_CLOCK_NOTE);
	ci->ticks_per_ns = 1.0 / RTB_BOARD_TICK_NS;
	ci->mono_res_ns = RTB_BOARD_TICK_NS;
	uint64_t t0 = rtb_board_ticks();
	for (int i = 0; i < N; i++)
		sink += rtb_board_ticks();
	(void)sink;
	ci->bare_read_ns = (double)rtb_board_ticks_to_ns(rtb_board_ticks() - t0) / N;
	return 0;
}

int rtb_port_sleep_ns(int64_t ns)
{
	return rtb_port_sleep_until_ns(rtb_port_mono_ns() + ns);
}

/* wake_isr - the one-shot timer's interrupt: notify the sleeping task. */
static void wake_isr(void *task)
{
	BaseType_t woken = pdFALSE;

	vTaskNotifyGiveIndexedFromISR((TaskHandle_t)task, 1, &woken);
	RTB_BOARD_YIELD_FROM_ISR(woken);
}

int rtb_port_sleep_until_ns(int64_t t_ns)
{
	int64_t coarse = rtb_fr_sleep_coarse(t_ns - rtb_port_mono_ns(), TICK_NS);

	if (coarse)
		vTaskDelay((TickType_t)coarse);
	int64_t now = rtb_port_mono_ns();
	if (t_ns <= now)
		return 0;
	uint64_t ticks = rtb_fr_board_ticks_ceil(t_ns - now, RTB_BOARD_TICK_NS);
	if (ticks < 0xFFFFFFFFu &&
	    rtb_board_oneshot((uint32_t)ticks, wake_isr, xTaskGetCurrentTaskHandle()) == 0) {
		ulTaskNotifyTakeIndexed(1, pdTRUE, portMAX_DELAY);
		return 0;
	}
	/* the one-shot timer is taken (another task sleeps on it): ticks */
	vTaskDelay((TickType_t)rtb_fr_os_ticks(t_ns - now, TICK_NS, portMAX_DELAY));
	return 0;
}

/* ---- the periodic event: TIMER0 -------------------------------------- */

static struct {
	rtb_ptimer_handler fn;
	void *ctx;
	uint32_t period_ticks;
	SemaphoreHandle_t ran;
	StaticSemaphore_t ran_buf;
} pt;

/* ptimer_isr - TIMER0's interrupt: stamp first, run the handler, give the
 * waiting task its semaphore (a real ISR -> task wake-up). */
static void ptimer_isr(uint32_t late_ticks, void *unused)
{
	int64_t now = rtb_port_mono_ns(); /* first: the figure ends at ISR entry */
	(void)unused;
	BaseType_t woken = pdFALSE;

	pt.fn(now, rtb_fr_missed(late_ticks, pt.period_ticks), pt.ctx);
	xSemaphoreGiveFromISR(pt.ran, &woken);
	RTB_BOARD_YIELD_FROM_ISR(woken);
}

int rtb_ptimer_start(rtb_ptimer_t *t, int64_t first_abs_ns, int64_t period_ns,
		     rtb_ptimer_handler fn, void *ctx)
{
	uint32_t period;

	if (!fn || rtb_fr_period_ticks(period_ns, RTB_BOARD_TICK_NS, &period))
		return RTB_EINVAL;
	if (!pt.ran)
		pt.ran = xSemaphoreCreateBinaryStatic(&pt.ran_buf);
	xSemaphoreTake(pt.ran, 0);
	pt.fn = fn;
	pt.ctx = ctx;
	pt.period_ticks = period;
	taskENTER_CRITICAL();
	uint32_t first = rtb_fr_first_ticks(first_abs_ns, rtb_port_mono_ns(), RTB_BOARD_TICK_NS, period);
	int rc = rtb_board_timer_start(period, first, ptimer_isr, NULL);
	taskEXIT_CRITICAL();
	if (rc)
		return RTB_ENOTSUP;
	t->armed = 1;
	return 0;
}

int rtb_ptimer_wait(rtb_ptimer_t *t)
{
	if (!t->armed)
		return RTB_EINVAL;
	xSemaphoreTake(pt.ran, portMAX_DELAY);
	return 0;
}

int rtb_ptimer_stop(rtb_ptimer_t *t)
{
	if (t->armed)
		rtb_board_timer_stop();
	t->armed = 0;
	return 0;
}
