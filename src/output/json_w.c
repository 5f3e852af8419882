/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - JSON writer primitives: nesting, string escaping
 * (RFC 8259, invalid UTF-8 replaced so the file always parses) and numbers
 * that round-trip (see json.c's opening comment). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/output.h"
#include "output/json_w.h"



static void jw_indent(struct rtb_sink *f, int depth)
{
	for (int i = 0; i < depth; i++)
		rtb_sink_puts(f, "  ");
}

/* rtb_jw_sep - what goes before the next item at the current level. */
void rtb_jw_sep(struct rtb_jw *w)
{
	int d = w->depth;
	long n = w->lv[d].n++;
	int wrap = w->lv[d].wrap;

	if (n > 0)
		rtb_sink_putc(w->f, ',');
	if (wrap == 0) {
		if (n > 0)
			rtb_sink_putc(w->f, ' ');
	} else if (n % wrap == 0) {
		rtb_sink_putc(w->f, '\n');
		jw_indent(w->f, d);
	} else {
		rtb_sink_putc(w->f, ' ');
	}
}

void rtb_jw_key(struct rtb_jw *w, const char *k)
{
	rtb_jw_sep(w);
	if (k) {
		rtb_json_escape(w->f, k);
		rtb_sink_puts(w->f, ": ");
	}
}

/* rtb_jw_begin - start an object or array right here (key or separator
 * already written) whose items go `wrap` per line. */
void rtb_jw_begin(struct rtb_jw *w, char bracket, int wrap)
{
	rtb_sink_putc(w->f, bracket);
	if (w->depth + 1 < RTB_JW_MAXDEPTH) {
		w->depth++;
		w->lv[w->depth].n = 0;
		w->lv[w->depth].wrap = wrap;
	}
}

/* rtb_jw_open - start an object or array as the value of key k (or as an array
 * element when k is NULL). */
void rtb_jw_open(struct rtb_jw *w, const char *k, char bracket, int wrap)
{
	rtb_jw_key(w, k);
	rtb_jw_begin(w, bracket, wrap);
}

void rtb_jw_close(struct rtb_jw *w, char bracket)
{
	int d = w->depth;

	if (w->lv[d].wrap != 0 && w->lv[d].n > 0) {
		rtb_sink_putc(w->f, '\n');
		jw_indent(w->f, d - 1);
	}
	rtb_sink_putc(w->f, bracket);
	if (d > 0)
		w->depth--;
}

/* rtb_jw_escape_n - s[0..n) as a JSON string literal. */
void rtb_jw_escape_n(struct rtb_sink *f, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	rtb_sink_putc(f, '"');
	while (i < n) {
		unsigned c = p[i];
		size_t len;
		uint32_t cp;

		if (c < 0x80) {
			switch (c) {
			case '"':  rtb_sink_puts(f, "\\\""); break;
			case '\\': rtb_sink_puts(f, "\\\\"); break;
			case '\n': rtb_sink_puts(f, "\\n"); break;
			case '\r': rtb_sink_puts(f, "\\r"); break;
			case '\t': rtb_sink_puts(f, "\\t"); break;
			case '\b': rtb_sink_puts(f, "\\b"); break;
			case '\f': rtb_sink_puts(f, "\\f"); break;
			default:
				if (c < 0x20)
					rtb_sink_printf(f, "\\u%04x", c);
				else
					rtb_sink_putc(f, (char)c);
			}
			i++;
			continue;
		}
		/* Valid UTF-8 passes through unchanged. Anything else (a
		 * Latin-1 hostname, a truncated sequence at the end of a fixed
		 * char array) becomes U+FFFD so the file still parses. */
		if (c >= 0xc2 && c <= 0xdf) {
			len = 2;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			len = 3;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			len = 4;
			cp = c & 0x07;
		} else {
			len = 0;
			cp = 0;
		}
		if (len && i + len <= n) {
			size_t k;
			for (k = 1; k < len && (p[i + k] & 0xc0) == 0x80; k++)
				cp = (cp << 6) | (p[i + k] & 0x3f);
			/* reject short sequences, overlong 3/4-byte forms,
			 * surrogates and code points past U+10FFFF */
			if (k < len || (len == 3 && cp < 0x800) ||
			    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
			    (cp >= 0xd800 && cp <= 0xdfff))
				len = 0;
		} else {
			len = 0;
		}
		if (len) {
			rtb_sink_write(f, p + i, len);
			i += len;
		} else {
			rtb_sink_puts(f, "\\ufffd");
			i++;
		}
	}
	rtb_sink_putc(f, '"');
}

/* rtb_json_escape - s as a JSON string literal; NULL is written as null. */
void rtb_json_escape(struct rtb_sink *f, const char *s)
{
	if (!s) {
		rtb_sink_puts(f, "null");
		return;
	}
	rtb_jw_escape_n(f, s, strlen(s));
}

/* rtb_jw_double - shortest round-tripping %g form, or null (see top). */
void rtb_jw_double(struct rtb_sink *f, double x)
{
	char buf[40];

	if (!isfinite(x)) {
		rtb_sink_puts(f, "null");
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	/* A locale with a decimal comma would make this invalid JSON. */
	for (char *c = buf; *c; c++)
		if (*c == ',')
			*c = '.';
	rtb_sink_puts(f, buf);
}


void rtb_jw_strn(struct rtb_jw *w, const char *k, const char *s, size_t max)
{
	rtb_jw_key(w, k);
	if (s)
		rtb_jw_escape_n(w->f, s, strnlen(s, max));
	else
		rtb_sink_puts(w->f, "null");
}

void rtb_jw_int(struct rtb_jw *w, const char *k, int64_t v)
{
	rtb_jw_key(w, k);
	rtb_sink_printf(w->f, "%" PRId64, v);
}

void rtb_jw_uint(struct rtb_jw *w, const char *k, uint64_t v)
{
	rtb_jw_key(w, k);
	rtb_sink_printf(w->f, "%" PRIu64, v);
}

/* rtb_jw_int_or_null - v, or null when v is the field's "unknown / not
 * applicable" sentinel. */
void rtb_jw_int_or_null(struct rtb_jw *w, const char *k, int64_t v,
			int64_t null_value)
{
	rtb_jw_key(w, k);
	if (v == null_value)
		rtb_sink_puts(w->f, "null");
	else
		rtb_sink_printf(w->f, "%" PRId64, v);
}

void rtb_jw_dbl(struct rtb_jw *w, const char *k, double v)
{
	rtb_jw_key(w, k);
	rtb_jw_double(w->f, v);
}

void rtb_jw_bool(struct rtb_jw *w, const char *k, int v)
{
	rtb_jw_key(w, k);
	rtb_sink_puts(w->f, v ? "true" : "false");
}

void rtb_jw_null(struct rtb_jw *w, const char *k)
{
	rtb_jw_key(w, k);
	rtb_sink_puts(w->f, "null");
}

