/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - JUnit XML of pass/fail cases, the format every CI reads:
 * one <testcase> per measurement (classname "rtbench.<metric id>"), its
 * figure in <system-out> and a property, each broken rule in <failure>. */
#include <stdio.h>

#include "host/render.h"

static int render_junit(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cases *c = h->cases;
	size_t i, j;

	rtb_sb_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	rtb_sb_printf(b, "<testsuites tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\" errors=\"0\">\n",
		      c->n, c->nfail, c->nskip);
	rtb_sb_puts(b, "<testsuite name=\"");
	rtb_sb_html(b, c->suite);
	rtb_sb_printf(b, "\" tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\" errors=\"0\">\n",
		      c->n, c->nfail, c->nskip);
	rtb_sb_puts(b, "<properties><property name=\"result_file\" value=\"");
	rtb_sb_html(b, c->source);
	rtb_sb_puts(b, "\"/></properties>\n");
	for (i = 0; i < c->n; i++) {
		const struct rtb_case *k = &c->v[i];

		rtb_sb_puts(b, "<testcase classname=\"rtbench\" name=\"");
		rtb_sb_html(b, k->id);
		rtb_sb_puts(b, "\">");
		if (k->has_value)
			rtb_sb_printf(b, "<properties><property name=\"%s_%s\" value=\"%.3f\"/></properties>",
				      k->figure, k->unit, k->value);
		if (k->result == RTB_CASE_FAIL) {
			rtb_sb_puts(b, "<failure message=\"");
			rtb_sb_html(b, k->nlines ? k->lines[0] : "failed");
			rtb_sb_puts(b, "\">");
			for (j = 0; j < k->nlines; j++) {
				rtb_sb_html(b, k->lines[j]);
				rtb_sb_puts(b, "\n");
			}
			rtb_sb_puts(b, "</failure>");
		} else if (k->result == RTB_CASE_SKIP) {
			rtb_sb_puts(b, "<skipped message=\"");
			rtb_sb_html(b, k->nlines ? k->lines[0] : "skipped");
			rtb_sb_puts(b, "\"/>");
		}
		if (k->has_value)
			rtb_sb_printf(b, "<system-out>%s %.3f %s</system-out>", k->figure, k->value,
				      k->unit);
		rtb_sb_puts(b, "</testcase>\n");
	}
	rtb_sb_puts(b, "</testsuite>\n</testsuites>\n");
	return 0;
}

const struct rtb_render rtb_render_junit = { "junit", NULL, render_junit };
