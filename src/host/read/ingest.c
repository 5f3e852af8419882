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
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtbench/err.h"
#include "rtbench/escape.h"
#include "rtbench/frame.h"
#include "host/base/write_atomic.h"
#include "host/read/ingest.h"
#include "host/read/resultfile.h"

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

/* b64_val - the 6-bit value of base64 digit c into *v; false for any
 * other character ('=' included: padding is the decoder's business). */
static bool b64_val(int c, int *v)
{
	if (c >= 'A' && c <= 'Z')
		*v = c - 'A';
	else if (c >= 'a' && c <= 'z')
		*v = c - 'a' + 26;
	else if (c >= '0' && c <= '9')
		*v = c - '0' + 52;
	else if (c == '+')
		*v = 62;
	else if (c == '/')
		*v = 63;
	else
		return false;
	return true;
}

/* b64_decode - strict RFC 4648 with padding: length a multiple of 4, '='
 * only at the end; at most `cap` bytes, their number in *len. 0, or
 * RTB_EFORMAT (not such base64, or more than cap bytes). */
static int b64_decode(const char *s, size_t n, unsigned char *out, size_t cap, size_t *len)
{
	size_t o = 0;

	if (n == 0 || n % 4)
		return RTB_EFORMAT;
	for (size_t i = 0; i < n; i += 4) {
		int v[4], pad = 0;

		for (int k = 0; k < 4; k++) {
			if (s[i + k] == '=' && i + 4 == n && k >= 2) {
				v[k] = 0;
				pad++;
			} else if (pad || !b64_val((unsigned char)s[i + k], &v[k])) {
				return RTB_EFORMAT;
			}
		}
		uint32_t w = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 |
			     (uint32_t)v[3];
		if (o + 3 - (size_t)pad > cap)
			return RTB_EFORMAT;
		out[o++] = (unsigned char)(w >> 16);
		if (pad < 2)
			out[o++] = (unsigned char)(w >> 8);
		if (pad < 1)
			out[o++] = (unsigned char)w;
	}
	*len = o;
	return 0;
}

/* hex8 - exactly 8 lower-case hex digits: 0, or RTB_EFORMAT. */
static int hex8(const char *s, uint32_t *v)
{
	uint32_t x = 0;

	if (strlen(s) != 8)
		return RTB_EFORMAT;
	for (int i = 0; i < 8; i++) {
		char c = s[i];
		if (c >= '0' && c <= '9')
			x = x << 4 | (uint32_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			x = x << 4 | (uint32_t)(c - 'a' + 10);
		else
			return RTB_EFORMAT;
	}
	*v = x;
	return 0;
}

/* dec - a plain decimal number (no sign, no leading zero but "0") of at
 * most max: 0, or RTB_EFORMAT. */
static int dec(const char *s, unsigned long long max, unsigned long long *v)
{
	unsigned long long x = 0;

	if (!*s || (s[0] == '0' && s[1]) || strlen(s) > 19)
		return RTB_EFORMAT;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return RTB_EFORMAT;
		x = x * 10 + (unsigned)(*s - '0');
	}
	if (x > max)
		return RTB_EFORMAT;
	*v = x;
	return 0;
}

/* ig_refuse - a complete file not written: one line on notes, counted;
 * the stream goes on (the files after it are not lost). */
static __attribute__((format(printf, 2, 3))) int ig_refuse(struct rtb_ingest *g, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	g->nrefused++;
	if (g->notes)
		fprintf(g->notes, "rtbench ingest: %s:%lu: %s: refused, not written: %s\n",
			g->stream ? g->stream : "-", g->line, g->name, msg);
	return 0;
}

/* ig_seen - has this stream written `name` already? (add: and remember
 * it). A hash set, so a stream of many small files stays linear. */
static int ig_seen(struct rtb_ingest *g, const char *name, int add, int *err)
{
	int rc;

	*err = 0;
	if (!add)
		return rtb_idset_find(&g->names, name, NULL);
	g->names.own = 1;
	rc = rtb_idset_add(&g->names, name, 0, NULL);
	if (rc < 0)
		*err = rc;
	return rc == 1;
}

/* ig_write - the checked file, atomically, as DIR/name; never through a
 * symlink or onto a device node or directory that has the name, never
 * over a file that exists (unless force), the stream's input (by
 * identity: device and inode) or a file this stream wrote already, never
 * a dot-name. */
