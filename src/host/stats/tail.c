/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - one metric's tail (host/tail.h, docs/tail.md): how often
 * each threshold was crossed, with exact intervals (tail_count.c); whether
 * the tail was steady across the run (tail_steady.c); an extreme-value fit
 * only where that holds (tail_fit.c); how long a run shows a rate
 * (tail_plan.c). Reads any metric the result reader loads: rtbench's count
 * runs (every sample), its long runs (histogram and interval series) and
 * rt-tests --json histograms (1 us buckets). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/stats/tail_int.h"

int rtb_tail_ncpus(const struct rtb_rf *r, const struct rtb_rf_metric *m)
{
	size_t l = strlen(m->id);
	int n = 0;

	if (strstr(m->id, "@cpu"))
		return 1;
	if (r->long_ncpus > 0)
		return (int)r->long_ncpus;
	/* its per-CPU metrics follow it (rtbench's writer, the rt-tests
	 * reader): counted where they stand, so a file of many metrics costs
	 * no more than it has */
	if (m < r->metrics || m >= r->metrics + r->nmetrics)
		return 1;
	for (const struct rtb_rf_metric *x = m + 1; x < r->metrics + r->nmetrics &&
	     !strncmp(x->id, m->id, l) && !strncmp(x->id + l, "@cpu", 4); x++)
		n++;
	return n > 0 ? n : 1;
}

double rtb_tail_cpu_hours(const struct rtb_rf *r, const struct rtb_rf_metric *m, double period_ns,
			  int *from_period)
{
	*from_period = 0;
	if (m->elapsed_ns > 0)
		return (double)m->elapsed_ns / RTB_TAIL_NS_PER_H * rtb_tail_ncpus(r, m);
	if (period_ns > 0 && m->count) {
		*from_period = 1;
		return (double)m->count * period_ns / RTB_TAIL_NS_PER_H;
	}
	return 0;
}

int rtb_tail_analyze(const struct rtb_rf *r, const struct rtb_rf_metric *m,
		     const struct rtb_tail_opts *o, struct rtb_tail *t)
{
	struct rtb_tail_blocks b;
	const char *per = rtb_rf_kv_get(&r->settings, "period_ns");
	double hours;
	int rc;

	memset(t, 0, sizeof(*t));
	t->m = m;
	/* a summary with its overflowed histogram (rt-tests -h too small)
	 * still has exact counts over the thresholds below the overflow */
	if (!(m->has_stats || (m->summary_only && m->has_hist)) || !m->count)
		return RTB_EINVAL;
	t->period_ns = per ? strtod(per, NULL) : 0;
	if (!(t->period_ns > 0))
		t->period_ns = 0;
	t->ncpus = rtb_tail_ncpus(r, m);
	hours = rtb_tail_cpu_hours(r, m, t->period_ns, &t->hours_from_period);
	t->hours = hours;
	for (size_t i = 0; i < o->nthr && i < RTB_TAIL_MAX_THR; i++) {
		rtb_tail_count(m, o->thr_ns[i], &t->exc[i]);
		rtb_tail_rates(&t->exc[i], hours);
		t->nexc++;
	}
	if ((rc = rtb_tail_blocks_make(m, t->period_ns, &b))) {
		rtb_tail_blocks_free(&b);
		return rc;
	}
	rtb_tail_steadiness(m, &b, &t->st);
	rtb_tail_max_free(o, &b, t);
	rtb_tail_blocks_free(&b);
	if (!o->no_fit)
		rtb_tail_fit_metric(t, o, rtb_tail_run_samples(t, o));
	else
		snprintf(t->fit.why, sizeof(t->fit.why), "not estimated: not asked for");
	rtb_tail_plan_run(r, o, t);
	return 0;
}
