/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench benchmarks - ctxsw's switch detection, apart from the spinners
 * so that a unit test can feed it synthetic stamps.
 *
 * Each spinner stamps in a loop and publishes its stamp; after its own
 * stamp t it reads the other task's latest published stamp o. */
#ifndef RTB_BENCH_CTXSW_DETECT_H
#define RTB_BENCH_CTXSW_DETECT_H

#include <stdint.h>

enum rtb_cs_event {
	RTB_CS_NONE = 0,  /* no switch since this task's previous stamp */
	RTB_CS_SWITCH,    /* a switch in: the sample is t - o */
	RTB_CS_COLD,      /* the burst's first switch: kept apart */
	RTB_CS_RESTAMP,   /* t is stale (switched out between the two reads):
			   * take t again and ask again */
};

/* rtb_cs_detect - t: this task's new stamp; prev: its previous stamp (0 at
 * the burst's start); o: the other task's latest stamp (0: none this
 * burst); ending: a spinner is parking (its hand-over to the other task is
 * the parking, not the switch measured); cold_pending: no switch counted
 * in this burst yet (the first one includes the incoming task's wake from
 * its semaphore wait at the burst's start). Wrap-free comparisons. */
static inline enum rtb_cs_event rtb_cs_detect(uint64_t t, uint64_t prev, uint64_t o,
					      int ending, int cold_pending)
{
	if (o == 0 || ending || (prev && (int64_t)(o - prev) <= 0))
		return RTB_CS_NONE;
	if ((int64_t)(o - t) > 0)
		return RTB_CS_RESTAMP;
	return cold_pending ? RTB_CS_COLD : RTB_CS_SWITCH;
}

#endif
