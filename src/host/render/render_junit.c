/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - JUnit XML of pass/fail cases, the format every CI reads:
 * one <testcase> per measurement (classname "rtbench.<metric id>"), its
 * figure in <system-out> and a property, each broken rule in <failure>. */
#include <stdio.h>

#include "host/render/render.h"

/* xml_text - s as XML 1.0 text: markup escaped (rtb_sb_html), and the two
 * characters XML forbids that the reader lets through (U+FFFE, U+FFFF:
 * valid UTF-8, no control characters) written as visible "\uFFFF" (a
 * CI's parser rejected the whole file). Controls and invalid UTF-8 were
 * escaped when the file was read. */
static void xml_text(struct rtb_sb *b, const char *s)
{
	char chunk[256];
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (p[0] == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF)) {
			chunk[n] = '\0';
			rtb_sb_html(b, chunk);
			rtb_sb_puts(b, p[2] == 0xBE ? "\\uFFFE" : "\\uFFFF");
			n = 0;
			p += 2;
			continue;
		}
		chunk[n++] = (char)*p;
		if (n >= sizeof(chunk) - 8 && (p[1] & 0xC0) != 0x80) { /* whole characters */
			chunk[n] = '\0';
			rtb_sb_html(b, chunk);
			n = 0;
		}
	}
	chunk[n] = '\0';
	rtb_sb_html(b, chunk);
}

static int render_junit(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cases *c = h->cases;
	size_t i, j;

	rtb_sb_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	rtb_sb_printf(b, "<testsuites tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\" errors=\"0\">\n",
		      c->n, c->nfail, c->nskip);
	rtb_sb_puts(b, "<testsuite name=\"");
	xml_text(b, c->suite);
	rtb_sb_printf(b, "\" tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\" errors=\"0\">\n",
		      c->n, c->nfail, c->nskip);
	rtb_sb_puts(b, "<properties><property name=\"result_file\" value=\"");
	xml_text(b, c->source);
	rtb_sb_puts(b, "\"/></properties>\n");
	for (i = 0; i < c->n; i++) {
		const struct rtb_case *k = &c->v[i];

		rtb_sb_puts(b, "<testcase classname=\"rtbench\" name=\"");
		xml_text(b, k->id);
		rtb_sb_puts(b, "\">");
		if (k->has_value || k->verdict) {
			rtb_sb_puts(b, "<properties>");
			if (k->has_value)
				rtb_sb_printf(b, "<property name=\"%s_%s\" value=\"%.3f\"/>", k->figure,
					      k->unit, k->value);
			if (k->verdict) {
				rtb_sb_puts(b, "<property name=\"verdict\" value=\"");
				xml_text(b, k->verdict);
				rtb_sb_puts(b, "\"/>");
			}
			rtb_sb_puts(b, "</properties>");
		}
		if (k->result == RTB_CASE_FAIL) {
			rtb_sb_puts(b, "<failure message=\"");
			xml_text(b, k->nlines ? k->lines[0] : "failed");
			rtb_sb_puts(b, "\">");
			for (j = 0; j < k->nlines; j++) {
				xml_text(b, k->lines[j]);
				rtb_sb_puts(b, "\n");
			}
			rtb_sb_puts(b, "</failure>");
		} else if (k->result == RTB_CASE_SKIP) {
			rtb_sb_puts(b, "<skipped message=\"");
			xml_text(b, k->nlines ? k->lines[0] : "skipped");
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
