/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - a cyclictest -h style text histogram of up to
 * RTB_TH_MAX_SERIES series (src/output/text_hist.c). */
#ifndef RTBENCH_TEXT_HIST_H
#define RTBENCH_TEXT_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "rtbench/result.h"
#include "rtbench/sink.h"

#define RTB_TH_MAX_SERIES 16
#define RTB_TH_MAX_BINS 100

/* One series: its raw values (ns), or else buckets (lower edge ns, count),
 * and its own total, min, max (ns) and values beyond the histogram. */
struct rtb_th_series {
	const char *label;
	const int64_t *v;
	size_t nv;
	const int64_t *blo;
	const uint64_t *bcount;
	size_t nb;
	const struct rtb_hist *h;   /* else rtbench's own histogram */
	uint64_t total, overflow;
	int64_t min, max;
};

/* rtb_text_hist - the histogram of s[0..n) under "# Histogram: title".
 * Returns the sink's error, or RTB_EINVAL (no series, more than
 * RTB_TH_MAX_SERIES). */
int rtb_text_hist(struct rtb_sink *f, const char *title, const struct rtb_th_series *s, int n);

/* rtb_write_text_histograms - run --histogram / -h US: after the tables,
 * cyclictest -h's histogram per measurement (1 us bins from 0, every bin,
 * zero-padded, one tab-separated column per CPU of a --cpus run, then
 * "# Total:", "# Min/Avg/Max Latencies:" in us and "# Histogram
 * Overflows:"), as users paste into bug reports and OSADL-style plots.
 * max_us > 0: that many bins (-h US); 0: up to the largest value, at most
 * RTB_TH_CT_DEFAULT_US. Values at or past the last bin are overflows. */
#define RTB_TH_CT_DEFAULT_US 1000
int rtb_write_text_histograms(struct rtb_sink *f, const struct rtb_result *r, int max_us);

#endif
