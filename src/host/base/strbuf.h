/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - growable string buffer for building text, HTML and SVG. */
#ifndef RTB_HOST_STRBUF_H
#define RTB_HOST_STRBUF_H

#include <stddef.h>
#include <stdio.h>

/* A buffer that sticks on allocation failure: every append after a failure
 * is a no-op and `failed` stays set, so callers check once at the end. */
struct rtb_sb {
	char *s;
	size_t len, cap;
	int failed;
};

/* rtb_sb_printf - append formatted text. */
void rtb_sb_printf(struct rtb_sb *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* rtb_sb_puts - append a string verbatim. */
void rtb_sb_puts(struct rtb_sb *b, const char *s);
/* rtb_sb_html - append s with &, <, >, " and ' escaped (HTML/SVG text). */
void rtb_sb_html(struct rtb_sb *b, const char *s);
/* rtb_sb_cstr - the text so far ("" for an empty buffer; never NULL). */
const char *rtb_sb_cstr(const struct rtb_sb *b);
/* rtb_sb_sink - s writes into b (the run side's text helpers, rtbench/
 * output.h, write through it). */
struct rtb_sink;
void rtb_sb_sink(struct rtb_sink *s, struct rtb_sb *b);
/* rtb_sb_free - release the storage; the buffer can be reused. */
void rtb_sb_free(struct rtb_sb *b);
/* rtb_sb_strdup_printf - a malloc'ed formatted string, NULL on failure. */
char *rtb_sb_strdup_printf(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif
