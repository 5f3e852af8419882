/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - inline-SVG plotting helpers (see svg.h).
 *
 * Hand-written SVG rather than a plotting library: the report must be one
 * self-contained file with no scripts or fonts fetched, and the few plot
 * types it needs are a frame, ticks and paths. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "host/render/svg.h"

static const char *const palette[] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
};

const char *rtb_svg_color(int i)
{
	return palette[(unsigned)i % (sizeof(palette) / sizeof(palette[0]))];
}

static double ax_t(const struct rtb_svg_axis *a, double v)
{
	double lo = a->log ? log10(a->lo) : a->lo, hi = a->log ? log10(a->hi) : a->hi, t;

	if (a->log)
		v = v > 0 ? log10(v) : lo;
	t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
	return t < 0 ? 0 : t > 1 ? 1 : t;
}

double rtb_svg_px(const struct rtb_svg_plot *p, double x)
{
	return p->left + ax_t(&p->x, x) * (p->w - p->left - p->right);
}

double rtb_svg_py(const struct rtb_svg_plot *p, double y)
{
	return p->h - p->bottom - ax_t(&p->y, y) * (p->h - p->top - p->bottom);
}

void rtb_svg_begin(struct rtb_svg_plot *p, struct rtb_sb *b, const char *id,
		   const char *kind, const char *title, double w, double h)
{
	memset(p, 0, sizeof(*p));
	p->b = b;
	p->w = w;
	p->h = h;
	p->left = 62;
	p->right = 14;
	p->top = 30;
	p->bottom = 46;
	rtb_sb_puts(b, "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" id=\"");
	rtb_sb_html(b, id);
	rtb_sb_printf(b, "\" data-plot=\"%s\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"",
		      kind, w, h);
	rtb_sb_html(b, title);
	rtb_sb_printf(b, "\"><title>");
	rtb_sb_html(b, title);
	rtb_sb_printf(b, "</title><text class=\"ptitle\" x=\"%.1f\" y=\"18\">", p->left);
	rtb_sb_html(b, title);
	rtb_sb_puts(b, "</text>\n");
}

/* nice_step - a 1, 2 or 5 times power-of-ten step giving about n ticks. */
static double nice_step(double range, int n)
{
	double raw = range / n, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

static void tick_label(const struct rtb_svg_axis *a, char *buf, unsigned len, double v)
{
	if (a->fmt)
		a->fmt(buf, len, v);
	else
		snprintf(buf, len, "%g", fabs(v) < 1e-12 ? 0 : v);
}

/* ticks - the tick values of axis a into out[0..max); returns how many. */
static int ticks(const struct rtb_svg_axis *a, double *out, int max)
{
	int n = 0;

	if (a->log) {
		double d, lo = floor(log10(a->lo)), hi = ceil(log10(a->hi));
		int sub = hi - lo < 3; /* few decades: 2 and 5 as well */

		for (d = lo; d <= hi && n < max; d++) {
			double base = pow(10, d);
			const double m[3] = { 1, 2, 5 };
			int k;

			for (k = 0; k < (sub ? 3 : 1) && n < max; k++) {
				double v = base * m[k];

				if (v >= a->lo * 0.999 && v <= a->hi * 1.001)
					out[n++] = v;
			}
		}
	} else if (a->hi > a->lo) {
		double s = a->step > 0 ? a->step : nice_step(a->hi - a->lo, 5), v;

		for (v = ceil(a->lo / s) * s; v <= a->hi + s * 1e-9 && n < max; v += s)
			out[n++] = v;
	}
	return n;
}

void rtb_svg_axes(const struct rtb_svg_plot *p)
{
	struct rtb_sb *b = p->b;
	double t[64], x0 = p->left, x1 = p->w - p->right, y0 = p->top, y1 = p->h - p->bottom;
	char lab[48];
	int n, i;

	rtb_sb_printf(b, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
		      x0, y0, x1 - x0, y1 - y0);
	n = ticks(&p->x, t, 64);
	for (i = 0; i < n; i++) {
		double x = rtb_svg_px(p, t[i]);

		tick_label(&p->x, lab, sizeof(lab), t[i]);
		/* a label that would cross the image's right edge ends at its
		 * tick instead of centring on it (centred, "99.999%" was clipped) */
		int at_end = x + (double)strlen(lab) * 3.4 > p->w - 2;
		rtb_sb_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
			      "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n",
			      x, y0, x, y1, x, y1 + 14, at_end ? "end" : "middle", lab);
	}
	n = ticks(&p->y, t, 64);
	for (i = 0; i < n; i++) {
		double y = rtb_svg_py(p, t[i]);

		tick_label(&p->y, lab, sizeof(lab), t[i]);
		rtb_sb_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
			      "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			      x0, y, x1, y, x0 - 5, y + 4, lab);
	}
	rtb_sb_printf(b, "<text class=\"axis\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
		      (x0 + x1) / 2, p->h - 8);
	rtb_sb_html(b, p->x.label ? p->x.label : "");
	rtb_sb_printf(b, "</text><text class=\"axis\" transform=\"translate(14 %.1f) rotate(-90)\" "
		      "text-anchor=\"middle\">", (y0 + y1) / 2);
	rtb_sb_html(b, p->y.label ? p->y.label : "");
	rtb_sb_puts(b, "</text>\n");
}

