/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the plot frame shared by the report's long-run part and
 * the qualification page (see plot_frame.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "host/render/plot_frame.h"

void rtb_plot_frame(struct rtb_svg_plot *p, const struct rtb_plot_legend *lg)
{
	if (lg->show)
		rtb_svg_legend_reserve(p, lg->labels, lg->n);
	rtb_svg_axes(p);
}

void rtb_plot_legend(const struct rtb_svg_plot *p, const struct rtb_plot_legend *lg)
{
	if (lg->show)
		rtb_svg_legend(p, lg->labels, lg->colors, lg->n, 0);
}

bool rtb_plot_cpu_of(const char *id, const char *base, int *cpu)
{
	size_t n = strlen(base);
	char *end;
	long v;

	if (strncmp(id, base, n) || strncmp(id + n, "@cpu", 4) || !id[n + 4])
		return false;
	v = strtol(id + n + 4, &end, 10);
	if (*end || v < 0 || v > 100000)
		return false;
	*cpu = (int)v;
	return true;
}

void rtb_plot_1us_add(struct rtb_plot_1us_axis *a, const struct rtb_rf_metric *m)
{
	a->top = fmax(a->top, (double)m->max / 1000.0 + 1);
	if (m->has_pct[3])
		a->cap = fmax(a->cap, 3 * (double)m->pct[3] / 1000.0);
}

size_t rtb_plot_1us_bins(const struct rtb_plot_1us_axis *a)
{
	return (size_t)ceil(fmax(1, fmin(a->top, ceil(a->cap / 50) * 50)));
}

void rtb_plot_path(struct rtb_sb *b, const char *color, const char *width, const char *attrs)
{
	rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s d=\"",
		      color, width, attrs);
}

void rtb_plot_steps(const struct rtb_svg_plot *p, const double *d, size_t nb, double ymin)
{
	double base = rtb_svg_py(p, ymin), prev = base;

	rtb_sb_printf(p->b, "M%.1f %.1f", rtb_svg_px(p, 0), base);
	for (size_t k = 0; k < nb; k++) {
		double y = d[k] > 0 ? rtb_svg_py(p, d[k]) : base;
		if (y != prev || k == 0)
			rtb_sb_printf(p->b, "L%.1f %.1fL%.1f %.1f", rtb_svg_px(p, (double)k), prev,
				      rtb_svg_px(p, (double)k), y);
		prev = y;
	}
	rtb_sb_printf(p->b, "L%.1f %.1fL%.1f %.1f\"/>\n", rtb_svg_px(p, (double)nb), prev,
		      rtb_svg_px(p, (double)nb), base);
}

static int64_t stat_ns(const struct rtb_rf_interval *iv, enum rtb_plot_stat stat)
{
	return stat == RTB_PLOT_MAX ? iv->max_ns : stat == RTB_PLOT_P99 ? iv->p99_ns : iv->p50_ns;
}

void rtb_plot_intervals(const struct rtb_svg_plot *p, const struct rtb_rf_metric *m,
			enum rtb_plot_stat stat, double t_unit_ns, double floor_ns)
{
	int first = 1;

	for (size_t j = 0; j < m->nintervals; j++) {
		const struct rtb_rf_interval *iv = &m->intervals[j];
		if (!iv->count)
			continue;
		rtb_sb_printf(p->b, "%s%.1f %.1f", first ? "M" : "L",
			      rtb_svg_px(p, (double)iv->end_ns / t_unit_ns),
			      rtb_svg_py(p, fmax((double)stat_ns(iv, stat), floor_ns) / 1000.0));
		if (m->nintervals == 1)
			rtb_sb_puts(p->b, "l0.1 0"); /* one interval: a dot */
		first = 0;
	}
	rtb_sb_puts(p->b, "\"/>\n");
}
