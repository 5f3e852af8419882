/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - log-linear latency histogram in caller storage (see rtbench/hist.h).
 *
 * Layout with s = sub_bits, half = 2^(s-1):
 *   buckets [0, 2^s)            one per value 0 .. 2^s - 1 (exact);
 *   then for each k = s .. top_bit-1, the range [2^k, 2^(k+1)) split into
 *   `half` buckets of width 2^(k-s+1).
 * So nbuckets = 2^s + (top_bit - s) * half, and for v >= 2^s with
 * k = floor(log2 v) the index is (k-s+1)*half + (v >> (k-s+1)): the shifted
 * value lies in [half, 2^s), which lines the sub-buckets of each power of
 * two up after the previous one (the same trick as HdrHistogram). One
 * count-leading-zeros and a shift: O(1), no loop, no table. */
#include <stdint.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/hist.h"
#include "rtbench/stats.h"

/* sizes_ok - 1 if the layout is one the counters can index (sub_bits
 * 1..16, top_bit sub_bits..62). */
static int sizes_ok(uint32_t sub_bits, uint32_t top_bit)
{
	return sub_bits >= 1 && sub_bits <= 16 &&
	       top_bit >= sub_bits && top_bit <= 62;
}

/* rtb_hist_buckets - counters needed for [0, 2^top_bit) at sub_bits. */
size_t rtb_hist_buckets(uint32_t sub_bits, uint32_t top_bit)
{
	if (!sizes_ok(sub_bits, top_bit))
		return 0;
	return ((size_t)1 << sub_bits) +
	       (size_t)(top_bit - sub_bits) * ((size_t)1 << (sub_bits - 1));
}

/* rtb_hist_init - attach and zero caller storage. */
int rtb_hist_init(struct rtb_hist *h, uint32_t sub_bits, uint32_t top_bit,
		  uint64_t *storage, size_t nbuckets)
{
	size_t need = rtb_hist_buckets(sub_bits, top_bit);

	if (!h || !storage || need == 0 || nbuckets < need)
		return RTB_EINVAL;
	h->sub_bits = sub_bits;
	h->top_bit = top_bit;
	h->nbuckets = need; /* only what the layout uses, not all of storage */
	h->counts = storage;
	rtb_hist_reset(h);
	return RTB_OK;
}

/* rtb_hist_reset - zero counts; min/max go back to "nothing recorded".
 * An empty histogram has min = INT64_MAX and max = INT64_MIN so that the
 * first value recorded sets both with plain comparisons. */
void rtb_hist_reset(struct rtb_hist *h)
{
	if (h->counts)
		memset(h->counts, 0, h->nbuckets * sizeof(*h->counts));
	h->total = 0;
	h->overflow = 0;
	h->underflow = 0;
	h->min = INT64_MAX;
	h->max = INT64_MIN;
}

/* rtb_hist_index - bucket of an in-range value. Out-of-range values (a
 * caller bug) are clamped to the first or last bucket rather than indexing
 * outside the caller's storage. */
size_t rtb_hist_index(const struct rtb_hist *h, int64_t value)
{
	uint64_t v, half;
	uint32_t k, shift;

	if (value < 0)
		return 0;
	v = (uint64_t)value;
	if (v >> h->top_bit)
		return h->nbuckets - 1;
	if (v < ((uint64_t)1 << h->sub_bits))
		return (size_t)v;
	k = 63u - (uint32_t)__builtin_clzll(v); /* v > 0 here */
	shift = k - h->sub_bits + 1;
	half = (uint64_t)1 << (h->sub_bits - 1);
	return (size_t)(shift * half + (v >> shift));
}

/* rtb_hist_record - count one value (not clipped if out of range). */
int rtb_hist_record(struct rtb_hist *h, int64_t value)
{
	if (value < h->min)
		h->min = value;
	if (value > h->max)
		h->max = value;
	if (value < 0) {
		h->underflow++;
		return RTB_ERANGE;
	}
	if ((uint64_t)value >> h->top_bit) {
		h->overflow++;
		return RTB_ERANGE;
	}
	h->counts[rtb_hist_index(h, value)]++;
	h->total++;
	return RTB_OK;
}

