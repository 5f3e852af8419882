/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a `rtbench tune --json` file read back into the tune
 * model (tune_model.h), for `rtbench report`'s tune section. Strict about
 * what the section shows (schema, knobs' names and verdicts, each effect's
 * figures), lenient about keys it does not show; every string is shown
 * escaped by the renderer, never trusted. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/compare/tune_model.h"
#include "rtbench/err.h"

/* str - o[k] as a string into out ("" when absent or not a string). */
static void str(json_t *o, const char *k, char *out, size_t len)
{
	json_t *v = json_object_get(o, k);

	snprintf(out, len, "%s", json_is_string(v) ? json_string_value(v) : "");
}

/* dbl - o[k] as a number, NAN when absent or null. */
static double dbl(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

static enum rtb_tune_kind kind_of(const char *s)
{
	for (int k = RTB_TUK_NA; k <= RTB_TUK_UNTESTED; k++)
		if (!strcmp(s, rtb_tune_kind_key((enum rtb_tune_kind)k)))
			return (enum rtb_tune_kind)k;
	return RTB_TUK_UNTESTED;
}

/* effect - one effect object into e. */
static void effect(json_t *j, struct rtb_tune_effect *e)
{
	char v[16];

	memset(e, 0, sizeof(*e));
	e->tested = json_is_true(json_object_get(j, "tested"));
	if (!e->tested)
		return;
	e->a = dbl(j, "a");
	e->b = dbl(j, "b");
	e->shift = dbl(j, "shift");
	e->lo = dbl(j, "lo");
	e->hi = dbl(j, "hi");
	e->vd.shift_pct = dbl(j, "shift_pct");
	e->vd.ci_lo_pct = dbl(j, "lo_pct");
	e->vd.ci_hi_pct = dbl(j, "hi_pct");
	e->vd.noise_pct = dbl(j, "noise_pct");
	e->vd.p = dbl(j, "p");
	e->resolution_ns = dbl(j, "resolution_ns");
	str(j, "verdict", v, sizeof(v));
	e->vd.kind = !strcmp(v, "lower") ? RTB_VD_LOWER : !strcmp(v, "higher") ? RTB_VD_HIGHER : RTB_VD_NOISE;
}

/* knob - one knob object into k. */
static int knob(json_t *j, struct rtb_tune_knob *k, char *err, size_t len)
{
	char v[32];
	json_t *ms = json_object_get(j, "metrics");

	memset(k, 0, sizeof(*k));
	if (!json_is_object(j) || !json_is_string(json_object_get(j, "name")))
		return snprintf(err, len, "a knob without a name"), RTB_EFORMAT;
	str(j, "name", k->name, sizeof(k->name));
	str(j, "doctor_check", k->check, sizeof(k->check));
	str(j, "does", k->does, sizeof(k->does));
	str(j, "risk", k->risk, sizeof(k->risk));
	str(j, "why_not", k->why_not, sizeof(k->why_not));
	str(j, "set", k->set_to, sizeof(k->set_to));
	str(j, "read_before", k->before, sizeof(k->before));
	str(j, "read_after", k->after, sizeof(k->after));
	str(j, "order", k->order, sizeof(k->order));
	str(j, "sysctl", k->sysctl, sizeof(k->sysctl));
	str(j, "commands", k->cmd, sizeof(k->cmd));
	str(j, "verdict", v, sizeof(v));
	k->kind = kind_of(v);
	k->applicable = json_is_true(json_object_get(j, "applicable"));
	k->alpha_each = dbl(j, "alpha_each");
	k->failed_rounds = (int)json_integer_value(json_object_get(j, "failed_rounds"));
	if (!json_is_array(ms) || !json_array_size(ms))
		return 0;
	size_t n = json_array_size(ms) < RTB_TUNE_MAX_METRICS ? json_array_size(ms) : RTB_TUNE_MAX_METRICS;
	if (!(k->s = calloc(n, sizeof(*k->s))))
		return snprintf(err, len, "out of memory"), RTB_ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_t *m = json_array_get(ms, i), *fs = json_object_get(m, "effects");
		struct rtb_tune_series *s = &k->s[k->ns++];
		str(m, "id", s->id, sizeof(s->id));
		s->n[0] = (size_t)json_integer_value(json_object_get(m, "rounds_a"));
		s->n[1] = (size_t)json_integer_value(json_object_get(m, "rounds_b"));
		for (size_t f = 0; json_is_array(fs) && f < json_array_size(fs); f++) {
			json_t *e = json_array_get(fs, f);
			char fig[16];
			str(e, "figure", fig, sizeof(fig));
			for (int st = 0; st < RTB_TUS_N; st++)
				if (!strcmp(fig, rtb_tune_stat_name[st]))
					effect(e, &s->e[st]);
		}
	}
	return 0;
}

