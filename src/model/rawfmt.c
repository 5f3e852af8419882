/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - a streamed raw file's header and frames, written and read
 * (the layout: rtbench/rawfmt.h, docs/long-runs.md). */
#include <stdio.h>
#include <string.h>
#include "rtbench/rawfmt.h"
#include "rtbench/err.h"

size_t rtb_rawf_header(uint8_t *buf, size_t cap, const char *date, const int *cpus, int ncpu,
		       const char *writer)
{
	size_t dl = strlen(date), wl = strlen(writer), n = 20 + 4 * (size_t)ncpu + 2 + dl + 2 + wl, o;

	if (ncpu < 1 || ncpu > RTB_RAWF_MAX_CPUS || dl > 63 || wl > 63 || n > cap)
		return 0;
	memcpy(buf, RTB_RAWF_MAGIC, 8);
	rtb_rawf_put16(buf + 8, RTB_RAWF_VERSION);
	rtb_rawf_put16(buf + 10, (uint16_t)(n - 12));
	rtb_rawf_put32(buf + 12, 1);
	rtb_rawf_put32(buf + 16, (uint32_t)ncpu);
	for (int i = 0; i < ncpu; i++)
		rtb_rawf_put32(buf + 20 + 4 * (size_t)i, (uint32_t)cpus[i]);
	o = 20 + 4 * (size_t)ncpu;
	rtb_rawf_put16(buf + o, (uint16_t)dl);
	memcpy(buf + o + 2, date, dl);
	o += 2 + dl;
	rtb_rawf_put16(buf + o, (uint16_t)wl);
	memcpy(buf + o + 2, writer, wl);
	return n;
}

void rtb_rawf_frame_head(uint8_t *p, int type, unsigned metric, unsigned cpu, uint32_t len)
{
	p[0] = (uint8_t)type;
	p[1] = (uint8_t)metric;
	rtb_rawf_put16(p + 2, (uint16_t)cpu);
	rtb_rawf_put32(p + 4, len);
}

/* bad - RTB_EFORMAT with why. */
static int bad(char *why, size_t len, const char *what)
{
	snprintf(why, len, "%s", what);
	return RTB_EFORMAT;
}

/* get_text - a u16-prefixed string at buf[*o..end) into out (cap bytes,
 * printable only); 0 or the reason. */
static const char *get_text(const uint8_t *buf, size_t *o, size_t end, char *out, size_t cap)
{
	size_t l;

	if (*o + 2 > end || (l = rtb_rawf_get16(buf + *o)) > end - *o - 2 || l >= cap)
		return "a text field runs past its header";
	for (size_t i = 0; i < l; i++)
		if (buf[*o + 2 + i] < 0x20 || buf[*o + 2 + i] > 0x7e)
			return "a text field in its header is not printable";
	memcpy(out, buf + *o + 2, l);
	out[l] = 0;
	*o += 2 + l;
	return NULL;
}

int rtb_rawf_read_header(const uint8_t *buf, size_t n, struct rtb_rawf_hdr *h, size_t *used, char *why,
			 size_t len)
{
	size_t rest, o;
	const char *e;

	if (n < 8)
		return 1;
	if (memcmp(buf, RTB_RAWF_MAGIC, 8))
		return bad(why, len, "not an rtbench raw file (no RTBRAW magic at its start)");
	if (n < 20)
		return 1;
	h->version = rtb_rawf_get16(buf + 8);
	if (h->version != RTB_RAWF_VERSION) {
		snprintf(why, len, "raw file version %u (this rtbench reads %d)", h->version, RTB_RAWF_VERSION);
		return RTB_EFORMAT;
	}
	rest = rtb_rawf_get16(buf + 10);
	h->unit_ns = rtb_rawf_get32(buf + 12);
	h->ncpu = rtb_rawf_get32(buf + 16);
	if (h->unit_ns != 1)
		return bad(why, len, "sample unit is not 1 ns");
	if (h->ncpu < 1 || h->ncpu > RTB_RAWF_MAX_CPUS)
		return bad(why, len, "CPU count in its header out of range");
	if (rest + 12 < 20 + 4 * (size_t)h->ncpu + 4)
		return bad(why, len, "header shorter than its CPU list");
	if (n < rest + 12)
		return 1;
	for (uint32_t i = 0; i < h->ncpu; i++)
		h->cpu[i] = rtb_rawf_get32(buf + 20 + 4 * (size_t)i);
	o = 20 + 4 * (size_t)h->ncpu;
	if ((e = get_text(buf, &o, rest + 12, h->date, sizeof(h->date))) ||
	    (e = get_text(buf, &o, rest + 12, h->writer, sizeof(h->writer))))
		return bad(why, len, e);
	*used = rest + 12;
	return 0;
}

int rtb_rawf_read_frame(const uint8_t *buf, size_t n, struct rtb_rawf_frame *f, char *why, size_t len)
{
	if (n < RTB_RAWF_FRAME)
		return 1;
	f->type = buf[0];
	f->metric = buf[1];
	f->cpu = rtb_rawf_get16(buf + 2);
	f->len = rtb_rawf_get32(buf + 4);
	if (f->len > RTB_RAWF_MAX_PAYLOAD)
		return bad(why, len, "a frame longer than 1 MiB (not a frame: the file is damaged)");
	if (n < RTB_RAWF_FRAME + (size_t)f->len)
		return 1;
	f->p = buf + RTB_RAWF_FRAME;
	return 0;
}

double rtb_rawf_bytes(double seconds, double rate, int ncpu, int nmet, double blocks_per_s)
{
	double samples = seconds * rate * ncpu;
	double blocks = seconds * blocks_per_s * ncpu * nmet + samples / RTB_RAWF_BLOCK + (double)ncpu * nmet;
	double marks = (seconds + 2) * ncpu * nmet;

	/* and the measurement's own frames: 'M' and 'E' (ids, counts) */
	return samples * RTB_RAWF_SAMPLE_BYTES + blocks * RTB_RAWF_BLOCK_BYTES + marks * RTB_RAWF_MARK_BYTES +
	       4096.0 + 24.0 * ncpu * nmet;
}
