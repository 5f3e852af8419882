/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - RTBF1 decoder (ingest.h, docs/serial.md).
 *
 * Strict where it matters: a frame line is either exactly right or the
 * decoding stops with the reason, because a silently repaired result file
 * would be a silently wrong measurement. Lenient where a console is noisy:
 * every line not starting with "RTBF1 " is ignored, and a trailing "\r"
 * (a tty's line ending) is dropped. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtbench/err.h"
#include "rtbench/frame.h"
#include "host/compare.h"
#include "host/ingest.h"

static int ig_fail(struct rtb_ingest *g, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ig_fail - "STREAM:LINE: <what>" as the one-line reason. */
static int ig_fail(struct rtb_ingest *g, int code, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(g->err, sizeof(g->err), "%s:%lu: %s", g->stream ? g->stream : "-", g->line, msg);
	return code;
}

static int b64_val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* b64_decode - strict RFC 4648 with padding: length a multiple of 4, '='
 * only at the end; at most `cap` bytes. Returns the length or -1. */
static long b64_decode(const char *s, size_t n, unsigned char *out, size_t cap)
{
	size_t o = 0;

	if (n == 0 || n % 4)
		return -1;
	for (size_t i = 0; i < n; i += 4) {
		int v[4], pad = 0;

		for (int k = 0; k < 4; k++) {
			if (s[i + k] == '=' && i + 4 == n && k >= 2) {
				v[k] = 0;
				pad++;
			} else if (pad || (v[k] = b64_val((unsigned char)s[i + k])) < 0) {
				return -1;
			}
		}
		uint32_t w = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 |
			     (uint32_t)v[3];
		if (o + 3 - (size_t)pad > cap)
			return -1;
		out[o++] = (unsigned char)(w >> 16);
		if (pad < 2)
			out[o++] = (unsigned char)(w >> 8);
		if (pad < 1)
			out[o++] = (unsigned char)w;
	}
	return (long)o;
}

/* hex8 - exactly 8 lower-case hex digits. */
static int hex8(const char *s, uint32_t *v)
{
	uint32_t x = 0;

	if (strlen(s) != 8)
		return -1;
	for (int i = 0; i < 8; i++) {
		char c = s[i];
		if (c >= '0' && c <= '9')
			x = x << 4 | (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			x = x << 4 | (uint32_t)(c - 'a' + 10);
		else
			return -1;
	}
	*v = x;
	return 0;
}

/* dec - a plain decimal number (no sign, no leading zero but "0"). */
static int dec(const char *s, unsigned long long max, unsigned long long *v)
{
	unsigned long long x = 0;

	if (!*s || (s[0] == '0' && s[1]) || strlen(s) > 19)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		x = x * 10 + (unsigned)(*s - '0');
	}
	if (x > max)
		return -1;
	*v = x;
	return 0;
}

/* ig_write - the checked file, atomically, as DIR/name; never through a
 * symlink or onto a device node or directory that has the name. */
static int ig_write(struct rtb_ingest *g)
{
	char path[4200];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", g->dir ? g->dir : ".", g->name);
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return ig_fail(g, RTB_EINVAL, "%s: %s exists and is not a regular file; not replaced",
			       g->name, path);
	if (rtb_write_atomic(path, (const char *)g->data, g->len))
		return ig_fail(g, RTB_EIO, "%s: cannot write %s", g->name,
			       rtb_write_atomic_error());
	g->nfiles++;
	return 0;
}

static int ig_begin(struct rtb_ingest *g, char **f, int nf)
{
	if (nf != 3 || !rtb_frame_name_ok(f[2]))
		return ig_fail(g, RTB_EFORMAT, "bad BEGIN line (want 'RTBF1 BEGIN <name>', name 1 to 64 "
			       "of A-Z a-z 0-9 . _ -)");
	if (g->open)
		return ig_fail(g, RTB_EFORMAT, "%s: BEGIN %s while %s (BEGIN at line %lu) is open: "
			       "%s ended after %zu bytes, no END", g->name, f[2], g->name,
			       g->begin_line, g->name, g->len);
	snprintf(g->name, sizeof(g->name), "%s", f[2]);
	g->open = 1;
	g->begin_line = g->line;
	g->next_seq = 0;
	g->crc = 0;
	g->len = 0;
	return 0;
}

static int ig_data(struct rtb_ingest *g, char **f, int nf)
{
	unsigned char chunk[RTB_FRAME_CHUNK];
	unsigned long long seq;
	uint32_t crc;
	long n;

	if (!g->open)
		return ig_fail(g, RTB_EFORMAT, "a D line outside a file (no BEGIN before it)");
	if (nf != 5 || dec(f[2], 0xffffffffu, &seq) || hex8(f[4], &crc))
		return ig_fail(g, RTB_EFORMAT, "%s: bad D line (want 'RTBF1 D <seq> <base64> "
			       "<8 hex crc>')", g->name);
	if (seq != g->next_seq)
		return ig_fail(g, RTB_EFORMAT, "%s: sequence gap: chunk %llu where %lu was due "
			       "(%llu chunk(s) lost or out of order)", g->name, seq,
			       (unsigned long)g->next_seq,
			       seq > g->next_seq ? seq - g->next_seq : 0ull);
	n = b64_decode(f[3], strlen(f[3]), chunk, sizeof(chunk));
	if (n <= 0)
		return ig_fail(g, RTB_EFORMAT, "%s: chunk %llu: bad base64 (or more than %d bytes)",
			       g->name, seq, RTB_FRAME_CHUNK);
	if (rtb_crc32(0, chunk, (size_t)n) != crc)
		return ig_fail(g, RTB_EFORMAT, "%s: chunk %llu: CRC mismatch (line says %08lx, "
			       "data gives %08lx)", g->name, seq, (unsigned long)crc,
			       (unsigned long)rtb_crc32(0, chunk, (size_t)n));
	if (g->len + (size_t)n > RTB_INGEST_MAX_FILE)
		return ig_fail(g, RTB_ERANGE, "%s: larger than %u bytes", g->name, RTB_INGEST_MAX_FILE);
	if (g->len + (size_t)n > g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 65536;
		unsigned char *d = realloc(g->data, cap);

		if (!d)
			return ig_fail(g, RTB_ENOMEM, "out of memory");
		g->data = d;
		g->cap = cap;
	}
	memcpy(g->data + g->len, chunk, (size_t)n);
	g->len += (size_t)n;
	g->crc = rtb_crc32(g->crc, chunk, (size_t)n);
	g->next_seq++;
	return 0;
}

static int ig_end(struct rtb_ingest *g, char **f, int nf)
{
	unsigned long long bytes;
	uint32_t crc;

	if (!g->open)
		return ig_fail(g, RTB_EFORMAT, "an END line outside a file (no BEGIN before it)");
	if (nf != 5 || dec(f[3], ~0ull, &bytes) || hex8(f[4], &crc))
		return ig_fail(g, RTB_EFORMAT, "%s: bad END line (want 'RTBF1 END <name> <bytes> "
			       "<8 hex crc>')", g->name);
	if (strcmp(f[2], g->name))
		return ig_fail(g, RTB_EFORMAT, "%s: END names '%.64s' (BEGIN at line %lu named %s)",
			       g->name, f[2], g->begin_line, g->name);
	if (bytes != g->len)
		return ig_fail(g, RTB_EFORMAT, "%s: END says %llu bytes, %zu arrived", g->name,
			       bytes, g->len);
	if (crc != g->crc)
		return ig_fail(g, RTB_EFORMAT, "%s: whole-file CRC mismatch (END says %08lx, data "
			       "gives %08lx)", g->name, (unsigned long)crc, (unsigned long)g->crc);
	g->open = 0;
	return ig_write(g);
}

int rtb_ingest_line(struct rtb_ingest *g, const char *line, size_t len)
{
	char buf[256], *f[8], *save = NULL;
	int nf = 0;

	g->line++;
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	if (len < 6 || memcmp(line, RTB_FRAME_MAGIC " ", 6)) {
		if (g->echo) {
			fwrite(line, 1, len, g->echo);
			fputc('\n', g->echo);
		}
		return 0;
	}
	if (len >= sizeof(buf))
		return ig_fail(g, RTB_EFORMAT, "%s%sframe line of %zu characters, longer than any "
			       "valid one", g->open ? g->name : "", g->open ? ": " : "", len);
	memcpy(buf, line, len);
	buf[len] = 0;
	if (memchr(buf, 0, len))
		return ig_fail(g, RTB_EFORMAT, "%s%sNUL byte in a frame line",
			       g->open ? g->name : "", g->open ? ": " : "");
	for (char *t = strtok_r(buf, " ", &save); t && nf < 8; t = strtok_r(NULL, " ", &save))
		f[nf++] = t;
	if (nf >= 2 && !strcmp(f[1], "BEGIN"))
		return ig_begin(g, f, nf);
	if (nf >= 2 && !strcmp(f[1], "D"))
		return ig_data(g, f, nf);
	if (nf >= 2 && !strcmp(f[1], "END"))
		return ig_end(g, f, nf);
	return ig_fail(g, RTB_EFORMAT, "%s%sunknown frame line '%.20s' (BEGIN, D or END)",
		       g->open ? g->name : "", g->open ? ": " : "", nf >= 2 ? f[1] : "");
}

int rtb_ingest_finish(struct rtb_ingest *g)
{
	if (g->open)
		return ig_fail(g, RTB_EFORMAT, "%s: truncated: the stream ends inside it (BEGIN at "
			       "line %lu); %s ended after %zu bytes, no END", g->name,
			       g->begin_line, g->name, g->len);
	if (!g->nfiles)
		return ig_fail(g, RTB_EFORMAT, "no RTBF1 file in the stream (%lu lines read)", g->line);
	return 0;
}

int rtb_ingest_stream(struct rtb_ingest *g, FILE *in, size_t max_files)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	while ((n = getline(&line, &cap, in)) >= 0) {
		if ((rc = rtb_ingest_line(g, line, (size_t)n)))
			break;
		if (max_files && g->nfiles >= max_files)
			break;
	}
	free(line);
	if (rc)
		return rc;
	if (ferror(in))
		return ig_fail(g, RTB_EIO, "read error: %s", strerror(errno));
	return rtb_ingest_finish(g);
}

void rtb_ingest_free(struct rtb_ingest *g)
{
	free(g->data);
	g->data = NULL;
	g->len = g->cap = 0;
}
