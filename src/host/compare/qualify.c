/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench report --qualify`: the doctor's findings of the
 * long run, read from its result file (the result loader keeps what
 * compare and report compare; the findings are the run's own record of
 * what weakened the machine, which only this page quotes). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare/qualify.h"

/* str - a string member of o, copied ("" when absent or not a string). */
static char *str(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return strdup(json_is_string(v) ? json_string_value(v) : "");
}

int rtb_qual_load_doctor(const char *path, struct rtb_qual *q, char *err, size_t errlen)
{
	json_error_t e;
	json_t *root = json_load_file(path, 0, &e), *d, *list;
	int rc = 0;

	if (!root) {
		snprintf(err, errlen, "%s: %s (line %d)", path, e.text, e.line);
		return RTB_EFORMAT;
	}
	d = json_object_get(root, "doctor");
	if (!json_is_object(d))
		goto out; /* a file without one (rt-tests, an old run) */
	list = json_object_get(d, "findings");
	q->has_doctor = 1;
	q->weakens = (int)json_integer_value(json_object_get(d, "weakens"));
	q->unknown = (int)json_integer_value(json_object_get(d, "unknown"));
	q->doctor_cpus = str(d, "cpus");
	if (!q->doctor_cpus) {
		rc = RTB_ENOMEM;
		goto out;
	}
	if (json_is_array(list) && json_array_size(list)) {
		q->f = calloc(json_array_size(list), sizeof(*q->f));
		if (!q->f) {
			rc = RTB_ENOMEM;
			goto out;
		}
		for (size_t i = 0; i < json_array_size(list); i++) {
			json_t *x = json_array_get(list, i);
			struct rtb_qual_finding *f = &q->f[q->nf++];

			f->check = str(x, "check");
			f->verdict = str(x, "verdict");
			f->read = str(x, "read");
			f->why = str(x, "why");
			f->fix = str(x, "fix");
			if (!f->check || !f->verdict || !f->read || !f->why || !f->fix) {
				rc = RTB_ENOMEM;
				goto out;
			}
		}
	}
out:
	json_decref(root);
	return rc;
}

void rtb_qual_free(struct rtb_qual *q)
{
	for (size_t i = 0; i < q->nf; i++) {
		free(q->f[i].check);
		free(q->f[i].verdict);
		free(q->f[i].read);
		free(q->f[i].why);
		free(q->f[i].fix);
	}
	free(q->f);
	free(q->doctor_cpus);
	memset(q, 0, sizeof(*q));
}
