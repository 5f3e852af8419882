/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - its time arithmetic, kept free of the kernel.
 *
 * Every conversion the port and its boards make between nanoseconds,
 * FreeRTOS ticks and a board timer's ticks, and the 32 -> 64-bit counter
 * extension, as plain functions of their inputs: no FreeRTOS header, no
 * register. What the kernel's configuration gives (the tick period,
 * portMAX_DELAY) comes in as an argument, so the same lines build into the
 * firmware and, on the host, into tests/unit/test_freertos_host.c, which CI
 * runs without any FreeRTOS tree. Files named fr_* in this folder keep to
 * that rule (their unit test would not build otherwise). */
#ifndef RTB_FR_TIME_H
#define RTB_FR_TIME_H

#include <stdint.h>
#include "rtbench/err.h"

/* rtb_fr_ext64 - the 64-bit count from a 32-bit up-counter `count` and the
 * number of its wraps counted so far by its wrap interrupt. wrap_pending:
 * the wrap interrupt is raised but has not run yet (interrupts masked).
 * That wrap belongs to this count only if the count is small (read after
 * the wrap); a large count was read just before it. The caller reads
 * `wraps` again after `count` and retries if it moved. */
static inline uint64_t rtb_fr_ext64(uint32_t wraps, uint32_t count, int wrap_pending)
{
	uint64_t hi = wraps;

	if (wrap_pending && count < 0x80000000u)
		hi++;
	return (hi << 32) | count;
}

/* rtb_fr_cmsdk_late - board timer ticks since a CMSDK timer's expiry, read
 * at its interrupt: VALUE counts down from RELOAD to 0, raises the
 * interrupt and reloads, and QEMU holds VALUE at 0 for one tick before
 * reloading, so 0 is "just expired" and v is RELOAD + 1 - v ticks late. */
static inline uint32_t rtb_fr_cmsdk_late(uint32_t value, uint32_t reload)
{
	return value == 0 ? 0 : reload + 1 - value;
}

/* rtb_fr_os_ticks - a bounded wait of ns as FreeRTOS ticks of tick_ns,
 * rounded up (a wait is never shorter than asked) and at least 1 (0
 * would poll); below max_delay (portMAX_DELAY waits for ever). */
static inline uint64_t rtb_fr_os_ticks(int64_t ns, int64_t tick_ns, uint64_t max_delay)
{
	int64_t t = ns > 0 ? (ns - 1) / tick_ns + 1 : 1;

	if ((uint64_t)t >= max_delay)
		return max_delay - 1;
	return (uint64_t)t;
}

/* rtb_fr_sleep_coarse - FreeRTOS ticks to block first in a sleep of left_ns:
 * all but the last one or two ticks (the tick's phase is unknown), so the
 * board's one-shot timer ends the sleep at its time; 0 for two ticks or
 * less. */
static inline int64_t rtb_fr_sleep_coarse(int64_t left_ns, int64_t tick_ns)
{
	return left_ns > 2 * tick_ns ? left_ns / tick_ns - 1 : 0;
}

/* rtb_fr_board_ticks_ceil - ns as board timer ticks of tick_ns, rounded up
 * (a one-shot that ends the sleep never fires early); 0 for ns <= 0. */
static inline uint64_t rtb_fr_board_ticks_ceil(int64_t ns, int64_t tick_ns)
{
	return ns > 0 ? (uint64_t)((ns - 1) / tick_ns + 1) : 0;
}

/* rtb_fr_period_ticks - a periodic event's period in board ticks, rounded
 * down; RTB_EINVAL when it is under 2 ticks (the timer's reload would be
 * 0) or does not fit the 31 bits the late-count arithmetic allows. */
static inline int rtb_fr_period_ticks(int64_t period_ns, int64_t tick_ns, uint32_t *ticks)
{
	int64_t t = period_ns / tick_ns;

	if (t < 2 || t > 0x7FFFFFFF)
		return RTB_EINVAL;
	*ticks = (uint32_t)t;
	return 0;
}

/* rtb_fr_first_ticks - board ticks from now_ns to the first expiry at
 * first_ns; one whole period when that is in the past, under 2 ticks or
 * beyond 31 bits (the event then starts a period from now). */
static inline uint32_t rtb_fr_first_ticks(int64_t first_ns, int64_t now_ns, int64_t tick_ns,
					  uint32_t period_ticks)
{
	int64_t t = (first_ns - now_ns) / tick_ns;

	return t > 1 && t < 0x7FFFFFFF ? (uint32_t)t : period_ticks;
}

/* rtb_fr_missed - the whole periods an event missed, from its lateness. */
static inline int rtb_fr_missed(uint32_t late_ticks, uint32_t period_ticks)
{
	return (int)(late_ticks / period_ticks);
}

/* rtb_fr_due - a periodic event checked at each tick (the simulator's tick
 * hook): 1 when its expiry *next has passed at now, with *late the ticks
 * since that expiry (at most 2^32 - 1) and *next moved to the first expiry
 * after now (missed ones are skipped, as a hardware timer's reload does);
 * 0, nothing changed, before it. */
static inline int rtb_fr_due(uint64_t now, uint64_t *next, uint64_t period, uint32_t *late)
{
	uint64_t l;

	if (now < *next)
		return 0;
	l = now - *next;
	*next += period * (1 + l / period);
	*late = l > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)l;
	return 1;
}

/* rtb_fr_prio_map - FreeRTOS priorities for n abstract levels (higher is
 * more urgent, as in FreeRTOS): level k is base + k, the last level (the
 * watchdog) max_prio - 1, the highest. base < 0: 2 (above the idle task's
 * 0 and a normal task's 1). RTB_ERANGE when the levels do not fit strictly
 * between 0 and the watchdog's; map is then unchanged. */
static inline int rtb_fr_prio_map(int base, int max_prio, unsigned long *map, int n)
{
	if (base < 0)
		base = 2;
	if (n < 2 || base < 1 || base + (n - 2) >= max_prio - 1)
		return RTB_ERANGE;
	for (int k = 0; k < n - 1; k++)
		map[k] = (unsigned long)(base + k);
	map[n - 1] = (unsigned long)(max_prio - 1);
	return 0;
}

#endif
