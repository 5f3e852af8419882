/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the comparison's prose: one summary per measurement in
 * the study's words, drawn from the verdict (verdict.c) and the figures the
 * table shows. Split out of compare.c; the model is built there. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare/compare.h"
#include "host/compare/compare_int.h"

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

/* tail_value - the file's own figure of tail statistic t. */
static double tail_value(const struct rtb_rf_metric *m, int t)
{
	if (t == RTB_CMP_TAIL_P99)
		return (double)m->pct[2];
	if (t == RTB_CMP_TAIL_P999)
		return m->has_pct[3] ? (double)m->pct[3] : NAN;
	return (double)m->max;
}

static double tail_diff(const struct rtb_cmp_cell *ce, int t)
{
	return t == RTB_CMP_TAIL_P99 ? ce->d_p99 : t == RTB_CMP_TAIL_P999 ? ce->d_p999 : ce->d_max;
}

#define TAIL_MIXED (-1)

/* tail_call - ce's tail verdicts folded into one: HIGHER or LOWER when
 * every statistic called points that way, TAIL_MIXED when they disagree,
 * NOISE when tested and none called, UNTESTED when none was tested. */
static int tail_call(const struct rtb_cmp_cell *ce)
{
	int hi = 0, lo = 0, tested = 0;

	for (int t = 0; t < RTB_CMP_NTAIL; t++) {
		if (!ce->has_tv[t] || ce->tv[t].kind == RTB_VD_UNTESTED)
			continue;
		tested++;
		hi += ce->tv[t].kind == RTB_VD_HIGHER;
		lo += ce->tv[t].kind == RTB_VD_LOWER;
	}
	if (hi && lo)
		return TAIL_MIXED;
	if (hi || lo)
		return hi ? RTB_VD_HIGHER : RTB_VD_LOWER;
	return tested ? RTB_VD_NOISE : RTB_VD_UNTESTED;
}

/* tail_list - the names of the tail statistics whose verdict is kind, as
 * "p99.9 and max" (with each one's shift and noise if detail). */
static int tail_list(struct rtb_sb *b, const struct rtb_cmp_cell *ce, enum rtb_vd_kind kind,
		     int detail)
{
	int n = 0, total = 0, t;

	for (t = 0; t < RTB_CMP_NTAIL; t++)
		total += ce->has_tv[t] && ce->tv[t].kind == kind;
	for (t = 0; t < RTB_CMP_NTAIL; t++) {
		if (!ce->has_tv[t] || ce->tv[t].kind != kind)
			continue;
		rtb_sb_printf(b, "%s%s", n == 0 ? "" : n == total - 1 ? " and " : ", ",
			      rtb_cmp_tail_name((enum rtb_cmp_tail)t));
		if (detail && kind == RTB_VD_NOISE)
			rtb_sb_printf(b, " (+-%.0f%%)", ce->tv[t].noise_pct);
		else if (detail)
			rtb_sb_printf(b, " (rounds %+.0f%%, spread +-%.0f%%)", ce->tv[t].shift_pct,
				      ce->tv[t].noise_pct);
		n++;
	}
	return n;
}

/* unbounded - what leaves m's worst case beyond what was measured: timer
 * periods missed whole, or values above a histogram's top with no sample
 * to say how far. "" when neither. */
static const char *unbounded(char *buf, size_t len, const struct rtb_rf_metric *m)
{
	buf[0] = 0;
	if (m->missed)
		snprintf(buf, len, "%llu missed timer periods", (unsigned long long)m->missed);
	else if (m->has_hist && m->overflow && !m->samples)
		snprintf(buf, len, "%llu values above its histogram's top",
			 (unsigned long long)m->overflow);
	return buf;
}

/* cmp_tail_detail - the tail of system i against the baseline: each
 * figure, and (verdicts: more than two systems, so no conclusion sentence
 * says it) which of them differ beyond the rounds' own spread of that
 * statistic; deadline misses and missed periods where counted. */
