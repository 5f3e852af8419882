/* SPDX-License-Identifier: Apache-2.0 */
/* mps2-an500 board: what the FreeRTOS port needs from the hardware.
 *
 * ARM MPS2 with the AN500 FPGA image (Cortex-M7 at 25 MHz), as QEMU's
 * `-M mps2-an500` models it. CMSDK peripherals:
 *   UART0      0x40004000  DATA +0, STATE +4, CTRL +8, BAUDDIV +0x10
 *   TIMER0     0x40000000  CTRL, VALUE, RELOAD, INTCLR at +0..+0xC; IRQ 8
 *   TIMER1     0x40001000  the same; IRQ 9 (one-shot wake-ups)
 *   DUALTIMER  0x40002000  timer 1: LOAD +0, VALUE +4, CTRL +8, INTCLR +0xC,
 *                          RIS +0x10; IRQ 10
 * The time counter is dual timer 1, free-running down from 0xFFFFFFFF at
 * 25 MHz (40 ns a tick); ~VALUE counts up, and its wrap interrupt extends it
 * to 64 bits. TIMER0 is the periodic hardware event (study Table 3), TIMER1
 * the one-shot that ends a sleep. There is no cycle counter: QEMU does not
 * implement DWT->CYCCNT. rtb_board_exit is semihosting SYS_EXIT_EXTENDED
 * (QEMU exits with the code); a hardware build (HW=1) parks. The board
 * contract: ../rtb_board.h. */
#ifndef RTB_BOARD_H
#define RTB_BOARD_H

#include <stdint.h>
#include "fr_time.h"

#define RTB_BOARD_NAME "mps2-an500"
#define RTB_BOARD_CPU "ARM Cortex-M7 (MPS2 AN500)"
#define RTB_BOARD_ARCH "armv7e-m"
#define RTB_BOARD_CLOCK_NAME "cmsdk-dualtimer"
#define RTB_BOARD_CLOCK_NOTE ""
/* no hypervisor: under QEMU the fingerprint's emulation block says so, and
 * with -icount no host delay reaches virtual time */
#define RTB_BOARD_VIRT ""
#define RTB_BOARD_HZ 25000000u          /* CPU and timer clock */
#define RTB_BOARD_TICK_NS 40            /* one time-counter tick */
#define RTB_BOARD_TIMER0_IRQ 8
#define RTB_BOARD_TIMER1_IRQ 9
#define RTB_BOARD_DUALTIMER_IRQ 10

#define RTB_REG(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define RTB_DT1_VALUE RTB_REG(0x40002004u)
#define RTB_DT1_RIS RTB_REG(0x40002010u)

/* wraps of dual timer 1, counted by its interrupt */
extern volatile uint32_t rtb_board_wraps;

/* rtb_board_ticks - the 64-bit time counter (40 ns ticks): dual timer 1
 * extended by its wrap count (rtb_fr_ext64: a wrap whose interrupt has
 * not run yet, interrupts masked, is seen in RIS). */
static inline uint64_t rtb_board_ticks(void)
{
	uint32_t hi, lo;
	uint64_t t;

	do {
		hi = rtb_board_wraps;
		lo = ~RTB_DT1_VALUE;    /* before RIS: a wrap after this read is not ours */
		t = rtb_fr_ext64(hi, lo, RTB_DT1_RIS & 1u);
	} while (hi != rtb_board_wraps);
	return t;
}

static inline int64_t rtb_board_ticks_to_ns(uint64_t t)
{
	return (int64_t)(t * RTB_BOARD_TICK_NS);
}

/* interrupt priority of TIMER0 and TIMER1 (NVIC value, FreeRTOS-callable) */
extern const uint8_t rtb_board_timer_prio;

/* the vector table's handlers (startup.c) */
void rtb_board_timer0_isr(void);
void rtb_board_timer1_isr(void);
void rtb_board_dualtimer_isr(void);

/* an ISR that readied a higher-priority task switches to it on exit */
#define RTB_BOARD_YIELD_FROM_ISR(w) portYIELD_FROM_ISR(w)

/* rtb_board_spin_insns - execute n instructions' worth of a
 * two-instruction loop (n even, >= 2): a delay known in instructions (plus
 * the few of its set-up, the same for every n). */
#define RTB_BOARD_HAS_SPIN_INSNS 1
static inline void rtb_board_spin_insns(uint32_t n)
{
	uint32_t k = n / 2;

	if (!k)
		return;
	__asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(k) :: "cc");
}

#include "board/rtb_board.h"

#endif
