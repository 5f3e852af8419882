/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS configuration for rtbench (the board and the POSIX simulator).
 *
 * The four settings users argue about are build options, recorded in the
 * result's fingerprint (port facts) so `rtbench compare` shows what one
 * costs:
 *   make PORT=freertos FREERTOS_TIME_SLICING=0|1 FREERTOS_PORT_TASK_SELECTION=0|1
 *        FREERTOS_PREEMPTION=0|1 FREERTOS_TICK_HZ=N
 * Defaults are FreeRTOS's own: time slicing on, preemption on, the
 * port-optimised (CLZ) task selection where the port has it, 1000 Hz. */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

#ifndef RTB_FR_TIME_SLICING
#define RTB_FR_TIME_SLICING 1
#endif
#ifndef RTB_FR_PREEMPTION
#define RTB_FR_PREEMPTION 1
#endif
#ifndef RTB_FR_PORT_TASK_SELECTION
#define RTB_FR_PORT_TASK_SELECTION 1
#endif
#ifndef RTB_FR_TICK_HZ
#define RTB_FR_TICK_HZ 1000
#endif

#define configUSE_PREEMPTION                    RTB_FR_PREEMPTION
#define configUSE_TIME_SLICING                  RTB_FR_TIME_SLICING
#define configUSE_PORT_OPTIMISED_TASK_SELECTION RTB_FR_PORT_TASK_SELECTION
#define configTICK_RATE_HZ                      RTB_FR_TICK_HZ
#define configMAX_PRIORITIES                    32
#define configMINIMAL_STACK_SIZE                256
#define configMAX_TASK_NAME_LEN                 16
#define configTICK_TYPE_WIDTH_IN_BITS           TICK_TYPE_WIDTH_32_BITS
#define configIDLE_SHOULD_YIELD                 1
#define configUSE_TASK_NOTIFICATIONS            1
#define configTASK_NOTIFICATION_ARRAY_ENTRIES   3
#define configUSE_MUTEXES                       1
#define configUSE_RECURSIVE_MUTEXES             0
#define configUSE_COUNTING_SEMAPHORES           1
#define configUSE_EVENT_GROUPS                  1
#define configQUEUE_REGISTRY_SIZE               0
#define configUSE_QUEUE_SETS                    0
#define configUSE_NEWLIB_REENTRANT              0
#define configSUPPORT_STATIC_ALLOCATION         1
#define configSUPPORT_DYNAMIC_ALLOCATION        1
#define configKERNEL_PROVIDED_STATIC_MEMORY     1
#define configUSE_IDLE_HOOK                     0
#define configUSE_TICK_HOOK                     0
#define configUSE_MALLOC_FAILED_HOOK            1
#define configCHECK_FOR_STACK_OVERFLOW          2
#define configUSE_TRACE_FACILITY                0
#define configGENERATE_RUN_TIME_STATS           0
#define configUSE_CO_ROUTINES                   0
#define configUSE_TIMERS                        0
/* no timer task runs (timers are off), but V11.0.x and V11.1.0 declare its
 * kernel-provided stack whenever configKERNEL_PROVIDED_STATIC_MEMORY is 1
 * (V11.2.0 added the configUSE_TIMERS guard): without this they stop at
 * "configTIMER_TASK_STACK_DEPTH undeclared" in tasks.c */
#define configTIMER_TASK_STACK_DEPTH            configMINIMAL_STACK_SIZE
#define configENABLE_BACKWARD_COMPATIBILITY     0

#define INCLUDE_vTaskPrioritySet                1
#define INCLUDE_uxTaskPriorityGet               1
#define INCLUDE_vTaskDelete                     1
#define INCLUDE_vTaskSuspend                    1
#define INCLUDE_xTaskDelayUntil                 1
#define INCLUDE_vTaskDelay                      1
#define INCLUDE_eTaskGetState                   1
#define INCLUDE_xTaskGetCurrentTaskHandle       1
#define INCLUDE_xTaskGetSchedulerState          1
#define INCLUDE_uxTaskGetStackHighWaterMark     1

#ifdef RTB_FREERTOS_SIM
/* the POSIX simulator: ticks from a host timer signal; the periodic event
 * runs in the tick hook (board/sim) */
#undef configUSE_TICK_HOOK
#define configUSE_TICK_HOOK                     1
#undef configUSE_PORT_OPTIMISED_TASK_SELECTION
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 0
#else
/* Cortex-M (ARM_CM4F port): 25 MHz core clock; SysTick from it */
#define configCPU_CLOCK_HZ                      25000000u
#define configPRIO_BITS                         3
/* the lowest urgency: V11's ARM_CM4F port puts its own PendSV and SysTick
 * there itself (it no longer reads this); board.c gives it to the dual
 * timer. Interrupts at or below (numerically >=) 2 << 5 may call
 * ...FromISR and are masked by critical sections; TIMER0 uses that most
 * urgent FreeRTOS-callable level. */
#define configKERNEL_INTERRUPT_PRIORITY         (7u << (8 - configPRIO_BITS))
#define configMAX_SYSCALL_INTERRUPT_PRIORITY    (2u << (8 - configPRIO_BITS))
#define configCHECK_HANDLER_INSTALLATION        1
#endif

void rtb_freertos_assert(const char *file, int line);
#define configASSERT(x) do { if (!(x)) rtb_freertos_assert(__FILE__, __LINE__); } while (0)

#endif
