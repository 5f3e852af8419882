/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the heap as an application calls it (mem.heap.*):
 * the C library's malloc and free. */
#include <stdlib.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

void *rtb_heap_alloc(size_t n)
{
	return malloc(n);
}

void rtb_heap_free(void *p)
{
	free(p);
}
