/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the report's exceedance plot (docs/tail.md):
 * per system, the survival function P(latency > x) of the metric on a log
 * axis, one thin line per CPU of a --cpus run and a thick one for the
 * whole; the generalized Pareto fit of the first system's tail and its 95%
 * band (the profile-likelihood intervals of the return levels 1e-6 ...
 * 1e-12) where the fit's tests passed, else the reason; the deadline
 * marked. Only what tail.c computed and the histograms hold. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/render/render_html.h"
#include "host/read/resultfile.h"
#include "host/render/svg.h"
#include "host/stats/tail.h"

#define TPLOT_W 720
#define TPLOT_H 340
#define MAX_CPU_LINES 64

/* survival - the step line of P(X >= edge) at each bucket's lower edge
 * (exact there), from the top of m's histogram down. */
static void survival(struct rtb_sb *b, const struct rtb_svg_plot *p, const struct rtb_rf_metric *m,
		     const char *color, double width, double opacity)
{
	uint64_t cum = m->overflow;
	int first = 1;

	if (!m->count || !m->nbuckets)
		return;
	rtb_sb_printf(b, "<path class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" "
		      "stroke-opacity=\"%.2f\" d=\"", color, width, opacity);
	for (size_t i = m->nbuckets; i-- > 0;) {
		double x = (double)m->buckets[i].lo / 1e3, y;
		cum += m->buckets[i].count;
		y = (double)cum / (double)m->count;
		if (x <= p->x.lo)
			break;
		rtb_sb_printf(b, "%s%.1f %.1f", first ? "M" : "L", rtb_svg_px(p, x), rtb_svg_py(p, y));
		first = 0;
	}
	rtb_sb_puts(b, "\"/>\n");
}

/* metric_of - metric id in file r, with statistics and a histogram. */
static const struct rtb_rf_metric *metric_of(const struct rtb_rf *r, const char *id)
{
	const struct rtb_rf_metric *m = rtb_rf_find(r, id);

	return m && m->count && m->nbuckets ? m : NULL;
}

/* is_cpu_of - "<base>@cpu<N>" */
static int is_cpu_of(const char *id, const char *base)
{
	size_t n = strlen(base);

	return !strncmp(id, base, n) && !strncmp(id + n, "@cpu", 4) && id[n + 4];
}

/* cpu_band - past RTB_HEAT_CPUS CPUs of base in r, their envelope and
 * worst CPUs (render_exceed_band.c) instead of a line each: 1 if drawn
 * (the worst into *w when w) */
static int cpu_band(struct rtb_sb *b, const struct rtb_svg_plot *p, const struct rtb_rf *r, const char *base,
		    const char *col, struct rtb_band_worst *w)
{
	const struct rtb_rf_metric **ms;
	struct rtb_band_worst scratch;
	int n = 0, *cpu, ok = 0;

	for (size_t k = 0; k < r->nmetrics; k++)
		n += is_cpu_of(r->metrics[k].id, base) && r->metrics[k].count && r->metrics[k].nbuckets;
	if (n <= RTB_HEAT_CPUS)
		return 0;
	ms = calloc((size_t)n, sizeof(*ms));
	cpu = calloc((size_t)n, sizeof(*cpu));
	if (ms && cpu) {
		n = 0;
		for (size_t k = 0; k < r->nmetrics; k++)
			if (is_cpu_of(r->metrics[k].id, base) && r->metrics[k].count && r->metrics[k].nbuckets) {
				cpu[n] = atoi(r->metrics[k].id + strlen(base) + 4);
				ms[n++] = &r->metrics[k];
			}
		ok = rtb_html_exceed_band(b, p, ms, cpu, n, col, w ? w : &scratch);
		if (ok && w)
			w->total = n;
	}
	free(ms);
	free(cpu);
	return ok;
}

