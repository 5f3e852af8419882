/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - small inline-SVG plotting helpers for the HTML report:
 * a plot area with linear or log10 axes, ticks, grid, axis labels and a
 * legend. Coordinates are data values; the helpers map them to pixels. */
#ifndef RTB_HOST_SVG_H
#define RTB_HOST_SVG_H

#include "host/base/strbuf.h"

struct rtb_svg_axis {
	double lo, hi;        /* data range shown; lo > 0 for a log axis */
	int log;              /* 1: log10 scale */
	const char *label;    /* axis title, with unit */
	/* optional tick labels: if set, called instead of "%g" */
	void (*fmt)(char *buf, unsigned len, double v);
	double step;          /* linear tick step; 0 picks a 1-2-5 step */
};

struct rtb_svg_plot {
	struct rtb_sb *b;
	double w, h;                 /* whole image, px */
	double left, right, top, bottom; /* margins, px */
	struct rtb_svg_axis x, y;
	double legend_top;           /* rtb_svg_legend_reserve's band */
	int legend_rows;             /* 0: the legend goes in the corner */
	const char *const *legend_dash; /* per entry: extra attributes of its
					 * line (a dash), NULL: solid */
};

/* rtb_svg_begin - open an <svg> of class "plot" with the given id, a title
 * line at the top, and set up the plot area (margins fixed). */
void rtb_svg_begin(struct rtb_svg_plot *p, struct rtb_sb *b, const char *id,
		   const char *kind, const char *title, double w, double h);
/* rtb_svg_px, rtb_svg_py - data value to pixel (clamped to the plot area). */
double rtb_svg_px(const struct rtb_svg_plot *p, double x);
double rtb_svg_py(const struct rtb_svg_plot *p, double y);
/* rtb_svg_axes - frame, grid, ticks and axis titles. Call before the data
 * so the data is drawn on top of the grid. */
void rtb_svg_axes(const struct rtb_svg_plot *p);
/* rtb_svg_legend_reserve - make room for the legend of these labels in rows
 * above the plot area (call before rtb_svg_axes): rtb_svg_legend then draws
 * it there, where it cannot cover data (in the corner it covered the max
 * line). */
void rtb_svg_legend_reserve(struct rtb_svg_plot *p, const char *const *labels, int n);
/* rtb_svg_legend - one coloured line and label per series: in the band
 * rtb_svg_legend_reserve made, else in the top right corner of the plot
 * area (top left if at_left, where the data leaves room). */
void rtb_svg_legend(const struct rtb_svg_plot *p, const char *const *labels,
		    const char *const *colors, int n, int at_left);
/* rtb_svg_message - centred text in the plot area ("no samples in file"). */
void rtb_svg_message(const struct rtb_svg_plot *p, const char *msg);
/* rtb_svg_end - close the <svg>. */
void rtb_svg_end(const struct rtb_svg_plot *p);

/* rtb_svg_color - the i-th series colour (Okabe-Ito, colour-blind safe). */
const char *rtb_svg_color(int i);

#endif