static void cmp_tail_detail(struct rtb_sb *b, const struct rtb_cmp *c,
			    const struct rtb_cmp_metric *cm, size_t i, int verdicts)
{
	const struct rtb_cmp_cell *ce = &cm->cell[i], *bc = &cm->cell[cm->base];
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	char v1[32], v2[32], d[32];
	int t, k = tail_call(ce);

	rtb_sb_printf(b, "Tail (whole-run figures):");
	for (t = RTB_CMP_NTAIL - 1; t >= 0; t--) {
		if (!isfinite(tail_value(ce->m, t)) || !isfinite(tail_value(bc->m, t)))
			continue;
		rtb_cmp_fmt_time(v1, sizeof(v1), tail_value(ce->m, t), cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), tail_value(bc->m, t), cm->unit);
		rtb_cmp_fmt_pct(d, sizeof(d), tail_diff(ce, t));
		rtb_sb_printf(b, "%s %s %s vs %s %s (%s)", t == RTB_CMP_NTAIL - 1 ? "" : ",",
			      rtb_cmp_tail_name((enum rtb_cmp_tail)t), v1, v2, tu, d);
	}
	if (!verdicts) {
		rtb_sb_printf(b, ". ");
	} else if (k == RTB_VD_UNTESTED) {
		rtb_sb_printf(b, "; not tested (%s): shown, not judged. ",
			      ce->nr < 2 || bc->nr < 2 ? "fewer than two rounds on a side" :
			      "not known per round");
	} else if (ce->exact) {
		rtb_sb_printf(b, "; deterministic runs (beyond one counter tick is a difference): ");
		if (tail_list(b, ce, RTB_VD_HIGHER, 0))
			rtb_sb_printf(b, " higher%s", k == TAIL_MIXED ? "; " : "");
		if (tail_list(b, ce, RTB_VD_LOWER, 0))
			rtb_sb_printf(b, " lower");
		{
			struct rtb_sb tmp = { 0 };
			if (tail_list(&tmp, ce, RTB_VD_NOISE, 0))
				rtb_sb_printf(b, "%s%s the same", k == RTB_VD_NOISE ? "" : "; ", rtb_sb_cstr(&tmp));
			rtb_sb_free(&tmp);
		}
		rtb_sb_printf(b, ". ");
	} else {
		rtb_sb_printf(b, "; on %s's rounds against %s's: ", c->labels[i], c->labels[cm->base]);
		if (tail_list(b, ce, RTB_VD_HIGHER, 1))
			rtb_sb_printf(b, " higher%s", k == TAIL_MIXED ? "; " : "");
		if (tail_list(b, ce, RTB_VD_LOWER, 1))
			rtb_sb_printf(b, " lower");
		if (k != RTB_VD_NOISE)
			rtb_sb_printf(b, ", beyond the rounds' own spread");
		{
			struct rtb_sb tmp = { 0 };
			if (tail_list(&tmp, ce, RTB_VD_NOISE, 1))
				rtb_sb_printf(b, "%s%s within the rounds' own spread",
					      k == RTB_VD_NOISE ? "" : "; ", rtb_sb_cstr(&tmp));
			rtb_sb_free(&tmp);
		}
		rtb_sb_printf(b, ". ");
	}
	if (ce->has_dv) {
		rtb_sb_printf(b, "Deadline misses (over %.3f us): %llu vs %llu (%+.2f points of the "
			      "samples): %s. ", (double)ce->m->deadline_ns / 1000.0,
			      (unsigned long long)ce->m->over_deadline,
			      (unsigned long long)bc->m->over_deadline, ce->dv.shift_pct,
			      ce->dv.kind == RTB_VD_HIGHER ? "more, beyond the rounds' own spread" :
			      ce->dv.kind == RTB_VD_LOWER ? "fewer, beyond the rounds' own spread" :
			      ce->dv.kind == RTB_VD_NOISE ? "within the rounds' own spread" : "not tested");
	}
	/* a file that does not count them (rt-tests) is unknown, never 0 */
	if ((ce->m->missed || bc->m->missed) && ce->m->has_missed && bc->m->has_missed)
		rtb_sb_printf(b, "Missed timer periods: %llu vs %llu (counted, not measured: each is a "
			      "wake-up later than a whole period). ", (unsigned long long)ce->m->missed,
			      (unsigned long long)bc->m->missed);
	else if (ce->m->missed || bc->m->missed)
		rtb_sb_printf(b, "Missed timer periods: %llu on %s (counted, not measured: each is a "
			      "wake-up later than a whole period); unknown on %s (its file does not count "
			      "them). ", (unsigned long long)(ce->m->has_missed ? ce->m->missed : bc->m->missed),
			      ce->m->has_missed ? c->labels[i] : c->labels[cm->base],
			      ce->m->has_missed ? c->labels[cm->base] : c->labels[i]);
}