/* band_caption - what the envelope shows and each system's worst CPUs */
static void band_caption(struct rtb_sb *b, size_t nsys, const char *const *labels, const struct rtb_band_worst *w,
			 int nl)
{
	rtb_sb_printf(b, "<p class=\"sub\">Past %d CPUs, not a line a CPU: shaded, the range across the "
		      "CPUs of P(latency &gt;= x) at each level x (lowest to highest CPU), as far as every CPU "
		      "has a sample; past it the highest CPU's thin line; dashed, the median CPU, until half "
		      "have none; named lines, the %d CPUs with the highest maxima", RTB_HEAT_CPUS, RTB_BAND_WORST);
	for (int i = 0; i < nl; i++) {
		if (!w[i].n)
			continue;
		rtb_sb_puts(b, i ? "; " : ": ");
		if (nsys > 1) {
			rtb_sb_html(b, labels[i]);
			rtb_sb_puts(b, " ");
		}
		rtb_sb_printf(b, "(%d CPUs, every one to %.1f us)", w[i].total, w[i].all_to_us);
		for (int k = 0; k < w[i].n; k++)
			rtb_sb_printf(b, "%s CPU %d (%.1f us)", k ? "," : "", w[i].cpu[k], w[i].max_ns[k] / 1e3);
		if (w[i].at_top > 1)
			rtb_sb_printf(b, " (%d CPUs share the highest maximum: the lowest-numbered named)", w[i].at_top);
	}
	rtb_sb_puts(b, "; thick: the whole metric. ");
}

