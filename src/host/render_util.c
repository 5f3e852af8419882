/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - helpers the renderers share (render.h). */
#include <stdio.h>
#include <string.h>

#include "host/render.h"

int rtb_render_shown(const struct rtb_cmp_metric *cm)
{
	return cm->nshown >= 2;
}

void rtb_render_title(struct rtb_sb *b, const struct rtb_cmp_metric *cm, int md)
{
	if (cm->study_table)
		rtb_sb_printf(b, "%s - ", cm->study_table);
	rtb_sb_printf(b, "%s", cm->title[0] ? cm->title : cm->id);
	rtb_sb_printf(b, md ? " (`%s`)" : " [%s]", cm->id);
}

/* wrap - append text, wrapped at `width` columns, each line after the
 * first indented by `indent` spaces. */
void rtb_render_wrap(struct rtb_sb *b, const char *first, const char *text, size_t indent,
		 size_t width)
{
	size_t col = strlen(first);
	const char *p = text;

	rtb_sb_puts(b, first);
	while (*p) {
		size_t wl = strcspn(p, " ");

		if (col > indent && col + 1 + wl > width) {
			rtb_sb_printf(b, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > strlen(first) || (col > indent && p != text)) {
			rtb_sb_puts(b, " ");
			col++;
		}
		rtb_sb_printf(b, "%.*s", (int)wl, p);
		col += wl;
		p += wl;
		while (*p == ' ')
			p++;
	}
	rtb_sb_puts(b, "\n");
}

/* md_cell - text safe inside a markdown table cell */
void rtb_render_md_cell(struct rtb_sb *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			rtb_sb_puts(b, "\\|");
		else if (*s == '\n')
			rtb_sb_puts(b, " ");
		else
			rtb_sb_printf(b, "%c", *s);
	}
}

void rtb_render_csv_field(struct rtb_sb *b, const char *s, int last)
{
	if (strpbrk(s, ",\"\r\n")) {
		rtb_sb_puts(b, "\"");
		for (; *s; s++)
			rtb_sb_puts(b, *s == '"' ? "\"\"" : (char[2]){ *s, 0 });
		rtb_sb_puts(b, "\"");
	} else {
		rtb_sb_puts(b, s);
	}
	rtb_sb_puts(b, last ? "\r\n" : ",");
}

