/* SPDX-License-Identifier: Apache-2.0 */
/* test_stats - nearest-rank percentiles, mean/stddev and the in-place sort.
 *
 * rtb-test: side (pure computation on fixed data: tests/run.sh)
 * Deterministic: fixed data and a fixed-seed generator; no timing asserts
 * (the 10-million-value sorts only have to finish inside the runner's
 * timeout, which an O(n^2) sort would not). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/result.h"
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

/* xorshift64* - reproducible pseudo-random numbers on every libc. */
static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static int is_sorted(const int64_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (v[i - 1] > v[i])
			return 0;
	return 1;
}

static void test_levels(void)
{
	CHECK(rtb_pct_level(0) == 50);
	CHECK(rtb_pct_level(1) == 90);
	CHECK(rtb_pct_level(2) == 99);
	CHECK(rtb_pct_level(3) == 99.9);
	CHECK(rtb_pct_level(4) == 99.99);
	CHECK(rtb_pct_level(5) == 99.999);
}

/* 1..100 shuffled: nearest rank of p is ceil(p) for this n. */
static void test_1_to_100(void)
{
	int64_t v[100], copy[100], s[100];
	struct rtb_stats st;

	for (int i = 0; i < 100; i++)
		v[i] = i + 1;
	for (int i = 99; i > 0; i--) {
		int j = (int)(rng() % (uint64_t)(i + 1));
		int64_t t = v[i]; v[i] = v[j]; v[j] = t;
	}
	memcpy(copy, v, sizeof(v));
	CHECK_EQ_I(rtb_stats_compute(v, 100, s, &st), 0);
	CHECK(memcmp(copy, v, sizeof(v)) == 0); /* input untouched */
	CHECK(is_sorted(s, 100));
	CHECK_EQ_I(st.count, 100);
	CHECK_EQ_I(st.min, 1);
	CHECK_EQ_I(st.max, 100);
	CHECK_NEAR(st.mean, 50.5, 1e-12);
	/* sample variance of 1..n is n(n+1)/12 = 841.666... */
	CHECK_NEAR(st.stddev, 29.011491975882016, 1e-12);
	CHECK_EQ_I(st.pct[0], 50);
	CHECK_EQ_I(st.median, 50);
	CHECK_EQ_I(st.pct[1], 90);
	CHECK_EQ_I(st.pct[2], 99);
	CHECK_EQ_I(st.pct[3], 100);  /* ceil(99.9) */
	CHECK_EQ_I(st.pct[4], 100);
	CHECK_EQ_I(st.pct[5], 100);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100, 100), 100);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100, 0.5), 1);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100, 1), 1);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100, 1.01), 2);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100, 25), 25);
}

/* Levels where p/100*n lands exactly on an integer in decimal but not in
 * binary: the rank must be that integer, not the next one. */
static void test_exact_ranks(void)
{
	enum { N = 100000 };
	int64_t *s = malloc(N * sizeof(*s));

	CHECK(s != NULL);
	if (!s)
		return;
	for (int i = 0; i < N; i++)
		s[i] = i + 1;
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 1000, 99.9), 999);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 10000, 99.99), 9999);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100000, 99.999), 99999);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 100000, 99.99), 99990);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 10, 90), 9);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 1001, 99.9), 1000); /* ceil(999.999) */
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 3, 50), 2);
	CHECK_EQ_I(rtb_stats_percentile_sorted(s, 2, 50), 1);
	free(s);
}

static void test_small_n(void)
{
	int64_t v[7] = { 30, 10, 70, 20, 60, 40, 50 }, s[7];
	int64_t one = -42, s1;
	struct rtb_stats st;

	/* n = 0: all zero, and NULL pointers are fine */
	memset(&st, 0x55, sizeof(st));
	CHECK_EQ_I(rtb_stats_compute(NULL, 0, NULL, &st), 0);
	CHECK_EQ_I(st.count, 0);
	CHECK_EQ_I(st.min, 0);
	CHECK_EQ_I(st.max, 0);
	CHECK(st.mean == 0 && st.stddev == 0);
	for (int k = 0; k < RTB_NPCT; k++)
		CHECK_EQ_I(st.pct[k], 0);
	CHECK_EQ_I(st.median, 0);

	CHECK_EQ_I(rtb_stats_compute(NULL, 3, s, &st), RTB_EINVAL);
	CHECK_EQ_I(rtb_stats_compute(v, 3, NULL, &st), RTB_EINVAL);
	CHECK_EQ_I(rtb_stats_compute(v, 3, s, NULL), RTB_EINVAL);

	/* n = 1: every statistic is that value; stddev 0 */
	CHECK_EQ_I(rtb_stats_compute(&one, 1, &s1, &st), 0);
	CHECK_EQ_I(st.count, 1);
	CHECK_EQ_I(st.min, -42);
	CHECK_EQ_I(st.max, -42);
	CHECK(st.mean == -42);
	CHECK(st.stddev == 0);
	for (int k = 0; k < RTB_NPCT; k++)
		CHECK_EQ_I(st.pct[k], -42);

	/* n = 7: high percentiles of a small set are the max */
	CHECK_EQ_I(rtb_stats_compute(v, 7, s, &st), 0);
	CHECK_EQ_I(st.median, 40);        /* rank ceil(3.5) = 4 */
	CHECK_EQ_I(st.pct[1], 70);        /* rank ceil(6.3) = 7 */
	CHECK_EQ_I(st.pct[5], 70);        /* p99.999 of small n = max */
	CHECK(st.mean == 40);
	/* deviations -30..30 step 10: sum sq 2800, / 6 */
	CHECK_NEAR(st.stddev, 21.602468994692867, 1e-12);
	CHECK_EQ_I(v[0], 30);             /* untouched */
}

