/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench report --qualify`: one page an engineer pastes
 * into a board's qualification report, from a long run (the first file)
 * and, beside it, other files of the same set-up (cyclictest --json):
 *   - what was run: the file, tool, date, command line, how it ended;
 *   - per measurement (the aggregate and its CPUs):
 *       a per-CPU table of every figure, each source and CPU a row;
 *       the OSADL-form histogram: samples per 1 us of latency, linear
 *         latency axis, log count axis, one line per CPU and source;
 *       the maximum of each interval over time;
 *       crossing rates of each threshold with 95% intervals, per sample
 *         and per CPU-hour, each CPU and the whole;
 *       `rtbench tail`'s reading of the aggregate (rates, steadiness,
 *         fit, the plan) as its text;
 *       the worst samples and, traced, their causes;
 *   - the doctor's findings and the system fingerprint.
 * Every figure says what it includes. The page loads nothing and runs no
 * script (its Content-Security-Policy allows neither). Every string from
 * a file goes through rtb_sb_html. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/compare/qualify.h"
#include "host/render/render.h"
#include "host/read/resultfile.h"
#include "host/render/view.h"
#include "host/render/svg.h"
#include "host/stats/tail.h"
#include "host/render/tail_view.h"

#define QW 640
#define QH 360
#define MAX_SERIES 160
#define MAX_LEGEND 16  /* more lines: coloured by CPU, no legend (said) */

static const char q_css[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1300px;padding:0 16px;"
	"color:#1d2330;overflow-wrap:anywhere}h1{font-size:23px;margin:0 0 6px}h2{font-size:19px;"
	"border-top:2px solid #e3e7ee;padding-top:14px;margin-top:24px}h3{font-size:15px;margin:16px 0 4px}"
	".sub{color:#5a6375}.what{color:#5a6375;font-size:12.5px;margin:2px 0 6px}"
	"table{border-collapse:collapse;margin:6px 0;font-variant-numeric:tabular-nums}"
	"th,td{padding:2px 9px;border-bottom:1px solid #e6e9ef;text-align:right;vertical-align:top;"
	"white-space:nowrap}"
	"th:first-child,td:first-child{text-align:left}thead th{border-bottom:2px solid #c9cfdb}"
	"table.kv td,table.kv th,table.doc td{text-align:left;font-size:12.5px;white-space:normal}"
	"tr.weakens td{background:#fff3e0}table.doc td:nth-child(-n+2){white-space:nowrap}"
	"table.doc td{max-width:380px}pre{background:#f6f8fb;padding:8px 10px;font-size:12px;"
	"white-space:pre-wrap}.plots{display:flex;flex-wrap:wrap;gap:10px}"
	".plots svg{flex:1 1 520px;max-width:660px;border:1px solid #e3e7ee;border-radius:6px;background:#fcfdff}"
	"svg text{font:11px system-ui,sans-serif;fill:#333}svg .ptitle{font-weight:600;font-size:12.5px}"
	"svg .axis{font-size:11.5px;fill:#444}svg .frame{fill:none;stroke:#9aa3b2}svg .grid{stroke:#e6e9ef}"
	"svg .msg{fill:#888;font-size:13px}";

/* One CPU of one file: a line in every plot, a row in every table. */
struct qs {
	const struct rtb_rf *r;
	const struct rtb_rf_metric *m;
	int file, cpu;              /* cpu -1: the file's all-CPU figure */
	struct rtb_tail *t;         /* its crossings (no fit) */
	char label[96];
	char color[32];
	const char *dash;           /* "" solid (the long run), else a dash */
};

static const char *us(char *buf, size_t len, double ns)
{
	snprintf(buf, len, "%.3f", ns / 1000.0);
	return buf;
}

static const char *sig(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (v != 0 && (fabs(v) < 1e-3 || fabs(v) >= 1e6))
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, "%.4g", v);
	return buf;
}

/* cpu_of - N of "<base>@cpu<N>" into *cpu; false when id is not one. */
static bool cpu_of(const char *id, const char *base, int *cpu)
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

/* is_part - a metric the page shows under another: a CPU's (<id>@cpuN) or
 * a trace component's (<id>.trace.<name>). */
static bool is_part(const char *id)
{
	return strstr(id, "@cpu") || strstr(id, ".trace.");
}

/* gather - base's CPUs in every file (and each file's all-CPU figure,
 * cpu -1, when it has CPUs of its own or is the only one), each with its
 * crossings of the thresholds. Returns how many, at most MAX_SERIES. */
static int gather(const struct rtb_host *h, const struct rtb_qual *q, const char *base, struct qs *s)
{
	int n = 0;

	for (size_t f = 0; f < h->nfiles; f++) {
		const struct rtb_rf *r = &h->files[f];
		int first = n;

		for (size_t k = 0; k < r->nmetrics && n < MAX_SERIES; k++) {
			const struct rtb_rf_metric *m = &r->metrics[k];
			int cpu = -1;

			if (strcmp(m->id, base) && !cpu_of(m->id, base, &cpu))
				continue;
			if (!m->has_stats)
				continue;
			s[n] = (struct qs){ .r = r, .m = m, .file = (int)f, .cpu = cpu };
			snprintf(s[n].label, sizeof(s[n].label), "%s %s", r->label,
				 cpu < 0 ? "all CPUs" : "");
			if (cpu >= 0)
				snprintf(s[n].label + strlen(s[n].label), sizeof(s[n].label) - strlen(s[n].label),
					 "CPU %d", cpu);
			s[n].dash = f ? "stroke-dasharray=\"5 3\"" : "";
			n++;
		}
		/* the all-CPU figure first, then the CPUs in order */
		for (int i = first; i < n; i++)
			for (int j = i + 1; j < n; j++)
				if (s[j].cpu < s[i].cpu) {
					struct qs x = s[i];
					s[i] = s[j];
					s[j] = x;
				}
	}
	for (int i = 0; i < n; i++) {
		struct rtb_tail_opts o = { .no_fit = 1 };

		snprintf(s[i].color, sizeof(s[i].color), "%s", rtb_svg_color(s[i].cpu < 0 ? 7 : s[i].cpu % 7));
		memcpy(o.thr_ns, q->thr_ns, sizeof(o.thr_ns));
		o.nthr = q->nthr;
		s[i].t = calloc(1, sizeof(*s[i].t));
		if (s[i].t && rtb_tail_analyze(s[i].r, s[i].m, &o, s[i].t)) {
			free(s[i].t);
			s[i].t = NULL;
		}
	}
	return n;
}

/* ---- tables ---- */

static void figures_table(struct rtb_sb *b, const struct qs *s, int n)
{
	char a[32];

	rtb_sb_puts(b, "<h3>Figures per CPU</h3><p class=\"what\">Every sample each file kept for that CPU "
		    "(\"all CPUs\": every CPU's samples together). Time: the CPU's measured time, or count x "
		    "period where the file keeps none (said). Percentiles: nearest rank; from a histogram, "
		    "to its bucket's resolution (said per row). Overflow: samples past the top of the file's 1 us "
		    "histogram (-h), only their count known (rtbench: its 1 us bins' top; its log histogram "
		    "keeps them).</p>\n"
		    "<table><thead><tr><th>source</th><th>samples</th><th>time (h)</th><th>min us</th>"
		    "<th>p50 us</th><th>p99 us</th><th>p99.9 us</th><th>max us</th><th>overflow</th>"
		    "<th>percentiles from</th></tr></thead><tbody>\n");
	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;

		rtb_sb_puts(b, "<tr><td>");
		rtb_sb_html(b, s[i].label);
		rtb_sb_printf(b, "</td><td>%llu</td>", (unsigned long long)m->count);
		if (s[i].t && s[i].t->hours > 0)
			rtb_sb_printf(b, "<td>%s%s</td>", sig(a, sizeof(a), s[i].t->hours),
				      s[i].t->hours_from_period ? " (count x period)" : "");
		else
			rtb_sb_puts(b, "<td>unknown</td>");
		rtb_sb_printf(b, "<td>%s</td>", us(a, sizeof(a), (double)m->min));
		rtb_sb_printf(b, "<td>%s</td>", m->has_pct[0] ? us(a, sizeof(a), (double)m->pct[0]) : "-");
		rtb_sb_printf(b, "<td>%s</td>", m->has_pct[2] ? us(a, sizeof(a), (double)m->pct[2]) : "-");
		rtb_sb_printf(b, "<td>%s</td>", m->has_pct[3] ? us(a, sizeof(a), (double)m->pct[3]) : "-");
		/* as cyclictest's: the samples past the 1 us bins' top (-h) */
		rtb_sb_printf(b, "<td>%s</td><td>%llu</td><td>", us(a, sizeof(a), (double)m->max),
			      (unsigned long long)(m->lin ? m->lin_overflow : m->has_hist ? m->overflow : 0));
		if (m->samples && m->nsamples == m->count)
			rtb_sb_puts(b, "every sample");
		else if (m->hist_mode)
			rtb_sb_printf(b, "histogram (+-%.2g%%)", m->pct_resolution_pct);
		else if (m->has_hist)
			rtb_sb_puts(b, "histogram (1 us bins)");
		else
			rtb_sb_puts(b, "the file's figures");
		rtb_sb_puts(b, "</td></tr>\n");
	}
	rtb_sb_puts(b, "</tbody></table>\n");
}

static void crossings_table(struct rtb_sb *b, const struct qs *s, int n, const struct rtb_qual *q)
{
	char a[32], c[32], d[32];

	rtb_sb_puts(b, "<h3>Crossing rates</h3><p class=\"what\">Samples over each threshold: the count "
		    "(exact, or between two bucket edges where a histogram cannot tell: both said), its rate "
		    "per sample and per CPU-hour of measured time, each with its exact 95% interval "
		    "(Clopper-Pearson / Garwood). \"all CPUs\": every CPU's samples, its hours the CPUs' "
		    "hours summed. Nothing over a threshold: the one-sided 95% upper bound.</p>\n");
	for (size_t e = 0; e < q->nthr; e++) {
		rtb_sb_printf(b, "<table><thead><tr><th>over %s us</th><th>samples over</th><th>of</th>"
			      "<th>per sample [95%%]</th><th>per CPU-hour [95%%]</th><th>counted</th></tr>"
			      "</thead><tbody>\n", us(a, sizeof(a), (double)q->thr_ns[e]));
		for (int i = 0; i < n; i++) {
			const struct rtb_tail_exc *x;

			if (!s[i].t || e >= s[i].t->nexc)
				continue;
			x = &s[i].t->exc[e];
			rtb_sb_puts(b, "<tr><td>");
			rtb_sb_html(b, s[i].label);
			if (x->exact)
				rtb_sb_printf(b, "</td><td>%llu</td>", (unsigned long long)x->k_lo);
			else
				rtb_sb_printf(b, "</td><td>%llu to %llu</td>", (unsigned long long)x->k_lo,
					      (unsigned long long)x->k_hi);
			rtb_sb_printf(b, "<td>%llu</td>", (unsigned long long)x->n);
			if (x->k_hi == 0)
				rtb_sb_printf(b, "<td>0 [0, %s]</td>", sig(a, sizeof(a), x->zero_p_hi));
			else
				rtb_sb_printf(b, "<td>%s [%s, %s]</td>",
					      sig(a, sizeof(a), (double)(x->k_lo + x->k_hi) / 2 / (double)x->n),
					      sig(c, sizeof(c), x->p_lo), sig(d, sizeof(d), x->p_hi));
			if (x->hours > 0)
				rtb_sb_printf(b, "<td>%s [%s, %s]</td>", sig(a, sizeof(a), x->per_h),
					      sig(c, sizeof(c), x->per_h_lo), sig(d, sizeof(d), x->per_h_hi));
			else
				rtb_sb_puts(b, "<td>time unknown</td>");
			rtb_sb_puts(b, "<td>");
			rtb_sb_html(b, x->how ? x->how : "");
			rtb_sb_puts(b, "</td></tr>\n");
		}
		rtb_sb_puts(b, "</tbody></table>\n");
	}
}

/* ---- plots ---- */

/* the OSADL histogram's data: every CPU line's samples per 1 us bin up to
 * the latency axis' end (rtb_rf_bins_1us), shared by its panels */
struct osadl {
	int n, nfiles;
	size_t nb;                  /* 1 us bins drawn: [0, nb) us */
	double *dens;               /* n x nb, per CPU-hour when per_h */
	double beyond[MAX_SERIES], widest[MAX_SERIES], ymin, ymax;
	int kind[MAX_SERIES];
	int per_h;
};

static bool osadl_line(const struct qs *s, int n, int i)
{
	return !(s[i].cpu < 0 && n > 1); /* the CPUs' lines, not their sum */
}

/* osadl_panel - the lines of file f (-1: every file, overlaid) on the
 * shared axes, so the panels compare bin by bin. */
static void osadl_panel(struct rtb_sb *b, const char *base, const struct qs *s, const struct osadl *o,
			int f)
{
	struct rtb_svg_plot p;
	const char *labels[MAX_SERIES], *colors[MAX_SERIES], *dash[MAX_SERIES];
	char id[220], yl[96], title[300];
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
	rtb_svg_begin(&p, b, id, "histogram", title, QW, QH);
	snprintf(yl, sizeof(yl), "%s (log)", o->per_h ? "samples per 1 us bin per CPU-hour" :
		 "samples per 1 us bin");
	p.x = (struct rtb_svg_axis){ 0, (double)o->nb, 0, "latency (\xc2\xb5s)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ o->ymin, o->ymax * 2, 1, yl, NULL, 0 };
	p.legend_dash = dash;
	if (nl <= MAX_LEGEND)
		rtb_svg_legend_reserve(&p, labels, nl);
	rtb_svg_axes(&p);
	for (int i = 0; i < o->n; i++) {
		const double *d = o->dens + (size_t)i * o->nb;
		double base_y = rtb_svg_py(&p, o->ymin), prev = base_y;

		if (!osadl_line(s, o->n, i) || (f >= 0 && s[i].file != f) || o->kind[i] == RTB_RF_1US_NONE)
			continue;
		rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" %s "
			      "d=\"M%.1f %.1f", s[i].color, s[i].dash, rtb_svg_px(&p, 0), base_y);
		/* steps: an empty bin drops to the axis (log 0), a run of equal
		 * bins is one segment */
		for (size_t k = 0; k < o->nb; k++) {
			double y = d[k] > 0 ? rtb_svg_py(&p, d[k]) : base_y;
			if (y != prev || k == 0)
				rtb_sb_printf(b, "L%.1f %.1fL%.1f %.1f", rtb_svg_px(&p, (double)k), prev,
					      rtb_svg_px(&p, (double)k), y);
			prev = y;
		}
		rtb_sb_printf(b, "L%.1f %.1fL%.1f %.1f\"/>\n", rtb_svg_px(&p, (double)o->nb), prev,
			      rtb_svg_px(&p, (double)o->nb), base_y);
		drawn++;
	}
	if (!drawn)
		rtb_svg_message(&p, "no histogram in the file");
	if (nl <= MAX_LEGEND)
		rtb_svg_legend(&p, labels, colors, nl, 0);
	rtb_svg_end(&p);
}

/* osadl_hist - OSADL's latency plot: samples per 1 us bin against a linear
 * latency axis, log count axis, one line per CPU: a panel per file side by
 * side (the long run's, then each cyclictest file's), then all overlaid.
 * Each panel says its bins: true 1 us bins (rtbench's "histogram_1us",
 * cyclictest's own) or log-linear buckets spread over 1 us. */
static void osadl_hist(struct rtb_sb *b, const char *base, const struct qs *s, int n, int per_h)
{
	struct osadl o = { .n = n, .ymin = 0.5, .ymax = 1, .per_h = per_h };
	char a[32];

	/* the latency axis: to the largest sample, but no further than 3 x
	 * the highest p99.9 (at least 200 us): a single 35 ms host stall
	 * would squeeze the whole distribution into the first pixels; what
	 * lies beyond is counted and its maximum said under the plot */
	double top = 0, cap = 200;
	for (int i = 0; i < n; i++) {
		top = fmax(top, (double)s[i].m->max / 1000.0 + 1);
		if (s[i].m->has_pct[3])
			cap = fmax(cap, 3 * (double)s[i].m->pct[3] / 1000.0);
		o.nfiles = s[i].file + 1 > o.nfiles ? s[i].file + 1 : o.nfiles;
	}
	o.nb = (size_t)ceil(fmax(1, fmin(top, ceil(cap / 50) * 50)));
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
			rtb_sb_printf(b, " (max %s us)", us(a, sizeof(a), (double)s[i].m->max));
	}
	rtb_sb_puts(b, " samples (with the histogram's overflow).</p>\n");
	free(o.dens);
}

/* interval_max - the maximum of each interval over time (the long-term
 * plot OSADL draws), one line per CPU and file that keeps intervals. */
static void interval_max(struct rtb_sb *b, const char *base, const struct qs *s, int n)
{
	struct rtb_svg_plot p;
	const char *labels[MAX_SERIES], *colors[MAX_SERIES], *dash[MAX_SERIES];
	double tmax = 0, lo = INFINITY, hi = 0;
	char id[200];
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
	rtb_svg_begin(&p, b, id, "series", "Maximum of each interval over time (per CPU)", QW, QH);
	p.x = (struct rtb_svg_axis){ 0, tmax > 0 ? tmax : 1, 0, "time since the start (h)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ lo, hi, 1, "interval maximum (\xc2\xb5s, log)", NULL, 0 };
	p.legend_dash = dash;
	if (nl <= MAX_LEGEND)
		rtb_svg_legend_reserve(&p, labels, nl);
	rtb_svg_axes(&p);
	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;
		int first = 1;
		if (!m->nintervals)
			continue;
		rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" %s d=\"",
			      s[i].color, s[i].cpu < 0 ? "2.2" : "1.2", s[i].dash);
		for (size_t k = 0; k < m->nintervals; k++) {
			if (!m->intervals[k].count)
				continue;
			rtb_sb_printf(b, "%s%.1f %.1f", first ? "M" : "L",
				      rtb_svg_px(&p, (double)m->intervals[k].end_ns / 3.6e12),
				      rtb_svg_py(&p, (double)m->intervals[k].max_ns / 1000.0));
			if (m->nintervals == 1)
				rtb_sb_puts(b, "l0.1 0");
			first = 0;
		}
		rtb_sb_puts(b, "\"/>\n");
	}
	if (nl <= MAX_LEGEND)
		rtb_svg_legend(&p, labels, colors, nl, 0);
	rtb_svg_end(&p);
	rtb_sb_printf(b, "<p class=\"what\">Each point: the largest sample of one interval of %.3g s, at the "
		      "interval's end; the all-CPU line (thick) is the largest over its CPUs.</p>\n",
		      s[0].m->nintervals ? (double)(s[0].m->intervals[0].end_ns - s[0].m->intervals[0].start_ns) / 1e9 : 0);
}

/* ---- the tail's own words ---- */

static void tail_text(struct rtb_sb *b, const struct rtb_host *h, const struct rtb_qual *q, const struct qs *s)
{
	struct rtb_tail_run run = { 0 };
	struct rtb_tail_file tf = { 0 };
	struct rtb_host th;
	struct rtb_sb t = { 0 };
	struct rtb_tail *tail = calloc(1, sizeof(*tail));

	(void)h;
	if (!tail)
		return;
	memcpy(run.o.thr_ns, q->thr_ns, sizeof(run.o.thr_ns));
	run.o.nthr = q->nthr;
	run.o.plan_h = q->plan_h;
	if (rtb_tail_analyze(s->r, s->m, &run.o, tail)) {
		free(tail);
		return;
	}
	tf.r = s->r;
	tf.t = tail;
	tf.nt = 1;
	run.f = &tf;
	run.nf = 1;
	memset(&th, 0, sizeof(th));
	th.priv = &run;
	if (!rtb_render_tail_text.render(&t, &th)) {
		rtb_sb_printf(b, "<h3>The tail and the plan (<code>rtbench tail --threshold-us ... --plan %gh</code>"
			      " on %s)</h3><p class=\"what\">Its rates with their intervals, whether the tail "
			      "was steady over the run, the fitted tail where the tests allowed one, and what a "
			      "run of %g h would see; each line says what it rests on.</p><pre>",
			      q->plan_h, s->cpu < 0 ? "the all-CPU figure" : "the CPU", q->plan_h);
		rtb_sb_html(b, rtb_sb_cstr(&t));
		rtb_sb_puts(b, "</pre>\n");
	}
	rtb_sb_free(&t);
	free(tail);
}

static void worst_list(struct rtb_sb *b, const struct qs *s, int n)
{
	int any = 0;

	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;
		if (!m->nworst && !m->nworst_s)
			continue;
		if (!any++)
			rtb_sb_puts(b, "<h3>The worst samples</h3><p class=\"what\">Largest first. With "
				    "<code>run --trace</code> each says what held the CPU, phase by phase, from "
				    "the kernel's events; on a virtual machine any of it may be the host's stop "
				    "of the vCPU (each line says so). Without a trace: when and where.</p>\n");
		rtb_sb_puts(b, "<p><b>");
		rtb_sb_html(b, s[i].label);
		rtb_sb_puts(b, "</b></p><ul>");
		if (m->nworst) {
			for (size_t k = 0; k < m->nworst && k < 5; k++) {
				rtb_sb_puts(b, "<li><code>");
				rtb_sb_html(b, m->worst_lines[k]);
				rtb_sb_puts(b, "</code></li>");
			}
		} else {
			char a[32];
			for (size_t k = 0; k < m->nworst_s && k < 5; k++)
				rtb_sb_printf(b, "<li>%s us at +%.3f s on CPU %d (no trace: cause not recorded)</li>",
					      us(a, sizeof(a), (double)m->worst[k].ns), (double)m->worst[k].t_ns / 1e9,
					      m->worst[k].cpu);
		}
		rtb_sb_puts(b, "</ul>\n");
	}
}

/* ---- the run and the machine ---- */

static void kv_table(struct rtb_sb *b, const char *name, const struct rtb_rf_kvlist *l)
{
	rtb_sb_printf(b, "<h3>%s</h3><table class=\"kv\"><tbody>", name);
	for (size_t i = 0; i < l->n; i++) {
		rtb_sb_puts(b, "<tr><th>");
		rtb_sb_html(b, l->kv[i].key);
		rtb_sb_puts(b, "</th><td>");
		rtb_sb_html(b, l->kv[i].value);
		rtb_sb_puts(b, "</td></tr>");
	}
	rtb_sb_puts(b, "</tbody></table>\n");
}

static void doctor(struct rtb_sb *b, const struct rtb_qual *q)
{
	rtb_sb_puts(b, "<h2 id=\"doctor\">The doctor's findings</h2>");
	if (!q->has_doctor) {
		rtb_sb_puts(b, "<p class=\"what\">The first file has none (run it with rtbench 0.1 or later; "
			    "`rtbench doctor` reads the same now).</p>\n");
		return;
	}
	rtb_sb_printf(b, "<p class=\"what\">What the run read of the machine for CPUs ");
	rtb_sb_html(b, q->doctor_cpus);
	rtb_sb_printf(b, " before it measured: %d finding%s the figures, %d could not be read. "
		      "Highlighted: weakens.</p><table class=\"doc\"><thead><tr><th>check</th><th>verdict</th>"
		      "<th>read</th><th>why it matters</th><th>the fix</th></tr></thead><tbody>\n",
		      q->weakens, q->weakens == 1 ? " weakens" : "s weaken", q->unknown);
	for (size_t i = 0; i < q->nf; i++) {
		const struct rtb_qual_finding *f = &q->f[i];
		rtb_sb_printf(b, "<tr class=\"%s\"><td>", strcmp(f->verdict, "weakens") ? "" : "weakens");
		rtb_sb_html(b, f->check);
		rtb_sb_puts(b, "</td><td>");
		rtb_sb_html(b, f->verdict);
		rtb_sb_puts(b, "</td><td>");
		rtb_sb_html(b, f->read);
		rtb_sb_puts(b, "</td><td>");
		rtb_sb_html(b, f->why);
		rtb_sb_puts(b, "</td><td>");
		rtb_sb_html(b, f->fix);
		rtb_sb_puts(b, "</td></tr>\n");
	}
	rtb_sb_puts(b, "</tbody></table>\n");
}

/* same_length - the files' per-CPU times agree within 10% (raw counts then
 * overlay fairly). */
static int same_length(const struct qs *s, int n)
{
	double lo = INFINITY, hi = 0;

	for (int i = 0; i < n; i++) {
		if (s[i].cpu < 0 && n > 1)
			continue;
		if (!s[i].t || !(s[i].t->hours > 0))
			return 0;
		lo = fmin(lo, s[i].t->hours);
		hi = fmax(hi, s[i].t->hours);
	}
	return hi <= lo * 1.1;
}

static void metric_part(struct rtb_sb *b, const struct rtb_host *h, const struct rtb_qual *q,
			const struct rtb_rf_metric *agg)
{
	struct qs s[MAX_SERIES];
	int n = gather(h, q, agg->id, s), first_all = -1;

	rtb_sb_puts(b, "<h2 id=\"m-");
	rtb_sb_html(b, agg->id);
	rtb_sb_puts(b, "\">");
	rtb_sb_html(b, agg->title[0] ? agg->title : agg->id);
	rtb_sb_puts(b, " <code>");
	rtb_sb_html(b, agg->id);
	rtb_sb_puts(b, "</code></h2><p class=\"what\">What one sample is: ");
	rtb_sb_html(b, agg->method[0] ? agg->method : "(the file does not say)");
	rtb_sb_puts(b, "</p>\n");
	figures_table(b, s, n);
	osadl_hist(b, agg->id, s, n, !same_length(s, n));
	rtb_sb_puts(b, "<div class=\"plots\">");
	interval_max(b, agg->id, s, n);
	rtb_sb_puts(b, "</div>\n");
	crossings_table(b, s, n, q);
	for (int i = 0; i < n && first_all < 0; i++)
		if (s[i].file == 0 && s[i].cpu < 0)
			first_all = i;
	if (n)
		tail_text(b, h, q, &s[first_all >= 0 ? first_all : 0]);
	worst_list(b, s, n);
	for (int i = 0; i < n; i++)
		free(s[i].t);
}

static int render_qualify(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_qual *q = h->priv;
	const struct rtb_rf *r = &h->files[0];
	const char *title = h->title ? h->title : "rtbench qualification report";

	rtb_sb_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		    "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">\n<title>");
	rtb_sb_html(b, title);
	rtb_sb_printf(b, "</title>\n<style>%s</style>\n</head><body>\n<h1>", q_css);
	rtb_sb_html(b, title);
	rtb_sb_puts(b, "</h1>\n<p class=\"sub\">");
	rtb_sb_html(b, r->label);
	rtb_sb_puts(b, ": <code>");
	rtb_sb_html(b, r->path);
	rtb_sb_puts(b, "</code>, ");
	rtb_sb_html(b, r->tool_name);
	rtb_sb_puts(b, " ");
	rtb_sb_html(b, r->tool_version);
	rtb_sb_puts(b, ", ");
	rtb_sb_html(b, r->date_utc);
	rtb_sb_puts(b, " UTC.<br>Command: <code>");
	rtb_sb_html(b, r->command_line);
	rtb_sb_puts(b, "</code><br>");
	if (r->has_long)
		rtb_sb_printf(b, "Measured %.3g s of %.3g s asked; ended by ", (double)r->long_measured_ns / 1e9,
			      (double)r->long_duration_ns / 1e9);
	if (r->has_long)
		rtb_sb_html(b, r->long_ended);
	rtb_sb_printf(b, "%scomplete: %s; degraded: %s.", r->has_long ? "; " : "",
		      r->complete ? "yes" : "NO (the figures cover only what was measured)",
		      r->degraded ? "yes (see the warnings)" : "no");
	for (size_t f = 1; f < h->nfiles; f++) {
		rtb_sb_puts(b, "<br>Beside it: ");
		rtb_sb_html(b, h->files[f].label);
		rtb_sb_puts(b, " <code>");
		rtb_sb_html(b, h->files[f].path);
		rtb_sb_puts(b, "</code> (");
		rtb_sb_html(b, h->files[f].tool_name);
		rtb_sb_puts(b, " ");
		rtb_sb_html(b, h->files[f].tool_version);
		rtb_sb_puts(b, "): <code>");
		rtb_sb_html(b, h->files[f].command_line);
		rtb_sb_puts(b, "</code>");
	}
	rtb_sb_puts(b, "</p>\n<nav>");
	for (size_t k = 0; k < r->nmetrics; k++) {
		if (is_part(r->metrics[k].id) || !r->metrics[k].has_stats)
			continue;
		rtb_sb_puts(b, "<a href=\"#m-");
		rtb_sb_html(b, r->metrics[k].id);
		rtb_sb_puts(b, "\">");
		rtb_sb_html(b, r->metrics[k].id);
		rtb_sb_puts(b, "</a> ");
	}
	rtb_sb_puts(b, "<a href=\"#doctor\">doctor</a> <a href=\"#system\">system</a></nav>\n");
	if (r->nwarnings) {
		rtb_sb_puts(b, "<h3>The run's warnings</h3><ul>");
		for (size_t w = 0; w < r->nwarnings; w++) {
			rtb_sb_puts(b, "<li>");
			rtb_sb_html(b, r->warnings[w]);
			rtb_sb_puts(b, "</li>");
		}
		rtb_sb_puts(b, "</ul>\n");
	}
	for (size_t k = 0; k < r->nmetrics; k++)
		if (!is_part(r->metrics[k].id) && r->metrics[k].has_stats)
			metric_part(b, h, q, &r->metrics[k]);
	doctor(b, q);
	rtb_sb_puts(b, "<h2 id=\"system\">The system</h2><p class=\"what\">As the first file recorded it "
		    "(its fingerprint, clock and settings).</p>\n");
	kv_table(b, "Fingerprint", &r->system);
	kv_table(b, "Clock", &r->clock);
	kv_table(b, "Settings", &r->settings);
	rtb_sb_puts(b, "</body></html>\n");
	return 0;
}

const struct rtb_render rtb_render_qualify = { "html", NULL, render_qualify };
