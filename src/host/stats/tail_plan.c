/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - how long to run (host/tail.h): the run that shows a
 * --target rate with no crossing, and what a --plan run of a given length
 * will count and reach, with the spread of the rate between runs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/stats/tail_int.h"

/* rtb_tail_spread_extra - the variance of the log rate between this run and one
 * of run_h hours, from this run alone: its intervals' spread tau taken
 * as the size of a move of the machine's level between runs too (at its
 * upper limit, also when none shows), plus
 * what each run's mean keeps of the intervals' spread (this run's
 * effective intervals, the other's as many intervals of the same length,
 * as autocorrelated), at least the change between this run's halves
 * (rtb_tstat_between_runs). --run-spread, a spread measured between
 * whole runs, replaces it when larger. 0 without a spread. */
double rtb_tail_spread_extra(const struct rtb_tail *t, const struct rtb_tail_opts *o, double run_h)
{
	const struct rtb_tail_steady *s = &t->st;
	/* --run-spread: this run's log rate and the next one's each vary by
	 * it around the machine's */
	double between = 2 * o->run_spread * o->run_spread, b2, n2;

	if (!s->has_spread)
		return between;
	n2 = s->block_s > 0 && run_h > 0 ? run_h * 3600 / s->block_s : (double)s->nblocks;
	b2 = n2 * (1 - s->spread_rho) / (1 + s->spread_rho);
	return fmax(between, rtb_tstat_between_runs(s->spread_tau, s->spread_sampling * s->spread_sampling,
						  s->nspread, s->spread_beff, b2,
						  s->has_halves ? s->spread_halves2 : 0));
}

/* count_why - why another run's count over thr_ns is not predicted from
 * this one ("" when it is). The prediction's own assumption is a
 * rate that moves around a level, not a steady one - the spread between
 * intervals, their autocorrelation, a bunched tail are in its width
 * (rtb_tail_spread_extra) - so only what breaks that refuses it: a trend (the
 * level itself moving), a spread so large that the rate is bursts, a
 * threshold above the level the spread was measured at whose crossings
 * the occupancy test found bunched (bursts the spread cannot see), or no
 * interval series to measure the spread on (unless the user vouched for
 * the file). */
static void count_why(const struct rtb_tail *t, const struct rtb_tail_opts *o, int64_t thr_ns,
		      char *why, size_t len)
{
	const struct rtb_tail_steady *s = &t->st;
	char lv[32];

	why[0] = 0;
	if (o->assume_steady)
		return;
	if (s->has_mk && s->mk_p < RTB_TAIL_ALPHA)
		snprintf(why, len, "not predicted: no trend (Mann-Kendall on the %s' maxima) failed "
			 "(z = %+.2f, p = %.2g): a level that moves says nothing of the next run",
			 s->blocks_are, s->mk_z, s->mk_p);
	else if (s->has_spread && s->spread_tau > 1)
		/* a gamma of squared variation several times 1 puts most of
		 * its weight at 0: the 90% interval would be [0, 0] or [0, a
		 * few], which says nothing true of a count that comes in bursts */
		snprintf(why, len, "not predicted: the rate varies by %.0f%% between %s (beyond 100%%: "
			 "bursts, not a rate to carry to another run)", 100 * s->spread_tau, s->blocks_are);
	else if (s->has_spread && (double)thr_ns > s->spread_level_ns && s->has_occ &&
		 s->occ_p < RTB_TAIL_ALPHA) {
		snprintf(lv, sizeof(lv), "%.4g us", s->spread_level_ns / 1e3);
		snprintf(why, len, "not predicted: above %s, where the spread was measured, the "
			 "crossings come bunched (occupancy p = %.2g)", lv, s->occ_p);
	} else if (!s->has_spread)
		snprintf(why, len, "not predicted: the rate's spread between %s not measured (%zu %s; "
			 "--assume-steady predicts from sampling alone)", s->nblocks ? s->blocks_are :
			 "intervals", s->nblocks, s->nblocks ? s->blocks_are : "intervals in the file");
}

