/* SPDX-License-Identifier: Apache-2.0 */
/* test_stat_names - the one table of statistic names (rtbench/stat_names.h)
 * is what the writers write and the reader reads: a result with a
 * measured, a histogram-mode and a skipped metric goes through the JSON
 * writer, is taken apart with jansson (neither side's code) and read back
 * with the host reader; every key of the table is in the file exactly where
 * the schema says (statistics only where something was measured), no
 * percentile-shaped key is in the file that the table does not have, and the
 * reader gives back for each key the value the writer wrote. The CSV header
 * and the text table's headings are the table's names too, and `check`
 * takes every key as a STAT and lists them all in its --help.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "check.h"
#include "host_testutil.h"
#include "host/cmd/host.h"
#include "rtbench/err.h"
#include "rtbench/output.h"
#include "rtbench/result.h"
#include "rtbench/stat_names.h"
#include "host/read/resultfile.h"

static int stream_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : RTB_EIO;
}

/* to_mem - fn(r) into a malloc'd string. */
static char *to_mem(int (*fn)(struct rtb_sink *, const struct rtb_result *),
		    const struct rtb_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	struct rtb_sink sk;

	if (!f)
		return NULL;
	rtb_sink_init(&sk, stream_write, f);
	CHECK_EQ_I(fn(&sk, r), 0);
	fclose(f);
	return buf;
}

/* test_table - names unique, the percentiles in rising order at the levels
 * the statistics are computed at, nothing else with a level. */
static void test_table(void)
{
	static const double levels[RTB_NPCT] = { 50, 90, 99, 99.9, 99.99, 99.999 };

	for (int s = 0; s < RTB_NSTAT; s++) {
		CHECK(rtb_stat_names[s].key && rtb_stat_names[s].label);
		for (int t = 0; t < s; t++) {
			CHECK(strcmp(rtb_stat_names[s].key, rtb_stat_names[t].key) != 0);
			CHECK(strcmp(rtb_stat_names[s].label, rtb_stat_names[t].label) != 0);
		}
		CHECK(rtb_stat_is_pct((enum rtb_stat)s) == (rtb_stat_names[s].pct > 0));
	}
	for (int k = 0; k < RTB_NPCT; k++) {
		CHECK(rtb_pct_level(k) == levels[k]);
		CHECK(rtb_pct_key(k)[0] == 'p');
	}
}

/* mk - one measured metric with every counter set, one in histogram mode,
 * one skipped. */
static struct rtb_result *mk(void)
{
	struct rtb_result *r = calloc(1, sizeof(*r));
	struct rtb_metric *m;

	if (!r)
		abort();
	strcpy(r->fp.os, "Linux");
	strcpy(r->fp.hostname, "h");
	strcpy(r->fp.os_release, "6.1.0");
	strcpy(r->set.label, "names");
	strcpy(r->set.load, "idle");
	if (rtb_metric_new(r, "sync.sem.take", "Semaphore take", 2000, &m))
		abort();
	rtb_metric_record(m, 0, 90000); /* the cold sample: "first" */
	for (int i = 1; i <= 2000; i++)
		rtb_metric_record(m, (uint64_t)i, 1000 + (i * 7919) % 100003);
	m->invalid = 3;
	m->overruns = 5;
	m->missed = 7;
	CHECK_EQ_I(rtb_metric_finish(m, 60000), 0);
	CHECK(m->over_deadline > 0);

	if (rtb_metric_new_hm(r, "irq.timer.nanosleep", "Timer wake-up", 0, 0, 0, NULL, &m))
		abort();
	for (int i = 1; i <= 5000; i++)
		rtb_metric_record(m, (uint64_t)i, 2000 + (i * 104729) % 50021);
	CHECK_EQ_I(rtb_metric_finish(m, 0), 0);

	if (rtb_metric_new(r, "ipc.pipe.roundtrip", "Pipe", 10, &m))
		abort();
	rtb_metric_skip(m, "not here");
	m->status = RTB_STATUS_SKIPPED;
	m->missed = 2;
	return r;
}

/* pct_shaped - a key the writer could mean as a percentile: p<digits...> */
static int pct_shaped(const char *k)
{
	return k[0] == 'p' && k[1] >= '0' && k[1] <= '9';
}

