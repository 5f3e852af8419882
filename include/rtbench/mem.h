/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the core's allocator.
 *
 * Every allocation of the core and the benchmarks goes through here, never
 * malloc: the port backs it (rtb_port_alloc / rtb_port_free: POSIX malloc;
 * a board a static arena, e.g. FreeRTOS heap_4's ucHeap), and the core
 * counts what it holds, so the result reports the footprint (bytes at the
 * peak). Nothing is allocated inside a measurement loop: metrics are sized
 * before it (rtb_metric_new). Called from the runner's thread only. */
#ifndef RTBENCH_MEM_H
#define RTBENCH_MEM_H

#include <stddef.h>

/* rtb_alloc - n bytes, zeroed, 16-byte aligned; NULL when out of memory. */
void *rtb_alloc(size_t n);
/* rtb_realloc - grow or shrink p (NULL: rtb_alloc); NULL and p kept on
 * failure. New bytes are zeroed. */
void *rtb_realloc(void *p, size_t n);
void rtb_free(void *p);
/* rtb_mem_in_use / rtb_mem_peak - bytes the core holds now / held at most. */
size_t rtb_mem_in_use(void);
size_t rtb_mem_peak(void);

#endif
