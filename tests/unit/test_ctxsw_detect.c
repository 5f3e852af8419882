/* SPDX-License-Identifier: Apache-2.0 */
/* test_ctxsw_detect - ctxsw's switch detection (src/bench/ctxsw_detect.h)
 * on synthetic stamps: a switch is counted only when the other task
 * stamped since this one's previous stamp; a stale stamp (switched out
 * between taking it and reading the other's) is taken again; the hand-over
 * when a spinner parks is not a switch; the burst's first switch (the
 * incoming task just woke from its semaphore) is kept apart as cold. The
 * old code counted that first switch into the distribution.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include "check.h"
#include "bench/ctxsw_detect.h"

int main(void)
{
	/* nothing from the other task yet this burst */
	CHECK_EQ_I(rtb_cs_detect(1000, 0, 0, 0, 1), RTB_CS_NONE);
	/* the other stamped before our first stamp of the burst: the
	 * burst's first switch, which includes the wake from `go` */
	CHECK_EQ_I(rtb_cs_detect(1000, 0, 900, 0, 1), RTB_CS_COLD);
	/* then a real switch: the other ran since our previous stamp */
	CHECK_EQ_I(rtb_cs_detect(2000, 1500, 1900, 0, 0), RTB_CS_SWITCH);
	/* the other's stamp is older than our previous one: no switch */
	CHECK_EQ_I(rtb_cs_detect(2100, 2000, 1900, 0, 0), RTB_CS_NONE);
	CHECK_EQ_I(rtb_cs_detect(2100, 2000, 2000, 0, 0), RTB_CS_NONE);
	/* stale stamp: we were switched out after taking t, the other ran
	 * and stamped after t: take t again */
	CHECK_EQ_I(rtb_cs_detect(3000, 2500, 3400, 0, 0), RTB_CS_RESTAMP);
	CHECK_EQ_I(rtb_cs_detect(3600, 2500, 3400, 0, 0), RTB_CS_SWITCH);
	/* the hand-over at parking: the other task is parking, not switched */
	CHECK_EQ_I(rtb_cs_detect(5000, 4000, 4900, 1, 0), RTB_CS_NONE);
	/* counters near the wrap: comparisons are wrap-free */
	const uint64_t w = UINT64_MAX - 100;
	CHECK_EQ_I(rtb_cs_detect(w + 300, w + 50, w + 200, 0, 0), RTB_CS_SWITCH);
	return check_failures ? 1 : 0;
}