/* kind_short - what r's times are, in two words. */
static const char *kind_short(const struct rtb_rf *r)
{
	switch (rtb_rf_kind(r)) {
	case RTB_RF_INSNS: return "emulated, instruction counts";
	case RTB_RF_EMU_NOISE: return "emulated, host noise";
	default: return "real time";
	}
}

/* who_phrase - one statistic's verdict of li against lb in words. */
static void who_phrase(struct rtb_sb *b, int has, const struct rtb_verdict *v, const char *li,
		       const char *lb, int exact)
{
	if (!has || v->kind == RTB_VD_UNTESTED)
		rtb_sb_printf(b, "not tested");
	else if (exact && v->kind == RTB_VD_NOISE)
		rtb_sb_printf(b, "the same to one counter tick (deterministic runs)");
	else if (exact)
		rtb_sb_printf(b, "%s's is lower (%+.1f%% on %s; deterministic runs: beyond one counter tick)",
			      v->kind == RTB_VD_HIGHER ? lb : li, v->shift_pct, li);
	else if (v->kind == RTB_VD_NOISE)
		rtb_sb_printf(b, "not shown to differ (within the rounds' own spread, +-%.0f%%)",
			      v->noise_pct);
	else
		rtb_sb_printf(b, "%s's is lower (rounds' geometric mean %+.0f%% on %s, beyond the rounds' own spread "
			      "+-%.0f%%)", v->kind == RTB_VD_HIGHER ? lb : li, v->shift_pct, li,
			      v->noise_pct);
}

/* cmp_conclusion - the sentence a real-time user reads first, for two
 * systems: is the worst case bounded, whose maximum is lower, then p99.9
 * and p99, then the median - each "lower" only where its verdict called
 * it; "more consistent" only where the p99 verdict called it and the
 * median's did not explain it. */
