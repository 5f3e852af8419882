/* SPDX-License-Identifier: Apache-2.0 */
/* test_emulation - the emulation fingerprint: --emulation parsing (strict),
 * the JSON it writes, the host reader reading it back, the EMULATED line in
 * the text tables, and compare's notes and refusals (docs/json-schema.md,
 * HELPERS interface 2).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/emulation.h"
#include "rtbench/output.h"
#include "rtbench/result.h"
#include "rtbench/sink.h"
#ifdef RTB_HAVE_HOST
#include "host/compare/compare.h"
#include "host/read/resultfile.h"
#endif

static void good(const char *s)
{
	struct rtb_emulation e;
	char err[256] = "";

	if (rtb_emulation_parse(s, &e, err, sizeof(err))) {
		fprintf(stderr, "refused '%s': %s\n", s, err);
		check_failures++;
	}
	CHECK(e.present);
}

static void bad(const char *s, const char *want)
{
	struct rtb_emulation e;
	char err[256] = "";

	CHECK_EQ_I(rtb_emulation_parse(s, &e, err, sizeof(err)), RTB_EINVAL);
	CHECK(!e.present);
	if (!strstr(err, want)) {
		fprintf(stderr, "'%s': error '%s' lacks '%s'\n", s ? s : "(null)", err, want);
		check_failures++;
	}
	CHECK(strchr(err, '\n') == NULL);
}

static void test_parse(void)
{
	struct rtb_emulation e;
	char err[256];

	CHECK_EQ_I(rtb_emulation_parse("emulator=qemu-system-x86_64,version=7.2.19,machine=q35,"
				       "icount_shift=3,vcpus=1,accel=tcg", &e, err, sizeof(err)), 0);
	CHECK_STR(e.emulator, "qemu-system-x86_64");
	CHECK_STR(e.version, "7.2.19");
	CHECK_STR(e.machine, "q35");
	CHECK_EQ_I(e.icount_shift, 3);
	CHECK_EQ_I(e.vcpus, 1);
	CHECK_STR(e.accel, "tcg");
	CHECK_EQ_I(rtb_emulation_parse("emulator=qemu", &e, err, sizeof(err)), 0);
	CHECK_EQ_I(e.icount_shift, -1);      /* not given: no icount */
	CHECK_EQ_I(e.vcpus, 0);
	good("emulator=qemu-system-arm,icount_shift=-1");
	good("icount_shift=0,emulator=x");

	bad("", "empty");
	bad("icount_shift=3", "'emulator=NAME' is required");
	bad("emulator=qemu,bogus=1", "unknown key 'bogus'");
	bad("emulator=qemu,emulator=x", "given twice");
	bad("emulator=qemu,icount_shift=abc", "icount_shift='abc'");
	bad("emulator=qemu,icount_shift=3x", "icount_shift='3x'");
	bad("emulator=qemu,icount_shift=-2", "icount_shift='-2'");
	bad("emulator=qemu,icount_shift=21", "icount_shift='21'");
	bad("emulator=qemu,vcpus=0", "vcpus='0'");
	bad("emulator=qemu,version=", "version=''");
	bad("emulator=qemu,machine=a b", "machine='a b'");
	bad("emulator=qemu,machine=\"x\"", "machine=");
	bad("emulator=qemu,,vcpus=1", "empty item");
	bad("emulator=qemu,", "empty item");
	bad("emulator", "not key=value");
	bad("emulator=qemu-system-x86_64-with-a-very-long-name-indeed-for-sure", "longer than");
}

/* a result with one metric, emulated or not */
static const char *mk_id = "irq.timer.nanosleep"; /* the one metric mk makes */

static struct rtb_result *mk(const char *label, const char *emu, int64_t base)
{
	struct rtb_result *r = calloc(1, sizeof(*r));
	struct rtb_metric *m;
	char err[256];

	strcpy(r->fp.os, "Linux");
	strcpy(r->fp.hostname, "h");
	strcpy(r->fp.os_release, "6.1.0");
	snprintf(r->set.label, sizeof(r->set.label), "%s", label);
	strcpy(r->set.load, "idle");
	if (emu && rtb_emulation_parse(emu, &r->fp.emulation, err, sizeof(err)))
		abort();
	if (rtb_metric_new(r, mk_id, "Timer wake-up", 200, &m))
		abort();
	m->study_table = "Table 3";
	for (int i = 0; i < 200; i++)
		rtb_metric_record(m, 1, base + (i * 37) % 100);
	rtb_metric_finish(m, 0);
	return r;
}

static int stream_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : -1;
}

static char *to_mem(int (*fn)(struct rtb_sink *, const struct rtb_result *),
		    const struct rtb_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	struct rtb_sink sk;

	rtb_sink_init(&sk, stream_write, f);
	CHECK(fn(&sk, r) == 0);
	fclose(f);
	return buf;
}

