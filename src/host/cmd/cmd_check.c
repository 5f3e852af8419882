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
 * Significance of a regression: compare's round-level verdict (verdict.h:
 * rounds, not samples, are the unit of replication). The median fails
 * when the verdict is "higher" (Welch's t on the round medians
 * significant at --alpha AND outside the run-to-run noise band) by more
 * than the allowance; p99 fails when its shift exceeds
 * the allowance AND the between-round noise of p99 on both sides (tails
 * are reported against their noise, not t-tested). Files without rounds
 * (schema 1, rt-tests) fall back to the --figure's rise and a two-sided
 * Mann-Whitney U test of the kept samples (histogram buckets where a file
 * has none), p < --alpha with the result larger, and say so: samples of
 * one run are not independent, so that fallback is weaker. A rise that is
 * not significant does not fail.
 *
 * The gate fails closed: an incomplete run, a limit or rule that cannot be
 * evaluated on a measurement it applies to, a --fail-if GLOB matching no
 * measurement and a baseline no measurement could be judged against each
 * fail with one line saying why, as does a measurement the baseline has and
 * the result lacks, unless --allow-incomplete/--allow-missing.
 * Judgement is check_judge.c; this file holds the options and the command.
 *
 * Exit status: 0 every case passed (or skipped), 1 some case failed,
 * 2 bad input or options. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/base/write_atomic.h"
#include "host/compare/cases.h"
#include "host/cmd/host.h"
#include "host/render/render.h"
#include "host/cmd/runner.h"
#include "host/compare/check_int.h"

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
		"                           STAT count min mean stddev p50 p90 p99 p99_9 p99_99\n"
		"                           p99_999 max invalid overruns missed over_deadline;\n"
		"                           OP > >= < <=;\n"
		"                           UNIT ns, us (default for times), ms, or %% (change\n"
		"                           against --baseline); e.g. 'ipc.*:p99>50us', 'missed>0',\n"
		"                           'mean>+5%%'. Repeatable (up to %d rules in all).\n"
		"                           A %% rule on p99, p99_9 or max is judged as compare's\n"
		"                           verdict row: past the limit AND beyond that figure's\n"
		"                           between-run noise (a run that cannot judge it fails)\n"
		"      --rate-below [GLOB:]T:R  fail unless the rate of samples over T us is shown\n"
		"                           below R at 95%% (exact upper bound; R per sample, or\n"
		"                           N/h, N/d); e.g. '100:1e-6', 'irq.*:50:2/h'\n"
		"      --level-below [GLOB:]P:L fail unless the tail fit's level exceeded with\n"
		"                           probability P per sample is shown below L us at 95%%;\n"
		"                           a tail not fitted (rtbench tail says why) fails\n"
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

/* stat_by_name - the statistic named by s[0..n) into *st; false for a
 * name check does not know. */
static bool stat_by_name(const char *s, size_t n, enum rtb_stat *st)
{
	for (int i = 0; i < RTB_NSTAT; i++)
		if (strlen(rtb_stat_names[i].key) == n && !strncmp(s, rtb_stat_names[i].key, n)) {
			*st = (enum rtb_stat)i;
			return true;
		}
	return false;
}

/* parse_number - a finite number at the start of s, the text after it in
 * *rest: 0, or RTB_EINVAL. */
static int parse_number(const char *s, double *v, const char **rest)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || !isfinite(*v))
		return RTB_EINVAL;
	*rest = end;
	return 0;
}

static int add_rule(struct rtb_host *h, struct check *k, const char *glob, enum rtb_stat st,
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
	enum rtb_stat st;
	int rel = 0;
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
	if (!stat_by_name(p, n, &st))
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
	return add_rule(h, k, glob, st, op, v, rel, expr);
bad:
	return rtb_host_error(h, RTB_EINVAL, "--fail-if %s: not [GLOB:]STAT OP VALUE[ns|us|ms|%%] "
			      "(see --help)", expr);
}