static void test_json_round_trip(void)
{
	struct rtb_result *r = mk();
	struct rtb_rf rf;
	char err[256];
	size_t len = 0;
	char *json = to_mem(rtb_write_json, r, &len);
	json_error_t jerr;
	json_t *root = json ? json_loadb(json, len, 0, &jerr) : NULL, *ms;

	CHECK(root != NULL);
	if (!root)
		return;
	memset(&rf, 0, sizeof(rf));
	CHECK_EQ_I(rtb_rf_parse(json, len, "names.json", &rf, err, sizeof(err)), 0);
	ms = json_object_get(root, "metrics");
	CHECK_EQ_I(json_array_size(ms), 3);
	for (size_t i = 0; i < json_array_size(ms); i++) {
		json_t *jm = json_array_get(ms, i), *v;
		const char *id = json_string_value(json_object_get(jm, "id")), *key;
		const struct rtb_metric *wm = rtb_metric_find(r, id);
		const struct rtb_rf_metric *rm = rtb_rf_find(&rf, id);
		int measured = wm && wm->status == RTB_STATUS_OK;

		CHECK(wm && rm);
		if (!wm || !rm)
			continue;
		for (int s = 0; s < RTB_NSTAT; s++) {
			const struct rtb_stat_name *n = &rtb_stat_names[s];
			int64_t wi = 0;
			double wd = 0, got = 0, want;
			int has = rtb_rf_stat(rm, (enum rtb_stat)s, &got);

			v = json_object_get(jm, n->key);
			if (!measured && (n->flags & RTB_STATF_STATS)) {
				/* the schema: no statistics where nothing was measured */
				CHECK(v == NULL);
				CHECK_EQ_I(has, 0);
				continue;
			}
			CHECK(v != NULL);
			CHECK_EQ_I(has, 1);
			if (!v)
				continue;
			CHECK(n->flags & RTB_STATF_REAL ? json_is_number(v) : json_is_integer(v));
			rtb_metric_stat(wm, (enum rtb_stat)s, &wi, &wd);
			want = n->flags & RTB_STATF_REAL ? wd : (double)wi;
			if (s == RTB_STAT_COUNT && !measured)
				want = 0;
			if (fabs(json_number_value(v) - want) > 1e-9 * fabs(want) ||
			    fabs(got - want) > 1e-9 * fabs(want)) {
				fprintf(stderr, "%s %s: written %.17g, in the file %.17g, read %.17g\n",
					id, n->key, want, json_number_value(v), got);
				check_failures++;
			}
		}
		/* a percentile the writer writes is one the table (and so the
		 * reader) knows */
		json_object_foreach(jm, key, v) {
			int known = 0;

			if (!pct_shaped(key))
				continue;
			for (int s = 0; s < RTB_NSTAT; s++)
				known |= !strcmp(key, rtb_stat_names[s].key);
			if (!known) {
				fprintf(stderr, "%s: key \"%s\" is not in stat_names.h\n", id, key);
				check_failures++;
			}
		}
	}
	/* the two measured metrics had distinct values in every percentile */
	CHECK(rtb_rf_find(&rf, "sync.sem.take")->pct[0] < rtb_rf_find(&rf, "sync.sem.take")->pct[2]);
	rtb_rf_free(&rf);
	json_decref(root);
	free(json);
	rtb_result_free(r);
	free(r);
}

/* test_headings - the CSV header's statistic columns are the table's keys
 * in its order, and the text table's headings its labels. */
static void test_headings(void)
{
	struct rtb_result *r = mk();
	size_t len = 0;
	char *csv = to_mem(rtb_write_csv, r, &len), *txt, *nl;
	char want[512] = "label,id,status";

	for (int s = 0; s < RTB_NSTAT; s++) {
		if (s == RTB_STAT_P99_999) /* no CSV column (output.h) */
			continue;
		if (s == RTB_STAT_INVALID)
			strcat(want, ",first");
		strcat(want, ",");
		strcat(want, rtb_stat_names[s].key);
	}
	strcat(want, ",pct_resolution_pct,note"); /* what weakened it (csv.c) */
	CHECK(csv != NULL);
	if (csv && (nl = strchr(csv, '\n'))) {
		*nl = 0;
		CHECK_STR(csv, want);
	}
	txt = to_mem(rtb_write_text, r, &len);
	CHECK(txt && strstr(txt, "measurement"));
	for (int s = RTB_STAT_COUNT; txt && s <= RTB_STAT_P99_9; s++)
		if (s != RTB_STAT_P99_99 && s != RTB_STAT_P99_999) {
			char h[32];

			snprintf(h, sizeof(h), " %s ", rtb_stat_names[s].label);
			CHECK(strstr(txt, h) != NULL);
		}
	free(txt);
	free(csv);
	rtb_result_free(r);
	free(r);
}

/* test_check_stats - `check --fail-if` knows every key of the table (a
 * rule on each, against a file that has them all, is judged: RTB_ECHECK,
 * exit 1, for "> -1" on every figure), and its --help's STAT list is the
 * table. */
static void test_check_stats(void)
{
	struct rtb_result *r = mk();
	char path[] = "/tmp/rtb-test-names.XXXXXX", rule[64], *out = NULL, *err = NULL, *p;
	int fd = mkstemp(path);
	size_t len = 0;
	char *json = to_mem(rtb_write_json, r, &len);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	CHECK(f && json);
	if (!f || !json)
		return;
	fwrite(json, 1, len, f);
	fclose(f);
	for (int s = 0; s < RTB_NSTAT; s++) {
		char *argv[] = { "check", "--fail-if", rule, path, NULL };

		snprintf(rule, sizeof(rule), "sync.sem.take:%s>-1%s", rtb_stat_names[s].key,
			 rtb_stat_names[s].flags & RTB_STATF_TIME ? "ns" : "");
		CHECK_EQ_I(tu_run(rtb_host_check, 4, argv, &out, &err), RTB_ECHECK);
		if (!strstr(out, rtb_stat_names[s].key)) {
			fprintf(stderr, "check %s: no failing line naming it:\n%s%s", rule, out, err);
			check_failures++;
		}
		free(out);
		free(err);
	}
	{
		char *argv[] = { "check", "--help", NULL };
		char want[512] = "STAT";

		tu_run(rtb_host_check, 2, argv, &out, &err);
		for (int s = 0; s < RTB_NSTAT; s++) {
			strcat(want, " ");
			strcat(want, rtb_stat_names[s].key);
		}
		/* the help's list with its line breaks, indent and ';' folded
		 * into single blanks */
		for (p = out; p && *p; p++)
			if (*p == '\n' || *p == ';')
				*p = ' ';
		for (char *q = out, *w = out; q; q++) {
			if (*q == ' ' && w > out && w[-1] == ' ')
				continue;
			if (!(*w++ = *q))
				break;
		}
		if (!out || !strstr(out, want)) {
			fprintf(stderr, "check --help does not list: %s\n", want);
			check_failures++;
		}
		free(out);
		free(err);
	}
	unlink(path);
	free(json);
	rtb_result_free(r);
	free(r);
}

int main(void)
{
	test_table();
	test_json_round_trip();
	test_headings();
	test_check_stats();
	return check_done();
}