static void test_writers(void)
{
	struct rtb_result *e = mk("emu", "emulator=qemu-system-x86_64,version=7.2.19,machine=q35,"
				  "icount_shift=3,vcpus=1,accel=tcg", 1000);
	struct rtb_result *n = mk("real", NULL, 1000);
	size_t len;
	char *t = to_mem(rtb_write_text, e, &len), *j;

	CHECK(strstr(t, "EMULATED: instruction-counted virtual time under QEMU (1 instruction = 2^3 ns); "
		      "figures are instruction-path counts on QEMU's model, not hardware latencies") != NULL);
	free(t);
	t = to_mem(rtb_write_text, n, &len);
	CHECK(strstr(t, "EMULATED") == NULL);
	free(t);
	j = to_mem(rtb_write_json, e, &len);
	CHECK(strstr(j, "\"schema_version\": 3") != NULL);
	CHECK(strstr(j, "\"emulation\": {\"emulator\": \"qemu-system-x86_64\", \"version\": \"7.2.19\", "
		      "\"machine\": \"q35\", \"icount_shift\": 3, \"vcpus\": 1, \"accel\": \"tcg\"}") != NULL);
	free(j);
	j = to_mem(rtb_write_json, n, &len);
	CHECK(strstr(j, "\"emulation\": null") != NULL);
	free(j);
	rtb_result_free(e);
	rtb_result_free(n);
	free(e);
	free(n);
}

