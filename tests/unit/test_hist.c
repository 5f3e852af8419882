/* SPDX-License-Identifier: Apache-2.0 */
/* test_hist - layout, range reporting, merge and percentiles of the
 * log-linear histogram, checked against the claims in rtbench/hist.h.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/hist.h"
#include "rtbench/result.h"

static uint64_t store_a[4096], store_b[4096];

static void test_sizes(void)
{
	struct rtb_hist h;
	uint64_t small[8];

	CHECK_EQ_I(rtb_hist_buckets(7, 36), 128 + 29 * 64);
	CHECK(rtb_hist_buckets(RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT) <= 4096);
	CHECK_EQ_I(rtb_hist_buckets(1, 1), 2);
	CHECK_EQ_I(rtb_hist_buckets(1, 10), 2 + 9);
	CHECK_EQ_I(rtb_hist_buckets(3, 3), 8);
	CHECK_EQ_I(rtb_hist_buckets(0, 10), 0);
	CHECK_EQ_I(rtb_hist_buckets(17, 40), 0);
	CHECK_EQ_I(rtb_hist_buckets(8, 7), 0);
	CHECK_EQ_I(rtb_hist_buckets(7, 63), 0);
	CHECK(rtb_hist_buckets(16, 62) > 0);

	CHECK_EQ_I(rtb_hist_init(&h, 7, 36, store_a, 1983), RTB_EINVAL);
	CHECK_EQ_I(rtb_hist_init(&h, 3, 10, small, 8), RTB_EINVAL);
	CHECK_EQ_I(rtb_hist_init(&h, 0, 10, store_a, 4096), RTB_EINVAL);
	CHECK_EQ_I(rtb_hist_init(&h, 7, 36, NULL, 4096), RTB_EINVAL);
	CHECK_EQ_I(rtb_hist_init(NULL, 7, 36, store_a, 4096), RTB_EINVAL);

	memset(store_a, 0xff, sizeof(store_a));
	CHECK_EQ_I(rtb_hist_init(&h, 7, 36, store_a, 1984), 0);
	CHECK_EQ_I(h.nbuckets, 1984);
	CHECK_EQ_I(h.total, 0);
	for (size_t i = 0; i < h.nbuckets; i++)
		if (store_a[i] != 0) {
			CHECK(store_a[i] == 0);
			break;
		}
}

/* Every value 0..5000 lands in the bucket whose [lo, hi) holds it; buckets
 * are contiguous, exact below 2^sub_bits, and no wider than the header's
 * relative bound above it. */
static void check_layout(uint32_t sub_bits, uint32_t top_bit)
{
	struct rtb_hist h;
	int64_t limit = (int64_t)1 << top_bit;

	if (rtb_hist_init(&h, sub_bits, top_bit, store_a, 4096) != 0) {
		fprintf(stderr, "s=%u t=%u: init failed\n", sub_bits, top_bit);
		check_failures++;
		return;
	}
	for (int64_t v = 0; v <= 5000 && v < limit; v++) {
		size_t i = rtb_hist_index(&h, v);
		if (i >= h.nbuckets || rtb_hist_bucket_lo(&h, i) > v ||
		    rtb_hist_bucket_hi(&h, i) <= v) {
			fprintf(stderr, "s=%u t=%u: value %lld -> bucket %zu\n",
				sub_bits, top_bit, (long long)v, i);
			check_failures++;
			return;
		}
	}
	CHECK_EQ_I(rtb_hist_bucket_lo(&h, 0), 0);
	CHECK_EQ_I(rtb_hist_bucket_hi(&h, h.nbuckets - 1), limit);
	CHECK_EQ_I(rtb_hist_index(&h, limit - 1), h.nbuckets - 1);
	for (size_t i = 0; i < h.nbuckets; i++) {
		int64_t lo = rtb_hist_bucket_lo(&h, i), hi = rtb_hist_bucket_hi(&h, i);
		int ok = hi > lo &&
			 (i + 1 == h.nbuckets || rtb_hist_bucket_lo(&h, i + 1) == hi) &&
			 rtb_hist_index(&h, lo) == i && rtb_hist_index(&h, hi - 1) == i;
		if (lo < ((int64_t)1 << sub_bits))
			ok = ok && hi - lo == 1 && lo == (int64_t)i;
		else	/* width <= lo * 2^-(sub_bits-1) */
			ok = ok && ((hi - lo) << (sub_bits - 1)) <= lo;
		if (!ok) {
			fprintf(stderr, "s=%u t=%u: bucket %zu [%lld, %lld) bad\n",
				sub_bits, top_bit, i, (long long)lo, (long long)hi);
			check_failures++;
			return;
		}
	}
}

