/* SPDX-License-Identifier: Apache-2.0 */
/* The C library's hooks on the board (newlib-nano): memory for malloc
 * between .bss and the main stack, stdout/stderr to UART0, and malloc
 * made safe between tasks (FreeRTOS heap_3 also uses malloc). */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "board.h"
#include "FreeRTOS.h"
#include "task.h"

extern char _heap_start, _heap_end;

void *_sbrk(ptrdiff_t incr);
int _write(int fd, const void *buf, size_t len);
struct _reent;
void __malloc_lock(struct _reent *r);
void __malloc_unlock(struct _reent *r);

/* _sbrk - newlib's heap hook: incr more bytes of [_heap_start, _heap_end). */
void *_sbrk(ptrdiff_t incr)
{
	static char *brk = &_heap_start;
	char *old = brk;

	if (incr > &_heap_end - brk) {
		errno = ENOMEM;
		return (void *)-1;
	}
	brk += incr;
	return old;
}

/* _write - newlib's output hook: stdout and stderr to the console. Its
 * contract is write(2)'s, not rtbench's: the count, or -1 with errno (the
 * one -1 below main, because newlib calls it, not rtbench). */
int _write(int fd, const void *buf, size_t len)
{
	if (fd != 1 && fd != 2) {
		errno = EBADF;
		return -1;
	}
	rtb_board_write(buf, len);
	return (int)len;
}

void __malloc_lock(struct _reent *r)
{
	(void)r;
	if (xTaskGetSchedulerState() != taskSCHEDULER_NOT_STARTED)
		vTaskSuspendAll();
}

void __malloc_unlock(struct _reent *r)
{
	(void)r;
	if (xTaskGetSchedulerState() != taskSCHEDULER_NOT_STARTED)
		(void)xTaskResumeAll();
}

/* 64-bit atomics: ARMv7-M has no 64-bit exclusive access, so GCC calls
 * these library functions (libatomic is not part of the bare-metal
 * toolchain). Each masks interrupts (PRIMASK) for the one access: atomic
 * against tasks and ISRs on this single core. */

/* irq_save - mask interrupts; the PRIMASK they had. */
static inline uint32_t irq_save(void)
{
	uint32_t p;

	__asm__ volatile("mrs %0, primask\n\tcpsid i" : "=r"(p) :: "memory");
	return p;
}

/* irq_restore - PRIMASK back as irq_save found it. */
static inline void irq_restore(uint32_t p)
{
	__asm__ volatile("msr primask, %0" :: "r"(p) : "memory");
}

uint64_t __atomic_load_8(const volatile void *p, int mo);
void __atomic_store_8(volatile void *p, uint64_t v, int mo);
uint64_t __atomic_exchange_8(volatile void *p, uint64_t v, int mo);
uint64_t __atomic_fetch_add_8(volatile void *p, uint64_t v, int mo);
uint64_t __atomic_fetch_sub_8(volatile void *p, uint64_t v, int mo);
_Bool __atomic_compare_exchange_8(volatile void *p, void *expected, uint64_t desired,
				  _Bool weak, int smo, int fmo);

uint64_t __atomic_load_8(const volatile void *p, int mo)
{
	(void)mo;
	uint32_t s = irq_save();
	uint64_t v = *(const volatile uint64_t *)p;

	irq_restore(s);
	return v;
}

void __atomic_store_8(volatile void *p, uint64_t v, int mo)
{
	(void)mo;
	uint32_t s = irq_save();

	*(volatile uint64_t *)p = v;
	irq_restore(s);
}

uint64_t __atomic_exchange_8(volatile void *p, uint64_t v, int mo)
{
	(void)mo;
	uint32_t s = irq_save();
	uint64_t old = *(volatile uint64_t *)p;

	*(volatile uint64_t *)p = v;
	irq_restore(s);
	return old;
}

uint64_t __atomic_fetch_add_8(volatile void *p, uint64_t v, int mo)
{
	(void)mo;
	uint32_t s = irq_save();
	uint64_t old = *(volatile uint64_t *)p;

	*(volatile uint64_t *)p = old + v;
	irq_restore(s);
	return old;
}

uint64_t __atomic_fetch_sub_8(volatile void *p, uint64_t v, int mo)
{
	(void)mo;
	uint32_t s = irq_save();
	uint64_t old = *(volatile uint64_t *)p;

	*(volatile uint64_t *)p = old - v;
	irq_restore(s);
	return old;
}

_Bool __atomic_compare_exchange_8(volatile void *p, void *expected, uint64_t desired,
				  _Bool weak, int smo, int fmo)
{
	(void)weak;
	(void)smo;
	(void)fmo;
	uint32_t s = irq_save();
	uint64_t cur = *(volatile uint64_t *)p;
	_Bool ok = cur == *(uint64_t *)expected;

	if (ok)
		*(volatile uint64_t *)p = desired;
	else
		*(uint64_t *)expected = cur;
	irq_restore(s);
	return ok;
}
