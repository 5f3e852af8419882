/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - CSV writers (summary and raw samples) and the atomic file
 * writer every output file goes through.
 *
 * CSV follows RFC 4180 for quoting: a text field containing a comma, a
 * double quote, CR or LF is enclosed in double quotes with inner quotes
 * doubled; other fields are written bare. Lines end in "\n", not the RFC's
 * CRLF, so that line-oriented tools (cut, awk, grep) see clean last fields;
 * every CSV reader we target accepts both. Numbers are formatted as in the
 * JSON writer (json.c): integers exactly, doubles in the shortest %g form
 * that reads back to the same value. A metric without statistics (skipped,
 * failed or no samples) gets count 0 and empty statistic cells, never zeros
 * that would read as measured. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "rtbench/err.h"
#include "rtbench/output.h"

/* put_double - shortest round-tripping %g form; empty cell if not finite. */
static void put_double(struct rtb_sink *f, double x)
{
	char buf[40];

	if (!isfinite(x))
		return;
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	for (char *c = buf; *c; c++) /* decimal-comma locales */
		if (*c == ',')
			*c = '.';
	rtb_sink_puts(f, buf);
}

/* The statistic columns after label, id and status, in order (their names
 * are rtbench/stat_names.h's keys); the "first" column stands before
 * RTB_STAT_INVALID. p99_999 has no column (see output.h). */
static const enum rtb_stat cols[] = {
	RTB_STAT_COUNT, RTB_STAT_MIN, RTB_STAT_MEAN, RTB_STAT_STDDEV, RTB_STAT_P50, RTB_STAT_P90,
	RTB_STAT_P99, RTB_STAT_P99_9, RTB_STAT_P99_99, RTB_STAT_MAX,
	RTB_STAT_INVALID, RTB_STAT_OVERRUNS, RTB_STAT_MISSED, RTB_STAT_OVER_DEADLINE,
};
#define NCOLS (sizeof(cols) / sizeof(cols[0]))

/* rtb_write_csv - one row per metric, header first. */
int rtb_write_csv(struct rtb_sink *f, const struct rtb_result *r)
{
	if (!f || !r)
		return RTB_EINVAL;
	rtb_sink_puts(f, "label,id,status");
	for (size_t c = 0; c < NCOLS; c++)
		rtb_sink_printf(f, "%s%s", cols[c] == RTB_STAT_INVALID ? ",first," : ",",
				rtb_stat_names[cols[c]].key);
	rtb_sink_puts(f, ",pct_resolution_pct,note\n");
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++) {
		const struct rtb_metric *m = r->metrics[i];
		int ok;

		if (!m)
			continue;
		ok = rtb_metric_has_stats(m);
		rtb_fmt_csv_field(f, r->set.label, sizeof(r->set.label));
		rtb_sink_putc(f, ',');
		rtb_fmt_csv_field(f, m->id, sizeof(m->id));
		rtb_sink_putc(f, ',');
		rtb_fmt_csv_field(f, rtb_status_name(m->status), SIZE_MAX);
		for (size_t c = 0; c < NCOLS; c++) {
			enum rtb_stat s = cols[c];
			int64_t v = 0;
			double d = 0;

			rtb_sink_putc(f, ',');
			if (s == RTB_STAT_INVALID) {
				if (m->has_first)
					rtb_sink_printf(f, "%" PRId64, m->first_ns);
				rtb_sink_putc(f, ',');
			}
			/* empty cells where nothing was measured, count 0 */
			if (!ok && (rtb_stat_names[s].flags & RTB_STATF_STATS))
				continue;
			rtb_metric_stat(m, s, &v, &d);
			if (s == RTB_STAT_COUNT && !ok)
				v = 0;
			if (rtb_stat_names[s].flags & RTB_STATF_REAL)
				put_double(f, d);
			else if (rtb_stat_names[s].flags & RTB_STATF_TIME)
				rtb_sink_printf(f, "%" PRId64, v);
			else
				rtb_sink_printf(f, "%" PRIu64, (uint64_t)v);
		}
		rtb_sink_putc(f, ',');
		/* 0: percentiles exact (from every sample); else from the
		 * histogram, at most this much below the true value */
		put_double(f, m->hm ? rtb_hist_resolution_pct(&m->hist) : 0.0);
		/* what weakened it, why skipped or not measured ("" nothing) */
		rtb_sink_putc(f, ',');
		rtb_fmt_csv_field(f, m->note, sizeof(m->note));
		rtb_sink_putc(f, '\n');
	}
	return rtb_sink_error(f);
}

/* rtb_write_raw - every kept sample as "metric,index,ns,t_ns", header
 * first; t_ns is the sample's time since the run's start (when it was
 * recorded, just after its own stamps), empty where not kept.
 * Metrics without statistics contribute no rows, matching their count 0. */
int rtb_write_raw(struct rtb_sink *f, const struct rtb_result *r)
{
	if (!f || !r)
		return RTB_EINVAL;
	rtb_sink_puts(f, "metric,index,ns,t_ns\n");
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++) {
		const struct rtb_metric *m = r->metrics[i];

		if (!m || !rtb_metric_has_stats(m) || !m->samples)
			continue; /* histogram mode keeps no sample list */
		for (size_t j = 0; j < m->count; j++) {
			rtb_fmt_csv_field(f, m->id, sizeof(m->id));
			rtb_sink_printf(f, ",%lu,%" PRId64 ",", (unsigned long)j, m->samples[j]);
			if (m->t_ticks && m->t_ticks[j] >= r->t0_ticks)
				rtb_sink_printf(f, "%" PRId64, rtb_ticks_to_ns(&r->clock, m->t_ticks[j] - r->t0_ticks));
			rtb_sink_putc(f, '\n');
		}
		if (rtb_sink_error(f))
			break; /* a full disk: stop early, not after 10M writes */
	}
	return rtb_sink_error(f);
}