static void test_layouts(void)
{
	check_layout(RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT);
	check_layout(1, 1);
	check_layout(1, 20);
	check_layout(2, 12);
	check_layout(4, 4);
	check_layout(5, 40);
	check_layout(6, 62);
	check_layout(8, 20);
	check_layout(10, 13);
}

static void test_examples(void)
{
	struct rtb_hist h;

	CHECK_EQ_I(rtb_hist_init(&h, 7, 36, store_a, 4096), 0);
	CHECK_EQ_I(rtb_hist_index(&h, 127), 127);
	CHECK_EQ_I(rtb_hist_index(&h, 128), 128);  /* [128,130) */
	CHECK_EQ_I(rtb_hist_index(&h, 129), 128);
	CHECK_EQ_I(rtb_hist_index(&h, 130), 129);
	CHECK_EQ_I(rtb_hist_index(&h, 256), 192);  /* [256,260) */
	/* the schema doc's example buckets: [2048, 2080) and [2080, 2112) */
	CHECK_EQ_I(rtb_hist_bucket_lo(&h, rtb_hist_index(&h, 2050)), 2048);
	CHECK_EQ_I(rtb_hist_bucket_hi(&h, rtb_hist_index(&h, 2050)), 2080);
	CHECK_EQ_I(rtb_hist_bucket_lo(&h, rtb_hist_index(&h, 2100)), 2080);
	CHECK_EQ_I(rtb_hist_bucket_hi(&h, rtb_hist_index(&h, 2100)), 2112);
}

static void test_range(void)
{
	struct rtb_hist h;
	const int64_t top = (int64_t)1 << RTB_HIST_TOP_BIT;

	CHECK_EQ_I(rtb_hist_init(&h, RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT,
				 store_a, 4096), 0);
	CHECK(h.min > h.max); /* empty */
	CHECK_EQ_I(rtb_hist_record(&h, 500), 0);
	CHECK_EQ_I(rtb_hist_record(&h, top - 1), 0);
	CHECK_EQ_I(rtb_hist_record(&h, top), RTB_ERANGE);
	CHECK_EQ_I(rtb_hist_record(&h, INT64_MAX), RTB_ERANGE);
	CHECK_EQ_I(rtb_hist_record(&h, -1), RTB_ERANGE);
	CHECK_EQ_I(rtb_hist_record(&h, 0), 0);
	CHECK_EQ_I(h.total, 3);
	CHECK_EQ_I(h.overflow, 2);
	CHECK_EQ_I(h.underflow, 1);
	/* not clipped: min/max are the values recorded, not the range ends */
	CHECK_EQ_I(h.max, INT64_MAX);
	CHECK_EQ_I(h.min, -1);
	CHECK_EQ_I(h.counts[h.nbuckets - 1], 1); /* only top-1, not the overflow */
	CHECK_EQ_I(h.counts[0], 1);

	rtb_hist_reset(&h);
	CHECK_EQ_I(h.total, 0);
	CHECK_EQ_I(h.overflow, 0);
	CHECK_EQ_I(h.underflow, 0);
	CHECK_EQ_I(h.counts[0], 0);
	CHECK_EQ_I(h.nbuckets, 1984);
	CHECK_EQ_I(rtb_hist_record(&h, 7), 0);
	CHECK_EQ_I(h.min, 7);
	CHECK_EQ_I(h.max, 7);
}

