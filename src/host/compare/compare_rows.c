/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a comparison's rows in words and figures (the model is
 * compare.c's): the statistic rows every table shows and the verdict rows
 * under them, their values and differences, and how a time, a percentage,
 * a p-value and a verdict are written, for every renderer alike. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "host/compare/compare.h"

#include "host/compare/compare_int.h"

/* ---- shared helpers ---------------------------------------------------- */

void rtb_cmp_fmt_time(char *buf, size_t len, double v, const char *unit)
{
	if (!strcmp(unit, "ns"))
		snprintf(buf, len, "%.3f", v / 1000.0);
	else
		snprintf(buf, len, "%.4g", v);
}

const char *rtb_cmp_time_unit(const char *unit, int utf8)
{
	if (!strcmp(unit, "ns"))
		return utf8 ? "\xc2\xb5s" : "us";
	return unit;
}

void rtb_cmp_fmt_pct(char *buf, size_t len, double frac)
{
	if (!isfinite(frac))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%+.1f%%", frac * 100.0);
}

void rtb_cmp_fmt_p(char *buf, size_t len, double p)
{
	if (p < 1e-300)
		snprintf(buf, len, "<1e-300");
	else if (p < 0.001)
		snprintf(buf, len, "%.1e", p);
	else
		snprintf(buf, len, "%.3f", p);
}

const char rtb_cmp_pct_legend[] =
	"\"vs first\" = (this - first) / first of the whole run's figure (every round's samples "
	"pooled); \"p50 shift\" and the verdict rows' % = the ratio of the rounds' geometric "
	"means of that figure (each round's own median, p99, p99.9 or max) minus 1, the "
	"difference tested; the two differ when the rounds differ";

const char *rtb_cmp_test_name(const struct rtb_cmp *c)
{
	return c->any_hist_test ?
		"Welch's t-test on the logarithm of the rounds' medians (the run, not the sample, is "
		"the unit); a difference is called only beyond run-to-run noise (the larger "
		"between-round half range of the medians); the tail (p99, p99.9, max) the same way on "
		"each round's own figure against its own between-round spread; P(this < first) from "
		"the samples, or from histogram buckets (both files binned alike) where a file has "
		"no samples" :
		"Welch's t-test on the logarithm of the rounds' medians (the run, not the sample, is "
		"the unit); a difference is called only beyond run-to-run noise (the larger "
		"between-round half range of the medians); the tail (p99, p99.9, max) the same way on "
		"each round's own figure against its own between-round spread; P(this < first) from "
		"the samples";
}

/* ---- the statistic rows every table shows ------------------------------ */

const enum rtb_stat rtb_cmp_row_stat[RTB_CMP_NROWS] = {
	RTB_STAT_COUNT, RTB_STAT_MEAN, RTB_STAT_STDDEV, RTB_STAT_P50, RTB_STAT_P99, RTB_STAT_P99_9,
	RTB_STAT_MAX,
};

const char *const rtb_cmp_vrow_names[RTB_CMP_NVROWS] = {
	"p50 shift", "verdict", "p99 verdict", "p99.9 verdict", "max verdict", "P(this<first)",
};

const enum rtb_stat rtb_cmp_tail_stat[RTB_CMP_NTAIL] = { RTB_STAT_P99, RTB_STAT_P99_9, RTB_STAT_MAX };

enum rtb_vd_kind rtb_cmp_row_kind(const struct rtb_cmp_cell *ce, enum rtb_cmp_row r)
{
	int t = r == RTB_CMP_ROW_P99 ? RTB_CMP_TAIL_P99 : r == RTB_CMP_ROW_P999 ? RTB_CMP_TAIL_P999 :
		r == RTB_CMP_ROW_MAX ? RTB_CMP_TAIL_MAX : -1;

	if (!ce->has_diff)
		return RTB_VD_UNTESTED;
	if (r == RTB_CMP_ROW_P50)
		return ce->has_vd ? ce->vd.kind : RTB_VD_UNTESTED;
	if (t < 0 || !ce->has_tv[t])
		return RTB_VD_UNTESTED;
	return ce->tv[t].kind;
}

