/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the no-op event trace (rtbench/port_trace.h): what a build
 * without tracing links instead of a port's recorder, as HdrHistogram's
 * build picks hdr_histogram_log_no_op.c. The FreeRTOS port and a Linux
 * build without libtracefs/libtraceevent (TRACE=0) take it (Makefile,
 * src/port/freertos/build.mk); no port carries a copy. Every recording hook
 * says there is nothing to record with; run --trace then says why in one
 * line and measures untraced. A port keeps only rtb_port_trace_self and
 * rtb_port_trace_symbols, which name threads and addresses for anyone. */
#include <stdio.h>
#include "rtbench/port_trace.h"
#include "rtbench/err.h"

int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len)
{
	(void)cfg; /* nothing to record with */
	snprintf(why, len, "this build records no event trace (a port without one, or Linux built without "
		 "libtracefs/libtraceevent: Debian libtracefs-dev libtraceevent-dev)");
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
const char *rtb_port_trace_clock(void) { return "none"; }
int rtb_port_trace_stack(uint64_t id, uint64_t *addr, int cap)
{
	(void)id;
	(void)addr;
	(void)cap;
	return 0;
}
