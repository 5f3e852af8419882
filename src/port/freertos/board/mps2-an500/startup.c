/* SPDX-License-Identifier: Apache-2.0 */
/* mps2-an500 start-up: the vector table and the reset handler.
 *
 * Reset copies .data from its load address and clears .bss (QEMU's ELF
 * loader does both; a real board's loader only writes the image), turns on
 * the FPU (the build is hard-float; FreeRTOS's ARM_CM4F port saves the FP
 * context lazily), runs the C library's constructors and calls main(). */
#include <stdint.h>
#include <string.h>
#include "board.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
extern int main(void);
extern void __libc_init_array(void);

/* FreeRTOS's exception handlers (portable/GCC/ARM_CM4F/port.c) */
extern void vPortSVCHandler(void);
extern void xPortPendSVHandler(void);
extern void xPortSysTickHandler(void);

void Reset_Handler(void);
void rtb_board_fault(void);

#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)

void Reset_Handler(void)
{
	memcpy(&_sdata, &_sidata, (size_t)((char *)&_edata - (char *)&_sdata));
	memset(&_sbss, 0, (size_t)((char *)&_ebss - (char *)&_sbss));
	SCB_CPACR |= 0xFu << 20;  /* CP10, CP11: full access */
	__asm__ volatile("dsb\n\tisb" ::: "memory");
	__libc_init_array();
	rtb_board_exit(main());
}

/* rtb_board_fault - any exception nobody handles: say so, exit 3. */
void rtb_board_fault(void)
{
	uint32_t ipsr;

	__asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
	rtb_board_panic("unhandled exception", (int)ipsr);
}

typedef void (*vector_t)(void);

__attribute__((section(".isr_vector"), used))
static const vector_t vectors[16 + 32] = {
	[0] = (vector_t)(uintptr_t)&_estack,
	[1] = Reset_Handler,
	[2] = rtb_board_fault,        /* NMI */
	[3] = rtb_board_fault,        /* HardFault */
	[4] = rtb_board_fault,        /* MemManage */
	[5] = rtb_board_fault,        /* BusFault */
	[6] = rtb_board_fault,        /* UsageFault */
	[11] = vPortSVCHandler,
	[12] = rtb_board_fault,       /* DebugMon */
	[14] = xPortPendSVHandler,
	[15] = xPortSysTickHandler,
	[16 + RTB_BOARD_TIMER0_IRQ] = rtb_board_timer0_isr,
	[16 + RTB_BOARD_TIMER1_IRQ] = rtb_board_timer1_isr,
	[16 + RTB_BOARD_DUALTIMER_IRQ] = rtb_board_dualtimer_isr,
};
