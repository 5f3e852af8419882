/* SPDX-License-Identifier: Apache-2.0 */
/* test_trace_pick - the cost model's choice of the CPUs a traced run on
 * several CPUs explains (run/run_trace.c, docs/scale.md): N_max = U * C / r
 * on known figures, clamped to 1..N, spread over the list; the model's
 * rates by kind and period; RTB_TRACE_READER_EVS's value replacing C.
 * rtb-test: side (measures nothing: a pure function on known numbers) */
#include <string.h>
#include "check.h"
#include "run/run_trace.h"

/* picked - the indices pick[] holds, as "0,3,6" */
static const char *picked(const unsigned char *pick, int n)
{
	static char buf[2048];
	size_t l = 0;
	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		if (pick[i])
			l += (size_t)snprintf(buf + l, sizeof(buf) - l, "%s%d", l ? "," : "", i);
	return buf;
}

static struct rtb_trace_choice fig(double r, double c)
{
	struct rtb_trace_choice m = { .events_per_cpu_s = r, .reader_events_s = c, .share = 0.5 };
	return m;
}

int main(void)
{
	unsigned char pick[256];
	struct rtb_trace_choice m;

	/* the timer at 1 ms on this machine's figures: 3.0 M / 10.5 k x 0.5 =
	 * 142: 2 CPUs and 64 all explained, 256 sampled to 142 */
	m = fig(10500, 3.0e6);
	CHECK_EQ_I(rtb_run_trace_pick(&m, 2, pick), 2);
	CHECK_EQ_I(m.n_max, 142);
	CHECK_STR(picked(pick, 2), "0,1");
	CHECK_EQ_I(rtb_run_trace_pick(&m, 64, pick), 64);
	CHECK_EQ_I(rtb_run_trace_pick(&m, 256, pick), 142);
	CHECK_EQ_I(m.ncpus, 256);
	/* spread: the i-th of k at floor(i * n / k) */
	m = fig(1000, 8000); /* N_max 4 */
	CHECK_EQ_I(rtb_run_trace_pick(&m, 16, pick), 4);
	CHECK_STR(picked(pick, 16), "0,4,8,12");
	CHECK_EQ_I(rtb_run_trace_pick(&m, 6, pick), 4);
	CHECK_STR(picked(pick, 6), "0,1,3,4");
	/* fewer than one CPU's worth: one explained, never none */
	m = fig(1.24e6, 0.57e6);
	CHECK_EQ_I(rtb_run_trace_pick(&m, 2, pick), 1);
	CHECK_EQ_I(m.n_max, 0);
	CHECK_STR(picked(pick, 2), "0");
	/* no figures: every CPU, n_max -1 */
	m = fig(0, 0);
	CHECK_EQ_I(rtb_run_trace_pick(&m, 3, pick), 3);
	CHECK_EQ_I(m.n_max, -1);
	CHECK_STR(picked(pick, 3), "0,1,2");

	/* the model's rates: the timer r = 2600 + 7.9 / period */
	rtb_run_trace_model(RTB_TRACE_TIMER, 1000000, NULL, &m);
	CHECK_NEAR(m.events_per_cpu_s, 10500, 1);
	CHECK_NEAR(m.reader_events_s, 3.0e6, 1);
	CHECK_NEAR(m.share, 0.5, 1e-9);
	rtb_run_trace_model(RTB_TRACE_TIMER, 100000, NULL, &m);
	CHECK_NEAR(m.events_per_cpu_s, 81600, 1);
	CHECK_EQ_I(rtb_run_trace_pick(&m, 64, pick), 18); /* 0.5 x 3.0 M / 81.6 k */
	rtb_run_trace_model(RTB_TRACE_NOISE, 200000, NULL, &m);
	CHECK_NEAR(m.events_per_cpu_s, 1700, 1);
	rtb_run_trace_model(RTB_TRACE_WAKE, 200000, NULL, &m);
	CHECK_NEAR(m.events_per_cpu_s, 0, 0);
	CHECK(strstr(m.from, "no figures") != NULL);
	/* the capacity given for tests, and a bad one ignored and said */
	rtb_run_trace_model(RTB_TRACE_TIMER, 200000, "10000", &m);
	CHECK_NEAR(m.reader_events_s, 10000, 0);
	CHECK(strstr(m.from, "RTB_TRACE_READER_EVS") == m.from);
	CHECK_EQ_I(rtb_run_trace_pick(&m, 2, pick), 1);
	rtb_run_trace_model(RTB_TRACE_TIMER, 200000, "fast", &m);
	CHECK_NEAR(m.reader_events_s, 3.0e6, 1);
	CHECK(strstr(m.from, "ignored") != NULL);
	rtb_run_trace_model(RTB_TRACE_TIMER, 200000, "-5", &m);
	CHECK_NEAR(m.reader_events_s, 3.0e6, 1);
	return check_done();
}