#ifdef RTB_HAVE_HOST
static int load(const char *label, const char *emu, int64_t base, struct rtb_rf *out)
{
	struct rtb_result *r = mk(label, emu, base);
	size_t len;
	char *j = to_mem(rtb_write_json, r, &len), err[256];
	int rc = rtb_rf_parse(j, len, label, out, err, sizeof(err));

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

static void test_reader_compare(void)
{
	struct rtb_rf f[3];
	struct rtb_cmp c;
	char err[256], line[320];

	CHECK_EQ_I(load("emu", "emulator=qemu-system-x86_64,machine=q35,icount_shift=3,vcpus=1", 1000, &f[0]), 0);
	CHECK_EQ_I(load("real", NULL, 2000, &f[1]), 0);
	CHECK_EQ_I(load("noisy", "emulator=qemu-system-x86_64,icount_shift=-1", 900, &f[2]), 0);
	CHECK(f[0].emu.present);
	CHECK_STR(f[0].emu.emulator, "qemu-system-x86_64");
	CHECK_STR(f[0].emu.machine, "q35");
	CHECK_STR(f[0].emu.version, "");
	CHECK_EQ_I(f[0].emu.icount_shift, 3);
	CHECK_EQ_I(f[0].emu.vcpus, 1);
	CHECK(!f[1].emu.present);
	CHECK_EQ_I(f[2].emu.icount_shift, -1);
	CHECK(strstr(rtb_rf_emulation_line(&f[0], line, sizeof(line)), "2^3 ns") != NULL);

	/* emulated against real: the EMULATED line and the meeting note */
	CHECK_EQ_I(rtb_cmp_build(&c, f, 2, 0.01), 0);
	CHECK(has_note(&c, "emu: EMULATED: instruction-counted virtual time under QEMU (1 instruction = 2^3 ns)"));
	CHECK(has_note(&c, "emulated and real results meet: emu (emulated), real (real time)"));
	/* instruction counts against real time: each side's own figures, no
	 * percentage, test or verdict between them */
	CHECK(c.metrics[0].cell[1].other_kind);
	CHECK(!c.metrics[0].cell[1].has_diff && !c.metrics[0].cell[1].has_test && !c.metrics[0].cell[1].has_vd);
	CHECK(strstr(c.metrics[0].summary, "Not compared: an instruction count on an emulator's model") != NULL);
	rtb_cmp_free(&c);

	/* without icount: flagged, and no timing verdict */
	CHECK_EQ_I(rtb_cmp_build(&c, f, 3, 0.01), 0);
	CHECK(has_note(&c, "noisy: EMULATED without instruction counting"));
	CHECK(has_note(&c, "different icount shifts"));
	CHECK(!c.metrics[0].cell[2].has_test);
	CHECK(strstr(c.metrics[0].summary, "noisy (emulated, host noise)") != NULL);
	rtb_cmp_free(&c);

	/* two runs under icount at one shift, one round each: nothing shows
	 * them deterministic (a Linux guest is not), so not the exact rule:
	 * untested, as one round of real time (test_compare_icount has the
	 * rounds that show it) */
	struct rtb_rf two[2];
	CHECK_EQ_I(load("emu", "emulator=qemu-system-x86_64,machine=q35,icount_shift=3,vcpus=1", 1000, &two[0]), 0);
	CHECK_EQ_I(load("emu2", "emulator=qemu-system-x86_64,machine=q35,icount_shift=3,vcpus=1", 1000, &two[1]), 0);
	CHECK_EQ_I(rtb_cmp_build(&c, two, 2, 0.01), 0);
	CHECK(!c.metrics[0].cell[1].exact && c.metrics[0].cell[1].has_vd);
	CHECK_EQ_I(c.metrics[0].cell[1].vd.kind, RTB_VD_UNTESTED);
	CHECK(has_note(&c, "not shown deterministic"));
	rtb_cmp_free(&c);
	rtb_rf_free(&two[0]);
	rtb_rf_free(&two[1]);
	/* a one-CPU measurement on CPU 1 of one system and CPU 0 of the other
	 * (noise.gap on Linux and on a one-core board): one row, said */
	mk_id = "noise.gap@cpu1";
	CHECK_EQ_I(load("linux", NULL, 1000, &two[0]), 0);
	mk_id = "noise.gap@cpu0";
	CHECK_EQ_I(load("board", NULL, 1000, &two[1]), 0);
	mk_id = "irq.timer.nanosleep";
	CHECK_EQ_I(rtb_cmp_build(&c, two, 2, 0.01), 0);
	CHECK_EQ_I((int)c.nmetrics, 1);
	CHECK(c.metrics[0].cell[0].usable && c.metrics[0].cell[1].usable);
	CHECK_STR(c.metrics[0].cell[1].m->id, "noise.gap@cpu0");
	rtb_cmp_free(&c);
	rtb_rf_free(&two[0]);
	rtb_rf_free(&two[1]);
	{
		/* the exact rule: beyond one tick (40 ns) differs, within is the same */
		struct rtb_verdict v;
		rtb_cmp_exact_verdict(10000, 10040, 40, &v);
		CHECK_EQ_I(v.kind, RTB_VD_NOISE);
		rtb_cmp_exact_verdict(10000, 10080, 40, &v);
		CHECK_EQ_I(v.kind, RTB_VD_HIGHER);
		CHECK(fabs(v.shift_pct - 0.8) < 1e-9);
		rtb_cmp_exact_verdict(10000, 9000, 40, &v);
		CHECK_EQ_I(v.kind, RTB_VD_LOWER);
	}
	rtb_cmp_free(&c);

	/* two real results: no emulation note */
	CHECK_EQ_I(rtb_cmp_build(&c, &f[1], 1, 0.01), 0);
	CHECK(!has_note(&c, "EMULATED"));
	rtb_cmp_free(&c);
	for (int i = 0; i < 3; i++)
		rtb_rf_free(&f[i]);

	/* the reader refuses a malformed emulation object */
	const char *bad_files[][2] = {
		{ "{\"schema\":\"rtbench-result\",\"schema_version\":2,\"system\":{\"emulation\":3},\"metrics\":[]}",
		  "system.emulation: must be an object or null" },
		{ "{\"schema\":\"rtbench-result\",\"schema_version\":2,\"system\":{\"emulation\":{\"icount_shift\":3}},\"metrics\":[]}",
		  "\"emulator\" must be a non-empty string" },
		{ "{\"schema\":\"rtbench-result\",\"schema_version\":2,\"system\":{\"emulation\":{\"emulator\":\"q\"}},\"metrics\":[]}",
		  "\"icount_shift\" is missing" },
		{ "{\"schema\":\"rtbench-result\",\"schema_version\":2,\"system\":{\"emulation\":{\"emulator\":\"q\",\"icount_shift\":-5}},\"metrics\":[]}",
		  "not -1 to 62" },
	};
	for (size_t i = 0; i < sizeof(bad_files) / sizeof(bad_files[0]); i++) {
		struct rtb_rf r;
		int rc = rtb_rf_parse(bad_files[i][0], strlen(bad_files[i][0]), "x", &r, err, sizeof(err));

		CHECK(rc != 0);
		if (!strstr(err, bad_files[i][1])) {
			fprintf(stderr, "error '%s' lacks '%s'\n", err, bad_files[i][1]);
			check_failures++;
		}
		rtb_rf_free(&r);
	}
	/* schema 1 (no emulation key) still reads */
	const char *v1 = "{\"schema\":\"rtbench-result\",\"schema_version\":1,\"metrics\":[]}";
	struct rtb_rf r1;
	CHECK_EQ_I(rtb_rf_parse(v1, strlen(v1), "v1", &r1, err, sizeof(err)), 0);
	CHECK(!r1.emu.present);
	rtb_rf_free(&r1);
}
#endif

int main(void)
{
	test_parse();
	test_writers();
#ifdef RTB_HAVE_HOST
	test_reader_compare();
#endif
	return check_done();
}
