/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - run --duration --raw FILE: the writer thread that
 * drains the CPUs' sample rings into the file (the protocol: run/raw.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/raw.h"
#include "run/long.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/rawfmt.h"
#include "rtbench/rawring.h"

#define RAW_POLL_NS 10000000LL          /* the writer drains every 10 ms */
#define RAW_BUF (512u * 1024)            /* written out when past half */
#define RAW_BLOCK_MAX (RTB_RAWF_FRAME + 8 + 8 * RTB_RAWF_BLOCK)

/* One CPU's counts in the current measurement, each metric's, and its open
 * block: kept open across drains until it is full, another metric's sample
 * or a mark comes (a mark a second: a block a second at least), so a block
 * costs its 16 bytes once per RTB_RAWF_BLOCK samples or per second. */
struct raw_cpu {
	uint64_t next[RTB_RAW_METRICS];    /* index of its next sample (lost ones counted) */
	uint64_t written[RTB_RAW_METRICS];
	uint64_t lost[RTB_RAW_METRICS];
	int bmet, bn;
	uint64_t bval[RTB_RAWF_BLOCK];
};

struct rtb_raw {
	int fd;
	int ncpu, nmet, meas;
	struct rtb_raw_ring *rings;
	struct raw_cpu *cc;
	rtb_thread_t th;
	int running, housekeeping_cpu;
	atomic_int stop;
	/* the writer's (the supervisor reads them between intervals) */
	atomic_uint_fast64_t samples, lost, unwritten, bytes;
	atomic_int err;                    /* a write failed: nothing more is written */
	uint64_t lost_done;                /* lost in the measurements that ended */
	int hold;                          /* RTBENCH_TEST_RAW_HOLD (held()) */
	char error[160];
	uint8_t *buf;
	size_t n;
};

/* out - the buffer to the file (a failed write: counted, said once). */
static void out(struct rtb_raw *w)
{
	if (!w->n)
		return;
	if (!w->err && rtb_port_stream_write(w->fd, w->buf, w->n)) {
		snprintf(w->error, sizeof(w->error), "a write failed after %llu bytes (the disk full?)",
			 (unsigned long long)atomic_load(&w->bytes));
		atomic_store_explicit(&w->err, RTB_EIO, memory_order_release);
	}
	if (!w->err)
		atomic_fetch_add(&w->bytes, w->n);
	w->n = 0;
}

/* room - at least need bytes free in the buffer. */
static uint8_t *room(struct rtb_raw *w, size_t need)
{
	if (w->n + need > RAW_BUF)
		out(w);
	return w->buf + w->n;
}

/* close_block - CPU cpu's open block as one 'S' (or 'W') frame. */
static void close_block(struct rtb_raw *w, int cpu)
{
	struct raw_cpu *c = &w->cc[cpu];
	int wide = 0;

	if (!c->bn)
		return;
	for (int i = 0; i < c->bn && !wide; i++)
		wide = c->bval[i] >= UINT32_MAX;
	size_t vb = wide ? 8 : 4, len = 8 + vb * (size_t)c->bn;
	uint8_t *p = room(w, RTB_RAWF_FRAME + len);
	rtb_rawf_frame_head(p, wide ? RTB_RAWF_WIDE : RTB_RAWF_SAMPLES, (unsigned)c->bmet, (unsigned)cpu,
			    (uint32_t)len);
	rtb_rawf_put64(p + 8, c->next[c->bmet]);
	for (int i = 0; i < c->bn; i++) {
		if (wide)
			rtb_rawf_put64(p + 16 + 8 * (size_t)i, c->bval[i]);
		else
			rtb_rawf_put32(p + 16 + 4 * (size_t)i, (uint32_t)c->bval[i]);
	}
	w->n += RTB_RAWF_FRAME + len;
	c->next[c->bmet] += (uint64_t)c->bn;
	if (w->err)
		atomic_fetch_add(&w->unwritten, (uint64_t)c->bn);
	else
		c->written[c->bmet] += (uint64_t)c->bn;
	atomic_fetch_add(&w->samples, (uint64_t)c->bn);
	c->bn = 0;
}

/* put16 - a frame (a mark, a loss) for CPU cpu's metric m: its index (the
 * samples before it, once the open block is out) and b. */
