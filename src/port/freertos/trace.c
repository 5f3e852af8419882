/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench FreeRTOS port - no kernel event trace here (run --trace is the
 * Linux port's, src/port/posix/trace.c): the build links the no-op recorder
 * (src/port/trace_none.c); the port names its threads and addresses only. */
#include <stdio.h>
#include "rtbench/port_trace.h"
#include "rtbench/err.h"

long rtb_port_trace_self(void) { return 0; }
int rtb_port_trace_symbols(const uint64_t *addr, int n, char *name, size_t len)
{
	for (int i = 0; i < n; i++)
		snprintf(name + (size_t)i * len, len, "0x%llx", (unsigned long long)addr[i]);
	return RTB_ENOTSUP;
}
