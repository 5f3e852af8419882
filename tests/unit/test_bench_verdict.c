/* SPDX-License-Identifier: Apache-2.0 */
/* test_bench_verdict - a benchmark's verdict is a generic, typed field of
 * the result file: the JSON writer writes {"value", "reason"} for any
 * metric that has one (not only sync.prio_inv), the reader reads it back,
 * a file without it (every file before it) still reads, a malformed one is
 * refused with one line, and compare (text and JSON) and check (text and
 * JUnit) show it without judging on it.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "check.h"
#include "host_testutil.h"
#include "host/cmd/host.h"
#include "host/read/resultfile.h"
#include "rtbench/err.h"
#include "rtbench/output.h"
#include "rtbench/result.h"

static int stream_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : RTB_EIO;
}

/* write_file - r as JSON into a new temporary file; its path in path. */
static void write_file(const struct rtb_result *r, char *path)
{
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	struct rtb_sink sk;

	if (!f)
		abort();
	rtb_sink_init(&sk, stream_write, f);
	CHECK_EQ_I(rtb_write_json(&sk, r), 0);
	fclose(f);
}

/* mk - one metric of another benchmark than prio_inv with a verdict, one
 * without; label names the system. */
static struct rtb_result *mk(const char *label, const char *value)
{
	struct rtb_result *r = calloc(1, sizeof(*r));
	struct rtb_metric *m;

	if (!r)
		abort();
	strcpy(r->fp.os, "Linux");
	strcpy(r->fp.hostname, label);
	strcpy(r->fp.os_release, "6.1.0");
	snprintf(r->set.label, sizeof(r->set.label), "%s", label);
	strcpy(r->set.load, "idle");
	r->set.final = 1; /* a whole run (check judges nothing less) */
	r->set.benches_done = r->set.benches_planned = 1;
	for (int k = 0; k < 2; k++) {
		if (rtb_metric_new(r, k ? "ipc.pipe.roundtrip" : "fake.answer", "x", 100, &m))
			abort();
		for (int i = 1; i <= 100; i++)
			rtb_metric_record(m, (uint64_t)i, 1000 + i * 3);
		rtb_metric_finish(m, 0);
	}
	CHECK_EQ_I(rtb_metric_set_verdict(rtb_metric_find(r, "fake.answer"), value,
					  "because of %s", label), 0);
	return r;
}

static void test_round_trip(void)
{
	struct rtb_result *r = mk("sysa", "bounded");
	char path[] = "/tmp/rtb-test-bv.XXXXXX", err[256];
	const struct rtb_rf_metric *m;
	struct rtb_rf rf;
	json_error_t je;
	json_t *root, *v;

	write_file(r, path);
	root = json_load_file(path, 0, &je);
	CHECK(root != NULL);
	v = json_object_get(json_array_get(json_object_get(root, "metrics"), 0), "verdict");
	CHECK(json_is_object(v));
	CHECK_STR(json_string_value(json_object_get(v, "value")), "bounded");
	CHECK_STR(json_string_value(json_object_get(v, "reason")), "because of sysa");
	/* no verdict: no key */
	CHECK(json_object_get(json_array_get(json_object_get(root, "metrics"), 1), "verdict") == NULL);
	json_decref(root);

	memset(&rf, 0, sizeof(rf));
	CHECK_EQ_I(rtb_rf_load(path, &rf, err, sizeof(err)), 0);
	m = rtb_rf_find(&rf, "fake.answer");
	CHECK(m && m->verdict && !strcmp(m->verdict, "bounded"));
	CHECK(m && m->verdict_reason && !strcmp(m->verdict_reason, "because of sysa"));
	m = rtb_rf_find(&rf, "ipc.pipe.roundtrip");
	CHECK(m && !m->verdict);
	rtb_rf_free(&rf);
	unlink(path);
	rtb_result_free(r);
	free(r);

	/* a file from before (the committed fixtures): reads, no verdict */
	memset(&rf, 0, sizeof(rf));
	CHECK_EQ_I(rtb_rf_load(tu_data("vx.json"), &rf, err, sizeof(err)), 0);
	for (size_t i = 0; i < rf.nmetrics; i++)
		CHECK(rf.metrics[i].verdict == NULL);
	rtb_rf_free(&rf);
}

