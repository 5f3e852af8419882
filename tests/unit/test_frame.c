/* SPDX-License-Identifier: Apache-2.0 */
/* test_frame - RTBF1: the encoder (CRC-32, base64, line format, streaming
 * through a sink) and the host decoder, round trip and every way a stream
 * goes wrong: truncated, a lost line, a garbled byte, bad base64, BEGIN
 * without END, END disagreeing, unsafe names and targets (docs/serial.md).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/frame.h"
#include "rtbench/sink.h"
#include "host/read/ingest.h"

static char tmpdir[] = "/tmp/rtb-frame-test.XXXXXX";

static int mem_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : RTB_EIO;
}

/* encode - data framed as name, in pieces of `step` bytes; malloc'd text. */
static char *encode(const char *name, const unsigned char *data, size_t len, size_t step)
{
	char *buf = NULL;
	size_t blen = 0;
	FILE *f = open_memstream(&buf, &blen);
	struct rtb_sink out;
	struct rtb_frame fr;

	rtb_sink_init(&out, mem_write, f);
	CHECK_EQ_I(rtb_frame_begin(&fr, &out, name), 0);
	for (size_t i = 0; i < len; i += step) {
		size_t n = len - i < step ? len - i : step;
		/* half through the frame's own sink, half directly */
		if (i / step % 2)
			CHECK_EQ_I(rtb_sink_write(rtb_frame_sink(&fr), data + i, n), 0);
		else
			CHECK_EQ_I(rtb_frame_write(&fr, data + i, n), 0);
	}
	CHECK_EQ_I(rtb_frame_end(&fr), 0);
	fclose(f);
	return buf;
}

/* decode - feed text line by line; returns the code, err copied out. */
static int decode(const char *text, char *err, size_t errlen, size_t *nfiles)
{
	struct rtb_ingest g = { .dir = tmpdir, .stream = "s" };
	char *copy = strdup(text), *save = NULL;
	int rc = 0;

	/* strtok drops empty lines: fine, they are noise */
	for (char *l = strtok_r(copy, "\n", &save); l && !rc; l = strtok_r(NULL, "\n", &save))
		rc = rtb_ingest_line(&g, l, strlen(l));
	if (!rc)
		rc = rtb_ingest_finish(&g);
	snprintf(err, errlen, "%s", rc ? g.err : "");
	if (nfiles)
		*nfiles = g.nfiles;
	rtb_ingest_free(&g);
	free(copy);
	return rc;
}

static void refused(const char *text, const char *want)
{
	char err[512];
	int rc = decode(text, err, sizeof(err), NULL);

	CHECK(rc != 0);
	if (!strstr(err, want)) {
		fprintf(stderr, "error '%s' lacks '%s'\nstream:\n%s\n", err, want, text);
		check_failures++;
	}
}

static char *readback(const char *name, size_t *len)
{
	char path[256];
	FILE *f;
	char *buf;
	long n;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	*len = fread(buf, 1, (size_t)n, f);
	fclose(f);
	return buf;
}

static void test_vectors(void)
{
	char out[65];
	unsigned char b[48];

	CHECK_EQ_I(rtb_crc32(0, "123456789", 9), 0xcbf43926u);   /* the check value */
	CHECK_EQ_I(rtb_crc32(0, "", 0), 0);
	CHECK_EQ_I(rtb_crc32(rtb_crc32(0, "1234", 4), "56789", 5), 0xcbf43926u);
	rtb_base64_encode("", 0, out);
	CHECK_STR(out, "");
	rtb_base64_encode("f", 1, out);
	CHECK_STR(out, "Zg==");
	rtb_base64_encode("fo", 2, out);
	CHECK_STR(out, "Zm8=");
	rtb_base64_encode("foobar", 6, out);
	CHECK_STR(out, "Zm9vYmFy");
	memset(b, 0xff, sizeof(b));
	CHECK_EQ_I(rtb_base64_encode(b, 48, out), 64);
	CHECK(rtb_frame_name_ok("r-stock.idle.json"));
	CHECK(!rtb_frame_name_ok("../etc"));
	CHECK(!rtb_frame_name_ok("a/b"));
	CHECK(!rtb_frame_name_ok(".."));
	CHECK(!rtb_frame_name_ok(""));
	CHECK(!rtb_frame_name_ok("a b"));
	CHECK(rtb_frame_name_ok("0123456789012345678901234567890123456789012345678901234567890123"));
	CHECK(!rtb_frame_name_ok("01234567890123456789012345678901234567890123456789012345678901234"));
}

