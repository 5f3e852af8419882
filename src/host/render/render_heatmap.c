/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the heat map of a many-CPU long run's interval maxima
 * (render_html.h; drawn by render_html_long.c past RTB_HEAT_CPUS CPUs
 * instead of one line a CPU): one row a CPU, one column a stretch of the
 * run, each cell coloured by the largest interval maximum in it on a log
 * scale of RTB_HEAT_STEPS colours, the scale drawn beside it. At 256 CPUs
 * and 1440 intervals the lines were 4.3 MB of page and a blur; the map is
 * one path a colour, each row's equal cells merged into one run.
 *
 * Each row carries the CPU and its largest interval maximum (data-cpu,
 * data-max-ns, and a title shown on hover), so a reader (and
 * tests/e2e/scale.sh) can check the map against the file. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/render/render_html.h"
#include "host/render/svg.h"

#define HEAT_W 640        /* image width, px */
#define HEAT_COLS 280     /* columns at most: 2 px each in the plot area */
#define HEAT_SCALE_W 96   /* room at the right for the colour scale */

/* ColorBrewer's YlOrRd, 9 classes (Brewer 2003, colorbrewer2.org):
 * sequential, light for the low maxima, dark red for the high */
static const char *const heat_color[RTB_HEAT_STEPS] = {
	"#ffffcc", "#ffeda0", "#fed976", "#feb24c", "#fd8d3c", "#fc4e2a", "#e31a1c", "#bd0026",
	"#800026",
};

/* cells - each row's column maxima (ns, 0: no samples) into cell[n][cols],
 * a column a whole number of intervals (*per: the interval slots of the
 * longest row, tmax / nmax each, k to a column, k the fewest that fit in
 * HEAT_COLS: 6 of 1440); the run's end into *tmax_ns, the slots into *nslot */
static double *cells(const struct rtb_rf_metric *const *m, int n, size_t *cols, size_t *per, size_t *nslot,
		     double *tmax_ns)
{
	size_t nmax = 0;
	double *cell;

	*tmax_ns = 0;
	for (int i = 0; i < n; i++) {
		nmax = m[i]->nintervals > nmax ? m[i]->nintervals : nmax;
		for (size_t j = 0; j < m[i]->nintervals; j++)
			*tmax_ns = fmax(*tmax_ns, (double)m[i]->intervals[j].end_ns);
	}
	*per = (nmax + HEAT_COLS - 1) / HEAT_COLS;
	*cols = *per ? (nmax + *per - 1) / *per : 0;
	*nslot = nmax;
	if (!*cols || !(*tmax_ns > 0) || !(cell = calloc((size_t)n * *cols, sizeof(*cell))))
		return NULL;
	for (int i = 0; i < n; i++)
		for (size_t j = 0; j < m[i]->nintervals; j++) {
			const struct rtb_rf_interval *iv = &m[i]->intervals[j];
			double mid = ((double)iv->start_ns + (double)iv->end_ns) / 2;
			double f = mid > 0 ? mid / *tmax_ns * (double)nmax : 0; /* a bad file's negative time */
			size_t c = (size_t)(f < (double)nmax ? f : (double)nmax) / *per;
			double *x = &cell[(size_t)i * *cols + (c < *cols ? c : *cols - 1)];
			if (iv->count && (double)iv->max_ns > *x)
				*x = (double)iv->max_ns;
		}
	return cell;
}

/* step_of - the colour step of v in lo..hi (log scale) */
static int step_of(double v, double lo, double hi)
{
	int k = hi > lo ? (int)(RTB_HEAT_STEPS * (log(v) - log(lo)) / (log(hi) - log(lo))) : 0;

	return k < 0 ? 0 : k >= RTB_HEAT_STEPS ? RTB_HEAT_STEPS - 1 : k;
}

/* us_text - a level in ns as us: whole from 100 us, else 3 digits */
static void us_text(char *buf, size_t len, double ns)
{
	snprintf(buf, len, ns >= 1e5 ? "%.0f" : "%.3g", ns / 1000.0);
}

