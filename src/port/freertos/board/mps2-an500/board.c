/* SPDX-License-Identifier: Apache-2.0 */
/* mps2-an500 board support: UART0, the time counter, TIMER0, exit. */
#include <stddef.h>
#include <string.h>
#include "board.h"
#include "FreeRTOS.h"

#define UART0_DATA RTB_REG(0x40004000u)
#define UART0_STATE RTB_REG(0x40004004u)
#define UART0_CTRL RTB_REG(0x40004008u)
#define UART0_BAUDDIV RTB_REG(0x40004010u)

#define T0_CTRL RTB_REG(0x40000000u)
#define T0_VALUE RTB_REG(0x40000004u)
#define T0_RELOAD RTB_REG(0x40000008u)
#define T0_INTCLR RTB_REG(0x4000000Cu)

#define DT1_LOAD RTB_REG(0x40002000u)
#define DT1_CTRL RTB_REG(0x40002008u)
#define DT1_INTCLR RTB_REG(0x4000200Cu)

#define NVIC_ISER0 RTB_REG(0xE000E100u)
#define NVIC_ICER0 RTB_REG(0xE000E180u)
#define NVIC_ICPR0 RTB_REG(0xE000E280u)
#define NVIC_IPR ((volatile uint8_t *)0xE000E400u)

volatile uint32_t rtb_board_wraps;
/* the most urgent level allowed to call FreeRTOS (...FromISR) */
const uint8_t rtb_board_timer_prio = configMAX_SYSCALL_INTERRUPT_PRIORITY;

static rtb_board_timer_fn timer_fn;
static void *timer_ctx;
static uint32_t timer_reload;

void rtb_board_init(void)
{
	UART0_BAUDDIV = 16;     /* the smallest divider; QEMU ignores it */
	UART0_CTRL = 1;         /* TX enable */

	/* dual timer 1: 32-bit, free-running, prescale 1, wrap interrupt */
	DT1_CTRL = 0;
	DT1_LOAD = 0xFFFFFFFFu;
	DT1_INTCLR = 1;
	NVIC_IPR[RTB_BOARD_DUALTIMER_IRQ] = configKERNEL_INTERRUPT_PRIORITY;
	NVIC_ISER0 = 1u << RTB_BOARD_DUALTIMER_IRQ;
	DT1_CTRL = (1u << 7) | (1u << 5) | (1u << 1);
}

void rtb_board_write(const void *buf, unsigned long len)
{
	const unsigned char *p = buf;

	for (unsigned long i = 0; i < len; i++) {
		while (UART0_STATE & 1u)        /* TX buffer full */
			;
		UART0_DATA = p[i];
	}
}

void rtb_board_dualtimer_isr(void)
{
	DT1_INTCLR = 1;
	rtb_board_wraps++;
	__asm__ volatile("dsb" ::: "memory");
}

/* TIMER0: the ticks since its expiry from VALUE at entry (rtb_fr_cmsdk_late). */
void rtb_board_timer0_isr(void)
{
	uint32_t late = rtb_fr_cmsdk_late(T0_VALUE, timer_reload);

	T0_INTCLR = 1;
	if (timer_fn)
		timer_fn(late, timer_ctx);
}

int rtb_board_timer_start(uint32_t period_ticks, uint32_t first_ticks, rtb_board_timer_fn fn, void *ctx)
{
	if (period_ticks < 2)
		return RTB_EINVAL;
	T0_CTRL = 0;
	timer_fn = fn;
	timer_ctx = ctx;
	timer_reload = period_ticks - 1;   /* RELOAD..0: period_ticks ticks */
	T0_RELOAD = timer_reload;
	T0_VALUE = first_ticks ? first_ticks : timer_reload;
	T0_INTCLR = 1;
	NVIC_ICPR0 = 1u << RTB_BOARD_TIMER0_IRQ;
	NVIC_IPR[RTB_BOARD_TIMER0_IRQ] = rtb_board_timer_prio;
	NVIC_ISER0 = 1u << RTB_BOARD_TIMER0_IRQ;
	T0_CTRL = (1u << 3) | 1u;          /* interrupt enable, enable */
	return 0;
}

void rtb_board_timer_stop(void)
{
	T0_CTRL = 0;
	NVIC_ICER0 = 1u << RTB_BOARD_TIMER0_IRQ;
	T0_INTCLR = 1;
	NVIC_ICPR0 = 1u << RTB_BOARD_TIMER0_IRQ;
	timer_fn = NULL;
}

/* semihost - an ARM semihosting call (QEMU): r0 = operation, r1 =
 * argument, bkpt 0xAB; the host's answer. */
static int semihost(int op, void *arg)
{
	register int r0 __asm__("r0") = op;
	register void *r1 __asm__("r1") = arg;

	__asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

void rtb_board_exit(int code)
{
	/* SYS_EXIT_EXTENDED: ADP_Stopped_ApplicationExit with the code */
#ifdef RTB_EMU_MACHINE
	uint32_t block[2] = { 0x20026u, (uint32_t)code };

	semihost(0x20, block);
#else
	(void)code;     /* hardware (HW=1): no debugger to ask; park */
	(void)semihost;
#endif
	for (;;)
		__asm__ volatile("wfi");
}

void rtb_board_panic(const char *what, int code)
{
	static const char hex[] = "0123456789abcdef";
	char num[12];
	int n = 0;

	rtb_board_write("\r\nrtbench: PANIC: ", 18);
	rtb_board_write(what, strlen(what));
	rtb_board_write(" 0x", 3);
	for (int s = 28; s >= 0; s -= 4)
		num[n++] = hex[((unsigned)code >> s) & 0xF];
	num[n++] = '\n';
	rtb_board_write(num, (unsigned long)n);
	rtb_board_exit(3);
}

/* TIMER1 as a one-shot: started with VALUE = ticks, stopped in its ISR. */
#define T1_CTRL RTB_REG(0x40001000u)
#define T1_VALUE RTB_REG(0x40001004u)
#define T1_RELOAD RTB_REG(0x40001008u)
#define T1_INTCLR RTB_REG(0x4000100Cu)

static void (*volatile oneshot_fn)(void *);
static void *oneshot_ctx;

void rtb_board_timer1_isr(void)
{
	void (*fn)(void *) = oneshot_fn;

	T1_CTRL = 0;
	T1_INTCLR = 1;
	oneshot_fn = NULL;
	if (fn)
		fn(oneshot_ctx);
}

int rtb_board_oneshot(uint32_t ticks, void (*fn)(void *ctx), void *ctx)
{
	if (oneshot_fn)
		return RTB_EBUSY;
	T1_CTRL = 0;
	oneshot_ctx = ctx;
	oneshot_fn = fn;
	T1_RELOAD = 0xFFFFFFFFu;
	T1_VALUE = ticks ? ticks : 1;
	T1_INTCLR = 1;
	NVIC_ICPR0 = 1u << RTB_BOARD_TIMER1_IRQ;
	NVIC_IPR[RTB_BOARD_TIMER1_IRQ] = rtb_board_timer_prio;
	NVIC_ISER0 = 1u << RTB_BOARD_TIMER1_IRQ;
	T1_CTRL = (1u << 3) | 1u;
	return 0;
}

void rtb_board_oneshot_cancel(void)
{
	T1_CTRL = 0;
	T1_INTCLR = 1;
	NVIC_ICPR0 = 1u << RTB_BOARD_TIMER1_IRQ;
	oneshot_fn = NULL;
}