static void test_format(void)
{
	char *t = encode("hello.txt", (const unsigned char *)"hello world\n", 12, 5);

	CHECK_STR(t, "RTBF1 BEGIN hello.txt\n"
		     "RTBF1 D 0 aGVsbG8gd29ybGQK af083b2d\n"
		     "RTBF1 END hello.txt 12 af083b2d\n");
	free(t);
	t = encode("empty", NULL, 0, 1);
	CHECK_STR(t, "RTBF1 BEGIN empty\nRTBF1 END empty 0 00000000\n");
	free(t);
	{
		struct rtb_sink out;
		struct rtb_frame fr;
		char sink_buf[64];
		struct rtb_sink_buf sb;

		rtb_sink_buf_init(&out, &sb, sink_buf, sizeof(sink_buf));
		CHECK_EQ_I(rtb_frame_begin(&fr, &out, "../x"), RTB_EINVAL);
		CHECK_EQ_I(rtb_frame_write(&fr, "x", 1), RTB_EINVAL);
		CHECK_EQ_I(rtb_frame_end(&fr), RTB_EINVAL);
	}
}

static void test_roundtrip(void)
{
	static const size_t sizes[] = { 0, 1, 47, 48, 49, 95, 96, 97, 1000, 100003 };
	unsigned char *data = malloc(100003);
	unsigned s = 12345;

	for (size_t i = 0; i < 100003; i++) {
		s = s * 1103515245u + 12345u;
		data[i] = (unsigned char)(s >> 16);
	}
	for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		char name[32], err[512], *back;
		size_t nf = 0, blen = 0;

		snprintf(name, sizeof(name), "f%zu.bin", sizes[k]);
		char *t = encode(name, data, sizes[k], 7 + k * 13);
		/* console noise around and between the frames, and \r line ends */
		size_t tl = strlen(t);
		char *noisy = malloc(tl * 2 + 200), *o = noisy;
		o += sprintf(o, "[    1.234] Booting...\nRTBF2 D 0 x y\n");
		for (const char *p = t; *p; p++) {
			if (*p == '\n')
				*o++ = '\r';
			*o++ = *p;
		}
		o += sprintf(o, "login: \n");
		*o = 0;
		CHECK_EQ_I(decode(noisy, err, sizeof(err), &nf), 0);
		CHECK_EQ_I(nf, 1);
		back = readback(name, &blen);
		CHECK(back != NULL);
		CHECK_EQ_I(blen, sizes[k]);
		CHECK(back && (sizes[k] == 0 || memcmp(back, data, sizes[k]) == 0));
		free(back);
		free(noisy);
		free(t);
	}
	free(data);
}

/* mutate - text with line `ln` (0-based) replaced by `with` (NULL: removed) */
static char *mutate(const char *text, int ln, const char *with)
{
	char *out = malloc(strlen(text) + (with ? strlen(with) : 0) + 2), *o = out;
	int cur = 0;

	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p + 1) : strlen(p);
		if (cur == ln) {
			if (with)
				o += sprintf(o, "%s\n", with);
		} else {
			memcpy(o, p, n);
			o += n;
		}
		p += n;
		cur++;
	}
	*o = 0;
	return out;
}