/* share_text - a share of samples */
static void share_text(char *buf, size_t len, double v)
{
	snprintf(buf, len, "%.2g", v);
}

/* A grid to draw: n rows (CPUs) of cols cells (0: empty), column j from
 * edge(j) to edge(j + 1) on the x axis. */
struct grid {
	const double *cell;
	int n;
	size_t cols;
	double x0, x1;
	int xlog;
	const char *scale_title;
	void (*text)(char *buf, size_t len, double v);
};

static double edge(const struct grid *g, size_t j)
{
	double f = (double)j / (double)g->cols;

	return g->xlog ? exp(log(g->x0) + (log(g->x1) - log(g->x0)) * f) : g->x0 + (g->x1 - g->x0) * f;
}

/* scale - the colours and the levels between them, right of the plot */
static void scale(const struct rtb_svg_plot *p, const struct grid *g, double lo, double hi)
{
	double x = p->w - HEAT_SCALE_W + 12, top = p->top, bh = (p->h - p->top - p->bottom) / RTB_HEAT_STEPS;
	char t[32];

	rtb_sb_printf(p->b, "<g class=\"heatscale\"><text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">"
		      "%s</text>\n", x - 4, top - 6, g->scale_title);
	for (int k = RTB_HEAT_STEPS - 1; k >= 0; k--) {
		double y = top + bh * (RTB_HEAT_STEPS - 1 - k);
		g->text(t, sizeof(t), exp(log(lo) + (log(hi) - log(lo)) * k / RTB_HEAT_STEPS));
		rtb_sb_printf(p->b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"%.1f\" fill=\"%s\" "
			      "stroke=\"#999\" stroke-width=\"0.5\"/><text x=\"%.1f\" y=\"%.1f\" "
			      "font-size=\"10\">%s</text>\n", x, y, bh, heat_color[k], x + 18, y + bh, t);
	}
	g->text(t, sizeof(t), hi);
	rtb_sb_printf(p->b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%s</text>"
		      "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">(log)</text></g>\n", x + 18, top + 4,
		      t, x, p->h - p->bottom + 14);
}

/* runs - one path a colour: each row's cells of that colour, neighbours
 * merged */
static void runs(const struct rtb_svg_plot *p, const struct grid *g, double lo, double hi)
{
	for (int k = 0; k < RTB_HEAT_STEPS; k++) {
		int any = 0;
		for (int i = 0; i < g->n; i++) {
			const double *row = g->cell + (size_t)i * g->cols;
			double y0 = rtb_svg_py(p, i + 1), y1 = rtb_svg_py(p, i);
			for (size_t j = 0; j < g->cols;) {
				size_t e = j;
				if (!(row[j] > 0) || step_of(row[j], lo, hi) != k) {
					j++;
					continue;
				}
				while (e < g->cols && row[e] > 0 && step_of(row[e], lo, hi) == k)
					e++;
				if (!any++)
					rtb_sb_printf(p->b, "<path fill=\"%s\" d=\"", heat_color[k]);
				double x0 = rtb_svg_px(p, edge(g, j)), x1 = rtb_svg_px(p, edge(g, e));
				rtb_sb_printf(p->b, "M%.1f %.1fh%.1fv%.1fh%.1fz", x0, y0, x1 - x0, y1 - y0,
					      x0 - x1);
				j = e;
			}
		}
		if (any)
			rtb_sb_puts(p->b, "\"/>\n");
	}
}

/* draw - grid g as an <svg> with its axes and scale (begun by the caller
 * into p); lo and hi of its cells into *lo, *hi: 0 when it has none */
static int draw(struct rtb_svg_plot *p, const struct grid *g, const char *xlabel, double *lo,
		double *hi)
{
	*lo = INFINITY;
	*hi = 0;
	for (size_t k = 0; k < (size_t)g->n * g->cols; k++)
		if (g->cell[k] > 0) {
			*lo = fmin(*lo, g->cell[k]);
			*hi = fmax(*hi, g->cell[k]);
		}
	if (!(*hi > 0))
		return 0;
	p->right = HEAT_SCALE_W;
	p->x = (struct rtb_svg_axis){ g->x0, g->x1, g->xlog, xlabel, NULL, 0 };
	p->y = (struct rtb_svg_axis){ 0, g->n, 0, "CPU (row; first at the bottom)", NULL, 0 };
	rtb_svg_axes(p);
	runs(p, g, *lo, *hi);
	scale(p, g, *lo, *hi);
	return 1;
}

