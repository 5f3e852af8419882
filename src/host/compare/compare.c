/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the comparison model behind `rtbench compare` and
 * `rtbench report`: the study's side-by-side tables for any number of
 * systems.
 *
 * One table per measurement (rows = statistics, columns = systems, like the
 * study's Tables 1-5), the first system as baseline for relative
 * differences. The verdict per later system is verdict.c's: Welch's t-test
 * on the logarithm of the rounds' medians (the run, not the sample, is the
 * unit), a shift called only beyond the rounds' own run-to-run noise. The
 * Mann-Whitney U statistic on the samples (or histogram buckets) is shown
 * as P(this < first), an effect size; it decides nothing, since with
 * thousands of correlated samples any difference is "significant".
 * The rows' words and figures are compare_rows.c's; "note:" lines
 * (compare_notes.c) say where the runs were measured differently; a
 * sentence in the study's words (compare_summary.c) sums it up. Output
 * as text, markdown, CSV or JSON; all render this model. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/port.h"

#include "rtbench/err.h"
#include "host/compare/compare.h"

#include "host/compare/compare_int.h"

/* ---- loading ----------------------------------------------------------- */

void rtb_cmp_free_files(struct rtb_rf *f, size_t n)
{
	size_t i;

	if (!f)
		return;
	for (i = 0; i < n; i++)
		rtb_rf_free(&f[i]);
	free(f);
}

int rtb_cmp_share_metric(const struct rtb_rf *a, const struct rtb_rf *b)
{
	size_t i;

	for (i = 0; i < a->nmetrics; i++) {
		const struct rtb_rf_metric *m = rtb_rf_find(b, a->metrics[i].id);

		if (a->metrics[i].has_stats && m && m->has_stats)
			return 1;
		/* a summary (rt-tests min/avg/max) is shown beside the same id */
		if (m && (a->metrics[i].summary_only || m->summary_only))
			return 1;
	}
	return 0;
}

/* ---- the model --------------------------------------------------------- */

int rtb_cmp_push(char ***list, size_t *n, char *s)
{
	char **nl;

	if (!s)
		return RTB_ENOMEM;
	nl = realloc(*list, (*n + 1) * sizeof(**list));
	if (!nl) {
		free(s);
		return RTB_ENOMEM;
	}
	nl[(*n)++] = s;
	*list = nl;
	return 0;
}

/* rtb_cmp_noisy - system i was emulated without -icount: its times are the
 * host's emulation noise, so no timing verdict is drawn from it. */
int rtb_cmp_noisy(const struct rtb_cmp *c, size_t i)
{
	return c->sys[i].emu.present && c->sys[i].emu.icount_shift < 0;
}


static double cmp_rel(double v, double base)
{
	return base != 0 ? (v - base) / base : NAN;
}

/* cell_rounds - the file's round medians and p99s as doubles. */
static int cell_rounds(struct rtb_cmp_cell *ce)
{
	const struct rtb_rf_metric *m = ce->m;

	ce->nr = 0;
	if (!m->nrounds) {
		/* one round: the whole run is its only round */
		ce->r50 = malloc(sizeof(double));
		ce->r99 = malloc(sizeof(double));
		if (!ce->r50 || !ce->r99)
			return RTB_ENOMEM;
		ce->r50[0] = (double)m->pct[0];
		ce->r99[0] = (double)m->pct[2];
		ce->nr = 1;
		return 0;
	}
	ce->r50 = malloc(m->nrounds * sizeof(double));
	ce->r99 = malloc(m->nrounds * sizeof(double));
	if (!ce->r50 || !ce->r99)
		return RTB_ENOMEM;
	for (size_t k = 0; k < m->nrounds; k++) {
		ce->r50[k] = (double)m->rounds[k].p50;
		ce->r99[k] = (double)m->rounds[k].p99;
	}
	ce->nr = m->nrounds;
	return 0;
}

/* cmp_icount - systems i and j both counted instructions at one icount
 * shift: they may be deterministic (a firmware under QEMU repeats bit for
 * bit, e2e/freertos_qemu) or not (a Linux guest's p99 and max move from
 * boot to boot, bench/kernels.sh): cmp_shown_exact tells from the rounds. */
