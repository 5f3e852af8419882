/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what the files of one metric's tail analysis share
 * (host/tail.h's tail.c section): tail.c runs them in turn, tail_count.c
 * counts the crossings, tail_steady.c tests the run's intervals for
 * steadiness, tail_fit.c fits the tail, tail_plan.c plans the next run. */
#ifndef RTB_HOST_TAIL_INT_H
#define RTB_HOST_TAIL_INT_H

#include <stddef.h>
#include <stdint.h>

#include "host/stats/tail.h"

#define RTB_TAIL_CONF 0.95        /* the intervals' confidence */
#define RTB_TAIL_NS_PER_H 3.6e12

/* ---- tail_count.c ---- */

/* rtb_tail_whole - m holds every sample (a count run). */
int rtb_tail_whole(const struct rtb_rf_metric *m);
/* rtb_tail_top - where m's histogram overflow begins: the layout's top,
 * else (rt-tests, linear) above the last bucket, a lower bound. */
int64_t rtb_tail_top(const struct rtb_rf_metric *m);
/* rtb_tail_above - rtb_tail_count_from's [*lo, *hi] for many levels of one
 * metric, each in O(log buckets): made once (rtb_tail_above_make, the
 * buckets' counts summed from the top), freed with free(a->suf). Buckets
 * out of order, or no memory: each level counted as rtb_tail_count_from. */
struct rtb_tail_above {
	const struct rtb_rf_metric *m;
	uint64_t *suf;   /* suf[i]: the counts of buckets i.. (NULL: count each) */
};
void rtb_tail_above_make(const struct rtb_rf_metric *m, struct rtb_tail_above *a);
void rtb_tail_above(const struct rtb_tail_above *a, int64_t e, uint64_t *lo, uint64_t *hi);
/* rtb_tail_count_from - samples >= e (an integer level) from m's
 * histogram, as [*lo, *hi], and the bucket edges around e. */
void rtb_tail_count_from(const struct rtb_rf_metric *m, int64_t e, uint64_t *lo, uint64_t *hi,
			 int64_t *edge_lo, int64_t *edge_hi);

/* ---- tail_steady.c: the intervals, or equal blocks of the samples ---- */

struct rtb_tail_blocks {
	size_t n;
	double *w;                /* share of the samples */
	double *max;              /* block maximum (ns) */
	uint64_t *cnt;            /* samples in it */
	double *q;                /* its p99.9 (pq 0.001) or p99 (pq 0.01); NULL: none */
	size_t *iv;               /* the interval it is (m->intervals[iv[i]]); NULL: blocks of samples */
	double pq;
	double t0_s, len_s;       /* block i covers [t0 + i len, ...) s; len 0: unknown */
	const struct rtb_rf_metric *m;
	int whole;                /* from the samples: per-block counts possible */
};

/* rtb_tail_blocks_make - m's intervals as blocks, else (a count run of
 * 800 samples or more) up to 50 equal blocks of its samples; b->n 0 when
 * there are fewer than 2. 0 or RTB_ENOMEM (free b either way). */
int rtb_tail_blocks_make(const struct rtb_rf_metric *m, double period_ns,
			 struct rtb_tail_blocks *b);
void rtb_tail_blocks_free(struct rtb_tail_blocks *b);
/* rtb_tail_steadiness - the tests of independence, trend, occupancy,
 * dispersion and the worst samples' scan on b into s, the first failure
 * said in s->failed and where it shows in s->burst. */
void rtb_tail_steadiness(const struct rtb_rf_metric *m, const struct rtb_tail_blocks *b,
			 struct rtb_tail_steady *s);

/* ---- tail_fit.c ---- */

/* rtb_tail_fit_metric - t->fit: the generalized Pareto tail of t->m (when
 * t->st passed), its return levels and, with run_n > 0, the prediction of
 * a run of run_n samples into t->plan. */
void rtb_tail_fit_metric(struct rtb_tail *t, const struct rtb_tail_opts *o, double run_n);

/* ---- tail_plan.c ---- */

/* rtb_tail_run_samples - the samples of the run asked for (--plan, on
 * plan-cpus CPUs), 0 when none was asked or the period is unknown. */
double rtb_tail_run_samples(const struct rtb_tail *t, const struct rtb_tail_opts *o);
/* rtb_tail_spread_extra - the variance of the log rate between this run
 * and one of run_h hours (see tail_plan.c). */
double rtb_tail_spread_extra(const struct rtb_tail *t, const struct rtb_tail_opts *o, double run_h);
/* rtb_tail_max_free - the planned run's maximum from b's maxima alone
 * (order statistics), into t->plan. */
void rtb_tail_max_free(const struct rtb_tail_opts *o, const struct rtb_tail_blocks *b,
		       struct rtb_tail *t);
/* rtb_tail_plan_run - t->plan: a --target's run length, a --plan's
 * expected and predicted counts. */
void rtb_tail_plan_run(const struct rtb_rf *r, const struct rtb_tail_opts *o, struct rtb_tail *t);

#endif
