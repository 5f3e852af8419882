/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench raw2csv FILE [-o OUT]`: a streamed raw file
 * (run --duration D --raw FILE; the layout: rtbench/rawfmt.h,
 * docs/long-runs.md) as CSV, one row a sample:
 *   measurement,metric,cpu,index,second,latency_ns
 * index: the sample's number on its CPU in its metric (a gap: lost samples,
 * said on stderr); second: the interval slice it was taken in (the
 * measurement's second it began in).
 *
 * Read in pieces, written as it goes (memory flat for any file size); the
 * output replaced whole (rtb_port_output). A file that is not one, or is
 * damaged inside: one line, exit 2, nothing written. A file cut short (the
 * run was killed, crashed or its disk filled): the whole samples converted,
 * then one line saying where it was cut and how much, exit 2. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli/raw_cmd.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/output.h"
#include "rtbench/port.h"
#include "rtbench/rawfmt.h"
#include "rtbench/rawring.h"
#include "rtbench/sink.h"

#define BUF_BYTES (RTB_RAWF_MAX_PAYLOAD + 2 * RTB_RAWF_FRAME + 65536)

/* A CPU's state in the measurement being read, each metric's. */
struct rd_cpu {
	uint64_t next[RTB_RAW_METRICS], samples[RTB_RAW_METRICS], lost[RTB_RAW_METRICS];
	uint32_t second[RTB_RAW_METRICS];
};

struct rd {
	const char *path;
	FILE *in;
	uint8_t *buf;
	size_t have, off;          /* bytes in buf; the next frame's start */
	uint64_t pos;              /* the file offset of buf[0] */
	int eof;
	struct rtb_rawf_hdr h;
	struct rd_cpu *cc;
	char meas[256], met[RTB_RAW_METRICS][256];
	unsigned nmet, nmeas;
	int open;                  /* a measurement without its end frame yet */
	uint64_t total, lost, salvaged, cut_at, cut_bytes;
	int salvaged_from;         /* the cut frame was a block of samples */
	int started;               /* the CSV began (on stdout: not taken back) */
	int cut;                   /* 1: cut mid-frame; 2: no end frame */
	char why[200];
};

/* raw2csv_usage - `rtbench raw2csv --help`. */
static void raw2csv_usage(FILE *f)
{
	fputs("usage: rtbench raw2csv FILE [-o OUT.csv]\n"
	      "A file written by `rtbench run --duration D --raw FILE` (every sample, streamed) as CSV,\n"
	      "one row a sample: measurement,metric,cpu,index,second,latency_ns (to stdout, or OUT\n"
	      "replaced whole). index counts the CPU's samples of that metric, lost ones too (a gap:\n"
	      "samples lost, said on stderr); second: the interval slice the sample was taken in.\n"
	      "Exit status: 0 done; 2 not such a file, damaged, or cut short (a file cut short:\n"
	      "its whole samples converted, and where it was cut said); 1 the output failed.\n", f);
}

/* fill - more of the file into buf after what is left from off. */
static int fill(struct rd *r)
{
	size_t n;

	memmove(r->buf, r->buf + r->off, r->have - r->off);
	r->pos += r->off;
	r->have -= r->off;
	r->off = 0;
	n = fread(r->buf + r->have, 1, BUF_BYTES - r->have, r->in);
	r->have += n;
	if (!n)
		r->eof = 1;
	return ferror(r->in) ? RTB_EIO : 0;
}

/* bad - why (the damage) and RTB_EFORMAT. */
static __attribute__((format(printf, 2, 3))) int bad(struct rd *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
	return RTB_EFORMAT;
}

/* get_str - a u16-prefixed printable id at *p (end: the payload's end). */
static int get_str(struct rd *r, const uint8_t **p, const uint8_t *end, char *out)
{
	size_t l;

	if (end - *p < 2 || (size_t)(end - *p - 2) < (l = rtb_rawf_get16(*p)) || l > 255)
		return bad(r, "a measurement frame's id runs past it");
	for (size_t i = 0; i < l; i++)
		if ((*p)[2 + i] < 0x21 || (*p)[2 + i] > 0x7e)
			return bad(r, "a measurement frame's id holds a byte that is not printable");
	memcpy(out, *p + 2, l);
	out[l] = 0;
	*p += 2 + l;
	return 0;
}

/* meas - an 'M' frame: a new measurement. */
static int meas(struct rd *r, const struct rtb_rawf_frame *f)
{
	const uint8_t *p = f->p + 16, *end = f->p + f->len;
	int rc;

	if (f->len < 16 || r->open)
		return f->len < 16 ? bad(r, "a measurement frame too short (%u bytes)", (unsigned)f->len) :
		       bad(r, "measurement %u begins before measurement %u ended", r->nmeas, r->nmeas - 1);
	r->nmet = rtb_rawf_get32(f->p + 4);
	if (r->nmet < 1 || r->nmet > RTB_RAW_METRICS)
		return bad(r, "a measurement of %u metrics (1 to %d)", r->nmet, RTB_RAW_METRICS);
	if ((rc = get_str(r, &p, end, r->meas)))
		return rc;
	for (unsigned j = 0; j < r->nmet; j++)
		if ((rc = get_str(r, &p, end, r->met[j])))
			return rc;
	memset(r->cc, 0, r->h.ncpu * sizeof(*r->cc));
	r->open = 1;
	r->nmeas++;
	return 0;
}

/* row - one sample's CSV row. */
static void row(struct rd *r, struct rtb_sink *s, unsigned cpu, unsigned m, uint64_t index, uint64_t v)
{
	rtb_fmt_csv_field(s, r->meas, sizeof(r->meas));
	rtb_sink_putc(s, ',');
	rtb_fmt_csv_field(s, r->met[m], sizeof(r->met[m]));
	rtb_sink_printf(s, ",%u,%llu,%u,%llu\n", (unsigned)r->h.cpu[cpu], (unsigned long long)index,
			(unsigned)r->cc[cpu].second[m], (unsigned long long)v);
}

/* samples - an 'S' / 'W' frame's samples (whole: len; cut: the whole ones in avail). */
static int samples(struct rd *r, const struct rtb_rawf_frame *f, size_t avail, struct rtb_sink *s)
{
	struct rd_cpu *c = &r->cc[f->cpu];
	size_t vb = f->type == RTB_RAWF_WIDE ? 8 : 4, n = (avail - 8) / vb;
	uint64_t first = rtb_rawf_get64(f->p);

	if ((f->len - 8) % vb)
		return bad(r, "a sample frame of %u bytes is not whole samples", (unsigned)f->len);
	if (first != c->next[f->metric])
		return bad(r, "a block starts at sample %llu where %llu was next (samples missing from the file)",
			   (unsigned long long)first, (unsigned long long)c->next[f->metric]);
	for (size_t i = 0; i < n; i++) {
		const uint8_t *q = f->p + 8 + vb * i;
		row(r, s, f->cpu, f->metric, first + i, vb == 8 ? rtb_rawf_get64(q) : rtb_rawf_get32(q));
	}
	c->next[f->metric] += n;
	c->samples[f->metric] += n;
	r->total += n;
	return 0;
}

/* end - an 'E' frame: its counts against what was read. */
static int end(struct rd *r, const struct rtb_rawf_frame *f)
{
	size_t need = 8 + (size_t)r->h.ncpu * (r->nmet * 16 + 8);

	if (!r->open || f->len < need || rtb_rawf_get32(f->p) != r->h.ncpu || rtb_rawf_get32(f->p + 4) != r->nmet)
		return bad(r, "an end frame that does not match its measurement (%u bytes)", (unsigned)f->len);
	for (uint32_t i = 0; i < r->h.ncpu; i++)
		for (unsigned j = 0; j < r->nmet; j++) {
			const uint8_t *q = f->p + 8 + ((size_t)i * r->nmet + j) * 16;
			if (rtb_rawf_get64(q) != r->cc[i].samples[j] || rtb_rawf_get64(q + 8) != r->cc[i].lost[j])
				return bad(r, "the end frame counts %llu samples where the file holds %llu",
					   (unsigned long long)rtb_rawf_get64(q), (unsigned long long)r->cc[i].samples[j]);
		}
	r->open = 0;
	return 0;
}

/* frame - one whole frame. */
static int frame(struct rd *r, const struct rtb_rawf_frame *f, struct rtb_sink *s)
{
	int typed = f->type == RTB_RAWF_SAMPLES || f->type == RTB_RAWF_WIDE || f->type == RTB_RAWF_MARK ||
		    f->type == RTB_RAWF_LOST;

	if (f->type == RTB_RAWF_MEAS)
		return meas(r, f);
	if (f->type == RTB_RAWF_END)
		return end(r, f);
	if (!typed)
		return 0; /* a later version's frame: its length says how far */
	if (!r->open || f->cpu >= r->h.ncpu || f->metric >= r->nmet)
		return bad(r, "a frame of CPU index %u, metric %u outside its measurement", f->cpu, f->metric);
	if (f->type == RTB_RAWF_SAMPLES || f->type == RTB_RAWF_WIDE)
		return f->len < 8 ? bad(r, "a sample frame of %u bytes", (unsigned)f->len) : samples(r, f, f->len, s);
	if (f->len < 16)
		return bad(r, "a mark or loss frame of %u bytes", (unsigned)f->len);
	struct rd_cpu *c = &r->cc[f->cpu];
	if (rtb_rawf_get64(f->p) != c->next[f->metric])
		return bad(r, "a mark or loss at sample %llu where %llu was next", (unsigned long long)rtb_rawf_get64(f->p),
			   (unsigned long long)c->next[f->metric]);
	if (f->type == RTB_RAWF_MARK) {
		c->second[f->metric] = rtb_rawf_get32(f->p + 8);
		return 0;
	}
	uint64_t n = rtb_rawf_get64(f->p + 8);
	c->next[f->metric] += n;
	c->lost[f->metric] += n;
	r->lost += n;
	return 0;
}

/* cut_tail - at the file's end, part of a frame: its whole samples kept. */
static int cut_tail(struct rd *r, struct rtb_sink *s)
{
	const uint8_t *b = r->buf + r->off;
	size_t avail = r->have - r->off;
	struct rtb_rawf_frame f;

	r->cut = 1;
	r->cut_at = r->pos + r->off;
	r->cut_bytes = avail;
	if (avail < RTB_RAWF_FRAME + 8 || (b[0] != RTB_RAWF_SAMPLES && b[0] != RTB_RAWF_WIDE) || !r->open ||
	    rtb_rawf_get16(b + 2) >= r->h.ncpu || b[1] >= r->nmet)
		return 0;
	f.type = b[0];
	f.metric = b[1];
	f.cpu = rtb_rawf_get16(b + 2);
	f.len = rtb_rawf_get32(b + 4);
	f.p = b + RTB_RAWF_FRAME;
	uint64_t before = r->total;
	r->salvaged_from = 1;
	int rc = samples(r, &f, avail - RTB_RAWF_FRAME, s);
	r->salvaged = r->total - before;
	return rc;
}

/* convert - the rtb_output_fn: the whole file as CSV into s. */
static int convert(struct rtb_sink *s, const void *arg)
{
	struct rd *r = (struct rd *)arg;
	int rc;

	r->started = 1;
	rtb_sink_puts(s, "measurement,metric,cpu,index,second,latency_ns\n");
	for (;;) {
		struct rtb_rawf_frame f;
		rc = rtb_rawf_read_frame(r->buf + r->off, r->have - r->off, &f, r->why, sizeof(r->why));
		if (rc < 0)
			return rc;
		if (rc == 0) {
			if ((rc = frame(r, &f, s)))
				return rc;
			r->off += RTB_RAWF_FRAME + f.len;
			continue;
		}
		if (r->eof)
			break;
		if ((rc = fill(r)))
			return rc;
	}
	if (r->off < r->have && (rc = cut_tail(r, s)))
		return rc;
	if (r->open && !r->cut)
		r->cut = 2;
	return rtb_sink_error(s);
}

/* open_file - the header read; 0, or one line in why. */
static int open_file(struct rd *r)
{
	size_t used = 0;
	int rc;

	if (!(r->in = fopen(r->path, "rb")))
		return bad(r, "cannot read it");
	r->buf = rtb_alloc(BUF_BYTES);
	r->cc = rtb_alloc(RTB_RAWF_MAX_CPUS * sizeof(*r->cc));
	if (!r->buf || !r->cc)
		return RTB_ENOMEM;
	while ((rc = rtb_rawf_read_header(r->buf, r->have, &r->h, &used, r->why, sizeof(r->why))) == 1) {
		if (r->eof)
			return (r->have ? bad(r, "cut short inside its header (%zu bytes): nothing to convert", r->have) :
				   bad(r, "empty: not an rtbench raw file"));
		if ((rc = fill(r)))
			return bad(r, "cannot read it");
	}
	r->off = used;
	return rc;
}

/* summary - the line on stderr: what was converted, lost, cut. */
static void summary(const struct rd *r, int rc)
{
	fprintf(stderr, "rtbench raw2csv: %s: %llu samples of %u measurement%s on %u CPU%s, %llu lost%s\n", r->path,
		(unsigned long long)r->total, r->nmeas, r->nmeas == 1 ? "" : "s", (unsigned)r->h.ncpu,
		r->h.ncpu == 1 ? "" : "s", (unsigned long long)r->lost, r->lost ? " (the gaps in index)" : "");
	if (rc)
		return;
	char part[96] = "";
	if (r->salvaged_from)
		snprintf(part, sizeof(part), " (a block of samples: its %llu whole samples converted)",
			 (unsigned long long)r->salvaged);
	if (r->cut == 1)
		fprintf(stderr, "rtbench raw2csv: %s: cut short: its last %llu bytes (from byte %llu) are not a whole "
			"frame%s; the run did not end (killed, crashed or its disk full)\n", r->path,
			(unsigned long long)r->cut_bytes, (unsigned long long)r->cut_at, part);
	else if (r->cut == 2)
		fprintf(stderr, "rtbench raw2csv: %s: cut short: measurement %s has no end frame (the run did not end: "
			"killed, crashed or its disk full); every whole frame converted\n", r->path, r->meas);
}

int rtb_cmd_raw2csv(int argc, char **argv)
{
	static struct rd r;
	const char *outp = "-";
	int rc;

	memset(&r, 0, sizeof(r));
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			raw2csv_usage(stdout);
			return 0;
		}
		if ((!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output")) && i + 1 < argc) {
			outp = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "rtbench raw2csv: %s: unknown option (see --help)\n", argv[i]);
			return RTB_EINVAL;
		} else if (r.path) {
			fprintf(stderr, "rtbench raw2csv: one FILE (see --help)\n");
			return RTB_EINVAL;
		} else {
			r.path = argv[i];
		}
	}
	if (!r.path) {
		fprintf(stderr, "rtbench raw2csv: no file given (usage: rtbench raw2csv FILE [-o OUT.csv])\n");
		return RTB_EINVAL;
	}
	if (strcmp(outp, "-") && (rtb_port_output_check(outp) || rtb_port_output_same(outp, r.path))) {
		fprintf(stderr, "rtbench raw2csv: -o: %s\n", rtb_port_output_same(outp, r.path) ?
			"names the input file" : rtb_port_output_error());
		return RTB_EINVAL;
	}
	rc = open_file(&r);
	if (!rc && rtb_port_output(outp, convert, &r) && !r.why[0])
		rc = RTB_EIO;
	if (!rc && r.why[0])
		rc = RTB_EFORMAT;
	if (rc == RTB_EFORMAT)
		fprintf(stderr, "rtbench raw2csv: %s: %s (%s)\n", r.path, r.why,
			strcmp(outp, "-") || !r.started ? "nothing written" : "the output stops there");
	else if (rc == RTB_EIO)
		fprintf(stderr, "rtbench raw2csv: %s\n", rtb_port_output_error());
	else
		summary(&r, rc);
	if (r.in)
		fclose(r.in);
	rtb_free(r.buf);
	rtb_free(r.cc);
	return rc ? rc : r.cut ? RTB_EFORMAT : 0;
}
