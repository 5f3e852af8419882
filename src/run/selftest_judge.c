/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - selftest's verdicts (see selftest_judge.h). */
#include <math.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/inject.h"
#include "rtbench/stats.h"
#include "run/selftest_judge.h"

void rtb_st_half(const int64_t *v, size_t n, int injected, double pct, int64_t *scratch,
		 struct rtb_st_half *out)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (rtb_pick_delayed(i) == (injected != 0))
			scratch[m++] = v[i];
	memset(out, 0, sizeof(*out));
	if (!m)
		return;
	rtb_stats_sort(scratch, m);
	out->q_ns = rtb_stats_percentile_sorted(scratch, m, pct);
	const double q = pct / 100.0, z = 1.96, sd = sqrt((double)m * q * (1.0 - q));
	double lo = floor((double)m * q - z * sd), hi = ceil((double)m * q + z * sd);
	if (lo < 0)
		lo = 0;
	if (hi > (double)(m - 1))
		hi = (double)(m - 1);
	out->se_ns = (double)(scratch[(size_t)hi] - scratch[(size_t)lo]) / (2.0 * z);
}

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
	out->se3_ns = se3;
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

int64_t rtb_st_resolvable_ns(const struct rtb_st_check *c, int n)
{
	double best = -1;

	for (int i = 0; i < n; i++)
		if (!c[i].error && (best < 0 || c[i].se3_ns < best))
			best = c[i].se3_ns;
	if (best < 0)
		return 0;
	return (int64_t)(2.0 * (best > RTB_ST_TOL_MIN_NS ? best : RTB_ST_TOL_MIN_NS) + 0.5);
}