/* legend_w - the width one legend entry takes in a row. */
static double legend_w(const char *label)
{
	return 26 + (double)strlen(label) * 6.2 + 12;
}

void rtb_svg_legend_reserve(struct rtb_svg_plot *p, const char *const *labels, int n)
{
	double x = p->left, room = p->w - p->right;
	int rows = n > 0;

	for (int i = 0; i < n; i++) {
		if (x + legend_w(labels[i]) > room && x > p->left) {
			rows++;
			x = p->left;
		}
		x += legend_w(labels[i]);
	}
	p->legend_top = p->top;
	p->top += 15.0 * rows;
	p->legend_rows = rows;
}

void rtb_svg_legend(const struct rtb_svg_plot *p, const char *const *labels,
		    const char *const *colors, int n, int at_left)
{
	if (p->legend_rows) {
		/* in the band reserved above the plot area: never over data */
		double x = p->left, y = p->legend_top + 8;
		rtb_sb_puts(p->b, "<g class=\"legend\" data-outside=\"1\">\n");
		for (int i = 0; i < n; i++) {
			if (x + legend_w(labels[i]) > p->w - p->right && x > p->left) {
				x = p->left;
				y += 15;
			}
			const char *d = p->legend_dash && p->legend_dash[i][0] ? p->legend_dash[i] :
					" stroke-width=\"3\"";
			rtb_sb_printf(p->b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"%s/>"
				      "<text x=\"%.1f\" y=\"%.1f\">", x, y - 4, x + 18, y - 4, colors[i], d, x + 22, y);
			rtb_sb_html(p->b, labels[i]);
			rtb_sb_puts(p->b, "</text>\n");
			x += legend_w(labels[i]);
		}
		rtb_sb_puts(p->b, "</g>\n");
		return;
	}
	double x = p->w - p->right - 8, y = p->top + 14;
	const char *anchor = "end";
	double line0 = x - 18, line1 = x, tx = x - 22;

	if (at_left) {
		x = p->left + 8;
		anchor = "start";
		line0 = x;
		line1 = x + 18;
		tx = x + 22;
	}
	int i;

	double maxlen = 0;

	for (i = 0; i < n; i++)
		maxlen = fmax(maxlen, (double)strlen(labels[i]));
	/* a pale box so the legend stays readable over the data */
	rtb_sb_printf(p->b, "<g class=\"legend\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		      "height=\"%.1f\" fill=\"#fff\" fill-opacity=\"0.85\" rx=\"3\"/>\n",
		      at_left ? x - 4 : x - 26 - maxlen * 6.2, p->top + 2, maxlen * 6.2 + 30,
		      15.0 * n + 4);
	for (i = 0; i < n; i++, y += 15) {
		rtb_sb_printf(p->b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			      "stroke-width=\"3\"/><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">",
			      line0, y - 4, line1, y - 4, colors[i], tx, y, anchor);
		rtb_sb_html(p->b, labels[i]);
		rtb_sb_puts(p->b, "</text>\n");
	}
	rtb_sb_puts(p->b, "</g>\n");
}

void rtb_svg_message(const struct rtb_svg_plot *p, const char *msg)
{
	rtb_sb_printf(p->b, "<text class=\"msg\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
		      (p->left + p->w - p->right) / 2, (p->top + p->h - p->bottom) / 2);
	rtb_sb_html(p->b, msg);
	rtb_sb_puts(p->b, "</text>\n");
}

void rtb_svg_end(const struct rtb_svg_plot *p)
{
	rtb_sb_puts(p->b, "</svg>\n");
}
