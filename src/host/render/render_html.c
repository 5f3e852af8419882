/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the HTML rendering of the comparison model: the one
 * self-contained file `rtbench report` writes.
 *
 * Per measurement: a histogram (share of each run's samples, log axis), a percentile plot on a
 * "nines" axis (50%, 90%, 99%, 99.9% ...) and latency over sample index
 * (drift and spikes), every system overlaid in its own colour; then the
 * comparison table, notes and summary of `rtbench compare`. At the end each
 * system's fingerprint and settings. Plots are inline SVG written here; the
 * page loads nothing (a Content-Security-Policy forbids it) and carries two
 * tiny inline scripts only so a browser test can see errors and count the
 * plots that rendered; the policy names them by hash, so no other script
 * runs. Every string from a result file goes through rtb_sb_html. */
#include <stddef.h>
#include <math.h>
#include <string.h>

#include "host/compare/compare.h"
#include "host/render/render.h"
#include "host/render/render_html.h"
#include "host/render/render_html_tune.h"
#include "host/render/svg.h"

static const char report_css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px auto;"
	"max-width:1400px;box-sizing:border-box;padding:0 16px;color:#1d2330;background:#fff;"
	"overflow-wrap:anywhere}"
	"h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:0 0 6px}"
	"section.metric{border-top:2px solid #e3e7ee;padding-top:18px;margin-top:26px}"
	".sub,.method{color:#5a6375}.method{font-size:13px;margin:2px 0}"
	".plots{display:flex;flex-wrap:wrap;gap:10px;margin:10px 0}"
	".plots svg{flex:1 1 400px;max-width:460px;border:1px solid #e3e7ee;border-radius:6px;background:#fcfdff}"
	"svg text{font:11px system-ui,sans-serif;fill:#333}svg .ptitle{font-weight:600;font-size:12.5px}"
	"svg .axis{font-size:11.5px;fill:#444}svg .frame{fill:none;stroke:#9aa3b2}"
	"svg .grid{stroke:#e6e9ef}svg .msg{fill:#888;font-size:13px}"
	"table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}"
	"th,td{padding:3px 10px;border-bottom:1px solid #e6e9ef;text-align:right}"
	"th:first-child,td:first-child{text-align:left}thead th{border-bottom:2px solid #c9cfdb}"
	".swatch{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:6px;vertical-align:-1px}"
	".worse{color:#b3261e}.better{color:#1b7f3b}.sig{font-weight:600}"
	"ul.notes{margin:6px 0;padding-left:20px;color:#8a5a00;font-size:13px}"
	"p.summary{background:#f3f6fb;border-left:4px solid #0072B2;padding:8px 12px;margin:8px 0}"
	"table.fp td,table.fp th{font-size:12.5px;text-align:left;vertical-align:top}"
	"table.fp tr.differs td{background:#fff6e0}nav a{margin-right:12px}code{font-size:12.5px}";

/* Records a script error on the root element, where the browser test's
 * DOM dump sees it; installed first so it catches everything after it. */
static const char report_onerror_js[] =
	"window.addEventListener('error',function(e){document.documentElement.setAttribute("
	"'data-js-error',String(e.message||e.type));});";

/* Counts the plots that laid out with a size and drawn data. */
static const char report_check_js[] =
	"window.addEventListener('load',function(){var p=document.querySelectorAll('svg.plot'),n=0;"
	"p.forEach(function(s){var r=s.getBoundingClientRect();if(r.width>0&&r.height>0&&"
	"s.querySelector('.series,.msg'))n++;});"
	"document.documentElement.setAttribute('data-plots-rendered',n+'/'+p.length);});";

/* The page runs exactly the two scripts above and nothing else: the
 * Content-Security-Policy allows scripts by their SHA-256 only, so markup
 * that slipped through from a result file could not run either
 * ('unsafe-inline' let a crafted unit string run script). Editing a script
 * means updating its hash here; the browser test (report_browser.sh)
 * recomputes both from the page and fails on a mismatch:
 *   python3 -c 'import hashlib,base64,sys; print(base64.b64encode(
 *       hashlib.sha256(sys.argv[1].encode()).digest()).decode())' "$JS" */
#define REPORT_SCRIPT_HASHES \
	"'sha256-RCB8YotCFrZBfi+UIZl+zltBj2MG9Q8psyae9704y2g=' " \
	"'sha256-IldsHlybCbza+m+3aUHsSiuxL+jKEM/Sgi4pM/lQ59Y='"

/* ---- tables ------------------------------------------------------------ */

/* td_diff - a relative difference, coloured only where the verdict behind
 * it called it (the median's for p50, the tail's for p99, p99.9, max):
 * untested or within run-to-run noise stays neutral, whatever its sign. */
static void td_diff(struct rtb_sb *b, double d, enum rtb_vd_kind kind)
{
	char t[32];

	if (!isfinite(d)) {
		rtb_sb_puts(b, "<td></td>");
		return;
	}
	rtb_cmp_fmt_pct(t, sizeof(t), d);
	rtb_sb_printf(b, "<td class=\"%s\">%s</td>", kind == RTB_VD_HIGHER ? "worse sig" :
		      kind == RTB_VD_LOWER ? "better sig" : "", t);
}

/* vrow_class - a verdict row's cell class: coloured only when called. */
static const char *vrow_class(const struct rtb_cmp_cell *ce, int n)
{
	enum rtb_vd_kind k = RTB_VD_UNTESTED;

	if (n == RTB_CMP_VROW_VERDICT && ce->has_vd)
		k = ce->vd.kind;
	else if (n >= RTB_CMP_VROW_P99 && n <= RTB_CMP_VROW_MAX && ce->has_tv[n - RTB_CMP_VROW_P99])
		k = ce->tv[n - RTB_CMP_VROW_P99].kind;
	return k == RTB_VD_HIGHER ? "worse sig" : k == RTB_VD_LOWER ? "better sig" : "";
}

static void metric_table(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	char v[48];
	size_t i;
	enum rtb_cmp_row r;

	/* the unit comes from the file: escaped like every other string */
	rtb_sb_puts(b, "<table class=\"cmp\"><thead><tr><th>");
	rtb_sb_html(b, rtb_cmp_time_unit(cm->unit, 1));
	rtb_sb_puts(b, "</th>");
	for (i = 0; i < c->nsys; i++) {
		rtb_sb_printf(b, "<th><span class=\"swatch\" style=\"background:%s\"></span>",
			      rtb_svg_color((int)i));
		rtb_sb_html(b, c->labels[i]);
		rtb_sb_puts(b, "</th>");
		if ((int)i != cm->base && cm->base >= 0)
			rtb_sb_puts(b, "<th>vs first</th>");
	}
	rtb_sb_puts(b, "</tr></thead><tbody>\n");
	for (r = 0; r < RTB_CMP_NROWS; r++) {
		rtb_sb_printf(b, "<tr><td>%s</td>", rtb_cmp_row_name(r));
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_cmp_cell *ce = &cm->cell[i];

			if (!ce->usable && !ce->summary) {
				rtb_sb_puts(b, "<td>&ndash;</td>");
			} else {
				rtb_cmp_fmt_row(v, sizeof(v), cm, ce, r);
				rtb_sb_printf(b, "<td>%s</td>", v);
			}
			if ((int)i != cm->base && cm->base >= 0)
				td_diff(b, rtb_cmp_row_diff(ce, r), rtb_cmp_row_kind(ce, r));
		}
		rtb_sb_puts(b, "</tr>\n");
	}
	if (cm->nusable >= 2) {
		for (int n = 0; n < RTB_CMP_NVROWS; n++) {
			rtb_sb_printf(b, "<tr><td>%s</td>", n == RTB_CMP_VROW_PLOWER ?
				      "P(this&lt;first)" : rtb_cmp_vrow_names[n]);
			for (i = 0; i < c->nsys; i++) {
				const struct rtb_cmp_cell *ce = &cm->cell[i];

				if ((int)i == cm->base) {
					rtb_sb_puts(b, "<td>&ndash;</td>");
					continue;
				}
				rtb_cmp_fmt_vrow(v, sizeof(v), c, cm, ce, (enum rtb_cmp_vrow)n);
				rtb_sb_printf(b, "<td class=\"%s\">", vrow_class(ce, n));
				rtb_sb_html(b, v);
				rtb_sb_puts(b, "</td><td></td>");
			}
			rtb_sb_puts(b, "</tr>\n");
		}
	}
	rtb_sb_puts(b, "</tbody></table>\n");
	if (cm->base >= 0 && cm->nusable >= 2) {
		rtb_sb_puts(b, "<p class=\"legend\">percentages: ");
		rtb_sb_html(b, rtb_cmp_pct_legend);
		rtb_sb_puts(b, "</p>\n");
	}
}

