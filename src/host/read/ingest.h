/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the RTBF1 decoder behind `rtbench ingest` (docs/serial.md).
 *
 * Fed one line at a time (any source: a file, stdin, a tty). Lines that do
 * not start with "RTBF1 " are console noise: ignored, or echoed with -v.
 * A frame line that is wrong in any way stops the decoding with one
 * message naming the stream, the line and the framed file: a CRC mismatch,
 * a sequence gap, bad base64, a BEGIN while another file is open, an END
 * whose size or CRC disagrees, or (at the end of the stream) a file with no
 * END ("ended after N bytes"). Each complete, checked file is written at
 * once, atomically, as DIR/<name>, unless that would replace a file that
 * exists (without force), the stream's own input, or a file this stream
 * already wrote, or the name begins with a dot (.bashrc): such a file is
 * refused, said on `notes`, counted, and the stream goes on. Every line
 * is read into a fixed buffer: a line that never ends costs no memory. */
#ifndef RTB_HOST_INGEST_H
#define RTB_HOST_INGEST_H

#include <stdint.h>
#include <stdio.h>

#include "host/base/idset.h"

#define RTB_INGEST_MAX_FILE (1024u * 1024u * 1024u)

struct rtb_ingest {
	/* set by the caller */
	const char *dir;          /* where files go ("." by default) */
	const char *stream;       /* the stream's name in messages */
	FILE *echo;               /* non-frame lines go here (-v, escaped), or NULL */
	FILE *notes;              /* one line per refused file, or NULL */
	int force;                /* --force: replace a file that exists */
	int has_input;            /* in_dev/in_ino: the stream's own file */
	unsigned long long in_dev, in_ino;
	/* state */
	unsigned long line;       /* lines read so far */
	int open;                 /* a file between BEGIN and END */
	char name[72];
	unsigned long begin_line;
	uint32_t next_seq, crc;
	unsigned char *data;
	size_t len, cap;
	size_t nfiles;            /* files written */
	size_t nrefused;          /* complete files not written (see notes) */
	struct rtb_idset names;   /* names written so far */
	char err[400];            /* the one-line reason, after an error */
};

/* The longest line kept; a longer frame line is an error, a longer
 * console line is cut (echoed with "...") and the rest skipped. */
#define RTB_INGEST_LINE_MAX 4096

/* rtb_ingest_line - one line (without or with its "\n"/"\r\n"). Returns 0,
 * RTB_EFORMAT (a bad frame: err says which), RTB_ERANGE (a file too large),
 * RTB_EINVAL (the target exists and is not a regular file), RTB_EIO (cannot
 * write), RTB_ENOMEM. */
int rtb_ingest_line(struct rtb_ingest *g, const char *line, size_t len);

/* rtb_ingest_finish - at the end of the stream: RTB_EFORMAT if a file is
 * still open (truncated) or none was received at all, else 0. */
int rtb_ingest_finish(struct rtb_ingest *g);

/* rtb_ingest_stream - every line of in, then finish; stops after
 * `max_files` files when max_files > 0 (a tty never ends). */
int rtb_ingest_stream(struct rtb_ingest *g, FILE *in, size_t max_files);

/* rtb_ingest_free - release the buffers. */
void rtb_ingest_free(struct rtb_ingest *g);

#endif
