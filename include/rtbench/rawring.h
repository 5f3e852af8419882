/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the ring a measuring thread streams its samples through (run
 * --duration --raw FILE, docs/long-runs.md "Every sample to disk").
 *
 * One ring per measured CPU, single producer (that CPU's measuring thread,
 * from the record step: rtb_hm_record) and single consumer (the run's
 * writer thread, run/raw.c), C11 atomics only: the producer stores an
 * 8-byte entry into a slot made before the run and publishes it with one
 * release store of `head`; the consumer reads up to an acquire load of
 * `head` and hands the slots back with a release store of `tail`. No lock,
 * no system call, no allocation on the producer's side; it reads the
 * consumer's `tail` only when its cached copy says the ring is full.
 *
 * A full ring (the disk, or the writer, does not keep up) never drops a
 * sample silently: the sample is counted in its metric's pending loss, and
 * the next entry that fits is preceded by a LOST entry carrying that count,
 * so the file says how many samples were lost and where; `lost` keeps the
 * running total for the result. An epoch mark (RTB_RAW_MARK) lost to a full
 * ring is counted in `marks_lost`.
 *
 * An entry: the tag in bits 56-63, then
 *   tag < RTB_RAW_TAG_MARK: a sample of metric `tag`, its value (ns, >= 0)
 *                           in bits 0-55;
 *   RTB_RAW_TAG_MARK: metric in bits 48-55, the epoch (the supervisor's
 *                     second the metric's interval slice began in) in 0-31;
 *   RTB_RAW_TAG_LOST: metric in bits 48-55, samples lost in bits 0-47. */
#ifndef RTBENCH_RAWRING_H
#define RTBENCH_RAWRING_H

#include <stdatomic.h>
#include <stdint.h>

/* slots a ring holds (a power of two): 512 KiB a CPU; at 5,000 samples a
 * second 13 s of them, at 1,000,000 a second 65 ms */
#ifndef RTB_RAW_RING_SLOTS
#define RTB_RAW_RING_SLOTS (1u << 16)
#endif
#define RTB_RAW_RING_MASK ((uint64_t)RTB_RAW_RING_SLOTS - 1)
/* metrics a ring tells apart (struct rtb_bench .metrics: at most 9) */
#define RTB_RAW_METRICS 16

#define RTB_RAW_TAG_MARK 0xFEu
#define RTB_RAW_TAG_LOST 0xFDu
#define RTB_RAW_VALUE_MASK ((UINT64_C(1) << 56) - 1)

struct rtb_raw_ring {
	/* the producer's part (the pads keep the consumer's tail off its
	 * cache line; no _Alignas: rtb_alloc aligns to 16 only) */
	atomic_uint_fast64_t head;
	uint64_t tail_seen;               /* its cached copy of tail */
	uint64_t pend[RTB_RAW_METRICS];   /* lost, not yet said in the ring */
	unsigned npend;                   /* metrics with pend[] > 0 */
	atomic_uint_fast64_t lost[RTB_RAW_METRICS]; /* lost so far, each metric */
	atomic_uint_fast64_t marks_lost;
	char pad[64];
	/* the consumer's part */
	atomic_uint_fast64_t tail;
	char pad2[56];
	uint64_t *slot;                   /* RTB_RAW_RING_SLOTS entries */
};

/* rtb_rawring_init - r's slots allocated (rtb_alloc) and touched now,
 * before any measuring; counters 0. 0 or RTB_ENOMEM. */
int rtb_rawring_init(struct rtb_raw_ring *r);
/* rtb_rawring_free - its slots freed (r may be zeroed or freed after). */
void rtb_rawring_free(struct rtb_raw_ring *r);
/* rtb_rawring_reset - empty, no loss (between measurements: producer and
 * consumer both stopped). */
void rtb_rawring_reset(struct rtb_raw_ring *r);
/* rtb_rawring_flush_lost - the producer: its pending losses into the ring
 * while there is room (out of line: only after a loss). 1 if none is left
 * pending. */
int rtb_rawring_flush_lost(struct rtb_raw_ring *r);

/* room - the producer: a free slot? (reloads tail only when it looks full) */
static inline int rtb_rawring_room(struct rtb_raw_ring *r, uint64_t h)
{
	if (h - r->tail_seen < RTB_RAW_RING_SLOTS)
		return 1;
	r->tail_seen = atomic_load_explicit(&r->tail, memory_order_acquire);
	return h - r->tail_seen < RTB_RAW_RING_SLOTS;
}

/* rtb_rawring_put_entry - the producer: entry e into the ring, or counted
 * lost: a sample of metric m (< RTB_RAW_METRICS) in pend[m] and lost[m],
 * a mark (m == RTB_RAW_METRICS) in marks_lost. */
static inline void rtb_rawring_put_entry(struct rtb_raw_ring *r, uint64_t e, unsigned m)
{
	uint64_t h;

	if (__builtin_expect(r->npend != 0, 0) && !rtb_rawring_flush_lost(r))
		goto lost;
	h = atomic_load_explicit(&r->head, memory_order_relaxed);
	if (__builtin_expect(!rtb_rawring_room(r, h), 0))
		goto lost;
	r->slot[h & RTB_RAW_RING_MASK] = e;
	atomic_store_explicit(&r->head, h + 1, memory_order_release);
	return;
lost:
	/* one writer of these counters (this thread): a load and a store, no
	 * locked read-modify-write, so a full ring costs the loop no more */
	if (m >= RTB_RAW_METRICS) {
		atomic_store_explicit(&r->marks_lost, atomic_load_explicit(&r->marks_lost, memory_order_relaxed) + 1,
				      memory_order_relaxed);
		return;
	}
	r->npend += !r->pend[m];
	r->pend[m]++;
	atomic_store_explicit(&r->lost[m], atomic_load_explicit(&r->lost[m], memory_order_relaxed) + 1,
			      memory_order_relaxed);
}

/* rtb_rawring_sample - the producer: sample ns (>= 0) of metric m. */
static inline void rtb_rawring_sample(struct rtb_raw_ring *r, unsigned m, int64_t ns)
{
	m &= RTB_RAW_METRICS - 1;
	rtb_rawring_put_entry(r, ((uint64_t)m << 56) | ((uint64_t)ns & RTB_RAW_VALUE_MASK), m);
}

/* rtb_rawring_mark - the producer: metric m's samples from here on are in
 * its interval slice that began in epoch `epoch`. */
static inline void rtb_rawring_mark(struct rtb_raw_ring *r, unsigned m, uint32_t epoch)
{
	m &= RTB_RAW_METRICS - 1;
	rtb_rawring_put_entry(r, ((uint64_t)RTB_RAW_TAG_MARK << 56) | ((uint64_t)m << 48) | epoch,
			      RTB_RAW_METRICS);
}

#endif
