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
	if (xTaskGetSchedulerState() == taskSCHEDULER_RUNNING)
		vTaskSuspendAll();
}

void __malloc_unlock(struct _reent *r)
{
	(void)r;
	if (xTaskGetSchedulerState() == taskSCHEDULER_RUNNING)
		(void)xTaskResumeAll();
}
