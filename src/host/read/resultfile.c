/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - load and validate a result file (docs/json-schema.md).
 *
 * jansson parses; this file checks the shape. Every refusal names what is
 * wrong precisely enough to fix the file by hand: the metric (index and id),
 * the key, and for syntax errors the line and column jansson reports.
 * Typed key access is in rf_json.c, one metric's checks in rf_metric.c. */
#include <errno.h>
#include <malloc.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtbench/emulation.h"
#include "rtbench/err.h"
#include "host/read/rf_int.h"
#include "host/read/rttests.h"
#include "host/read/rtla.h"
#include "rtbench/escape.h"
#include "host/base/strbuf.h"

/* Refuse anything bigger: a result file of 10^7 samples is ~100 MB. */
#define RF_MAX_FILE_BYTES (1024u * 1024u * 1024u)


/* rf_emulation - "system.emulation": absent/null, or an object with a
 * string "emulator", an integer "icount_shift" (-1 = no icount) and
 * optional "version", "machine", "accel" (string or null), "vcpus"
 * (integer >= 1 or null). */
static int rf_emulation(struct rf_ctx *c, json_t *root, struct rtb_rf_emulation *e)
{
	json_t *sys = json_object_get(root, "system");
	json_t *j = json_is_object(sys) ? json_object_get(sys, "emulation") : NULL;
	int64_t v = 0;
	int has = 0, rc;

	e->icount_shift = -1;
	if (!j || json_is_null(j))
		return 0;
	snprintf(c->where, sizeof(c->where), "system.emulation: ");
	if (!json_is_object(j))
		return rtb_rf_fail(c, RTB_EFORMAT, "must be an object or null");
	if (!json_is_string(json_object_get(j, "emulator")) ||
	    !json_string_length(json_object_get(j, "emulator")))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"emulator\" must be a non-empty string");
	if ((rc = rtb_rf_opt_str(c, j, "emulator", 0, &e->emulator)) ||
	    (rc = rtb_rf_opt_str(c, j, "version", 0, &e->version)) ||
	    (rc = rtb_rf_opt_str(c, j, "machine", 0, &e->machine)) ||
	    (rc = rtb_rf_opt_str(c, j, "accel", 0, &e->accel)))
		return rc;
	if ((rc = rtb_rf_req_int(c, j, "icount_shift", &v)))
		return rc;
	if (v < -1 || v > 62)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"icount_shift\" is %lld, not -1 to 62", (long long)v);
	e->icount_shift = (int)v;
	v = 0;
	if ((rc = rtb_rf_opt_int(c, j, "vcpus", &v, &has)))
		return rc;
	if (has && (v < 1 || v > 1000000))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"vcpus\" is %lld, not a positive count", (long long)v);
	e->vcpus = has ? (int)v : 0;
	e->present = 1;
	c->where[0] = 0;
	return 0;
}

/* rtb_rf_emulation_line - the EMULATED sentence (emulation.h's wording). */
const char *rtb_rf_emulation_line(const struct rtb_rf *r, char *buf, size_t len)
{
	if (!len)
		return buf;
	buf[0] = 0;
	if (!r->emu.present)
		return buf;
	if (r->emu.icount_shift >= 0)
		snprintf(buf, len, RTB_EMULATED_FMT, r->emu.icount_shift);
	else
		snprintf(buf, len, "%s", RTB_EMULATED_NOICOUNT);
	return buf;
}

enum rtb_rf_kind rtb_rf_kind(const struct rtb_rf *r)
{
	if (!r->emu.present)
		return RTB_RF_REAL;
	return r->emu.icount_shift >= 0 ? RTB_RF_INSNS : RTB_RF_EMU_NOISE;
}