static void put16(struct rtb_raw *w, int type, int cpu, unsigned m, uint64_t b)
{
	uint8_t *p;

	close_block(w, cpu);
	p = room(w, RTB_RAWF_FRAME + 16);
	rtb_rawf_frame_head(p, type, m, (unsigned)cpu, 16);
	rtb_rawf_put64(p + 8, w->cc[cpu].next[m]);
	rtb_rawf_put64(p + 16, b);
	w->n += RTB_RAWF_FRAME + 16;
}

/* lost - n samples of CPU cpu's metric m were lost at this point. */
static void lost(struct rtb_raw *w, int cpu, unsigned m, uint64_t n)
{
	struct raw_cpu *c = &w->cc[cpu];

	put16(w, RTB_RAWF_LOST, cpu, m, n);
	c->next[m] += n;
	c->lost[m] += n;
	atomic_fetch_add(&w->lost, n);
}

/* drain - Step 3: everything ring cpu holds now into the buffer. */
static void drain(struct rtb_raw *w, int cpu)
{
	struct rtb_raw_ring *r = &w->rings[cpu];
	uint64_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
	uint64_t h = atomic_load_explicit(&r->head, memory_order_acquire);

	for (; t != h; t++) {
		uint64_t e = r->slot[t & RTB_RAW_RING_MASK];
		unsigned tag = (unsigned)(e >> 56), m = (unsigned)(e >> 48) & 0xff;
		if (tag < RTB_RAW_METRICS) {
			struct raw_cpu *c = &w->cc[cpu];
			if (c->bn && (c->bmet != (int)tag || c->bn == RTB_RAWF_BLOCK))
				close_block(w, cpu);
			c->bmet = (int)tag;
			c->bval[c->bn++] = e & RTB_RAW_VALUE_MASK;
		} else if (tag == RTB_RAW_TAG_MARK && m < RTB_RAW_METRICS) {
			put16(w, RTB_RAWF_MARK, cpu, m, (uint32_t)e);
		} else if (tag == RTB_RAW_TAG_LOST && m < RTB_RAW_METRICS) {
			lost(w, cpu, m, e & ((UINT64_C(1) << 48) - 1));
		}
		/* the writer keeps up with a full buffer: a block is 32 KiB at most */
		if (w->n + RAW_BLOCK_MAX > RAW_BUF)
			out(w);
		if (((t + 1) & 1023) == 0) /* hand slots back as it goes */
			atomic_store_explicit(&r->tail, t + 1, memory_order_release);
	}
	atomic_store_explicit(&r->tail, t, memory_order_release);
}

/* held - the tests' hook RTBENCH_TEST_RAW_HOLD (docs/long-runs.md): the
 * writer drains nothing until every ring has overflowed once, so a test
 * sees losses counted and said without a slow disk. */
static int held(struct rtb_raw *w)
{
	if (!w->hold)
		return 0;
	for (int i = 0; i < w->ncpu; i++)
		if (!atomic_load(&w->rings[i].lost[0]) && !atomic_load(&w->stop))
			return 1;
	w->hold = 0;
	return 0;
}

/* writer_main - Step 3 until told to stop, then the last drain. */
static void writer_main(void *p)
{
	struct rtb_raw *w = p;

	while (held(w))
		rtb_port_sleep_ns(RAW_POLL_NS);
	for (;;) {
		int last = atomic_load_explicit(&w->stop, memory_order_acquire);
		for (int i = 0; i < w->ncpu; i++)
			drain(w, i);
		out(w);
		if (last)
			break;
		rtb_port_sleep_ns(RAW_POLL_NS);
	}
}

