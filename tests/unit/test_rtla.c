/* SPDX-License-Identifier: Apache-2.0 */
/* test_rtla - `rtla timerlat hist` text read as a result file (src/host/
 * rtla.c) on a known histogram (tests/data/rtla/timerlat_hist.txt: 1000
 * IRQ and 1000 thread latencies in 100 ns buckets): the thread column is
 * irq.timer.nanosleep, the IRQ column timerlat.irq, their counts, min, max
 * and median the histogram's, every string marked "from rtla" (never
 * "rt-tests"); a file saying rtla was not run is refused with that reason;
 * an overflowed histogram is summary-only; a file recorded in an emulated
 * -rt kernel (tests/data/rtla/rt_guest_idle.txt) reads with its figures;
 * one whose p50 bucket edge lies below the exact min (tests/data/rtla/
 * p50_below_min.txt) reads with that percentile raised to the min and says
 * so; a refusal's reason is one printable line.
 * rtb-test: side */
#include <string.h>

#include "check.h"
#include "host_testutil.h"
#include "rtbench/err.h"
#include "host/read/resultfile.h"

static const struct rtb_rf_metric *find(const struct rtb_rf *r, const char *id)
{
	for (size_t i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metrics[i].id, id))
			return &r->metrics[i];
	return NULL;
}

int main(void)
{
	struct rtb_rf r;
	char err[320];
	char *text = tu_slurp(tu_data("rtla/timerlat_hist.txt"));

	CHECK_EQ_I(rtb_rf_load(tu_data("rtla/timerlat_hist.txt"), &r, err, sizeof(err)), 0);
	CHECK_EQ_I(r.nmetrics, 2);
	const struct rtb_rf_metric *t = find(&r, "irq.timer.nanosleep"), *i = find(&r, "timerlat.irq");
	CHECK(t && i);
	if (t && i) {
		CHECK_EQ_I(t->count, 1000);
		CHECK_EQ_I(t->pct[0], 5100);            /* p50: the 5100 ns bucket */
		CHECK_EQ_I(t->max, 5299);               /* rtla's own max, in ns */
		CHECK_EQ_I(t->min, 5012);
		CHECK(strstr(t->method, "from rtla") != NULL && !strstr(t->method, "rt-tests"));
		CHECK(strstr(t->note, "100 ns buckets") != NULL);
		CHECK_EQ_I(i->count, 1000);
		CHECK_EQ_I(i->pct[0], 1300);
	}
	CHECK_STR(r.tool_name, "rtla timerlat");
	CHECK_STR(r.label, "rtla:timerlat_hist");
	/* its command line's settings under rtbench's keys (rtla's -p is the
	 * period, not the priority), the guest's emulation */
	CHECK(strstr(r.command_line, "rtla timerlat hist -c 0 -p 1000") == r.command_line);
	CHECK(r.emu.present && r.emu.icount_shift == 3 && r.emu.vcpus == 1);
	CHECK(r.nwarnings == 1 && strstr(r.warnings[0], "from rtla: `rtla timerlat hist -c 0 -p 1000") != NULL);
	rtb_rf_free(&r);

	/* overflowed: summary only, rtla's own count/min/avg/max */
	char *p = strstr(text, "over:        0         0");
	CHECK(p != NULL);
	if (p) {
		memcpy(p, "over:        0         7", 24);
		CHECK_EQ_I(rtb_rf_parse(text, strlen(text), "o.txt", &r, err, sizeof(err)), 0);
		t = find(&r, "irq.timer.nanosleep");
		CHECK(t && t->has_summary && t->max == 5299);
		rtb_rf_free(&r);
	}
	free(text);

	/* recorded: rtla 6.1 in Debian's 6.1.0-57-rt-amd64 under QEMU -icount
	 * shift=3 (bench/kernels.sh, idle, 1000 periods of 1 ms): 1000 each,
	 * rtla's own max kept, p50 the 34.2 us bucket; trailing blanks and the
	 * script's comment lines read past */
	CHECK_EQ_I(rtb_rf_load(tu_data("rtla/rt_guest_idle.txt"), &r, err, sizeof(err)), 0);
	t = find(&r, "irq.timer.nanosleep");
	i = find(&r, "timerlat.irq");
	CHECK(t && i && t->count == 1000 && i->count == 1000);
	if (t && i) {
		CHECK_EQ_I(t->pct[0], 34200);
		CHECK_EQ_I(t->max, 43600);
		CHECK_EQ_I(i->pct[0], 5700);
		CHECK_EQ_I(i->max, 9832);
	}
	rtb_rf_free(&r);

	/* a loaded guest's file (the shape bench/kernels.sh's forkexec load
	 * gave): the p50 bucket's lower edge lies below rtla's exact min (IRQ:
	 * bucket 4600 ns holds 600 of 1000, min 4649; thread: bucket 5000 holds
	 * 500, min 5071). Read, not refused as inconsistent: the percentile is
	 * a lower bound, raised to the min, and the note says so; p99 and
	 * p99.9 stay their buckets' edges. */
	CHECK_EQ_I(rtb_rf_load(tu_data("rtla/p50_below_min.txt"), &r, err, sizeof(err)), 0);
	CHECK_STR(err, "");
	t = find(&r, "irq.timer.nanosleep");
	i = find(&r, "timerlat.irq");
	CHECK(t && i);
	if (t && i) {
		CHECK_EQ_I(i->min, 4649);
		CHECK_EQ_I(i->pct[0], 4649);
		CHECK_EQ_I(i->pct[2], 17300);
		CHECK_EQ_I(i->pct[3], 22300);
		CHECK_EQ_I(i->max, 22338);
		CHECK(strstr(i->note, "a percentile is its bucket's lower edge") != NULL);
		CHECK(strstr(i->note, "raised to rtla's exact min (its bucket's edge below it): p50 4600") != NULL);
		CHECK_EQ_I(t->pct[0], 5071);
		CHECK_EQ_I(t->pct[1], 12000);   /* p90: rank 900 in the 12000 bucket */
		CHECK(strstr(t->note, "p50 5000") != NULL);
	}
	rtb_rf_free(&r);
	/* the timer's own figures where no bucket lies below the min: not raised */
	CHECK_EQ_I(rtb_rf_load(tu_data("rtla/timerlat_hist.txt"), &r, err, sizeof(err)), 0);
	t = find(&r, "irq.timer.nanosleep");
	CHECK(t && strstr(t->note, "raised") == NULL);
	rtb_rf_free(&r);

	/* a refusal is one printable line, whatever bytes the file's reason
	 * holds (a CR, 0xff: fuzz_resultfile's crash input) */
	const char bad[] = "# rtla: not 10b[\xba\xbe\rb\xff\x7f\n# RTLA timerlat histog";
	CHECK_EQ_I(rtb_rf_parse(bad, sizeof(bad) - 1, "bad.txt", &r, err, sizeof(err)), RTB_EFORMAT);
	CHECK(strchr(err, '\r') == NULL && strchr(err, '\n') == NULL && strchr(err, '\x7f') == NULL);
	for (const char *e = err; *e; e++)
		CHECK((unsigned char)*e >= 0x20 && (unsigned char)*e < 0x7f);
	CHECK(strstr(err, "rtla: not 10b[") == err);
	rtb_rf_free(&r);

	/* rtla not run (no timerlat tracer): refused with the reason */
	CHECK_EQ_I(rtb_rf_load(tu_data("rtla/not_run.txt"), &r, err, sizeof(err)), RTB_EFORMAT);
	CHECK(strstr(err, "rtla: not run: no timerlat tracer in this kernel") == err);
	rtb_rf_free(&r);
	return check_done();
}
