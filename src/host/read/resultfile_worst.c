/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a traced metric's worst samples explained ("trace.worst",
 * written by src/output/json_metric.c), and a streamed trace's
 * successive new maxima ("trace.maxima"): their one-line explanations, for
 * the report. Optional: a file without them loads as
 * before; a malformed list is refused with a reason. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/read/resultfile.h"
#include "rtbench/err.h"

/* lines - the "line" of every entry of trace.<key> (at most 64). */
static int lines(json_t *t, const char *key, char ***out, size_t *n, char *err, size_t len)
{
	json_t *w = t ? json_object_get(t, key) : NULL, *x;
	size_t i;

	*out = NULL;
	*n = 0;
	if (!w || json_is_null(w))
		return 0;
	if (!json_is_array(w) || json_array_size(w) > 64) {
		snprintf(err, len, "\"trace.%s\" must be an array of at most 64 samples", key);
		return RTB_EFORMAT;
	}
	if (!json_array_size(w))
		return 0;
	*out = calloc(json_array_size(w), sizeof(**out));
	if (!*out)
		return RTB_ENOMEM;
	json_array_foreach(w, i, x) {
		json_t *l = json_is_object(x) ? json_object_get(x, "line") : NULL;
		if (!json_is_string(l)) {
			snprintf(err, len, "\"trace.%s\"[%zu] has no string \"line\"", key, i);
			return RTB_EFORMAT;
		}
		(*out)[i] = strdup(json_string_value(l));
		if (!(*out)[i])
			return RTB_ENOMEM;
		*n = i + 1;
	}
	return 0;
}

int rtb_rf_worst_metric(void *jv, struct rtb_rf_metric *m, char *err, size_t len)
{
	json_t *t = json_object_get((json_t *)jv, "trace");
	int rc = lines(t, "worst", &m->worst_lines, &m->nworst, err, len);

	m->max_lines = NULL;
	m->nmax = 0;
	return rc ? rc : lines(t, "maxima", &m->max_lines, &m->nmax, err, len);
}

void rtb_rf_worst_free(struct rtb_rf_metric *m)
{
	for (size_t i = 0; i < m->nworst; i++)
		free(m->worst_lines[i]);
	free(m->worst_lines);
	m->worst_lines = NULL;
	m->nworst = 0;
	for (size_t i = 0; i < m->nmax; i++)
		free(m->max_lines[i]);
	free(m->max_lines);
	m->max_lines = NULL;
	m->nmax = 0;
}
