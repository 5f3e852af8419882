/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - selftest's verdicts as pure functions (no I/O), so the
 * logic is unit-tested on synthetic passes (tests/unit/test_selftest_judge.c).
 *
 * One check = one known delay on one measured path, measured in npass
 * passes. Each pass compares the two halves (baseline and injected
 * samples, side by side: rtb_pick_delayed) at one quantile, the path's own (rtb_bench.selftest_pct:
 * the median unless the bench says why not). Its shift is the median of
 * the passes' shifts. Tolerance: max(RTB_ST_TOL_MIN_NS, RTB_ST_TOL_FRAC x
 * the delay, 3 standard errors of that median of shifts); each half's
 * standard error is read from its own order statistics (rtb_st_half), not
 * from a normal curve fitted to its IQR: these distributions are a sharp
 * floor plus a second mode of ~10 us interruptions, where the IQR says
 * nothing about how stable the quantile is (it overstated a median inside
 * the floor 20-fold and understated one on the edge between the modes).
 * A delay below twice its tolerance cannot be resolved on that path:
 * "unresolved".
 * A path passes when at least one of its checks was resolved and every
 * resolved check passed; it fails when a resolved check failed or a pass
 * could not run; otherwise it is unresolved. The run exits 0 only when
 * at least one path passed and no path failed or stayed unresolved and the
 * run was not stopped early: a run that resolved nothing never says "every
 * measured path responds". */
#ifndef RTB_CORE_SELFTEST_JUDGE_H
#define RTB_CORE_SELFTEST_JUDGE_H

#include <stddef.h>
#include <stdint.h>

#define RTB_ST_TOL_MIN_NS 300
#define RTB_ST_TOL_FRAC 0.10

/* one half of a pass: its value at the quantile and that value's standard
 * error */
struct rtb_st_half {
	int64_t q_ns;
	double se_ns;
};

/* rtb_st_half - the baseline (injected = 0) or injected half of v[0..n)
 * (which is which: rtb_pick_delayed, rtbench/bench.h): its
 * pct quantile (nearest rank) and the standard error of that quantile,
 * distribution-free: the values at the ranks n*q -/+ 1.96 sqrt(n q (1-q))
 * bound a 95% interval of the quantile (binomial ranks), so SE = their
 * distance / (2 x 1.96). scratch holds n/2 + 1 values. */
void rtb_st_half(const int64_t *v, size_t n, int injected, double pct, int64_t *scratch,
		 struct rtb_st_half *out);

struct rtb_st_check {
	int64_t want_ns;     /* the injected delay */
	int64_t shift_ns;    /* median of the passes' shifts */
	double tol_ns;
	double se3_ns;       /* 3 standard errors of the shift: 2 x this (or
			      * 2 x RTB_ST_TOL_MIN_NS) is the smallest delay
			      * this path resolves on this machine now */
	int resolved, ok;
	int error;           /* a pass could not run (skipped, failed, stopped) */
};

/* rtb_st_judge - one check from npass shifts (ns) and the summed variance
 * of the passes' shift estimates (ns^2: each pass adds both halves' se^2). */
void rtb_st_judge(int64_t want_ns, const int64_t *shift_ns, int npass, double var_sum,
		  struct rtb_st_check *out);

enum rtb_st_path { RTB_ST_PASS, RTB_ST_FAIL, RTB_ST_UNRESOLVED };
/* rtb_st_path_verdict - a path from its n checks. */
enum rtb_st_path rtb_st_path_verdict(const struct rtb_st_check *c, int n);
/* rtb_st_outcome - 0 when every covered path passed, else RTB_ECHECK. */
int rtb_st_outcome(int npass, int nfail, int nunresolved, int stopped);
/* rtb_st_resolvable_ns - the smallest delay the path resolved or could
 * have resolved, from the narrowest of its n checks (0: none measured). */
int64_t rtb_st_resolvable_ns(const struct rtb_st_check *c, int n);

#endif