static int cmp_icount(const struct rtb_cmp *c, size_t i, size_t j)
{
	return rtb_rf_kind(&c->sys[i]) == RTB_RF_INSNS && rtb_rf_kind(&c->sys[j]) == RTB_RF_INSNS &&
	       c->sys[i].emu.icount_shift == c->sys[j].emu.icount_shift;
}

/* tick_ns - one tick of system i's counter (the stamps' quantum), ns;
 * 1 when the file does not say. */
static double tick_ns(const struct rtb_cmp *c, size_t i)
{
	const char *v = rtb_rf_kv_get(&c->sys[i].clock, "ticks_per_ns");
	double t = v ? strtod(v, NULL) : 0;

	return t > 0 ? 1.0 / t : 1.0;
}

void rtb_cmp_exact_verdict(double a, double b, double tol_ns, struct rtb_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->shift_pct = a > 0 ? 100.0 * (b - a) / a : NAN;
	v->ci_lo_pct = v->ci_hi_pct = v->p = v->t = v->df = NAN;
	v->noise_pct = a > 0 ? 100.0 * tol_ns / a : NAN;
	v->kind = !(a > 0) ? RTB_VD_UNTESTED : fabs(b - a) > tol_ns ? (b < a ? RTB_VD_LOWER : RTB_VD_HIGHER) :
		  RTB_VD_NOISE;
	v->significant = v->kind == RTB_VD_LOWER || v->kind == RTB_VD_HIGHER;
}

/* pair_tick_ns - one tick of the coarser counter of systems i and j, ns. */
static double pair_tick_ns(const struct rtb_cmp *c, size_t i, size_t j)
{
	return tick_ns(c, i) > tick_ns(c, j) ? tick_ns(c, i) : tick_ns(c, j);
}

/* rounds_agree - v[0..n) has at least 2 values, all within tol_ns of
 * each other. */
static int rounds_agree(const double *v, size_t n, double tol_ns)
{
	double lo, hi;

	if (!v || n < 2)
		return 0;
	lo = hi = v[0];
	for (size_t k = 1; k < n; k++) {
		lo = fmin(lo, v[k]);
		hi = fmax(hi, v[k]);
	}
	return hi - lo <= tol_ns;
}

/* side_shown_exact - cell s shows itself deterministic: 2 rounds or more,
 * whose medians, p99s and every tail figure known per round agree to
 * within tol_ns. One round shows nothing: the run-to-run spread is
 * unknown, not zero. */
static int side_shown_exact(const struct rtb_cmp_cell *s, double tol_ns)
{
	if (!rounds_agree(s->r50, s->nr, tol_ns) || !rounds_agree(s->r99, s->nr, tol_ns))
		return 0;
	for (int t = 0; t < RTB_CMP_NTAIL; t++)
		if (s->rt[t] && !rounds_agree(s->rt[t], s->nrt[t], tol_ns))
			return 0;
	return 1;
}

/* cmp_shown_exact - both cells show themselves deterministic to one tick
 * of the coarser counter: the exact rule may judge them. */
static int cmp_shown_exact(const struct rtb_cmp *c, const struct rtb_cmp_cell *ce, size_t i,
			   const struct rtb_cmp_cell *bc, size_t b)
{
	const double tol = pair_tick_ns(c, i, b);

	return side_shown_exact(ce, tol) && side_shown_exact(bc, tol);
}

/* cmp_exact_cell - ce against bc by the exact rule: a figure that differs
 * by more than one counter tick of the coarser counter (a sample is two
 * stamps, each read to the tick: the same path can come out one tick
 * apart) differs; the median and the tail (p99, p99.9, max) alike. */
