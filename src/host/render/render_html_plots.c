/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the HTML report's plots of one measurement, every system
 * overlaid in its own colour: a histogram (share of each run's samples, log axis), a percentile
 * plot on a "nines" axis (50%, 90%, 99%, 99.9% ...), latency over sample
 * index (drift and spikes) and the kernel-trace components of run --trace.
 * Inline SVG through svg.c; the page around them is render_html.c. Every
 * string from a result file goes through rtb_sb_html. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "host/compare/compare.h"
#include "host/render/render.h"
#include "host/render/render_html.h"
#include "host/render/svg.h"

#define PLOT_W 440
#define PLOT_H 290
#define HIST_BINS 60
#define SERIES_COLS 420   /* columns of the sample-index plot: min/max per column */

static double to_unit(const struct rtb_cmp_metric *cm, double v)
{
	return !strcmp(cm->unit, "ns") ? v / 1000.0 : v;
}

/* ---- plots ------------------------------------------------------------- */

static void plot_id(char *buf, size_t len, const char *kind, const char *id)
{
	snprintf(buf, len, "%s-%s", kind, id);
}

static void series_labels(const struct rtb_html_series *s, int n, const char **l, const char **c)
{
	int i;

	for (i = 0; i < n; i++) {
		l[i] = s[i].label;
		c[i] = s[i].color;
	}
}

void rtb_html_plot_histogram(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
			     const struct rtb_html_series *s, int n, struct rtb_sb *csv)
{
	struct rtb_svg_plot p;
	const char *labels[RTB_CMP_MAX_SYS], *colors[RTB_CMP_MAX_SYS];
	double lo = INFINITY, hi = -INFINITY, maxs = 0, ymin = 1, counts[RTB_CMP_MAX_SYS][HIST_BINS];
	char id[160], xl[64];
	int i, k, nb, logx;
	size_t j;
	const struct rtb_rf_metric *ms[RTB_CMP_MAX_SYS];

	/* every run with true 1 us bins (run -h, cyclictest -h): those */
	for (i = 0; i < n && !strcmp(cm->unit, "ns") && s[i].m; i++)
		ms[i] = s[i].m;
	if (n && i == n) {
		series_labels(s, n, labels, colors);
		plot_id(id, sizeof(id), "hist", cm->id);
		if (rtb_html_plot_1us(b, id, "Histogram", ms, labels, colors, n, 1, csv))
			return;
	}

	for (i = 0; i < n; i++) {
		lo = fmin(lo, to_unit(cm, s[i].d->x[0].v));
		hi = fmax(hi, to_unit(cm, s[i].d->x[s[i].d->n - 1].v));
	}
	if (lo < 0)
		lo = 0;
	logx = lo > 0 && hi / lo > 20;
	/* never narrower than the 1 ns resolution of the data: finer bins
	 * would alternate between full and empty */
	nb = HIST_BINS;
	if (!logx && !strcmp(cm->unit, "ns") && (hi - lo) * 1000 + 1 < nb)
		nb = (int)((hi - lo) * 1000) + 1;
	if (hi <= lo)
		hi = lo + (logx ? lo : 0.001);
	memset(counts, 0, sizeof(counts));
	for (i = 0; i < n; i++) {
		for (j = 0; j < s[i].d->n; j++) {
			double v = to_unit(cm, s[i].d->x[j].v), t;

			t = logx ? (log10(fmax(v, lo)) - log10(lo)) / (log10(hi) - log10(lo)) :
				(v - lo) / (hi - lo);
			k = (int)(t * nb);
			k = k < 0 ? 0 : k >= nb ? nb - 1 : k;
			counts[i][k] += s[i].d->x[j].w;
		}
		/* runs of different lengths overlaid: each bin as its share
		 * of that run's samples, so a run five times longer does not
		 * look five times worse in every bin */
		for (k = 0; k < nb; k++) {
			counts[i][k] = s[i].d->total > 0 ? counts[i][k] / s[i].d->total : 0;
			maxs = fmax(maxs, counts[i][k]);
		}
		if (s[i].d->total > 0)
			ymin = fmin(ymin, 0.8 / s[i].d->total); /* below one sample */
	}
	if (!(maxs > ymin))
		maxs = ymin * 2;
	plot_id(id, sizeof(id), "hist", cm->id);
	rtb_svg_begin(&p, b, id, "histogram", "Histogram (each run's share of its own samples)",
		      PLOT_W, PLOT_H);
	snprintf(xl, sizeof(xl), "latency (%s%s)", rtb_cmp_time_unit(cm->unit, 1),
		 logx ? ", log scale" : "");
	p.x = (struct rtb_svg_axis){ lo, hi, logx, xl, NULL, 0 };
	p.y = (struct rtb_svg_axis){ ymin, maxs * 1.6, 1, "share of samples per bin (log)", NULL, 0 };
	series_labels(s, n, labels, colors);
	rtb_svg_legend_reserve(&p, labels, n);
	rtb_svg_axes(&p);
	if (csv)
		rtb_sb_printf(csv, "system,bin_lo_%s,bin_hi_%s,count,share\n", rtb_cmp_time_unit(cm->unit, 0),
			      rtb_cmp_time_unit(cm->unit, 0));
	for (i = 0; i < n; i++) {
		double base = rtb_svg_py(&p, ymin);

		/* outline as a step path; empty bins drop to the axis (log 0) */
		rtb_sb_printf(b, "<path class=\"series\" fill=\"%s\" fill-opacity=\"0.13\" stroke=\"%s\" "
			      "stroke-width=\"1.6\" d=\"M%.1f %.1f", s[i].color, s[i].color,
			      rtb_svg_px(&p, lo), base);
		for (k = 0; k < nb; k++) {
			double e0 = logx ? pow(10, log10(lo) + (log10(hi) - log10(lo)) * k / nb) :
				lo + (hi - lo) * k / nb;
			double e1 = logx ? pow(10, log10(lo) + (log10(hi) - log10(lo)) * (k + 1) / nb) :
				lo + (hi - lo) * (k + 1) / nb;
			double y = counts[i][k] > 0 ? rtb_svg_py(&p, counts[i][k]) : base;

			rtb_sb_printf(b, "L%.1f %.1fL%.1f %.1f", rtb_svg_px(&p, e0), y,
				      rtb_svg_px(&p, e1), y);
			if (csv && counts[i][k] > 0) {
				rtb_render_csv_field(csv, s[i].label, 0);
				rtb_sb_printf(csv, "%.6g,%.6g,%.0f,%.6g\n", e0, e1,
					      counts[i][k] * s[i].d->total, counts[i][k]);
			}
		}
		rtb_sb_printf(b, "L%.1f %.1fZ\"/>\n", rtb_svg_px(&p, hi), base);
	}
	series_labels(s, n, labels, colors);
	rtb_svg_legend(&p, labels, colors, n, 0);
	rtb_svg_end(&p);
}

/* The percentile axis is -log10(1 - q): 0 at the median's left end (q=0),
 * 1 at 90%, 2 at 99%, 3 at 99.9% - the tail gets the room it deserves. */
static void fmt_nines(char *buf, unsigned len, double t)
{
	double q = 100 * (1 - pow(10, -t));

	if (t < 0.5)
		snprintf(buf, len, "0%%");
	else
		snprintf(buf, len, "%.*f%%", t <= 2 ? 0 : (int)t - 2, q);
}

void rtb_html_plot_percentiles(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
			       const struct rtb_html_series *s, int n, struct rtb_sb *csv)
{
	struct rtb_svg_plot p;
	const char *labels[RTB_CMP_MAX_SYS], *colors[RTB_CMP_MAX_SYS];
	double tmax = 1, lo = INFINITY, hi = -INFINITY, t;
	char id[160], yl[64];
	int i, logy;

	for (i = 0; i < n; i++) {
		tmax = fmax(tmax, log10(s[i].d->total));
		lo = fmin(lo, to_unit(cm, s[i].d->x[0].v));
		hi = fmax(hi, to_unit(cm, s[i].d->x[s[i].d->n - 1].v));
	}
	logy = lo > 0 && hi / lo > 20;
	if (!logy) {
		double pad = (hi - lo) * 0.05 + 1e-9;

		lo = fmax(0, lo - pad);
		hi += pad;
	}
	plot_id(id, sizeof(id), "pct", cm->id);
	rtb_svg_begin(&p, b, id, "percentile", "Percentile distribution", PLOT_W, PLOT_H);
	snprintf(yl, sizeof(yl), "latency (%s%s)", rtb_cmp_time_unit(cm->unit, 1),
		 logy ? ", log scale" : "");
	/* past five nines (a long run's millions of samples) every other
	 * nine is labelled: "99.9999%" labels one nine apart overlap */
	p.x = (struct rtb_svg_axis){ 0, ceil(tmax), 0, "percentile", fmt_nines, ceil(tmax) > 5 ? 2 : 1 };
	p.y = (struct rtb_svg_axis){ lo, hi, logy, yl, NULL, 0 };
	series_labels(s, n, labels, colors);
	rtb_svg_legend_reserve(&p, labels, n);
	rtb_svg_axes(&p);
	if (csv)
		rtb_sb_printf(csv, "system,percentile,latency_%s\n", rtb_cmp_time_unit(cm->unit, 0));
	for (i = 0; i < n; i++) {
		double tn = log10(s[i].d->total);

		rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.8\" d=\"",
			      s[i].color);
		for (t = 0; t < tn; t += 0.02) {
			double v = to_unit(cm, rtb_dist_quantile(s[i].d, 1 - pow(10, -t)));

			rtb_sb_printf(b, "%s%.1f %.1f", t == 0 ? "M" : "L", rtb_svg_px(&p, t),
				      rtb_svg_py(&p, v));
			if (csv) {
				rtb_render_csv_field(csv, s[i].label, 0);
				rtb_sb_printf(csv, "%.6f,%.6g\n", 100 * (1 - pow(10, -t)), v);
			}
		}
		/* the last point is the maximum, at its own rank */
		rtb_sb_printf(b, "L%.1f %.1f\"/>\n", rtb_svg_px(&p, tn),
			      rtb_svg_py(&p, to_unit(cm, s[i].d->x[s[i].d->n - 1].v)));
		if (csv) {
			rtb_render_csv_field(csv, s[i].label, 0);
			rtb_sb_printf(csv, "100,%.6g\n", to_unit(cm, s[i].d->x[s[i].d->n - 1].v));
		}
	}
	series_labels(s, n, labels, colors);
	rtb_svg_legend(&p, labels, colors, n, 1);
	rtb_svg_end(&p);
}

