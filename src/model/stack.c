/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - the thread stack pool (see stack.h). */
#include "model/stack.h"

static struct {
	_Alignas(16) unsigned char bytes[RTB_STACK_BYTES];
} pool[RTB_THREADS_MAX];
static const rtb_thread_t *owner[RTB_THREADS_MAX];

void *rtb_stack_get(const rtb_thread_t *t, size_t *bytes)
{
	for (int i = 0; i < RTB_THREADS_MAX; i++)
		if (!owner[i]) {
			owner[i] = t;
			*bytes = sizeof(pool[i].bytes);
			return pool[i].bytes;
		}
	return NULL;
}

void rtb_stack_put(const rtb_thread_t *t)
{
	for (int i = 0; i < RTB_THREADS_MAX; i++)
		if (owner[i] == t)
			owner[i] = NULL;
}

int rtb_stack_free(void)
{
	int n = 0;
	for (int i = 0; i < RTB_THREADS_MAX; i++)
		n += !owner[i];
	return n;
}

size_t rtb_stack_pool_bytes(void)
{
	return sizeof(pool);
}
