/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - log-linear latency histogram in caller-provided storage.
 *
 * Values are non-negative integers (nanoseconds in rtbench). Bucket layout:
 * values below 2^sub_bits are counted exactly; above that every power-of-two
 * range [2^k, 2^(k+1)) is split into 2^(sub_bits-1) equal buckets, so the
 * relative width of a bucket is at most 2^-(sub_bits-1) (1.6% for 7 bits).
 * Sizing (rtb_hist_buckets) is separate from storage so a histogram can live
 * in static memory on an RTOS target. Values above max_value are not clipped:
 * they are counted in `overflow` and reported by rtb_hist_record(). */
#ifndef RTBENCH_HIST_H
#define RTBENCH_HIST_H

#include <stddef.h>
#include <stdint.h>

struct rtb_hist {
	uint32_t sub_bits;   /* log2 of exact range; 1..16 */
	uint32_t top_bit;    /* values < 2^top_bit are in range */
	size_t nbuckets;
	uint64_t *counts;    /* caller storage, nbuckets entries */
	uint64_t total;      /* values recorded in range */
	uint64_t overflow;   /* values >= 2^top_bit (not in counts) */
	uint64_t underflow;  /* negative values (not in counts) */
	int64_t min, max;    /* over every recorded value, in range or not */
};

/* rtb_hist_buckets - number of uint64_t counters needed for a histogram of
 * values in [0, 2^top_bit) with sub_bits precision. Returns 0 on bad sizes
 * (sub_bits not in 1..16, top_bit not in sub_bits..62). */
size_t rtb_hist_buckets(uint32_t sub_bits, uint32_t top_bit);

/* rtb_hist_init - attach storage (nbuckets counters, zeroed here).
 * Returns 0, or RTB_EINVAL for bad sizes or storage too small. */
int rtb_hist_init(struct rtb_hist *h, uint32_t sub_bits, uint32_t top_bit,
		  uint64_t *storage, size_t nbuckets);

/* rtb_hist_reset - zero all counts, keep layout and storage. */
void rtb_hist_reset(struct rtb_hist *h);

/* rtb_hist_record - count one value. Returns 0 if counted in a bucket,
 * RTB_ERANGE if the value was outside [0, 2^top_bit): it is then counted in
 * overflow/underflow and still updates min/max. */
int rtb_hist_record(struct rtb_hist *h, int64_t value);

/* rtb_hist_index - bucket index of an in-range value (value >= 0,
 * value < 2^top_bit). */
size_t rtb_hist_index(const struct rtb_hist *h, int64_t value);

/* rtb_hist_bucket_lo / _hi - the smallest value in bucket i and the smallest
 * value of the next bucket (bucket i holds [lo, hi)). */
int64_t rtb_hist_bucket_lo(const struct rtb_hist *h, size_t i);
int64_t rtb_hist_bucket_hi(const struct rtb_hist *h, size_t i);

/* rtb_hist_merge - add src's counts into dst. Layouts must match
 * (RTB_EINVAL otherwise). */
int rtb_hist_merge(struct rtb_hist *dst, const struct rtb_hist *src);

/* rtb_hist_percentile - value at percentile p (0 < p <= 100) by nearest
 * rank over the in-range counts, reported as the bucket's lower bound
 * (exact below 2^sub_bits). Returns 0 and stores it in *out, or RTB_EINVAL
 * (bad p, empty histogram). */
int rtb_hist_percentile(const struct rtb_hist *h, double p, int64_t *out);

/* rtb_hist_copy - make dst (its own storage, same layout) equal to src:
 * counts, totals, min and max. RTB_EINVAL if the layouts differ. */
int rtb_hist_copy(struct rtb_hist *dst, const struct rtb_hist *src);

/* rtb_hist_resolution_pct - the widest bucket's width relative to its lower
 * edge, in percent: a percentile read from h (a bucket's lower edge) is at
 * most this much below the true value, never above it (100 * 2^-(sub_bits-1):
 * 1.5625% for 7 bits; values below 2^sub_bits are exact). */
double rtb_hist_resolution_pct(const struct rtb_hist *h);

#endif
