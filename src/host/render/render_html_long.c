/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the HTML report's part for a long run (run --duration
 * --cpus; docs/long-runs.md): under the all-CPU aggregate <id>, for each
 * file that has per-CPU metrics <id>@cpu<N>,
 *   - the per-CPU histograms overlaid (log latency and count axes),
 *   - the maximum of each interval over time (the long-term plot OSADL
 *     draws), one line per CPU and the aggregate in black,
 *   - a per-CPU table (count, min, p50, p99, p99.9, max, missed).
 * Up to 8 CPUs get the report's colours and a legend; more get a blue to
 * red ramp by CPU number, thin lines, and the worst CPUs named in the
 * caption; past RTB_HEAT_CPUS (16) the histograms and the interval maxima
 * are heat maps (render_heatmap.c), one row a CPU, as 256 lines are not
 * readable. The per-CPU metrics get no section of
 * their own (rtb_html_long_skip). Every string from a file goes through
 * rtb_sb_html. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/compare/compare.h"
#include "host/render/render.h"
#include "host/render/render_html.h"
#include "host/render/plot_frame.h"
#include "host/render/svg.h"

#define LPLOT_W 560
#define LPLOT_H 300
#define LBINS 60
#define MAX_LEGEND 8

/* rtb_html_long_skip - 1 for a per-CPU metric whose aggregate is in the
 * comparison: it is drawn in the aggregate's per-CPU part instead. */
int rtb_html_long_skip(const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	const char *at = strrchr(cm->id, '@');

	if (!at || strncmp(at, "@cpu", 4))
		return 0;
	for (size_t k = 0; k < c->nmetrics; k++)
		if (strlen(c->metrics[k].id) == (size_t)(at - cm->id) &&
		    !strncmp(c->metrics[k].id, cm->id, (size_t)(at - cm->id)))
			return 1;
	return 0;
}

struct lcpu {
	int cpu;
	const struct rtb_rf_metric *m;
};

static int by_cpu(const void *a, const void *b)
{
	return ((const struct lcpu *)a)->cpu - ((const struct lcpu *)b)->cpu;
}

static void cpu_color(char *buf, size_t len, int i, int n)
{
	if (n <= MAX_LEGEND)
		snprintf(buf, len, "%s", rtb_svg_color(i));
	else
		snprintf(buf, len, "hsl(%d,75%%,45%%)", 240 - 240 * i / (n - 1));
}

/* worst_caption - "highest maxima: CPU 5 (812 us), CPU 2 (...)" */
static void worst_caption(struct rtb_sb *b, const struct lcpu *v, int n)
{
	int idx[3] = { -1, -1, -1 };

	for (int k = 0; k < 3; k++)
		for (int i = 0; i < n; i++) {
			if (i == idx[0] || i == idx[1])
				continue;
			if (idx[k] < 0 || v[i].m->max > v[idx[k]].m->max)
				idx[k] = i;
		}
	rtb_sb_puts(b, "<p class=\"sub\">Highest maxima:");
	for (int k = 0; k < 3 && k < n; k++)
		rtb_sb_printf(b, "%s CPU %d (%.1f us)", k ? "," : "", v[idx[k]].cpu,
			      (double)v[idx[k]].m->max / 1000.0);
	if (n > RTB_HEAT_CPUS)
		rtb_sb_printf(b, ". Heat maps: one row a CPU, CPU %d at the bottom to CPU %d at the top.",
			      v[0].cpu, v[n - 1].cpu);
	else if (n > MAX_LEGEND)
		rtb_sb_printf(b, ". Colour by CPU number: blue CPU %d to red CPU %d.", v[0].cpu, v[n - 1].cpu);
	rtb_sb_puts(b, "</p>\n");
}

/* The CPUs' legend (and the all-CPU line's); none past MAX_LEGEND CPUs:
 * the caption names the worst and the colour ramp. */
struct cpu_legend {
	const char *labels[MAX_LEGEND + 1], *colors[MAX_LEGEND + 1];
	char lb[MAX_LEGEND][16], cl[MAX_LEGEND][32];
	struct rtb_plot_legend lg;
};