static void cmp_exact_cell(const struct rtb_cmp *c, struct rtb_cmp_cell *ce, size_t i,
			   const struct rtb_cmp_cell *bc, size_t b)
{
	const double tol = pair_tick_ns(c, i, b);
	const double tv[RTB_CMP_NTAIL][2] = {
		{ (double)bc->m->pct[2], (double)ce->m->pct[2] },
		{ (double)bc->m->pct[3], (double)ce->m->pct[3] },
		{ (double)bc->m->max, (double)ce->m->max },
	};

	ce->exact = 1;
	ce->has_vd = 1;
	rtb_cmp_exact_verdict((double)bc->m->pct[0], (double)ce->m->pct[0], tol, &ce->vd);
	ce->significant = ce->vd.significant;
	/* a tail figure is judged only where both sides' rounds showed it
	 * repeating (side_shown_exact) */
	for (int t = 0; t < RTB_CMP_NTAIL; t++) {
		ce->has_tv[t] = ce->rt[t] && bc->rt[t] &&
				(t != RTB_CMP_TAIL_P999 || (ce->m->has_pct[3] && bc->m->has_pct[3]));
		if (ce->has_tv[t])
			rtb_cmp_exact_verdict(tv[t][0], tv[t][1], tol, &ce->tv[t]);
	}
}

/* cpu_twin - f's one metric "<prefix>@cpu<M>" standing for id
 * "<prefix>@cpu<N>": a one-CPU measurement (noise.gap) made on CPU 1 of a
 * Linux host and CPU 0 of a one-core board is the same row. NULL unless
 * f has exactly one metric with that prefix. */
static const struct rtb_rf_metric *cpu_twin(const struct rtb_rf *f, const char *id)
{
	const char *at = strstr(id, "@cpu");
	const struct rtb_rf_metric *one = NULL;

	if (!at)
		return NULL;
	for (size_t i = 0; i < f->nmetrics; i++) {
		if (strncmp(f->metrics[i].id, id, (size_t)(at - id) + 4))
			continue;
		if (one)
			return NULL;
		one = &f->metrics[i];
	}
	return one;
}

/* few_cpu_ids - f has at most a handful of per-CPU ids: twins are looked
 * for only there (a --cpus run's many are matched by their own ids, and
 * the search stays linear). */
static int few_cpu_ids(const struct rtb_rf *f)
{
	size_t n = 0;

	for (size_t i = 0; i < f->nmetrics && n <= 8; i++)
		n += strstr(f->metrics[i].id, "@cpu") != NULL;
	return n <= 8;
}