const char *rtb_rf_kind_word(const struct rtb_rf *r, char *buf, size_t len)
{
	switch (rtb_rf_kind(r)) {
	case RTB_RF_INSNS:
		snprintf(buf, len, "emulated: instruction counts (%s%s%s, -icount shift %d: %d ns an "
			 "instruction)", r->emu.emulator, r->emu.machine[0] ? " -M " : "", r->emu.machine,
			 r->emu.icount_shift, 1 << (r->emu.icount_shift < 20 ? r->emu.icount_shift : 0));
		break;
	case RTB_RF_EMU_NOISE:
		snprintf(buf, len, "emulated without -icount: host noise (%s)", r->emu.emulator);
		break;
	default:
		snprintf(buf, len, "real time");
		break;
	}
	return buf;
}

const char *rtb_rf_kind_token(const struct rtb_rf *r)
{
	static const char *const tok[] = { "real", "emulated-icount", "emulated-noicount" };

	return tok[rtb_rf_kind(r)];
}

/* rf_label - the label the user gave, else one built from the fingerprint
 * the way `rtbench run` builds it, else the file's base name. */
static char *rf_label(json_t *root, const char *path)
{
	json_t *l = json_object_get(root, "label"), *sys = json_object_get(root, "system");
	const char *host = json_string_value(json_object_get(sys, "hostname"));
	const char *rel = json_string_value(json_object_get(sys, "kernel_release"));
	const char *base = strrchr(path, '/');

	if (json_is_string(l) && json_string_length(l))
		return rtb_rf_strdup(json_string_value(l));
	if (host && *host && rel && *rel)
	{
		char *both = rtb_sb_strdup_printf("%s-%s", host, rel), *esc;
		if (!both)
			return NULL;
		esc = rtb_rf_strdup(both);
		free(both);
		return esc;
	}
	return rtb_rf_strdup(base ? base + 1 : path);
}

