/* SPDX-License-Identifier: Apache-2.0 */
/* sim board support: console on stdout, the periodic event in the tick
 * hook, exit through the host. */
#include <stdio.h>
#include <unistd.h>
#include "board.h"
#include "fr_time.h"
#include "FreeRTOS.h"
#include "task.h"

void vApplicationTickHook(void);

static struct {
	volatile rtb_board_timer_fn fn;
	void *ctx;
	uint64_t period_ns, next_ns;
} tm;

void rtb_board_init(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
}

void rtb_board_write(const void *buf, unsigned long len)
{
	fwrite(buf, 1, len, stdout);
}

/* vApplicationTickHook - the simulator's "interrupt": the event is due
 * when its expiry has passed (checked at each tick; rtb_fr_due). */
void vApplicationTickHook(void)
{
	rtb_board_timer_fn fn = tm.fn;
	uint32_t late;

	if (fn && rtb_fr_due(rtb_board_ticks(), &tm.next_ns, tm.period_ns, &late))
		fn(late, tm.ctx);
}

int rtb_board_timer_start(uint32_t period_ticks, uint32_t first_ticks,
			  rtb_board_timer_fn fn, void *ctx)
{
	if (period_ticks < 2)
		return RTB_EINVAL;
	tm.fn = NULL;
	tm.ctx = ctx;
	tm.period_ns = period_ticks;
	tm.next_ns = rtb_board_ticks() + (first_ticks ? first_ticks : period_ticks);
	tm.fn = fn;
	return 0;
}

void rtb_board_timer_stop(void)
{
	tm.fn = NULL;
}

int rtb_board_oneshot(uint32_t ticks, void (*fn)(void *ctx), void *ctx)
{
	(void)ticks;
	(void)fn;
	(void)ctx;
	return RTB_ENOTSUP; /* no second timer: sleeps end on a FreeRTOS tick */
}

void rtb_board_oneshot_cancel(void)
{
}

void rtb_board_exit(int code)
{
	fflush(stdout);
	fflush(stderr);
	_exit(code);
}

void rtb_board_panic(const char *what, int code)
{
	fprintf(stderr, "\nrtbench: PANIC: %s 0x%08x\n", what, (unsigned)code);
	rtb_board_exit(3);
}