static void test_corrupt(void)
{
	unsigned char data[200];
	char *t, *m, line[256];
	size_t n;

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)(i * 7);
	t = encode("r.json", data, sizeof(data), 200);
	/* lines: 0 BEGIN, 1..5 D (48,48,48,48,8), 6 END */

	/* truncated: the stream stops after two chunks */
	n = (size_t)(strstr(t, "RTBF1 D 2") - t);
	m = strndup(t, n);
	refused(m, "r.json: truncated: the stream ends inside it (BEGIN at line 1); "
		   "r.json ended after 96 bytes, no END");
	free(m);
	/* truncated mid-line (the last line cut short) */
	m = strndup(t, n + 20);
	refused(m, "s:4: r.json: bad D line");
	free(m);
	/* a line lost: sequence gap */
	m = mutate(t, 3, NULL);
	refused(m, "s:4: r.json: sequence gap: chunk 3 where 2 was due");
	free(m);
	/* one character changed in the base64: CRC mismatch */
	{
		const char *d1 = strstr(t, "RTBF1 D 1 ");
		const char *e = strchr(d1, '\n');
		snprintf(line, sizeof(line), "%.*s", (int)(e - d1), d1);
		line[12] = line[12] == 'A' ? 'B' : 'A';
		m = mutate(t, 2, line);
		refused(m, "s:3: r.json: chunk 1: CRC mismatch");
		free(m);
		/* a character outside base64 */
		line[12] = '*';
		m = mutate(t, 2, line);
		refused(m, "s:3: r.json: chunk 1: bad base64");
		free(m);
		/* the CRC field itself garbled (upper case) */
		snprintf(line, sizeof(line), "%.*s", (int)(e - d1), d1);
		for (char *c = line + strlen(line) - 8; *c; c++)
			if (*c >= 'a' && *c <= 'f')
				*c = (char)(*c - 32);
		if (strcmp(line + strlen(line) - 8, "00000000") && strpbrk(line + strlen(line) - 8, "ABCDEF")) {
			m = mutate(t, 2, line);
			refused(m, "s:3: r.json: bad D line");
			free(m);
		}
	}
	/* a console message spliced into a frame line */
	{
		const char *d1 = strstr(t, "RTBF1 D 1 ");
		snprintf(line, sizeof(line), "%.30s[ 12.5] rcu: stall%s", d1, d1 + 30);
		*strchr(line, '\n') = 0;
		m = mutate(t, 2, line);
		refused(m, "s:3: r.json: ");
		free(m);
	}
	/* BEGIN without END: a second file starts */
	m = mutate(t, 6, "RTBF1 BEGIN other.json");
	refused(m, "s:7: r.json: BEGIN other.json while r.json (BEGIN at line 1) is open: "
		   "r.json ended after 200 bytes, no END");
	free(m);
	/* END disagrees: size, CRC, name */
	m = mutate(t, 6, "RTBF1 END r.json 201 00000000");
	refused(m, "END says 201 bytes, 200 arrived");
	free(m);
	{
		const char *e = strstr(t, "RTBF1 END r.json 200 ");
		snprintf(line, sizeof(line), "RTBF1 END r.json 200 %08x", (unsigned)rtb_crc32(0, data, 199));
		(void)e;
		m = mutate(t, 6, line);
		refused(m, "whole-file CRC mismatch");
		free(m);
	}
	m = mutate(t, 6, "RTBF1 END q.json 200 00000000");
	refused(m, "END names 'q.json'");
	free(m);
	/* outside a file; unknown kinds; unsafe names; nothing at all */
	refused("RTBF1 D 0 AAAA 00000000\n", "a D line outside a file");
	refused("RTBF1 END x 0 00000000\n", "an END line outside a file");
	refused("RTBF1 HELLO\n", "unknown frame line 'HELLO'");
	refused("RTBF1 BEGIN ../../etc/passwd\n", "bad BEGIN line");
	refused("RTBF1 BEGIN a/b\n", "bad BEGIN line");
	refused("RTBF1 BEGIN ..\n", "bad BEGIN line");
	refused("RTBF1 BEGIN x\nRTBF1 D 00 AAAA 00000000\n", "bad D line");
	refused("just a console\nlogin:\n", "no RTBF1 file in the stream (2 lines read)");
	refused("", "no RTBF1 file in the stream");
	free(t);

	/* the target exists as a symlink: not written through */
	{
		char path[256], err[512];
		snprintf(path, sizeof(path), "%s/link.json", tmpdir);
		CHECK_EQ_I(symlink("/tmp/rtb-frame-test-victim", path), 0);
		t = encode("link.json", data, 10, 10);
		CHECK_EQ_I(decode(t, err, sizeof(err), NULL), RTB_EINVAL);
		CHECK(strstr(err, "exists and is not a regular file") != NULL);
		CHECK(access("/tmp/rtb-frame-test-victim", F_OK) != 0);
		unlink(path);
		free(t);
	}
}

int main(void)
{
	char cmd[300];

	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	test_vectors();
	test_format();
	test_roundtrip();
	test_corrupt();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
	return check_done();
}
