/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the allocator (rtbench/mem.h): a size header in front of
 * each block, so what is held can be counted; the port supplies memory. */
#include <stdatomic.h>
#include <string.h>
#include "rtbench/mem.h"
#include "rtbench/port.h"

/* the header keeps the block 16-byte aligned (the port's blocks are) */
struct hdr {
	size_t n;
	size_t pad[16 / sizeof(size_t) - 1 > 0 ? 16 / sizeof(size_t) - 1 : 1];
};
_Static_assert(sizeof(struct hdr) % 8 == 0, "header keeps 8-byte alignment");

/* atomic: the drivers of a --cpus run allocate their bench's storage at
 * once, on every CPU, beside the supervisor and the trace reader; a plain
 * count lost updates (result mem.heap_peak_bytes drifted, could wrap) */
static atomic_size_t in_use, peak;

void *rtb_alloc(size_t n)
{
	struct hdr *h;

	if (n > (size_t)-1 - sizeof(*h))
		return NULL;
	h = rtb_port_alloc(sizeof(*h) + n);
	if (!h)
		return NULL;
	memset(h, 0, sizeof(*h) + n);
	h->n = n;
	size_t now = atomic_fetch_add_explicit(&in_use, n, memory_order_relaxed) + n;
	size_t top = atomic_load_explicit(&peak, memory_order_relaxed);
	while (now > top && !atomic_compare_exchange_weak_explicit(&peak, &top, now, memory_order_relaxed,
								   memory_order_relaxed))
		; /* top reloaded: another thread raised it */
	return h + 1;
}

void rtb_free(void *p)
{
	struct hdr *h;

	if (!p)
		return;
	h = (struct hdr *)p - 1;
	atomic_fetch_sub_explicit(&in_use, h->n, memory_order_relaxed);
	rtb_port_free(h);
}

void *rtb_realloc(void *p, size_t n)
{
	void *q;
	size_t old;

	if (!p)
		return rtb_alloc(n);
	old = ((struct hdr *)p - 1)->n;
	q = rtb_alloc(n);
	if (!q)
		return NULL;
	memcpy(q, p, old < n ? old : n);
	rtb_free(p);
	return q;
}

size_t rtb_mem_in_use(void)
{
	return atomic_load_explicit(&in_use, memory_order_relaxed);
}

size_t rtb_mem_peak(void)
{
	return atomic_load_explicit(&peak, memory_order_relaxed);
}
