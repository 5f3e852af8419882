/* SPDX-License-Identifier: Apache-2.0 */
/* test_text_verdict - the text writer shows a benchmark's verdict from the
 * metric's generic verdict field, whatever the benchmark (before: it read
 * sync.prio_inv's extras by name, so another benchmark could not have
 * one, and prio_inv's extras alone printed one): the row's name, the value
 * in capitals, the reason. The value is one lowercase word.
 * And a metric's note is said under that metric's name, also when it has
 * no method line (a skipped one): before, the skipped
 * sync.prio_inv.ceiling.request_to_release's note was printed with no name
 * above it, so it read as the note of the metric printed before it
 * (inherit.blocking).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "rtbench/err.h"
#include "rtbench/output.h"
#include "rtbench/result.h"
#include "rtbench/sink.h"

static char out[1 << 16];

static const char *render(const struct rtb_result *r)
{
	struct rtb_sink s;
	struct rtb_sink_buf b;

	memset(out, 0, sizeof(out));
	rtb_sink_buf_init(&s, &b, out, sizeof(out) - 1);
	rtb_write_text(&s, r);
	return out;
}

static void note_under_name(void)
{
	static struct rtb_result r;
	struct rtb_metric *a, *b;

	if (rtb_metric_new(&r, "sync.prio_inv.inherit.blocking", "inherit", 2, &a) ||
	    rtb_metric_new(&r, "sync.prio_inv.ceiling.request_to_release", "ceiling", 2, &b)) {
		CHECK(!"rtb_metric_new");
		return;
	}
	a->study_table = b->study_table = "Table 2";
	snprintf(a->method, sizeof(a->method), "tCyclicTask's total blocking");
	for (int k = 1; k <= 2; k++)
		rtb_metric_record(a, (uint64_t)k, 1000 * k);
	rtb_metric_finish(a, 0);
	b->status = RTB_STATUS_SKIPPED;
	snprintf(b->note, sizeof(b->note), "PTHREAD_PRIO_PROTECT is not offered here");
	const char *t = render(&r);
	const char *lead = strstr(t, "\n  sync.prio_inv.ceiling.request_to_release: \n");
	const char *note = strstr(t, "    note: PTHREAD_PRIO_PROTECT is not offered here");
	CHECK(lead != NULL);
	CHECK(note != NULL);
	/* the note is the first thing after its metric's name */
	CHECK(lead && note && note == strchr(lead + 1, '\n') + 1);
	rtb_result_free(&r);
	}

int main(void)
{
	static struct rtb_result r;
	struct rtb_metric *a, *b;

	if (rtb_metric_new(&r, "fake.answer", "answer", 2, &a) ||
	    rtb_metric_new(&r, "sync.prio_inv.none.blocking", "pi", 2, &b))
		return 1;
	a->study_table = b->study_table = "Table 2";
	for (int k = 1; k <= 2; k++) {
		rtb_metric_record(a, (uint64_t)k, 1000 * k);
		rtb_metric_record(b, (uint64_t)k, 1000 * k);
	}
	CHECK_EQ_I(rtb_metric_set_verdict(a, "bounded", "the answer, %s", "from the field"), 0);
	/* the value is one lowercase word: anything else leaves none */
	CHECK_EQ_I(rtb_metric_set_verdict(b, "BOUNDED", "x"), RTB_EINVAL);
	CHECK_EQ_I(rtb_metric_set_verdict(b, "two words", "x"), RTB_EINVAL);
	CHECK_EQ_I(rtb_metric_set_verdict(b, "", "x"), RTB_EINVAL);
	CHECK_EQ_I(rtb_metric_set_verdict(b, "a_word_of_twenty_four_ch", "x"), RTB_EINVAL);
	CHECK(b->verdict.value[0] == 0 && b->verdict.reason[0] == 0);
	/* prio_inv's extras without a verdict: nothing printed from them */
	rtb_metric_extra(b, "bounded", 0.0, "bool");
	rtb_metric_finish(a, 0);
	rtb_metric_finish(b, 0);
	const char *t = render(&r);
	CHECK(strstr(t, "\n  fake.answer      BOUNDED:       the answer, from the field\n") != NULL);
	CHECK(strstr(t, "UNBOUNDED") == NULL);
	rtb_result_free(&r);
	note_under_name();
	return check_done();
}
