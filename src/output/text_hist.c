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
#include "rtbench/hmetric.h"
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

/* ct_group - the metrics of r shown in one cyclictest table from index i:
 * a --cpus run's <id>@cpu<N> metrics side by side (one column a CPU, as
 * cyclictest's one column a thread), else the metric alone. The all-CPU
 * <id> is left out where its CPUs are shown (cyclictest prints its threads,
 * not their sum). Returns how many went into g. */
static int ct_group(const struct rtb_result *r, int i, const struct rtb_metric **g, int *skip)
{
	const struct rtb_metric *m = r->metrics[i];
	const char *at = strstr(m->id, "@cpu");
	size_t bl = at ? (size_t)(at - m->id) : strlen(m->id);
	int n = 0;

	*skip = 0;
	for (int j = 0; j < r->nmetrics && j < RTB_MAX_METRICS; j++) {
		const struct rtb_metric *o = r->metrics[j];
		const char *oa = o ? strstr(o->id, "@cpu") : NULL;
		if (!at && oa && (size_t)(oa - o->id) == bl && !strncmp(o->id, m->id, bl)) {
			*skip = 1;     /* the all-CPU figure: its CPUs are shown */
			return 0;
		}
		if (at && oa && (size_t)(oa - o->id) == bl && !strncmp(o->id, m->id, bl) &&
		    rtb_metric_has_stats(o) && n < RTB_TH_MAX_SERIES) {
			if (j < i)
				return 0;  /* shown with the first of its group */
			g[n++] = o;
		}
	}
	if (!at)
		g[n++] = m;
	return n;
}

/* ct_count - metric m's values in the 1 us bin [us, us+1) us: from its
 * samples, else its linear histogram (1 us bins counted as measured), else
 * its log-linear histogram, each bucket at its lower edge (the bucket's
 * width is said above the table). */
static uint64_t ct_count(const struct rtb_metric *m, int64_t us)
{
	uint64_t n = 0;

	if (!m->samples && m->hm && m->hm->lin.counts)
		return us >= 0 && us < (int64_t)m->hm->lin.nbins ? m->hm->lin.counts[us] : 0;
	if (m->samples) {
		for (size_t j = 0; j < m->count; j++)
			n += (m->samples[j] < 0 ? 0 : m->samples[j]) / 1000 == us;
		return n;
	}
	for (size_t j = 0; j < m->hist.nbuckets; j++)
		if (m->hist.counts[j] && rtb_hist_bucket_lo(&m->hist, j) / 1000 == us)
			n += m->hist.counts[j];
	return n;
}

int rtb_write_text_histograms(struct rtb_sink *f, const struct rtb_result *r, int max_us)
{
	if (!f || !r)
		return RTB_EINVAL;
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++) {
		const struct rtb_metric *g[RTB_TH_MAX_SERIES];
		int skip, n;

		if (!r->metrics[i] || !rtb_metric_has_stats(r->metrics[i]))
			continue;
		n = ct_group(r, i, g, &skip);
		if (!n)
			continue;
		/* -h US: US bins, as cyclictest; else up to the largest value,
		 * at most RTB_TH_CT_DEFAULT_US */
		int64_t bins = max_us;
		if (bins <= 0) {
			int64_t hi = 0;
			for (int k = 0; k < n; k++)
				hi = g[k]->stats.max / 1000 + 1 > hi ? g[k]->stats.max / 1000 + 1 : hi;
			bins = hi < RTB_TH_CT_DEFAULT_US ? hi : RTB_TH_CT_DEFAULT_US;
		}
		const char *at = strstr(g[0]->id, "@cpu");
		rtb_sink_printf(f, "\n# rtbench %.*s (%.80s): 1 us bins, lower edge; one column per %s",
				at ? (int)(at - g[0]->id) : (int)strlen(g[0]->id), g[0]->id, g[0]->title,
				at ? "CPU:" : "measurement");
		for (int k = 0; k < n && at; k++)
			rtb_sink_printf(f, " %s", strstr(g[k]->id, "@cpu") + 4);
		rtb_sink_putc(f, '\n');
		if (!g[0]->samples && g[0]->hm && g[0]->hm->lin.counts)
			rtb_sink_printf(f, "# from its linear histogram: 1 us bins counted as measured, up to "
					"%u us\n", (unsigned)g[0]->hm->lin.nbins);
		else if (!g[0]->samples)
			rtb_sink_printf(f, "# from a log-linear histogram: each bucket at its lower edge (buckets "
					"up to %.2f%% of their value wide: 1 us up to %d us)\n",
					rtb_hist_resolution_pct(&g[0]->hist),
					(int)(100.0 / rtb_hist_resolution_pct(&g[0]->hist)));
		/* cyclictest -h's form (rt-tests src/cyclictest/cyclictest.c,
		 * print_hist): every bin, zero-padded, tab between columns */
		rtb_sink_puts(f, "# Histogram\n");
		uint64_t in[RTB_TH_MAX_SERIES] = { 0 };
		for (int64_t us = 0; us < bins; us++) {
			rtb_sink_printf(f, "%06" PRId64 " ", us);
			for (int k = 0; k < n; k++) {
				uint64_t c = ct_count(g[k], us);
				in[k] += c;
				rtb_sink_printf(f, "%06" PRIu64 "%s", c, k + 1 < n ? "\t" : "");
			}
			rtb_sink_putc(f, '\n');
		}
		rtb_sink_puts(f, "# Total:");
		for (int k = 0; k < n; k++)
			rtb_sink_printf(f, " %09" PRIu64, in[k]);
		rtb_sink_puts(f, "\n# Min Latencies:");
		for (int k = 0; k < n; k++)
			rtb_sink_printf(f, " %05" PRId64, g[k]->stats.min / 1000);
		rtb_sink_puts(f, "\n# Avg Latencies:");
		for (int k = 0; k < n; k++)
			rtb_sink_printf(f, " %05" PRId64, (int64_t)(g[k]->stats.mean / 1000.0));
		rtb_sink_puts(f, "\n# Max Latencies:");
		for (int k = 0; k < n; k++)
			rtb_sink_printf(f, " %05" PRId64, g[k]->stats.max / 1000);
		rtb_sink_puts(f, "\n# Histogram Overflows:");
		for (int k = 0; k < n; k++)
			rtb_sink_printf(f, " %05" PRIu64, g[k]->count - in[k]);
		rtb_sink_putc(f, '\n');
	}
	return rtb_sink_error(f);
}
