/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the byte sink (rtbench/sink.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/sink.h"
#include "rtbench/err.h"

void rtb_sink_init(struct rtb_sink *s, rtb_sink_fn fn, void *ctx)
{
	s->write = fn;
	s->ctx = ctx;
	s->err = fn ? 0 : RTB_EINVAL;
	s->bytes = 0;
}

void rtb_sink_fail(struct rtb_sink *s, int err)
{
	if (!s->err)
		s->err = err ? err : RTB_EIO;
}

int rtb_sink_write(struct rtb_sink *s, const void *buf, size_t len)
{
	if (s->err || len == 0)
		return s->err;
	int rc = s->write(s->ctx, buf, len);
	if (rc)
		rtb_sink_fail(s, rc);
	else
		s->bytes += len;
	return s->err;
}

/* rtb_sink_puts - a string, without its NUL. */
int rtb_sink_puts(struct rtb_sink *s, const char *str)
{
	return rtb_sink_write(s, str, strlen(str));
}

/* rtb_sink_putc - one character. */
int rtb_sink_putc(struct rtb_sink *s, char c)
{
	return rtb_sink_write(s, &c, 1);
}

int rtb_sink_printf(struct rtb_sink *s, const char *fmt, ...)
{
	char line[RTB_SINK_LINE_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0) {
		rtb_sink_fail(s, RTB_EINVAL);
		return 0;
	}
	if ((size_t)n >= sizeof(line)) {
		rtb_sink_fail(s, RTB_ERANGE);
		return n;
	}
	rtb_sink_write(s, line, (size_t)n);
	return n;
}

/* buf_write - the memory sink's callback. */
static int buf_write(void *ctx, const void *p, size_t len)
{
	struct rtb_sink_buf *b = ctx;
	size_t room = b->cap - b->len;

	if (len > room) {
		memcpy(b->buf + b->len, p, room);
		b->len += room;
		return RTB_ENOMEM;
	}
	memcpy(b->buf + b->len, p, len);
	b->len += len;
	return 0;
}

/* rtb_sink_buf_init - s writes into buf (cap bytes, fixed: RTB_ENOMEM
 * when full), b keeps the fill. */
void rtb_sink_buf_init(struct rtb_sink *s, struct rtb_sink_buf *b, char *buf, size_t cap)
{
	b->buf = buf;
	b->cap = cap;
	b->len = 0;
	rtb_sink_init(s, buf_write, b);
}
