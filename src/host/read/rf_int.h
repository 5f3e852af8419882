/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what the result-file reader's parts share (resultfile.c
 * validates the file, rf_json.c reads typed keys, rf_metric.c one metric).
 * Internal to src/host/resultfile*.c and rf_*.c: not a public header. */
#ifndef RTB_HOST_RF_INT_H
#define RTB_HOST_RF_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "host/read/resultfile.h"

struct rf_fast;

/* Context of one validation: where to write the reason. */
struct rf_ctx {
	char *err;
	size_t errlen;
	char where[128];      /* "metrics[2] (ipc.mqueue.wakeup): " or "" */
	const struct rf_fast *fast; /* rows read from the text, or NULL */
};

int rtb_rf_fail(struct rf_ctx *c, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
char *rtb_rf_strdup(const char *s);
int rtb_rf_opt_str(struct rf_ctx *c, json_t *obj, const char *key, int null_ok, char **out);
int rtb_rf_req_int(struct rf_ctx *c, json_t *obj, const char *key, int64_t *out);
int rtb_rf_opt_int(struct rf_ctx *c, json_t *obj, const char *key, int64_t *out, int *has);
int rtb_rf_opt_count(struct rf_ctx *c, json_t *obj, const char *key, uint64_t *out);
int rtb_rf_req_num(struct rf_ctx *c, json_t *obj, const char *key, double *out);
int rtb_rf_opt_bool(struct rf_ctx *c, json_t *obj, const char *key, int dflt, int *out);
int rtb_rf_read_kvlist(struct rf_ctx *c, json_t *root, const char *key, struct rtb_rf_kvlist *out);
int rtb_rf_read_metric(struct rf_ctx *c, json_t *j, size_t idx, struct rtb_rf_metric *m);

/* A row of a metric's "intervals" or "rounds": each key the reader takes,
 * as found (rf_rows.c). The same rows come from jansson's objects
 * (rf_row_json) or from the file's text (rtb_rf_fast_cut), so one check
 * (resultfile_long.c intervals(), rf_metric.c rf_rounds()) judges both. */
enum { RF_ABSENT, RF_NULL, RF_INT, RF_REAL, RF_OTHER };
enum rf_key { RK_START, RK_END, RK_COUNT, RK_SUM, RK_SPAN, RK_P50, RK_P99, RK_P999, RK_MAX,
	      RK_MEAN, RK_SMI, RK_N };
extern const char *const rtb_rf_key_name[RK_N];
struct rf_row {
	unsigned char isobj;            /* the element is an object */
	unsigned char st[RK_N];         /* RF_ABSENT .. RF_OTHER a key */
	unsigned char over_st;          /* "over": RF_ABSENT, RF_NULL, RF_OTHER, RF_INT (an array) */
	size_t nover;                   /* its entries */
	int64_t v[RK_N];                /* RF_INT's value */
	double mean;                    /* "mean_ns" as a number (RF_INT or RF_REAL) */
	int64_t over[RTB_RF_MAX_COUNTED]; /* its first entries; -1: not a count */
};
/* rf_rows - an array of rows: from the fast cut (rows) or jansson (arr) */
struct rf_rows {
	json_t *arr;
	const struct rf_row *rows;
	size_t n;
};
/* rtb_rf_rows_get - row i of r (a jansson object converted into *tmp) */
const struct rf_row *rtb_rf_rows_get(const struct rf_rows *r, size_t i, struct rf_row *tmp);

/* rf_fast - a result file with its metrics' "intervals" and "rounds"
 * read into rows, and its text with each of those arrays cut to []. */
struct rf_fast_metric {
	struct rf_row *iv, *rd;
	size_t niv, nrd, capiv, caprd;
	int has_iv, has_rd;
};
struct rf_fast {
	char *text;
	size_t len, nmetrics, cap;
	struct rf_fast_metric *m;
	size_t bytes;                   /* rows allocated */
};
/* rtb_rf_fast_cut - buf's rows and the rest of its text into f; 0, or -1 when
 * the file has anything the cut does not read exactly as jansson would
 * (the caller reads the whole file with jansson then), or more rows than
 * max_bytes hold. rtb_rf_fast_free frees f. */
int rtb_rf_fast_cut(const char *buf, size_t len, size_t max_bytes, struct rf_fast *f);
void rtb_rf_fast_free(struct rf_fast *f);
/* rtb_rf_fast_rows - metric idx's "intervals" (rounds 0) or "rounds" rows of
 * f into *r, 1; 0 when f has none for it (read them from jansson). */
int rtb_rf_fast_rows(const struct rf_fast *f, size_t idx, int rounds, struct rf_rows *r);

#endif
