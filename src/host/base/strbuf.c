/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - growable string buffer (see strbuf.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/sink.h"
#include "host/base/strbuf.h"

/* sb_reserve - room for extra more bytes and the NUL: 0, or RTB_ENOMEM
 * (now or at an earlier call: a failed buffer stays failed). */
static int sb_reserve(struct rtb_sb *b, size_t extra)
{
	size_t need, ncap;
	char *n;

	if (b->failed)
		return RTB_ENOMEM;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	ncap = b->cap ? b->cap : 256;
	while (ncap < need)
		ncap *= 2;
	n = realloc(b->s, ncap);
	if (!n) {
		b->failed = 1;
		return RTB_ENOMEM;
	}
	b->s = n;
	b->cap = ncap;
	return 0;
}

static void sb_vprintf(struct rtb_sb *b, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

static void sb_vprintf(struct rtb_sb *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0) {
		b->failed = 1;
		return;
	}
	if (sb_reserve(b, (size_t)n) < 0)
		return;
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void rtb_sb_printf(struct rtb_sb *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

void rtb_sb_puts(struct rtb_sb *b, const char *s)
{
	size_t n = strlen(s);

	if (sb_reserve(b, n) < 0)
		return;
	memcpy(b->s + b->len, s, n + 1);
	b->len += n;
}

void rtb_sb_html(struct rtb_sb *b, const char *s)
{
	char one[2] = { 0, 0 };

	for (; *s; s++) {
		switch (*s) {
		case '&': rtb_sb_puts(b, "&amp;"); break;
		case '<': rtb_sb_puts(b, "&lt;"); break;
		case '>': rtb_sb_puts(b, "&gt;"); break;
		case '"': rtb_sb_puts(b, "&quot;"); break;
		case '\'': rtb_sb_puts(b, "&#39;"); break;
		default:
			/* control characters are not allowed in HTML text */
			one[0] = ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t') ? '?' : *s;
			rtb_sb_puts(b, one);
		}
	}
}

const char *rtb_sb_cstr(const struct rtb_sb *b)
{
	return b->s ? b->s : "";
}

void rtb_sb_free(struct rtb_sb *b)
{
	free(b->s);
	memset(b, 0, sizeof(*b));
}

char *rtb_sb_strdup_printf(const char *fmt, ...)
{
	struct rtb_sb b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(&b, fmt, ap);
	va_end(ap);
	if (b.failed) {
		rtb_sb_free(&b);
		return NULL;
	}
	if (!b.s)
		return strdup("");
	return b.s;
}

static int sb_write(void *ctx, const void *buf, size_t len)
{
	struct rtb_sb *b = ctx;

	if (sb_reserve(b, len))
		return RTB_ENOMEM;
	memcpy(b->s + b->len, buf, len);
	b->len += len;
	b->s[b->len] = '\0';
	return 0;
}

void rtb_sb_sink(struct rtb_sink *s, struct rtb_sb *b)
{
	rtb_sink_init(s, sb_write, b);
}
