/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - the text helpers every writer shares, on the run side
 * (text.c, csv.c) and the host side (src/host's renderers, through a sink
 * over their string buffer): one RFC 4180 field, text folded at spaces. */
#include <string.h>

#include "rtbench/output.h"

/* formula_lead - 1 if a spreadsheet would take s[0..n) for a formula (its
 * first character one of = + - @, or a tab or CR before one) and it is not
 * a plain number ("-12.5" stays a number). */
static int formula_lead(const char *s, size_t n)
{
	size_t i = 0;
	int digits = 0;

	if (!n || !strchr("=+-@\t\r", s[0]))
		return 0;
	if (s[0] == '-' || s[0] == '+')
		i = 1;
	for (; i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'); i++)
		digits += s[i] != '.';
	return !(digits && i == n);
}

void rtb_fmt_csv_field(struct rtb_sink *f, const char *s, size_t max)
{
	size_t n = s ? strnlen(s, max) : 0, i;
	int formula = formula_lead(s, n);

	for (i = 0; i < n && !formula; i++)
		if (s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n')
			break;
	if (i == n && !formula) {
		rtb_sink_write(f, s, n);
		return;
	}
	rtb_sink_putc(f, '"');
	/* a label or id such as =HYPERLINK(...) is text, not a formula to run
	 * when the file is opened in a spreadsheet: a leading quote, as OWASP
	 * advises against CSV injection */
	if (formula)
		rtb_sink_putc(f, '\'');
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
