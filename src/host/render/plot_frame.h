/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the plot frame the long-run part of the HTML report
 * (render_html_long.c) and the qualification page (render_qualify_plots.c)
 * both draw, written once on top of svg.h: the frame with its legend band,
 * the per-CPU ids, the latency axis of a 1 us histogram, and the two kinds
 * of line they draw (1 us bins as steps, interval figures over time). */
#ifndef RTB_HOST_PLOT_FRAME_H
#define RTB_HOST_PLOT_FRAME_H

#include <stdbool.h>
#include <stddef.h>

#include "host/read/resultfile.h"
#include "host/render/svg.h"

/* A plot's legend: when shown, a band above the plot area is reserved for
 * it before the axes and it is drawn there after the data (where it cannot
 * cover a line); not shown (too many lines), the caption names them. */
struct rtb_plot_legend {
	const char *const *labels;
	const char *const *colors;
	int n;
	bool show;
};

/* rtb_plot_frame - reserve the legend's band (when shown), then the frame,
 * grid, ticks and axis titles of p (its axes and legend_dash set): call
 * before the data, so the data lies on top of the grid. */
void rtb_plot_frame(struct rtb_svg_plot *p, const struct rtb_plot_legend *lg);
/* rtb_plot_legend - the legend (when shown) in its band, after the data. */
void rtb_plot_legend(const struct rtb_svg_plot *p, const struct rtb_plot_legend *lg);

/* rtb_plot_cpu_of - N of "<base>@cpu<N>" into *cpu; false when id is not
 * a CPU of base. */
bool rtb_plot_cpu_of(const char *id, const char *base, int *cpu);

/* The latency axis of a 1 us histogram: to the largest sample, but no
 * further than 3 x the highest p99.9 (at least 200 us), so a single 35 ms
 * host stall does not squeeze the distribution into the first pixels; what
 * lies beyond is counted under the plot. */
struct rtb_plot_1us_axis {
	double top, cap;            /* us: largest sample + 1, 3 x p99.9 */
};
#define RTB_PLOT_1US_AXIS { 0, 200 }
/* rtb_plot_1us_add - take metric m's maximum and p99.9 into the axis. */
void rtb_plot_1us_add(struct rtb_plot_1us_axis *a, const struct rtb_rf_metric *m);
/* rtb_plot_1us_bins - the 1 us bins the axis shows: [0, returned) us. */
size_t rtb_plot_1us_bins(const struct rtb_plot_1us_axis *a);

/* rtb_plot_path - open a series' <path>: colour, width and further
 * attributes (a dash: "" or beginning with a space); the points follow. */
void rtb_plot_path(struct rtb_sb *b, const char *color, const char *width, const char *attrs);
/* rtb_plot_steps - the points of 1 us bins d[0..nb) as steps from the
 * axis (ymin) and back, and the path's end: an empty bin drops to the
 * axis (log 0), a run of equal bins is one segment. */
void rtb_plot_steps(const struct rtb_svg_plot *p, const double *d, size_t nb, double ymin);

/* Which of an interval's figures a line draws. */
enum rtb_plot_stat { RTB_PLOT_MAX, RTB_PLOT_P99, RTB_PLOT_P50 };
/* rtb_plot_intervals - the points of m's intervals (with samples) at each
 * one's end, x in units of t_unit_ns, y the figure in us (at least
 * floor_ns), and the path's end; one interval: a dot. */
void rtb_plot_intervals(const struct rtb_svg_plot *p, const struct rtb_rf_metric *m,
			enum rtb_plot_stat stat, double t_unit_ns, double floor_ns);

#endif
