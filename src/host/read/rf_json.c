/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - typed access to a result file's JSON keys: each helper
 * reads one key of one type and, when it is wrong, says which key and
 * why (rtb_rf_fail). Every string taken from a file is escaped here. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rtbench/escape.h"
#include "rtbench/err.h"
#include "host/read/rf_int.h"
#include "host/base/strbuf.h"

int rtb_rf_fail(struct rf_ctx *c, int code, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s%s", c->where, msg);
	rtb_esc_in_place(c->err, c->errlen); /* file content in it: one line */
	return code;
}

/* rtb_rf_strdup - every string taken from a file comes through here: control
 * characters (ANSI/OSC sequences, newlines) are escaped once, at the
 * door, so no renderer or message can pass them to a terminal. */
char *rtb_rf_strdup(const char *s)
{
	size_t n = rtb_esc_ctl(NULL, 0, s ? s : "");
	char *d = malloc(n + 1);

	if (d)
		rtb_esc_ctl(d, n + 1, s ? s : "");
	return d;
}

/* Optional string key: "" (or NULL if null_ok and absent/null). */
int rtb_rf_opt_str(struct rf_ctx *c, json_t *obj, const char *key,
		   int null_ok, char **out)
{
	json_t *v = json_object_get(obj, key);

	if (!v || json_is_null(v)) {
		*out = null_ok ? NULL : rtb_rf_strdup("");
		return (null_ok || *out) ? 0 : RTB_ENOMEM;
	}
	if (!json_is_string(v))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be a string", key);
	*out = rtb_rf_strdup(json_string_value(v));
	return *out ? 0 : RTB_ENOMEM;
}

int rtb_rf_req_int(struct rf_ctx *c, json_t *obj, const char *key, int64_t *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is missing", key);
	if (!json_is_integer(v))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be an integer", key);
	*out = (int64_t)json_integer_value(v);
	return 0;
}

/* Optional integer (absent or null leaves *out and clears *has). */
int rtb_rf_opt_int(struct rf_ctx *c, json_t *obj, const char *key,
		   int64_t *out, int *has)
{
	json_t *v = json_object_get(obj, key);

	if (has)
		*has = 0;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be an integer", key);
	*out = (int64_t)json_integer_value(v);
	if (has)
		*has = 1;
	return 0;
}

int rtb_rf_opt_count(struct rf_ctx *c, json_t *obj, const char *key, uint64_t *out)
{
	int64_t v = 0;
	int rc = rtb_rf_opt_int(c, obj, key, &v, NULL);

	if (rc)
		return rc;
	if (v < 0)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must not be negative", key);
	*out = (uint64_t)v;
	return 0;
}

int rtb_rf_req_num(struct rf_ctx *c, json_t *obj, const char *key, double *out)
{
	json_t *v = json_object_get(obj, key);

	if (!v)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" is missing", key);
	if (!json_is_number(v))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be a number", key);
	*out = json_number_value(v);
	return 0;
}

int rtb_rf_opt_bool(struct rf_ctx *c, json_t *obj, const char *key, int dflt, int *out)
{
	json_t *v = json_object_get(obj, key);

	*out = dflt;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_boolean(v))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be true or false", key);
	*out = json_is_true(v);
	return 0;
}

/* rtb_rf_read_kvlist - an object's keys as display text, in file order. */
int rtb_rf_read_kvlist(struct rf_ctx *c, json_t *root, const char *key,
		       struct rtb_rf_kvlist *out)
{
	json_t *obj = json_object_get(root, key), *v;
	const char *k;
	size_t i = 0;

	if (!obj || json_is_null(obj))
		return 0;
	if (!json_is_object(obj))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"%s\" must be an object", key);
	out->kv = calloc(json_object_size(obj) + 1, sizeof(*out->kv));
	if (!out->kv)
		return RTB_ENOMEM;
	json_object_foreach(obj, k, v) {
		char *text;

		if (json_is_string(v))
			text = rtb_rf_strdup(json_string_value(v));
		else if (json_is_integer(v))
			text = rtb_sb_strdup_printf("%lld", (long long)json_integer_value(v));
		else if (json_is_real(v))
			text = rtb_sb_strdup_printf("%g", json_real_value(v));
		else if (json_is_true(v))
			text = rtb_rf_strdup("true");
		else if (json_is_false(v))
			text = rtb_rf_strdup("false");
		else if (json_is_null(v))
			text = rtb_rf_strdup("null");
		else
			text = json_dumps(v, JSON_COMPACT);
		out->kv[i].key = rtb_rf_strdup(k);
		out->kv[i].value = text;
		out->n = ++i;
		if (!out->kv[i - 1].key || !text)
			return RTB_ENOMEM;
	}
	return 0;
}
