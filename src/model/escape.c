/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - control characters out of terminal text (escape.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/escape.h"

/* utf8_len - length of the valid UTF-8 sequence at p (1-4), its code point
 * in *cp; 0 if the bytes there are not valid UTF-8. */
static size_t utf8_len(const unsigned char *p, unsigned long *cp)
{
	size_t n;
	unsigned long c, min;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if ((p[0] & 0xe0) == 0xc0) { n = 2; c = p[0] & 0x1f; min = 0x80; }
	else if ((p[0] & 0xf0) == 0xe0) { n = 3; c = p[0] & 0x0f; min = 0x800; }
	else if ((p[0] & 0xf8) == 0xf0) { n = 4; c = p[0] & 0x07; min = 0x10000; }
	else
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

size_t rtb_esc_ctl(char *out, size_t len, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t need = 0, o = 0;

	if (!len)
		out = NULL;

	while (p && *p) {
		unsigned long cp;
		size_t n = utf8_len(p, &cp);
		char esc[8];
		const char *piece;
		size_t plen;

		if (n == 0) {                       /* not UTF-8: the byte */
			snprintf(esc, sizeof(esc), "\\x%02x", *p);
			piece = esc, plen = 4, n = 1;
		} else if (cp < 0x20 || cp == 0x7f) {
			snprintf(esc, sizeof(esc), "\\x%02lx", cp);
			piece = esc, plen = 4;
		} else if (cp >= 0x80 && cp <= 0x9f) {
			snprintf(esc, sizeof(esc), "\\u%04lx", cp);
			piece = esc, plen = 6;
		} else {
			piece = (const char *)p, plen = n;
		}
		if (out && o + plen < len) {
			memcpy(out + o, piece, plen);
			o += plen;
		} else if (out) {
			len = o + 1; /* full: stop writing, keep counting */
		}
		need += plen;
		p += n;
	}
	if (out && len)
		out[o < len ? o : len - 1] = '\0';
	return need;
}

void rtb_esc_in_place(char *buf, size_t len)
{
	size_t need = rtb_esc_ctl(NULL, 0, buf);
	char *tmp;

	if (need == strlen(buf))
		return; /* nothing to escape */
	tmp = malloc(need + 1);
	if (!tmp) {
		for (char *q = buf; *q; q++)
			if ((unsigned char)*q < 0x20 || *q == 0x7f)
				*q = '?';
		return;
	}
	rtb_esc_ctl(tmp, need + 1, buf);
	snprintf(buf, len, "%s", tmp);
	free(tmp);
}