void rtb_html_plot_series(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
			  const struct rtb_html_series *s, int n, struct rtb_sb *csv)
{
	struct rtb_svg_plot p;
	const char *labels[RTB_CMP_MAX_SYS], *colors[RTB_CMP_MAX_SYS];
	double lo = INFINITY, hi = -INFINITY, nmax = 1;
	char id[160], yl[64];
	int i, k, have = 0;
	size_t j;

	for (i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;

		if (!m->samples)
			continue;
		have++;
		nmax = fmax(nmax, (double)m->nsamples);
		for (j = 0; j < m->nsamples; j++) {
			lo = fmin(lo, to_unit(cm, (double)m->samples[j]));
			hi = fmax(hi, to_unit(cm, (double)m->samples[j]));
		}
	}
	plot_id(id, sizeof(id), "series", cm->id);
	/* histogram-only files of a long run: their intervals over time */
	if (!have && rtb_html_plot_intervals(b, id, cm, s, n, csv))
		return;
	rtb_svg_begin(&p, b, id, "series", "Latency over sample index", PLOT_W, PLOT_H);
	if (!have) {
		p.x = (struct rtb_svg_axis){ 0, 1, 0, "sample index", NULL, 0 };
		p.y = (struct rtb_svg_axis){ 0, 1, 0, "", NULL, 0 };
		rtb_svg_message(&p, "no samples in the result files (histogram only)");
		rtb_svg_end(&p);
		return;
	}
	{
		double pad = (hi - lo) * 0.05 + 1e-9;

		lo = fmax(0, lo - pad);
		hi += pad;
	}
	snprintf(yl, sizeof(yl), "latency (%s)", rtb_cmp_time_unit(cm->unit, 1));
	p.x = (struct rtb_svg_axis){ 0, nmax - 1 > 0 ? nmax - 1 : 1, 0, "sample index", NULL, 0 };
	p.y = (struct rtb_svg_axis){ lo, hi, 0, yl, NULL, 0 };
	series_labels(s, n, labels, colors);
	rtb_svg_legend_reserve(&p, labels, n);
	rtb_svg_axes(&p);
	if (csv)
		rtb_sb_printf(csv, "system,index_from,index_to,min_%s,max_%s\n",
			      rtb_cmp_time_unit(cm->unit, 0), rtb_cmp_time_unit(cm->unit, 0));
	for (i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;

		if (!m->samples)
			continue;
		rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1\" "
			      "stroke-opacity=\"0.85\" d=\"", s[i].color);
		if (m->nsamples <= 2 * SERIES_COLS) {
			for (j = 0; j < m->nsamples; j++) {
				double v = to_unit(cm, (double)m->samples[j]);

				rtb_sb_printf(b, "%s%.1f %.1f", j ? "L" : "M",
					      rtb_svg_px(&p, (double)j), rtb_svg_py(&p, v));
				if (csv) {
					rtb_render_csv_field(csv, s[i].label, 0);
					rtb_sb_printf(csv, "%zu,%zu,%.6g,%.6g\n", j, j, v, v);
				}
			}
		} else {
			/* too many points for the pixels: per column the min-max
			 * range as a vertical stroke, so no spike is lost */
			for (k = 0; k < SERIES_COLS; k++) {
				size_t a = m->nsamples * (size_t)k / SERIES_COLS;
				size_t z = m->nsamples * (size_t)(k + 1) / SERIES_COLS;
				int64_t mn = m->samples[a], mx = m->samples[a];
				double y0, y1;

				for (j = a; j < z; j++) {
					mn = m->samples[j] < mn ? m->samples[j] : mn;
					mx = m->samples[j] > mx ? m->samples[j] : mx;
				}
				y0 = rtb_svg_py(&p, to_unit(cm, (double)mn));
				y1 = rtb_svg_py(&p, to_unit(cm, (double)mx));
				rtb_sb_printf(b, "M%.1f %.1fV%.1f", rtb_svg_px(&p, (double)(a + z) / 2),
					      y0 + 0.5, y1 - 0.5);
				if (csv) {
					rtb_render_csv_field(csv, s[i].label, 0);
					rtb_sb_printf(csv, "%zu,%zu,%.6g,%.6g\n", a, z - 1,
						      to_unit(cm, (double)mn), to_unit(cm, (double)mx));
				}
			}
		}
		rtb_sb_puts(b, "\"/>\n");
	}
	series_labels(s, n, labels, colors);
	rtb_svg_legend(&p, labels, colors, n, 0);
	rtb_svg_end(&p);
}