enum { O_MAX_P99 = 1000, O_MAX, O_FAIL_IF, O_BASELINE, O_REGRESS, O_FIGURE, O_JUNIT,
       O_ALLOW_INCOMPLETE, O_ALLOW_MISSING, O_RATE_BELOW, O_LEVEL_BELOW };

static int check_parse(struct rtb_host *h, int opt, const char *arg)
{
	struct check *k = h->priv;
	const char *rest;
	char text[64];
	double v;
	enum rtb_stat st;

	switch (opt) {
	case O_MAX_P99:
	case O_MAX:
		if (parse_number(arg, &v, &rest) || *rest || v < 0)
			return rtb_host_error(h, RTB_EINVAL, "%s %s: not a number of microseconds",
					      opt == O_MAX ? "--max-us" : "--max-p99-us", arg);
		snprintf(text, sizeof(text), "%s %s", opt == O_MAX ? "--max-us" : "--max-p99-us", arg);
		return add_rule(h, k, "*", opt == O_MAX ? RTB_STAT_MAX : RTB_STAT_P99, OP_GT, v * 1e3, 0, text);
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
		if (!stat_by_name(arg, strlen(arg), &st) ||
		    (st != RTB_STAT_P50 && st != RTB_STAT_P99 && st != RTB_STAT_MEAN && st != RTB_STAT_MAX))
			return rtb_host_error(h, RTB_EINVAL, "--figure %s: not p50, p99, mean or max", arg);
		k->figure = st;
		return 0;
	case O_JUNIT:
		k->junit = arg;
		return rtb_host_add_output(h, "--junit", arg); /* checked by identity (runner) */
	case O_ALLOW_INCOMPLETE:
		k->allow_incomplete = 1;
		return 0;
	case O_ALLOW_MISSING:
		k->allow_missing = 1;
		return 0;
	case O_RATE_BELOW:
	case O_LEVEL_BELOW:
	{
		char why[640];

		if (rtb_chk_tail_parse(k, opt == O_LEVEL_BELOW, arg, why, sizeof(why)))
			return rtb_host_error(h, RTB_EINVAL, "%s", why);
		return 0;
	}
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

static int check_run(struct rtb_host *h)
{
	struct check *k = h->priv;
	const struct rtb_rf *res;
	size_t i, j;
	int rc;

	k->cases.suite = "rtbench check";
	if (!k->baseline) {
		res = &h->files[0];
		k->res = res;
		k->cases.source = res->path;
		for (i = 0; i < res->nmetrics; i++) {
			rc = rtb_chk_metric(h->alpha, k, &res->metrics[i], NULL, NULL);
			if (rc)
				return rtb_host_error(h, rc, "out of memory");
		}
	} else {
		rc = rtb_host_build_cmp(h);
		if (rc)
			return rc;
		res = &h->files[1];
		k->res = res;
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
			rc = rtb_chk_metric(h->alpha, k, &res->metrics[i], cell, bcell);
			if (rc)
				return rtb_host_error(h, rc, "out of memory");
		}
	}
	if ((rc = rtb_chk_complete(k, res)) || (rc = rtb_chk_globs(k, res)) ||
	    (rc = rtb_chk_common(k, res)) || (k->baseline && (rc = rtb_chk_absent(k, &h->files[0], res))))
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
		if (!rc && rtb_atomic_write(k->junit, rtb_sb_cstr(&x), x.len))
			rc = rtb_host_error(h, RTB_EIO, "cannot write %s", rtb_atomic_write_error());
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
	check_state.figure = RTB_STAT_P99;
	check_state.max_regress = 0.10;
	h->priv = &check_state;
	return 0;
}

static const struct option check_opts[] = {
	{ "max-p99-us", required_argument, NULL, O_MAX_P99 },
	{ "max-us", required_argument, NULL, O_MAX },
	{ "rate-below", required_argument, NULL, O_RATE_BELOW },
	{ "level-below", required_argument, NULL, O_LEVEL_BELOW },
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
