/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - run --trace's modes (run_trace.c: by count, whole pass
 * or streamed; long_trace.c: for a time, streamed), through the tracer the
 * entry handed in (rtb_ctx.tracer, rtbench/tracer.h; NULL: untraced). */
#ifndef RTB_RUN_TRACE_H
#define RTB_RUN_TRACE_H
#include "rtbench/bench.h"

typedef int (*rtb_run_once_fn)(struct rtb_ctx *c, const struct rtb_bench *b);

/* rtb_run_trace_bench - run benchmark b untraced / traced / untraced through
 * `once`, then decompose the traced run's samples. */
int rtb_run_trace_bench(struct rtb_ctx *c, const struct rtb_bench *b, rtb_run_once_fn once);
/* rtb_run_trace_streams - 1 if a count run's traced pass of kind k is read
 * while it runs (bounded memory): the kinds the tracer streams (the timer
 * and wake-up kinds), unless every event was asked for (--trace-events;
 * a run for a time or on several CPUs streams them anyway and writes a
 * bounded window: long_trace.c). */
int rtb_run_trace_streams(const struct rtb_ctx *c, enum rtb_trace_kind k);
#endif