static void cpu_legend(struct cpu_legend *L, const struct lcpu *v, int n, int with_all)
{
	int k = 0;

	L->lg = (struct rtb_plot_legend){ L->labels, L->colors, 0, n <= MAX_LEGEND };
	if (n > MAX_LEGEND)
		return;
	for (int i = 0; i < n; i++, k++) {
		snprintf(L->lb[i], sizeof(L->lb[i]), "CPU %d", v[i].cpu);
		cpu_color(L->cl[i], sizeof(L->cl[i]), i, n);
		L->labels[k] = L->lb[i];
		L->colors[k] = L->cl[i];
	}
	if (with_all) {
		L->labels[k] = "all CPUs (the max of them: drawn under the CPUs, grey)";
		L->colors[k++] = "#bbb";
	}
	L->lg.n = k;
}

/* rtb_html_plot_1us - render_html.h */
int rtb_html_plot_1us(struct rtb_sb *b, const char *pid, const char *what,
		      const struct rtb_rf_metric *const *m, const char *const *labels,
		      const char *const *colors, int n, int legend, struct rtb_sb *csv)
{
	struct rtb_svg_plot p;
	struct rtb_plot_1us_axis ax = RTB_PLOT_1US_AXIS;
	struct rtb_plot_legend lg = { labels, colors, n, legend };
	double maxs = 0, ymin = 1, *d, *beyond, w;
	char title[200];
	size_t nb;

	for (int i = 0; i < n; i++) {
		double x[1], bx;
		if (!m[i]->count || !m[i]->has_stats)
			return 0;
		int k = rtb_rf_bins_1us(m[i], x, 0, &bx, &w);
		if (k != RTB_RF_1US_LINEAR && k != RTB_RF_1US_HIST)
			return 0;
		rtb_plot_1us_add(&ax, m[i]);
	}
	if (!n)
		return 0;
	nb = rtb_plot_1us_bins(&ax);
	for (int i = 0; i < n; i++)
		if (m[i]->lin && m[i]->lin_bins < (int64_t)nb)
			nb = (size_t)m[i]->lin_bins; /* past them only log buckets */
	d = calloc((size_t)n * nb + (size_t)n, sizeof(*d));
	if (!d)
		return 0;
	beyond = d + (size_t)n * nb;
	for (int i = 0; i < n; i++) {
		double *di = d + (size_t)i * nb;
		rtb_rf_bins_1us(m[i], di, nb, &beyond[i], &w);
		for (size_t k = 0; k < nb; k++) {
			di[k] /= (double)m[i]->count;
			maxs = fmax(maxs, di[k]);
		}
		ymin = fmin(ymin, 0.5 / (double)m[i]->count);
	}
	if (!(maxs > ymin))
		maxs = ymin * 2;
	snprintf(title, sizeof(title), "%s, 1 us bins (each one's share of its samples)", what);
	/* two lines under the axis say the bins and what lies past the axis
	 * (inside the image: the plots sit side by side in a flex row) */
	rtb_svg_begin(&p, b, pid, "histogram", title, LPLOT_W, LPLOT_H + 30);
	p.h = LPLOT_H; /* the axes as in every plot, the two lines below */
	p.x = (struct rtb_svg_axis){ 0, (double)nb, 0, "latency (us)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ ymin, maxs * 1.6, 1, "share of samples per 1 us bin (log)", NULL, 0 };
	rtb_plot_frame(&p, &lg);
	for (int i = 0; i < n; i++) {
		rtb_plot_path(b, colors[i], n > MAX_LEGEND ? "0.8" : "1.3", "");
		rtb_plot_steps(&p, d + (size_t)i * nb, nb, ymin);
	}
	if (csv)
		rtb_sb_puts(csv, "system,bin_lo_us,bin_hi_us,count,share\n");
	for (int i = 0; i < n && csv; i++)
		for (size_t k = 0; k < nb; k++)
			if (d[(size_t)i * nb + k] > 0) {
				double sh = d[(size_t)i * nb + k];
				rtb_render_csv_field(csv, labels[i], 0);
				rtb_sb_printf(csv, "%zu,%zu,%.0f,%.6g\n", k, k + 1, sh * (double)m[i]->count, sh);
			}
	rtb_plot_legend(&p, &lg);
	rtb_sb_printf(b, "<text x=\"8\" y=\"%d\" font-size=\"10\" fill=\"#555\">1 us bins (rtbench's linear "
		      "histogram or the file's own); the latency axis ends at %zu us</text>\n", LPLOT_H + 10, nb);
	rtb_sb_printf(b, "<text x=\"8\" y=\"%d\" font-size=\"10\" fill=\"#555\">(3 x the highest p99.9); past "
		      "it, not drawn:", LPLOT_H + 24);
	for (int i = 0; i < n && i < 8; i++) {
		rtb_sb_puts(b, i ? ", " : " ");
		rtb_sb_html(b, labels[i]);
		rtb_sb_printf(b, " %.0f", beyond[i]);
	}
	rtb_sb_printf(b, "%s samples</text>\n", n > 8 ? ", ..." : "");
	rtb_svg_end(&p);
	free(d);
	return 1;
}

/* hist_overlay - every CPU's histogram, log-binned, as step lines. */
static void hist_overlay(struct rtb_sb *b, const char *id, const struct lcpu *v, int n)
{
	struct rtb_svg_plot p;
	struct cpu_legend L;
	double lo = INFINITY, hi = 0, maxs = 0, ymin = 1;
	double (*cnt)[LBINS] = calloc((size_t)n, sizeof(*cnt));
	char pid[200], col[32];

	if (!cnt)
		return;
	if (n <= RTB_HEAT_CPUS) {
		const struct rtb_rf_metric *ms[256];
		const char *lb[256], *co[256];
		char lbs[256][16], cos[256][32];

		for (int i = 0; i < n; i++) {
			ms[i] = v[i].m;
			snprintf(lbs[i], sizeof(lbs[i]), "CPU %d", v[i].cpu);
			cpu_color(cos[i], sizeof(cos[i]), i, n);
			lb[i] = lbs[i];
			co[i] = cos[i];
		}
		snprintf(pid, sizeof(pid), "cpuhist-%s", id);
		if (rtb_html_plot_1us(b, pid, "Per-CPU histograms", ms, lb, co, n, n <= MAX_LEGEND, NULL)) {
			free(cnt);
			return;
		}
	}
	for (int i = 0; i < n; i++) {
		lo = fmin(lo, fmax((double)v[i].m->min, 1) / 1000.0);
		hi = fmax(hi, (double)(v[i].m->max + 1) / 1000.0);
	}
	if (!(hi > lo))
		hi = lo * 2;
	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = v[i].m;
		for (size_t j = 0; j < m->nbuckets; j++) {
			double x = fmax((double)m->buckets[j].lo / 1000.0, lo);
			int k = (int)((log10(x) - log10(lo)) / (log10(hi) - log10(lo)) * LBINS);
			k = k < 0 ? 0 : k >= LBINS ? LBINS - 1 : k;
			cnt[i][k] += (double)m->buckets[j].count;
		}
		/* CPUs (or runs) with different sample counts: each bin as its
		 * share of that CPU's samples */
		for (int k = 0; k < LBINS; k++) {
			cnt[i][k] = m->count ? cnt[i][k] / (double)m->count : 0;
			maxs = fmax(maxs, cnt[i][k]);
		}
		if (m->count)
			ymin = fmin(ymin, 0.8 / (double)m->count);
	}
	if (!(maxs > ymin))
		maxs = ymin * 2;
	snprintf(pid, sizeof(pid), "cpuhist-%s", id);
	if (n > RTB_HEAT_CPUS) {  /* a line a CPU stops being readable */
		rtb_html_heat_hist(b, pid, &cnt[0][0], n, LBINS, lo, hi);
		free(cnt);
		return;
	}
	rtb_svg_begin(&p, b, pid, "histogram", "Per-CPU histograms (each CPU's share of its samples)",
		      LPLOT_W, LPLOT_H);
	p.x = (struct rtb_svg_axis){ lo, hi, 1, "latency (us, log scale)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ ymin, maxs * 1.6, 1, "share of samples per bin (log)", NULL, 0 };
	cpu_legend(&L, v, n, 0);
	rtb_plot_frame(&p, &L.lg);
	for (int i = 0; i < n; i++) {
		double base = rtb_svg_py(&p, ymin);
		cpu_color(col, sizeof(col), i, n);
		rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\" "
			      "d=\"M%.1f %.1f", col, n > MAX_LEGEND ? "0.8" : "1.5", rtb_svg_px(&p, lo), base);
		for (int k = 0; k < LBINS; k++) {
			double e0 = pow(10, log10(lo) + (log10(hi) - log10(lo)) * k / LBINS);
			double e1 = pow(10, log10(lo) + (log10(hi) - log10(lo)) * (k + 1) / LBINS);
			double y = cnt[i][k] > 0 ? rtb_svg_py(&p, cnt[i][k]) : base;
			rtb_sb_printf(b, "L%.1f %.1fL%.1f %.1f", rtb_svg_px(&p, e0), y, rtb_svg_px(&p, e1), y);
		}
		rtb_sb_puts(b, "\"/>\n");
	}
	rtb_plot_legend(&p, &L.lg);
	rtb_svg_end(&p);
	free(cnt);
}

