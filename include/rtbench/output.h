/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - writers of a result. All read one rtb_result; none measures.
 * Each writes through a byte sink (rtbench/sink.h) and returns the sink's
 * error: 0, or the first failed write. Where the bytes go (a file written
 * atomically, stdout, a UART) is the port's business (rtb_port_output). */
#ifndef RTBENCH_OUTPUT_H
#define RTBENCH_OUTPUT_H

#include "rtbench/result.h"
#include "rtbench/sink.h"

/* rtb_write_text - the study-shaped tables (Table 1 ... Table 5 and extras). */
int rtb_write_text(struct rtb_sink *s, const struct rtb_result *r);
/* rtb_write_worst_text - the worst samples explained (run --trace) and the
 * --break-us stop, after the tables (src/output/worst.c). */
void rtb_write_worst_text(struct rtb_sink *s, const struct rtb_result *r);
/* rtb_write_kagg_text - run --trace-bpf's in-kernel aggregate, after them
 * (src/output/kagg_out.c); nothing without */
void rtb_write_kagg_text(struct rtb_sink *s, const struct rtb_result *r);

/* rtb_write_json - the result as docs/json-schema.md describes
 * (schema "rtbench-result", version RTB_SCHEMA_VERSION). Strings are escaped
 * per RFC 8259; non-finite numbers are written as null. */
int rtb_write_json(struct rtb_sink *s, const struct rtb_result *r);

/* rtb_write_doctor_json - the doctor's findings as the result's "doctor"
 * object (json-schema.md), alone: `rtbench doctor --json`. Every string
 * escaped. 0 or RTB_EIO. */
struct rtb_doctor;
int rtb_write_doctor_json(struct rtb_sink *s, const struct rtb_doctor *d);
/* rtb_write_csv - one row per metric: label, id, status, count, min, mean,
 * stddev, p50, p90, p99, p99_9, p99_99, max, first, invalid, overruns,
 * missed, over_deadline (header row first; RFC 4180 quoting). */
int rtb_write_csv(struct rtb_sink *s, const struct rtb_result *r);

/* rtb_write_raw - every kept sample: "metric,index,ns" rows (header first). */
int rtb_write_raw(struct rtb_sink *s, const struct rtb_result *r);

/* rtb_json_escape - write s as a JSON string literal (with quotes). */
void rtb_json_escape(struct rtb_sink *s, const char *str);

/* Text helpers every writer shares (output/fmt.c), the host side's
 * renderers too:
 * rtb_fmt_csv_field - s[0..strnlen(s, max)) as one RFC 4180 field (quoted
 *   when it holds a comma, a quote, CR or LF; inner quotes doubled); no
 *   separator. A field a spreadsheet would run as a formula (leading = + -
 *   @, tab or CR; not a plain number) is quoted with a ' in front.
 * rtb_fmt_wrap - lead, then text folded at spaces to `width` columns, each
 *   continuation indented by `indent` spaces; a newline at the end. */
void rtb_fmt_csv_field(struct rtb_sink *s, const char *str, size_t max);
void rtb_fmt_wrap(struct rtb_sink *s, const char *lead, const char *text, int indent, int width);

#endif
