/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the services the measuring modes' tables share (struct
 * rtb_mode, rtbench/ctx.h; each driver file holds its own table): the
 * bench API's helpers reach the runner's services (the watchdog, the
 * settings journal, the tracer's streamed marks) only through the table
 * in their context. */
#include "run/run.h"
#include "rtbench/tracer.h"
#include "run/watchdog.h"

size_t rtb_mode_count_samples(const struct rtb_ctx *c, const struct rtb_bench *b)
{
	return c->o->samples > 0 ? (size_t)c->o->samples : b->default_samples;
}

void rtb_mode_thread_started(struct rtb_ctx *c, rtb_thread_t *t)
{
	(void)c;
	rtb_wd_register(t);
}

struct rtb_trace_marks *rtb_mode_stream_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind,
					      int *streamed)
{
	*streamed = 0;
	return c->tracer ? c->tracer->marks(c, m, kind, streamed) : NULL;
}