/* rtb_html_heatmap - render_html.h */
void rtb_html_heatmap(struct rtb_sb *b, const char *pid, const struct rtb_rf_metric *const *m,
		      const int *cpu, int n)
{
	struct rtb_svg_plot p;
	size_t cols, per, nslot;
	double tmax_ns, lo, hi, rowh = n <= 64 ? 4 : n <= 128 ? 2 : 1;
	double *cell = cells(m, n, &cols, &per, &nslot, &tmax_ns);
	char title[160];

	if (!cell)
		return;
	double slot_s = tmax_ns / 1e9 / (double)nslot;
	struct grid g = { cell, n, cols, 0, per > 1 ? slot_s * (double)(cols * per) : tmax_ns / 1e9, 0, "max (us)",
			  us_text };
	if (per > 1)
		snprintf(title, sizeof(title), "Interval maxima per CPU (a column: the max of %zu intervals, "
			 "%.4g s)", per, slot_s * (double)per);
	else
		snprintf(title, sizeof(title), "Maximum of each interval, per CPU (%zu columns of %.4g s)", cols,
			 tmax_ns / 1e9 / (double)cols);
	rtb_svg_begin(&p, b, pid, "heatmap", title, HEAT_W, 30 + 46 + rowh * n + 20);
	if (!draw(&p, &g, "time since start (s)", &lo, &hi)) {
		rtb_svg_message(&p, "no interval has samples");
		rtb_svg_end(&p);
		free(cell);
		return;
	}
	/* each row: its CPU and largest interval maximum, for a hover and a check */
	for (int i = 0; i < n; i++) {
		double rmax = 0, at = -1;
		for (size_t j = 0; j < cols; j++)
			rmax = fmax(rmax, cell[(size_t)i * cols + j]);
		/* and when: the interval that holds it (a column holds several) */
		for (size_t j = 0; j < m[i]->nintervals && at < 0; j++)
			if (m[i]->intervals[j].count && (double)m[i]->intervals[j].max_ns == rmax)
				at = (double)m[i]->intervals[j].end_ns / 1e9;
		rtb_sb_printf(b, "<rect class=\"heatrow\" data-cpu=\"%d\" data-max-ns=\"%.0f\" x=\"%.1f\" "
			      "y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" pointer-events=\"all\">"
			      "<title>CPU %d: largest interval maximum %.1f us", cpu[i], rmax, p.left,
			      rtb_svg_py(&p, i + 1), p.w - p.left - p.right, rtb_svg_py(&p, i) - rtb_svg_py(&p, i + 1),
			      cpu[i], rmax / 1000.0);
		if (per > 1 && at >= 0)
			rtb_sb_printf(b, " (first in the interval ending at %.0f s)", at);
		rtb_sb_puts(b, "</title></rect>\n");
	}
	rtb_svg_end(&p);
	free(cell);
}

/* rtb_html_heat_hist - render_html.h */
void rtb_html_heat_hist(struct rtb_sb *b, const char *pid, const double *share, int n, size_t bins,
			double lo_us, double hi_us)
{
	struct rtb_svg_plot p;
	double lo, hi, rowh = n <= 64 ? 4 : n <= 128 ? 2 : 1;
	struct grid g = { share, n, bins, lo_us, hi_us, 1, "share", share_text };

	rtb_svg_begin(&p, b, pid, "heatmap", "Per-CPU histograms (each CPU's share of its samples a bin)",
		      HEAT_W, 30 + 46 + rowh * n + 20);
	if (!draw(&p, &g, "latency (us, log scale)", &lo, &hi))
		rtb_svg_message(&p, "no samples");
	rtb_svg_end(&p);
}
