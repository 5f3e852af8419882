/* SPDX-License-Identifier: Apache-2.0 */
/* test_rawfmt - run --duration --raw FILE's parts that measure nothing: the
 * file's header and frames written and read back (and refused when they
 * are not one), the size rtb_rawf_bytes counts, and the sample ring: in
 * order, a full ring counting its losses (never dropping one silently) and
 * saying where they were, a lost mark counted, the record step of a
 * histogram-mode metric feeding it, and one producer and one consumer
 * thread at once losing nothing they did not count.
 * rtb-test: side (measures nothing: no clock, priority or timing; tests/run.sh) */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/hmetric.h"
#include "rtbench/rawfmt.h"
#include "rtbench/rawring.h"
#include "rtbench/result.h"

static void header_round_trip(void)
{
	static uint8_t buf[1 << 16];
	static struct rtb_rawf_hdr h;
	const int cpus[3] = { 0, 5, 255 };
	size_t n = rtb_rawf_header(buf, sizeof(buf), "2026-12-05T03:41:00Z", cpus, 3, "rtbench test"), used = 0;
	char why[200];

	CHECK_EQ_I(n, 8 + 2 + 2 + 4 + 4 + 12 + 2 + 20 + 2 + 12);
	CHECK_EQ_I(rtb_rawf_read_header(buf, n, &h, &used, why, sizeof(why)), 0);
	CHECK_EQ_I(used, n);
	CHECK_EQ_I(h.version, RTB_RAWF_VERSION);
	CHECK_EQ_I(h.unit_ns, 1);
	CHECK_STR(h.date, "2026-12-05T03:41:00Z");
	CHECK_EQ_I(h.ncpu, 3);
	CHECK_EQ_I(h.cpu[2], 255);
	CHECK_STR(h.writer, "rtbench test");
	/* every shorter prefix asks for more, none is taken for a header */
	for (size_t k = 0; k < n; k++)
		CHECK_EQ_I(rtb_rawf_read_header(buf, k, &h, &used, why, sizeof(why)), 1);
	buf[3] = 'X';
	CHECK_EQ_I(rtb_rawf_read_header(buf, n, &h, &used, why, sizeof(why)), RTB_EFORMAT);
	CHECK(strstr(why, "not an rtbench raw file") != NULL);
	buf[3] = 'R';
	buf[8] = 9; /* version 9 */
	CHECK_EQ_I(rtb_rawf_read_header(buf, n, &h, &used, why, sizeof(why)), RTB_EFORMAT);
	CHECK(strstr(why, "version 9") != NULL);
	CHECK_EQ_I(rtb_rawf_header(buf, 20, "", cpus, 3, "x"), 0); /* does not fit */
}

static void frames(void)
{
	uint8_t buf[64];
	struct rtb_rawf_frame f;
	char why[200];

	rtb_rawf_frame_head(buf, RTB_RAWF_SAMPLES, 2, 300, 16);
	rtb_rawf_put64(buf + 8, 77);
	rtb_rawf_put32(buf + 16, 4000000000u);
	rtb_rawf_put32(buf + 20, 5);
	CHECK_EQ_I(rtb_rawf_read_frame(buf, 24, &f, why, sizeof(why)), 0);
	CHECK_EQ_I(f.type, 'S');
	CHECK_EQ_I(f.metric, 2);
	CHECK_EQ_I(f.cpu, 300);
	CHECK_EQ_I(f.len, 16);
	CHECK_EQ_I(rtb_rawf_get64(f.p), 77);
	CHECK_EQ_I(rtb_rawf_get32(f.p + 8), 4000000000u);
	for (size_t k = 0; k < 24; k++) /* a cut frame is never read */
		CHECK_EQ_I(rtb_rawf_read_frame(buf, k, &f, why, sizeof(why)), 1);
	rtb_rawf_frame_head(buf, RTB_RAWF_SAMPLES, 0, 0, RTB_RAWF_MAX_PAYLOAD + 1);
	CHECK_EQ_I(rtb_rawf_read_frame(buf, 64, &f, why, sizeof(why)), RTB_EFORMAT);
	/* the size estimate: 4 bytes a sample and the frames, never less */
	double b = rtb_rawf_bytes(600, 5000, 2, 1, 2.0);
	CHECK(b >= 600.0 * 5000 * 2 * 4);
	CHECK(b < 600.0 * 5000 * 2 * 4.05);
}

static struct rtb_raw_ring ring;

/* take - the ring's next entry (consumer side); 0 when empty. */
static int take(struct rtb_raw_ring *r, uint64_t *e)
{
	uint64_t t = atomic_load(&r->tail), h = atomic_load_explicit(&r->head, memory_order_acquire);

	if (t == h)
		return 0;
	*e = r->slot[t & RTB_RAW_RING_MASK];
	atomic_store_explicit(&r->tail, t + 1, memory_order_release);
	return 1;
}