/* schema_first - the file opens {"schema": "X" (as rtbench writes its
 * files): 1 and X in out; 0 when it does not open so (then only reading
 * it whole tells). */
static int schema_first(const char *path, char *out, size_t len)
{
	char buf[256], *p, *q;
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = 0;
	p = buf + strspn(buf, " \t\r\n");
	if (*p++ != '{')
		return 0;
	p += strspn(p, " \t\r\n");
	if (strncmp(p, "\"schema\"", 8))
		return 0;
	p += 8;
	p += strspn(p, " \t\r\n");
	if (*p++ != ':')
		return 0;
	p += strspn(p, " \t\r\n");
	if (*p++ != '"' || !(q = strchr(p, '"')) || memchr(p, '\\', (size_t)(q - p)) ||
	    (size_t)(q - p) >= len)
		return 0;
	memcpy(out, p, (size_t)(q - p));
	out[q - p] = 0;
	return 1;
}

int rtb_tune_is_file(const char *path)
{
	char first[64];

	/* a result file of 100 MB (256 CPUs, a day) took 2 s and 1 GB to
	 * parse here only to learn it is no tune file: its opening says so */
	if (schema_first(path, first, sizeof(first)) && strcmp(first, "rtbench-tune"))
		return 0;
	json_error_t je;
	json_t *j = json_load_file(path, JSON_DISABLE_EOF_CHECK, &je);
	json_t *s = j ? json_object_get(j, "schema") : NULL;
	int yes = json_is_string(s) && !strcmp(json_string_value(s), "rtbench-tune");

	json_decref(j);
	return yes;
}

int rtb_tune_load(const char *path, struct rtb_tune_run *t, char *err, size_t len)
{
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je), *ks, *s;
	int rc = 0;

	memset(t, 0, sizeof(*t));
	if (!j)
		return snprintf(err, len, "line %d column %d: %s", je.line, je.column, je.text), RTB_EFORMAT;
	s = json_object_get(j, "schema");
	if (!json_is_string(s) || strcmp(json_string_value(s), "rtbench-tune") ||
	    json_integer_value(json_object_get(j, "schema_version")) != 1) {
		snprintf(err, len, "not an rtbench-tune file of schema_version 1");
		rc = RTB_EFORMAT;
		goto out;
	}
	str(j, "date_utc", t->date_utc, sizeof(t->date_utc));
	str(j, "command_line", t->command_line, sizeof(t->command_line));
	str(j, "doctor", t->doctor, sizeof(t->doctor));
	str(j, "restored", t->restored, sizeof(t->restored));
	str(j, "together_why", t->together_why, sizeof(t->together_why));
	t->complete = json_is_true(json_object_get(j, "complete"));
	t->stop_signal = (int)json_integer_value(json_object_get(j, "stop_signal"));
	t->wall_s = dbl(j, "wall_s");
	s = json_object_get(j, "settings");
	str(s, "tests", t->tests, sizeof(t->tests));
	str(s, "cpus", t->cpus, sizeof(t->cpus));
	t->samples = (int)json_integer_value(json_object_get(s, "samples"));
	t->period_us = (int)json_integer_value(json_object_get(s, "period_us"));
	t->over_us = (int)json_integer_value(json_object_get(s, "over_us"));
	t->rounds = (int)json_integer_value(json_object_get(s, "rounds"));
	t->seed = (unsigned long)json_integer_value(json_object_get(s, "seed"));
	t->alpha = dbl(s, "alpha");
	ks = json_object_get(j, "knobs");
	if (!json_is_array(ks)) {
		snprintf(err, len, "no \"knobs\" array");
		rc = RTB_EFORMAT;
		goto out;
	}
	for (size_t i = 0; i < json_array_size(ks) && t->nk < RTB_TUNE_MAX_KNOBS && !rc; i++)
		rc = knob(json_array_get(ks, i), &t->k[t->nk++], err, len);
	s = json_object_get(j, "together");
	if (!rc && json_is_object(s)) {
		t->has_together = 1;
		rc = knob(s, &t->together, err, len);
	}
out:
	json_decref(j);
	if (rc)
		rtb_tune_run_free(t);
	return rc;
}

void rtb_tune_run_free(struct rtb_tune_run *t)
{
	for (int i = 0; i < t->nk; i++)
		rtb_tune_free(&t->k[i]);
	rtb_tune_free(&t->together);
	t->nk = 0;
}