static void cmp_conclusion(struct rtb_sb *b, const struct rtb_cmp *c,
			   const struct rtb_cmp_metric *cm, size_t i, int fast)
{
	const struct rtb_cmp_cell *ce = &cm->cell[i], *bc = &cm->cell[cm->base];
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	const char *li = c->labels[i], *lb = c->labels[cm->base];
	const struct rtb_verdict *v9 = &ce->tv[RTB_CMP_TAIL_P999], *v99 = &ce->tv[RTB_CMP_TAIL_P99];
	int h9 = ce->has_tv[RTB_CMP_TAIL_P999], h99 = ce->has_tv[RTB_CMP_TAIL_P99];
	char v1[32], v2[32], u1[64], u2[64];

	rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->max, cm->unit);
	rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->max, cm->unit);
	rtb_sb_printf(b, "Worst case: ");
	unbounded(u1, sizeof(u1), ce->m);
	unbounded(u2, sizeof(u2), bc->m);
	if (u1[0] || u2[0]) {
		rtb_sb_printf(b, "not bounded by what was measured on ");
		if (u1[0] && u2[0])
			rtb_sb_printf(b, "%s (%s) or %s (%s); ", li, u1, lb, u2);
		else
			rtb_sb_printf(b, "%s (%s); ", u1[0] ? li : lb, u1[0] ? u1 : u2);
	}
	rtb_sb_printf(b, "max %s on %s vs %s %s on %s: ", v1, li, v2, tu, lb);
	who_phrase(b, ce->has_tv[RTB_CMP_TAIL_MAX], &ce->tv[RTB_CMP_TAIL_MAX], li, lb, ce->exact);
	int k9 = h9 ? v9->kind : RTB_VD_UNTESTED, k99 = h99 ? v99->kind : RTB_VD_UNTESTED;
	if (k9 == k99 && isfinite(ce->d_p999) && !ce->exact) {
		/* one phrase for both */
		rtb_sb_printf(b, "; p99.9 and p99: ");
		if (k9 == RTB_VD_UNTESTED)
			rtb_sb_printf(b, "not tested");
		else if (k9 == RTB_VD_NOISE)
			rtb_sb_printf(b, "not shown to differ (+-%.0f%%, +-%.0f%%)", v9->noise_pct,
				      v99->noise_pct);
		else
			rtb_sb_printf(b, "%s's are lower (rounds' geometric means %+.0f%%, %+.0f%% on %s, beyond the rounds' "
				      "own spread +-%.0f%%, +-%.0f%%)", k9 == RTB_VD_HIGHER ? lb : li,
				      v9->shift_pct, v99->shift_pct, li, v9->noise_pct, v99->noise_pct);
	} else {
		if (isfinite(ce->d_p999)) {
			rtb_sb_printf(b, "; p99.9: ");
			who_phrase(b, h9, v9, li, lb, ce->exact);
		}
		rtb_sb_printf(b, "; p99: ");
		who_phrase(b, h99, v99, li, lb, ce->exact);
	}
	if (!ce->has_vd || ce->vd.kind == RTB_VD_UNTESTED)
		rtb_sb_printf(b, "; median: not tested. ");
	else if (ce->significant)
		rtb_sb_printf(b, "; median: %s's is lower. ", c->labels[fast]);
	else
		rtb_sb_printf(b, "; median: neither is shown lower. ");
	if (!h99 || !ce->has_tv[RTB_CMP_TAIL_MAX] || (isfinite(ce->d_p999) && !h9) ||
	    v99->kind == RTB_VD_UNTESTED)
		rtb_sb_printf(b, "(Not tested: %s.) ", ce->nr < 2 || bc->nr < 2 ?
			      "fewer than two rounds on a side, so the run-to-run noise is unknown" :
			      "a figure not known per round in a file: no samples, and its rounds "
			      "do not carry it");
	/* more consistent: the p99 called in one side's favour, the median not */
	if (h99 && !ce->significant && (v99->kind == RTB_VD_LOWER || v99->kind == RTB_VD_HIGHER)) {
		int lower = v99->kind == RTB_VD_LOWER;
		const struct rtb_rf_metric *s = lower ? ce->m : bc->m, *o = lower ? bc->m : ce->m;

		rtb_cmp_fmt_time(v1, sizeof(v1), spread_ns(s), cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), spread_ns(o), cm->unit);
		rtb_sb_printf(b, "%s is more consistent (p99-p50 %s vs %s %s; its p99 lower beyond the "
			      "rounds' own spread, its median not). ", lower ? li : lb, v1, v2, tu);
	}
}

/* cmp_set_summary - b, its trailing space trimmed, becomes cm's summary
 * ("" when empty); RTB_ENOMEM if b failed or the copy does (b is freed). */
static int cmp_set_summary(struct rtb_cmp_metric *cm, struct rtb_sb *b)
{
	if (b->failed) {
		rtb_sb_free(b);
		return RTB_ENOMEM;
	}
	if (b->len && b->s[b->len - 1] == ' ')
		b->s[--b->len] = 0;
	cm->summary = b->s ? b->s : strdup("");
	return cm->summary ? 0 : RTB_ENOMEM;
}

