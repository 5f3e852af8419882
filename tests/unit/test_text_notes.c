/* SPDX-License-Identifier: Apache-2.0 */
/* test_text_notes - the text writer says a metric's note under that
 * metric's name, also when it has no method line (a skipped one): before,
 * the skipped sync.prio_inv.ceiling.request_to_release's note was printed
 * with no name above it, so it read as the note of the metric printed
 * before it (inherit.blocking; issue 30). */
#include <string.h>
#include "check.h"
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

int main(void)
{
	static struct rtb_result r;
	struct rtb_metric *a, *b;

	if (rtb_metric_new(&r, "sync.prio_inv.inherit.blocking", "inherit", 2, &a) ||
	    rtb_metric_new(&r, "sync.prio_inv.ceiling.request_to_release", "ceiling", 2, &b))
		return 1;
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
	return check_done();
}
