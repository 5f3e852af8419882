/* SPDX-License-Identifier: Apache-2.0 */
/* NOT FreeRTOS: the semaphore API rtbench's FreeRTOS port calls, declared
 * from the FreeRTOS API reference for the compile-and-link check only (see
 * FreeRTOS.h here). */
#ifndef RTB_FREERTOS_API_STUB_SEMPHR_H
#define RTB_FREERTOS_API_STUB_SEMPHR_H

#include "queue.h"

typedef QueueHandle_t SemaphoreHandle_t;

SemaphoreHandle_t xSemaphoreCreateBinaryStatic(StaticSemaphore_t *pxSemaphoreBuffer);
SemaphoreHandle_t xSemaphoreCreateMutexStatic(StaticSemaphore_t *pxMutexBuffer);
BaseType_t xSemaphoreTake(SemaphoreHandle_t xSemaphore, TickType_t xTicksToWait);
BaseType_t xSemaphoreGive(SemaphoreHandle_t xSemaphore);
BaseType_t xSemaphoreGiveFromISR(SemaphoreHandle_t xSemaphore,
				 BaseType_t *pxHigherPriorityTaskWoken);
void vSemaphoreDelete(SemaphoreHandle_t xSemaphore);

#endif
