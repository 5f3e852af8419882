/* SPDX-License-Identifier: Apache-2.0 */
/* test_json - the byte sink, the JSON, CSV and raw writers, and the POSIX
 * port's atomic output file.
 *
 * A small result is built by hand (fields filled directly, so this test
 * does not depend on the result-building code) and its JSON compared byte
 * for byte with tests/data/golden_result.json. To regenerate the golden file
 * after an intended format change, run with RTB_UPDATE_GOLDEN=1 from the
 * source tree root and review the diff.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/output.h"
#include "rtbench/port.h"
#include "rtbench/result.h"

#ifdef RTB_HAVE_HOST
#include <jansson.h>
#endif

/* golden_path - tests/data/golden_result.json, found from this file's
 * path as compiled (tests/unit/test_json.c, relative to the tree root). */
static const char *golden_path(void)
{
	static char buf[512];
	const char *src = __FILE__, *cut = strstr(src, "unit/test_json.c");

	if (!cut)
		return "tests/data/golden_result.json";
	snprintf(buf, sizeof(buf), "%.*sdata/golden_result.json",
		 (int)(cut - src), src);
	return buf;
}

/* stream_write - a sink callback over a stdio stream (open_memstream). */
static int stream_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : RTB_EIO;
}

/* escaped - rtb_json_escape(s) as a malloc'd string. */
static char *escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	struct rtb_sink sk;

	if (!f)
		return NULL;
	rtb_sink_init(&sk, stream_write, f);
	rtb_json_escape(&sk, s);
	fclose(f);
	return buf;
}

static void check_escape(const char *in, const char *want)
{
	char *got = escaped(in);

	CHECK(got != NULL);
	if (got)
		CHECK_STR(got, want);
	free(got);
}

