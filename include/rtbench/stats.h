/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - summary statistics of a set of kept samples.
 *
 * Percentiles are exact, by the nearest-rank method: the p-th percentile of
 * n sorted values is the value at 1-based rank ceil(p/100 * n). No
 * interpolation, so every reported percentile is a value that was measured. */
#ifndef RTBENCH_STATS_H
#define RTBENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

/* The percentiles every measurement reports, in this order: their levels
 * and names are rtbench/stat_names.h's (rtb_pct_level, rtb_pct_key). */
#define RTB_NPCT 6

struct rtb_stats {
	uint64_t count;
	int64_t min, max;          /* ns */
	double mean, stddev;       /* ns; stddev is the sample (n-1) deviation, 0 for n<2 */
	int64_t pct[RTB_NPCT];     /* ns, at rtb_pct_level(k) */
	int64_t median;            /* == pct[0] */
};

/* rtb_stats_compute - statistics of v[0..n). `scratch` (n entries) receives a
 * sorted copy; v is left untouched. n == 0 gives all-zero stats.
 * Returns 0 or RTB_EINVAL (NULL pointers with n > 0). */
int rtb_stats_compute(const int64_t *v, size_t n, int64_t *scratch,
		      struct rtb_stats *out);

/* rtb_stats_percentile_sorted - nearest-rank percentile of sorted s[0..n),
 * n > 0, 0 < p <= 100. */
int64_t rtb_stats_percentile_sorted(const int64_t *s, size_t n, double p);

/* rtb_stats_rank - 1-based nearest rank, ceil(p/100 * n) clamped to
 * [1, n], computed in integers (p as millionths of a percent) so that
 * 99.9% of 1000 is rank 999, not 1000. */
uint64_t rtb_stats_rank(double p, uint64_t n);

/* rtb_stats_sort - ascending in-place sort of v[0..n) (no allocation). */
void rtb_stats_sort(int64_t *v, size_t n);

#endif