/* is_component - cm is one of parent's kernel-trace components (run
 * --trace: "<parent>.trace.<name>", not the rtbench-minus-trace difference). */
static int is_component(const struct rtb_cmp_metric *cm, const char *parent, char *name, size_t len)
{
	/* a per-CPU component keeps its "@cpuN" last ("<id>.trace.<name>@cpu0",
	 * core/trace_stream.c): the aggregate's components have none, a
	 * CPU's the parent's own; another CPU's are not this bar's (else the
	 * all-CPU bar stacks CPU 0's and CPU 1's components too) */
	const char *at = strstr(parent, "@cpu");
	size_t n = at ? (size_t)(at - parent) : strlen(parent);
	const char *suffix = at ? at : "";
	size_t sl = strlen(suffix);
	if (strncmp(cm->id, parent, n) || strncmp(cm->id + n, ".trace.", 7))
		return 0;
	const char *nm = cm->id + n + 7;
	size_t nl = strlen(nm);
	if (nl <= sl || strcmp(nm + nl - sl, suffix))
		return 0;
	nl -= sl;
	if (memchr(nm, '@', nl) || (nl == 19 && !strncmp(nm, "rtbench_minus_trace", 19)))
		return 0; /* another CPU's; the difference, not a component */
	snprintf(name, len, "%.*s", (int)nl, nm);
	return 1;
}

