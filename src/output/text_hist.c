/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - a text histogram in the manner of cyclictest -h: one row per
 * bin (lower edge, in microseconds), one count column per series, then the
 * total, min, max and the values beyond the histogram per series. Written
 * by `run --histogram` for each measurement and by `compare --histogram`
 * for each table, from the same function.
 *
 * Bins are 1 us wide, as cyclictest's, while the values span at most
 * RTB_TH_MAX_BINS us; wider spans take the next 1-2-5 width that fits, so
 * a 40 ms spike does not print 40,000 rows. Empty bins are not printed.
 * A series given as buckets (a histogram without samples) puts each
 * bucket's count in the bin of its lower edge. No allocation: the counts
 * live on the stack. */
#include <inttypes.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/hist.h"
#include "rtbench/output.h"
#include "rtbench/text_hist.h"

/* bin_width_ns - 1, 2, 5, 10 ... us: the narrowest that covers lo..hi in
 * RTB_TH_MAX_BINS bins. */
static int64_t bin_width_ns(int64_t lo, int64_t hi)
{
	int64_t w = 1000;

	for (;;) {
		for (int k = 0; k < 3; k++) {
			int64_t x = w * (k == 0 ? 1 : k == 1 ? 2 : 5);
			if ((hi / x) - (lo / x) < RTB_TH_MAX_BINS)
				return x;
		}
		if (w > INT64_MAX / 100)
			return INT64_MAX / 10;
		w *= 10;
	}
}

int rtb_text_hist(struct rtb_sink *f, const char *title, const struct rtb_th_series *s, int n)
{
	uint64_t counts[RTB_TH_MAX_SERIES][RTB_TH_MAX_BINS];
	int64_t lo = INT64_MAX, hi = INT64_MIN, w, b0;
	int i, any = 0, wd[RTB_TH_MAX_SERIES];

	if (!f || !s || n < 1 || n > RTB_TH_MAX_SERIES)
		return RTB_EINVAL;
	for (i = 0; i < n; i++) {
		if (!s[i].total)
			continue;
		any = 1;
		lo = s[i].min < lo ? s[i].min : lo;
		hi = s[i].max > hi ? s[i].max : hi;
	}
	rtb_sink_printf(f, "# Histogram: %s\n", title);
	if (!any) {
		rtb_sink_puts(f, "# (no values)\n");
		return rtb_sink_error(f);
	}
	if (lo < 0)
		lo = 0;
	w = bin_width_ns(lo, hi);
	b0 = lo / w;
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < n; i++) {
		for (size_t j = 0; s[i].v && j < s[i].nv; j++) {
			int64_t k = (s[i].v[j] < 0 ? 0 : s[i].v[j]) / w - b0;
			k = k < 0 ? 0 : k >= RTB_TH_MAX_BINS ? RTB_TH_MAX_BINS - 1 : k;
			counts[i][k]++;
		}
		for (size_t j = 0; !s[i].v && s[i].blo && j < s[i].nb; j++) {
			int64_t k = (s[i].blo[j] < 0 ? 0 : s[i].blo[j]) / w - b0;
			k = k < 0 ? 0 : k >= RTB_TH_MAX_BINS ? RTB_TH_MAX_BINS - 1 : k;
			counts[i][k] += s[i].bcount[j];
		}
		for (size_t j = 0; !s[i].v && !s[i].blo && s[i].h && j < s[i].h->nbuckets; j++) {
			int64_t k;

			if (!s[i].h->counts[j])
				continue;
			k = rtb_hist_bucket_lo(s[i].h, j) / w - b0;
			k = k < 0 ? 0 : k >= RTB_TH_MAX_BINS ? RTB_TH_MAX_BINS - 1 : k;
			counts[i][k] += s[i].h->counts[j];
		}
	}
	rtb_sink_printf(f, "# bins of %" PRId64 " us, lower edge; count per series\n", w / 1000);
	for (i = 0; i < n; i++) {
		size_t l = s[i].label ? strlen(s[i].label) : 0;
		wd[i] = l > 12 ? (l > 63 ? 63 : (int)l) : 12;
	}
	rtb_sink_puts(f, "# us    ");
	for (i = 0; i < n; i++)
		rtb_sink_printf(f, " %*.*s", wd[i], wd[i], s[i].label ? s[i].label : "");
	rtb_sink_putc(f, '\n');
	for (int k = 0; k < RTB_TH_MAX_BINS; k++) {
		int nonzero = 0;

		for (i = 0; i < n; i++)
			nonzero |= counts[i][k] != 0;
		if (!nonzero)
			continue;
		rtb_sink_printf(f, "%06" PRId64 "  ", (b0 + k) * w / 1000);
		for (i = 0; i < n; i++)
			rtb_sink_printf(f, " %*" PRIu64, wd[i], counts[i][k]);
		rtb_sink_putc(f, '\n');
	}
	rtb_sink_puts(f, "# Total:");
	for (i = 0; i < n; i++)
		rtb_sink_printf(f, " %*" PRIu64, wd[i], s[i].total);
	rtb_sink_puts(f, "\n# Min:  ");
	for (i = 0; i < n; i++)
		rtb_sink_printf(f, " %*.3f", wd[i], (double)s[i].min / 1000.0);
	rtb_sink_puts(f, "\n# Max:  ");
	for (i = 0; i < n; i++)
		rtb_sink_printf(f, " %*.3f", wd[i], (double)s[i].max / 1000.0);
	rtb_sink_puts(f, "\n# Histogram Overflows:");
	for (i = 0; i < n; i++)
		rtb_sink_printf(f, " %" PRIu64, s[i].overflow);
	rtb_sink_putc(f, '\n');
	return rtb_sink_error(f);
}

int rtb_write_text_histograms(struct rtb_sink *f, const struct rtb_result *r)
{
	if (!f || !r)
		return RTB_EINVAL;
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++) {
		const struct rtb_metric *m = r->metrics[i];
		struct rtb_th_series s = { 0 };
		char title[160];

		if (!m || !rtb_metric_has_stats(m))
			continue;
		s.label = "count";
		s.v = m->samples;
		s.nv = m->samples ? m->count : 0;
		s.h = m->samples ? NULL : &m->hist;
		s.total = m->count;
		s.overflow = m->samples ? 0 : m->hist.overflow;
		s.min = m->stats.min;
		s.max = m->stats.max;
		snprintf(title, sizeof(title), "%.63s (%.80s)", m->id, m->title);
		rtb_sink_putc(f, '\n');
		rtb_text_hist(f, title, &s, 1);
	}
	return rtb_sink_error(f);
}