/* interval_line - the maximum of m's intervals over time (s). */
static void interval_line(struct rtb_sb *b, const struct rtb_svg_plot *p, const struct rtb_rf_metric *m,
			  const char *col, const char *width)
{
	rtb_plot_path(b, col, width, "");
	rtb_plot_intervals(p, m, RTB_PLOT_MAX, 1e9, 0);
}

/* rtb_html_plot_intervals - latency over time of files that keep no raw
 * samples in order (a long run: render_html.h). Each system's intervals:
 * max (solid), p99 (dashed), p50 (dotted), at each interval's end, log
 * latency axis; the plot's data as CSV rows. 0 if no system has one. */
int rtb_html_plot_intervals(struct rtb_sb *b, const char *pid, const struct rtb_cmp_metric *cm,
			    const struct rtb_html_series *s, int n, struct rtb_sb *csv)
{
	/* max, p99, p50 told apart by dash and width, not colour (the
	 * colour is the system's): solid 2.2, dashed 1.4, dotted 1.4 */
	static const char *const dash[3] = { "", " stroke-dasharray=\"6 3\"", " stroke-dasharray=\"1.5 2.5\"" };
	static const char *const width[3] = { "2.2", "1.4", "1.4" };
	static const char *const legend_dash[3] = { " stroke-width=\"2.2\"",
		" stroke-dasharray=\"6 3\" stroke-width=\"1.4\"", " stroke-dasharray=\"1.5 2.5\" stroke-width=\"1.4\"" };
	const char *labels[3] = { "max", "p99", "p50" };
	const char *lg_lab[RTB_CMP_MAX_SYS + 3], *lg_col[RTB_CMP_MAX_SYS + 3], *lg_dash[RTB_CMP_MAX_SYS + 3];
	struct rtb_plot_legend lg = { lg_lab, lg_col, 0, true };
	struct rtb_svg_plot p;
	double tmax = 0, lo = INFINITY, hi = 0;
	int have = 0;

	(void)cm;
	for (int i = 0; i < n; i++)
		for (size_t j = 0; j < s[i].m->nintervals; j++) {
			const struct rtb_rf_interval *iv = &s[i].m->intervals[j];
			tmax = fmax(tmax, (double)iv->end_ns / 1e9);
			if (!iv->count)
				continue;
			have = 1;
			lo = fmin(lo, fmax((double)iv->p50_ns, 1) / 1000.0);
			hi = fmax(hi, (double)iv->max_ns / 1000.0);
		}
	if (!have)
		return 0;
	rtb_svg_begin(&p, b, pid, "series", "Latency over time: each interval's p50, p99, max", LPLOT_W, LPLOT_H);
	p.x = (struct rtb_svg_axis){ 0, tmax > 0 ? tmax : 1, 0, "time since start (s)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ lo / 1.5, hi * 1.6, 1, "latency (us, log scale)", NULL, 0 };
	/* one entry per system (its colour) and one per statistic (its
	 * dash and width), above the plot area */
	for (int i = 0; i < n && i < RTB_CMP_MAX_SYS; i++) {
		lg_lab[i] = s[i].label;
		lg_col[i] = s[i].color;
		lg_dash[i] = "";
	}
	int nl = n < RTB_CMP_MAX_SYS ? n : RTB_CMP_MAX_SYS;
	for (int q = 0; q < 3; q++, nl++) {
		lg_lab[nl] = labels[q];
		lg_col[nl] = "#555";
		lg_dash[nl] = legend_dash[q];
	}
	p.legend_dash = lg_dash;
	lg.n = nl;
	rtb_plot_frame(&p, &lg);
	if (csv)
		rtb_sb_printf(csv, "system,start_s,end_s,count,p50_us,p99_us,max_us\n");
	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;
		for (int q = 0; q < 3; q++) {
			rtb_plot_path(b, s[i].color, width[q], dash[q]);
			rtb_plot_intervals(&p, m, (enum rtb_plot_stat)q, 1e9, 1);
		}
		for (size_t j = 0; csv && j < m->nintervals; j++) {
			const struct rtb_rf_interval *iv = &m->intervals[j];
			if (!iv->count)
				continue;
			rtb_render_csv_field(csv, s[i].label, 0);
			rtb_sb_printf(csv, "%.3f,%.3f,%llu,%.3f,%.3f,%.3f\n", (double)iv->start_ns / 1e9,
				      (double)iv->end_ns / 1e9, (unsigned long long)iv->count,
				      (double)iv->p50_ns / 1000.0, (double)iv->p99_ns / 1000.0,
				      (double)iv->max_ns / 1000.0);
		}
	}
	rtb_plot_legend(&p, &lg);
	rtb_svg_end(&p);
	return 1;
}

