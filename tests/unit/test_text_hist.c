/* SPDX-License-Identifier: Apache-2.0 */
/* test_text_hist - the cyclictest -h style histogram of run --histogram and
 * compare --histogram (src/output/text_hist.c) on known values: 1 us bins
 * with their counts, two series side by side, buckets put in the bin of
 * their lower edge, a wide span in wider 1-2-5 bins (never more than
 * RTB_TH_MAX_BINS rows), totals and overflows as given.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/result.h"
#include "rtbench/text_hist.h"

/* run_hist - run --histogram (-h max_us) of a made-up --cpus run: CPU 0
 * and CPU 1 and their all-CPU figure, as cyclictest -h prints two
 * threads (it once printed one table per CPU with bins widened to
 * 50-200 us, so 9,780 of ~9,900 samples fell in the first). */
static char big[1 << 16];
static const char *run_hist(int max_us)
{
	static struct rtb_result r;
	struct rtb_metric *a, *c0, *c1;
	struct rtb_sink k;
	struct rtb_sink_buf b;
	static const int64_t v0[] = { 1200, 1900, 3000, 3999, 7500 }, v1[] = { 3100, 3200, 52000 };

	memset(&r, 0, sizeof(r));
	if (rtb_metric_new(&r, "irq.timer.nanosleep", "wake-up", 8, &a) ||
	    rtb_metric_new(&r, "irq.timer.nanosleep@cpu0", "wake-up", 8, &c0) ||
	    rtb_metric_new(&r, "irq.timer.nanosleep@cpu1", "wake-up", 8, &c1))
		return "";
	for (size_t i = 0; i < sizeof(v0) / sizeof(v0[0]); i++) {
		rtb_metric_record(c0, i + 1, v0[i]);
		rtb_metric_record(a, i + 1, v0[i]);
	}
	for (size_t i = 0; i < sizeof(v1) / sizeof(v1[0]); i++) {
		rtb_metric_record(c1, i + 1, v1[i]);
		rtb_metric_record(a, i + 6, v1[i]);
	}
	rtb_metric_finish(a, 0);
	rtb_metric_finish(c0, 0);
	rtb_metric_finish(c1, 0);
	rtb_sink_buf_init(&k, &b, big, sizeof(big) - 1);
	CHECK_EQ_I(rtb_write_text_histograms(&k, &r, max_us), 0);
	big[b.len] = 0;
	rtb_result_free(&r);
	return big;
}

static void cyclictest_form(void)
{
	const char *o = run_hist(10);
	/* one table, one column per CPU, every 1 us bin from 0, tabs */
	CHECK(strstr(o, "one column per CPU: 0 1\n") != NULL);
	CHECK(strstr(o, "\n# Histogram\n000000 000000\t000000\n000001 000002\t000000\n"
			"000002 000000\t000000\n000003 000002\t000002\n") != NULL);
	CHECK(strstr(o, "\n000007 000001\t000000\n000008 000000\t000000\n000009 000000\t000000\n"
			"# Total: 000000005 000000002\n") != NULL);
	CHECK(strstr(o, "\n000010 ") == NULL);
	CHECK(strstr(o, "# Min Latencies: 00001 00003\n") != NULL);
	CHECK(strstr(o, "# Max Latencies: 00007 00052\n") != NULL);
	CHECK(strstr(o, "# Histogram Overflows: 00000 00001\n") != NULL);
	/* the all-CPU figure is not a third column nor a table of its own */
	CHECK(strstr(strstr(o, "# Histogram\n") + 1, "# Histogram\n") == NULL);
	/* without -h: up to the largest value (52 us), no overflow */
	o = run_hist(0);
	CHECK(strstr(o, "\n000052 000000\t000001\n# Total: 000000005 000000003\n") != NULL);
	CHECK(strstr(o, "# Histogram Overflows: 00000 00000\n") != NULL);
}

static char out[16384];

static const char *render(const struct rtb_th_series *s, int n)
{
	struct rtb_sink k;
	struct rtb_sink_buf b;

	rtb_sink_buf_init(&k, &b, out, sizeof(out) - 1);
	CHECK_EQ_I(rtb_text_hist(&k, "t", s, n), 0);
	out[b.len] = 0;
	/* runs of blanks to one, so a check reads the columns, not the widths */
	{
		char *w = out;

		for (const char *r = out; *r; r++)
			if (!(*r == ' ' && w > out && w[-1] == ' '))
				*w++ = *r;
		*w = 0;
	}
	return out;
}

static int rows(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n' && s[1] >= '0' && s[1] <= '9';
	return n;
}

int main(void)
{
	/* 1.2, 1.9, 3.0, 3.5, 3.999 us; another series 2.0 and 3.1 us */
	static const int64_t a[] = { 1200, 1900, 3000, 3500, 3999 }, b[] = { 2000, 3100 };
	static const int64_t blo[] = { 1000, 3000 };
	static const uint64_t bn[] = { 7, 5 };
	struct rtb_th_series s[2] = {
		{ .label = "a", .v = a, .nv = 5, .total = 5, .min = 1200, .max = 3999 },
		{ .label = "b", .v = b, .nv = 2, .total = 2, .min = 2000, .max = 3100, .overflow = 3 },
	};
	const char *o = render(s, 2);

	CHECK(strstr(o, "# bins of 1 us") != NULL);
	CHECK(strstr(o, "\n000001 2 0\n") != NULL);
	CHECK(strstr(o, "\n000002 0 1\n") != NULL);
	CHECK(strstr(o, "\n000003 3 1\n") != NULL);
	CHECK_EQ_I(rows(o), 3);
	CHECK(strstr(o, "# Total: 5 2") != NULL);
	CHECK(strstr(o, "# Histogram Overflows: 0 3") != NULL);
	/* buckets: counted in the bin of their lower edge */
	s[1] = (struct rtb_th_series){ .label = "h", .blo = blo, .bcount = bn, .nb = 2, .total = 12,
				       .min = 1000, .max = 3900 };
	o = render(&s[1], 1);
	CHECK(strstr(o, "\n000001 7\n") != NULL);
	CHECK(strstr(o, "\n000003 5\n") != NULL);
	/* one 40 ms spike among 2 us values: 500 us bins, a handful of rows */
	{
		static const int64_t w[] = { 2000, 2100, 40000000 };
		struct rtb_th_series x = { .label = "w", .v = w, .nv = 3, .total = 3, .min = 2000,
					   .max = 40000000 };

		o = render(&x, 1);
		CHECK(strstr(o, "# bins of 500 us") != NULL);
		CHECK(rows(o) == 2);
		CHECK(strstr(o, "\n000000 2\n") != NULL);
		CHECK(strstr(o, "\n040000 1\n") != NULL);
	}
	cyclictest_form();
	return check_done();
}
