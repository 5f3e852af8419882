/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a traced metric's worst samples explained ("trace.worst",
 * issue 17; written by src/output/json_metric.c): their one-line
 * explanations, for the report. Optional: a file without them loads as
 * before; a malformed list is refused with a reason. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/resultfile.h"
#include "rtbench/err.h"

int rtb_rf_worst_metric(void *jv, struct rtb_rf_metric *m, char *err, size_t len)
{
	json_t *t = json_object_get((json_t *)jv, "trace"), *w = t ? json_object_get(t, "worst") : NULL, *x;
	size_t i;

	m->worst_lines = NULL;
	m->nworst = 0;
	if (!w || json_is_null(w))
		return 0;
	if (!json_is_array(w) || json_array_size(w) > 64) {
		snprintf(err, len, "\"trace.worst\" must be an array of at most 64 samples");
		return RTB_EFORMAT;
	}
	if (!json_array_size(w))
		return 0;
	m->worst_lines = calloc(json_array_size(w), sizeof(*m->worst_lines));
	if (!m->worst_lines)
		return RTB_ENOMEM;
	json_array_foreach(w, i, x) {
		json_t *l = json_is_object(x) ? json_object_get(x, "line") : NULL;
		if (!json_is_string(l)) {
			snprintf(err, len, "\"trace.worst\"[%zu] has no string \"line\"", i);
			return RTB_EFORMAT;
		}
		m->worst_lines[i] = strdup(json_string_value(l));
		if (!m->worst_lines[i])
			return RTB_ENOMEM;
		m->nworst = i + 1;
	}
	return 0;
}

void rtb_rf_worst_free(struct rtb_rf_metric *m)
{
	for (size_t i = 0; i < m->nworst; i++)
		free(m->worst_lines[i]);
	free(m->worst_lines);
	m->worst_lines = NULL;
	m->nworst = 0;
}
