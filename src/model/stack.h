/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the thread stack pool.
 *
 * Every thread rtbench starts runs on a stack from one pool sized at build
 * time: RTB_THREADS_MAX stacks of RTB_STACK_BYTES (defaults from the port,
 * RTB_PORT_THREADS_MAX / RTB_PORT_STACK_BYTES in its rtb_port_types.h; a
 * board overrides them with -D). Static storage: an RTOS port creates its
 * tasks with caller stacks and no heap. A benchmark states how many
 * threads it needs at once (struct rtb_bench.threads); the runner skips it
 * when the pool has fewer free. The runner's thread takes and gives
 * stacks, and on several CPUs at once each CPU's driver does: a slot is
 * taken with a compare-and-swap (no lock). */
#ifndef RTB_CORE_STACK_H
#define RTB_CORE_STACK_H
#include <stddef.h>
#include "rtbench/port.h"

#ifndef RTB_THREADS_MAX
#define RTB_THREADS_MAX RTB_PORT_THREADS_MAX
#endif
#ifndef RTB_STACK_BYTES
#define RTB_STACK_BYTES RTB_PORT_STACK_BYTES
#endif

/* rtb_stack_get - a free stack for thread t (its owner until put), or NULL
 * when all RTB_THREADS_MAX are in use. *bytes gets its size. */
void *rtb_stack_get(const rtb_thread_t *t, size_t *bytes);
/* rtb_stack_put - give back the stack thread t owns (none: nothing). */
void rtb_stack_put(const rtb_thread_t *t);
/* rtb_stack_free - stacks not in use. */
int rtb_stack_free(void);
/* rtb_stack_pool_bytes - the pool's whole static size. */
size_t rtb_stack_pool_bytes(void);
#endif