/* comp_part - component k's part of system i's mean matched sample: its
 * mean over the samples it happened in, times the share of them (a
 * component that did not happen in a sample is absent from its metric, not
 * a 0: the last component, in every matched sample, has the most). */
static double comp_part(const struct rtb_cmp_metric *const *comp, int nc, int k, size_t i)
{
	uint64_t most = 0;

	for (int j = 0; j < nc; j++)
		if (comp[j]->cell[i].m && comp[j]->cell[i].m->count > most)
			most = comp[j]->cell[i].m->count;
	const struct rtb_rf_metric *m = comp[k]->cell[i].m;
	return m && m->count && most ? m->mean * (double)m->count / (double)most : 0;
}

/* rtb_html_plot_components - run --trace: per system, one bar of the measurement
 * split into its kernel-trace components, stacked. Means, because the
 * means of the components add up to the mean of the matched samples
 * (medians do not add up); each weighted by the share of the samples it
 * happened in (comp_part). */
void rtb_html_plot_components(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm,
			      struct rtb_sb *csv)
{
	enum { W = 440, BAR = 22, LEFT = 130, RIGHT = 60 };
	char name[8][48];
	const struct rtb_cmp_metric *comp[8];
	int nc = 0;
	double total_max = 0;

	for (size_t k = 0; k < c->nmetrics && nc < 8; k++)
		if (is_component(&c->metrics[k], cm->id, name[nc], sizeof(name[nc])))
			comp[nc++] = &c->metrics[k];
	if (!nc)
		return;
	for (size_t i = 0; i < c->nsys; i++) {
		double t = 0;
		for (int k = 0; k < nc; k++)
			t += comp_part(comp, nc, k, i);
		total_max = fmax(total_max, t);
	}
	if (total_max <= 0)
		return;
	const int h = 30 + (int)c->nsys * (BAR + 10) + 20 * ((nc + 2) / 3);
	char id[160];
	plot_id(id, sizeof(id), "comp", cm->id);
	rtb_sb_puts(b, "<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" id=\"");
	rtb_sb_html(b, id);
	rtb_sb_printf(b, "\" data-plot=\"components\" viewBox=\"0 0 %d %d\" role=\"img\" "
		      "aria-label=\"Kernel-trace components\"><title>Kernel-trace components (run --trace): "
		      "mean of each over the samples matched to their events, stacked (means add up; medians "
		      "do not)</title>\n<text x=\"10\" y=\"12\" font-size=\"11\">Kernel-trace components, "
		      "mean us (stacked)</text>\n", W, h + 10);
	for (size_t i = 0; i < c->nsys; i++) {
		double x = LEFT, y = 24 + (double)i * (BAR + 10);
		rtb_sb_printf(b, "<text x=\"%d\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\">", LEFT - 6,
			      y + BAR * 0.7);
		rtb_sb_html(b, c->labels[i]);
		rtb_sb_puts(b, "</text>\n");
		int any = 0;
		for (int k = 0; k < nc; k++)
			any |= comp[k]->cell[i].m && comp[k]->cell[i].m->count;
		if (!any) {
			/* not traced: said, not drawn as a 0.00 us bar */
			rtb_sb_printf(b, "<text x=\"%d\" y=\"%.0f\" font-size=\"11\" fill=\"#666\">no kernel-trace "
				      "components in this file (not traced)</text>\n", LEFT, y + BAR * 0.7);
			continue;
		}
		for (int k = 0; k < nc; k++) {
			const struct rtb_rf_metric *m = comp[k]->cell[i].m;
			if (!m || !m->count)
				continue;
			double part = comp_part(comp, nc, k, i);
			double w = part / total_max * (W - LEFT - RIGHT);
			rtb_sb_printf(b, "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
				      "<title>", x, y, w > 0 ? w : 0, BAR, rtb_svg_color(k));
			rtb_sb_html(b, name[k]);
			rtb_sb_printf(b, ": mean %.3f us</title></rect>\n", part / 1000.0);
			if (csv) {
				if (!csv->len)
					rtb_sb_puts(csv, "system,component,mean_us\n");
				rtb_render_csv_field(csv, c->labels[i], 0);
				rtb_render_csv_field(csv, name[k], 0);
				rtb_sb_printf(csv, "%.3f\n", part / 1000.0);
			}
			x += w > 0 ? w : 0;
		}
		rtb_sb_printf(b, "<text x=\"%.1f\" y=\"%.0f\" font-size=\"11\" data-total-us=\"%.3f\">%.2f us</text>\n",
			      fmin(x + 3, W - RIGHT + 3), y + BAR * 0.7, (x - LEFT) / (W - LEFT - RIGHT) * total_max / 1000.0,
			      (x - LEFT) / (W - LEFT - RIGHT) * total_max / 1000.0);
	}
	for (int k = 0; k < nc; k++) {
		double lx = 10 + (k % 3) * 140, ly = 40 + (double)c->nsys * (BAR + 10) + (k / 3) * 20;
		rtb_sb_printf(b, "<rect x=\"%.0f\" y=\"%.0f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
			      "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">", lx, ly - 9, rtb_svg_color(k), lx + 14, ly);
		rtb_sb_html(b, name[k]);
		rtb_sb_puts(b, "</text>\n");
	}
	rtb_sb_puts(b, "</svg>\n");
}
