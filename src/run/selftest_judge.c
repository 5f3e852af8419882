/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - selftest's verdicts (see selftest_judge.h). */
#include <math.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/stats.h"
#include "run/selftest_judge.h"

void rtb_st_judge(int64_t want_ns, const int64_t *shift_ns, int npass, double var_sum,
		  struct rtb_st_check *out)
{
	int64_t s[16];
	int n = npass < 16 ? npass : 16;

	memset(out, 0, sizeof(*out));
	out->want_ns = want_ns;
	if (n < 1) {
		out->error = 1;
		return;
	}
	memcpy(s, shift_ns, (size_t)n * sizeof(*s));
	rtb_stats_sort(s, (size_t)n);
	out->shift_ns = n & 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	/* the median of n shifts: ~1.2x the standard error of their mean */
	double tol = (double)want_ns * RTB_ST_TOL_FRAC;
	double se3 = 3.0 * 1.2 * sqrt(var_sum) / n;
	if (tol < RTB_ST_TOL_MIN_NS)
		tol = RTB_ST_TOL_MIN_NS;
	if (tol < se3)
		tol = se3;
	out->tol_ns = tol;
	out->resolved = 2.0 * tol <= (double)want_ns;
	out->ok = fabs((double)(out->shift_ns - want_ns)) <= tol;
}

enum rtb_st_path rtb_st_path_verdict(const struct rtb_st_check *c, int n)
{
	int resolved = 0;

	for (int i = 0; i < n; i++) {
		if (c[i].error || (c[i].resolved && !c[i].ok))
			return RTB_ST_FAIL;
		resolved += c[i].resolved;
	}
	return resolved ? RTB_ST_PASS : RTB_ST_UNRESOLVED;
}

int rtb_st_outcome(int npass, int nfail, int nunresolved, int stopped)
{
	return npass > 0 && !nfail && !nunresolved && !stopped ? 0 : RTB_ECHECK;
}