/* cmp_summary_only - a measurement where some file has only its own
 * count, min, mean and max (rt-tests min/avg/max, an overflowed
 * histogram): the worst case and mean as figures, never tested, and what
 * each summary lacks. */
static int cmp_summary_only(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_cmp_cell *bc = &cm->cell[cm->base];
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	struct rtb_sb b = { 0 };
	char v1[32], v2[32], d[32];

	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];

		if ((!ce->usable && !ce->summary) || (int)i == cm->base)
			continue;
		rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->max, cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->max, cm->unit);
		rtb_cmp_fmt_pct(d, sizeof(d), ce->d_max);
		rtb_sb_printf(&b, "Worst case: max %s on %s vs %s %s on %s (%s), not tested: ", v1,
			      c->labels[i], v2, tu, c->labels[cm->base], d);
		rtb_cmp_fmt_time(v1, sizeof(v1), ce->m->mean, cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), bc->m->mean, cm->unit);
		rtb_cmp_fmt_pct(d, sizeof(d), ce->d_mean);
		rtb_sb_printf(&b, "a file without a distribution has no rounds or percentiles; mean %s "
			      "vs %s %s (%s). ", v1, v2, tu, d);
	}
	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_rf_metric *m = cm->cell[i].m;

		if (!cm->cell[i].summary)
			continue;
		if (m->has_hist && m->overflow)
			rtb_sb_printf(&b, "%s: %llu of %llu values above its histogram's top, so its "
				      "percentiles are not known; its max is the file's own. ",
				      c->labels[i], (unsigned long long)m->overflow,
				      (unsigned long long)m->count);
		else
			rtb_sb_printf(&b, "%s: min/avg/max only in its file. ", c->labels[i]);
	}
	return cmp_set_summary(cm, &b);
}

/* rtb_cmp_summary - for two systems, the conclusion first (worst case,
 * then median); then per system against the first: the median shift with
 * its interval judged against the run-to-run noise of the rounds, the
 * probability of superiority, and the tail (p99, p99.9, max) judged the
 * same way on each round's figure. "Lower" and "more consistent" come
 * from these verdicts, never from mean and stddev or from an untested
 * difference. */
