/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the layout of a streamed raw file (run --duration D --raw FILE):
 * every sample of every measured CPU, as it was measured. Written by the
 * run's writer thread (run/raw.c), read by `rtbench raw2csv`; the layout is
 * docs/long-runs.md "Every sample to disk". All integers little-endian.
 *
 * The file: a header, then frames.
 *   header  magic "RTBRAW" 0x1a '\n' (8 bytes), u16 version (1), u16 the
 *           header's remaining length (from the next byte to the first
 *           frame), u32 sample unit in ns (1), u32 ncpu, ncpu x u32 the
 *           measured CPUs' ids (a frame's cpu field is an index into
 *           them), u16 n + n bytes: the run's date (ISO 8601 UTC, the
 *           result's settings.date_utc; empty if unknown), u16 n + n
 *           bytes: the writer ("rtbench VERSION").
 *   frame   u8 type, u8 metric, u16 cpu index, u32 payload length, then
 *           the payload:
 *     'M'   a measurement begins: u32 its number in the run (0, 1, ...),
 *           u32 nmet, u64 its period in ns (0: not paced by one), then
 *           u16 n + n bytes its id, and nmet times u16 n + n bytes each
 *           metric's id (a frame's metric field indexes them).
 *     'S'   samples: u64 the index of the first (the samples of this CPU
 *           and metric before it, lost ones included), then u32 values in
 *           the unit (4 bytes a sample).
 *     'W'   as 'S' with u64 values (a block holding a value of 2^32 - 1 ns,
 *           4.29 s, or more).
 *     'K'   a mark: u64 index (as 'S'), u32 epoch, u32 0: the samples after
 *           it were taken in the interval slice that began in that second
 *           of the measurement (the supervisor's epoch, rtbench/hmetric.h).
 *     'L'   samples lost (the ring was full: the disk or the writer did not
 *           keep up): u64 index (as 'S'), u64 how many.
 *     'E'   the measurement ended: u32 ncpu, u32 nmet, then each CPU's
 *           each metric's u64 samples written and u64 samples lost (CPU
 *           major), then each CPU's u64 marks lost.
 * A reader skips a frame of a type it does not know (its length says how
 * far). A file whose last frame is cut, or without an 'E' after each 'M',
 * is the tail of a run that did not end (a crash, a SIGKILL, a full disk). */
#ifndef RTBENCH_RAWFMT_H
#define RTBENCH_RAWFMT_H

#include <stddef.h>
#include <stdint.h>

#define RTB_RAWF_MAGIC "RTBRAW\x1a\n"
#define RTB_RAWF_VERSION 1
#define RTB_RAWF_FRAME 8          /* a frame's header */
#define RTB_RAWF_MAX_CPUS 4096
#define RTB_RAWF_MAX_PAYLOAD (1u << 20) /* a longer frame is not one */
/* samples a writer puts in one 'S' frame at most */
#define RTB_RAWF_BLOCK 4096
/* what one sample costs: 4 bytes, plus its block's 16 (frame and first
 * index) shared by up to RTB_RAWF_BLOCK samples; a mark 24 bytes a second
 * a CPU and metric. run --raw's disk-space check (cli_check.c) counts
 * these (rtb_rawf_bytes). */
#define RTB_RAWF_SAMPLE_BYTES 4
#define RTB_RAWF_BLOCK_BYTES 16
#define RTB_RAWF_MARK_BYTES 24

enum rtb_rawf_type {
	RTB_RAWF_MEAS = 'M',
	RTB_RAWF_SAMPLES = 'S',
	RTB_RAWF_WIDE = 'W',
	RTB_RAWF_MARK = 'K',
	RTB_RAWF_LOST = 'L',
	RTB_RAWF_END = 'E',
};

/* the little-endian stores and loads */
static inline void rtb_rawf_put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static inline void rtb_rawf_put32(uint8_t *p, uint32_t v)
{
	rtb_rawf_put16(p, (uint16_t)v);
	rtb_rawf_put16(p + 2, (uint16_t)(v >> 16));
}
static inline void rtb_rawf_put64(uint8_t *p, uint64_t v)
{
	rtb_rawf_put32(p, (uint32_t)v);
	rtb_rawf_put32(p + 4, (uint32_t)(v >> 32));
}
static inline uint16_t rtb_rawf_get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static inline uint32_t rtb_rawf_get32(const uint8_t *p)
{
	return rtb_rawf_get16(p) | (uint32_t)rtb_rawf_get16(p + 2) << 16;
}
static inline uint64_t rtb_rawf_get64(const uint8_t *p)
{
	return rtb_rawf_get32(p) | (uint64_t)rtb_rawf_get32(p + 4) << 32;
}

/* struct rtb_rawf_hdr - a file's header, read. */
struct rtb_rawf_hdr {
	unsigned version;
	uint32_t unit_ns;
	uint32_t ncpu;
	uint32_t cpu[RTB_RAWF_MAX_CPUS];
	char date[64];
	char writer[64];
};

/* rtb_rawf_header - the header into buf (cap bytes); its length, or 0 when
 * it does not fit. */
size_t rtb_rawf_header(uint8_t *buf, size_t cap, const char *date, const int *cpus, int ncpu,
		       const char *writer);
/* rtb_rawf_frame_head - a frame's 8 bytes at p. */
void rtb_rawf_frame_head(uint8_t *p, int type, unsigned metric, unsigned cpu, uint32_t len);

/* rtb_rawf_read_header - the header at buf[0..n): 0 and *used (its
 * bytes); 1 when n is too short to hold it; RTB_EFORMAT with
 * why (one line) when it is not one. */
int rtb_rawf_read_header(const uint8_t *buf, size_t n, struct rtb_rawf_hdr *h, size_t *used, char *why,
			 size_t len);

/* struct rtb_rawf_frame - one frame, read: its fields and payload (in the
 * caller's buffer). */
struct rtb_rawf_frame {
	int type;
	unsigned metric, cpu;
	uint32_t len;
	const uint8_t *p;
};
/* rtb_rawf_read_frame - the frame at buf[0..n): 0 and *used; 1
 * when n does not hold all of it (at a file's end: a cut frame);
 * RTB_EFORMAT with why when its length is past RTB_RAWF_MAX_PAYLOAD. */
int rtb_rawf_read_frame(const uint8_t *buf, size_t n, struct rtb_rawf_frame *f, char *why, size_t len);

/* rtb_rawf_bytes - the most a measurement of `seconds` writes for ncpu
 * CPUs of nmet metrics at `rate` samples a second a CPU (its blocks at
 * most blocks_per_s a second a CPU and metric besides full ones). */
double rtb_rawf_bytes(double seconds, double rate, int ncpu, int nmet, double blocks_per_s);

#endif