static void notes_list(struct rtb_sb *b, char **notes, size_t n)
{
	size_t i;

	if (!n)
		return;
	rtb_sb_puts(b, "<ul class=\"notes\">");
	for (i = 0; i < n; i++) {
		rtb_sb_puts(b, "<li>note: ");
		rtb_sb_html(b, notes[i]);
		rtb_sb_puts(b, "</li>");
	}
	rtb_sb_puts(b, "</ul>\n");
}

/* html_shown - a metric the page gives a section (one system will do). */
static int html_shown(const struct rtb_cmp_metric *cm)
{
	return cm->nshown >= 1;
}

static void metric_heading(struct rtb_sb *b, const struct rtb_cmp_metric *cm)
{
	if (cm->study_table) {
		rtb_sb_html(b, cm->study_table);
		rtb_sb_puts(b, " &mdash; ");
	}
	rtb_sb_html(b, cm->title[0] ? cm->title : cm->id);
}

/* csv_links - "Plot data (CSV):" and a download link per plot that drew
 * something; the data travels in the link (a data: URL, percent-encoded),
 * so the page stays one self-contained file. */
static void csv_links(struct rtb_sb *b, const struct rtb_cmp_metric *cm, struct rtb_sb *csv)
{
	static const char *const kind[4] = { "histogram", "percentiles", "series", "components" };
	int any = 0;

	for (int k = 0; k < 4; k++) {
		if (!csv[k].len)
			continue;
		rtb_sb_puts(b, any++ ? " &middot; " : "<p class=\"csvdata\">Plot data (CSV): ");
		rtb_sb_puts(b, "<a download=\"");
		rtb_sb_html(b, cm->id);
		rtb_sb_printf(b, ".%s.csv\" href=\"data:text/csv;charset=utf-8,", kind[k]);
		for (const unsigned char *p = (const unsigned char *)csv[k].s; *p; p++) {
			if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
			    (*p >= '0' && *p <= '9') || strchr("-_.~,", *p))
				rtb_sb_printf(b, "%c", *p);
			else
				rtb_sb_printf(b, "%%%02X", *p);
		}
		rtb_sb_printf(b, "\">%s</a>", kind[k]);
	}
	if (any)
		rtb_sb_puts(b, "</p>\n");
}

