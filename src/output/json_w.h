/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - the JSON writer's primitives (json_w.c), shared by the
 * result writer's files (json.c: the run; json_metric.c: one metric).
 * One nesting helper places every comma, so no call site prints a
 * separator by hand. Internal to src/output. */
#ifndef RTB_OUTPUT_JSON_W_H
#define RTB_OUTPUT_JSON_W_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/result.h"
#include "rtbench/sink.h"

#define RTB_JW_MAXDEPTH 12

/* A JSON writer: per nesting level, how many items were written and how
 * many go on one line (1: one per line; N: N per line; 0: all on one line,
 * for small objects such as "tool"). */
struct rtb_jw {
	struct rtb_sink *f;
	int depth;
	struct { long n; int wrap; } lv[RTB_JW_MAXDEPTH];
};


/* Key-value helpers. String fields are fixed char arrays that might not be
 * terminated if a filler got it wrong, so they are read up to their size. */
#define RTB_JW_STR(w, k, field) rtb_jw_strn((w), (k), (field), sizeof(field))

void rtb_jw_sep(struct rtb_jw *w);
void rtb_jw_key(struct rtb_jw *w, const char *k);
void rtb_jw_begin(struct rtb_jw *w, char bracket, int wrap);
void rtb_jw_open(struct rtb_jw *w, const char *k, char bracket, int wrap);
void rtb_jw_close(struct rtb_jw *w, char bracket);
void rtb_jw_escape_n(struct rtb_sink *f, const char *s, size_t n);
void rtb_jw_double(struct rtb_sink *f, double x);
void rtb_jw_strn(struct rtb_jw *w, const char *k, const char *s, size_t max);
void rtb_jw_int(struct rtb_jw *w, const char *k, int64_t v);
void rtb_jw_uint(struct rtb_jw *w, const char *k, uint64_t v);
void rtb_jw_int_or_null(struct rtb_jw *w, const char *k, int64_t v,
			int64_t null_value);
void rtb_jw_dbl(struct rtb_jw *w, const char *k, double v);
void rtb_jw_bool(struct rtb_jw *w, const char *k, int v);
void rtb_jw_null(struct rtb_jw *w, const char *k);

/* rtb_json_metric - one metric, as an element of "metrics" (json_metric.c). */
void rtb_json_metric(struct rtb_jw *w, const struct rtb_metric *m);
/* rtb_json_kagg - run --trace-bpf's "kernel_aggregate" (kagg_out.c); nothing without */
void rtb_json_kagg(struct rtb_jw *w, const struct rtb_result *r);

#endif