void rtb_cmp_fmt_verdict(char *buf, size_t len, int has, const struct rtb_verdict *v)
{
	if (!has || v->kind == RTB_VD_UNTESTED)
		snprintf(buf, len, "untested");
	else if (v->kind == RTB_VD_NOISE)
		snprintf(buf, len, "noise +-%.1f%%", v->noise_pct);
	else
		snprintf(buf, len, "%s %+.1f%%", rtb_vd_kind_phrase(v->kind), v->shift_pct);
}

double rtb_cmp_row_value(const struct rtb_rf_metric *m, enum rtb_cmp_row r)
{
	double v;

	/* a summary has the file's count, mean and max only (rtb_rf_stat) */
	return rtb_rf_stat(m, rtb_cmp_row_stat[r], &v) ? v : NAN;
}

double rtb_cmp_row_diff(const struct rtb_cmp_cell *ce, enum rtb_cmp_row r)
{
	if (!ce->has_diff)
		return NAN;
	switch (r) {
	case RTB_CMP_ROW_MEAN: return ce->d_mean;
	case RTB_CMP_ROW_P50: return ce->d_p50;
	case RTB_CMP_ROW_P99: return ce->d_p99;
	case RTB_CMP_ROW_P999: return ce->d_p999;
	case RTB_CMP_ROW_MAX: return ce->d_max;
	default: return NAN;
	}
}

void rtb_cmp_fmt_row(char *buf, size_t len, const struct rtb_cmp_metric *cm,
		     const struct rtb_cmp_cell *ce, enum rtb_cmp_row r)
{
	if (!ce->usable && !ce->summary)
		snprintf(buf, len, "-");
	else if (r == RTB_CMP_ROW_COUNT)
		snprintf(buf, len, "%llu", (unsigned long long)ce->m->count);
	else if (!isfinite(rtb_cmp_row_value(ce->m, r)))
		snprintf(buf, len, "-");
	else
		rtb_cmp_fmt_time(buf, len, rtb_cmp_row_value(ce->m, r), cm->unit);
}

void rtb_cmp_fmt_vrow(char *buf, size_t len, const struct rtb_cmp *c,
		      const struct rtb_cmp_metric *cm, const struct rtb_cmp_cell *ce,
		      enum rtb_cmp_vrow r)
{
	(void)cm;
	if (!ce->has_diff) {
		snprintf(buf, len, ce->other_kind ? "not compared" : "-");
		return;
	}
	switch (r) {
	case RTB_CMP_VROW_SHIFT:
		if (ce->has_vd && ce->vd.kind != RTB_VD_UNTESTED && isfinite(ce->vd.ci_lo_pct))
			snprintf(buf, len, "%+.1f%% [%+.1f,%+.1f]", ce->vd.shift_pct,
				 ce->vd.ci_lo_pct, ce->vd.ci_hi_pct);
		else if (ce->has_vd)
			snprintf(buf, len, "%+.1f%%", ce->vd.shift_pct);
		else
			snprintf(buf, len, "-");
		break;
	case RTB_CMP_VROW_VERDICT:
		if (!ce->has_vd || ce->vd.kind == RTB_VD_UNTESTED)
			snprintf(buf, len, "untested");
		else if (ce->exact)
			snprintf(buf, len, "%s (exact)", ce->vd.kind == RTB_VD_NOISE ? "same" :
				 rtb_vd_kind_phrase(ce->vd.kind));
		else if (ce->vd.kind == RTB_VD_NOISE)
			snprintf(buf, len, "noise +-%.1f%%", ce->vd.noise_pct);
		else
			snprintf(buf, len, "%s", rtb_vd_kind_phrase(ce->vd.kind));
		break;
	case RTB_CMP_VROW_P99:
	case RTB_CMP_VROW_P999:
	case RTB_CMP_VROW_MAX: {
		int t = (int)r - RTB_CMP_VROW_P99;
		if (ce->exact && ce->has_tv[t] && ce->tv[t].kind == RTB_VD_NOISE)
			snprintf(buf, len, "same (exact)");
		else if (ce->exact && ce->has_tv[t])
			snprintf(buf, len, "%s %+.1f%% (exact)", rtb_vd_kind_phrase(ce->tv[t].kind),
				 ce->tv[t].shift_pct);
		else
			rtb_cmp_fmt_verdict(buf, len, ce->has_tv[t], &ce->tv[t]);
		break;
	}
	default:
		if (ce->has_test)
			snprintf(buf, len, "%.2f", ce->p_lower);
		else
			snprintf(buf, len, "-");
		break;
	}
	(void)c;
}