int rtb_cmp_summary(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_cmp_cell *bc;
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	struct rtb_sb b = { 0 }, d = { 0 };
	char v1[32], v2[32];
	size_t i, ncmp = 0, last = 0;
	int fast = -1, worst = -1;
	double ci_level = 100.0 * (1 - c->alpha);

	if (cm->base >= 0 && cm->nshown >= 2 && cm->nusable < cm->nshown)
		return cmp_summary_only(c, cm);
	if (cm->base < 0 || cm->nusable < 2)
		return cmp_set_summary(cm, &b);
	bc = &cm->cell[cm->base];
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];

		if (!ce->usable)
			continue;
		if (ce->other_kind) {
			char v3[32], v4[32];
			rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->pct[0], cm->unit);
			rtb_cmp_fmt_time(v2, sizeof(v2), (double)ce->m->max, cm->unit);
			rtb_cmp_fmt_time(v3, sizeof(v3), (double)bc->m->pct[0], cm->unit);
			rtb_cmp_fmt_time(v4, sizeof(v4), (double)bc->m->max, cm->unit);
			rtb_sb_printf(&d, "%s (%s): median %s, max %s %s; %s (%s): median %s, max %s %s. "
				      "Not compared: %s, so no percentage or verdict between them. ",
				      c->labels[i], kind_short(&c->sys[i]), v1, v2, tu, c->labels[cm->base],
				      kind_short(&c->sys[cm->base]), v3, v4, tu,
				      rtb_rf_kind(&c->sys[i]) == RTB_RF_INSNS || rtb_rf_kind(&c->sys[cm->base]) == RTB_RF_INSNS ?
				      "an instruction count on an emulator's model is not a latency on hardware" :
				      "the figures are of different kinds");
			continue;
		}
		if (rtb_cmp_noisy(c, i) || rtb_cmp_noisy(c, (size_t)cm->base)) {
			if ((int)i != cm->base)
				rtb_sb_printf(&d, "%s vs %s: no timing verdict (emulated without "
					      "-icount: the times are host noise). ",
					      c->labels[i], c->labels[cm->base]);
			continue;
		}
		if (fast < 0 || ce->m->pct[0] < cm->cell[fast].m->pct[0])
			fast = (int)i;
		if (worst < 0 || ce->m->max < cm->cell[worst].m->max)
			worst = (int)i;
		if ((int)i == cm->base)
			continue;
		ncmp++;
		last = i;
		rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->pct[0], cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->pct[0], cm->unit);
		if (!ce->has_vd || ce->vd.kind == RTB_VD_UNTESTED) {
			rtb_sb_printf(&d, "%s vs %s: median %s vs %s %s (%+.1f%%); no verdict: %s has "
				      "fewer than two rounds, so its run-to-run noise is unknown "
				      "(schema-1 file or --rounds 1). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu,
				      100.0 * ce->d_p50,
				      ce->nr < 2 ? c->labels[i] : c->labels[cm->base]);
		} else if (ce->exact) {
			rtb_sb_printf(&d, "%s vs %s: median %s vs %s %s (%+.1f%%): %s (deterministic runs: "
				      "each repeats bit for bit, so a difference beyond one counter tick, "
				      "+-%.1f%%, is the instruction path's). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu, ce->vd.shift_pct,
				      ce->vd.kind == RTB_VD_NOISE ? "the same" : rtb_vd_kind_phrase(ce->vd.kind),
				      ce->vd.noise_pct);
		} else if (ce->vd.kind == RTB_VD_NOISE) {
			rtb_sb_printf(&d, "%s and %s: median %s vs %s %s (rounds' medians %+.1f%%, %.0f%% CI %+.1f%% to "
				      "%+.1f%%), within run-to-run noise (+-%.1f%%). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu,
				      ce->vd.shift_pct, ci_level, ce->vd.ci_lo_pct, ce->vd.ci_hi_pct,
				      ce->vd.noise_pct);
		} else {
			char pv[32];
			rtb_cmp_fmt_p(pv, sizeof(pv), ce->vd.p);
			rtb_sb_printf(&d, "%s has ", c->labels[i]);
			cmp_pct_phrase(&d, ce->vd.shift_pct / 100.0, "higher", "lower");
			rtb_sb_printf(&d, " median latency than %s (%s vs %s %s; %.0f%% CI %+.1f%% to "
				      "%+.1f%%, Welch p %s on %zu and %zu round medians; beyond "
				      "run-to-run noise +-%.1f%%). ",
				      c->labels[cm->base], v1, v2, tu, ci_level, ce->vd.ci_lo_pct,
				      ce->vd.ci_hi_pct, pv, ce->nr, bc->nr, ce->vd.noise_pct);
		}
		if (ce->has_test)
			rtb_sb_printf(&d, "P(%s < %s) = %.2f. ", c->labels[i], c->labels[cm->base],
				      ce->p_lower);
		cmp_tail_detail(&d, c, cm, i, cm->nusable > 2);
	}
	if (ncmp == 1 && cm->nusable == 2 && fast >= 0)
		cmp_conclusion(&b, c, cm, last, fast);
	else if (ncmp > 1)
		rtb_sb_printf(&b, "Lowest max: %s; lowest median: %s (figures; each system's "
			      "verdicts against %s follow). ", c->labels[worst], c->labels[fast],
			      c->labels[cm->base]);
	rtb_sb_puts(&b, rtb_sb_cstr(&d));
	if (d.failed)
		b.failed = 1;
	rtb_sb_free(&d);
	return cmp_set_summary(cm, &b);
}