/* bucket_shift - log2 of the width of bucket i (i >= 2^sub_bits). */
static uint32_t bucket_shift(const struct rtb_hist *h, size_t i)
{
	size_t half = (size_t)1 << (h->sub_bits - 1);

	return (uint32_t)(i / half) - 1; /* inverse of shift*half + [half,2^s) */
}

/* rtb_hist_bucket_lo - smallest value of bucket i. For i >= nbuckets it
 * returns 2^top_bit, the end of the range. */
int64_t rtb_hist_bucket_lo(const struct rtb_hist *h, size_t i)
{
	size_t half = (size_t)1 << (h->sub_bits - 1);
	uint32_t shift;

	if (i >= h->nbuckets)
		return (int64_t)1 << h->top_bit;
	if (i < ((size_t)1 << h->sub_bits))
		return (int64_t)i;
	shift = bucket_shift(h, i);
	/* index = shift*half + (v >> shift), with v >> shift in [half, 2^s) */
	return (int64_t)((uint64_t)(i - (size_t)shift * half) << shift);
}

/* rtb_hist_bucket_hi - first value after bucket i (bucket i is [lo, hi)). */
int64_t rtb_hist_bucket_hi(const struct rtb_hist *h, size_t i)
{
	if (i >= h->nbuckets)
		return (int64_t)1 << h->top_bit;
	if (i < ((size_t)1 << h->sub_bits))
		return (int64_t)i + 1;
	return rtb_hist_bucket_lo(h, i) + ((int64_t)1 << bucket_shift(h, i));
}

/* rtb_hist_merge - add src into dst (same layout). */
int rtb_hist_merge(struct rtb_hist *dst, const struct rtb_hist *src)
{
	if (!dst || !src || !dst->counts || !src->counts ||
	    dst->sub_bits != src->sub_bits || dst->top_bit != src->top_bit ||
	    dst->nbuckets != src->nbuckets)
		return RTB_EINVAL;
	for (size_t i = 0; i < dst->nbuckets; i++)
		dst->counts[i] += src->counts[i];
	dst->total += src->total;
	dst->overflow += src->overflow;
	dst->underflow += src->underflow;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	return RTB_OK;
}


/* rtb_hist_percentile - lower bound of the bucket holding the nearest-rank
 * value over the in-range counts. */
int rtb_hist_percentile(const struct rtb_hist *h, double p, int64_t *out)
{
	uint64_t rank, seen = 0;

	if (!h || !out || !h->counts || !(p > 0 && p <= 100) || h->total == 0)
		return RTB_EINVAL;
	rank = rtb_stats_rank(p, h->total);
	for (size_t i = 0; i < h->nbuckets; i++) {
		seen += h->counts[i];
		if (seen >= rank) {
			*out = rtb_hist_bucket_lo(h, i);
			return RTB_OK;
		}
	}
	/* total disagrees with the counts (storage changed behind our back) */
	return RTB_EINVAL;
}

/* rtb_hist_copy - dst = src (same layout, dst's own storage). */
int rtb_hist_copy(struct rtb_hist *dst, const struct rtb_hist *src)
{
	if (!dst || !src || !dst->counts || !src->counts ||
	    dst->sub_bits != src->sub_bits || dst->top_bit != src->top_bit ||
	    dst->nbuckets != src->nbuckets)
		return RTB_EINVAL;
	memcpy(dst->counts, src->counts, src->nbuckets * sizeof(*src->counts));
	dst->total = src->total;
	dst->overflow = src->overflow;
	dst->underflow = src->underflow;
	dst->min = src->min;
	dst->max = src->max;
	return RTB_OK;
}

/* rtb_hist_resolution_pct - widest relative bucket width, percent. */
double rtb_hist_resolution_pct(const struct rtb_hist *h)
{
	return 100.0 / (double)((uint64_t)1 << (h->sub_bits - 1));
}
