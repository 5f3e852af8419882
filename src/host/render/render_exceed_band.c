/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the exceedance plot's per-CPU part past RTB_HEAT_CPUS
 * CPUs (render_html_tail.c): instead of one thin line a CPU (256 lines
 * were a 290 kB blur), the envelope across the CPUs: at each latency level
 * of a log grid, the lowest, median and highest of the CPUs' P(latency >=
 * level) (shaded from lowest to highest, the median dashed), and the
 * RTB_BAND_WORST CPUs with the highest maxima drawn and named. Each CPU's
 * P at a level is the share of its samples in the histogram's buckets at
 * or above the level (the lines' own steps: exact at bucket edges). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/render/render_html.h"
#include "host/read/resultfile.h"
#include "host/render/svg.h"

#define BAND_LEVELS 96

/* surv_at - m's P(X >= lv[g]) for the BAND_LEVELS ascending levels (us) */
static void surv_at(const struct rtb_rf_metric *m, const double *lv, double *out)
{
	uint64_t cum = m->overflow;
	size_t i = m->nbuckets;

	for (int g = BAND_LEVELS - 1; g >= 0; g--) {
		while (i > 0 && (double)m->buckets[i - 1].lo / 1e3 >= lv[g])
			cum += m->buckets[--i].count;
		out[g] = (double)cum / (double)m->count;
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* line - a path through (lv[g], v[g]), a P of 0 at the axis' foot */
static void line(struct rtb_sb *b, const struct rtb_svg_plot *p, const double *lv, const double *v,
		 int from, int to, int step, int first)
{
	for (int g = from; step > 0 ? g < to : g > to; g += step) {
		double y = v[g] > p->y.lo ? v[g] : p->y.lo;
		rtb_sb_printf(b, "%s%.1f %.1f", first ? "M" : "L", rtb_svg_px(p, lv[g]), rtb_svg_py(p, y));
		first = 0;
	}
}

/* worst - the indices of the k metrics with the highest maxima (of equal
 * ones, the lowest CPU first) */
static int worst(const struct rtb_rf_metric *const *m, const int *cpu, int n, int *idx, int k)
{
	int got = 0;

	for (; got < k && got < n; got++) {
		int best = -1;
		for (int i = 0; i < n; i++) {
			int taken = 0;
			for (int j = 0; j < got; j++)
				taken |= idx[j] == i;
			if (!taken && (best < 0 || m[i]->max > m[best]->max ||
				       (m[i]->max == m[best]->max && cpu[i] < cpu[best])))
				best = i;
		}
		idx[got] = best;
	}
	return got;
}

int rtb_html_exceed_band(struct rtb_sb *b, const struct rtb_svg_plot *p, const struct rtb_rf_metric *const *m,
			 const int *cpu, int n, const char *color, struct rtb_band_worst *w)
{
	double lv[BAND_LEVELS], lo[BAND_LEVELS], med[BAND_LEVELS], hi[BAND_LEVELS];
	double *s = malloc((size_t)n * BAND_LEVELS * sizeof(*s)), *col = malloc((size_t)n * sizeof(*col));

	if (!s || !col || n < 1) {
		free(s);
		free(col);
		return 0;
	}
	for (int g = 0; g < BAND_LEVELS; g++)
		lv[g] = exp(log(p->x.lo) + (log(p->x.hi) - log(p->x.lo)) * g / (BAND_LEVELS - 1));
	for (int i = 0; i < n; i++)
		surv_at(m[i], lv, s + (size_t)i * BAND_LEVELS);
	for (int g = 0; g < BAND_LEVELS; g++) {
		for (int i = 0; i < n; i++)
			col[i] = s[(size_t)i * BAND_LEVELS + g];
		qsort(col, (size_t)n, sizeof(*col), by_value);
		lo[g] = col[0];
		med[g] = n % 2 ? col[n / 2] : (col[n / 2 - 1] + col[n / 2]) / 2;
		hi[g] = col[n - 1];
	}
	/* the band, up the highest CPU's line and back down the lowest's, as
	 * far as every CPU has a sample (a P of 0 has no place on a log
	 * axis: shaded down to the floor it read as 1e-12); past that the
	 * highest CPU's line alone, and the median until half have none */
	int all = 0, half = 0, top = 0;
	while (all < BAND_LEVELS && lo[all] > 0)
		all++;
	while (half < BAND_LEVELS && med[half] > 0)
		half++;
	while (top < BAND_LEVELS && hi[top] > 0)
		top++;
	w->all_to_us = all ? lv[all - 1] : 0;
	if (all > 1) {
		rtb_sb_printf(b, "<path class=\"band\" data-cpus=\"%d\" fill=\"%s\" fill-opacity=\"0.2\" "
			      "stroke=\"none\" d=\"", n, color);
		line(b, p, lv, hi, 0, all, 1, 1);
		line(b, p, lv, lo, all - 1, -1, -1, 0);
		rtb_sb_printf(b, "z\"><title>%d CPUs: from the lowest to the highest CPU's P(latency &gt;= x), up "
			      "to %.1f us, the highest level every CPU reached</title></path>\n", n, lv[all - 1]);
	}
	if (top > 1) {
		rtb_sb_printf(b, "<path class=\"bandmax\" fill=\"none\" stroke=\"%s\" stroke-width=\"0.6\" "
			      "stroke-opacity=\"0.6\" d=\"", color);
		line(b, p, lv, hi, 0, top, 1, 1);
		rtb_sb_puts(b, "\"><title>the highest CPU at each level</title></path>\n");
	}
	if (half > 1) {
		rtb_sb_printf(b, "<path class=\"median\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" "
			      "stroke-dasharray=\"5 3\" d=\"", color);
		line(b, p, lv, med, 0, half, 1, 1);
		rtb_sb_puts(b, "\"><title>the median CPU at each level</title></path>\n");
	}
	w->n = worst(m, cpu, n, w->idx, RTB_BAND_WORST);
	w->at_top = 0;
	for (int i = 0; i < n; i++)
		w->at_top += m[i]->max == m[w->idx[0]]->max;
	for (int k = 0; k < w->n; k++) {
		const struct rtb_rf_metric *x = m[w->idx[k]];
		uint64_t cum = x->overflow;
		int first = 1;
		w->cpu[k] = cpu[w->idx[k]];
		w->max_ns[k] = (double)x->max;
		rtb_sb_printf(b, "<g class=\"worstcpu\" data-cpu=\"%d\" data-max-ns=\"%lld\"><path fill=\"none\" "
			      "stroke=\"%s\" stroke-width=\"0.9\" d=\"", cpu[w->idx[k]], (long long)x->max, color);
		for (size_t i = x->nbuckets; i-- > 0;) {
			double xv = (double)x->buckets[i].lo / 1e3;
			cum += x->buckets[i].count;
			if (xv <= p->x.lo)
				break;
			rtb_sb_printf(b, "%s%.1f %.1f", first ? "M" : "L", rtb_svg_px(p, xv),
				      rtb_svg_py(p, (double)cum / (double)x->count));
			first = 0;
		}
		/* named at its line's far end, staggered so three do not overlap */
		double ex = rtb_svg_px(p, fmax((double)x->max / 1e3, p->x.lo));
		double ey = rtb_svg_py(p, fmax(1.0 / (double)x->count, p->y.lo)) - 4 - 11 * k;
		rtb_sb_printf(b, "\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" fill=\"%s\">"
			      "CPU %d</text><title>CPU %d: max %.1f us</title></g>\n", ex, ey, color,
			      cpu[w->idx[k]], cpu[w->idx[k]], (double)x->max / 1e3);
	}
	free(s);
	free(col);
	return 1;
}