/* interval_max - the maximum of each interval over time. */
static void interval_max(struct rtb_sb *b, const char *id, const struct rtb_rf_metric *all,
			 const struct lcpu *v, int n)
{
	struct rtb_svg_plot p;
	struct cpu_legend L;
	double tmax = 0, lo = INFINITY, hi = 0;
	char pid[200], col[32];

	for (int i = 0; i < n; i++)
		for (size_t j = 0; j < v[i].m->nintervals; j++) {
			const struct rtb_rf_interval *iv = &v[i].m->intervals[j];
			tmax = fmax(tmax, (double)iv->end_ns / 1e9);
			if (iv->count) {
				lo = fmin(lo, (double)iv->max_ns / 1000.0);
				hi = fmax(hi, (double)iv->max_ns / 1000.0);
			}
		}
	if (!(hi > 0))
		return;
	lo = fmax(lo / 1.5, 0.001);
	hi *= 1.6;
	snprintf(pid, sizeof(pid), "ivmax-%s", id);
	rtb_svg_begin(&p, b, pid, "series", "Maximum of each interval", LPLOT_W, LPLOT_H);
	p.x = (struct rtb_svg_axis){ 0, tmax > 0 ? tmax : 1, 0, "time since start (s)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ lo, hi, 1, "interval maximum (us, log scale)", NULL, 0 };
	cpu_legend(&L, v, n, all != NULL);
	rtb_plot_frame(&p, &L.lg);
	/* the all-CPU line is the largest CPU's at every point: drawn first,
	 * wide and grey, so the CPU that holds the maximum shows on it (drawn
	 * last in black it hid that CPU) */
	if (all)
		interval_line(b, &p, all, "#bbb", "6");
	for (int i = 0; i < n; i++) {
		cpu_color(col, sizeof(col), i, n);
		interval_line(b, &p, v[i].m, col, n > MAX_LEGEND ? "0.8" : "1.6");
	}
	rtb_plot_legend(&p, &L.lg);
	rtb_svg_end(&p);
}

/* heatmap - the maximum of each interval, past RTB_HEAT_CPUS CPUs */
static void heatmap(struct rtb_sb *b, const char *id, const struct lcpu *v, int n)
{
	const struct rtb_rf_metric **ms = calloc((size_t)n, sizeof(*ms));
	int *cpu = calloc((size_t)n, sizeof(*cpu));
	char pid[200];

	if (ms && cpu) {
		for (int i = 0; i < n; i++)
			ms[i] = v[i].m, cpu[i] = v[i].cpu;
		snprintf(pid, sizeof(pid), "ivheat-%s", id);
		rtb_html_heatmap(b, pid, ms, cpu, n);
	}
	free(ms);
	free(cpu);
}

static void table(struct rtb_sb *b, const struct lcpu *v, int n)
{
	int worst = 0;

	for (int i = 1; i < n; i++)
		if (v[i].m->max > v[worst].m->max)
			worst = i;
	rtb_sb_puts(b, "<div style=\"max-height:28em;overflow:auto\"><table class=\"percpu\"><thead><tr>"
		    "<th>CPU</th><th>count</th><th>min</th><th>p50</th><th>p99</th><th>p99.9</th>"
		    "<th>max</th><th>missed</th><th>intervals</th></tr></thead><tbody>\n");
	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = v[i].m;
		rtb_sb_printf(b, "<tr%s><td>%d</td><td>%llu</td><td>%.3f</td><td>%.3f</td><td>%.3f</td>",
			      i == worst ? " style=\"font-weight:bold\"" : "", v[i].cpu,
			      (unsigned long long)m->count, (double)m->min / 1000.0, (double)m->pct[0] / 1000.0,
			      (double)m->pct[2] / 1000.0);
		if (m->has_pct[3])
			rtb_sb_printf(b, "<td>%.3f</td>", (double)m->pct[3] / 1000.0);
		else
			rtb_sb_puts(b, "<td></td>");
		rtb_sb_printf(b, "<td>%.3f</td>", (double)m->max / 1000.0);
		if (m->has_missed)  /* an rt-tests file does not count them */
			rtb_sb_printf(b, "<td>%llu</td>", (unsigned long long)m->missed);
		else
			rtb_sb_puts(b, "<td title=\"not counted in this file\">unknown</td>");
		rtb_sb_printf(b, "<td>%zu</td></tr>\n", m->nintervals);
	}
	rtb_sb_puts(b, "</tbody></table></div>\n");
}