/* rtb_tail_run_samples - the samples of the run asked for (--plan, on plan-cpus
 * CPUs), 0 when none was asked or the period is unknown. */
double rtb_tail_run_samples(const struct rtb_tail *t, const struct rtb_tail_opts *o)
{
	if (!(o->plan_h > 0) || !(t->period_ns > 0))
		return 0;
	return o->plan_h * RTB_TAIL_NS_PER_H / t->period_ns * (o->plan_cpus > 0 ? o->plan_cpus : t->ncpus);
}

/* plan_target - how long a run must go with no crossing to show a rate
 * below the target, unless this run already refutes it: a threshold
 * whose rate's 95% interval lies wholly above the target is "not met",
 * by how much, and no run length shows it. */
static void plan_target(const struct rtb_tail_opts *o, struct rtb_tail *t)
{
	struct rtb_tail_plan *p = &t->plan;
	double tp = o->target_p;

	p->has_target = 1;
	p->target_p = tp;
	p->target_per_h = o->target_per_h > 0 ? o->target_per_h : tp * RTB_TAIL_NS_PER_H / t->period_ns;
	/* zero crossings in n samples show p < target at 95% when
	 * (1 - target)^n <= 0.05; a target so small that n is beyond a
	 * double (1e-300/d) is taken from the rate per CPU-hour:
	 * -ln(0.05) / rate CPU-hours */
	p->zero_n = tp > 0 ? ceil(log(1 - RTB_TAIL_CONF) / log1p(-tp)) : INFINITY;
	p->zero_h = isfinite(p->zero_n) ? p->zero_n * t->period_ns / RTB_TAIL_NS_PER_H / p->cpus :
		-log(1 - RTB_TAIL_CONF) / p->target_per_h / p->cpus;
	for (size_t i = 0; i < t->nexc; i++) {
		const struct rtb_tail_exc *e = &t->exc[i];
		/* in the target's own unit: per CPU-hour when given so and the
		 * time is known, else per sample */
		int per_h = o->target_per_h > 0 && e->hours > 0;
		double x = per_h ? e->per_h : (double)(e->k_lo + e->k_hi) / 2 / (double)e->n;
		double lo = per_h ? e->per_h_lo : e->p_lo, tg = per_h ? o->target_per_h : tp;

		if (!(lo > tg))
			continue;
		p->not_met[i] = 1;
		p->by[i] = tg > 0 ? x / tg : INFINITY;
		p->by_lo[i] = tg > 0 ? lo / tg : INFINITY;
	}
}

void rtb_tail_plan_run(const struct rtb_rf *r, const struct rtb_tail_opts *o, struct rtb_tail *t)
{
	struct rtb_tail_plan *p = &t->plan;
	(void)r;
	p->period_ns = t->period_ns;
	p->cpus = o->plan_cpus > 0 ? o->plan_cpus : t->ncpus;
	if ((o->target_p > 0 || o->target_per_h > 0) && t->period_ns > 0)
		plan_target(o, t);
	if (o->plan_h > 0 && t->period_ns > 0) {
		p->has_run = 1;
		if (o->run_spread > 0)
			snprintf(p->covers, sizeof(p->covers), "the intervals hold the chance of sampling, the "
				 "fit's own uncertainty and a spread of the rate between runs of %.0f%% (--run-spread); "
				 "a machine that changes more than that between runs is not covered", 100 * o->run_spread);
		else
			snprintf(p->covers, sizeof(p->covers), "the intervals hold the chance of sampling, the "
				 "fit's own uncertainty, the change this run showed between its intervals and "
				 "its halves, and a move of the machine between runs as large as an "
				 "interval's against its run's; not a larger one (docs/tail.md, hold-out; "
				 "--run-spread adds a measured one)");
		p->run_h = o->plan_h;
		p->run_n = rtb_tail_run_samples(t, o);
		p->pred_spread = sqrt(rtb_tail_spread_extra(t, o, p->run_h));
		for (size_t i = 0; i < t->nexc; i++) {
			const struct rtb_tail_exc *e = &t->exc[i];
			double mid = (double)(e->k_lo + e->k_hi) / 2 / (double)e->n;
			p->exp_k[i] = mid * p->run_n;
			p->exp_k_lo[i] = e->p_lo * p->run_n;
			p->exp_k_hi[i] = e->p_hi * p->run_n;
			p->pred_k_lo[i] = p->pred_k_hi[i] = NAN;
			count_why(t, o, e->thr_ns, p->pred_why[i], sizeof(p->pred_why[i]));
			if (p->pred_why[i][0])
				continue;
			/* a bracketed count: the lower end from its fewest, the upper from its most */
			p->pred_k_lo[i] = rtb_tstat_count_predict((double)e->k_lo, (double)e->n, p->run_n,
							       rtb_tail_spread_extra(t, o, p->run_h), 0.05);
			p->pred_k_hi[i] = rtb_tstat_count_predict((double)e->k_hi, (double)e->n, p->run_n,
							       rtb_tail_spread_extra(t, o, p->run_h), 0.95);
		}
	}
}

