/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the byte sink every writer writes through.
 *
 * A sink is a write callback, its context and a sticky error: the first
 * failed write is kept in `err` and every later write does nothing, so a
 * writer emits its whole output without checking each call and asks once at
 * the end (rtb_sink_error). Writers never see a FILE*, a file descriptor or
 * a UART: the port supplies the sink (POSIX: a file written atomically, or
 * stdout; a board: the console UART, framed), the core supplies a memory
 * sink for tests and small targets. No allocation, no OS call here. */
#ifndef RTBENCH_SINK_H
#define RTBENCH_SINK_H

#include <stddef.h>

/* rtb_sink_fn - write all len bytes of buf; 0, or a negative rtb_err
 * (RTB_EIO for a failed device or file). Called with len > 0 only. */
typedef int (*rtb_sink_fn)(void *ctx, const void *buf, size_t len);

struct rtb_sink {
	rtb_sink_fn write;
	void *ctx;
	int err;        /* 0, or the first error; sticky */
	size_t bytes;   /* bytes accepted so far */
};

/* rtb_sink_init - a sink over fn(ctx, ...), no error, nothing written. */
void rtb_sink_init(struct rtb_sink *s, rtb_sink_fn fn, void *ctx);

/* rtb_sink_write - len bytes; does nothing once the sink has an error.
 * Returns the sink's error (0 while all is well). */
int rtb_sink_write(struct rtb_sink *s, const void *buf, size_t len);
int rtb_sink_puts(struct rtb_sink *s, const char *str);
int rtb_sink_putc(struct rtb_sink *s, char c);

/* rtb_sink_printf - formatted text of at most RTB_SINK_LINE_MAX - 1 bytes
 * (formatted on the caller's stack, nothing allocated). Longer output is
 * not cut silently: the sink takes RTB_ERANGE. Returns the number of bytes
 * formatted (as printf), whatever the sink's state. */
#define RTB_SINK_LINE_MAX 512
int rtb_sink_printf(struct rtb_sink *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* rtb_sink_fail - set the sticky error (if none yet), e.g. a writer that
 * found its input invalid. */
void rtb_sink_fail(struct rtb_sink *s, int err);

static inline int rtb_sink_error(const struct rtb_sink *s)
{
	return s->err;
}

/* Memory sink over caller storage: bytes go to buf[0..cap); past cap the
 * sink takes RTB_ENOMEM (the bytes that fitted stay). buf is not
 * NUL-terminated by the sink; `len` is what was written. */
struct rtb_sink_buf {
	char *buf;
	size_t cap, len;
};
void rtb_sink_buf_init(struct rtb_sink *s, struct rtb_sink_buf *b, char *buf, size_t cap);

#endif
