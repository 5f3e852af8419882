/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - run --trace's modes (run_trace.c: by count, whole pass
 * or streamed; long_trace.c: for a time, streamed), through the tracer the
 * entry handed in (rtb_ctx.tracer, rtbench/tracer.h; NULL: untraced). */
#ifndef RTB_RUN_TRACE_H
#define RTB_RUN_TRACE_H
#include "rtbench/bench.h"
#include "rtbench/result.h"

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

/* rtb_run_trace_model - the cost model's figures (docs/scale.md) for a
 * traced measurement of kind k at period_ns on several CPUs: r, the events
 * a CPU makes a second, and C, what the reader parses a second of its CPU,
 * both measured on a 2-vCPU KVM guest; `cap_env` (RTB_TRACE_READER_EVS's
 * value or NULL) replaces C. A kind without figures gets r = 0. */
void rtb_run_trace_model(enum rtb_trace_kind k, int64_t period_ns, const char *cap_env,
			 struct rtb_trace_choice *m);
/* rtb_run_trace_pick - of n CPUs (indices 0..n-1), which the model's
 * figures in m let one reader explain: N_max = U * C / r, at least 1, at
 * most n, spread evenly over the list (pick[i] = 1). Sets m->n_max (-1:
 * no figures, every CPU picked) and m->ncpus; returns how many it picked. */
int rtb_run_trace_pick(struct rtb_trace_choice *m, int n, unsigned char *pick);

/* the words a CPU left unexplained by the model carries */
#define RTB_TRACE_MODEL_WHY "the cost model: one trace reader keeps up with fewer CPUs (--trace-cpus all: every CPU)"
/* rtb_run_trace_choose - a traced measurement on n CPUs: which to explain
 * (pick[i], i indexing the run's CPUs): every one with --trace-cpus (the
 * listed ones are then the caller's), else the model's; its entry in
 * res's settings (NULL: the list is full, counted, every CPU picked). */
struct rtb_trace_choice *rtb_run_trace_choose(struct rtb_result *res, const struct rtb_bench *b,
					      const struct rtb_opts *o, int n, unsigned char *pick);
/* rtb_run_trace_chosen - the CPUs explained after every limit (ch NULL:
 * nothing), said on stderr's warnings when the model chose fewer. */
void rtb_run_trace_chosen(struct rtb_result *res, struct rtb_trace_choice *ch, const struct rtb_cpuset *ex,
			  int n);
/* rtb_run_trace_ran - the traced pass of measurement id ended: this
 * run's own r and C into its entry (the reader's figures since it began),
 * and the events the kernel dropped on its explained CPUs (`lost`, the
 * aggregate's trace.lost_events). */
void rtb_run_trace_ran(struct rtb_result *res, const char *id, uint64_t lost);
#endif
