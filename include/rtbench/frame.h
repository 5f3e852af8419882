/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - RTBF1 serial framing: files sent over a console line by line
 * (docs/serial.md).
 *
 *   RTBF1 BEGIN <name>            name: [A-Za-z0-9._-]{1,64} (not . or ..)
 *   RTBF1 D <seq> <base64> <crc>  seq from 0; base64 of 1..48 bytes; crc =
 *                                 CRC-32 (IEEE/zlib) of those bytes, 8 hex
 *   RTBF1 END <name> <bytes> <crc> total bytes, CRC-32 of the whole file
 *
 * ASCII lines survive console noise: a decoder ignores every line that does
 * not start with "RTBF1 " and tolerates "\r". The encoder is portable core
 * code: no OS call, no allocation, streaming (the total is known only at
 * END), one 48-byte chunk of state. It writes through any byte sink (a UART
 * on a board, stdout on POSIX) and is itself a sink, so a writer
 * (rtb_write_json ...) can write straight into a framed file. */
#ifndef RTBENCH_FRAME_H
#define RTBENCH_FRAME_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/sink.h"

#define RTB_FRAME_MAGIC "RTBF1"
#define RTB_FRAME_CHUNK 48       /* bytes per D line (64 base64 chars) */
#define RTB_FRAME_NAME_MAX 64

struct rtb_frame {
	struct rtb_sink *out;        /* where the lines go */
	char name[RTB_FRAME_NAME_MAX + 1];
	uint32_t seq;                /* next D line's number */
	uint32_t crc;                /* running CRC-32 of the whole file */
	uint64_t bytes;              /* total so far */
	unsigned char chunk[RTB_FRAME_CHUNK];
	size_t n;                    /* bytes waiting in chunk */
	int open;
	struct rtb_sink sink;        /* rtb_frame_sink(): bytes written here are framed */
};

/* rtb_crc32 - CRC-32 (IEEE 802.3, zlib's crc32(): reflected 0xEDB88320,
 * init and final xor ~0) of buf, continuing from crc (0 to start).
 * Bitwise: no table, 8 shifts a byte. */
uint32_t rtb_crc32(uint32_t crc, const void *buf, size_t len);

/* rtb_base64_encode - standard base64 (RFC 4648, with '=' padding) of
 * len bytes into out (room for 4 * ((len + 2) / 3) + 1). Returns the
 * length written (NUL-terminated). */
size_t rtb_base64_encode(const void *in, size_t len, char *out);

/* rtb_frame_name_ok - 1 if name is a valid frame (file) name. */
int rtb_frame_name_ok(const char *name);

/* rtb_frame_begin - start the framed file `name` on out: writes the BEGIN
 * line. 0, RTB_EINVAL (bad name, out NULL), or the sink's error. */
int rtb_frame_begin(struct rtb_frame *f, struct rtb_sink *out, const char *name);

/* rtb_frame_write - len bytes of the file; full 48-byte chunks go out as D
 * lines at once. 0 or the sink's error (sticky in out). */
int rtb_frame_write(struct rtb_frame *f, const void *buf, size_t len);

/* rtb_frame_sink - a sink whose bytes go to rtb_frame_write(f, ...): hand
 * it to a writer between begin and end. */
struct rtb_sink *rtb_frame_sink(struct rtb_frame *f);

/* rtb_frame_end - flush the last chunk and write the END line. 0, or
 * RTB_EINVAL (not begun), or the out sink's error. */
int rtb_frame_end(struct rtb_frame *f);

#endif
