/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench check`: the CI gate ("abort threshold") over one
 * result file.
 *
 * One test case per measurement (cases.h): its chosen figure (--figure,
 * p99 by default) as the measurement, and a failing line for every rule it
 * breaks:
 *   --max-p99-us N / --max-us N    an absolute limit on p99 / max
 *   --fail-if EXPR                 [GLOB:]STAT OP VALUE[ns|us|ms|%]
 *   --baseline B.json              a regression: the figure rose by more
 *                                  than --max-regress-pct (default 10) AND
 *                                  the rise is significant (below)
 *   a measurement whose status is "failed" fails; "skipped" is skipped.
 *
 * Significance of a regression: compare's round-level verdict (verdict.h,
 * issue 8). The median fails when the verdict is "higher" (Welch's t on
 * the round medians significant at --alpha AND outside the run-to-run
 * noise band) by more than the allowance; p99 fails when its shift exceeds
 * the allowance AND the between-round noise of p99 on both sides (tails
 * are reported against their noise, not t-tested). Files without rounds
 * (schema 1, rt-tests) fall back to the --figure's rise and a two-sided
 * Mann-Whitney U test of the kept samples (histogram buckets where a file
 * has none), p < --alpha with the result larger, and say so: samples of
 * one run are not independent, so that fallback is weaker. A rise that is
 * not significant does not fail.
 *
 * Exit status: 0 every case passed (or skipped), 1 some case failed,
 * 2 bad input or options. */
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/cases.h"
#include "host/host.h"
#include "host/render.h"
#include "host/runner.h"

#define CHECK_MAX_RULES 32

enum stat {
	ST_MIN, ST_MEAN, ST_STDDEV, ST_P50, ST_P90, ST_P99, ST_P99_9, ST_P99_99, ST_MAX,
	ST_COUNT, ST_INVALID, ST_OVERRUNS, ST_MISSED, ST_OVER_DEADLINE, NSTATS
};
static const char *const stat_names[NSTATS] = {
	"min", "mean", "stddev", "p50", "p90", "p99", "p99_9", "p99_99", "max",
	"count", "invalid", "overruns", "missed", "over_deadline",
};
#define ST_IS_TIME(s) ((s) <= ST_MAX)

enum op { OP_GT, OP_GE, OP_LT, OP_LE };
static const char *const op_names[] = { ">", ">=", "<", "<=" };

struct rule {
	char glob[96];            /* metric id pattern ("*" for every metric) */
	enum stat stat;
	enum op op;
	double limit;             /* ns for times; a fraction when rel */
	int rel;                  /* relative to the baseline (value in %) */
	char text[160];           /* as the user wrote it, for the failing line */
};

struct check {
	const char *junit;        /* --junit FILE */
	const char *baseline;
	enum stat figure;
	double max_regress;       /* fraction */
	int allow_incomplete;     /* --allow-incomplete: judge what an incomplete run measured */
	int allow_missing;        /* --allow-missing: a figure a rule cannot evaluate is skipped */
	struct rule rules[CHECK_MAX_RULES];
	size_t nrules;
	struct rtb_cases cases;
	char *two[2];             /* baseline, result: the files to load */
	size_t njudged;           /* measurements judged against the baseline */
};

static struct check check_state;

static void check_usage(FILE *f)
{
	fprintf(f,
		"usage: rtbench check [options] RESULT.json\n"
		"\n"
		"A CI gate over one result file: one test case per measurement, with\n"
		"its chosen figure; one line per failing figure; exit status 1 when a\n"
		"figure crosses a limit or regresses against a baseline.\n"
		"\n"
		"options:\n"
		"      --max-p99-us N       fail a measurement whose p99 exceeds N us\n"
		"      --max-us N           fail a measurement whose maximum exceeds N us\n"
		"      --fail-if EXPR       fail when EXPR holds, EXPR = [GLOB:]STAT OP VALUE[UNIT]:\n"
		"                           STAT min mean stddev p50 p90 p99 p99_9 p99_99 max\n"
		"                           count invalid overruns missed over_deadline; OP > >= < <=;\n"
		"                           UNIT ns, us (default for times), ms, or %% (change\n"
		"                           against --baseline); e.g. 'ipc.*:p99>50us', 'missed>0',\n"
		"                           'mean>+5%%'. Repeatable (up to %d rules in all)\n"
		"      --baseline B.json    fail a measurement whose figure rose by more than\n"
		"                           --max-regress-pct against B.json, significantly\n"
		"      --max-regress-pct P  the regression allowed, in %% (default 10)\n"
		"      --figure STAT        the figure each case reports (and the baseline rule\n"
		"                           compares for files without rounds): p50, p99\n"
		"                           (default), mean or max\n"
		"  -a, --alpha A            significance level, 0 < A < 1 (default %g)\n"
		"  -f, --format FMT         text (default), junit, lava (LAVA_SIGNAL_TESTCASE\n"
		"                           lines) or lava-results (Linaro send-to-lava.sh input)\n"
		"  -o, --output FILE        write to FILE (atomically) instead of stdout\n"
		"      --junit FILE         also write JUnit XML to FILE\n"
		"      --allow-incomplete   judge what an incomplete run measured (default: the\n"
		"                           run fails, since what was not measured cannot pass)\n"
		"      --allow-missing      skip, instead of fail, a measurement a limit or rule\n"
		"                           cannot evaluate (skipped, no samples, no such figure)\n"
		"                           and a --fail-if GLOB that matches no measurement\n"
		"  -h, --help               this help\n"
		"\n"
		"Regression: the median by compare's verdict (Welch's t on the round medians,\n"
		"p < A and beyond run-to-run noise), p99 beyond its between-round noise;\n"
		"without rounds, a Mann-Whitney U test on the samples (said so).\n"
		"\n"
		"Fails closed: an incomplete run, a figure a limit cannot be evaluated on, a\n"
		"--fail-if GLOB matching nothing and a baseline with nothing in common each\n"
		"fail with one line saying why, unless allowed by the options above.\n"
		"\n"
		"exit status: 0 every figure passed, 1 a figure failed (or other failure),\n"
		"2 bad input or options\n",
		CHECK_MAX_RULES, RTB_CMP_DEFAULT_ALPHA);
}

static int stat_by_name(const char *s, size_t n)
{
	int i;

	for (i = 0; i < NSTATS; i++)
		if (strlen(stat_names[i]) == n && !strncmp(s, stat_names[i], n))
			return i;
	return -1;
}

/* stat_value - the figure of m; 0 when the file does not have it. */
static int stat_value(const struct rtb_rf_metric *m, enum stat s, double *v)
{
	switch (s) {
	case ST_MIN: *v = (double)m->min; return 1;
	case ST_MEAN: *v = m->mean; return 1;
	case ST_STDDEV: *v = m->stddev; return 1;
	case ST_P50: *v = (double)m->pct[0]; return m->has_pct[0];
	case ST_P90: *v = (double)m->pct[1]; return m->has_pct[1];
	case ST_P99: *v = (double)m->pct[2]; return m->has_pct[2];
	case ST_P99_9: *v = (double)m->pct[3]; return m->has_pct[3];
	case ST_P99_99: *v = (double)m->pct[4]; return m->has_pct[4];
	case ST_MAX: *v = (double)m->max; return 1;
	case ST_COUNT: *v = (double)m->count; return 1;
	case ST_INVALID: *v = (double)m->invalid; return 1;
	case ST_OVERRUNS: *v = (double)m->overruns; return 1;
	case ST_MISSED: *v = (double)m->missed; return 1;
	default: *v = (double)m->over_deadline; return 1;
	}
}

static int parse_number(const char *s, double *v, const char **rest)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || !isfinite(*v))
		return -1;
	*rest = end;
	return 0;
}

static int add_rule(struct rtb_host *h, struct check *k, const char *glob, enum stat st,
		    enum op op, double limit, int rel, const char *text)
{
	struct rule *r;

	if (k->nrules >= CHECK_MAX_RULES)
		return rtb_host_error(h, RTB_EINVAL, "%s: more than %d rules", text, CHECK_MAX_RULES);
	r = &k->rules[k->nrules++];
	snprintf(r->glob, sizeof(r->glob), "%s", glob);
	r->stat = st;
	r->op = op;
	r->limit = limit;
	r->rel = rel;
	snprintf(r->text, sizeof(r->text), "%s", text);
	return 0;
}

/* parse_expr - "[GLOB:]STAT OP VALUE[UNIT]" (blanks allowed around OP). */
static int parse_expr(struct rtb_host *h, struct check *k, const char *expr)
{
	char buf[160], glob[96] = "*", *p, *colon, *q;
	const char *rest;
	int st, rel = 0;
	enum op op;
	double v;
	size_t n;

	if (strlen(expr) >= sizeof(buf))
		return rtb_host_error(h, RTB_EINVAL, "--fail-if %.40s...: too long", expr);
	/* blanks out */
	for (p = buf, q = (char *)expr; *q; q++)
		if (*q != ' ' && *q != '\t')
			*p++ = *q;
	*p = 0;
	p = buf;
	colon = strchr(p, ':');
	if (colon) {
		if (colon == p || (size_t)(colon - p) >= sizeof(glob))
			goto bad;
		snprintf(glob, sizeof(glob), "%.*s", (int)(colon - p), p);
		p = colon + 1;
	}
	n = strcspn(p, "<>");
	st = stat_by_name(p, n);
	if (st < 0)
		return rtb_host_error(h, RTB_EINVAL, "--fail-if %s: '%.*s' is not a statistic (see --help)",
				      expr, (int)n, p);
	p += n;
	if (!strncmp(p, ">=", 2)) {
		op = OP_GE;
		p += 2;
	} else if (!strncmp(p, "<=", 2)) {
		op = OP_LE;
		p += 2;
	} else if (*p == '>') {
		op = OP_GT;
		p++;
	} else if (*p == '<') {
		op = OP_LT;
		p++;
	} else {
		goto bad;
	}
	if (parse_number(p, &v, &rest))
		goto bad;
	if (!strcmp(rest, "%")) {
		rel = 1;
		v /= 100;
	} else if (ST_IS_TIME(st)) {
		if (!strcmp(rest, "ns"))
			;
		else if (!strcmp(rest, "us") || !*rest)
			v *= 1e3;
		else if (!strcmp(rest, "ms"))
			v *= 1e6;
		else
			goto bad;
	} else if (*rest) {
		goto bad;
	}
	return add_rule(h, k, glob, (enum stat)st, op, v, rel, expr);
bad:
	return rtb_host_error(h, RTB_EINVAL, "--fail-if %s: not [GLOB:]STAT OP VALUE[ns|us|ms|%%] "
			      "(see --help)", expr);
}

enum { O_MAX_P99 = 1000, O_MAX, O_FAIL_IF, O_BASELINE, O_REGRESS, O_FIGURE, O_JUNIT,
       O_ALLOW_INCOMPLETE, O_ALLOW_MISSING };

static int check_parse(struct rtb_host *h, int opt, const char *arg)
{
	struct check *k = h->priv;
	const char *rest;
	char text[64];
	double v;
	int st;

	switch (opt) {
	case O_MAX_P99:
	case O_MAX:
		if (parse_number(arg, &v, &rest) || *rest || v < 0)
			return rtb_host_error(h, RTB_EINVAL, "%s %s: not a number of microseconds",
					      opt == O_MAX ? "--max-us" : "--max-p99-us", arg);
		snprintf(text, sizeof(text), "%s %s", opt == O_MAX ? "--max-us" : "--max-p99-us", arg);
		return add_rule(h, k, "*", opt == O_MAX ? ST_MAX : ST_P99, OP_GT, v * 1e3, 0, text);
	case O_FAIL_IF:
		return parse_expr(h, k, arg);
	case O_BASELINE:
		k->baseline = arg;
		return 0;
	case O_REGRESS:
		if (parse_number(arg, &v, &rest) || *rest || v < 0)
			return rtb_host_error(h, RTB_EINVAL, "--max-regress-pct %s: not a percentage", arg);
		k->max_regress = v / 100;
		return 0;
	case O_FIGURE:
		st = stat_by_name(arg, strlen(arg));
		if (st != ST_P50 && st != ST_P99 && st != ST_MEAN && st != ST_MAX)
			return rtb_host_error(h, RTB_EINVAL, "--figure %s: not p50, p99, mean or max", arg);
		k->figure = (enum stat)st;
		return 0;
	case O_JUNIT:
		k->junit = arg;
		return 0;
	case O_ALLOW_INCOMPLETE:
		k->allow_incomplete = 1;
		return 0;
	case O_ALLOW_MISSING:
		k->allow_missing = 1;
		return 0;
	}
	return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)", opt);
}

static int check_init(struct rtb_host *h)
{
	struct check *k = h->priv;
	size_t i;

	for (i = 0; i < k->nrules; i++)
		if (k->rules[i].rel && !k->baseline)
			return rtb_host_error(h, RTB_EINVAL, "--fail-if %s: a %% limit needs --baseline",
					      k->rules[i].text);
	if (h->nargs != 1)
		return rtb_host_error(h, RTB_EINVAL, "%s: need exactly one result file (see --help)",
				      h->nargs ? h->args[1] : "no file given");
	if (!k->baseline)
		return rtb_host_load_results(h, 1, 1);
	/* the baseline first: the comparison model measures against it */
	k->two[0] = (char *)k->baseline;
	k->two[1] = h->args[0];
	h->args = k->two;
	h->nargs = 2;
	return rtb_host_load_results(h, 2, 2);
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
static void fmt_stat(char *buf, size_t len, enum stat s, double v)
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
static int check_regression(struct rtb_host *h, struct check *k, struct rtb_case *c,
			    const struct rtb_rf_metric *m, const struct rtb_rf_metric *bm,
			    const struct rtb_cmp_cell *cell, double v, double bv)
{
	const char *fig = stat_names[k->figure];
	double d = rel_change(v, bv), allow = k->max_regress * 100;
	char a[48], b[48], pc[32];
	int rc = 0;

	if (!cell)
		return 0;
	if (cell->has_vd && cell->vd.kind != RTB_VD_UNTESTED) {
		const struct rtb_verdict *vd = &cell->vd;

		/* the median: the tested figure */
		if (vd->kind == RTB_VD_HIGHER && vd->shift_pct > allow) {
			fmt_stat(a, sizeof(a), ST_P50, (double)m->pct[0]);
			fmt_stat(b, sizeof(b), ST_P50, (double)bm->pct[0]);
			fmt_rel(pc, sizeof(pc), rel_change((double)m->pct[0], (double)bm->pct[0]));
			rc = rtb_case_fail(&k->cases, c, "%s: p50 %s vs %s in the baseline (%s); the "
					   "rounds' median %+.1f%% (%g%% CI %+.1f%% to %+.1f%%) > %g%%, beyond "
					   "noise +-%.1f%%, significant (Welch on round medians, p=%.2g < %g)",
					   m->id, a, b, pc, vd->shift_pct, (1 - h->alpha) * 100,
					   vd->ci_lo_pct, vd->ci_hi_pct, allow, vd->noise_pct, vd->p, h->alpha);
		}
		/* the tail: against its own between-round noise */
		if (!rc && vd->has_p99 && vd->p99_shift_pct > allow && vd->p99_shift_pct > vd->p99_noise_pct) {
			fmt_stat(a, sizeof(a), ST_P99, (double)m->pct[2]);
			fmt_stat(b, sizeof(b), ST_P99, (double)bm->pct[2]);
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
	if (cell->mwu.p >= h->alpha || cell->mwu.p_b_gt_a <= 0.5)
		return 0;
	return rtb_case_fail(&k->cases, c, "%s: %s %s vs %s in the baseline, %+.1f%% (> %g%%), "
			     "significant by the no-rounds fallback (Mann-Whitney on samples, "
			     "p=%.2g < %g)", m->id, fig, a, b, d * 100, allow, cell->mwu.p, h->alpha);
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
		 rule, m->has_stats ? "the file has no such figure for it" : m->status,
		 !m->has_stats && m->note[0] ? ": " : "", !m->has_stats ? m->note : "");
	if (k->allow_missing)
		return c->result == RTB_CASE_FAIL ? 0 : rtb_case_skip(&k->cases, c, why);
	return rtb_case_fail(&k->cases, c, "%s (--allow-missing to skip it)", why);
}

/* check_metric - every rule against one measurement. */
static int check_metric(struct rtb_host *h, struct check *k, const struct rtb_rf_metric *m,
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
	c->figure = stat_names[k->figure];
	c->unit = "us";
	if (!strcmp(m->status, "failed"))
		return rtb_case_fail(&k->cases, c, "%s: measurement failed%s%s", m->id,
				     m->note[0] ? ": " : "", m->note);
	for (i = 0; i < k->nrules; i++)
		nrules += matches(&k->rules[i], m->id);
	if (!m->has_stats && !nrules)
		return rtb_case_skip(&k->cases, c, m->note[0] ? m->note : m->status);
	if (stat_value(m, k->figure, &v)) {
		c->has_value = 1;
		c->value = v / 1e3;
	}
	for (i = 0; i < k->nrules && !rc; i++) {
		const struct rule *r = &k->rules[i];

		if (!matches(r, m->id))
			continue;
		if (!m->has_stats || !stat_value(m, r->stat, &v)) {
			rc = not_evaluated(k, c, m, stat_names[r->stat], r->text);
			continue;
		}
		if (!r->rel) {
			if (holds(r->op, v, r->limit)) {
				fmt_stat(a, sizeof(a), r->stat, v);
				fmt_stat(b, sizeof(b), r->stat, r->limit);
				rc = rtb_case_fail(&k->cases, c, "%s: %s %s %s %s (%s)", m->id,
						   stat_names[r->stat], a, op_names[r->op], b, r->text);
			}
			continue;
		}
		if (!bm || !bm->has_stats || !stat_value(bm, r->stat, &bv)) {
			rc = not_evaluated(k, c, m, "its baseline figure", r->text);
			continue;
		}
		if (holds(r->op, rel_change(v, bv), r->limit)) {
			fmt_stat(a, sizeof(a), r->stat, v);
			fmt_stat(b, sizeof(b), r->stat, bv);
			fmt_rel(pc, sizeof(pc), rel_change(v, bv));
			rc = rtb_case_fail(&k->cases, c, "%s: %s %s vs %s in the baseline, %s (%s)",
					   m->id, stat_names[r->stat], a, b, pc, r->text);
		}
	}
	if (!m->has_stats)
		return rc;
	/* the baseline rule: a rise beyond the allowance, and significant */
	if (!rc && k->baseline && bm && bm->has_stats && stat_value(bm, k->figure, &bv) &&
	    stat_value(m, k->figure, &v)) {
		k->njudged++;
		rc = check_regression(h, k, c, m, bm, cell, v, bv);
	} else if (!rc && k->baseline && c->result == RTB_CASE_PASS) {
		/* not judged against the baseline: not a pass of the baseline rule */
		rc = rtb_case_skip(&k->cases, c, bm && !bm->has_stats ?
				   "no figures in the baseline to compare with" :
				   "not in the baseline: nothing to compare with");
	}
	return rc;
}

/* check_globs - a --fail-if GLOB that matches no measurement of the file
 * names something the file does not have (a typo, a measurement that was
 * not run): a failing case of its own, unless --allow-missing. */
static int check_globs(struct check *k, const struct rtb_rf *res)
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
	return 0;
}

/* check_common - a baseline against which no measurement could be judged
 * (no figure in common: different measurements, or only rt-tests
 * summaries) judges nothing: a failing case of its own. */
static int check_common(struct check *k, const struct rtb_rf *res)
{
	struct rtb_case *c;

	if (!k->baseline || k->njudged)
		return 0;
	c = rtb_cases_add(&k->cases, "check.baseline", "judged against the baseline");
	if (!c)
		return RTB_ENOMEM;
	return rtb_case_fail(&k->cases, c, "%s: no measurement of %s could be judged against it "
			     "(no figure in common): the baseline rule judged nothing", k->baseline,
			     res->path);
}

/* check_complete - an incomplete run (the file says complete: false) fails
 * as a case of its own: what it did not measure cannot pass. With
 * --allow-incomplete what it measured is judged alone. */
static int check_complete(struct check *k, const struct rtb_rf *res)
{
	struct rtb_case *c;

	if (res->complete || k->allow_incomplete)
		return 0;
	c = rtb_cases_add(&k->cases, "check.complete", "the run is complete");
	if (!c)
		return RTB_ENOMEM;
	if (res->has_progress)
		return rtb_case_fail(&k->cases, c, "%s: incomplete run (%lld of %lld benchmarks "
				     "measured when the file was written): what was not measured "
				     "cannot pass (--allow-incomplete to judge what was)", res->path,
				     (long long)res->benches_done, (long long)res->benches_planned);
	return rtb_case_fail(&k->cases, c, "%s: incomplete run (stopped early): what was not "
			     "measured cannot pass (--allow-incomplete to judge what was)", res->path);
}

static int check_run(struct rtb_host *h)
{
	struct check *k = h->priv;
	const struct rtb_rf *res;
	size_t i, j;
	int rc;

	k->cases.suite = "rtbench check";
	if (!k->baseline) {
		res = &h->files[0];
		k->cases.source = res->path;
		for (i = 0; i < res->nmetrics; i++) {
			rc = check_metric(h, k, &res->metrics[i], NULL, NULL);
			if (rc)
				return rtb_host_error(h, rc, "out of memory");
		}
	} else {
		rc = rtb_host_build_cmp(h);
		if (rc)
			return rc;
		res = &h->files[1];
		k->cases.source = res->path;
		for (i = 0; i < res->nmetrics; i++) {
			const struct rtb_cmp_cell *cell = NULL, *bcell = NULL;

			for (j = 0; j < h->cmp.nmetrics; j++) {
				if (!strcmp(h->cmp.metrics[j].id, res->metrics[i].id)) {
					cell = &h->cmp.metrics[j].cell[1];
					bcell = &h->cmp.metrics[j].cell[0];
					if (!bcell->m)
						bcell = NULL;
				}
			}
			rc = check_metric(h, k, &res->metrics[i], cell, bcell);
			if (rc)
				return rtb_host_error(h, rc, "out of memory");
		}
	}
	if ((rc = check_complete(k, res)) || (rc = check_globs(k, res)) ||
	    (rc = check_common(k, res)))
		return rtb_host_error(h, rc, "out of memory");
	h->cases = &k->cases;
	h->verdict_failed = k->cases.nfail > 0;
	return 0;
}

static int check_print(struct rtb_host *h)
{
	struct check *k = h->priv;
	struct rtb_sb x = { 0 };
	int rc;

	if (k->junit) {
		rc = rtb_render_junit.render(&x, h);
		if (!rc && x.failed)
			rc = RTB_ENOMEM;
		if (!rc && rtb_write_atomic(k->junit, rtb_sb_cstr(&x), x.len) < 0)
			rc = rtb_host_error(h, RTB_EIO, "%s: cannot write: %s", k->junit, strerror(errno));
		rtb_sb_free(&x);
		if (rc)
			return rtb_host_error(h, rc, "out of memory");
	}
	return rtb_host_render(h);
}

static void check_free(struct rtb_host *h)
{
	struct check *k = h->priv;

	if (k)
		rtb_cases_free(&k->cases);
}

/* check_setup - per-invocation state (the runner's priv). */
static int check_setup(struct rtb_host *h)
{
	memset(&check_state, 0, sizeof(check_state));
	check_state.figure = ST_P99;
	check_state.max_regress = 0.10;
	h->priv = &check_state;
	return 0;
}

static const struct option check_opts[] = {
	{ "max-p99-us", required_argument, NULL, O_MAX_P99 },
	{ "max-us", required_argument, NULL, O_MAX },
	{ "fail-if", required_argument, NULL, O_FAIL_IF },
	{ "baseline", required_argument, NULL, O_BASELINE },
	{ "max-regress-pct", required_argument, NULL, O_REGRESS },
	{ "figure", required_argument, NULL, O_FIGURE },
	{ "junit", required_argument, NULL, O_JUNIT },
	{ "allow-incomplete", no_argument, NULL, O_ALLOW_INCOMPLETE },
	{ "allow-missing", no_argument, NULL, O_ALLOW_MISSING },
	{ NULL, 0, NULL, 0 },
};

static const struct rtb_render *const check_formats[] = {
	&rtb_render_cases_text, &rtb_render_junit, &rtb_render_lava, &rtb_render_lava_results, NULL,
};

static const struct rtb_host_ops check_ops = {
	.name = "check",
	.usage = check_usage,
	.common = RTB_HOST_OPT_FORMAT | RTB_HOST_OPT_OUTPUT | RTB_HOST_OPT_ALPHA,
	.formats = check_formats,
	.setup = check_setup,
	.longopts = check_opts,
	.parse = check_parse,
	.init = check_init,
	.run = check_run,
	.print = check_print,
	.free = check_free,
};

int rtb_host_check(int argc, char **argv)
{
	return rtb_host_main(&check_ops, argc, argv);
}