static int rf_validate(struct rf_ctx *c, json_t *root, struct rtb_rf *r)
{
	json_t *schema, *ver, *tool, *mets, *w, *e;
	const char *tname;
	size_t i;
	int rc;

	if (!json_is_object(root))
		return rtb_rf_fail(c, RTB_EFORMAT,
				   "not an rtbench result file (top level is not a JSON object)");
	schema = json_object_get(root, "schema");
	tool = json_object_get(root, "tool");
	tname = json_string_value(json_object_get(tool, "name"));
	if (!json_is_string(schema) || strcmp(json_string_value(schema), RTB_RF_SCHEMA)) {
		if (json_is_string(schema))
			return rtb_rf_fail(c, RTB_EFORMAT,
					   "not an rtbench result file (schema \"%.60s\"%s%.40s%s, expected \"%s\")",
					   json_string_value(schema), tname ? ", tool \"" : "",
					   tname ? tname : "", tname ? "\"" : "", RTB_RF_SCHEMA);
		return rtb_rf_fail(c, RTB_EFORMAT,
				   "not an rtbench result file (no \"schema\": \"%s\" key%s%.40s%s)",
				   RTB_RF_SCHEMA, tname ? "; written by \"" : "",
				   tname ? tname : "", tname ? "\"" : "");
	}
	ver = json_object_get(root, "schema_version");
	if (!json_is_integer(ver) || json_integer_value(ver) < 1)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"schema_version\" must be an integer >= 1");
	if (json_integer_value(ver) > RTB_RF_SCHEMA_VERSION)
		return rtb_rf_fail(c, RTB_EFORMAT,
				   "schema_version %lld is newer than this rtbench reads (%d); use a newer rtbench",
				   (long long)json_integer_value(ver), RTB_RF_SCHEMA_VERSION);
	r->schema_version = (int)json_integer_value(ver);
	if (tool && !json_is_object(tool))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"tool\" must be an object");
	if ((rc = rtb_rf_opt_str(c, root, "date_utc", 0, &r->date_utc)) ||
	    (rc = rtb_rf_opt_str(c, root, "command_line", 0, &r->command_line)) ||
	    (rc = rtb_rf_opt_bool(c, root, "complete", 1, &r->complete)) ||
	    (rc = rtb_rf_opt_bool(c, root, "degraded", 0, &r->degraded)))
		return rc;
	json_t *pg = json_object_get(root, "progress");
	if (pg && !json_is_null(pg)) {
		int hd = 0, hp = 0;
		if (!json_is_object(pg))
			return rtb_rf_fail(c, RTB_EFORMAT, "\"progress\" must be an object");
		if ((rc = rtb_rf_opt_int(c, pg, "benchmarks_done", &r->benches_done, &hd)) ||
		    (rc = rtb_rf_opt_int(c, pg, "benchmarks_planned", &r->benches_planned, &hp)))
			return rc;
		if (hd && hp && (r->benches_done < 0 || r->benches_planned < 0 ||
				 r->benches_done > r->benches_planned))
			return rtb_rf_fail(c, RTB_EFORMAT, "\"progress\": %lld of %lld benchmarks done is impossible",
					   (long long)r->benches_done, (long long)r->benches_planned);
		r->has_progress = hd && hp;
	}
	json_t *st = json_object_get(root, "settings");
	if (json_is_object(st)) {
		json_t *lr = json_object_get(st, "long_run");
		r->load_failed = json_is_true(json_object_get(st, "load_failed"));
		if (json_is_object(lr)) {
			const char *ended = json_string_value(json_object_get(lr, "ended"));
			r->has_long = 1;
			snprintf(r->long_ended, sizeof(r->long_ended), "%s", ended ? ended : "");
			if ((rc = rtb_rf_opt_int(c, lr, "measured_ns", &r->long_measured_ns, NULL)) ||
			    (rc = rtb_rf_opt_int(c, lr, "duration_ns", &r->long_duration_ns, NULL)) ||
			    (rc = rtb_rf_opt_int(c, lr, "signal", &r->long_signal, NULL)) ||
			    (rc = rtb_rf_opt_int(c, lr, "ncpus", &r->long_ncpus, NULL)))
				return rc;
			if (r->long_ncpus < 0 || r->long_ncpus > 65536)
				r->long_ncpus = 0;
		}
	}
	if (json_object_get(root, "label") && !json_is_string(json_object_get(root, "label")) &&
	    !json_is_null(json_object_get(root, "label")))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"label\" must be a string");
	r->tool_name = rtb_rf_strdup(tname ? tname : "");
	r->tool_version = rtb_rf_strdup(json_string_value(json_object_get(tool, "version")));
	r->label = rf_label(root, r->path);
	if (!r->tool_name || !r->tool_version || !r->label)
		return RTB_ENOMEM;
	w = json_object_get(root, "warnings");
	if (w && !json_is_null(w)) {
		if (!json_is_array(w))
			return rtb_rf_fail(c, RTB_EFORMAT, "\"warnings\" must be an array of strings");
		r->warnings = calloc(json_array_size(w) + 1, sizeof(char *));
		if (!r->warnings)
			return RTB_ENOMEM;
		json_array_foreach(w, i, e) {
			if (!json_is_string(e))
				return rtb_rf_fail(c, RTB_EFORMAT, "warnings[%zu] is not a string", i);
			if (!(r->warnings[i] = rtb_rf_strdup(json_string_value(e))))
				return RTB_ENOMEM;
			r->nwarnings = i + 1;
		}
	}
	if ((rc = rtb_rf_read_kvlist(c, root, "system", &r->system)) ||
	    (rc = rtb_rf_read_kvlist(c, root, "clock", &r->clock)) ||
	    (rc = rtb_rf_read_kvlist(c, root, "settings", &r->settings)) ||
	    (rc = rf_emulation(c, root, &r->emu)))
		return rc;
	mets = json_object_get(root, "metrics");
	if (!mets)
		return rtb_rf_fail(c, RTB_EFORMAT, "\"metrics\" is missing");
	if (!json_is_array(mets))
		return rtb_rf_fail(c, RTB_EFORMAT, "\"metrics\" must be an array");
	r->metrics = calloc(json_array_size(mets) + 1, sizeof(*r->metrics));
	if (!r->metrics)
		return RTB_ENOMEM;
	if (rtb_idset_reserve(&r->idx, json_array_size(mets)))
		return RTB_ENOMEM;
	json_array_foreach(mets, i, e) {
		r->nmetrics = i + 1;
		if ((rc = rtb_rf_read_metric(c, e, i, &r->metrics[i])))
			return rc;
		/* duplicates through the id set: linear in the number of metrics */
		rc = rtb_idset_add(&r->idx, r->metrics[i].id, i, NULL);
		if (rc == 1)
			return rtb_rf_fail(c, RTB_EFORMAT, "metric \"%.80s\" appears twice",
					   r->metrics[i].id);
		if (rc)
			return rc;
	}
	return 0;
}

