/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench firmware - a test program (tests/unit/test_*.c, one source for
 * every port) run as a FreeRTOS task. The test's main() is compiled as
 * rtb_test_main (-Dmain=rtb_test_main); its exit status (0 pass, 77 skip,
 * else fail) ends the program: the host sees it through semihosting (QEMU)
 * or as the simulator's exit status. */
#include <stdio.h>
#include "rtb_port_int.h"

int rtb_test_main(void);

#define TEST_PRIO (configMAX_PRIORITIES - 2)

void rtb_freertos_assert(const char *file, int line)
{
	rtb_board_panic(file, line);
}

void vApplicationMallocFailedHook(void)
{
	rtb_board_panic("FreeRTOS heap exhausted", 0);
}

void vApplicationStackOverflowHook(TaskHandle_t t, char *name)
{
	(void)t;
	rtb_board_panic(name, 0);
}

/* test_task - the port test (test_port.c's rtb_test_main) as a task, its
 * status the board's exit status. */
static void test_task(void *unused)
{
	(void)unused;
	int rc = rtb_test_main();

	fflush(stdout);
	fflush(stderr);
	rtb_board_exit(rc);
}

int main(void)
{
	static StaticTask_t tcb;
	static StackType_t stack[32768 / sizeof(StackType_t)];

	rtb_board_init();
	xTaskCreateStatic(test_task, "tTest", sizeof(stack) / sizeof(stack[0]), NULL,
			  TEST_PRIO, stack, &tcb);
	vTaskStartScheduler();
	rtb_board_panic("scheduler returned", 0);
}
