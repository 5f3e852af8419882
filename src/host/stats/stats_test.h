/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - distributions as weighted values, and the Mann-Whitney U
 * test compare uses to say whether two systems differ significantly.
 *
 * A distribution is a sorted list of (value, weight) pairs: from kept
 * samples (equal values merged, weight = how many) or, when a file has no
 * samples, from its histogram (each bucket's midpoint, weight = its count).
 * Both go through the same test, so the histogram fallback is the grouped
 * form of the same test rather than a different one. */
#ifndef RTB_HOST_STATS_TEST_H
#define RTB_HOST_STATS_TEST_H

#include <stddef.h>
#include <stdint.h>

#include "host/read/resultfile.h"

struct rtb_wv {
	double v;   /* value (ns) */
	double w;   /* how many values (> 0) */
};

struct rtb_dist {
	struct rtb_wv *x;   /* ascending by v, distinct v */
	size_t n;
	double total;       /* sum of weights */
	int from_hist;      /* 1: built from histogram buckets, not samples */
};

/* rtb_dist_from_metric - the distribution of a metric: its samples if the
 * file has them, else its histogram. Returns 0, RTB_EINVAL (neither), or
 * RTB_ENOMEM. */
int rtb_dist_from_metric(const struct rtb_rf_metric *m, struct rtb_dist *out);
/* rtb_dist_from_hist - the distribution of a metric's histogram (bucket
 * midpoints), whether or not the file also has samples: when one file of
 * a comparison has only a histogram, both are binned the same way. */
int rtb_dist_from_hist(const struct rtb_rf_metric *m, struct rtb_dist *out);
/* rtb_dist_from_values - a distribution of n raw values (copied). */
int rtb_dist_from_values(const int64_t *v, size_t n, struct rtb_dist *out);
/* rtb_dist_quantile - the value at cumulative fraction q (0 < q <= 1),
 * nearest rank. */
double rtb_dist_quantile(const struct rtb_dist *d, double q);
/* rtb_dist_free - release a distribution. */
void rtb_dist_free(struct rtb_dist *d);

/* Result of a two-sided Mann-Whitney U (Wilcoxon rank-sum) test of
 * "the two samples come from the same distribution", normal approximation
 * with tie correction and continuity correction (as scipy.stats.mannwhitneyu
 * with method="asymptotic", use_continuity=True). */
struct rtb_mwu {
	double n1, n2;
	double u1;          /* U of the first sample: pairs (a, b) with a > b, ties 1/2 */
	double z;           /* standardised U1 (continuity-corrected); 0 if all tied */
	double p;           /* two-sided p-value; 1 if every value is tied */
	double p_b_gt_a;    /* P(B > A) + P(B == A)/2 = U2 / (n1 n2): the effect size */
};

/* rtb_mwu_test - compare distributions a and b. Returns 0, RTB_EINVAL if
 * either is empty, RTB_ENOMEM. */
int rtb_mwu_test(const struct rtb_dist *a, const struct rtb_dist *b, struct rtb_mwu *out);

#endif