static int cmp_metric(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	struct rtb_cmp_cell *bc;
	size_t i;
	int rc;

	cm->base = -1;
	for (i = 0; i < c->nsys; i++) {
		struct rtb_cmp_cell *ce = &cm->cell[i];

		ce->m = rtb_rf_find(&c->sys[i], cm->id);
		if (!ce->m && few_cpu_ids(&c->sys[i]) && (ce->m = cpu_twin(&c->sys[i], cm->id)) &&
		    (rc = rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
			     "%s: measured as %s, its only one of this kind (another CPU number, the same "
			     "measurement)", c->labels[i], ce->m->id))))
			return rc;
		ce->usable = ce->m && ce->m->has_stats;
		ce->summary = ce->m && !ce->usable && ce->m->has_summary;
		if (ce->usable || ce->summary) {
			cm->nshown++;
			if (cm->base < 0)
				cm->base = (int)i;
		}
		if (!ce->usable)
			continue;
		cm->nusable++;
		rc = rtb_dist_from_metric(ce->m, &ce->dist);
		if (rc == RTB_ENOMEM)
			return rc;
		ce->has_dist = rc == 0;
		if ((rc = cell_rounds(ce)) || (rc = rtb_cmp_cell_tail_rounds(ce)))
			return rc;
	}
	/* Mixed inputs: when a file has only a histogram, every file is taken
	 * from its histogram, so both sides are binned the same way (samples
	 * against bucket midpoints make ties and offsets that a rank statistic
	 * reads as a difference). */
	int any_hist = 0;
	for (i = 0; i < c->nsys; i++)
		any_hist |= cm->cell[i].has_dist && cm->cell[i].dist.from_hist;
	for (i = 0; i < c->nsys && any_hist; i++) {
		struct rtb_cmp_cell *ce = &cm->cell[i];
		struct rtb_dist h;

		if (!ce->has_dist || ce->dist.from_hist)
			continue;
		rc = rtb_dist_from_hist(ce->m, &h);
		if (rc == RTB_ENOMEM)
			return rc;
		rtb_dist_free(&ce->dist);
		ce->dist = h;
		ce->has_dist = rc == 0;
	}
	if (cm->base >= 0) {
		bc = &cm->cell[cm->base];
		for (i = 0; i < c->nsys; i++) {
			struct rtb_cmp_cell *ce = &cm->cell[i];

			if ((!ce->usable && !ce->summary) || (int)i == cm->base)
				continue;
			/* instruction counts against real time: each side's own
			 * figures, no percentage between them */
			if (rtb_rf_kind(&c->sys[i]) != rtb_rf_kind(&c->sys[cm->base])) {
				ce->other_kind = c->any_other_kind = 1;
				continue;
			}
			ce->has_diff = 1;
			ce->d_mean = cmp_rel(ce->m->mean, bc->m->mean);
			ce->d_max = cmp_rel((double)ce->m->max, (double)bc->m->max);
			if (!ce->usable || !bc->usable) {
				/* a summary on a side: compared on mean and max, untested */
				ce->d_p50 = ce->d_p99 = ce->d_p999 = NAN;
				continue;
			}
			ce->d_p50 = cmp_rel((double)ce->m->pct[0], (double)bc->m->pct[0]);
			ce->d_p99 = cmp_rel((double)ce->m->pct[2], (double)bc->m->pct[2]);
			ce->d_p999 = ce->m->has_pct[3] && bc->m->has_pct[3] ?
				cmp_rel((double)ce->m->pct[3], (double)bc->m->pct[3]) : NAN;
			const int icount = cmp_icount(c, i, (size_t)cm->base);
			if (icount && cmp_shown_exact(c, ce, i, bc, (size_t)cm->base)) {
				cmp_exact_cell(c, ce, i, bc, (size_t)cm->base);
				c->any_exact = 1;
			} else if (!rtb_cmp_noisy(c, i) && !rtb_cmp_noisy(c, (size_t)cm->base)) {
				/* -icount, determinism not shown: judged on the
				 * rounds as real time is (one round: untested) */
				c->any_icount_rounds |= icount;
				struct rtb_vd_side sa = { bc->r50, bc->r99, bc->nr };
				struct rtb_vd_side sb = { ce->r50, ce->r99, ce->nr };
				ce->has_vd = rtb_verdict_compute(&sa, &sb, c->alpha, &ce->vd) == 0;
				ce->significant = ce->has_vd && (ce->vd.kind == RTB_VD_LOWER ||
								 ce->vd.kind == RTB_VD_HIGHER);
				rtb_cmp_tail_verdicts(c, ce, bc);
			}
			if (ce->has_dist && bc->has_dist && !rtb_cmp_noisy(c, i) &&
			    !rtb_cmp_noisy(c, (size_t)cm->base)) {
				rc = rtb_mwu_test(&bc->dist, &ce->dist, &ce->mwu);
				if (rc == RTB_ENOMEM)
					return rc;
				ce->has_test = rc == 0;
				/* mwu's effect size is P(B > A) + ties/2 with A the
				 * baseline: this system lower = 1 - that */
				ce->p_lower = 1 - ce->mwu.p_b_gt_a;
				if (ce->has_test && (ce->dist.from_hist || bc->dist.from_hist))
					c->any_hist_test = 1;
			}
		}
	}
	if ((rc = rtb_cmp_metric_notes(c, cm)))
		return rc;
	return rtb_cmp_summary(c, cm);
}

/* cmp_labels - each system's label, made unique so columns can be told apart. */
static int cmp_labels(struct rtb_cmp *c)
{
	size_t i, j;

	for (i = 0; i < c->nsys; i++) {
		int dup = 0;

		for (j = 0; j < c->nsys; j++)
			dup |= j != i && !strcmp(c->sys[i].label, c->sys[j].label);
		c->labels[i] = dup ? rtb_sb_strdup_printf("%s#%zu", c->sys[i].label, i + 1) :
			strdup(c->sys[i].label);
		if (!c->labels[i])
			return RTB_ENOMEM;
	}
	return 0;
}

