/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the qualification page's plots (render_qualify.h) on the
 * shared plot frame (plot_frame.h): the OSADL-form histogram, a panel per
 * file and all overlaid, and the maximum of each interval over time; with
 * the words under them that say their bins and what lies past the axis. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "host/render/plot_frame.h"
#include "host/render/render_qualify.h"

/* the OSADL histogram's data: every CPU line's samples per 1 us bin up to
 * the latency axis' end (rtb_rf_bins_1us), shared by its panels */
struct osadl {
	int n, nfiles;
	size_t nb;                  /* 1 us bins drawn: [0, nb) us */
	double *dens;               /* n x nb, per CPU-hour when per_h */
	double beyond[RTB_QPAGE_MAX_SERIES], widest[RTB_QPAGE_MAX_SERIES], ymin, ymax;
	int kind[RTB_QPAGE_MAX_SERIES];
	int per_h;
};

static bool osadl_line(const struct rtb_qline *s, int n, int i)
{
	return !(s[i].cpu < 0 && n > 1); /* the CPUs' lines, not their sum */
}

/* osadl_panel - the lines of file f (-1: every file, overlaid) on the
 * shared axes, so the panels compare bin by bin. */
static void osadl_panel(struct rtb_sb *b, const char *base, const struct rtb_qline *s, const struct osadl *o,
			int f)
{
	struct rtb_svg_plot p;
	const char *labels[RTB_QPAGE_MAX_SERIES], *colors[RTB_QPAGE_MAX_SERIES], *dash[RTB_QPAGE_MAX_SERIES];
	struct rtb_plot_legend lg = { labels, colors, 0, false };
	char id[220], yl[96], title[300], attrs[64];
	int nl = 0, drawn = 0, kind = -1;

	for (int i = 0; i < o->n; i++) {
		if (!osadl_line(s, o->n, i) || (f >= 0 && s[i].file != f))
			continue;
		labels[nl] = s[i].label;
		colors[nl] = s[i].color;
		dash[nl++] = s[i].dash;
		kind = kind < 0 || kind == o->kind[i] ? o->kind[i] : 99;
	}
	snprintf(title, sizeof(title), "OSADL form, the files overlaid (dashed: the files after the first)");
	for (int i = 0; i < o->n && f >= 0; i++)
		if (s[i].file == f) {
			snprintf(title, sizeof(title), "OSADL form: %s, %s", s[i].r->label,
				 kind == 99 ? "mixed bins" : rtb_rf_1us_kind(kind));
			break;
		}
	if (f < 0)
		snprintf(id, sizeof(id), "osadl-%s-all", base);
	else
		snprintf(id, sizeof(id), "osadl-%s-%d", base, f);
	rtb_svg_begin(&p, b, id, "histogram", title, RTB_QPAGE_W, RTB_QPAGE_H);
	snprintf(yl, sizeof(yl), "%s (log)", o->per_h ? "samples per 1 us bin per CPU-hour" :
		 "samples per 1 us bin");
	p.x = (struct rtb_svg_axis){ 0, (double)o->nb, 0, "latency (\xc2\xb5s)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ o->ymin, o->ymax * 2, 1, yl, NULL, 0 };
	p.legend_dash = dash;
	lg.n = nl;
	lg.show = nl <= RTB_QPAGE_MAX_LEGEND;
	rtb_plot_frame(&p, &lg);
	for (int i = 0; i < o->n; i++) {
		if (!osadl_line(s, o->n, i) || (f >= 0 && s[i].file != f) || o->kind[i] == RTB_RF_1US_NONE)
			continue;
		snprintf(attrs, sizeof(attrs), " %s", s[i].dash);
		rtb_plot_path(b, s[i].color, "1.2", attrs);
		rtb_plot_steps(&p, o->dens + (size_t)i * o->nb, o->nb, o->ymin);
		drawn++;
	}
	if (!drawn)
		rtb_svg_message(&p, "no histogram in the file");
	rtb_plot_legend(&p, &lg);
	rtb_svg_end(&p);
}

/* osadl_hist - OSADL's latency plot: samples per 1 us bin against a linear
 * latency axis, log count axis, one line per CPU: a panel per file side by
 * side (the long run's, then each cyclictest file's), then all overlaid.
 * Each panel says its bins: true 1 us bins (rtbench's "histogram_1us",
 * cyclictest's own) or log-linear buckets spread over 1 us. */
void rtb_qpage_osadl(struct rtb_sb *b, const char *base, const struct rtb_qline *s, int n, int per_h)
{
	struct osadl o = { .n = n, .ymin = 0.5, .ymax = 1, .per_h = per_h };
	struct rtb_plot_1us_axis ax = RTB_PLOT_1US_AXIS;
	char a[32];

	/* what lies past the latency axis is counted and its maximum said
	 * under the plot */
	for (int i = 0; i < n; i++) {
		rtb_plot_1us_add(&ax, s[i].m);
		o.nfiles = s[i].file + 1 > o.nfiles ? s[i].file + 1 : o.nfiles;
	}
	o.nb = rtb_plot_1us_bins(&ax);
	o.dens = calloc((size_t)(n ? n : 1) * o.nb, sizeof(*o.dens));
	if (!o.dens) {
		rtb_sb_puts(b, "<p class=\"what\">OSADL histogram: out of memory</p>\n");
		return;
	}
	for (int i = 0; i < n; i++) {
		double scale = per_h && s[i].t && s[i].t->hours > 0 ? 1.0 / s[i].t->hours : 1.0;
		double *d = o.dens + (size_t)i * o.nb;

		if (!osadl_line(s, n, i))
			continue;
		o.kind[i] = rtb_rf_bins_1us(s[i].m, d, o.nb, &o.beyond[i], &o.widest[i]);
		for (size_t k = 0; k < o.nb; k++) {
			d[k] *= scale;
			o.ymax = fmax(o.ymax, d[k]);
			if (d[k] > 0)
				o.ymin = fmin(o.ymin, 0.5 * scale);
		}
	}
	rtb_sb_puts(b, "<div class=\"plots\">");
	for (int f = 0; f < o.nfiles; f++)
		osadl_panel(b, base, s, &o, f);
	if (o.nfiles > 1)
		osadl_panel(b, base, s, &o, -1);
	rtb_sb_puts(b, "</div>\n");
	rtb_sb_printf(b, "<p class=\"what\">Each line: one CPU of one file; %s. Bins, per line: ",
		      per_h ? "counts per CPU-hour of each CPU's measured time, because the files' lengths "
		      "differ" : "raw counts (the files' lengths agree within 10%: see the table)");
	for (int i = 0, any = 0; i < n; i++) {
		if (!osadl_line(s, n, i))
			continue;
		rtb_sb_puts(b, any++ ? "; " : "");
		rtb_sb_html(b, s[i].label);
		rtb_sb_printf(b, " %s", rtb_rf_1us_kind(o.kind[i]));
		if (o.kind[i] == RTB_RF_1US_SPREAD)
			rtb_sb_printf(b, " (up to %.3g us wide: a bucket's count shared over its width, not "
				      "1 us resolution)", o.widest[i]);
		else if (o.kind[i] == RTB_RF_1US_LINEAR && s[i].m->lin_bins < (int64_t)o.nb)
			rtb_sb_printf(b, " (to %lld us; past it log buckets spread)",
				      (long long)s[i].m->lin_bins);
	}
	rtb_sb_puts(b, ".</p>\n<p class=\"what\">Empty 1 us bins between each line's minimum and its "
		    "p99.9 (a hole in the histogram, where samples surround it):");
	for (int i = 0, any = 0; i < n; i++) {
		const double *d = o.dens + (size_t)i * o.nb;
		size_t lo = (size_t)(s[i].m->min / 1000), hi, empty = 0;

		if (!osadl_line(s, n, i))
			continue;
		rtb_sb_printf(b, "%s ", any++ ? "," : "");
		rtb_sb_html(b, s[i].label);
		if (o.kind[i] == RTB_RF_1US_SPREAD || o.kind[i] == RTB_RF_1US_NONE) {
			rtb_sb_puts(b, " not 1 us bins");
			continue;
		}
		hi = s[i].m->has_pct[3] ? (size_t)(s[i].m->pct[3] / 1000) : o.nb - 1;
		for (size_t k = lo; k <= hi && k < o.nb; k++)
			empty += !(d[k] > 0);
		rtb_sb_printf(b, " %zu of %zu", empty, hi >= lo ? hi - lo + 1 : 0);
	}
	rtb_sb_printf(b, ".</p>\n<p class=\"what\">The latency axis ends at %zu us (3 x the highest "
		      "p99.9, at least 200 us, at most the largest sample); beyond it, counted, not drawn:",
		      o.nb);
	for (int i = 0, any = 0; i < n; i++) {
		if (!osadl_line(s, n, i))
			continue;
		rtb_sb_printf(b, "%s ", any++ ? "," : "");
		rtb_sb_html(b, s[i].label);
		rtb_sb_printf(b, " %.0f", o.beyond[i]);
		if (o.beyond[i] > 0)
			rtb_sb_printf(b, " (max %s us)", rtb_qpage_us(a, sizeof(a), (double)s[i].m->max));
	}
	rtb_sb_puts(b, " samples (with the histogram's overflow).</p>\n");
	free(o.dens);
}

/* interval_max - the maximum of each interval over time (the long-term
 * plot OSADL draws), one line per CPU and file that keeps intervals. */
void rtb_qpage_interval_max(struct rtb_sb *b, const char *base, const struct rtb_qline *s, int n)
{
	struct rtb_svg_plot p;
	const char *labels[RTB_QPAGE_MAX_SERIES], *colors[RTB_QPAGE_MAX_SERIES], *dash[RTB_QPAGE_MAX_SERIES];
	struct rtb_plot_legend lg = { labels, colors, 0, false };
	double tmax = 0, lo = INFINITY, hi = 0;
	char id[200], attrs[64];
	int nl = 0;

	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;
		if (!m->nintervals)
			continue;
		for (size_t k = 0; k < m->nintervals; k++) {
			if (!m->intervals[k].count)
				continue;
			tmax = fmax(tmax, (double)m->intervals[k].end_ns / 3.6e12);
			lo = fmin(lo, (double)m->intervals[k].max_ns / 1000.0);
			hi = fmax(hi, (double)m->intervals[k].max_ns / 1000.0);
		}
		labels[nl] = s[i].label;
		colors[nl] = s[i].color;
		dash[nl++] = s[i].dash;
	}
	if (!nl) {
		rtb_sb_puts(b, "<p class=\"what\">Maxima over time: no file keeps intervals (a run by count, or "
			    "a cyclictest file: only the whole run's figures).</p>\n");
		return;
	}
	lo = fmax(lo / 1.5, 0.1);
	hi = fmax(hi * 1.5, lo * 2);
	snprintf(id, sizeof(id), "ivmax-%s", base);
	rtb_svg_begin(&p, b, id, "series", "Maximum of each interval over time (per CPU)", RTB_QPAGE_W, RTB_QPAGE_H);
	p.x = (struct rtb_svg_axis){ 0, tmax > 0 ? tmax : 1, 0, "time since the start (h)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ lo, hi, 1, "interval maximum (\xc2\xb5s, log)", NULL, 0 };
	p.legend_dash = dash;
	lg.n = nl;
	lg.show = nl <= RTB_QPAGE_MAX_LEGEND;
	rtb_plot_frame(&p, &lg);
	for (int i = 0; i < n; i++) {
		if (!s[i].m->nintervals)
			continue;
		snprintf(attrs, sizeof(attrs), " %s", s[i].dash);
		rtb_plot_path(b, s[i].color, s[i].cpu < 0 ? "2.2" : "1.2", attrs);
		rtb_plot_intervals(&p, s[i].m, RTB_PLOT_MAX, 3.6e12, 0);
	}
	rtb_plot_legend(&p, &lg);
	rtb_svg_end(&p);
	rtb_sb_printf(b, "<p class=\"what\">Each point: the largest sample of one interval of %.3g s, at the "
		      "interval's end; the all-CPU line (thick) is the largest over its CPUs.</p>\n",
		      s[0].m->nintervals ? (double)(s[0].m->intervals[0].end_ns - s[0].m->intervals[0].start_ns) / 1e9 : 0);
}
