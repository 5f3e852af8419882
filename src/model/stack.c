/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the thread stack pool (see stack.h). */
#include <stdatomic.h>
#include "model/stack.h"

static struct {
	_Alignas(16) unsigned char bytes[RTB_STACK_BYTES];
} pool[RTB_THREADS_MAX];
/* taken with a compare-and-swap: on several CPUs at once each CPU's
 * driver takes and gives stacks (task.create a stack every sample), and
 * two that saw one slot free must not both get it */
static _Atomic(const rtb_thread_t *) owner[RTB_THREADS_MAX];

void *rtb_stack_get(const rtb_thread_t *t, size_t *bytes)
{
	for (int i = 0; i < RTB_THREADS_MAX; i++) {
		const rtb_thread_t *none = NULL;
		if (atomic_compare_exchange_strong(&owner[i], &none, t)) {
			*bytes = sizeof(pool[i].bytes);
			return pool[i].bytes;
		}
	}
	return NULL;
}

void rtb_stack_put(const rtb_thread_t *t)
{
	for (int i = 0; i < RTB_THREADS_MAX; i++)
		if (atomic_load(&owner[i]) == t)
			atomic_store(&owner[i], NULL);
}

int rtb_stack_free(void)
{
	int n = 0;
	for (int i = 0; i < RTB_THREADS_MAX; i++)
		n += !atomic_load(&owner[i]);
	return n;
}

size_t rtb_stack_pool_bytes(void)
{
	return sizeof(pool);
}
