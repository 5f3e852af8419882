/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench check`'s judgement (split out of cmd_check.c):
 * each measurement against the limits, the --fail-if rules and the
 * baseline rule, and the cases by which the gate fails closed (an
 * incomplete run, a figure a rule cannot evaluate, a glob matching nothing,
 * a baseline nothing was judged against). See cmd_check.c for the rules. */
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare/check_int.h"
#include "host/stats/judge.h"

static const char *const op_names[] = { ">", ">=", "<", "<=" };

/* rtb_chk_stat_value - the figure of m, when the gate may judge it
 * (judge.h: the one rule for check, compare and fleet); 0 otherwise. */
int rtb_chk_stat_value(const struct rtb_rf_metric *m, enum rtb_stat s, double *v)
{
	return rtb_judge_stat(m, s, v);
}

static int matches(const struct rule *r, const char *id)
{
	return !fnmatch(r->glob, id, 0);
}

static int holds(enum op op, double v, double limit)
{
	switch (op) {
	case OP_GT: return v > limit;
	case OP_GE: return v >= limit;
	case OP_LT: return v < limit;
	default: return v <= limit;
	}
}

/* fmt_stat - a figure for a failing line: times in us, counts as is. */
static void fmt_stat(char *buf, size_t len, enum rtb_stat s, double v)
{
	if (ST_IS_TIME(s))
		snprintf(buf, len, "%.3f us", v / 1e3);
	else
		snprintf(buf, len, "%.0f", v);
}

/* rel_change - (v - base) / base; against a zero baseline a rise is
 * +infinity (any rise from 0 exceeds any % allowance: missed>+10% fails
 * when the baseline missed none and this run missed some) and no change 0,
 * so a zero baseline never makes a rule pass unjudged. */
static double rel_change(double v, double base)
{
	if (base != 0)
		return (v - base) / base;
	return v > 0 ? INFINITY : v < 0 ? -INFINITY : 0;
}

/* fmt_rel - a relative change for a failing line ("+17.4%", "from 0"). */
static void fmt_rel(char *buf, size_t len, double d)
{
	if (isinf(d))
		snprintf(buf, len, "%s", d > 0 ? "a rise from 0" : "a fall to below 0");
	else
		snprintf(buf, len, "%+.1f%%", d * 100);
}

/* check_regression - the --baseline rule for one measurement: v and bv are
 * the chosen figure here and in the baseline. */
static int check_regression(double alpha, struct check *k, struct rtb_case *c,
			    const struct rtb_rf_metric *m, const struct rtb_rf_metric *bm,
			    const struct rtb_cmp_cell *cell, double v, double bv)
{
	const char *fig = rtb_stat_names[k->figure].key;
	double d = rel_change(v, bv), allow = k->max_regress * 100;
	char a[48], b[48], pc[32];
	int rc = 0;

	if (!cell)
		return 0;
	if (cell->has_vd && cell->vd.kind != RTB_VD_UNTESTED) {
		const struct rtb_verdict *vd = &cell->vd;

		/* the median: the tested figure */
		if (vd->kind == RTB_VD_HIGHER && vd->shift_pct > allow) {
			fmt_stat(a, sizeof(a), RTB_STAT_P50, (double)m->pct[0]);
			fmt_stat(b, sizeof(b), RTB_STAT_P50, (double)bm->pct[0]);
			fmt_rel(pc, sizeof(pc), rel_change((double)m->pct[0], (double)bm->pct[0]));
			rc = rtb_case_fail(&k->cases, c, "%s: p50 %s vs %s in the baseline (%s); the "
					   "rounds' median %+.1f%% (%g%% CI %+.1f%% to %+.1f%%) > %g%%, beyond "
					   "noise +-%.1f%%, significant (Welch on round medians, p=%.2g < %g)",
					   m->id, a, b, pc, vd->shift_pct, (1 - alpha) * 100,
					   vd->ci_lo_pct, vd->ci_hi_pct, allow, vd->noise_pct, vd->p, alpha);
		}
		/* the tail: against its own between-round noise */
		if (!rc && vd->has_p99 && vd->p99_shift_pct > allow && vd->p99_shift_pct > vd->p99_noise_pct) {
			fmt_stat(a, sizeof(a), RTB_STAT_P99, (double)m->pct[2]);
			fmt_stat(b, sizeof(b), RTB_STAT_P99, (double)bm->pct[2]);
			fmt_rel(pc, sizeof(pc), rel_change((double)m->pct[2], (double)bm->pct[2]));
			rc = rtb_case_fail(&k->cases, c, "%s: p99 %s vs %s in the baseline (%s); the "
					   "rounds' p99 %+.1f%% (> %g%%), beyond their p99 noise (+-%.1f%%)",
					   m->id, a, b, pc, vd->p99_shift_pct, allow, vd->p99_noise_pct);
		}
		return rc;
	}
	/* no rounds: the chosen figure, Mann-Whitney on the samples */
	if (!isfinite(d) || d <= k->max_regress)
		return 0;
	fmt_stat(a, sizeof(a), k->figure, v);
	fmt_stat(b, sizeof(b), k->figure, bv);
	if (!cell->has_test)
		return rtb_case_fail(&k->cases, c, "%s: %s %s vs %s in the baseline, %+.1f%% (> %g%%; "
				     "significance not tested: no rounds, samples or histogram)", m->id,
				     fig, a, b, d * 100, allow);
	if (cell->mwu.p >= alpha || cell->mwu.p_b_gt_a <= 0.5)
		return 0;
	return rtb_case_fail(&k->cases, c, "%s: %s %s vs %s in the baseline, %+.1f%% (> %g%%), "
			     "significant by the no-rounds fallback (Mann-Whitney on samples, "
			     "p=%.2g < %g)", m->id, fig, a, b, d * 100, allow, cell->mwu.p, alpha);
}

/* tail_of - the tail statistic compare judges for s (p99, p99.9, max), or
 * -1. */
static int tail_of(enum rtb_stat s)
{
	for (int t = 0; t < RTB_CMP_NTAIL; t++)
		if (rtb_cmp_tail_stat[t] == s)
			return t;
	return -1;
}

/* tail_rel_rule - a % rule on p99, p99.9 or max against the baseline,
 * judged as compare judges it: a tail figure of two runs of one system
 * differs by tens of percent (A/A: max +57% where compare says "noise
 * +-86%"), so the rule fails only when the rounds' figure moved past the
 * limit AND compare's verdict calls it a change (significant, beyond the
 * figure's own between-round noise, the rounds separated). A run whose
 * rounds cannot judge it (fewer than 2 on a side) and whose whole-run
 * figure crosses the limit is not passed: it fails saying why (skipped
 * with --allow-missing). */
static int tail_rel_rule(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m,
			 const struct rtb_cmp_cell *cell, const struct rtb_cmp_cell *bcell,
			 const struct rule *r, double v, double bv)
{
	int t = tail_of(r->stat);
	const char *key = rtb_stat_names[r->stat].key, *lab = rtb_stat_names[r->stat].label;
	const struct rtb_verdict *vd = cell ? &cell->tv[t] : NULL;
	enum rtb_vd_kind want = r->op == OP_GT || r->op == OP_GE ? RTB_VD_HIGHER : RTB_VD_LOWER;
	char a[48], b[48], pc[32], why[600];

	fmt_stat(a, sizeof(a), r->stat, v);
	fmt_stat(b, sizeof(b), r->stat, bv);
	fmt_rel(pc, sizeof(pc), rel_change(v, bv));
	if (!cell || !cell->has_tv[t] || vd->kind == RTB_VD_UNTESTED) {
		size_t na = cell ? cell->nrt[t] : 0, nb = bcell ? bcell->nrt[t] : 0;

		if (!holds(r->op, rel_change(v, bv), r->limit))
			return 0;
		snprintf(why, sizeof(why), "%s: %s %s vs %s in the baseline, %s, not judged against "
			 "run-to-run noise: a %s's between-run noise needs at least 2 rounds (intervals) "
			 "a side, this run has %zu and the baseline %zu (%s)", m->id, key, a, b, pc, lab,
			 na, nb, r->text);
		if (k->allow_missing)
			return c->result == RTB_CASE_FAIL ? 0 : rtb_case_skip(&k->cases, c, why);
		return rtb_case_fail(&k->cases, c, "%s (--allow-missing to skip it)", why);
	}
	if (vd->kind != want || !holds(r->op, vd->shift_pct / 100, r->limit))
		return 0;
	return rtb_case_fail(&k->cases, c, "%s: %s %s vs %s in the baseline (%s); the rounds' %s "
			     "%+.1f%%, beyond their %s noise (+-%.1f%%), every round %s the baseline's "
			     "(p=%.2g) (%s)", m->id, key, a, b, pc, lab, vd->shift_pct, lab, vd->noise_pct,
			     want == RTB_VD_HIGHER ? "above" : "below", vd->perm_p, r->text);
}

/* untested_rounds - the baseline rule on a histogram-mode run (a long
 * run's intervals, or a big --samples run's rounds) whose round verdict
 * could not be reached: one interval on a side has no between-interval
 * spread to judge a change against, and such a file keeps no samples for
 * the no-rounds fallback (a per-sample test over a run's millions of
 * correlated samples would call any shift significant). Not judged, so
 * not passed: the case fails saying why (with --allow-missing, skipped). */
static int untested_rounds(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m,
			   const struct rtb_rf_metric *bm, const struct rtb_cmp_cell *cell)
{
	char why[400];

	k->nuntested++;
	if (m->nrounds < 2 || bm->nrounds < 2)
		snprintf(why, sizeof(why), "%s: not judged against the baseline: the verdict needs at "
			 "least 2 intervals (rounds) in each run, this run has %zu and the baseline %zu, "
			 "so there is no between-interval spread to judge a change against (give each "
			 "run several: --interval)", m->id, m->nrounds, bm->nrounds);
	else
		snprintf(why, sizeof(why), "%s: not judged against the baseline: no verdict on the "
			 "intervals (%s)", m->id, cell && !cell->has_vd ?
			 "a run too noisy to judge, see rtbench compare" : "their figures are untestable");
	if (k->allow_missing)
		return c->result == RTB_CASE_FAIL ? 0 : rtb_case_skip(&k->cases, c, why);
	return rtb_case_fail(&k->cases, c, "%s (--allow-missing to skip it)", why);
}

/* not_evaluated - a rule that applies to m cannot be evaluated on it (no
 * figures, or the file lacks the statistic: an overflowed histogram, a
 * min/avg/max-only tool): the case fails saying why, or with
 * --allow-missing is skipped saying why. A gate never passes what it could
 * not judge. */
static int not_evaluated(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m,
			 const char *what, const char *rule)
{
	char why[400];

	snprintf(why, sizeof(why), "%s: %s cannot be evaluated for %s: %s%s%s", m->id, what,
		 rule, m->has_stats || m->has_summary ? "the file has no such figure for it" :
		 rtb_judge_measured(m) ? "no samples (count 0)" : m->status,
		 !m->has_stats && m->note[0] ? ": " : "", !m->has_stats ? m->note : "");
	if (k->allow_missing)
		return c->result == RTB_CASE_FAIL ? 0 : rtb_case_skip(&k->cases, c, why);
	return rtb_case_fail(&k->cases, c, "%s (--allow-missing to skip it)", why);
}

/* rtb_chk_metric - every rule against one measurement. */
int rtb_chk_metric(double alpha, struct check *k, const struct rtb_rf_metric *m,
			const struct rtb_cmp_cell *cell, const struct rtb_cmp_cell *bcell)
{
	struct rtb_case *c = rtb_cases_add(&k->cases, m->id, m->title);
	const struct rtb_rf_metric *bm = bcell ? bcell->m : NULL;
	char a[48], b[48], pc[32];
	double v, bv;
	size_t i;
	int rc = 0, nrules = 0;

	if (!c)
		return RTB_ENOMEM;
	c->figure = rtb_stat_names[k->figure].key;
	c->unit = "us";
	/* shown, never judged: a gate passes or fails on figures */
	if (m->verdict && !(c->verdict = rtb_sb_strdup_printf("%s%s%s", m->verdict,
							       m->verdict_reason[0] ? ": " : "",
							       m->verdict_reason)))
		return RTB_ENOMEM;
	if (!strcmp(m->status, "failed"))
		return rtb_case_fail(&k->cases, c, "%s: measurement failed%s%s", m->id,
				     m->note[0] ? ": " : "", m->note);
	for (i = 0; i < k->nrules; i++)
		nrules += matches(&k->rules[i], m->id);
	nrules += rtb_chk_tail_matches(k, m->id);
	if (!m->has_stats && !nrules && !k->baseline)
		return rtb_case_skip(&k->cases, c, m->note[0] ? m->note : m->status);
	/* rules were given and none names this one (`id@cpu*` leaves the
	 * all-CPU figure out): not judged, so not passed */
	if (!nrules && !k->baseline && (k->nrules || k->ntrules))
		return rtb_case_skip(&k->cases, c, "no rule names it: not judged");
	if (rtb_chk_stat_value(m, k->figure, &v)) {
		c->has_value = 1;
		c->value = v / 1e3;
	}
	for (i = 0; i < k->nrules && !rc; i++) {
		const struct rule *r = &k->rules[i];

		if (!matches(r, m->id))
			continue;
		if (!rtb_chk_stat_value(m, r->stat, &v)) {
			rc = not_evaluated(k, c, m, rtb_stat_names[r->stat].key, r->text);
			continue;
		}
		if (!r->rel) {
			if (holds(r->op, v, r->limit)) {
				fmt_stat(a, sizeof(a), r->stat, v);
				fmt_stat(b, sizeof(b), r->stat, r->limit);
				rc = rtb_case_fail(&k->cases, c, "%s: %s %s %s %s (%s)", m->id,
						   rtb_stat_names[r->stat].key, a, op_names[r->op], b, r->text);
			}
			continue;
		}
		if (!bm || !rtb_chk_stat_value(bm, r->stat, &bv)) {
			rc = not_evaluated(k, c, m, "its baseline figure", r->text);
			continue;
		}
		if (tail_of(r->stat) >= 0) {
			rc = tail_rel_rule(k, c, m, cell, bcell, r, v, bv);
			continue;
		}
		if (holds(r->op, rel_change(v, bv), r->limit)) {
			fmt_stat(a, sizeof(a), r->stat, v);
			fmt_stat(b, sizeof(b), r->stat, bv);
			fmt_rel(pc, sizeof(pc), rel_change(v, bv));
			rc = rtb_case_fail(&k->cases, c, "%s: %s %s vs %s in the baseline, %s (%s)",
					   m->id, rtb_stat_names[r->stat].key, a, b, pc, r->text);
		}
	}
	if (!rc)
		rc = rtb_chk_tail(k, c, m);  /* check_tail.c */
	/* the baseline rule applies to every measurement: one with no
	 * samples here (skipped, failed, count 0) that the baseline measured
	 * was not judged against it, so it does not pass it (a gate must
	 * not pass what it could not judge); one
	 * the baseline did not measure either changed nothing: skipped */
	if (!m->has_stats && !rc && k->baseline && c->result == RTB_CASE_PASS) {
		if (bm && (bm->has_stats || bm->has_summary))
			return not_evaluated(k, c, m, rtb_stat_names[k->figure].key, "--baseline");
		return rtb_case_skip(&k->cases, c, bm ? "measured neither here nor in the baseline" :
				     "not in the baseline: nothing to compare with");
	}
	if (!m->has_stats)
		return rc;
	/* the baseline rule: a rise beyond the allowance, and significant */
	if (!rc && k->baseline && bm && bm->has_stats && rtb_chk_stat_value(bm, k->figure, &bv) &&
	    rtb_chk_stat_value(m, k->figure, &v)) {
		if ((m->hist_mode || bm->hist_mode) && !(cell && cell->has_vd &&
							 cell->vd.kind != RTB_VD_UNTESTED))
			return untested_rounds(k, c, m, bm, cell);
		k->njudged++;
		rc = check_regression(alpha, k, c, m, bm, cell, v, bv);
	} else if (!rc && k->baseline && c->result == RTB_CASE_PASS) {
		/* not judged against the baseline: not a pass of the baseline rule */
		rc = rtb_case_skip(&k->cases, c, bm && !bm->has_stats ?
				   "no figures in the baseline to compare with" :
				   "not in the baseline: nothing to compare with");
	}
	return rc;
}

/* rtb_chk_globs - a --fail-if GLOB that matches no measurement of the file
 * names something the file does not have (a typo, a measurement that was
 * not run): a failing case of its own, unless --allow-missing. */
int rtb_chk_globs(struct check *k, const struct rtb_rf *res)
{
	for (size_t i = 0; i < k->nrules; i++) {
		const struct rule *r = &k->rules[i];
		struct rtb_case *c;
		size_t j;

		if (!strcmp(r->glob, "*") || k->allow_missing)
			continue;
		for (j = 0; j < res->nmetrics && !matches(r, res->metrics[j].id); j++)
			;
		if (j < res->nmetrics)
			continue;
		c = rtb_cases_add(&k->cases, "check.rules", "rules of rtbench check");
		if (!c || rtb_case_fail(&k->cases, c, "--fail-if %s: no measurement in %s matches "
					"'%s' (--allow-missing to allow it)", r->text, res->path,
					r->glob))
			return RTB_ENOMEM;
	}
	for (size_t i = 0; i < k->ntrules && !k->allow_missing; i++) {
		const struct tail_rule *r = &k->trules[i];
		struct rtb_case *c;
		size_t j;

		for (j = 0; j < res->nmetrics && fnmatch(r->glob, res->metrics[j].id, 0); j++)
			;
		if (j < res->nmetrics)
			continue;
		c = rtb_cases_add(&k->cases, "check.rules", "rules of rtbench check");
		if (!c || rtb_case_fail(&k->cases, c, "%s: no measurement in %s matches '%s' "
					"(--allow-missing to allow it)", r->text, res->path, r->glob))
			return RTB_ENOMEM;
	}
	return 0;
}

/* rtb_chk_absent - a measurement the baseline has and the result does not
 * (dropped from --tests, not built, renamed) was not judged against it:
 * a failing case of its own, named by its id, unless --allow-missing (then
 * skipped saying so). A gate never passes what it could not judge: it
 * passed "1 measurements, 1 passed" for a result lacking one of two. */
int rtb_chk_absent(struct check *k, const struct rtb_rf *base, const struct rtb_rf *res)
{
	for (size_t i = 0; k->baseline && i < base->nmetrics; i++) {
		const char *id = base->metrics[i].id;
		size_t j;
		struct rtb_case *c;

		for (j = 0; j < res->nmetrics && strcmp(res->metrics[j].id, id); j++)
			;
		/* one the baseline did not measure gives nothing to judge */
		if (j < res->nmetrics || !rtb_judge_measured(&base->metrics[i]))
			continue;
		c = rtb_cases_add(&k->cases, id, "in the baseline, absent from the result");
		if (!c)
			return RTB_ENOMEM;
		if (k->allow_missing) {
			char why[400];
			snprintf(why, sizeof(why), "%s: in the baseline %s, absent from %s: not judged "
				 "(--allow-missing)", id, k->baseline, res->path);
			if (rtb_case_skip(&k->cases, c, why))
				return RTB_ENOMEM;
			continue;
		}
		if (rtb_case_fail(&k->cases, c, "%s: in the baseline %s, absent from %s: not judged against it, "
				  "so it does not pass (--allow-missing to skip it)", id, k->baseline, res->path))
			return RTB_ENOMEM;
	}
	return 0;
}

/* rtb_chk_common - a baseline against which no measurement could be judged
 * (no figure in common: different measurements, or only rt-tests
 * summaries) judges nothing: a failing case of its own. */
int rtb_chk_common(struct check *k, const struct rtb_rf *res)
{
	struct rtb_case *c;

	if (!k->baseline || k->njudged)
		return 0;
	c = rtb_cases_add(&k->cases, "check.baseline", "judged against the baseline");
	if (!c)
		return RTB_ENOMEM;
	if (k->nuntested)
		return rtb_case_fail(&k->cases, c, "%s: no measurement of %s could be judged against it "
				     "(%zu with too few intervals or rounds, said above): the baseline rule "
				     "judged nothing", k->baseline, res->path, k->nuntested);
	return rtb_case_fail(&k->cases, c, "%s: no measurement of %s could be judged against it "
			     "(no figure in common): the baseline rule judged nothing", k->baseline,
			     res->path);
}

/* rtb_chk_complete - a run that is not whole (judge.h: stopped, killed,
 * rewritten mid-run, its load failed, nothing planned or measured) fails
 * as a case of its own: what it did not measure cannot pass. With
 * --allow-incomplete what it measured is judged alone, but a file in
 * which nothing ran still fails: nothing was judged. */
int rtb_chk_complete(struct check *k, const struct rtb_rf *res)
{
	struct rtb_case *c;
	char why[400];
	size_t i, n = 0;

	if (rtb_judge_run(res, why, sizeof(why)))
		return 0;
	for (i = 0; i < res->nmetrics; i++)
		n += rtb_judge_measured(&res->metrics[i]);
	if (k->allow_incomplete && n)
		return 0;
	c = rtb_cases_add(&k->cases, "check.complete", "the run is complete");
	if (!c)
		return RTB_ENOMEM;
	if (k->allow_incomplete)
		return rtb_case_fail(&k->cases, c, "%s: %s; no measurement ran, so nothing was judged",
				     res->path, why);
	return rtb_case_fail(&k->cases, c, "%s: %s: what was not measured cannot pass "
			     "(--allow-incomplete to judge what was)", res->path, why);
}
