/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the HTML report's tune section (`rtbench report
 * tune.json ...`): each knob's verdict, what it set, its reads before and
 * after, a forest plot of the p50 effects with their intervals, and each
 * knob's table of effects; the knobs that were not measured, with why.
 * Every string from the file is escaped. */
#include <math.h>
#include <stdio.h>
#include "host/render/render_html_tune.h"

/* kind_class - a verdict's colour: only what was called. */
static const char *kind_class(enum rtb_tune_kind k)
{
	return k == RTB_TUK_HELPS ? "better sig" : k == RTB_TUK_HURTS ? "worse sig" : "";
}

/* cell - text escaped in a td. */
static void cell(struct rtb_sb *b, const char *cls, const char *s)
{
	rtb_sb_printf(b, "<td class=\"%s\">", cls);
	rtb_sb_html(b, s);
	rtb_sb_puts(b, "</td>");
}

/* fig - a figure: us for times, % for "over"; "-" when not finite. */
static void fig(char *out, size_t len, int st, double v)
{
	if (!isfinite(v))
		snprintf(out, len, "-");
	else if (st == RTB_TUS_OVER)
		snprintf(out, len, "%.3g%%", 100 * v);
	else
		snprintf(out, len, "%.1f", v / 1000);
}

/* forest - the p50 effect (%, with its interval) of each measured knob's
 * first metric, on one axis clipped to +-100%. */
static void forest(struct rtb_sb *b, const struct rtb_tune_knob *const *k, int n)
{
	const double W = 640, L = 170, R = 20, row = 22, top = 30;
	double H = top + row * n + 30, span = 10;

	for (int i = 0; i < n; i++) {
		const struct rtb_tune_effect *e = k[i]->ns ? &k[i]->s[0].e[RTB_TUS_P50] : NULL;
		if (e && e->tested)
			span = fmax(span, fmin(100, fmax(fabs(e->vd.ci_lo_pct), fabs(e->vd.ci_hi_pct))));
	}
	span = ceil(span / 10) * 10;
#define X(p) (L + (W - L - R) * ((fmax(-span, fmin(span, (p))) + span) / (2 * span)))
	rtb_sb_printf(b, "<svg class=\"tuneplot\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		      "role=\"img\"><text class=\"ptitle\" x=\"%.0f\" y=\"16\">p50 effect of each knob (B vs A, %%, "
		      "with its interval; clipped at +-%.0f%%)</text>", W, H, W, H, 8.0, span);
	rtb_sb_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#999\"/>",
		      X(0), top - 6, X(0), top + row * n);
	for (int t = -1; t <= 1; t++)
		rtb_sb_printf(b, "<text class=\"axis\" x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%+.0f%%</text>",
			      X(t * span), top + row * n + 16, t * span);
	for (int i = 0; i < n; i++) {
		const struct rtb_tune_effect *e = k[i]->ns ? &k[i]->s[0].e[RTB_TUS_P50] : NULL;
		double y = top + row * i + row / 2;
		rtb_sb_printf(b, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">", L - 8, y + 4);
		rtb_sb_html(b, k[i]->name);
		rtb_sb_puts(b, "</text>");
		if (!e || !e->tested) {
			rtb_sb_printf(b, "<text class=\"msg\" x=\"%.1f\" y=\"%.1f\">untested</text>", X(0) + 6, y + 4);
			continue;
		}
		const char *c = e->vd.kind == RTB_VD_LOWER ? "#1b7f3b" : e->vd.kind == RTB_VD_HIGHER ? "#b3261e" : "#555";
		rtb_sb_printf(b, "<g class=\"series\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			      "stroke-width=\"2\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/></g>",
			      X(e->vd.ci_lo_pct), y, X(e->vd.ci_hi_pct), y, c, X(e->vd.shift_pct), y, c);
	}
#undef X
	rtb_sb_puts(b, "</svg>\n");
}

/* knob_table - one knob's effects, every metric and figure. */
static void knob_table(struct rtb_sb *b, const struct rtb_tune_knob *k)
{
	rtb_sb_puts(b, "<h3>");
	rtb_sb_html(b, k->name);
	rtb_sb_printf(b, ": <span class=\"%s\">", kind_class(k->kind));
	rtb_sb_html(b, rtb_tune_kind_phrase(k->kind));
	rtb_sb_puts(b, "</span></h3>\n<p class=\"method\">");
	rtb_sb_html(b, k->does);
	rtb_sb_puts(b, ". Risk: ");
	rtb_sb_html(b, k->risk);
	rtb_sb_puts(b, ". Read before: <code>");
	rtb_sb_html(b, k->before);
	rtb_sb_puts(b, "</code>, after: <code>");
	rtb_sb_html(b, k->after);
	rtb_sb_puts(b, "</code>. Rounds as run: <code>");
	rtb_sb_html(b, k->order);
	rtb_sb_printf(b, "</code>; each test at alpha %.2g.</p>\n", k->alpha_each);
	rtb_sb_puts(b, "<table><thead><tr><th>metric</th><th>figure</th><th>A (us)</th><th>B (us)</th>"
		    "<th>B - A</th><th>interval</th><th>B vs A</th><th>noise</th><th>verdict</th></tr></thead><tbody>\n");
	for (int i = 0; i < k->ns; i++)
		for (int st = 0; st < RTB_TUS_N; st++) {
			const struct rtb_tune_effect *e = &k->s[i].e[st];
			char a[32], bb[32], d[32], iv[64], pc[32];
			rtb_sb_puts(b, "<tr>");
			cell(b, "", st ? "" : k->s[i].id);
			cell(b, "", rtb_tune_stat_name[st]);
			if (!e->tested) {
				rtb_sb_puts(b, "<td></td><td></td><td></td><td></td><td></td><td></td><td>untested</td></tr>\n");
				continue;
			}
			fig(a, sizeof(a), st, e->a);
			fig(bb, sizeof(bb), st, e->b);
			if (st == RTB_TUS_OVER) {
				snprintf(d, sizeof(d), "%+.3g pts", 100 * e->shift);
				snprintf(iv, sizeof(iv), "[%+.3g, %+.3g] pts", 100 * e->lo, 100 * e->hi);
				snprintf(pc, sizeof(pc), "-");
			} else {
				snprintf(d, sizeof(d), "%+.1f us", e->shift / 1000);
				snprintf(iv, sizeof(iv), "[%+.4g, %+.4g] us", e->lo / 1000, e->hi / 1000);
				snprintf(pc, sizeof(pc), "%+.1f%%", e->vd.shift_pct);
			}
			const char *cls = e->vd.kind == RTB_VD_LOWER ? "better sig" : e->vd.kind == RTB_VD_HIGHER ? "worse sig" : "";
			char nz[32];
			snprintf(nz, sizeof(nz), "+-%.2g%s", e->vd.noise_pct, st == RTB_TUS_OVER ? " pts" : "%");
			cell(b, "", a);
			cell(b, "", bb);
			cell(b, cls, d);
			cell(b, "", iv);
			cell(b, cls, pc);
			cell(b, "", nz);
			cell(b, cls, rtb_vd_kind_phrase(e->vd.kind));
			rtb_sb_puts(b, "</tr>\n");
		}
	rtb_sb_puts(b, "</tbody></table>\n");
}

void rtb_html_tune_section(struct rtb_sb *b, const struct rtb_tune_run *t, const char *path)
{
	const struct rtb_tune_knob *shown[RTB_TUNE_MAX_KNOBS + 1];
	int n = 0;

	rtb_sb_puts(b, "<section class=\"metric\" id=\"tune\"><h2>Measured tuning (rtbench tune)</h2>\n<p class=\"sub\">");
	rtb_sb_html(b, path);
	rtb_sb_printf(b, ": %s, %d rounds a side (A without the knob, B with it, each pair in an order by a "
		      "coin of seed %lu), %d samples a CPU a round, crossing over %d us; wall time %.1f s%s. ",
		      t->date_utc[0] ? t->date_utc : "-", t->rounds, t->seed, t->samples, t->over_us, t->wall_s,
		      t->complete ? "" : " (STOPPED before every round ran)");
	rtb_sb_puts(b, "Measured: <code>");
	rtb_sb_html(b, t->tests);
	rtb_sb_puts(b, "</code> on CPU ");
	rtb_sb_html(b, t->cpus);
	rtb_sb_puts(b, ". Restored: ");
	rtb_sb_html(b, t->restored);
	rtb_sb_printf(b, ".</p>\n<p class=\"method\">Each figure is B's rounds against A's with compare's verdict: "
		      "p50 by Welch's t on the log round figures, p99/p99.9/max also needing every round of one side "
		      "beyond the other's, the crossing rate by Welch's t on the rounds' fractions; each test at "
		      "alpha %.2g / (metrics x 5) (Bonferroni); a shift inside the rounds' own spread is \"within "
		      "run-to-run noise\". On a VM an effect holds for this guest on this host (docs/tuning.md).</p>\n",
		      t->alpha);
	rtb_sb_puts(b, "<table class=\"fp\"><thead><tr><th>knob</th><th>verdict</th><th>B sets</th><th>read before</th>"
		    "<th>read after</th></tr></thead><tbody>\n");
	for (int i = 0; i <= t->nk; i++) {
		const struct rtb_tune_knob *k = i < t->nk ? &t->k[i] : t->has_together ? &t->together : NULL;
		if (!k || !k->applicable)
			continue;
		shown[n++] = k;
		rtb_sb_puts(b, "<tr>");
		cell(b, "", k->name);
		cell(b, kind_class(k->kind), rtb_tune_kind_phrase(k->kind));
		cell(b, "", k->set_to);
		cell(b, "", k->before);
		cell(b, "", k->after);
		rtb_sb_puts(b, "</tr>\n");
	}
	rtb_sb_puts(b, "</tbody></table>\n");
	if (!t->has_together && t->together_why[0]) {
		rtb_sb_puts(b, "<p class=\"method\">Together: ");
		rtb_sb_html(b, t->together_why);
		rtb_sb_puts(b, ".</p>\n");
	}
	if (n)
		forest(b, shown, n);
	for (int i = 0; i < n; i++)
		knob_table(b, shown[i]);
	rtb_sb_puts(b, "<h3>Not measured</h3><ul class=\"notes\">\n");
	for (int i = 0; i < t->nk; i++)
		if (!t->k[i].applicable) {
			rtb_sb_puts(b, "<li><code>");
			rtb_sb_html(b, t->k[i].name);
			rtb_sb_puts(b, "</code>: ");
			rtb_sb_html(b, t->k[i].why_not);
			rtb_sb_puts(b, "</li>\n");
		}
	rtb_sb_puts(b, "</ul></section>\n");
}
