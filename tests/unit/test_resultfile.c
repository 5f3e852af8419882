/* SPDX-License-Identifier: Apache-2.0 */
/* test_resultfile - loading result files (src/host/read/resultfile.c): the
 * fixtures in tests/data load with the figures they hold, and every kind of
 * bad input is refused with a reason precise enough to fix it.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <string.h>

#include "check.h"
#include "host_testutil.h"
#include "rtbench/err.h"
#include "host/read/resultfile.h"

static char err[320];

/* refuse - parse text, expect code and `want` in the reason */
static void refuse(const char *text, int code, const char *want)
{
	struct rtb_rf r;
	int rc = rtb_rf_parse(text, strlen(text), "t.json", &r, err, sizeof(err));

	CHECK_EQ_I(rc, code);
	if (!strstr(err, want))
		fprintf(stderr, "reason \"%s\" lacks \"%s\"\n", err, want);
	CHECK(strstr(err, want) != NULL);
	CHECK(strchr(err, '\n') == NULL);
	rtb_rf_free(&r);
}

static void refuse_file(const char *name, int code, const char *want)
{
	struct rtb_rf r;
	int rc = rtb_rf_load(tu_data(name), &r, err, sizeof(err));

	CHECK_EQ_I(rc, code);
	if (!strstr(err, want))
		fprintf(stderr, "%s: reason \"%s\" lacks \"%s\"\n", name, err, want);
	CHECK(strstr(err, want) != NULL);
	rtb_rf_free(&r);
}

#define HEAD "{\"schema\":\"rtbench-result\",\"schema_version\":1,\"metrics\":["
#define M_OK "{\"id\":\"a.b\",\"status\":\"ok\",\"count\":3,\"min\":1,\"mean\":2.0," \
	"\"stddev\":1.0,\"p50\":2,\"p99\":3,\"max\":3"

