/* SPDX-License-Identifier: Apache-2.0 */
/* test_mwu - the Mann-Whitney U test of src/host/stats/stats_test.c against
 * reference values worked out independently.
 *
 * Reference 1, by hand: x = 1..10, y = 6..15. Pairs with x > y: 10, ties
 * (6..10): 5, so U1 = 10 + 5/2 = 12.5. N = 20, five tie groups of 2 give
 * sum(t^3 - t) = 30, var = 10*10/12 * (21 - 30/(20*19)) = 174.342,
 * z = (|12.5 - 50| - 0.5) / sqrt(174.342) = 2.80221,
 * p = erfc(2.80221 / sqrt 2) = 0.0050754 (two-sided).
 * Reference 2 (scipy.stats.mannwhitneyu's asymptotic method, re-derived in
 * plain Python for this test since scipy is not installed here):
 * x = {3,4,2,6,2,5}, y = {9,7,5,10,6,8}: U1 = 2, p = 0.0125919.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <math.h>
#include <stdint.h>

#include "check.h"
#include "rtbench/err.h"
#include "host/stats/stats_test.h"

static void mwu_of(const int64_t *a, size_t na, const int64_t *b, size_t nb, struct rtb_mwu *r)
{
	struct rtb_dist da, db;

	CHECK_EQ_I(rtb_dist_from_values(a, na, &da), 0);
	CHECK_EQ_I(rtb_dist_from_values(b, nb, &db), 0);
	CHECK_EQ_I(rtb_mwu_test(&da, &db, r), 0);
	rtb_dist_free(&da);
	rtb_dist_free(&db);
}

static void mwu_test_ok(const struct rtb_dist *a, const struct rtb_dist *b, struct rtb_mwu *r)
{
	CHECK_EQ_I(rtb_mwu_test(a, b, r), 0);
}

/* lcg - a fixed pseudo-random sequence, so the test is deterministic */
static uint32_t lcg_state = 12345;
static double lcg(void)
{
	lcg_state = lcg_state * 1103515245u + 12345u;
	return (double)((lcg_state >> 8) & 0xffffff) / 16777216.0;
}

/* approx_normal - sum of 12 uniforms, mean mu, stddev sd */
static int64_t approx_normal(double mu, double sd)
{
	double s = 0;
	int i;

	for (i = 0; i < 12; i++)
		s += lcg();
	return (int64_t)llround(mu + (s - 6) * sd);
}