/* The reader's memory budget. jansson's tree of a result file costs far
 * more than the file's text: an empty array is 3 bytes of text and ~110
 * of tree, so a 21 MB file of empty arrays under "system" took 1.0 GB,
 * and under a memory limit the failure read as "malformed JSON at line -1".
 * Every allocation jansson makes is counted (malloc_usable_size, so a
 * block allocated before the count began is freed without harm) and,
 * while a file is read, refused past RF_MEM_BASE + RF_MEM_PER_BYTE times
 * its size. A result file as rtbench writes it needs ~11x its text
 * (tests/data/long64.json: refused at 10x, read at 12x), a histogram's
 * [value,count] pairs at most ~17x; empty arrays ~37x. A refusal says it
 * is one; jansson's own out of memory (a process limit) is said so too. */
#ifndef RF_MEM_BASE /* (a build may probe smaller ones) */
#define RF_MEM_BASE ((size_t)64 << 20)
#endif
#ifndef RF_MEM_PER_BYTE
#define RF_MEM_PER_BYTE 24
#endif
static size_t mem_used, mem_budget; /* bytes; budget 0: no budget */
static int mem_over;                /* an allocation was refused */
static int mem_out;                 /* malloc itself failed (a process limit) */

static void *budget_malloc(size_t n)
{
	void *p;

	if (mem_budget && (n > mem_budget || mem_used > mem_budget - n)) {
		mem_over = 1;
		return NULL;
	}
	p = malloc(n);
	if (p)
		mem_used += malloc_usable_size(p);
	else
		mem_out = 1;
	return p;
}

static void budget_free(void *p)
{
	size_t n = p ? malloc_usable_size(p) : 0;

	mem_used = n > mem_used ? 0 : mem_used - n;
	free(p);
}

/* budget_begin - count jansson's allocations (installed once, before the
 * first tree of the process is made by the reader) and bound them for a
 * file of len bytes. */
static void budget_begin(size_t len)
{
	static int installed;

	if (!installed) {
		json_set_alloc_funcs(budget_malloc, budget_free);
		installed = 1;
	}
	mem_over = mem_out = 0;
	mem_budget = RF_MEM_BASE + (len > (SIZE_MAX - RF_MEM_BASE) / RF_MEM_PER_BYTE ?
				    SIZE_MAX - RF_MEM_BASE : len * RF_MEM_PER_BYTE);
	mem_used = 0;
}

/* parse_once - rtb_rf_parse, with the metrics' intervals and rounds cut
 * from the text first when fast (rf_rows.c): 1 when that way declined or
 * failed (read the whole file with jansson then, for its own words) */
