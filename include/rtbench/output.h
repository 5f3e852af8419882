/* rtbench - writers of a result. All read one rtb_result; none measures. */
#ifndef RTBENCH_OUTPUT_H
#define RTBENCH_OUTPUT_H

#include <stdio.h>
#include "rtbench/result.h"

/* rtb_write_text - the study-shaped tables (Table 1 ... Table 5 and extras). */
int rtb_write_text(FILE *f, const struct rtb_result *r);

/* rtb_write_json - the result as docs/json-schema.md describes
 * (schema "rtbench-result", version RTB_SCHEMA_VERSION). Strings are escaped
 * per RFC 8259; non-finite numbers are written as null. */
int rtb_write_json(FILE *f, const struct rtb_result *r);

/* rtb_write_csv - one row per metric: label, id, status, count, min, mean,
 * stddev, p50, p90, p99, p99_9, p99_99, max, first, invalid, overruns,
 * missed, over_deadline (header row first; RFC 4180 quoting). */
int rtb_write_csv(FILE *f, const struct rtb_result *r);

/* rtb_write_raw - every kept sample: "metric,index,ns" rows (header first). */
int rtb_write_raw(FILE *f, const struct rtb_result *r);

/* rtb_write_file_atomic - open PATH.tmp, call fn, fsync, rename to PATH, so
 * a reader never sees half a file. Returns 0 or RTB_EIO. */
int rtb_write_file_atomic(const char *path,
			  int (*fn)(FILE *f, const struct rtb_result *r),
			  const struct rtb_result *r);

/* rtb_json_escape - write s as a JSON string literal (with quotes). */
void rtb_json_escape(FILE *f, const char *s);

#endif
