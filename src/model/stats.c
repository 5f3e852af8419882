/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - summary statistics of kept samples (see rtbench/stats.h).
 *
 * Percentiles are nearest-rank over a sorted copy, so every reported value was
 * measured. The sort is an in-place, non-recursive introsort: it allocates
 * nothing (the caller may hold 10 million samples in locked memory and we do
 * not want a second allocation after the run), never recurses (small RTOS
 * stacks), and cannot go quadratic: heapsort takes over past a depth limit,
 * and the Hoare partition splits runs of equal values evenly. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"

/* Ranges at most this long are finished by insertion sort. */
#define SORT_SMALL 24

/* nearest_rank - 1-based rank ceil(p/100 * n), clamped to [1, n].
 *
 * Done in integers because in binary floating point p/100*n is often just
 * above an integer (99.9/100*1000 = 999.0000000000001) and ceil() would then
 * pick the next sample. p is taken as a decimal with 6 fractional digits
 * (millionths of a percent), which covers every level rtbench reports. */
uint64_t rtb_stats_rank(double p, uint64_t n)
{
	const uint64_t scale = 100000000; /* 100 % in millionths of a percent */
	uint64_t pm, q, rem, rank;

	if (!(p > 0))
		return 1;
	if (p >= 100)
		return n;
	pm = (uint64_t)llround(p * 1e6);
	/* pm * n may overflow 64 bits for huge n: split n = q*scale + rem so
	 * ceil(pm*n/scale) = pm*q + ceil(pm*rem/scale), pm*rem < 1e16. */
	q = n / scale;
	rem = n % scale;
	rank = pm * q + (pm * rem + scale - 1) / scale;
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return rank;
}

/* rtb_stats_percentile_sorted - nearest-rank percentile of sorted s[0..n). */
int64_t rtb_stats_percentile_sorted(const int64_t *s, size_t n, double p)
{
	if (!s || n == 0)
		return 0;
	return s[rtb_stats_rank(p, n) - 1];
}

/* swap64 - exchange two values. */
static inline void swap64(int64_t *a, int64_t *b)
{
	int64_t t = *a;
	*a = *b;
	*b = t;
}

