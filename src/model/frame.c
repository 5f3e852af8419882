/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the RTBF1 encoder (rtbench/frame.h, docs/serial.md).
 *
 * Portable: libc string functions only, no OS call, no allocation, so a
 * board's firmware frames its result files on the UART with the same code
 * as the POSIX `rtbench frame`. Each line is formatted on the stack and
 * handed to the sink in one write, so a line is never split by our own
 * writes (a console may still interleave its own messages: the decoder's
 * per-line CRC catches that). */
#include <stdio.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/frame.h"

/* rtb_crc32 - bitwise CRC-32 (reflected polynomial 0xEDB88320). */
uint32_t rtb_crc32(uint32_t crc, const void *buf, size_t len)
{
	const unsigned char *p = buf;

	crc = ~crc;
	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}

static const char b64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* rtb_base64_encode - RFC 4648 with padding. */
size_t rtb_base64_encode(const void *in, size_t len, char *out)
{
	const unsigned char *p = in;
	size_t o = 0;

	for (size_t i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16;
		size_t left = len - i;

		if (left > 1)
			v |= (uint32_t)p[i + 1] << 8;
		if (left > 2)
			v |= p[i + 2];
		out[o++] = b64[(v >> 18) & 63];
		out[o++] = b64[(v >> 12) & 63];
		out[o++] = left > 1 ? b64[(v >> 6) & 63] : '=';
		out[o++] = left > 2 ? b64[v & 63] : '=';
	}
	out[o] = 0;
	return o;
}

/* rtb_frame_name_ok - [A-Za-z0-9._-]{1,64}, not "." or "..": the name
 * becomes a file name on the receiving side, so no '/' and no way up. */
int rtb_frame_name_ok(const char *name)
{
	size_t n = 0;

	if (!name || !*name || !strcmp(name, ".") || !strcmp(name, ".."))
		return 0;
	for (const char *c = name; *c; c++, n++) {
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '.' || *c == '_' || *c == '-'))
			return 0;
	}
	return n <= RTB_FRAME_NAME_MAX;
}

/* frame_chunk - the waiting bytes as one D line. */
static int frame_chunk(struct rtb_frame *f)
{
	/* "RTBF1 D " + seq (10) + ' ' + 64 base64 + ' ' + 8 hex + '\n' */
	char line[128], enc[4 * ((RTB_FRAME_CHUNK + 2) / 3) + 1];
	int n;

	if (!f->n)
		return 0;
	rtb_base64_encode(f->chunk, f->n, enc);
	n = snprintf(line, sizeof(line), RTB_FRAME_MAGIC " D %lu %s %08lx\n",
		     (unsigned long)f->seq, enc,
		     (unsigned long)rtb_crc32(0, f->chunk, f->n));
	f->seq++;
	f->n = 0;
	return rtb_sink_write(f->out, line, (size_t)n);
}

/* frame_sink_write - sink callback: bytes into the open frame. */
static int frame_sink_write(void *ctx, const void *buf, size_t len)
{
	return rtb_frame_write(ctx, buf, len);
}

int rtb_frame_begin(struct rtb_frame *f, struct rtb_sink *out, const char *name)
{
	char line[RTB_FRAME_NAME_MAX + 24];
	int n;

	if (!f)
		return RTB_EINVAL;
	memset(f, 0, sizeof(*f));     /* a refused begin leaves it closed */
	if (!out || !rtb_frame_name_ok(name))
		return RTB_EINVAL;
	f->out = out;
	memcpy(f->name, name, strlen(name) + 1);
	f->open = 1;
	rtb_sink_init(&f->sink, frame_sink_write, f);
	n = snprintf(line, sizeof(line), RTB_FRAME_MAGIC " BEGIN %s\n", name);
	return rtb_sink_write(out, line, (size_t)n);
}

int rtb_frame_write(struct rtb_frame *f, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	int rc = 0;

	if (!f || !f->open)
		return RTB_EINVAL;
	f->crc = rtb_crc32(f->crc, buf, len);
	f->bytes += len;
	while (len && !rc) {
		size_t take = RTB_FRAME_CHUNK - f->n;

		if (take > len)
			take = len;
		memcpy(f->chunk + f->n, p, take);
		f->n += take;
		p += take;
		len -= take;
		if (f->n == RTB_FRAME_CHUNK)
			rc = frame_chunk(f);
	}
	return rc ? rc : rtb_sink_error(f->out);
}

struct rtb_sink *rtb_frame_sink(struct rtb_frame *f)
{
	return &f->sink;
}

int rtb_frame_end(struct rtb_frame *f)
{
	char line[RTB_FRAME_NAME_MAX + 64];
	int n, rc;

	if (!f || !f->open)
		return RTB_EINVAL;
	rc = frame_chunk(f);
	f->open = 0;
	if (rc)
		return rc;
	n = snprintf(line, sizeof(line), RTB_FRAME_MAGIC " END %s %llu %08lx\n", f->name,
		     (unsigned long long)f->bytes, (unsigned long)f->crc);
	return rtb_sink_write(f->out, line, (size_t)n);
}
