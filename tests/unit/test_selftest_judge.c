/* SPDX-License-Identifier: Apache-2.0 */
/* test_selftest_judge - selftest's verdict logic (src/run/selftest_judge.c)
 * on synthetic passes. The old command exited 0 and printed "every measured
 * path responds" when no check was resolved at all, or when a covered path
 * was unresolved on every delay; here neither may exit 0. */
#include "check.h"
#include "rtbench/err.h"
#include "run/selftest_judge.h"

int main(void)
{
	struct rtb_st_check c[3];
	const int64_t good[3] = { 5050, 4980, 5010 }, off[3] = { 7000, 7100, 6900 };
	const int64_t noisy[3] = { 1000, 9000, 5200 };

	/* a clean 5 us shift: resolved, pass; the median of the three */
	rtb_st_judge(5000, good, 3, 0, &c[0]);
	CHECK(c[0].resolved && c[0].ok);
	CHECK_EQ_I(c[0].shift_ns, 5010);
	CHECK_NEAR(c[0].tol_ns, 500, 1e-9);           /* 10% of the delay */
	/* a shift 2 us too large: resolved, FAIL */
	rtb_st_judge(5000, off, 3, 0, &c[1]);
	CHECK(c[1].resolved && !c[1].ok);
	/* a small delay under a wide spread: unresolved (3 SE > half the delay) */
	rtb_st_judge(1000, noisy, 3, 3.0 * 600.0 * 600.0, &c[2]);
	CHECK(!c[2].resolved);
	CHECK(c[2].tol_ns > 500);
	/* the floor: never below 300 ns */
	rtb_st_judge(1000, good, 3, 0, &c[2]);
	CHECK_NEAR(c[2].tol_ns, 300, 1e-9);

	/* path verdicts */
	struct rtb_st_check pass = { .resolved = 1, .ok = 1 }, fail = { .resolved = 1, .ok = 0 },
			    unres = { .resolved = 0, .ok = 1 }, err = { .error = 1 };
	struct rtb_st_check p1[2] = { unres, pass }, p2[2] = { pass, fail }, p3[2] = { unres, unres },
			    p4[2] = { pass, err };
	CHECK_EQ_I(rtb_st_path_verdict(p1, 2), RTB_ST_PASS);
	CHECK_EQ_I(rtb_st_path_verdict(p2, 2), RTB_ST_FAIL);
	CHECK_EQ_I(rtb_st_path_verdict(p3, 2), RTB_ST_UNRESOLVED);
	CHECK_EQ_I(rtb_st_path_verdict(p4, 2), RTB_ST_FAIL);
	CHECK_EQ_I(rtb_st_path_verdict(p3, 0), RTB_ST_UNRESOLVED); /* no check at all */

	/* the outcome: 0 or RTB_ECHECK (main makes the exit status) */
	CHECK_EQ_I(rtb_st_outcome(5, 0, 0, 0), 0);
	CHECK_EQ_I(rtb_st_outcome(0, 0, 0, 0), RTB_ECHECK);   /* nothing resolved: not "every path" */
	CHECK_EQ_I(rtb_st_outcome(5, 0, 1, 0), RTB_ECHECK);   /* one covered path unresolved */
	CHECK_EQ_I(rtb_st_outcome(5, 1, 0, 0), RTB_ECHECK);
	CHECK_EQ_I(rtb_st_outcome(5, 0, 0, 1), RTB_ECHECK);   /* stopped early */
	return check_failures ? 1 : 0;
}
