/* SPDX-License-Identifier: Apache-2.0 */
/* test_compare_icount - compare's exact rule applies only where the runs
 * show themselves deterministic (docs/compare.md, "Emulated and real
 * figures; deterministic runs"): two -icount files at one shift whose
 * rounds agree to one counter tick get the exact verdicts ("higher
 * (exact)", CSV exact=yes); two whose rounds' tails move from round to
 * round (a Linux guest under -icount) are judged on their rounds; one
 * round a side is untested, the spread unknown.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/emulation.h"
#include "rtbench/output.h"
#include "rtbench/result.h"
#include "rtbench/sink.h"
#include "host/base/strbuf.h"
#include "host/compare/compare.h"
#include "host/read/resultfile.h"
#include "host/render/render.h"
#include "host/render/view.h"

#define EMU "emulator=qemu-system-aarch64,machine=virt,icount_shift=3,vcpus=1"
#define ID "irq.timer.nanosleep"

/* round_metric - one round of 200 samples, base .. base+99 ns, the top 4
 * (2%: p99 and max) raised by tail_ns. */
static struct rtb_metric *round_metric(struct rtb_result *r, int64_t base, int64_t tail_ns)
{
	struct rtb_metric *m;

	if (rtb_metric_new(r, ID, "Timer wake-up", 200, &m))
		abort();
	m->study_table = "Table 3";
	for (int i = 0; i < 200; i++) {
		int64_t v = (i * 37) % 100;
		rtb_metric_record(m, (uint64_t)i + 1, base + v + (v >= 98 ? tail_ns : 0));
	}
	rtb_metric_finish(m, 0);
	return m;
}

static int stream_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : -1;
}

/* load - a file of nr rounds under -icount, round k's tail raised by
 * k * step_ns (0: every round the same), read back as compare reads it. */
static int load(const char *label, int64_t base, int nr, int64_t step_ns, struct rtb_rf *out)
{
	struct rtb_result *r = calloc(1, sizeof(*r)), *tmp;
	struct rtb_metric *m;
	char err[256], *j = NULL;
	size_t len = 0;
	int rc;

	strcpy(r->fp.os, "Linux");
	strcpy(r->fp.hostname, "guest");
	strcpy(r->fp.os_release, "6.1.0");
	snprintf(r->set.label, sizeof(r->set.label), "%s", label);
	strcpy(r->set.load, "idle");
	if (rtb_emulation_parse(EMU, &r->fp.emulation, err, sizeof(err)))
		abort();
	m = round_metric(r, base, 0);
	if (nr > 1)
		rtb_metric_round_record(m);
	for (int k = 1; k < nr; k++) {
		tmp = calloc(1, sizeof(*tmp));
		CHECK_EQ_I(rtb_metric_merge_round(m, round_metric(tmp, base, k * step_ns), 0), 0);
		rtb_result_free(tmp);
		free(tmp);
	}
	FILE *f = open_memstream(&j, &len);
	struct rtb_sink sk;
	rtb_sink_init(&sk, stream_write, f);
	CHECK_EQ_I(rtb_write_json(&sk, r), 0);
	fclose(f);
	rc = rtb_rf_parse(j, len, label, out, err, sizeof(err));
	if (rc)
		fprintf(stderr, "%s: %s\n", label, err);
	free(j);
	rtb_result_free(r);
	free(r);
	return rc;
}

static int has_note(const struct rtb_cmp *c, const char *want)
{
	for (size_t i = 0; i < c->nnotes; i++)
		if (strstr(c->notes[i], want))
			return 1;
	return 0;
}

/* csv_exact - the CSV's last field (exact) on system 1's row. */
static void csv_exact(struct rtb_cmp *c, char *out, size_t len)
{
	static struct rtb_host h;
	struct rtb_sb b = { 0 };
	const char *row, *end, *comma;

	h.cmp = *c;
	CHECK_EQ_I(rtb_render_csv.render(&b, &h), 0);
	row = strstr(rtb_sb_cstr(&b), ",B,");
	CHECK(row != NULL);
	end = row ? strstr(row, "\r\n") : NULL;
	for (comma = end; comma && comma > row && *comma != ','; comma--)
		;
	snprintf(out, len, "%.*s", comma && end ? (int)(end - comma - 1) : 0, comma ? comma + 1 : "");
	rtb_sb_free(&b);
}

/* pair - compare A (base 1000) against B (base 1500), both of nr rounds
 * with the given tail step; the words of B's verdict rows and its CSV
 * exact field. */
static void pair(int nr, int64_t step_ns, struct rtb_cmp *c, struct rtb_rf f[2], char *p50,
		 char *max, char *exact)
{
	CHECK_EQ_I(load("A", 1000, nr, step_ns, &f[0]), 0);
	CHECK_EQ_I(load("B", 1500, nr, step_ns, &f[1]), 0);
	CHECK_EQ_I(rtb_cmp_build(c, f, 2, 0.01), 0);
	CHECK_EQ_I((int)c->nmetrics, 1);
	const struct rtb_cmp_metric *cm = &c->metrics[0];
	rtb_cmp_fmt_vrow(p50, 64, c, cm, &cm->cell[1], RTB_CMP_VROW_VERDICT);
	rtb_cmp_fmt_vrow(max, 64, c, cm, &cm->cell[1], RTB_CMP_VROW_MAX);
	csv_exact(c, exact, 16);
}

static void done(struct rtb_cmp *c, struct rtb_rf f[2])
{
	rtb_cmp_free(c);
	rtb_rf_free(&f[0]);
	rtb_rf_free(&f[1]);
}

int main(void)
{
	struct rtb_cmp c;
	struct rtb_rf f[2];
	char p50[64], max[64], exact[16];

	/* 5 rounds a side, each the same to the ns: shown deterministic,
	 * the exact rule (500 ns is more than one tick: higher) */
	pair(5, 0, &c, f, p50, max, exact);
	CHECK(c.metrics[0].cell[1].exact);
	CHECK_STR(p50, "higher (exact)");
	CHECK(strstr(max, "(exact)") != NULL);
	CHECK_STR(exact, "yes");
	CHECK(has_note(&c, "deterministic runs"));
	CHECK(!has_note(&c, "not shown deterministic"));
	done(&c, f);

	/* 5 rounds a side whose p99 and max move by 300 ns a round (a Linux
	 * guest under -icount): judged on the rounds, never "(exact)" */
	pair(5, 300, &c, f, p50, max, exact);
	CHECK(!c.metrics[0].cell[1].exact);
	CHECK_EQ_I(c.metrics[0].cell[1].vd.kind, RTB_VD_HIGHER); /* medians: every round 1550 vs 1050 */
	CHECK_STR(p50, "higher");
	CHECK(strstr(max, "(exact)") == NULL);
	CHECK_STR(exact, "");
	CHECK(has_note(&c, "not shown deterministic"));
	CHECK(!has_note(&c, "deterministic runs ("));
	done(&c, f);

	/* one round a side: nothing shows the run-to-run spread: untested */
	pair(1, 0, &c, f, p50, max, exact);
	CHECK(!c.metrics[0].cell[1].exact);
	CHECK_EQ_I(c.metrics[0].cell[1].vd.kind, RTB_VD_UNTESTED);
	CHECK_STR(p50, "untested");
	CHECK_STR(max, "untested");
	CHECK_STR(exact, "");
	CHECK(has_note(&c, "untested with one round (run-to-run spread unknown)"));
	CHECK(strstr(c.metrics[0].summary, "no verdict") != NULL);
	done(&c, f);
	return check_done();
}