static int parse_once(const char *buf, size_t len, const char *name, struct rtb_rf *out, char *err,
		      size_t errlen, int fast)
{
	struct rf_ctx c = { .err = err, .errlen = errlen };
	struct rf_fast cut = { 0 };
	json_error_t je;
	json_t *root;
	int rc;

	memset(out, 0, sizeof(*out));
	err[0] = 0;
	out->path = rtb_rf_strdup(name);
	if (!out->path)
		return rtb_rf_fail(&c, RTB_ENOMEM, "out of memory");
	if (len == 0) {
		rtb_rf_free(out);
		return rtb_rf_fail(&c, RTB_EFORMAT, "empty file, not JSON");
	}
	/* rtla timerlat hist text: read as the rtbench result it converts to */
	if (rtb_rtla_detect(buf, len)) {
		fast = 0;
		root = rtb_rtla_convert(buf, len, name, err, errlen);
		if (!root) {
			rtb_esc_in_place(err, errlen); /* one printable line */
			rtb_rf_free(out);
			return RTB_EFORMAT;
		}
		goto validate;
	}
	/* Duplicate keys would make "which value counts" a guess: refuse them. */
	budget_begin(len);
	if (fast) {
		if (rtb_rf_fast_cut(buf, len, mem_budget, &cut)) {
			rtb_rf_free(out);
			return 1;
		}
		c.fast = &cut;
		root = json_loadb(cut.text, cut.len, JSON_REJECT_DUPLICATES, &je);
	} else {
		root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	}
	if (!root && fast) {
		rtb_rf_fast_free(&cut);
		rtb_rf_free(out);
		return 1;
	}
	if (!root) {
		size_t budget = mem_budget;

		rtb_rf_free(out);
		mem_budget = 0;
		if (mem_over)
			return rtb_rf_fail(&c, RTB_EFORMAT, "refused: reading its JSON needs more than %zu MiB "
				       "(the reader's budget for its %zu bytes: %zu MiB and %zu bytes per byte): "
				       "far more values than a result file holds", budget >> 20, len,
				       (size_t)(RF_MEM_BASE) >> 20, (size_t)(RF_MEM_PER_BYTE));
		/* jansson says "malformed JSON at line -1" of a failed
		 * allocation: out of memory is said as such, and like the
		 * budget's refusal is this input not read (exit 2), never a
		 * gate's failed case (1) */
		if (mem_out || json_error_code(&je) == json_error_out_of_memory)
			return rtb_rf_fail(&c, RTB_EFORMAT, "out of memory reading its JSON (%zu bytes; the "
				       "process's memory limit)", len);
		if (json_error_code(&je) == json_error_premature_end_of_input)
			return rtb_rf_fail(&c, RTB_EFORMAT,
					   "truncated JSON: input ends at line %d, column %d",
					   je.line, je.column);
		return rtb_rf_fail(&c, RTB_EFORMAT, "malformed JSON at line %d, column %d: %s",
				   je.line, je.column, je.text);
	}
	/* rt-tests --json output: read as the rtbench result it converts to */
	if (rtb_rttests_detect(root)) {
		if (fast) {  /* converted from its tree: nothing may be cut */
			json_decref(root);
			rtb_rf_fast_free(&cut);
			rtb_rf_free(out);
			mem_budget = 0;
			return 1;
		}
		json_t *conv = rtb_rttests_convert(root, err, errlen);

		json_decref(root);
		if (!conv) {
			rtb_esc_in_place(err, errlen);
			rtb_rf_free(out);
			mem_budget = 0;
			return RTB_EFORMAT;
		}
		root = conv;
	}
validate:
	rc = rf_validate(&c, root, out);
	json_decref(root);
	mem_budget = 0;
	if (fast)
		rtb_rf_fast_free(&cut);
	if (rc && fast) {
		rtb_rf_free(out);
		return 1;
	}
	if (rc == RTB_ENOMEM && !err[0])
		rtb_rf_fail(&c, rc, "out of memory");
	if (rc)
		rtb_rf_free(out);
	return rc;
}

/* rtb_rf_parse - resultfile.h. RTB_READER=jansson reads every file the
 * whole way with jansson (tests/e2e/scale.sh compares the two ways). */
int rtb_rf_parse(const char *buf, size_t len, const char *name,
		 struct rtb_rf *out, char *err, size_t errlen)
{
	const char *how = getenv("RTB_READER");
	int rc = how && !strcmp(how, "jansson") ? 1 : parse_once(buf, len, name, out, err, errlen, 1);

	return rc == 1 ? parse_once(buf, len, name, out, err, errlen, 0) : rc;
}

