/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what `rtbench check`'s two files share: cmd_check.c (the
 * options, rules as written, the command) and check_judge.c (each
 * measurement judged against the rules and the baseline, and the
 * fail-closed cases). */
#ifndef RTB_HOST_CHECK_INT_H
#define RTB_HOST_CHECK_INT_H

#include <stddef.h>
#include <stdint.h>

#include "host/compare/cases.h"
#include "host/compare/compare.h"

#define CHECK_MAX_RULES 32

/* A rule's STAT is any statistic of rtbench/stat_names.h, by its key. */
#define ST_IS_TIME(s) (rtb_stat_names[s].flags & RTB_STATF_TIME)

enum op { OP_GT, OP_GE, OP_LT, OP_LE };

struct rule {
	char glob[96];            /* metric id pattern ("*" for every metric) */
	enum rtb_stat stat;
	enum op op;
	double limit;             /* ns for times; a fraction when rel */
	int rel;                  /* relative to the baseline (value in %) */
	char text[160];           /* as the user wrote it, for the failing line */
};

/* A rule on the tail (check_tail.c, docs/tail.md): --rate-below
 * [GLOB:]THRESHOLD_US:RATE passes only when the crossing rate's exact 95%
 * upper bound is below RATE; --level-below [GLOB:]P:LEVEL_US only when the
 * tail fit's level exceeded with probability P per sample has its 95% upper
 * end below LEVEL. Either fails closed: a rate or level that cannot be
 * shown below fails, with why. */
struct tail_rule {
	char glob[96];
	int level;                /* 0: --rate-below, 1: --level-below */
	int64_t thr_ns;           /* rate: the threshold */
	double rate;              /* rate: per sample, or per hour when per_h */
	int per_h;
	double p;                 /* level: the probability per sample */
	double level_ns;
	char text[160];
};

struct check {
	const char *junit;        /* --junit FILE */
	const char *baseline;
	enum rtb_stat figure;
	double max_regress;       /* fraction */
	int allow_incomplete;     /* --allow-incomplete: judge what an incomplete run measured */
	int allow_missing;        /* --allow-missing: a figure a rule cannot evaluate is skipped */
	struct rule rules[CHECK_MAX_RULES];
	size_t nrules;
	struct tail_rule trules[CHECK_MAX_RULES];
	size_t ntrules;
	const struct rtb_rf *res;   /* the result being judged (tail rules need its settings) */
	struct rtb_cases cases;
	char *two[2];             /* baseline, result: the files to load */
	size_t njudged;           /* measurements judged against the baseline */
	size_t nuntested;         /* histogram-mode ones with too few rounds to judge */
};

/* rtb_chk_stat_value - the figure s of m into *v; 0 when the file does not
 * have it or m measured nothing (a skipped metric's counters are not
 * figures a gate may pass on). */
int rtb_chk_stat_value(const struct rtb_rf_metric *m, enum rtb_stat s, double *v);
/* rtb_chk_metric - every rule (and the baseline rule) against one
 * measurement m of the result, cell/bcell its and the baseline's cells of
 * the comparison (NULL without --baseline), alpha the tests' level: one
 * case. 0 or RTB_ENOMEM. */
int rtb_chk_metric(double alpha, struct check *k, const struct rtb_rf_metric *m,
		   const struct rtb_cmp_cell *cell, const struct rtb_cmp_cell *bcell);
/* rtb_chk_tail_parse - a --rate-below (level 0) or --level-below (1)
 * argument into k's tail rules: 0, or RTB_EINVAL with the reason in err. */
int rtb_chk_tail_parse(struct check *k, int level, const char *arg, char *err, size_t errlen);
/* rtb_chk_tail_matches - how many tail rules apply to metric id. */
int rtb_chk_tail_matches(const struct check *k, const char *id);
/* rtb_chk_tail - the tail rules against m in case c: 0 or RTB_ENOMEM. */
int rtb_chk_tail(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m);
/* rtb_chk_globs, rtb_chk_common, rtb_chk_complete - the fail-closed cases
 * of the whole file: a --fail-if GLOB matching nothing, a baseline nothing
 * was judged against, an incomplete run. 0 or RTB_ENOMEM. */
int rtb_chk_globs(struct check *k, const struct rtb_rf *res);
int rtb_chk_common(struct check *k, const struct rtb_rf *res);
/* rtb_chk_absent - each measurement the baseline measured and res lacks:
 * a failing case (skipped with --allow-missing). */
int rtb_chk_absent(struct check *k, const struct rtb_rf *base, const struct rtb_rf *res);
int rtb_chk_complete(struct check *k, const struct rtb_rf *res);

#endif
