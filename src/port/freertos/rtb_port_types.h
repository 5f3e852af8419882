/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench FreeRTOS port - what a benchmark sees of the port: the objects
 * it allocates statically, the port's constants and the inline time reads.
 *
 * Included by include/rtbench/port_bench.h only. Tasks, semaphores, mutexes and
 * queues are FreeRTOS objects in caller storage (static allocation: no
 * heap behind a primitive but a queue's message buffer). Only FreeRTOS.h
 * is needed for that (the Static* buffers, whose size is the kernel
 * configuration's); the handles are the kernel's own incomplete structure
 * pointers (what TaskHandle_t and QueueHandle_t are), so the task, queue
 * and semaphore API (task.h, queue.h, semphr.h) is left to the port's own
 * files (rtb_port_int.h). The time counter is the board's
 * (rtb_board_ticks, board/<board>/board.h): on mps2-an500 the 25 MHz dual
 * timer, on the POSIX simulator the host's monotonic clock. */
#ifndef RTB_PORT_TYPES_H
#define RTB_PORT_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include "FreeRTOS.h"
#include "board.h"

struct tskTaskControlBlock;  /* TaskHandle_t points to one (task.h) */
struct QueueDefinition;      /* QueueHandle_t, SemaphoreHandle_t (queue.h) */
struct EventGroupDef_t;      /* EventGroupHandle_t (event_groups.h) */

typedef struct {
	struct tskTaskControlBlock *h; /* TaskHandle_t */
	StaticTask_t tcb;
	StackType_t *stack;          /* the caller's (model/stack.c pool) */
	struct QueueDefinition *done; /* SemaphoreHandle_t: given when fn returns ("join") */
	StaticSemaphore_t done_buf;
	void (*fn)(void *);
	void *arg;
	long os_id;                  /* the task handle, as a number */
	int started;
} rtb_thread_t;
typedef struct { struct QueueDefinition *h; StaticSemaphore_t buf; } rtb_bsem_t;
typedef struct { struct QueueDefinition *h; StaticSemaphore_t buf; } rtb_mutex_t;
typedef struct { struct QueueDefinition *h; StaticQueue_t buf; uint8_t *store; size_t msg_bytes; } rtb_mq_t;
typedef struct { int armed; } rtb_ptimer_t;
typedef struct { int unused; } rtb_pipe_t;
typedef struct { int unused; } rtb_cond_t;    /* no condition variable */
typedef struct { struct EventGroupDef_t *h; StaticEventGroup_t buf; } rtb_event_t;
typedef struct { struct tskTaskControlBlock *task; } rtb_tsig_t; /* the notified task */
typedef struct { int unused; } rtb_svsem_t;   /* no System V IPC */

/* rtb_ptimer's handler runs in the timer's interrupt, which gives the task
 * blocked in rtb_ptimer_wait a semaphore from the ISR (port.h): a real
 * ISR -> task wake-up. */
#define RTB_PORT_PTIMER_ON_WAITER 0
/* the port's words for what it used (words.c, rtbench/words.h) */
#define RTB_PORT_WORDS rtb_words_freertos

/* The core's stack pool (src/model/stack.h): threads at once (a benchmark's
 * 3, the watchdog, room to spare) and bytes each. A board may override
 * them (-DRTB_THREADS_MAX=..., -DRTB_STACK_BYTES=...). */
#define RTB_PORT_THREADS_MAX 6
#define RTB_PORT_STACK_BYTES 16384

/* A single-core build: the one core is the whole system and runs nothing
 * but rtbench's tasks, so one CPU is how it is meant to run, not a
 * weakened run (no "one CPU" warning). */
#define RTB_PORT_ONE_CORE 1

/* FreeRTOS never throttles a running task: loops never pause (rtb_duty). */
#define RTB_PORT_DUTY_RUN_NS 0

/* Under QEMU -icount (RTB_EMU_ICOUNT_SHIFT from the build) an instruction
 * is 2^shift ns of virtual time: the selftest's known delay is then spun
 * as exactly d ticks' worth of instructions (rtb_inject_spin). Only there:
 * on hardware an instruction has no fixed time. */
#if defined(RTB_EMU_ICOUNT_SHIFT) && defined(RTB_BOARD_HAS_SPIN_INSNS)
#define rtb_port_spin_ticks(d) \
	rtb_board_spin_insns((uint32_t)(((d) * RTB_BOARD_TICK_NS) >> RTB_EMU_ICOUNT_SHIFT))
#endif

static inline uint64_t rtb_port_ticks(void)
{
	return rtb_board_ticks();
}

static inline int64_t rtb_port_mono_ns(void)
{
	return rtb_board_ticks_to_ns(rtb_board_ticks());
}

/* rtb_port_sleep_until_ns - absolute sleep (port.c: the board's one-shot
 * hardware timer for the last tick, the FreeRTOS tick before that). */
int rtb_port_sleep_until_ns(int64_t t_ns);

#endif