int rtb_raw_open(struct rtb_long *lr, const char *path, struct rtb_raw **outp)
{
	struct rtb_raw *w = rtb_alloc(sizeof(*w));
	int cpus[RTB_RAWF_MAX_CPUS], rc = RTB_ENOMEM;

	*outp = NULL;
	if (!w || lr->ncpu > RTB_RAWF_MAX_CPUS)
		goto fail;
	w->fd = -1;
	w->ncpu = lr->ncpu;
	w->hold = getenv("RTBENCH_TEST_RAW_HOLD") != NULL;
	w->housekeeping_cpu = lr->res->set.housekeeping_cpu;
	w->buf = rtb_alloc(RAW_BUF);
	w->rings = rtb_alloc((size_t)w->ncpu * sizeof(*w->rings));
	w->cc = rtb_alloc((size_t)w->ncpu * sizeof(*w->cc));
	if (!w->buf || !w->rings || !w->cc)
		goto fail;
	for (int i = 0; i < w->ncpu; i++) {
		cpus[i] = lr->cpus[i].cpu;
		if (rtb_rawring_init(&w->rings[i]))
			goto fail;
	}
	if ((rc = rtb_port_stream_open(path, &w->fd))) {
		fprintf(stderr, "rtbench: --raw: cannot write %s\n", rtb_port_output_error());
		goto fail;
	}
	char who[64];
	snprintf(who, sizeof(who), "rtbench %.40s", lr->res->set.rtbench_version);
	w->n = rtb_rawf_header(w->buf, RAW_BUF, lr->res->set.date_utc, cpus, w->ncpu, who);
	out(w);
	if (w->err) {
		fprintf(stderr, "rtbench: --raw: %s: %s\n", path, w->error);
		rc = RTB_EIO;
		goto fail;
	}
	lr->res->set.raw.on = 1;
	snprintf(lr->res->set.raw.file, sizeof(lr->res->set.raw.file), "%s", path);
	*outp = w;
	return 0;
fail:
	if (rc == RTB_ENOMEM)
		fprintf(stderr, "rtbench: --raw: out of memory for the rings (%u KiB a CPU)\n",
			(unsigned)(RTB_RAW_RING_SLOTS * 8 / 1024));
	if (w) {
		if (w->fd >= 0)
			rtb_port_stream_close(w->fd);
		for (int i = 0; w->rings && i < w->ncpu; i++)
			rtb_rawring_free(&w->rings[i]);
		rtb_free(w->rings);
		rtb_free(w->cc);
		rtb_free(w->buf);
		rtb_free(w);
	}
	return rc;
}

/* put_str - u16 length and the bytes of s (at most 255 of them). */
static size_t put_str(uint8_t *p, const char *s)
{
	size_t l = strlen(s) > 255 ? 255 : strlen(s);

	rtb_rawf_put16(p, (uint16_t)l);
	memcpy(p + 2, s, l);
	return 2 + l;
}

int rtb_raw_begin(struct rtb_raw *w, struct rtb_long *lr)
{
	uint8_t *p = room(w, 24 + 257 * (RTB_RAW_METRICS + 1));
	size_t l = RTB_RAWF_FRAME + 16;

	w->nmet = lr->nmet < RTB_RAW_METRICS ? lr->nmet : RTB_RAW_METRICS;
	rtb_rawf_put32(p + 8, (uint32_t)w->meas);
	rtb_rawf_put32(p + 12, (uint32_t)w->nmet);
	rtb_rawf_put64(p + 16, lr->b->paced ? (uint64_t)lr->o->period_ns : 0);
	l += put_str(p + l, lr->b->id);
	for (int j = 0; j < w->nmet; j++)
		l += put_str(p + l, lr->mids[j]);
	rtb_rawf_frame_head(p, RTB_RAWF_MEAS, 0, 0, (uint32_t)(l - RTB_RAWF_FRAME));
	w->n += l;
	out(w);
	memset(w->cc, 0, (size_t)w->ncpu * sizeof(*w->cc));
	for (int i = 0; i < w->ncpu; i++) {
		rtb_rawring_reset(&w->rings[i]);
		for (int j = 0; j < w->nmet; j++) {
			lr->cpus[i].live[j]->hm->ring = &w->rings[i];
			lr->cpus[i].live[j]->hm->ring_metric = (unsigned)j;
		}
	}
	struct rtb_thread_attr a = { .name = "rtb-raw", .policy = RTB_SCHED_NORMAL, .prio = RTB_PRIO_LOW,
				     .cpu = w->housekeeping_cpu };
	atomic_store(&w->stop, 0);
	int rc = rtb_thread_create(&w->th, &a, writer_main, w);
	if (rc) {
		fprintf(stderr, "rtbench: --raw: cannot start the writer thread: %s\n", rtb_strerror(rc));
		return rc;
	}
	w->running = 1;
	return 0;
}