/* A large mean with a tiny spread: naive sum-of-squares would lose it. */
static void test_stable_stddev(void)
{
	enum { N = 1000 };
	int64_t v[N], s[N];
	struct rtb_stats st;

	for (int i = 0; i < N; i++)
		v[i] = 1000000000000ll + (i % 2 ? 1 : -1);
	CHECK_EQ_I(rtb_stats_compute(v, N, s, &st), 0);
	/* sample stddev of N values +-1 around the mean: sqrt(N/(N-1)) */
	CHECK_NEAR(st.stddev, 1.000500375312773, 1e-6);
	CHECK_EQ_I(st.min, 1000000000000ll - 1);
	CHECK_EQ_I(st.max, 1000000000000ll + 1);

	for (int i = 0; i < N; i++)
		v[i] = 7;
	CHECK_EQ_I(rtb_stats_compute(v, N, s, &st), 0);
	CHECK(st.stddev == 0);
	CHECK(st.mean == 7);
}

static void check_sort(int64_t *v, int64_t *ref, size_t n, const char *what)
{
	memcpy(ref, v, n * sizeof(*v));
	qsort(ref, n, sizeof(*ref), cmp64);
	rtb_stats_sort(v, n);
	if (memcmp(v, ref, n * sizeof(*v)) != 0) {
		fprintf(stderr, "sort mismatch: %s (n=%zu)\n", what, n);
		check_failures++;
	}
}

static void test_sort_patterns(void)
{
	enum { N = 5000 };
	static int64_t v[N], ref[N];

	rtb_stats_sort(NULL, 0);
	rtb_stats_sort(v, 0);
	v[0] = 5;
	rtb_stats_sort(v, 1);
	CHECK_EQ_I(v[0], 5);

	for (size_t n = 2; n < 200; n++) {
		for (size_t i = 0; i < n; i++)
			v[i] = (int64_t)(rng() % 50) - 25;
		check_sort(v, ref, n, "random small");
	}
	for (size_t i = 0; i < N; i++)
		v[i] = (int64_t)i;
	check_sort(v, ref, N, "ascending");
	for (size_t i = 0; i < N; i++)
		v[i] = (int64_t)(N - i);
	check_sort(v, ref, N, "descending");
	for (size_t i = 0; i < N; i++)
		v[i] = (int64_t)(i % 2 ? i : N - i); /* organ pipe-ish */
	check_sort(v, ref, N, "zigzag");
	for (size_t i = 0; i < N; i++)
		v[i] = i < N / 2 ? (int64_t)i : (int64_t)(N - i);
	check_sort(v, ref, N, "organ pipe");
	for (size_t i = 0; i < N; i++)
		v[i] = (int64_t)(rng() % 3);
	check_sort(v, ref, N, "three values");
	for (size_t i = 0; i < N; i++)
		v[i] = (int64_t)rng(); /* full int64 range, negatives included */
	check_sort(v, ref, N, "full range");
	v[0] = INT64_MIN;
	v[1] = INT64_MAX;
	check_sort(v, ref, N, "extremes");
}

/* 10 million values: random vs qsort, then sorted and all-equal input,
 * which a naive quicksort would take O(n^2) on (hours, not seconds). */
static void test_sort_large(void)
{
	const size_t n = 10000000;
	int64_t *v = malloc(n * sizeof(*v)), *ref = malloc(n * sizeof(*ref));

	if (!v || !ref) {
		free(v);
		free(ref);
		SKIP("cannot allocate 160 MB for the large-sort test");
	}
	for (size_t i = 0; i < n; i++)
		v[i] = (int64_t)(rng() % 100000000);
	check_sort(v, ref, n, "10M random");
	CHECK(is_sorted(v, n));
	rtb_stats_sort(v, n); /* already sorted */
	CHECK(is_sorted(v, n));
	CHECK(memcmp(v, ref, n * sizeof(*v)) == 0);
	for (size_t i = 0; i < n; i++)
		v[i] = 12345;
	rtb_stats_sort(v, n); /* all equal */
	CHECK(v[0] == 12345 && v[n - 1] == 12345);
	for (size_t i = 0; i < n; i++)
		v[i] = (int64_t)(n - i);
	rtb_stats_sort(v, n); /* descending */
	CHECK(is_sorted(v, n));
	CHECK_EQ_I(v[0], 1);
	free(v);
	free(ref);
}

/* The between-round spread: half the range as a % of the value, and no
 * figure at all (pct untouched) where it is unknown. */
static void test_spread_pct(void)
{
	struct rtb_spread sp = { .lo_ns = 900, .hi_ns = 1100 };
	double pct = 42;

	CHECK(rtb_spread_pct(&sp, 3, 1000, &pct));
	CHECK_NEAR(pct, 10.0, 1e-12);
	pct = 42;
	CHECK(!rtb_spread_pct(&sp, 1, 1000, &pct)); /* one round: no spread */
	CHECK(!rtb_spread_pct(&sp, 3, 0, &pct));    /* a zero figure */
	CHECK_NEAR(pct, 42, 0);
}

int main(void)
{
	test_levels();
	test_1_to_100();
	test_exact_ranks();
	test_small_n();
	test_stable_stddev();
	test_sort_patterns();
	test_sort_large();
	test_spread_pct();
	return check_done();
}