void rtb_html_tail_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	struct rtb_svg_plot p;
	struct rtb_tail *t = NULL;
	const struct rtb_rf_metric *m0 = NULL;
	double xlo = INFINITY, xhi = 0, ylo = 1;
	const char *labels[8], *colors[8];
	int nl = 0, counted = 0, banded = 0;
	struct rtb_band_worst band[8] = { 0 };
	char pid[160], title[200];

	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_rf_metric *m = metric_of(&c->sys[i], cm->id);
		if (!m)
			continue;
		if (!m0)
			m0 = m;
		xlo = fmin(xlo, (double)(m->pct[0] > 0 ? m->pct[0] : 1) / 1e3);
		xhi = fmax(xhi, (double)m->max / 1e3);
		ylo = fmin(ylo, 0.5 / (double)m->count);
	}
	if (!m0 || !(xhi > xlo))
		return;
	/* the first system's fit (with the deadline, if it has one, marked) */
	t = calloc(1, sizeof(*t));
	if (t) {
		struct rtb_tail_opts o = { 0 };
		for (size_t i = 0; i < c->nsys; i++)
			if (metric_of(&c->sys[i], cm->id) == m0) {
				if (rtb_tail_analyze(&c->sys[i], m0, &o, t)) {
					free(t);
					t = NULL;
				}
				break;
			}
	}
	if (t && t->fit.done) {
		for (int k = 0; k < RTB_TAIL_NRL; k++)
			if (t->fit.rl_has[k] && isfinite(t->fit.rl_hi_ns[k])) {
				xhi = fmax(xhi, fmin(t->fit.rl_ns[k] * 1.2, 50 * (double)m0->max) / 1e3);
				ylo = fmin(ylo, t->fit.rl_p[k]);
			}
	}
	snprintf(pid, sizeof(pid), "exceed-%s", cm->id);
	snprintf(title, sizeof(title), "Exceedance: P(latency > x)%s", t && t->fit.done ?
		 ", with the tail fit and its 95% band" : "");
	rtb_sb_puts(b, "<div class=\"plots\">\n");
	rtb_svg_begin(&p, b, pid, "exceedance", title, TPLOT_W, TPLOT_H);
	p.x = (struct rtb_svg_axis){ xlo, xhi * 1.3, 1, "latency (us, log scale)", NULL, 0 };
	p.y = (struct rtb_svg_axis){ ylo / 2, 1.5, 1, "probability per sample of more (log scale)", NULL, 0 };
	rtb_svg_axes(&p);
	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];
		const struct rtb_rf_metric *m = metric_of(r, cm->id);
		const char *col = rtb_svg_color((int)i);
		int ncpu = 0;
		if (!m)
			continue;
		if (cpu_band(b, &p, r, cm->id, col, nl < 8 ? &band[nl] : NULL)) {
			banded++;
		} else {
			for (size_t k = 0; k < r->nmetrics && ncpu < MAX_CPU_LINES; k++)
				if (is_cpu_of(r->metrics[k].id, cm->id) && r->metrics[k].count &&
				    r->metrics[k].nbuckets) {
					survival(b, &p, &r->metrics[k], col, 0.8, 0.45);
					ncpu++;
				}
		}
		survival(b, &p, m, col, 2.2, 1);
		if (m->deadline_ns > 0 && (double)m->deadline_ns / 1e3 > xlo)
			rtb_sb_printf(b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
				      "stroke-dasharray=\"5 3\"><title>deadline %.1f us</title></line>\n",
				      rtb_svg_px(&p, (double)m->deadline_ns / 1e3),
				      rtb_svg_px(&p, (double)m->deadline_ns / 1e3), rtb_svg_py(&p, ylo / 2),
				      rtb_svg_py(&p, 1.5), col, (double)m->deadline_ns / 1e3);
		/* the thresholds the run counted in its loop: exact points where
		 * the line between two bucket edges is only bounded */
		for (int k = 0; k < m->ncounted; k++) {
			double x = (double)m->counted_ns[k] / 1e3, y = (double)m->counted_over[k] / (double)m->count;
			if (!m->counted_over[k] || x <= xlo || x > p.x.hi)
				continue;
			rtb_sb_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"none\" stroke=\"%s\" "
				      "stroke-width=\"1.6\"><title>over %.3f us: %llu of %llu (counted in the loop, "
				      "exact)</title></circle>\n", rtb_svg_px(&p, x), rtb_svg_py(&p, y), col, x,
				      (unsigned long long)m->counted_over[k], (unsigned long long)m->count);
			counted++;
		}
		if (nl < 8) {
			labels[nl] = c->labels[i];
			colors[nl++] = col;
		}
	}
	if (t && t->fit.done) {
		const struct rtb_tail_fit *f = &t->fit;
		/* the fitted curve from the threshold to the furthest return level */
		rtb_sb_printf(b, "<path fill=\"none\" stroke=\"#000\" stroke-width=\"1.4\" "
			      "stroke-dasharray=\"6 3\" d=\"");
		for (int k = 0; k <= 60; k++) {
			double lp = log10(f->zeta) + (log10(ylo) - log10(f->zeta)) * k / 60.0;
			double x = ((double)f->u_ns + rtb_gpd_quantile(pow(10, lp) / f->zeta, f->g.sigma,
								       f->g.xi)) / 1e3;
			if (!isfinite(x) || x > p.x.hi)
				break;
			rtb_sb_printf(b, "%s%.1f %.1f", k ? "L" : "M", rtb_svg_px(&p, x),
				      rtb_svg_py(&p, pow(10, lp)));
		}
		rtb_sb_puts(b, "\"/>\n");
		/* the band: each return level's interval, as a horizontal bar */
		for (int k = 0; k < RTB_TAIL_NRL; k++) {
			if (!f->rl_has[k])
				continue;
			double a = f->rl_lo_ns[k] / 1e3, z = isfinite(f->rl_hi_ns[k]) ?
				f->rl_hi_ns[k] / 1e3 : p.x.hi;
			char hs[32];
			if (isfinite(f->rl_hi_ns[k]))
				snprintf(hs, sizeof(hs), "%.1f", z);
			else
				snprintf(hs, sizeof(hs), "unbounded");
			rtb_sb_printf(b, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" "
				      "stroke-opacity=\"0.35\" stroke-width=\"5\"><title>%.0e per sample: %.1f us "
				      "[%.1f, %s]</title></line>\n", rtb_svg_px(&p, a), rtb_svg_px(&p, z),
				      rtb_svg_py(&p, f->rl_p[k]), rtb_svg_py(&p, f->rl_p[k]), f->rl_p[k],
				      f->rl_ns[k] / 1e3, a, hs);
		}
	}
	rtb_svg_legend(&p, labels, colors, nl, 0);
	rtb_svg_end(&p);
	if (banded)
		band_caption(b, c->nsys, labels, band, nl);
	else
		rtb_sb_puts(b, "<p class=\"sub\">Thin lines: each CPU; thick: the whole metric. ");
	if (counted)
		rtb_sb_puts(b, "Circles: the thresholds the run counted in its loop (--deadline-us, "
			    "--count-over-us), exact; between bucket edges the lines are bounds. ");
	if (t && t->fit.done)
		rtb_sb_printf(b, "Dashed black: the generalized Pareto fit of %s's tail over %.1f us "
			      "(shape %.3f [%.3f, %.3f], %s); grey bars: the 95%% intervals of the "
			      "levels exceeded with probability 1e-6 ... 1e-12 per sample.",
			      c->labels[0], (double)t->fit.u_ns / 1e3, t->fit.g.xi, t->fit.g.xi_lo,
			      t->fit.g.xi_hi, t->fit.shape);
	else if (t)
		rtb_sb_html(b, t->fit.why);
	rtb_sb_puts(b, " (rtbench tail)</p>\n</div>\n");
	free(t);
}