/* rtb_tail_max_free - the planned run's maximum from this run's blocks' maxima
 * alone (order statistics; docs/tail.md "The maximum whatever the law"):
 * the next run's blocks and this run's, all exchangeable, leave the rank
 * of the next maximum among them uniform. Exchangeable is what the tests
 * on the maxima check (independence, no trend, occupancy, the worst
 * samples' scan); the dispersion of a lower level's counts is about the
 * rate there, not the maxima, and does not refuse it. */
void rtb_tail_max_free(const struct rtb_tail_opts *o, const struct rtb_tail_blocks *b,
		       struct rtb_tail *t)
{
	const struct rtb_tail_steady *s = &t->st;
	struct rtb_tail_plan *p = &t->plan;
	double run_n = rtb_tail_run_samples(t, o), *x;

	if (!(run_n > 0))
		return;
	if (b->n < 8 || !s->has_lb || !s->has_mk || !s->has_occ) {
		if (!b->n)
			snprintf(p->free_why, sizeof(p->free_why), "not predicted: the file has no interval "
				 "series (8 intervals' maxima needed)");
		else
			snprintf(p->free_why, sizeof(p->free_why), "not predicted: %zu %s (8 needed to test "
				 "that their maxima are exchangeable)", b->n, s->blocks_are);
		return;
	}
	if (s->lb_p < RTB_TAIL_ALPHA || s->mk_p < RTB_TAIL_ALPHA || s->occ_p < RTB_TAIL_ALPHA ||
	    (s->has_scan && s->scan_p < RTB_TAIL_ALPHA)) {
		snprintf(p->free_why, sizeof(p->free_why), "not predicted: the %s' maxima are not shown "
			 "exchangeable (%s p = %.2g)", s->blocks_are,
			 s->lb_p < RTB_TAIL_ALPHA ? "independence" : s->mk_p < RTB_TAIL_ALPHA ? "trend" :
			 s->occ_p < RTB_TAIL_ALPHA ? "occupancy" : "worst samples' scan",
			 s->lb_p < RTB_TAIL_ALPHA ? s->lb_p : s->mk_p < RTB_TAIL_ALPHA ? s->mk_p :
			 s->occ_p < RTB_TAIL_ALPHA ? s->occ_p : s->scan_p);
		return;
	}
	if (!(x = malloc(b->n * sizeof(*x))))
		return;
	memcpy(x, b->max, b->n * sizeof(*x));
	/* the planned run in blocks of this run's mean size */
	p->free_blocks = run_n / ((double)t->m->count / (double)b->n);
	p->free_m = b->n;
	p->has_free = rtb_tstat_max_predict(x, b->n, p->free_blocks, &p->free_lo_ns, &p->free_med_ns,
					 &p->free_hi_ns, &p->free_beyond, &p->free_below) == 0;
	free(x);
}