/* rtb_html_long_section - the per-CPU part under aggregate cm, per file. */
void rtb_html_long_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	for (size_t s = 0; s < c->nsys; s++) {
		struct lcpu *v = calloc(c->nmetrics, sizeof(*v));
		int n = 0;
		char id[200];

		if (!v)
			return;
		for (size_t k = 0; k < c->nmetrics; k++) {
			const struct rtb_rf_metric *m = c->metrics[k].cell[s].m;
			int cpu;
			if (!rtb_plot_cpu_of(c->metrics[k].id, cm->id, &cpu) || !m || !c->metrics[k].cell[s].usable)
				continue;
			v[n].cpu = cpu;
			v[n++].m = m;
		}
		if (!n) {
			free(v);
			continue;
		}
		qsort(v, (size_t)n, sizeof(*v), by_cpu);
		rtb_sb_puts(b, "<h3>Per CPU");
		if (c->nsys > 1) {
			rtb_sb_puts(b, ": ");
			rtb_sb_html(b, c->labels[s]);
		}
		rtb_sb_printf(b, " (%d CPUs measured at once", n);
		if (v[0].m->hist_mode)
			rtb_sb_printf(b, "; percentiles from histograms of %.2f%% resolution",
				      v[0].m->pct_resolution_pct);
		rtb_sb_puts(b, ")</h3>\n");
		worst_caption(b, v, n);
		snprintf(id, sizeof(id), "%s-%zu", cm->id, s);
		rtb_sb_puts(b, "<div class=\"plots\">\n");
		hist_overlay(b, id, v, n);
		if (n > RTB_HEAT_CPUS)
			heatmap(b, id, v, n);
		else
			interval_max(b, id, cm->cell[s].usable ? cm->cell[s].m : NULL, v, n);
		rtb_sb_puts(b, "</div>\n");
		table(b, v, n);
		free(v);
	}
}
