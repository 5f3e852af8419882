/* SPDX-License-Identifier: Apache-2.0 */
/* NOT FreeRTOS: the event group API rtbench's FreeRTOS port calls, declared
 * from the FreeRTOS API reference for the compile-and-link check only (see
 * FreeRTOS.h here). */
#ifndef RTB_FREERTOS_API_STUB_EVENT_GROUPS_H
#define RTB_FREERTOS_API_STUB_EVENT_GROUPS_H

#include "FreeRTOS.h"

typedef struct EventGroupDef_t *EventGroupHandle_t;
typedef TickType_t EventBits_t;

EventGroupHandle_t xEventGroupCreateStatic(StaticEventGroup_t *pxEventGroupBuffer);
EventBits_t xEventGroupSetBits(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToSet);
EventBits_t xEventGroupWaitBits(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToWaitFor,
				const BaseType_t xClearOnExit, const BaseType_t xWaitForAllBits,
				TickType_t xTicksToWait);
void vEventGroupDelete(EventGroupHandle_t xEventGroup);

#endif
