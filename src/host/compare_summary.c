/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the comparison's prose: one summary per measurement in
 * the study's words, drawn from the verdict (verdict.c) and the figures the
 * table shows. Split out of compare.c; the model is built there. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare.h"
#include "host/compare_int.h"

static void cmp_pct_phrase(struct rtb_sb *b, double d, const char *more, const char *less)
{
	double a = fabs(d) * 100;

	if (!isfinite(d))
		rtb_sb_printf(b, "different");
	else if (a < 5)
		rtb_sb_printf(b, "slightly %s (%+.1f%%)", d > 0 ? more : less, d * 100);
	else
		rtb_sb_printf(b, "about %.0f%% %s", a, d > 0 ? more : less);
}

/* spread_ns - p99 - p50: the robust spread "more consistent" is judged by
 * (the stddev is one host spike's plaything on a shared machine) */
static double spread_ns(const struct rtb_rf_metric *m)
{
	return (double)(m->pct[2] - m->pct[0]);
}

/* cmp_tails - the tails as tails: differences shown, never tested. */
static void cmp_tails(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
		      const struct rtb_cmp_cell *ce, const struct rtb_cmp_cell *bc)
{
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	char v1[32], v2[32], d[32];

	rtb_sb_printf(b, "Tails (reported, not tested): p99 ");
	rtb_cmp_fmt_pct(d, sizeof(d), ce->d_p99);
	rtb_sb_printf(b, "%s", d);
	if (ce->has_vd && ce->vd.has_p99 && ce->vd.p99_noise_pct >= 0 && ce->nr >= 2 && bc->nr >= 2)
		rtb_sb_printf(b, " (rounds' p99 spread +-%.1f%%)", ce->vd.p99_noise_pct);
	if (isfinite(ce->d_p999)) {
		rtb_cmp_fmt_pct(d, sizeof(d), ce->d_p999);
		rtb_sb_printf(b, ", p99.9 %s", d);
	}
	rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->max, cm->unit);
	rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->max, cm->unit);
	rtb_sb_printf(b, ", max %s vs %s %s. ", v1, v2, tu);
}

/* rtb_cmp_summary - one verdict per system against the first: the direction
 * and size of the median shift with its interval, judged against the
 * run-to-run noise of the rounds; the probability of superiority; the
 * tails as tails. "Lower latency" and "more consistent" come from the
 * medians and p99 - p50, never from mean and stddev. */
int rtb_cmp_summary(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_cmp_cell *bc;
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	struct rtb_sb b = { 0 };
	char v1[32], v2[32], s1[32], s2[32];
	size_t i, ncmp = 0, ndiff = 0;
	int fast = -1, steady = -1;
	double ci_level = 100.0 * (1 - c->alpha);

	if (cm->base < 0 || cm->nusable < 2) {
		cm->summary = strdup("");
		return cm->summary ? 0 : RTB_ENOMEM;
	}
	bc = &cm->cell[cm->base];
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];

		if (!ce->usable)
			continue;
		if (rtb_cmp_noisy(c, i) || rtb_cmp_noisy(c, (size_t)cm->base)) {
			if ((int)i != cm->base)
				rtb_sb_printf(&b, "%s vs %s: no timing verdict (emulated without "
					      "-icount: the times are host noise). ",
					      c->labels[i], c->labels[cm->base]);
			continue;
		}
		if (fast < 0 || ce->m->pct[0] < cm->cell[fast].m->pct[0])
			fast = (int)i;
		if (steady < 0 || spread_ns(ce->m) < spread_ns(cm->cell[steady].m))
			steady = (int)i;
		if ((int)i == cm->base)
			continue;
		ncmp++;
		rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->pct[0], cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->pct[0], cm->unit);
		if (!ce->has_vd || ce->vd.kind == RTB_VD_UNTESTED) {
			rtb_sb_printf(&b, "%s vs %s: median %s vs %s %s (%+.1f%%); no verdict: %s has "
				      "fewer than two rounds, so its run-to-run noise is unknown "
				      "(schema-1 file or --rounds 1). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu,
				      100.0 * ce->d_p50,
				      ce->nr < 2 ? c->labels[i] : c->labels[cm->base]);
		} else if (ce->vd.kind == RTB_VD_NOISE) {
			rtb_sb_printf(&b, "%s and %s: median %s vs %s %s (%+.1f%%, %.0f%% CI %+.1f%% to "
				      "%+.1f%%), within run-to-run noise (+-%.1f%%). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu,
				      ce->vd.shift_pct, ci_level, ce->vd.ci_lo_pct, ce->vd.ci_hi_pct,
				      ce->vd.noise_pct);
		} else {
			char pv[32];
			rtb_cmp_fmt_p(pv, sizeof(pv), ce->vd.p);
			ndiff++;
			rtb_sb_printf(&b, "%s has ", c->labels[i]);
			cmp_pct_phrase(&b, ce->vd.shift_pct / 100.0, "higher", "lower");
			rtb_sb_printf(&b, " median latency than %s (%s vs %s %s; %.0f%% CI %+.1f%% to "
				      "%+.1f%%, Welch p %s on %zu and %zu round medians; beyond "
				      "run-to-run noise +-%.1f%%). ",
				      c->labels[cm->base], v1, v2, tu, ci_level, ce->vd.ci_lo_pct,
				      ce->vd.ci_hi_pct, pv, ce->nr, bc->nr, ce->vd.noise_pct);
		}
		if (ce->has_test)
			rtb_sb_printf(&b, "P(%s < %s) = %.2f. ", c->labels[i], c->labels[cm->base],
				      ce->p_lower);
		cmp_tails(&b, cm, ce, bc);
	}
	if (ncmp == 1 && cm->nusable == 2 && fast >= 0 && steady >= 0) {
		int other = -1;

		for (i = 0; other < 0 && i < c->nsys; i++)
			if (cm->cell[i].usable && (int)i != steady)
				other = (int)i;
		int steadier = other >= 0 &&
			spread_ns(cm->cell[steady].m) * 1.1 < spread_ns(cm->cell[other].m);
		if (steadier) {
			rtb_cmp_fmt_time(s1, sizeof(s1), spread_ns(cm->cell[steady].m), cm->unit);
			rtb_cmp_fmt_time(s2, sizeof(s2), spread_ns(cm->cell[other].m), cm->unit);
		}
		if (ndiff && steadier)
			rtb_sb_printf(&b, "%s has the lower latency; %s is more consistent (p99-p50 %s vs %s %s).",
				      c->labels[fast], c->labels[steady], s1, s2, tu);
		else if (ndiff)
			rtb_sb_printf(&b, "%s has the lower latency; both are about as consistent (p99-p50).",
				      c->labels[fast]);
		else if (steadier)
			rtb_sb_printf(&b, "Neither is shown to have lower latency; %s is more consistent "
				      "(p99-p50 %s vs %s %s).", c->labels[steady], s1, s2, tu);
		else
			rtb_sb_printf(&b, "Neither is shown to have lower latency; both are about as "
				      "consistent (p99-p50).");
	} else if (ncmp > 1) {
		rtb_sb_printf(&b, "Lowest median: %s; smallest p99-p50 (most consistent): %s.",
			      c->labels[fast], c->labels[steady]);
	}
	if (b.failed) {
		rtb_sb_free(&b);
		return RTB_ENOMEM;
	}
	/* trim a trailing space */
	if (b.len && b.s[b.len - 1] == ' ')
		b.s[--b.len] = 0;
	cm->summary = b.s ? b.s : strdup("");
	return cm->summary ? 0 : RTB_ENOMEM;
}
