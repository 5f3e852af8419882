/* SPDX-License-Identifier: Apache-2.0 */
/* sim board: the FreeRTOS POSIX simulator (portable/ThirdParty/GCC/Posix)
 * on Linux, for fast functional tests of the FreeRTOS port (ASan/UBSan
 * clean). FreeRTOS's scheduling, priorities, semaphores, mutexes and queues
 * run as they do on a board; each task is a host pthread and the tick a
 * host timer signal, so every time it shows is a host pthread and signal
 * cost: the figures of a simulator run are never FreeRTOS figures (its
 * clock note and label say so in every output).
 *
 * The time counter is CLOCK_MONOTONIC (1 ns ticks). The periodic event
 * runs in the FreeRTOS tick "interrupt" (the tick hook), so its period is
 * a whole number of ticks; there is no one-shot timer (sleeps end on a
 * tick). The board contract: ../rtb_board.h. */
#ifndef RTB_BOARD_H
#define RTB_BOARD_H

#include <stdint.h>
#include <time.h>

#define RTB_BOARD_NAME "sim"
#define RTB_BOARD_CPU "FreeRTOS POSIX simulator (host pthreads)"
#define RTB_BOARD_ARCH "posix-sim"
#define RTB_BOARD_CLOCK_NAME "host clock_monotonic"
#define RTB_BOARD_CLOCK_NOTE "FreeRTOS POSIX simulator: times are host pthread and signal costs, " \
	"NOT FreeRTOS figures (functional tests only)"
#define RTB_BOARD_VIRT ""
#define RTB_BOARD_TICK_NS 1
#define RTB_BOARD_SIM 1

static inline uint64_t rtb_board_ticks(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline int64_t rtb_board_ticks_to_ns(uint64_t t)
{
	return (int64_t)t;
}

/* the tick handler switches tasks itself when an ISR readied a higher one */
#define RTB_BOARD_YIELD_FROM_ISR(w) ((void)(w))

#include "board/rtb_board.h"

#endif