static void metric_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	struct rtb_html_series s[RTB_CMP_MAX_SYS];
	struct rtb_sb csv[4] = { { 0 } };
	size_t i;
	int n = 0;

	for (i = 0; i < c->nsys; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];

		if (!ce->usable || !ce->has_dist)
			continue;
		s[n].sys = (int)i;
		s[n].label = c->labels[i];
		s[n].color = rtb_svg_color((int)i);
		s[n].d = &ce->dist;
		s[n].m = ce->m;
		n++;
	}
	rtb_render_markup(b, "<section class=\"metric\" id=\"m-%s\" data-metric=\"%s\"><h2>", cm->id, cm->id);
	metric_heading(b, cm);
	rtb_render_markup(b, " <code>%s</code></h2>\n", cm->id);
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf_metric *m = cm->cell[i].m;

		if (!m || !m->method[0] || (i > 0 && cm->cell[0].m &&
					    !strcmp(cm->cell[0].m->method, m->method)))
			continue;
		if (c->nsys > 1)
			rtb_render_markup(b, "<p class=\"method\">%s: %s</p>\n", c->labels[i], m->method);
		else
			rtb_render_markup(b, "<p class=\"method\">%s</p>\n", m->method);
	}
	rtb_sb_puts(b, "<div class=\"plots\">\n");
	if (n) {
		rtb_html_plot_histogram(b, cm, s, n, &csv[0]);
		rtb_html_plot_percentiles(b, cm, s, n, &csv[1]);
		rtb_html_plot_series(b, cm, s, n, &csv[2]);
		rtb_html_plot_components(b, c, cm, &csv[3]);
	} else {
		rtb_sb_puts(b, "<p class=\"sub\">No samples or histogram in the files: nothing to plot.</p>");
	}
	rtb_sb_puts(b, "</div>\n");
	csv_links(b, cm, csv);
	for (i = 0; i < 4; i++) {
		b->failed |= csv[i].failed;
		rtb_sb_free(&csv[i]);
	}
	metric_table(b, c, cm);
	rtb_html_tail_section(b, c, cm); /* the exceedance plot (render_html_tail.c) */
	rtb_html_long_section(b, c, cm); /* per-CPU part of a --cpus run (render_html_long.c) */
	rtb_html_worst_section(b, c, cm); /* run --trace: the worst explained (render_html_worst.c) */
	notes_list(b, cm->notes, cm->nnotes);
	if (cm->summary[0]) {
		rtb_sb_puts(b, "<p class=\"summary\">");
		rtb_sb_html(b, cm->summary);
		rtb_sb_puts(b, "</p>\n");
	}
	rtb_sb_puts(b, "</section>\n");
}

