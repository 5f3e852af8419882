/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the report's "worst samples explained" block (run
 * --trace): under a measurement, each system's kept worst samples, one
 * line each naming what held the CPU (the text is the file's, escaped as
 * HTML). Nothing when no file has them. */
#include "host/render/render.h"
#include "host/render/render_html.h"

void rtb_html_worst_section(struct rtb_sb *b, const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	int any = 0;

	for (size_t i = 0; i < c->nsys; i++)
		any |= cm->cell[i].m && cm->cell[i].m->nworst;
	if (!any)
		return;
	rtb_sb_puts(b, "<div class=\"worst\"><h3>The worst samples explained (kernel trace: what held the CPU "
		    "from the start of each sample's period to its stamp)</h3>\n<ul>\n");
	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_rf_metric *m = cm->cell[i].m;
		for (size_t k = 0; m && k < m->nworst; k++) {
			rtb_render_markup(b, c->nsys > 1 ? "<li>%s: <code>%s</code></li>\n" : "<li>%s<code>%s</code></li>\n",
					c->nsys > 1 ? c->labels[i] : "", m->worst_lines[k]);
		}
	}
	rtb_sb_puts(b, "</ul>\n");
	/* a trace read while it ran: each new maximum, with its time */
	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_rf_metric *m = cm->cell[i].m;
		if (!m || !m->nmax)
			continue;
		if (c->nsys > 1)
			rtb_render_markup(b, "<p class=\"sub\">Successive new maxima (%s):</p>\n<ul class=\"maxima\">\n",
					c->labels[i]);
		else
			rtb_sb_puts(b, "<p class=\"sub\">Successive new maxima:</p>\n<ul class=\"maxima\">\n");
		for (size_t k = 0; k < m->nmax; k++)
			rtb_render_markup(b, "<li><code>%s</code></li>\n", m->max_lines[k]);
		rtb_sb_puts(b, "</ul>\n");
	}
	rtb_sb_puts(b, "</div>\n");
}