int rtb_cmp_build(struct rtb_cmp *c, struct rtb_rf *files, size_t n, double alpha)
{
	size_t i, j, k, cap = 0;
	int rc;

	memset(c, 0, sizeof(*c));
	c->sys = files;
	c->nsys = n > RTB_CMP_MAX_SYS ? RTB_CMP_MAX_SYS : n;
	c->alpha = alpha;
	if ((rc = cmp_labels(c)))
		return rc;
	for (i = 0; i < c->nsys; i++)
		cap += files[i].nmetrics;
	c->metrics = calloc(cap + 1, sizeof(*c->metrics));
	if (!c->metrics)
		return RTB_ENOMEM;
	/* metrics in order of first appearance, first file first; ids seen
	 * are hashed (pairwise matching was quadratic: 100k metrics, 100 s) */
	struct rtb_idset seen = { 0 };
	if (rtb_idset_reserve(&seen, cap))
		return RTB_ENOMEM;
	for (i = 0; i < c->nsys; i++) {
		for (j = 0; j < files[i].nmetrics; j++) {
			const struct rtb_rf_metric *m = &files[i].metrics[j];

			if (rtb_idset_find(&seen, m->id, NULL))
				continue;
			/* the same one-CPU measurement on another CPU number: the
			 * row an earlier file made (cpu_twin) */
			int twin = 0;
			if (strstr(m->id, "@cpu") && few_cpu_ids(&files[i]) && cpu_twin(&files[i], m->id) == m)
				for (k = 0; k < c->nmetrics && !twin; k++)
					twin = !rtb_rf_find(&files[i], c->metrics[k].id) &&
					       cpu_twin(&files[i], c->metrics[k].id) == m;
			if (twin)
				continue;
			k = c->nmetrics;
			rtb_idset_add(&seen, m->id, k, NULL); /* reserved: cannot fail */
			c->metrics[k].id = m->id;
			c->metrics[k].title = m->title;
			c->metrics[k].study_table = m->study_table;
			c->metrics[k].group = m->group;
			c->metrics[k].unit = m->unit;
			c->nmetrics++;
		}
	}
	rtb_idset_free(&seen);
	/* a metric with a group (the other suites' patterns) after every one
	 * without, in the same order otherwise: their table of their own
	 * comes after the study's, whichever file named them first */
	struct rtb_cmp_metric *tmp = calloc(c->nmetrics + 1, sizeof(*tmp));
	size_t nt = 0;
	if (!tmp)
		return RTB_ENOMEM;
	for (int pass = 0; pass < 2; pass++)
		for (k = 0; k < c->nmetrics; k++)
			if ((c->metrics[k].group != NULL) == pass)
				tmp[nt++] = c->metrics[k];
	memcpy(c->metrics, tmp, c->nmetrics * sizeof(*tmp));
	free(tmp);
	for (k = 0; k < c->nmetrics; k++) {
		if ((rc = cmp_metric(c, &c->metrics[k])))
			return rc;
	}
	return rtb_cmp_run_notes(c);
}

static void cmp_free_list(char **l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

void rtb_cmp_free(struct rtb_cmp *c)
{
	size_t i, k;

	for (k = 0; k < c->nmetrics; k++) {
		struct rtb_cmp_metric *cm = &c->metrics[k];

		for (i = 0; i < RTB_CMP_MAX_SYS; i++) {
			rtb_dist_free(&cm->cell[i].dist);
			free(cm->cell[i].r50);
			free(cm->cell[i].r99);
			for (int t = 0; t < RTB_CMP_NTAIL; t++)
				free(cm->cell[i].rt[t]);
			free(cm->cell[i].rmiss);
		}
		cmp_free_list(cm->notes, cm->nnotes);
		free(cm->summary);
		free(cm->thr);
		free(cm->fit);
	}
	free(c->metrics);
	cmp_free_list(c->notes, c->nnotes);
	for (i = 0; i < RTB_CMP_MAX_SYS; i++)
		free(c->labels[i]);
	memset(c, 0, sizeof(*c));
}