/* fp_group - one block of the fingerprint table: the union of keys of one
 * object (system, clock, settings) over all files, differing rows marked. */
static void fp_group(struct rtb_sb *b, const struct rtb_cmp *c, const char *name, size_t off)
{
	size_t i, j, k;

	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf_kvlist *l = (const void *)((const char *)&c->sys[i] + off);

		for (k = 0; k < l->n; k++) {
			const char *key = l->kv[k].key, *v0;
			int seen = 0, differs = 0;

			/* already shown for an earlier file? */
			for (j = 0; j < i && !seen; j++)
				seen = rtb_rf_kv_get((const void *)((const char *)&c->sys[j] + off),
						     key) != NULL;
			if (seen)
				continue;
			v0 = rtb_rf_kv_get((const void *)((const char *)&c->sys[0] + off), key);
			for (j = 0; j < c->nsys; j++) {
				const char *v = rtb_rf_kv_get((const void *)((const char *)&c->sys[j] + off), key);

				differs |= (v == NULL) != (v0 == NULL) || (v && v0 && strcmp(v, v0));
			}
			rtb_sb_printf(b, "<tr%s><td>%s.", differs ? " class=\"differs\"" : "", name);
			rtb_sb_html(b, key);
			rtb_sb_puts(b, "</td>");
			for (j = 0; j < c->nsys; j++) {
				const char *v = rtb_rf_kv_get((const void *)((const char *)&c->sys[j] + off), key);
				char vb[32];

				/* settings as compare says them (no -1 sentinel) */
				if (v && !strcmp(name, "settings"))
					v = rtb_cmp_setting(&c->sys[j], key, vb, sizeof(vb));
				rtb_sb_puts(b, "<td>");
				rtb_sb_html(b, v ? v : "(absent)");
				rtb_sb_puts(b, "</td>");
			}
			rtb_sb_puts(b, "</tr>\n");
		}
	}
}

