/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench FreeRTOS port - the port's own view: the FreeRTOS task, queue and
 * semaphore API over the objects of rtb_port_types.h.
 *
 * For src/port/freertos/ and its firmware entry (fw/) only; benchmarks, the
 * core and the writers see rtb_port_types.h through rtbench/port.h. */
#ifndef RTB_PORT_INT_H
#define RTB_PORT_INT_H

#include "rtbench/port.h"
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include "queue.h"
#include "event_groups.h"

/* the notification index of rtb_tsig (index 1: rtb_port_sleep_until_ns;
 * index 0 is the kernel's default, left to application code) */
#define RTB_FR_TSIG_INDEX 2

#endif
