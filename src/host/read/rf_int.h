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

/* Context of one validation: where to write the reason. */
struct rf_ctx {
	char *err;
	size_t errlen;
	char where[128];      /* "metrics[2] (ipc.mqueue.wakeup): " or "" */
};

int rf_fail(struct rf_ctx *c, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
char *rf_strdup(const char *s);
int rf_opt_str(struct rf_ctx *c, json_t *obj, const char *key, int null_ok, char **out);
int rf_req_int(struct rf_ctx *c, json_t *obj, const char *key, int64_t *out);
int rf_opt_int(struct rf_ctx *c, json_t *obj, const char *key, int64_t *out, int *has);
int rf_opt_count(struct rf_ctx *c, json_t *obj, const char *key, uint64_t *out);
int rf_req_num(struct rf_ctx *c, json_t *obj, const char *key, double *out);
int rf_opt_bool(struct rf_ctx *c, json_t *obj, const char *key, int dflt, int *out);
int rf_kvlist(struct rf_ctx *c, json_t *root, const char *key, struct rtb_rf_kvlist *out);
int rf_metric(struct rf_ctx *c, json_t *j, size_t idx, struct rtb_rf_metric *m);

#endif