static void fp_row(struct rtb_sb *b, const struct rtb_cmp *c, const char *name,
		   const char *(*get)(const struct rtb_rf *r))
{
	size_t j;

	rtb_sb_printf(b, "<tr><td>%s</td>", name);
	for (j = 0; j < c->nsys; j++) {
		rtb_sb_puts(b, "<td>");
		rtb_sb_html(b, get(&c->sys[j]));
		rtb_sb_puts(b, "</td>");
	}
	rtb_sb_puts(b, "</tr>\n");
}

static const char *get_path(const struct rtb_rf *r) { return r->path; }
static const char *get_date(const struct rtb_rf *r) { return r->date_utc; }
static const char *get_cmd(const struct rtb_rf *r) { return r->command_line; }
static const char *get_ver(const struct rtb_rf *r) { return r->tool_version; }
static const char *get_complete(const struct rtb_rf *r) { return r->complete ? "true" : "FALSE: incomplete run, figures cover only what was measured"; }
static const char *get_degraded(const struct rtb_rf *r) { return r->degraded ? "true" : "false"; }

static void fingerprints(struct rtb_sb *b, const struct rtb_cmp *c)
{
	size_t i, w;

	rtb_sb_puts(b, "<section id=\"fingerprints\"><h2>Systems: fingerprint and settings</h2>\n"
		    "<p class=\"sub\">Rows that differ between files are highlighted.</p>\n"
		    "<table class=\"fp\"><thead><tr><th></th>");
	for (i = 0; i < c->nsys; i++) {
		rtb_sb_printf(b, "<th><span class=\"swatch\" style=\"background:%s\"></span>",
			      rtb_svg_color((int)i));
		rtb_sb_html(b, c->labels[i]);
		rtb_sb_puts(b, "</th>");
	}
	rtb_sb_puts(b, "</tr></thead><tbody>\n");
	fp_row(b, c, "file", get_path);
	fp_row(b, c, "rtbench version", get_ver);
	fp_row(b, c, "date (UTC)", get_date);
	fp_row(b, c, "command line", get_cmd);
	fp_row(b, c, "complete", get_complete);
	fp_row(b, c, "degraded", get_degraded);
	fp_group(b, c, "system", offsetof(struct rtb_rf, system));
	fp_group(b, c, "clock", offsetof(struct rtb_rf, clock));
	fp_group(b, c, "settings", offsetof(struct rtb_rf, settings));
	rtb_sb_puts(b, "<tr><td>warnings</td>");
	for (i = 0; i < c->nsys; i++) {
		rtb_sb_puts(b, "<td>");
		for (w = 0; w < c->sys[i].nwarnings; w++) {
			rtb_sb_html(b, c->sys[i].warnings[w]);
			rtb_sb_puts(b, "<br>");
		}
		rtb_sb_puts(b, c->sys[i].nwarnings ? "</td>" : "none</td>");
	}
	rtb_sb_puts(b, "</tr>\n</tbody></table></section>\n");
}

