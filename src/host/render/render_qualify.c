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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/render/plot_frame.h"
#include "host/render/render.h"
#include "host/render/render_qualify.h"
#include "host/render/svg.h"

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

/* is_part - a metric the page shows under another: a CPU's (<id>@cpuN) or
 * a trace component's (<id>.trace.<name>). */
static bool is_part(const char *id)
{
	return strstr(id, "@cpu") || strstr(id, ".trace.");
}

/* gather - base's CPUs in every file (and each file's all-CPU figure,
 * cpu -1, when it has CPUs of its own or is the only one), each with its
 * crossings of the thresholds. Returns how many, at most RTB_QPAGE_MAX_SERIES. */
static int gather(const struct rtb_host *h, const struct rtb_qual *q, const char *base, struct rtb_qline *s)
{
	int n = 0;

	for (size_t f = 0; f < h->nfiles; f++) {
		const struct rtb_rf *r = &h->files[f];
		int first = n;

		for (size_t k = 0; k < r->nmetrics && n < RTB_QPAGE_MAX_SERIES; k++) {
			const struct rtb_rf_metric *m = &r->metrics[k];
			int cpu = -1;

			if (strcmp(m->id, base) && !rtb_plot_cpu_of(m->id, base, &cpu))
				continue;
			if (!m->has_stats)
				continue;
			s[n] = (struct rtb_qline){ .r = r, .m = m, .file = (int)f, .cpu = cpu };
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
					struct rtb_qline x = s[i];
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

/* ---- the run and the machine ---- */

static void kv_table(struct rtb_sb *b, const char *name, const struct rtb_rf_kvlist *l)
{
	rtb_sb_printf(b, "<h3>%s</h3><table class=\"kv\"><tbody>", name);
	for (size_t i = 0; i < l->n; i++)
		rtb_render_markup(b, "<tr><th>%s</th><td>%s</td></tr>", l->kv[i].key, l->kv[i].value);
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
	rtb_render_markup(b, "<p class=\"what\">What the run read of the machine for CPUs %s", q->doctor_cpus);
	rtb_sb_printf(b, " before it measured: %d finding%s the figures, %d could not be read. "
		      "Highlighted: weakens.</p><table class=\"doc\"><thead><tr><th>check</th><th>verdict</th>"
		      "<th>read</th><th>why it matters</th><th>the fix</th></tr></thead><tbody>\n",
		      q->weakens, q->weakens == 1 ? " weakens" : "s weaken", q->unknown);
	for (size_t i = 0; i < q->nf; i++) {
		const struct rtb_qual_finding *f = &q->f[i];
		rtb_sb_printf(b, "<tr class=\"%s\">", strcmp(f->verdict, "weakens") ? "" : "weakens");
		rtb_render_markup(b, "<td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", f->check,
				f->verdict, f->read, f->why, f->fix);
	}
	rtb_sb_puts(b, "</tbody></table>\n");
}

/* same_length - the files' per-CPU times agree within 10% (raw counts then
 * overlay fairly). */
static int same_length(const struct rtb_qline *s, int n)
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
	struct rtb_qline s[RTB_QPAGE_MAX_SERIES];
	int n = gather(h, q, agg->id, s), first_all = -1;

	rtb_render_markup(b, "<h2 id=\"m-%s\">%s <code>%s</code></h2><p class=\"what\">What one sample is: %s</p>\n",
			agg->id, agg->title[0] ? agg->title : agg->id, agg->id,
			agg->method[0] ? agg->method : "(the file does not say)");
	rtb_qpage_figures(b, s, n);
	rtb_qpage_osadl(b, agg->id, s, n, !same_length(s, n));
	rtb_sb_puts(b, "<div class=\"plots\">");
	rtb_qpage_interval_max(b, agg->id, s, n);
	rtb_sb_puts(b, "</div>\n");
	rtb_qpage_crossings(b, s, n, q);
	for (int i = 0; i < n && first_all < 0; i++)
		if (s[i].file == 0 && s[i].cpu < 0)
			first_all = i;
	if (n)
		rtb_qpage_tail(b, q, &s[first_all >= 0 ? first_all : 0]);
	rtb_qpage_worst(b, s, n);
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
		    "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">\n");
	rtb_render_markup(b, "<title>%s</title>\n", title);
	rtb_sb_printf(b, "<style>%s</style>\n</head><body>\n", q_css);
	rtb_render_markup(b, "<h1>%s</h1>\n<p class=\"sub\">%s: <code>%s</code>, %s %s, %s UTC.<br>Command: <code>%s</code><br>",
			title, r->label, r->path, r->tool_name, r->tool_version, r->date_utc, r->command_line);
	if (r->has_long)
		rtb_sb_printf(b, "Measured %.3g s of %.3g s asked; ended by ", (double)r->long_measured_ns / 1e9,
			      (double)r->long_duration_ns / 1e9);
	if (r->has_long)
		rtb_sb_html(b, r->long_ended);
	rtb_sb_printf(b, "%scomplete: %s; degraded: %s.", r->has_long ? "; " : "",
		      r->complete ? "yes" : "NO (the figures cover only what was measured)",
		      r->degraded ? "yes (see the warnings)" : "no");
	for (size_t f = 1; f < h->nfiles; f++) {
		const struct rtb_rf *o = &h->files[f];
		rtb_render_markup(b, "<br>Beside it: %s <code>%s</code> (%s %s): <code>%s</code>", o->label, o->path,
				o->tool_name, o->tool_version, o->command_line);
	}
	rtb_sb_puts(b, "</p>\n<nav>");
	for (size_t k = 0; k < r->nmetrics; k++) {
		if (is_part(r->metrics[k].id) || !r->metrics[k].has_stats)
			continue;
		rtb_render_markup(b, "<a href=\"#m-%s\">%s</a> ", r->metrics[k].id, r->metrics[k].id);
	}
	rtb_sb_puts(b, "<a href=\"#doctor\">doctor</a> <a href=\"#system\">system</a></nav>\n");
	if (r->nwarnings) {
		rtb_sb_puts(b, "<h3>The run's warnings</h3><ul>");
		for (size_t w = 0; w < r->nwarnings; w++)
			rtb_render_markup(b, "<li>%s</li>", r->warnings[w]);
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
