/* SPDX-License-Identifier: Apache-2.0 */
/* NOT FreeRTOS. rtbench's compile-and-link check only (tests/freertos-api/,
 * `make PORT=freertos BOARD=<board> api-check` without a kernel tree).
 *
 * Declarations of just the FreeRTOS API that src/port/freertos and its
 * boards call - types, prototypes and the few macros - written for rtbench
 * from the FreeRTOS API reference (freertos.org, "API Reference": task
 * creation and control, queues, semaphores, direct-to-task notifications,
 * kernel control, event groups, memory). No kernel code: the kernel's macros that map the
 * API onto its internal functions are declared here as the functions the
 * reference documents, structure sizes are placeholders, and nothing built
 * against these headers runs (the check links with every API symbol at
 * address 0 and deletes the result). With a FreeRTOS-Kernel tree the real
 * headers and sources are used instead (build.mk). Keep in step with what
 * the port calls: a call the port adds that is not declared here fails the
 * check, and so does a change to port.h the port does not follow. */
#ifndef RTB_FREERTOS_API_STUB_H
#define RTB_FREERTOS_API_STUB_H

#include <stddef.h>
#include <stdint.h>

/* configTICK_TYPE_WIDTH_IN_BITS values (FreeRTOS.h) */
#define TICK_TYPE_WIDTH_16_BITS 0
#define TICK_TYPE_WIDTH_32_BITS 1
#define TICK_TYPE_WIDTH_64_BITS 2

#include "FreeRTOSConfig.h"

/* the port layer's types (portmacro.h): a 32-bit tick, long-sized base
 * types (unsigned long is 32 bits on Cortex-M, as the ARM_CM4F port's
 * uint32_t stack words are) */
typedef unsigned long StackType_t;
typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t TickType_t;
#define portMAX_DELAY ((TickType_t)0xffffffffUL)

#define pdFALSE ((BaseType_t)0)
#define pdTRUE ((BaseType_t)1)
#define pdPASS pdTRUE
#define pdFAIL pdFALSE

/* static allocation buffers: complete types for the caller's storage;
 * the sizes are placeholders, not the kernel's */
typedef struct xSTATIC_TCB { void *pvDummy[48]; } StaticTask_t;
typedef struct xSTATIC_QUEUE { void *pvDummy[24]; } StaticQueue_t;
typedef StaticQueue_t StaticSemaphore_t;
typedef struct xSTATIC_EVENT_GROUP { void *pvDummy[8]; } StaticEventGroup_t;

/* memory (portable/MemMang) */
void *pvPortMalloc(size_t xWantedSize);
void vPortFree(void *pv);

/* critical sections and yields (portmacro.h macros, declared as the
 * port-layer calls they make) */
void vPortEnterCritical(void);
void vPortExitCritical(void);
void vPortYield(void);
#define portYIELD() vPortYield()
#define portYIELD_FROM_ISR(x) do { if ((x) != pdFALSE) portYIELD(); } while (0)
#define portEND_SWITCHING_ISR(x) portYIELD_FROM_ISR(x)

/* the Cortex-M port's exception handlers (portable/GCC/ARM_CM4F: the
 * board's vector table names them) */
void vPortSVCHandler(void);
void xPortPendSVHandler(void);
void xPortSysTickHandler(void);

#endif
