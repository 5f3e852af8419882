/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench FreeRTOS port - no kernel event trace here (run --trace is the
 * Linux port's, src/port/posix/trace.c): every hook says so. */
#include <stdio.h>
#include "rtbench/port_trace.h"
#include "rtbench/err.h"

int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len)
{
	(void)cfg;
	snprintf(why, len, "the FreeRTOS port has no event trace");
	return RTB_ENOTSUP;
}
int rtb_port_trace_begin(uint64_t cpus)
{
	(void)cpus;
	return RTB_ENOTSUP;
}
int rtb_port_trace_end(void) { return RTB_ENOTSUP; }
int rtb_port_trace_collect(struct rtb_tev **ev, size_t *n, uint64_t *lost)
{
	(void)ev;
	(void)n;
	(void)lost;
	return RTB_ENOTSUP;
}
int rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost)
{
	(void)fn;
	(void)arg;
	(void)lost;
	return RTB_ENOTSUP;
}
void rtb_port_trace_close(void) { }
long rtb_port_trace_self(void) { return 0; }
int rtb_port_trace_stack(uint64_t id, uint64_t *addr, int cap)
{
	(void)id;
	(void)addr;
	(void)cap;
	return 0;
}
int rtb_port_trace_symbols(const uint64_t *addr, int n, char *name, size_t len)
{
	for (int i = 0; i < n; i++)
		snprintf(name + (size_t)i * len, len, "0x%llx", (unsigned long long)addr[i]);
	return RTB_ENOTSUP;
}
const char *rtb_port_trace_clock(void) { return "none"; }