static void test_merge(void)
{
	struct rtb_hist a, b, c;
	static uint64_t store_c[64];
	uint64_t sum;

	CHECK_EQ_I(rtb_hist_init(&a, 7, 36, store_a, 4096), 0);
	CHECK_EQ_I(rtb_hist_init(&b, 7, 36, store_b, 4096), 0);
	for (int64_t v = 0; v < 1000; v++)
		rtb_hist_record(&a, v);
	for (int64_t v = 500; v < 3000; v++)
		rtb_hist_record(&b, v);
	rtb_hist_record(&b, -5);
	rtb_hist_record(&b, (int64_t)1 << 40);
	CHECK_EQ_I(rtb_hist_merge(&a, &b), 0);
	CHECK_EQ_I(a.total, 1000 + 2500);
	CHECK_EQ_I(a.underflow, 1);
	CHECK_EQ_I(a.overflow, 1);
	CHECK_EQ_I(a.min, -5);
	CHECK_EQ_I(a.max, (int64_t)1 << 40);
	CHECK_EQ_I(a.counts[100], 1);
	CHECK_EQ_I(a.counts[rtb_hist_index(&a, 600)], 16); /* [600,608) twice */
	sum = 0;
	for (size_t i = 0; i < a.nbuckets; i++)
		sum += a.counts[i];
	CHECK_EQ_I(sum, a.total);

	CHECK_EQ_I(rtb_hist_init(&c, 3, 10, store_c, 64), 0);
	CHECK_EQ_I(rtb_hist_merge(&a, &c), RTB_EINVAL);
	CHECK_EQ_I(a.total, 3500); /* untouched on error */
}

static void test_percentile(void)
{
	struct rtb_hist h;
	int64_t out = -1;

	CHECK_EQ_I(rtb_hist_init(&h, 7, 36, store_a, 4096), 0);
	CHECK_EQ_I(rtb_hist_percentile(&h, 50, &out), RTB_EINVAL); /* empty */
	for (int64_t v = 1; v <= 100; v++)
		rtb_hist_record(&h, v);
	rtb_hist_record(&h, -1);        /* out of range: not in the ranks */
	rtb_hist_record(&h, INT64_MAX);
	/* below 2^sub_bits the histogram is exact: same as sorted samples */
	CHECK_EQ_I(rtb_hist_percentile(&h, 50, &out), 0);
	CHECK_EQ_I(out, 50);
	CHECK_EQ_I(rtb_hist_percentile(&h, 99, &out), 0);
	CHECK_EQ_I(out, 99);
	CHECK_EQ_I(rtb_hist_percentile(&h, 99.9, &out), 0);
	CHECK_EQ_I(out, 100);
	CHECK_EQ_I(rtb_hist_percentile(&h, 100, &out), 0);
	CHECK_EQ_I(out, 100);
	CHECK_EQ_I(rtb_hist_percentile(&h, 0.5, &out), 0);
	CHECK_EQ_I(out, 1);
	CHECK_EQ_I(rtb_hist_percentile(&h, 0, &out), RTB_EINVAL);
	CHECK_EQ_I(rtb_hist_percentile(&h, 100.5, &out), RTB_EINVAL);
	CHECK_EQ_I(rtb_hist_percentile(&h, -3, &out), RTB_EINVAL);

	/* above 2^sub_bits: the bucket's lower bound */
	rtb_hist_reset(&h);
	for (int i = 0; i < 999; i++)
		rtb_hist_record(&h, 2010);
	rtb_hist_record(&h, 2100);
	CHECK_EQ_I(rtb_hist_percentile(&h, 99.9, &out), 0);
	CHECK_EQ_I(out, 2000);   /* 2010 is in [2000, 2016) */
	CHECK_EQ_I(rtb_hist_percentile(&h, 100, &out), 0);
	CHECK_EQ_I(out, 2080);   /* 2100 is in [2080, 2112) */
}

int main(void)
{
	test_sizes();
	test_layouts();
	test_examples();
	test_range();
	test_merge();
	test_percentile();
	return check_done();
}
