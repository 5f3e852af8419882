/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - helpers the renderers share (render.h). */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/output.h"
#include "host/render/render.h"

json_t *rtb_render_jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

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

/* rtb_render_group_start - the group metric k opens (the first shown
 * metric of its group, after metrics of none or another), else NULL: a
 * renderer heads a table of its own there (compare.c orders them last). */
const char *rtb_render_group_start(const struct rtb_cmp *c, size_t k, int (*shown)(const struct rtb_cmp_metric *))
{
	const char *g = c->metrics[k].group;

	if (!g || !shown(&c->metrics[k]))
		return NULL;
	for (size_t j = k; j-- > 0;)
		if (shown(&c->metrics[j]))
			return c->metrics[j].group && !strcmp(c->metrics[j].group, g) ? NULL : g;
	return g;
}

/* wrap - append text, wrapped at `width` columns, each line after the
 * first indented by `indent` spaces (rtb_fmt_wrap, the run side's). */
void rtb_render_wrap(struct rtb_sb *b, const char *first, const char *text, size_t indent,
		 size_t width)
{
	struct rtb_sink s;

	rtb_sb_sink(&s, b);
	rtb_fmt_wrap(&s, first, text, (int)indent, (int)width);
}

/* md_cell - text safe inside a markdown table cell */
void rtb_render_md_cell(struct rtb_sb *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			rtb_sb_puts(b, "\\|");
		else if (*s == '\n' || *s == '\r')
			rtb_sb_puts(b, " ");
		else if (*s == '`' || *s == '<')
			rtb_sb_printf(b, "\\%c", *s); /* text, never a code span or HTML */
		else
			rtb_sb_printf(b, "%c", *s);
	}
}

void rtb_render_csv_field(struct rtb_sb *b, const char *s, int last)
{
	struct rtb_sink k;

	rtb_sb_sink(&k, b);
	rtb_fmt_csv_field(&k, s, SIZE_MAX);
	if (last >= 0)
		rtb_sb_puts(b, last ? "\r\n" : ",");
}

int rtb_render_json_put(struct rtb_sb *b, struct json_t *root, int indent)
{
	char *text = json_dumps(root, JSON_INDENT(indent) | JSON_PRESERVE_ORDER |
				JSON_REAL_PRECISION(10));

	json_decref(root);
	if (!text)
		return RTB_ENOMEM;
	rtb_sb_puts(b, text);
	rtb_sb_puts(b, "\n");
	free(text);
	return 0;
}

void rtb_render_markup(struct rtb_sb *b, const char *fmt, ...)
{
	va_list ap;
	const char *p = fmt;

	va_start(ap, fmt);
	while (*p) {
		const char *pc = strchr(p, '%');
		size_t n = pc ? (size_t)(pc - p) : strlen(p);

		rtb_sb_printf(b, "%.*s", (int)n, p);
		if (!pc)
			break;
		if (pc[1] == 's')
			rtb_sb_html(b, va_arg(ap, const char *));
		else if (pc[1] == '%')
			rtb_sb_puts(b, "%");
		p = pc + (pc[1] ? 2 : 1);
	}
	va_end(ap);
}
