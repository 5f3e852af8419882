/* SPDX-License-Identifier: Apache-2.0 */
/* test_round_notes - a metric measured in rounds says each thing once: a
 * note a round repeats is kept once, and a tally ("282 samples waited for
 * the waiter to block first") becomes one item with the total over the
 * rounds (before: "282 samples waited ...; 100 samples waited ...; 30
 * samples waited ..."). The cold sample and the counters merge too.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <string.h>
#include "check.h"
#include "rtbench/err.h"
#include "rtbench/result.h"

static struct rtb_metric *round_metric(struct rtb_result *r, unsigned waited, int k0)
{
	struct rtb_metric *m;

	if (rtb_metric_new(r, "sync.sem.wakeup", "t", 4, &m))
		return NULL;
	rtb_metric_record(m, 0, 900 + k0);      /* the round's cold sample */
	for (int k = 1; k <= 4; k++)
		rtb_metric_record(m, (uint64_t)k, 100 * k + k0);
	rtb_metric_record(m, 5, -3);            /* invalid */
	rtb_metric_note(m, "%u samples waited for the waiter to block first", waited);
	rtb_metric_note(m, "the port cannot read thread state");
	rtb_metric_note(m, "%d samples invalid: the waiter's stamp was before the waker's", 1);
	rtb_metric_finish(m, 0);
	return m;
}

int main(void)
{
	static struct rtb_result r1, r2, r3;
	struct rtb_metric *a = round_metric(&r1, 282, 0), *b = round_metric(&r2, 100, 1),
			  *c = round_metric(&r3, 30, 2);

	if (!a || !b || !c)
		return 1;
	rtb_metric_round_record(a);
	CHECK_EQ_I(rtb_metric_merge_round(a, b, 0), 0);
	CHECK_EQ_I(rtb_metric_merge_round(a, c, 0), 0);
	CHECK_STR(a->note, "412 samples waited for the waiter to block first; "
		  "the port cannot read thread state; "
		  "3 samples invalid: the waiter's stamp was before the waker's");
	CHECK_EQ_I(a->count, 12);
	CHECK_EQ_I(a->invalid, 3);
	CHECK_EQ_I(a->first_ns, 900);           /* the first round's cold sample */
	CHECK_EQ_I(a->nrounds, 3);
	rtb_result_free(&r1);
	rtb_result_free(&r2);
	rtb_result_free(&r3);
	return check_done();
}
