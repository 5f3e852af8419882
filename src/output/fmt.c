/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - the text helpers every writer shares, on the run side
 * (text.c, csv.c) and the host side (src/host's renderers, through a sink
 * over their string buffer): one RFC 4180 field, text folded at spaces. */
#include <string.h>

#include "rtbench/output.h"

void rtb_fmt_csv_field(struct rtb_sink *f, const char *s, size_t max)
{
	size_t n = s ? strnlen(s, max) : 0, i;

	for (i = 0; i < n; i++)
		if (s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n')
			break;
	if (i == n) {
		rtb_sink_write(f, s, n);
		return;
	}
	rtb_sink_putc(f, '"');
	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			rtb_sink_putc(f, '"');
		rtb_sink_putc(f, s[i]);
	}
	rtb_sink_putc(f, '"');
}

void rtb_fmt_wrap(struct rtb_sink *f, const char *lead, const char *text, int indent, int width)
{
	int col = rtb_sink_printf(f, "%s", lead);
	const char *p = text;

	while (*p) {
		size_t w = strcspn(p, " ");
		if (col + (int)w + 1 > width && col > indent) {
			col = rtb_sink_printf(f, "\n%*s", indent, "") - 1;
		} else if (p != text) {
			rtb_sink_putc(f, ' ');
			col++;
		}
		col += rtb_sink_printf(f, "%.*s", (int)w, p);
		p += w;
		while (*p == ' ')
			p++;
	}
	rtb_sink_putc(f, '\n');
}