/* end_frame - the measurement's 'E' frame: every CPU's counts. */
static void end_frame(struct rtb_raw *w)
{
	size_t len = 8 + (size_t)w->ncpu * ((size_t)w->nmet * 16 + 8), off = RTB_RAWF_FRAME + 8;
	uint8_t *p = room(w, RTB_RAWF_FRAME + len);

	rtb_rawf_frame_head(p, RTB_RAWF_END, 0, 0, (uint32_t)len);
	rtb_rawf_put32(p + 8, (uint32_t)w->ncpu);
	rtb_rawf_put32(p + 12, (uint32_t)w->nmet);
	for (int i = 0; i < w->ncpu; i++)
		for (int j = 0; j < w->nmet; j++, off += 16) {
			rtb_rawf_put64(p + off, w->cc[i].written[j]);
			rtb_rawf_put64(p + off + 8, w->cc[i].lost[j]);
		}
	for (int i = 0; i < w->ncpu; i++, off += 8)
		rtb_rawf_put64(p + off, atomic_load(&w->rings[i].marks_lost));
	w->n += RTB_RAWF_FRAME + len;
}

void rtb_raw_end(struct rtb_raw *w, struct rtb_long *lr)
{
	if (w->running) {
		atomic_store_explicit(&w->stop, 1, memory_order_release);
		rtb_thread_join(&w->th);
		w->running = 0;
	}
	/* the threads are joined: their rings and pending losses are ours */
	for (int i = 0; i < w->ncpu; i++) {
		drain(w, i);
		close_block(w, i);
		for (unsigned j = 0; j < RTB_RAW_METRICS; j++)
			if (w->rings[i].pend[j])
				lost(w, i, j, w->rings[i].pend[j]);
	}
	end_frame(w);
	out(w);
	w->lost_done = atomic_load(&w->lost);
	for (int i = 0; i < w->ncpu; i++)
		for (int j = 0; j < w->nmet; j++) {
			struct rtb_metric *s = lr->cpus[i].shown[j];
			lr->cpus[i].live[j]->hm->ring = NULL;
			rtb_metric_extra(s, "raw_samples", (double)w->cc[i].written[j], "samples");
			rtb_metric_extra(s, "raw_lost", (double)w->cc[i].lost[j], "samples");
			if (w->cc[i].lost[j])
				rtb_metric_note(s, "--raw: %llu samples lost (the writer did not keep up; said in the "
						"file where)", (unsigned long long)w->cc[i].lost[j]);
		}
	w->meas++;
	rtb_raw_settings(w, lr->res);
}

void rtb_raw_settings(struct rtb_raw *w, struct rtb_result *res)
{
	struct rtb_raw_info *r = &res->set.raw;

	r->samples = atomic_load(&w->samples) - atomic_load(&w->unwritten);
	r->unwritten = atomic_load(&w->unwritten);
	r->bytes = atomic_load(&w->bytes);
	uint64_t l = w->lost_done;
	/* mid-measurement: the rings' own counts (a loss still pending in a
	 * full ring included), not only what the writer took */
	for (int i = 0; w->running && i < w->ncpu; i++)
		for (int j = 0; j < RTB_RAW_METRICS; j++)
			l += atomic_load(&w->rings[i].lost[j]);
	r->lost = w->running ? l : atomic_load(&w->lost);
	if (atomic_load_explicit(&w->err, memory_order_acquire))
		snprintf(r->error, sizeof(r->error), "%s", w->error);
}

void rtb_raw_close(struct rtb_raw *w, struct rtb_result *res, const char *path)
{
	const struct rtb_raw_info *r = &res->set.raw;

	if (!w)
		return;
	if (w->running) { /* a measurement that never ended (an error) */
		atomic_store_explicit(&w->stop, 1, memory_order_release);
		rtb_thread_join(&w->th);
	}
	out(w);
	if (rtb_port_stream_close(w->fd) && !w->err) {
		snprintf(w->error, sizeof(w->error), "its sync or close failed");
		atomic_store(&w->err, RTB_EIO);
	}
	rtb_raw_settings(w, res);
	fprintf(stderr, "rtbench: --raw %s: %llu samples in %llu bytes (%d bytes a sample), %llu lost%s%s\n", path,
		(unsigned long long)r->samples, (unsigned long long)r->bytes, RTB_RAWF_SAMPLE_BYTES,
		(unsigned long long)r->lost, w->err ? "; NOT WHOLE: " : "", w->err ? w->error : "");
	for (int i = 0; i < w->ncpu; i++)
		rtb_rawring_free(&w->rings[i]);
	rtb_free(w->rings);
	rtb_free(w->cc);
	rtb_free(w->buf);
	rtb_free(w);
}