static int ig_write(struct rtb_ingest *g)
{
	char path[4200];
	struct stat st;
	int err = 0;

	snprintf(path, sizeof(path), "%s/%s", g->dir ? g->dir : ".", g->name);
	if (g->name[0] == '.')
		return ig_refuse(g, "a name beginning with a dot (a hidden or configuration file)");
	if (ig_seen(g, g->name, 0, &err))
		return ig_refuse(g, "a second file of that name in this stream (the first is kept)");
	if (lstat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return ig_fail(g, RTB_EINVAL, "%s: %s exists and is not a regular file; not replaced",
				       g->name, path);
		if (g->has_input && (unsigned long long)st.st_dev == g->in_dev &&
		    (unsigned long long)st.st_ino == g->in_ino)
			return ig_refuse(g, "%s is the stream being read", path);
		if (!g->force)
			return ig_refuse(g, "%s exists (--force replaces it)", path);
	}
	if (rtb_atomic_write(path, (const char *)g->data, g->len))
		return ig_fail(g, RTB_EIO, "%s: cannot write %s", g->name,
			       rtb_atomic_write_error());
	g->nfiles++;
	ig_seen(g, g->name, 1, &err);
	if (err)
		return ig_fail(g, err, "out of memory");
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
	size_t n;

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
	if (b64_decode(f[3], strlen(f[3]), chunk, sizeof(chunk), &n) || n == 0)
		return ig_fail(g, RTB_EFORMAT, "%s: chunk %llu: bad base64 (or more than %d bytes)",
			       g->name, seq, RTB_FRAME_CHUNK);
	if (rtb_crc32(0, chunk, n) != crc)
		return ig_fail(g, RTB_EFORMAT, "%s: chunk %llu: CRC mismatch (line says %08lx, "
			       "data gives %08lx)", g->name, seq, (unsigned long)crc,
			       (unsigned long)rtb_crc32(0, chunk, n));
	if (g->len + n > RTB_INGEST_MAX_FILE)
		return ig_fail(g, RTB_ERANGE, "%s: larger than %u bytes", g->name, RTB_INGEST_MAX_FILE);
	if (g->len + n > g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 65536;
		unsigned char *d = realloc(g->data, cap);

		if (!d)
			return ig_fail(g, RTB_ENOMEM, "out of memory");
		g->data = d;
		g->cap = cap;
	}
	memcpy(g->data + g->len, chunk, n);
	g->len += n;
	g->crc = rtb_crc32(g->crc, chunk, n);
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

/* ig_echo - a console line for -v, its control characters escaped (a
 * board's output can hold ANSI or OSC sequences; the terminal is ours). */
static void ig_echo(struct rtb_ingest *g, const char *line, size_t len)
{
	char raw[RTB_INGEST_LINE_MAX + 1], esc[4 * RTB_INGEST_LINE_MAX + 8];
	size_t i = 0;

	if (len > RTB_INGEST_LINE_MAX)
		len = RTB_INGEST_LINE_MAX;
	memcpy(raw, line, len);
	raw[len] = '\0';
	/* segment by segment: a NUL byte is shown ("\x00"), not an end */
	for (;;) {
		rtb_esc_ctl(esc, sizeof(esc), raw + i);
		fputs(esc, g->echo);
		i += strlen(raw + i);
		if (i >= len)
			break;
		fputs("\\x00", g->echo);
		i++;
	}
	fputc('\n', g->echo);
}

int rtb_ingest_line(struct rtb_ingest *g, const char *line, size_t len)
{
	char buf[256], *f[8], *save = NULL;
	int nf = 0;

	g->line++;
	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	if (len < 6 || memcmp(line, RTB_FRAME_MAGIC " ", 6)) {
		if (g->echo)
			ig_echo(g, line, len);
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
	if (!g->nfiles && !g->nrefused)
		return ig_fail(g, RTB_EFORMAT, "no RTBF1 file in the stream (%lu lines read)", g->line);
	return 0;
}

/* ig_getline - the next line into buf (at most RTB_INGEST_LINE_MAX
 * bytes, NULs kept); *cut says a longer line was cut, its rest skipped.
 * Length, or -1 at the end. Memory never grows with a line's length
 * (getline once grew to 2 GB on a stream with no newline). */
static long ig_getline(FILE *in, char *buf, int *cut)
{
	long n = 0;
	int c;

	*cut = 0;
	while ((c = getc(in)) != EOF) {
		if (n < RTB_INGEST_LINE_MAX)
			buf[n++] = (char)c;
		else
			*cut = 1;
		if (c == '\n')
			return n;
	}
	return n || *cut ? n : -1;
}

int rtb_ingest_stream(struct rtb_ingest *g, FILE *in, size_t max_files)
{
	static char line[RTB_INGEST_LINE_MAX];
	long n;
	int rc = 0, cut;

	while ((n = ig_getline(in, line, &cut)) >= 0) {
		if (cut && n >= 6 && !memcmp(line, RTB_FRAME_MAGIC " ", 6)) {
			g->line++;
			rc = ig_fail(g, RTB_EFORMAT, "%s%sframe line longer than %d characters, longer "
				     "than any valid one", g->open ? g->name : "", g->open ? ": " : "",
				     RTB_INGEST_LINE_MAX);
			break;
		}
		if ((rc = rtb_ingest_line(g, line, (size_t)n)))
			break;
		if (cut && g->echo)
			fputs("    (... the rest of that line, over 4096 characters, skipped)\n", g->echo);
		if (max_files && g->nfiles >= max_files)
			break;
	}
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
	rtb_idset_free(&g->names);
}
