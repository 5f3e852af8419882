/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the heap as an application calls it, and a
 * fixed-block pool.
 *
 * POSIX has no block pool: rtb_pool is rtbench's own free list in the
 * caller's storage, under a pthread mutex (no protocol), which is what a
 * POSIX application writes when it needs one. It is the figure's other
 * half: the same allocation size without a general-purpose allocator's
 * search, splitting and trimming. */
#include <stdlib.h>
#include "rtb_port_impl.h"
#include "rtbench/err.h"

void *rtb_heap_alloc(size_t n)
{
	return malloc(n);
}

void rtb_heap_free(void *p)
{
	free(p);
}

int rtb_pool_init(rtb_pool_t *p, void *storage, size_t block_bytes, size_t nblocks)
{
	unsigned char *b = storage;

	if (!storage || block_bytes < sizeof(void *) || block_bytes % 8 || !nblocks)
		return RTB_EINVAL;
	if (pthread_mutex_init(rtb_posix_pool_mutex(p), NULL))
		return RTB_ESYS;
	p->block_bytes = block_bytes;
	p->free = NULL;
	for (size_t i = nblocks; i-- > 0;) {
		*(void **)(void *)(b + i * block_bytes) = p->free;
		p->free = b + i * block_bytes;
	}
	return 0;
}

void *rtb_pool_get(rtb_pool_t *p)
{
	pthread_mutex_lock(rtb_posix_pool_mutex(p));
	void *b = p->free;
	if (b)
		p->free = *(void **)b;
	pthread_mutex_unlock(rtb_posix_pool_mutex(p));
	return b;
}

void rtb_pool_put(rtb_pool_t *p, void *block)
{
	if (!block)
		return;
	pthread_mutex_lock(rtb_posix_pool_mutex(p));
	*(void **)block = p->free;
	p->free = block;
	pthread_mutex_unlock(rtb_posix_pool_mutex(p));
}

int rtb_pool_destroy(rtb_pool_t *p)
{
	return pthread_mutex_destroy(rtb_posix_pool_mutex(p)) ? RTB_ESYS : 0;
}