static void ring_full(void)
{
	uint64_t e;

	CHECK_EQ_I(rtb_rawring_init(&ring), 0);
	for (uint64_t i = 0; i < RTB_RAW_RING_SLOTS + 10; i++)
		rtb_rawring_sample(&ring, 1, (int64_t)i);
	CHECK_EQ_I(atomic_load(&ring.lost[1]), 10);
	rtb_rawring_mark(&ring, 1, 3); /* no room: counted, not written */
	CHECK_EQ_I(atomic_load(&ring.marks_lost), 1);
	/* two slots free: the loss is said before the next sample */
	CHECK(take(&ring, &e) && e == ((uint64_t)1 << 56));
	CHECK(take(&ring, &e));
	rtb_rawring_sample(&ring, 1, 999999);
	uint64_t n = 0, last = 0, lostsaid = 0;
	while (take(&ring, &e)) {
		unsigned tag = (unsigned)(e >> 56);
		if (tag == RTB_RAW_TAG_LOST) {
			CHECK_EQ_I((e >> 48) & 0xff, 1);
			lostsaid = e & ((UINT64_C(1) << 48) - 1);
			CHECK_EQ_I(last, RTB_RAW_RING_SLOTS - 1); /* after the last one kept */
		} else {
			CHECK_EQ_I(tag, 1);
			last = e & RTB_RAW_VALUE_MASK;
			n++;
		}
	}
	CHECK_EQ_I(lostsaid, 10);
	CHECK_EQ_I(last, 999999);
	CHECK_EQ_I(n, RTB_RAW_RING_SLOTS - 2 + 1);
	rtb_rawring_reset(&ring);
	CHECK_EQ_I(atomic_load(&ring.lost[1]), 0);
	CHECK(!take(&ring, &e));
}

/* hm_feeds - the record step of a histogram-mode metric puts each sample
 * in its ring, and an interval's roll a mark before the next one. */
static void hm_feeds(void)
{
	static struct rtb_result r;
	struct rtb_metric *m = NULL;
	atomic_uint epoch;
	uint64_t e;

	atomic_init(&epoch, 0);
	CHECK_EQ_I(rtb_metric_new_hm(&r, "t.raw", "t", 0, 0, NULL, &epoch, &m), 0);
	m->hm->ring = &ring;
	m->hm->ring_metric = 3;
	rtb_metric_record(m, 0, 5);   /* the cold sample: not a sample, not streamed */
	rtb_metric_record(m, 1, 100);
	rtb_metric_record(m, 2, -1);  /* invalid: counted apart, not streamed */
	atomic_store(&epoch, 1);
	rtb_metric_record(m, 3, 200);
	CHECK(take(&ring, &e) && e == ((uint64_t)3 << 56 | 100));
	CHECK(take(&ring, &e) && e == ((uint64_t)RTB_RAW_TAG_MARK << 56 | (uint64_t)3 << 48 | 1));
	CHECK(take(&ring, &e) && e == ((uint64_t)3 << 56 | 200));
	CHECK(!take(&ring, &e));
	m->hm->ring = NULL;
	rtb_result_free(&r);
}

#define SPSC_N 3000000u
static atomic_int done;

static void *producer(void *arg)
{
	(void)arg;
	for (uint64_t i = 0; i < SPSC_N; i++)
		rtb_rawring_sample(&ring, 0, (int64_t)i);
	atomic_store(&done, 1);
	return NULL;
}

/* spsc - one producer, one consumer at once: every sample arrives in
 * order or is counted lost where it was, none twice. */
static void spsc(void)
{
	pthread_t th;
	uint64_t e, next = 0, got = 0, lost = 0;

	rtb_rawring_reset(&ring);
	atomic_store(&done, 0);
	CHECK_EQ_I(pthread_create(&th, NULL, producer, NULL), 0);
	for (;;) {
		int d = atomic_load(&done);
		while (take(&ring, &e)) {
			if ((e >> 56) == RTB_RAW_TAG_LOST) {
				next += e & ((UINT64_C(1) << 48) - 1);
				lost += e & ((UINT64_C(1) << 48) - 1);
				continue;
			}
			if ((e & RTB_RAW_VALUE_MASK) != next) {
				CHECK_EQ_I(e & RTB_RAW_VALUE_MASK, next);
				break;
			}
			next++;
			got++;
		}
		if (d)
			break;
	}
	pthread_join(th, NULL);
	lost += ring.pend[0]; /* a loss the producer could not say before it ended */
	CHECK_EQ_I(got + lost, SPSC_N);
	CHECK_EQ_I(lost, atomic_load(&ring.lost[0]));
	printf("spsc: %llu through the ring, %llu counted lost\n", (unsigned long long)got, (unsigned long long)lost);
}

int main(void)
{
	header_round_trip();
	frames();
	ring_full();
	hm_feeds();
	spsc();
	rtb_rawring_free(&ring);
	return check_done();
}