int main(void)
{
	const struct rtb_rf_metric *m;
	struct rtb_rf r;

	/* a full fixture */
	CHECK_EQ_I(rtb_rf_load(tu_data("vx.json"), &r, err, sizeof(err)), 0);
	CHECK_STR(r.label, "vxworks-like");
	CHECK_EQ_I(r.nmetrics, 10);
	m = rtb_rf_find(&r, "ctxsw.rr.yield");
	CHECK(m != NULL);
	if (m) {
		CHECK_STR(m->study_table, "Table 1");
		CHECK_EQ_I(m->count, 400);
		CHECK_EQ_I(m->nsamples, 400);
		CHECK(m->has_stats && m->has_hist);
		CHECK(m->pct[0] >= m->min && m->pct[2] <= m->max);
	}
	/* priority inversion with the ids rtbench writes: a skipped figure
	 * keeps its note, a measured one its verdict in the note */
	m = rtb_rf_find(&r, "sync.prio_inv.ceiling.request_to_release");
	CHECK(m && !m->has_stats && !strcmp(m->status, "skipped") && m->note[0]);
	m = rtb_rf_find(&r, "sync.prio_inv.inherit.blocking");
	CHECK(m && m->has_stats && m->count == 400 && m->study_table &&
	      !strcmp(m->study_table, "Table 2") &&
	      !strncmp(m->note, "verdict bounded:", 16));
	CHECK_STR(rtb_rf_kv_get(&r.settings, "period_ns"), "200000");
	CHECK_STR(rtb_rf_kv_get(&r.settings, "rt_runtime_us_used"), "null");
	CHECK_STR(rtb_rf_kv_get(&r.system, "kernel_release"), "6.1.0-rt");
	rtb_rf_free(&r);

	/* no label: taken from the fingerprint; no samples: histogram only */
	CHECK_EQ_I(rtb_rf_load(tu_data("rtl_hist.json"), &r, err, sizeof(err)), 0);
	CHECK_STR(r.label, "rtlbox2-6.1.0-nort");
	CHECK(r.degraded && r.nwarnings == 1);
	m = rtb_rf_find(&r, "irq.timer.nanosleep");
	CHECK(m && m->samples == NULL && m->has_hist && m->nbuckets > 10);
	/* no real-time priorities: the whole group is one skipped figure */
	m = rtb_rf_find(&r, "sync.prio_inv");
	CHECK(m && !m->has_stats && !strcmp(m->status, "skipped") &&
	      strstr(m->note, "real-time priorities") != NULL);
	rtb_rf_free(&r);

	/* the bad-input fixtures */
	refuse_file("no_such_file.json", RTB_EIO, "cannot open: No such file");
	refuse_file("bad_empty.json", RTB_EFORMAT, "empty file");
	refuse_file("bad_truncated.json", RTB_EFORMAT, "truncated JSON: input ends at line");
	refuse_file("bad_malformed.json", RTB_EFORMAT, "malformed JSON at line 4, column");
	refuse_file("bad_newer.json", RTB_EFORMAT, "schema_version 4 is newer than this rtbench reads (3)");
	refuse_file("bad_other_tool.json", RTB_EFORMAT, "not an rtbench result file");
	refuse_file("bad_other_tool.json", RTB_EFORMAT, "\"fio\"");
	refuse_file("bad_type.json", RTB_EFORMAT, "metric sync.sem.take.uncontended: \"p99\" must be an integer");

	/* shapes the fixtures do not cover */
	refuse("[1,2]", RTB_EFORMAT, "top level is not a JSON object");
	refuse("{\"schema\":\"cyclictest\"}", RTB_EFORMAT, "schema \"cyclictest\"");
	refuse("{\"schema\":\"rtbench-result\",\"schema_version\":\"1\"}", RTB_EFORMAT,
	       "\"schema_version\" must be an integer");
	refuse("{\"schema\":\"rtbench-result\",\"schema_version\":1}", RTB_EFORMAT,
	       "\"metrics\" is missing");
	refuse("{\"schema\":\"rtbench-result\",\"schema\":\"x\"}", RTB_EFORMAT, "duplicate");
	refuse(HEAD "{\"status\":\"ok\"}]}", RTB_EFORMAT, "metrics[0] has no string \"id\"");
	refuse(HEAD M_OK "}," M_OK "}]}", RTB_EFORMAT, "appears twice");
	refuse(HEAD M_OK ",\"samples\":[1,2]}]}", RTB_EFORMAT,
	       "\"samples\" has 2 entries but \"count\" is 3");
	refuse(HEAD M_OK ",\"samples\":[1,2,-3]}]}", RTB_EFORMAT, "samples[2] is negative");
	refuse(HEAD M_OK ",\"histogram\":{\"buckets\":[[1,2,1],[2,3,1]]}}]}", RTB_EFORMAT,
	       "histogram holds 2 values but \"count\" is 3");
	refuse(HEAD M_OK ",\"histogram\":{\"buckets\":[[1,3,1],[2,4,2]]}}]}", RTB_EFORMAT,
	       "bucket 1 overlaps");
	refuse(HEAD M_OK ",\"histogram\":{\"buckets\":[[3,3,3]]}}]}", RTB_EFORMAT,
	       "bucket 0 [3, 3, 3] is not a valid range");
	refuse(HEAD "{\"id\":\"a\",\"status\":\"ok\",\"count\":3,\"min\":5,\"mean\":2.0,"
	       "\"stddev\":1.0,\"p50\":2,\"p99\":3,\"max\":3}]}", RTB_EFORMAT, "inconsistent");
	refuse(HEAD "{\"id\":\"a\",\"status\":\"done\"}]}", RTB_EFORMAT, "\"status\" is \"done\"");
	refuse(HEAD "{\"id\":\"a\",\"status\":\"ok\",\"count\":3}]}", RTB_EFORMAT, "\"min\" is missing");

	/* accepted: unknown keys, skipped metrics without statistics, histogram only */
	{
		const char *ok = HEAD "{\"id\":\"x\",\"status\":\"skipped\",\"count\":0,\"new_key\":[1]},"
			M_OK ",\"histogram\":{\"buckets\":[[1,2,1],[2,3,1],[3,4,1]]}}],\"future\":{}}";

		CHECK_EQ_I(rtb_rf_parse(ok, strlen(ok), "dir/ok.json", &r, err, sizeof(err)), 0);
		CHECK_STR(r.label, "ok.json");
		CHECK_EQ_I(r.nmetrics, 2);
		CHECK(!r.metrics[0].has_stats && r.metrics[1].has_stats && r.metrics[1].has_hist);
		rtb_rf_free(&r);
	}
	return check_done();
}