/* insertion_sort - ascending; for the short runs the quicksort leaves. */
static void insertion_sort(int64_t *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		int64_t x = v[i];
		size_t j = i;
		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

/* sift_down - restore the max-heap below root (heapsort, the fallback
 * when quicksort recurses too deep). */
static void sift_down(int64_t *v, size_t root, size_t n)
{
	for (;;) {
		size_t child = 2 * root + 1;
		if (child >= n)
			return;
		if (child + 1 < n && v[child + 1] > v[child])
			child++;
		if (v[root] >= v[child])
			return;
		swap64(&v[root], &v[child]);
		root = child;
	}
}

/* heap_sort - the O(n log n) guarantee when quicksort pivots go bad. */
static void heap_sort(int64_t *v, size_t n)
{
	if (n < 2)
		return;
	for (size_t i = n / 2; i-- > 0;)
		sift_down(v, i, n);
	for (size_t end = n - 1; end > 0; end--) {
		swap64(&v[0], &v[end]);
		sift_down(v, 0, end);
	}
}

/* median3 - the middle of three values (the quicksort pivot). */
static int64_t median3(int64_t a, int64_t b, int64_t c)
{
	if (a < b) {
		if (b < c)
			return b;
		return a < c ? c : a;
	}
	if (a < c)
		return a;
	return b < c ? c : b;
}

/* choose_pivot - median of three samples, or Tukey's ninther (median of
 * three medians) on large ranges, so that sorted, reverse-sorted and
 * organ-pipe input still split near the middle. */
static int64_t choose_pivot(const int64_t *a, size_t n)
{
	size_t mid = n / 2, last = n - 1;

	if (n > 128) {
		size_t e = n / 8;
		return median3(median3(a[0], a[e], a[2 * e]),
			       median3(a[mid - e], a[mid], a[mid + e]),
			       median3(a[last - 2 * e], a[last - e], a[last]));
	}
	return median3(a[0], a[mid], a[last]);
}

/* rtb_stats_sort - ascending in-place sort of v[0..n) (no allocation). */
void rtb_stats_sort(int64_t *v, size_t n)
{
	/* Explicit stack of pending ranges. The larger side is pushed and the
	 * smaller one sorted next, so the stack never holds more than
	 * log2(n) <= 64 entries. */
	struct range { size_t lo, n; unsigned depth; } stack[64];
	int sp = 0;
	unsigned depth = 0;

	if (!v || n < 2)
		return;
	for (size_t m = n; m > 1; m >>= 1)
		depth += 2; /* introsort depth limit: 2 * log2(n) */

	stack[sp++] = (struct range){ 0, n, depth };
	while (sp > 0) {
		struct range r = stack[--sp];

		while (r.n > SORT_SMALL) {
			int64_t *a = v + r.lo;
			int64_t pivot;
			size_t i, j;

			if (r.depth == 0) {
				heap_sort(a, r.n);
				r.n = 0;
				break;
			}
			r.depth--;
			pivot = choose_pivot(a, r.n);

			/* Hoare partition: both scans stop on values equal to
			 * the pivot, so runs of equal values split evenly rather
			 * than all landing on one side, and already-ordered
			 * input is scanned without a single swap. The pivot is
			 * a value of the range and never its unique maximum
			 * (it is a median), so the scans stay inside the range
			 * and both sides are non-empty. */
			i = 0;
			j = r.n - 1;
			for (;;) {
				while (a[i] < pivot)
					i++;
				while (a[j] > pivot)
					j--;
				if (i >= j)
					break;
				swap64(&a[i++], &a[j--]);
			}
			if (j + 1 >= r.n) {
				/* cannot happen with a median pivot; never
				 * loop on an empty side if it ever does */
				heap_sort(a, r.n);
				r.n = 0;
				break;
			}
			/* Left [lo, lo+j+1), right [lo+j+1, lo+n). */
			struct range left = { r.lo, j + 1, r.depth };
			struct range right = { r.lo + j + 1, r.n - j - 1, r.depth };
			if (left.n < right.n) {
				if (right.n > 1)
					stack[sp++] = right;
				r = left;
			} else {
				if (left.n > 1)
					stack[sp++] = left;
				r = right;
			}
		}
		if (r.n > 1)
			insertion_sort(v + r.lo, r.n);
	}
}

/* rtb_stats_compute - statistics of v[0..n) via a sorted copy in scratch. */
int rtb_stats_compute(const int64_t *v, size_t n, int64_t *scratch,
		      struct rtb_stats *out)
{
	long double mean = 0, m2 = 0;

	if (!out)
		return RTB_EINVAL;
	memset(out, 0, sizeof(*out));
	if (n == 0)
		return RTB_OK;
	if (!v || !scratch)
		return RTB_EINVAL;

	/* Welford's update in long double. Sum-of-squares minus square-of-sum
	 * cancels catastrophically when the spread is tiny next to the values
	 * (1e12 ns +- 1 ns), and even a two-pass mean loses the spread once the
	 * running sum outgrows the mantissa; Welford keeps a running mean of
	 * the values' own magnitude and squared deviations from it. */
	for (size_t i = 0; i < n; i++) {
		long double x = (long double)v[i];
		long double d = x - mean;
		mean += d / (long double)(i + 1);
		m2 += d * (x - mean);
	}

	memcpy(scratch, v, n * sizeof(*v));
	rtb_stats_sort(scratch, n);

	out->count = n;
	out->min = scratch[0];
	out->max = scratch[n - 1];
	out->mean = (double)mean;
	out->stddev = n > 1 ? (double)sqrtl(m2 / (long double)(n - 1)) : 0.0;
	for (int k = 0; k < RTB_NPCT; k++)
		out->pct[k] = rtb_stats_percentile_sorted(scratch, n, rtb_pct_level(k));
	out->median = out->pct[0];
	return RTB_OK;
}