static int render_html(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cmp *c = &h->cmp;
	const char *title = h->title ? h->title : "rtbench report";
	size_t i, k;
	int nskipped = 0;

	rtb_sb_puts(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		    "style-src 'unsafe-inline'; script-src " REPORT_SCRIPT_HASHES "; img-src data:; "
		    "base-uri 'none'; form-action 'none'\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
	rtb_render_markup(b, "<title>%s</title>\n", title);
	rtb_sb_printf(b, "<script>%s</script>\n<style>%s</style>\n</head><body>\n",
		      report_onerror_js, report_css);
	rtb_render_markup(b, "<h1>%s</h1>\n", title);
	if (!c->nsys && h->tune) { /* a tune file alone: its section is the page */
		rtb_html_tune_section(b, h->tune, h->tune_path);
		rtb_sb_printf(b, "<script>%s</script>\n</body></html>\n", report_check_js);
		return 0;
	}
	rtb_sb_printf(b, "<p class=\"sub\">%zu result file%s. Figures are as recorded in the "
		      "files; differences are against the first system.</p>\n",
		      c->nsys, c->nsys == 1 ? "" : "s");
	rtb_sb_puts(b, "<table class=\"systems\"><thead><tr><th>system</th><th>file</th><th>kernel</th>"
		    "<th>CPU</th><th>figures</th><th>date (UTC)</th></tr></thead><tbody>\n");
	for (i = 0; i < c->nsys; i++) {
		const char *rel = rtb_rf_kv_get(&c->sys[i].system, "kernel_release");
		const char *pm = rtb_rf_kv_get(&c->sys[i].system, "preempt_model");
		const char *cpu = rtb_rf_kv_get(&c->sys[i].system, "cpu_model");

		rtb_sb_printf(b, "<tr><td><span class=\"swatch\" style=\"background:%s\"></span>",
			      rtb_svg_color((int)i));
		rtb_render_markup(b, "%s</td><td>%s</td><td>%s", c->labels[i], c->sys[i].path, rel ? rel : "");
		if (pm)
			rtb_render_markup(b, " (%s)", pm);
		/* emulated instruction counts or real time, in every output */
		char kind[200];
		rtb_render_markup(b, "</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", cpu ? cpu : "",
				  rtb_rf_kind_word(&c->sys[i], kind, sizeof(kind)), c->sys[i].date_utc);
	}
	rtb_sb_puts(b, "</tbody></table>\n");
	if (c->nsys > 1) {
		rtb_sb_printf(b, "<p class=\"sub\">Verdict: %s; a shift is called at p &lt; %g.</p>\n",
			      rtb_cmp_test_name(c), c->alpha);
	}
	notes_list(b, c->notes, c->nnotes);
	rtb_html_rtla_section(b, c); /* rtla's timerlat beside its rtbench peer */
	rtb_sb_puts(b, "<nav>");
	for (k = 0; k < c->nmetrics; k++) {
		if (c->metrics[k].nshown < 1 || rtb_html_long_skip(c, &c->metrics[k]))
			continue;
		rtb_render_markup(b, "<a href=\"#m-%s\">", c->metrics[k].id);
		metric_heading(b, &c->metrics[k]);
		rtb_sb_puts(b, "</a>");
	}
	if (h->tune)
		rtb_sb_puts(b, "<a href=\"#tune\">Measured tuning</a>");
	rtb_sb_puts(b, "<a href=\"#fingerprints\">Systems</a></nav>\n");
	for (k = 0; k < c->nmetrics; k++) {
		if (c->metrics[k].nshown >= 1 && !rtb_html_long_skip(c, &c->metrics[k])) {
			const char *g = rtb_render_group_start(c, k, html_shown);
			if (g) {
				rtb_sb_puts(b, "<h2 class=\"group\">");
				rtb_sb_html(b, g);
				rtb_sb_puts(b, "</h2>\n");
			}
			metric_section(b, c, &c->metrics[k]);
		}
	}
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];

		if (cm->nshown >= 1)
			continue;
		if (!nskipped++)
			rtb_sb_puts(b, "<section class=\"skipped\"><h2>Not measured</h2><ul>");
		rtb_sb_puts(b, "<li>");
		metric_heading(b, cm);
		rtb_render_markup(b, " <code>%s</code>: ", cm->id);
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_rf_metric *m = cm->cell[i].m;

			rtb_render_markup(b, "%s%s %s", i ? "; " : "", c->labels[i], m ? m->status : "absent");
			if (m && m->note[0])
				rtb_render_markup(b, " (%s)", m->note);
		}
		rtb_sb_puts(b, "</li>");
	}
	if (nskipped)
		rtb_sb_puts(b, "</ul></section>\n");
	if (h->tune)
		rtb_html_tune_section(b, h->tune, h->tune_path);
	fingerprints(b, c);
	rtb_sb_printf(b, "<script>%s</script>\n</body></html>\n", report_check_js);
	return 0;
}

const struct rtb_render rtb_render_html = { "html", NULL, render_html };