/* refused - the file with metric 0's verdict replaced by js is refused,
 * with one line naming "verdict". */
static void refused(const char *js)
{
	struct rtb_result *r = mk("sysa", "bounded");
	char path[] = "/tmp/rtb-test-bv.XXXXXX", err[256];
	struct rtb_rf rf;
	json_error_t je;
	json_t *root;

	write_file(r, path);
	root = json_load_file(path, 0, &je);
	json_object_set_new(json_array_get(json_object_get(root, "metrics"), 0), "verdict",
			    json_loads(js, JSON_DECODE_ANY, &je));
	json_dump_file(root, path, 0);
	json_decref(root);
	memset(&rf, 0, sizeof(rf));
	CHECK_EQ_I(rtb_rf_load(path, &rf, err, sizeof(err)), RTB_EFORMAT);
	if (!strstr(err, "verdict") || strchr(err, '\n')) {
		fprintf(stderr, "%s: %s\n", js, err);
		check_failures++;
	}
	rtb_rf_free(&rf);
	unlink(path);
	rtb_result_free(r);
	free(r);
}

static void test_refused(void)
{
	refused("\"bounded\"");
	refused("{\"reason\": \"no value\"}");
	refused("{\"value\": \"Bounded\", \"reason\": \"capitals\"}");
	refused("{\"value\": \"\\u001b[2J\", \"reason\": \"a terminal sequence\"}");
	refused("{\"value\": \"bounded\", \"reason\": 5}");
}

/* test_shown - compare and check show each file's verdict */
static void test_shown(void)
{
	struct rtb_result *a = mk("sysa", "bounded"), *b = mk("sysb", "unbounded");
	char pa[] = "/tmp/rtb-test-bv.XXXXXX", pb[] = "/tmp/rtb-test-bv.XXXXXX", junit[] =
		"/tmp/rtb-test-bv.XXXXXX";
	char *out = NULL, *err = NULL;

	write_file(a, pa);
	write_file(b, pb);
	{
		char *argv[] = { "compare", pa, pb, NULL };

		CHECK_EQ_I(tu_run(rtb_host_compare, 3, argv, &out, &err), 0);
		CHECK(strstr(out, "sysa: the benchmark's verdict: bounded: because of sysa") != NULL);
		CHECK(strstr(out, "sysb: the benchmark's verdict: unbounded: because of sysb") != NULL);
		free(out);
		free(err);
	}
	{
		char *argv[] = { "compare", "-f", "json", pa, pb, NULL };
		json_error_t je;
		json_t *root, *ms, *cell = NULL;

		CHECK_EQ_I(tu_run(rtb_host_compare, 5, argv, &out, &err), 0);
		root = json_loads(out, 0, &je);
		ms = json_object_get(root, "metrics");
		for (size_t i = 0; i < json_array_size(ms); i++)
			if (!strcmp(json_string_value(json_object_get(json_array_get(ms, i), "id")),
				    "fake.answer"))
				cell = json_array_get(json_object_get(json_array_get(ms, i), "systems"), 1);
		CHECK(cell != NULL);
		if (cell)
			CHECK_STR(json_string_value(json_object_get(json_object_get(cell, "bench_verdict"),
								    "value")), "unbounded");
		json_decref(root);
		free(out);
		free(err);
	}
	{
		int fd = mkstemp(junit);
		char *argv[] = { "check", "--junit", junit, pb, NULL };
		char *x;

		close(fd);
		/* shown, not judged: an "unbounded" verdict does not fail check */
		CHECK_EQ_I(tu_run(rtb_host_check, 4, argv, &out, &err), 0);
		CHECK(strstr(out, "verdict fake.answer: unbounded: because of sysb\n") != NULL);
		CHECK(strstr(out, "verdict ipc.pipe.roundtrip") == NULL);
		x = tu_slurp(junit);
		CHECK(strstr(x, "<property name=\"verdict\" value=\"unbounded: because of sysb\"/>") != NULL);
		free(x);
		free(out);
		free(err);
		unlink(junit);
	}
	unlink(pa);
	unlink(pb);
	rtb_result_free(a);
	rtb_result_free(b);
	free(a);
	free(b);
}

int main(void)
{
	test_round_trip();
	test_refused();
	test_shown();
	return check_done();
}