static void test_escape(void)
{
	check_escape("", "\"\"");
	check_escape("plain text", "\"plain text\"");
	check_escape("say \"hi\"", "\"say \\\"hi\\\"\"");
	check_escape("C:\\dir\\", "\"C:\\\\dir\\\\\"");
	check_escape("a\nb\r\tc", "\"a\\nb\\r\\tc\"");
	check_escape("\b\f", "\"\\b\\f\"");
	check_escape("\x01\x1f\x7f", "\"\\u0001\\u001f\x7f\"");
	check_escape("/ stays", "\"/ stays\"");
	/* valid UTF-8 passes through: 2, 3 and 4-byte sequences */
	check_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
		     "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	/* invalid bytes become U+FFFD: Latin-1, truncated, overlong, surrogate */
	check_escape("caf\xe9", "\"caf\\ufffd\"");
	check_escape("x\xe2\x82", "\"x\\ufffd\\ufffd\"");
	check_escape("\xc0\xaf", "\"\\ufffd\\ufffd\"");
	check_escape("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
	check_escape("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
	check_escape(NULL, "null");
}

/* mk_metric - a finished metric built field by field, as
 * rtb_metric_new + rtb_metric_record + rtb_metric_finish would leave it. */
static struct rtb_metric *mk_metric(const char *id, const char *title,
				    enum rtb_metric_status st,
				    const int64_t *v, size_t n)
{
	struct rtb_metric *m = calloc(1, sizeof(*m));
	int64_t *scratch = NULL;

	if (!m)
		return NULL;
	snprintf(m->id, sizeof(m->id), "%s", id);
	snprintf(m->title, sizeof(m->title), "%s", title);
	m->status = st;
	rtb_hist_init(&m->hist, RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT,
		      m->hist_store, sizeof(m->hist_store) / sizeof(m->hist_store[0]));
	if (n) {
		m->samples = malloc(n * sizeof(*v));
		scratch = malloc(n * sizeof(*v));
		if (!m->samples || !scratch) {
			free(m->samples);
			free(scratch);
			free(m);
			return NULL;
		}
		memcpy(m->samples, v, n * sizeof(*v));
		m->count = m->capacity = n;
		for (size_t i = 0; i < n; i++)
			rtb_hist_record(&m->hist, v[i]);
		rtb_stats_compute(m->samples, n, scratch, &m->stats);
		free(scratch);
	}
	return m;
}

static void free_result(struct rtb_result *r)
{
	for (int i = 0; i < r->nmetrics; i++) {
		if (r->metrics[i])
			free(r->metrics[i]->samples);
		free(r->metrics[i]);
	}
	free(r);
}

static struct rtb_result *mk_result(void)
{
	static const int64_t s1[] = { 2400, 2000, 2200, 2000, 2400 };
	static const int64_t s2[] = { 35, 20, 50 };
	static const int64_t s5[] = { 5, 6, 7 };
	int64_t s4[20];
	struct rtb_result *r = calloc(1, sizeof(*r));
	struct rtb_fingerprint *fp;
	struct rtb_metric *m;

	if (!r)
		return NULL;
	fp = &r->fp;
	strcpy(fp->os, "Linux");
	strcpy(fp->hostname, "golden-host");
	strcpy(fp->os_release, "6.1.0-test");
	strcpy(fp->machine, "x86_64");
	strcpy(fp->preempt_model, "PREEMPT_DYNAMIC (none)");
	strcpy(fp->cpu_model, "Test CPU @ 2.00GHz");
	strcpy(fp->clocksource, "tsc");
	strcpy(fp->virt, "kvm");
	fp->ncpus = 4;
	fp->realtime = 0;
	fp->rr_quantum_ms = -2;       /* unknown -> null */
	rtb_fp_fact(fp, "kernel_version", "#1 SMP PREEMPT_DYNAMIC \"test\"");
	rtb_fp_fact_int(fp, "rt_runtime_us", 950000);
	rtb_fp_fact_int(fp, "rt_period_us", 1000000);
	rtb_fp_fact(fp, "cpu_governor", "");
	rtb_fp_fact(fp, "idle_driver", "haltpoll");
	rtb_fp_fact(fp, "isolated_cpus", "2-3");
	rtb_fp_fact_int(fp, "unreadable", -2);   /* unknown -> null */
	rtb_fp_fact(fp, "kernel_release", "x"); /* repeats a neutral key: left out */
	fp->emulation.present = 1;
	strcpy(fp->emulation.emulator, "qemu-system-x86_64");
	strcpy(fp->emulation.machine, "q35");     /* version, accel unknown: null */
	fp->emulation.icount_shift = 3;
	fp->emulation.vcpus = 1;

	strcpy(r->clock.source, "tsc");
	strcpy(r->clock.note, "");
	r->clock.ticks_per_ns = 2.45;
	r->clock.calib_window_ns = 100000000;
	r->clock.calib_ppm = 3.1;
	r->clock.mono_res_ns = 1;
	r->clock.invariant = 1;
	r->clock_read_ns = 11;
	r->clock_bare_read_ns = 10;
	r->loop_overhead_ns = 22;

	strcpy(r->set.label, "golden, \"test\"");
	strcpy(r->set.command_line, "rtbench run --json a.json");
	strcpy(r->set.date_utc, "2026-01-02T03:04:05Z");
	strcpy(r->set.rtbench_version, "0.1.0");
	r->set.samples = -1;
	r->set.period_ns = 200000;
	r->set.deadline_ns = 0;
	r->set.cpu = 0;
	r->set.prio = 80;
	r->set.measuring_prio = 82;
	r->set.rt_requested = 1;
	r->set.rt_granted = 1;
	r->set.mlocked = 1;
	r->set.idle_latency_held_us = -1;  /* not held -> null */
	r->set.rr_timeslice_ms_used = 1;
	r->set.rr_interval_ns = 1000000;
	r->set.rt_runtime_us_used = -2;    /* unchanged -> null */
	strcpy(r->set.load, "idle");
	r->set.stopped_early = 1;
	r->set.final = 1;
	r->set.benches_planned = 3;
	r->set.benches_done = 2;
	r->set.rounds_planned = 15;
	r->set.rounds_done = 11;

	strcpy(r->warnings[0], "running in a virtual machine (kvm)");
	r->nwarnings = 1;

	/* mean 2200, sample stddev exactly 200 */
	m = mk_metric("ipc.mqueue.wakeup", "Message-queue latency",
		      RTB_STATUS_OK, s1, 5);
	if (!m)
		goto fail;
	r->metrics[r->nmetrics++] = m;
	m->study_table = "Table 5";
	strcpy(m->method, "POSIX mq; receiver blocked");
	m->has_first = 1;
	m->first_ns = 8100;
	m->invalid = 1;
	m->elapsed_ns = 410000000;
	strcpy(m->extra[0].name, "load_us");
	m->extra[0].value = 200;
	strcpy(m->extra[0].unit, "us");
	m->nextra = 1;
	/* two rounds (schema 2): counts add up to the metric's */
	m->rounds[0] = (struct rtb_round){ 3, 2000, 2400, 2133.5 };
	m->rounds[1] = (struct rtb_round){ 2, 2200, 2500, 2300.0 };
	m->nrounds = 2;
	m->p50_spread = (struct rtb_spread){ 2000, 2200 };
	m->p99_spread = (struct rtb_spread){ 2400, 2500 };

	/* mean 35, stddev 15; partial, with a note needing escapes */
	m = mk_metric("sync.sem.take.uncontended", "Semaphore take, no contention",
		      RTB_STATUS_PARTIAL, s2, 3);
	if (!m)
		goto fail;
	r->metrics[r->nmetrics++] = m;
	strcpy(m->method, "take of an available semaphore");
	strcpy(m->note, "stopped early\tby \"Ctrl-C\"\n\x01 caf\xc3\xa9");
	m->overruns = 2;
	m->missed = 3;
	m->deadline_ns = 45;
	m->over_deadline = 1;
	m->elapsed_ns = 1234;
	strcpy(m->extra[0].name, "ratio");
	m->extra[0].value = 0.1;
	strcpy(m->extra[0].unit, "");
	strcpy(m->extra[1].name, "undefined");
	m->extra[1].value = NAN;
	strcpy(m->extra[1].unit, "ns");
	m->nextra = 2;

	/* 20 samples: exercises the line wrapping of samples and buckets and a
	 * non-integer mean. The stddev (sqrt(35)) is pinned to the correctly
	 * rounded double so the golden file does not depend on how this
	 * platform's long double rounds. */
	for (int i = 0; i < 20; i++)
		s4[i] = 100 + (i * 7) % 20;
	m = mk_metric("port.wrap.check", "Twenty samples", RTB_STATUS_OK, s4, 20);
	if (!m)
		goto fail;
	r->metrics[r->nmetrics++] = m;
	CHECK_NEAR(m->stats.stddev, sqrt(35.0), 1e-12);
	m->stats.stddev = sqrt(35.0);

	/* failed after some samples: still count 0 and no statistics */
	m = mk_metric("sched.rr.slice", "Round-robin time slice",
		      RTB_STATUS_FAILED, s5, 3);
	if (!m)
		goto fail;
	r->metrics[r->nmetrics++] = m;
	strcpy(m->note, "thread creation failed");

	/* skipped: no samples, histogram never initialised */
	m = calloc(1, sizeof(*m));
	if (!m)
		goto fail;
	r->metrics[r->nmetrics++] = m;
	strcpy(m->id, "timer.posix.jitter");
	strcpy(m->title, "Timer jitter");
	m->status = RTB_STATUS_SKIPPED;
	strcpy(m->method, "periodic POSIX timer");
	strcpy(m->note, "needs real-time priority");
	return r;
fail:
	free_result(r);
	return NULL;
}

/* write_mem - fn(r) into a malloc'd string. */
static char *write_mem(int (*fn)(struct rtb_sink *, const struct rtb_result *),
		       const struct rtb_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	struct rtb_sink sk;
	int rc;

	if (!f)
		return NULL;
	rtb_sink_init(&sk, stream_write, f);
	rc = fn(&sk, r);
	fclose(f);
	CHECK_EQ_I(rc, 0);
	return buf;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0 || !(buf = malloc((size_t)n + 1))) {
		fclose(f);
		return NULL;
	}
	*len = fread(buf, 1, (size_t)n, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void test_golden(const struct rtb_result *r)
{
	size_t len = 0, glen = 0;
	char *json = write_mem(rtb_write_json, r, &len);
	const char *path = golden_path();
	char *golden;

	CHECK(json != NULL);
	if (!json)
		return;
	if (getenv("RTB_UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "wb");
		CHECK(f != NULL);
		if (f) {
			fwrite(json, 1, len, f);
			fclose(f);
			printf("wrote %s\n", path);
		}
	}
	golden = read_file(path, &glen);
	if (!golden) {
		fprintf(stderr, "cannot read %s: %s\n", path, strerror(errno));
		check_failures++;
	} else if (glen != len || memcmp(golden, json, len) != 0) {
		fprintf(stderr, "JSON differs from %s; got:\n%s\n", path, json);
		check_failures++;
	}
	free(golden);
	free(json);
}

#ifdef RTB_HAVE_HOST
/* test_parse - the JSON parses, and escapes and nulls decode as meant. */
static void test_parse(const struct rtb_result *r)
{
	size_t len = 0;
	char *json = write_mem(rtb_write_json, r, &len);
	json_error_t err;
	json_t *root, *ms, *m0, *m1, *m2;

	CHECK(json != NULL);
	if (!json)
		return;
	root = json_loadb(json, len, 0, &err);
	if (!root) {
		fprintf(stderr, "JSON does not parse: %s at line %d\n",
			err.text, err.line);
		check_failures++;
		free(json);
		return;
	}
	CHECK_STR(json_string_value(json_object_get(root, "schema")), RTB_SCHEMA);
	CHECK_STR(json_string_value(json_object_get(root, "label")), r->set.label);
	CHECK(json_is_false(json_object_get(root, "complete")));
	CHECK(json_is_true(json_object_get(root, "degraded")));
	CHECK(json_is_null(json_object_get(json_object_get(root, "settings"),
					   "idle_latency_held_us")));
	CHECK(json_is_null(json_object_get(json_object_get(root, "settings"),
					   "rt_runtime_us_used")));
	CHECK_EQ_I(json_integer_value(json_object_get(json_object_get(root, "settings"),
						      "rr_timeslice_ms_used")), 1);
	CHECK(json_is_null(json_object_get(json_object_get(root, "system"),
					   "rr_timeslice_ms")));
	CHECK_NEAR(json_real_value(json_object_get(json_object_get(root, "clock"),
						   "ticks_per_ns")), 2.45, 0);
	ms = json_object_get(root, "metrics");
	CHECK_EQ_I(json_array_size(ms), 5);
	m0 = json_array_get(ms, 0);
	m1 = json_array_get(ms, 1);
	m2 = json_array_get(ms, 4);
	CHECK_EQ_I(json_integer_value(json_object_get(m0, "count")), 5);
	CHECK_EQ_I(json_array_size(json_object_get(m0, "samples")), 5);
	CHECK_EQ_I(json_integer_value(json_object_get(m0, "p50")), 2200);
	CHECK_EQ_I(json_integer_value(json_object_get(m0, "first")), 8100);
	CHECK_STR(json_string_value(json_object_get(m1, "note")), r->metrics[1]->note);
	CHECK(json_is_null(json_object_get(m1, "study_table")));
	CHECK(json_is_null(json_object_get(m1, "first")));
	CHECK(json_is_null(json_object_get(json_object_get(
		json_object_get(m1, "extras"), "undefined"), "value")));
	CHECK_EQ_I(json_integer_value(json_object_get(m2, "count")), 0);
	CHECK(json_object_get(m2, "min") == NULL);
	CHECK(json_object_get(m2, "p50") == NULL);
	CHECK(json_object_get(m2, "max") == NULL);
	CHECK_STR(json_string_value(json_object_get(m2, "status")), "skipped");
	m2 = json_array_get(ms, 3); /* failed, with samples in memory */
	CHECK_EQ_I(json_integer_value(json_object_get(m2, "count")), 0);
	CHECK(json_object_get(m2, "mean") == NULL);
	CHECK_EQ_I(json_array_size(json_object_get(m2, "samples")), 0);
	/* nothing measured: no counts at all, not 1984 zeros */
	CHECK_EQ_I(json_array_size(json_object_get(json_object_get(m2, "histogram"),
						   "counts")), 0);
	CHECK(json_object_get(json_object_get(m2, "histogram"), "buckets") == NULL);
	m2 = json_array_get(ms, 2);
	CHECK_NEAR(json_real_value(json_object_get(m2, "mean")), 109.5, 0);
	CHECK_NEAR(json_real_value(json_object_get(m2, "stddev")), sqrt(35.0), 0);
	CHECK_EQ_I(json_array_size(json_object_get(m2, "samples")), 20);
	/* dense: one count for every bucket of the layout, 20 of them 1 */
	json_t *cnt = json_object_get(json_object_get(m2, "histogram"), "counts"), *e;
	size_t k, nz = 0, sum = 0;
	CHECK_EQ_I(json_array_size(cnt), RTB_HIST_NBUCKETS);
	json_array_foreach(cnt, k, e) {
		nz += json_integer_value(e) != 0;
		sum += (size_t)json_integer_value(e);
	}
	CHECK_EQ_I(nz, 20);
	CHECK_EQ_I(sum, 20);
	json_decref(root);
	free(json);
}
#endif

static void test_csv(const struct rtb_result *r)
{
	size_t len = 0;
	char *csv = write_mem(rtb_write_csv, r, &len);
	char *raw = write_mem(rtb_write_raw, r, &len);

	CHECK(csv != NULL && raw != NULL);
	if (csv)
		CHECK_STR(csv,
			  "label,id,status,count,min,mean,stddev,p50,p90,p99,p99_9,p99_99,"
			  "max,first,invalid,overruns,missed,over_deadline,pct_resolution_pct,note\n"
			  "\"golden, \"\"test\"\"\",ipc.mqueue.wakeup,ok,5,2000,2200,200,"
			  "2200,2400,2400,2400,2400,2400,8100,1,0,0,0,0,\n"
			  "\"golden, \"\"test\"\"\",sync.sem.take.uncontended,partial,3,20,35,15,"
			  "35,50,50,50,50,50,,0,2,3,1,0,\"stopped early\tby \"\"Ctrl-C\"\"\n\x01 caf\xc3\xa9\"\n"
			  "\"golden, \"\"test\"\"\",port.wrap.check,ok,20,100,109.5,5.916079783099616,"
			  "109,117,119,119,119,119,,0,0,0,0,0,\n"
			  "\"golden, \"\"test\"\"\",sched.rr.slice,failed,0,,,,,,,,,,,0,0,0,0,0,"
			  "thread creation failed\n"
			  "\"golden, \"\"test\"\"\",timer.posix.jitter,skipped,0,,,,,,,,,,,0,0,0,0,0,"
			  "needs real-time priority\n");
	if (raw)
		CHECK_STR(raw,
			  "metric,index,ns,t_ns\n"
			  "ipc.mqueue.wakeup,0,2400,\n"
			  "ipc.mqueue.wakeup,1,2000,\n"
			  "ipc.mqueue.wakeup,2,2200,\n"
			  "ipc.mqueue.wakeup,3,2000,\n"
			  "ipc.mqueue.wakeup,4,2400,\n"
			  "sync.sem.take.uncontended,0,35,\n"
			  "sync.sem.take.uncontended,1,20,\n"
			  "sync.sem.take.uncontended,2,50,\n"
			  "port.wrap.check,0,100,\n"
			  "port.wrap.check,1,107,\n"
			  "port.wrap.check,2,114,\n"
			  "port.wrap.check,3,101,\n"
			  "port.wrap.check,4,108,\n"
			  "port.wrap.check,5,115,\n"
			  "port.wrap.check,6,102,\n"
			  "port.wrap.check,7,109,\n"
			  "port.wrap.check,8,116,\n"
			  "port.wrap.check,9,103,\n"
			  "port.wrap.check,10,110,\n"
			  "port.wrap.check,11,117,\n"
			  "port.wrap.check,12,104,\n"
			  "port.wrap.check,13,111,\n"
			  "port.wrap.check,14,118,\n"
			  "port.wrap.check,15,105,\n"
			  "port.wrap.check,16,112,\n"
			  "port.wrap.check,17,119,\n"
			  "port.wrap.check,18,106,\n"
			  "port.wrap.check,19,113,\n");
	free(csv);
	free(raw);
}

static int fail_writer(struct rtb_sink *s, const void *r)
{
	(void)r;
	rtb_sink_puts(s, "half a fi");
	return RTB_EIO;
}

/* the writers as rtb_port_output takes them */
static int out_json(struct rtb_sink *s, const void *r) { return rtb_write_json(s, r); }
static int out_csv(struct rtb_sink *s, const void *r) { return rtb_write_csv(s, r); }
static int out_raw(struct rtb_sink *s, const void *r) { return rtb_write_raw(s, r); }

/* test_sink - the sticky error, the memory sink's bound, printf's limit. */
static void test_sink(void)
{
	struct rtb_sink s;
	struct rtb_sink_buf b;
	char buf[8], big[RTB_SINK_LINE_MAX + 8];

	rtb_sink_buf_init(&s, &b, buf, sizeof(buf));
	CHECK_EQ_I(rtb_sink_puts(&s, "abc"), 0);
	CHECK_EQ_I(rtb_sink_printf(&s, "%d", 42), 2);
	CHECK_EQ_I(rtb_sink_error(&s), 0);
	CHECK(b.len == 5 && memcmp(buf, "abc42", 5) == 0);
	CHECK(s.bytes == 5);
	/* past the end: the bytes that fit stay, the error sticks */
	CHECK_EQ_I(rtb_sink_puts(&s, "defgh"), RTB_ENOMEM);
	CHECK(b.len == 8);
	CHECK_EQ_I(rtb_sink_putc(&s, 'x'), RTB_ENOMEM);
	CHECK(b.len == 8 && s.bytes == 5);

	/* a formatted line longer than the limit is an error, not cut */
	static char big_out[2 * RTB_SINK_LINE_MAX];
	memset(big, 'y', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	rtb_sink_buf_init(&s, &b, big_out, sizeof(big_out));
	rtb_sink_printf(&s, "%s", big);
	CHECK_EQ_I(rtb_sink_error(&s), RTB_ERANGE);
	CHECK(b.len == 0);
	/* a writer through a failed sink reports the sink's error */
	rtb_sink_buf_init(&s, &b, buf, 4);
	CHECK_EQ_I(rtb_write_csv(&s, NULL), RTB_EINVAL);
}

static void test_atomic(const struct rtb_result *r)
{
	char dir[] = "/tmp/rtb_test_json.XXXXXX";
	char path[128], tmp[160], bad[160];
	char *want, *got;
	size_t wlen = 0, glen = 0;
	struct stat sb;

	if (!mkdtemp(dir)) {
		fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
		check_failures++;
		return;
	}
	snprintf(path, sizeof(path), "%s/out.json", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);

	want = write_mem(rtb_write_json, r, &wlen);
	CHECK_EQ_I(rtb_port_output(path, out_json, r), 0);
	CHECK(stat(tmp, &sb) != 0);
	got = read_file(path, &glen);
	CHECK(got != NULL && want != NULL);
	if (got && want)
		CHECK(glen == wlen && memcmp(got, want, wlen) == 0);
	free(got);

	/* a failing writer leaves the previous complete file and no .tmp */
	CHECK_EQ_I(rtb_port_output(path, fail_writer, r), RTB_EIO);
	CHECK(stat(tmp, &sb) != 0);
	got = read_file(path, &glen);
	CHECK(got != NULL && want != NULL);
	if (got && want)
		CHECK(glen == wlen && memcmp(got, want, wlen) == 0);
	free(got);

	/* a directory that does not exist: RTB_EIO, nothing created */
	snprintf(bad, sizeof(bad), "%s/missing/out.csv", dir);
	CHECK_EQ_I(rtb_port_output(bad, out_csv, r), RTB_EIO);
	CHECK_EQ_I(rtb_port_output(NULL, out_csv, r), RTB_EINVAL);

	/* overwrite with another format: rename replaces the old file */
	CHECK_EQ_I(rtb_port_output(path, out_raw, r), 0);
	got = read_file(path, &glen);
	CHECK(got != NULL && strncmp(got, "metric,index,ns,t_ns\n", 21) == 0);
	free(got);
	CHECK(stat(tmp, &sb) != 0);

	free(want);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	struct rtb_result *r;

	test_escape();
	test_sink();
	r = mk_result();
	CHECK(r != NULL);
	if (!r)
		return check_done();
	test_golden(r);
#ifdef RTB_HAVE_HOST
	test_parse(r);
#endif
	test_csv(r);
	test_atomic(r);
	free_result(r);
	return check_done();
}