int rtb_rf_load(const char *path, struct rtb_rf *out, char *err, size_t errlen)
{
	struct rf_ctx c = { .err = err, .errlen = errlen };
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	FILE *f;
	int rc;

	memset(out, 0, sizeof(*out));
	err[0] = 0;
	f = fopen(path, "rb");
	if (!f)
		return rtb_rf_fail(&c, RTB_EIO, "cannot open: %s", strerror(errno));
	/* refuse early: a device (/dev/zero was read up to the cap) or a
	 * regular file over the cap, before reading a byte; a pipe is read
	 * up to the cap */
	struct stat st;
	if (fstat(fileno(f), &st) == 0) {
		if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISDIR(st.st_mode) || S_ISSOCK(st.st_mode)) {
			rc = rtb_rf_fail(&c, RTB_EFORMAT, "a %s, not a result file",
					 S_ISCHR(st.st_mode) ? "character device" : S_ISBLK(st.st_mode) ?
					 "block device" : S_ISDIR(st.st_mode) ? "directory" : "socket");
			goto out;
		}
		if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > RF_MAX_FILE_BYTES) {
			rc = rtb_rf_fail(&c, RTB_EFORMAT, "%lld bytes, larger than %u: not a result file",
					 (long long)st.st_size, RF_MAX_FILE_BYTES);
			goto out;
		}
	}
	for (;;) {
		if (len == cap) {
			char *nb;

			cap = cap ? cap * 2 : 65536;
			if (cap > RF_MAX_FILE_BYTES) {
				rc = rtb_rf_fail(&c, RTB_EFORMAT, "larger than %u bytes, not a result file",
						 RF_MAX_FILE_BYTES);
				goto out;
			}
			nb = realloc(buf, cap);
			if (!nb) {
				rc = rtb_rf_fail(&c, RTB_ENOMEM, "out of memory");
				goto out;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		rc = rtb_rf_fail(&c, RTB_EIO, "read error: %s", strerror(errno));
		goto out;
	}
	rc = rtb_rf_parse(buf, len, path, out, err, errlen);
out:
	free(buf);
	fclose(f);
	return rc;
}

static void rf_kv_free(struct rtb_rf_kvlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->kv[i].key);
		free(l->kv[i].value);
	}
	free(l->kv);
	l->kv = NULL;
	l->n = 0;
}

void rtb_rf_free(struct rtb_rf *r)
{
	size_t i;

	for (i = 0; i < r->nmetrics; i++) {
		struct rtb_rf_metric *m = &r->metrics[i];

		free(m->id);
		free(m->title);
		free(m->study_table);
		free(m->group);
		free(m->unit);
		free(m->status);
		free(m->method);
		free(m->note);
		free(m->verdict);
		free(m->verdict_reason);
		free(m->buckets);
		free(m->samples);
		free(m->rounds);
		free(m->reservoir);
		free(m->lin);
		rtb_rf_worst_free(m);
		free(m->intervals);
		free(m->worst);
	}
	free(r->metrics);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	rf_kv_free(&r->system);
	rf_kv_free(&r->clock);
	rf_kv_free(&r->settings);
	free(r->emu.emulator);
	free(r->emu.version);
	free(r->emu.machine);
	free(r->emu.accel);
	free(r->path);
	free(r->label);
	free(r->date_utc);
	rtb_idset_free(&r->idx);
	free(r->command_line);
	free(r->tool_name);
	free(r->tool_version);
	memset(r, 0, sizeof(*r));
}

const struct rtb_rf_metric *rtb_rf_find(const struct rtb_rf *r, const char *id)
{
	size_t i;

	if (r->idx.n)
		return rtb_idset_find(&r->idx, id, &i) ? &r->metrics[i] : NULL;
	for (i = 0; i < r->nmetrics; i++) {
		if (!strcmp(r->metrics[i].id, id))
			return &r->metrics[i];
	}
	return NULL;
}

const char *rtb_rf_kv_get(const struct rtb_rf_kvlist *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (!strcmp(l->kv[i].key, key))
			return l->kv[i].value;
	}
	return NULL;
}