int main(void)
{
	static const int64_t x1[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
	static const int64_t y1[] = { 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	static const int64_t x2[] = { 3, 4, 2, 6, 2, 5 };
	static const int64_t y2[] = { 9, 7, 5, 10, 6, 8 };
	static const int64_t same[] = { 7, 7, 7, 7 };
	static int64_t a[2000], b[2000], c[2000];
	struct rtb_mwu r;
	struct rtb_dist d, e;
	size_t i;

	/* reference values */
	mwu_of(x1, 10, y1, 10, &r);
	CHECK_NEAR(r.u1, 12.5, 1e-9);
	CHECK_NEAR(r.z, -2.8022093709, 1e-8);
	CHECK_NEAR(r.p, 0.005075392315, 1e-10);
	CHECK_NEAR(r.p_b_gt_a, 0.875, 1e-12);
	mwu_of(x2, 6, y2, 6, &r);
	CHECK_NEAR(r.u1, 2.0, 1e-9);
	CHECK_NEAR(r.p, 0.01259191149, 1e-10);
	/* symmetric: swapping the samples keeps p, flips U */
	mwu_of(y2, 6, x2, 6, &r);
	CHECK_NEAR(r.u1, 34.0, 1e-9);
	CHECK_NEAR(r.p, 0.01259191149, 1e-10);

	/* every value tied: no evidence of a difference */
	mwu_of(same, 4, same, 4, &r);
	CHECK_NEAR(r.p, 1.0, 0);

	/* same distribution, different draws: not significant; shifted by
	 * 3% of the mean: very significant */
	for (i = 0; i < 2000; i++) {
		a[i] = approx_normal(2700, 150);
		b[i] = approx_normal(2700, 150);
		c[i] = approx_normal(2781, 150);
	}
	mwu_of(a, 2000, b, 2000, &r);
	CHECK(r.p > 0.05);
	CHECK(r.p_b_gt_a > 0.45 && r.p_b_gt_a < 0.55);
	mwu_of(a, 2000, c, 2000, &r);
	CHECK(r.p < 1e-20);
	CHECK(r.p_b_gt_a > 0.6);

	/* the grouped (histogram) form gives the same answer as the raw form
	 * when every group holds one value: weights are counts */
	CHECK_EQ_I(rtb_dist_from_values(x1, 10, &d), 0);
	CHECK_EQ_I(d.n, 10);
	CHECK_NEAR(d.total, 10, 0);
	CHECK_NEAR(rtb_dist_quantile(&d, 0.5), 5, 0);   /* nearest rank: ceil(5) = 5th */
	CHECK_NEAR(rtb_dist_quantile(&d, 0.99), 10, 0);
	CHECK_NEAR(rtb_dist_quantile(&d, 0.01), 1, 0);
	CHECK_EQ_I(rtb_dist_from_values(same, 4, &e), 0);
	CHECK_EQ_I(e.n, 1);
	CHECK_NEAR(e.x[0].w, 4, 0);
	rtb_dist_free(&d);
	rtb_dist_free(&e);

	/* The histogram path itself (a file without samples): a metric with
	 * buckets only becomes a grouped distribution at the bucket midpoints
	 * (from_hist), weights = counts. And the mixed case compare must avoid:
	 * the same values as raw samples against their own histogram differ
	 * (midpoints are not the values), while both binned alike are equal. */
	{
		struct rtb_rf_bucket bk[3] = { { 100, 102, 3 }, { 102, 104, 5 }, { 104, 106, 2 } };
		int64_t raw[10] = { 100, 100, 101, 102, 102, 102, 103, 103, 104, 105 };
		struct rtb_rf_metric hm = { 0 }, rm = { 0 };
		struct rtb_dist dh, dr, dr_binned;

		hm.has_stats = 1;
		hm.count = 10;
		hm.min = 100;
		hm.max = 105;
		hm.has_hist = 1;
		hm.buckets = bk;
		hm.nbuckets = 3;
		rm = hm;
		rm.samples = raw;
		rm.nsamples = 10;
		CHECK_EQ_I(rtb_dist_from_metric(&hm, &dh), 0);
		CHECK_EQ_I(dh.from_hist, 1);
		CHECK_EQ_I(dh.n, 3);
		CHECK_NEAR(dh.x[0].v, 100.5, 0);   /* (lo + hi - 1) / 2 */
		CHECK_NEAR(dh.x[1].w, 5, 0);
		CHECK_NEAR(dh.total, 10, 0);
		CHECK_EQ_I(rtb_dist_from_metric(&rm, &dr), 0);
		CHECK_EQ_I(dr.from_hist, 0);           /* samples win when present */
		CHECK_EQ_I(rtb_dist_from_hist(&rm, &dr_binned), 0);
		CHECK_EQ_I(dr_binned.from_hist, 1);
		mwu_test_ok(&dh, &dr_binned, &r);
		CHECK_NEAR(r.p_b_gt_a, 0.5, 1e-12);    /* binned alike: identical */
		CHECK_NEAR(r.p, 1, 1e-12);
		mwu_test_ok(&dh, &dr, &r);
		CHECK(fabs(r.p_b_gt_a - 0.5) > 0.01);  /* raw vs midpoints: a spurious shift */
		rtb_dist_free(&dh);
		rtb_dist_free(&dr);
		rtb_dist_free(&dr_binned);
	}

	/* empty input is refused, not divided by */
	d = (struct rtb_dist){ 0 };
	CHECK_EQ_I(rtb_dist_from_values(x1, 0, &e), RTB_EINVAL);
	CHECK_EQ_I(rtb_mwu_test(&d, &d, &r), RTB_EINVAL);
	return check_done();
}
