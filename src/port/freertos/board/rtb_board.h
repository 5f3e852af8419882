/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - what every board provides (the board contract).
 *
 * A board is a folder board/<name>/ with board.mk (compiler, flags, the
 * FreeRTOS portable layer, how to run), board.h and its sources. board.h
 * defines, then includes this header:
 *   RTB_BOARD_NAME, _CPU, _ARCH      strings for the fingerprint
 *   RTB_BOARD_CLOCK_NAME, _NOTE      the time counter, and what weakens it
 *                                    ("" when nothing does)
 *   RTB_BOARD_VIRT                   a hypervisor's name, or ""
 *   RTB_BOARD_TICK_NS                one time-counter tick, in ns (integer)
 *   RTB_BOARD_YIELD_FROM_ISR(w)      switch on ISR exit when w (pdTRUE)
 *   static inline uint64_t rtb_board_ticks(void)        the 64-bit counter
 *   static inline int64_t rtb_board_ticks_to_ns(uint64_t t)
 * and optionally RTB_BOARD_HAS_SPIN_INSNS with rtb_board_spin_insns(n) (a
 * delay known in instructions, for the selftest under QEMU -icount).
 * The time arithmetic a board needs is in ../fr_time.h (host-tested). */
#ifndef RTB_BOARD_CONTRACT_H
#define RTB_BOARD_CONTRACT_H

#include <stdint.h>

/* rtb_board_init - console on, time counter running. Before the scheduler. */
void rtb_board_init(void);

/* rtb_board_write - bytes to the console (polled; never from an ISR). */
void rtb_board_write(const void *buf, unsigned long len);

/* The periodic hardware event: fn runs in its interrupt (or the board's
 * nearest equivalent: the simulator's tick hook) with the ticks elapsed
 * since the expiry that raised it. The first expiry is first_ticks from
 * now (0: one period), then one every period_ticks (>= 2; RTB_EINVAL
 * otherwise). 0 when started. One user at a time. */
typedef void (*rtb_board_timer_fn)(uint32_t late_ticks, void *ctx);
int rtb_board_timer_start(uint32_t period_ticks, uint32_t first_ticks,
			  rtb_board_timer_fn fn, void *ctx);
void rtb_board_timer_stop(void);

/* A one-shot interrupt after `ticks`: fn(ctx) runs in it. 0 when armed,
 * RTB_EBUSY if the one-shot timer is in use, RTB_ENOTSUP if the board has
 * none (sleeps then end on a FreeRTOS tick). */
int rtb_board_oneshot(uint32_t ticks, void (*fn)(void *ctx), void *ctx);
void rtb_board_oneshot_cancel(void);

/* rtb_board_exit - end the program with code (QEMU: semihosting; the
 * simulator: the process's exit status; hardware: park). */
void rtb_board_exit(int code) __attribute__((noreturn));

/* rtb_board_panic - say what on the console, then exit 3. */
void rtb_board_panic(const char *what, int code) __attribute__((noreturn));

#endif
