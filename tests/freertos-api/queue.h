/* SPDX-License-Identifier: Apache-2.0 */
/* NOT FreeRTOS: the queue API rtbench's FreeRTOS port calls, declared from
 * the FreeRTOS API reference for the compile-and-link check only (see
 * FreeRTOS.h here). */
#ifndef RTB_FREERTOS_API_STUB_QUEUE_H
#define RTB_FREERTOS_API_STUB_QUEUE_H

#include "FreeRTOS.h"

typedef struct QueueDefinition *QueueHandle_t;

QueueHandle_t xQueueCreateStatic(UBaseType_t uxQueueLength, UBaseType_t uxItemSize,
				 uint8_t *pucQueueStorageBuffer, StaticQueue_t *pxQueueBuffer);
BaseType_t xQueueSend(QueueHandle_t xQueue, const void *pvItemToQueue, TickType_t xTicksToWait);
BaseType_t xQueueReceive(QueueHandle_t xQueue, void *pvBuffer, TickType_t xTicksToWait);
void vQueueDelete(QueueHandle_t xQueue);

#endif
