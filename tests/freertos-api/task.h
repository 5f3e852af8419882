/* SPDX-License-Identifier: Apache-2.0 */
/* NOT FreeRTOS: the task API rtbench's FreeRTOS port calls, declared from
 * the FreeRTOS API reference for the compile-and-link check only (see
 * FreeRTOS.h here). */
#ifndef RTB_FREERTOS_API_STUB_TASK_H
#define RTB_FREERTOS_API_STUB_TASK_H

#include "FreeRTOS.h"

/* the version string the fingerprint records: there is no kernel here */
#define tskKERNEL_VERSION_NUMBER "api-check (no kernel)"

typedef struct tskTaskControlBlock *TaskHandle_t;
typedef void (*TaskFunction_t)(void *pvParameters);

typedef enum {
	eRunning = 0,
	eReady,
	eBlocked,
	eSuspended,
	eDeleted,
	eInvalid
} eTaskState;

#define taskSCHEDULER_SUSPENDED ((BaseType_t)0)
#define taskSCHEDULER_NOT_STARTED ((BaseType_t)1)
#define taskSCHEDULER_RUNNING ((BaseType_t)2)

#define taskYIELD() portYIELD()
#define taskENTER_CRITICAL() vPortEnterCritical()
#define taskEXIT_CRITICAL() vPortExitCritical()

/* task creation and control */
TaskHandle_t xTaskCreateStatic(TaskFunction_t pxTaskCode, const char *const pcName,
			       const uint32_t ulStackDepth, void *const pvParameters,
			       UBaseType_t uxPriority, StackType_t *const puxStackBuffer,
			       StaticTask_t *const pxTaskBuffer);
void vTaskDelete(TaskHandle_t xTaskToDelete);
void vTaskDelay(const TickType_t xTicksToDelay);
UBaseType_t uxTaskPriorityGet(const TaskHandle_t xTask);
void vTaskPrioritySet(TaskHandle_t xTask, UBaseType_t uxNewPriority);
void vTaskSuspend(TaskHandle_t xTaskToSuspend);
eTaskState eTaskGetState(TaskHandle_t xTask);
char *pcTaskGetName(TaskHandle_t xTaskToQuery);
TaskHandle_t xTaskGetCurrentTaskHandle(void);

/* kernel control */
void vTaskStartScheduler(void);
void vTaskSuspendAll(void);
BaseType_t xTaskResumeAll(void);
BaseType_t xTaskGetSchedulerState(void);

/* hooks the application defines (configUSE_MALLOC_FAILED_HOOK,
 * configCHECK_FOR_STACK_OVERFLOW, configUSE_TICK_HOOK); `extern`: not
 * kernel functions (the check links only those at 0) */
extern void vApplicationMallocFailedHook(void);
extern void vApplicationStackOverflowHook(TaskHandle_t xTask, char *pcTaskName);
extern void vApplicationTickHook(void);

/* direct-to-task notifications (the indexed forms) */
void vTaskNotifyGiveIndexedFromISR(TaskHandle_t xTaskToNotify, UBaseType_t uxIndexToNotify,
				   BaseType_t *pxHigherPriorityTaskWoken);
BaseType_t xTaskNotifyGiveIndexed(TaskHandle_t xTaskToNotify, UBaseType_t uxIndexToNotify);
uint32_t ulTaskNotifyTakeIndexed(UBaseType_t uxIndexToWaitOn, BaseType_t xClearCountOnExit,
				 TickType_t xTicksToWait);

#endif
