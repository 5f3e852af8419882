/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the sample ring of run --raw for a time (rtbench/rawring.h):
 * its storage, made before the run, and the producer's slow path. */
#include <string.h>
#include "rtbench/rawring.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"

int rtb_rawring_init(struct rtb_raw_ring *r)
{
	memset(r, 0, sizeof(*r));
	r->slot = rtb_alloc(RTB_RAW_RING_SLOTS * sizeof(*r->slot)); /* zeroed: every page touched */
	if (!r->slot)
		return RTB_ENOMEM;
	rtb_rawring_reset(r);
	return 0;
}

void rtb_rawring_free(struct rtb_raw_ring *r)
{
	rtb_free(r->slot);
	r->slot = NULL;
}

void rtb_rawring_reset(struct rtb_raw_ring *r)
{
	atomic_store(&r->head, 0);
	atomic_store(&r->tail, 0);
	r->tail_seen = 0;
	memset(r->pend, 0, sizeof(r->pend));
	r->npend = 0;
	for (int m = 0; m < RTB_RAW_METRICS; m++)
		atomic_store(&r->lost[m], 0);
	atomic_store(&r->marks_lost, 0);
}

/* rtb_rawring_flush_lost - one LOST entry a metric with a pending loss,
 * each only when a slot is free (the sample after it needs one too, so the
 * loss stays before the sample that follows it). */
int rtb_rawring_flush_lost(struct rtb_raw_ring *r)
{
	for (unsigned m = 0; m < RTB_RAW_METRICS && r->npend; m++) {
		uint64_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
		if (!r->pend[m])
			continue;
		if (!rtb_rawring_room(r, h + 1))
			return 0;
		r->slot[h & RTB_RAW_RING_MASK] = ((uint64_t)RTB_RAW_TAG_LOST << 56) | ((uint64_t)m << 48) |
						 (r->pend[m] & ((UINT64_C(1) << 48) - 1));
		atomic_store_explicit(&r->head, h + 1, memory_order_release);
		r->pend[m] = 0;
		r->npend--;
	}
	return 1;
}
