/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - selftest's verdicts as pure functions (no I/O), so the
 * logic is unit-tested on synthetic passes (tests/unit/test_selftest_judge.c).
 *
 * One check = one known delay on one measured path, measured in npass
 * passes. Its shift is the median of the passes' shifts (injected median -
 * baseline median). Tolerance: max(RTB_ST_TOL_MIN_NS, RTB_ST_TOL_FRAC x the
 * delay, 3 standard errors of that median of shifts). A delay below twice
 * its tolerance cannot be resolved on that path: "unresolved".
 * A path passes when at least one of its checks was resolved and every
 * resolved check passed; it fails when a resolved check failed or a pass
 * could not run; otherwise it is unresolved. The run exits 0 only when
 * at least one path passed and no path failed or stayed unresolved and the
 * run was not stopped early: a run that resolved nothing never says "every
 * measured path responds". */
#ifndef RTB_CORE_SELFTEST_JUDGE_H
#define RTB_CORE_SELFTEST_JUDGE_H

#include <stdint.h>

#define RTB_ST_TOL_MIN_NS 300
#define RTB_ST_TOL_FRAC 0.10

struct rtb_st_check {
	int64_t want_ns;     /* the injected delay */
	int64_t shift_ns;    /* median of the passes' shifts */
	double tol_ns;
	int resolved, ok;
	int error;           /* a pass could not run (skipped, failed, stopped) */
};

/* rtb_st_judge - one check from npass shifts (ns) and the summed variance
 * of the passes' shift estimates (ns^2). */
void rtb_st_judge(int64_t want_ns, const int64_t *shift_ns, int npass, double var_sum,
		  struct rtb_st_check *out);

enum rtb_st_path { RTB_ST_PASS, RTB_ST_FAIL, RTB_ST_UNRESOLVED };
/* rtb_st_path_verdict - a path from its n checks. */
enum rtb_st_path rtb_st_path_verdict(const struct rtb_st_check *c, int n);
/* rtb_st_outcome - 0 when every covered path passed, else RTB_ECHECK. */
int rtb_st_outcome(int npass, int nfail, int nunresolved, int stopped);

#endif
