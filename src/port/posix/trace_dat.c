/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - rtbench's kept events as a trace.dat, the file
 * `trace-cmd report` and KernelShark open (rtb_port_trace_dat).
 *
 * The streaming reader keeps parsed events (struct rtb_tev), not the
 * kernel's pages: trace_pipe_raw hands each page over once, and the windows
 * around the worst samples are chosen after their pages are gone. So the
 * file is written here from the parsed events, in the layout trace-cmd's
 * own documentation gives (trace-cmd.dat.v6(5)): the header page and event
 * header and every event's format copied verbatim from tracefs (the
 * running kernel's, so field offsets, sizes and event ids are its own),
 * then per CPU the events re-encoded as ring-buffer pages the way the
 * kernel lays them out (a page: its time stamp, its committed length, the
 * events; an event: a 32-bit header of a 5-bit length and a 27-bit time
 * delta, a time-extend event before a larger delta). rtbench's marks go in
 * as the kernel's own ftrace:print events, which trace-cmd prints as
 * `print:` lines and KernelShark shows as markers.
 *
 * libtracecmd (Debian's libtracecmd-dev) writes trace.dat too, but its
 * writer takes per-CPU files of raw ring-buffer pages as read from
 * trace_pipe_raw, which rtbench no longer has by then; it would have had
 * to be given pages encoded as below all the same.
 *
 * Times: the trace clock's ticks over the calibrated rate, in ns (the file
 * says no clock: trace-cmd prints seconds.microseconds). The header of
 * each event (flags, preempt count) is not kept by rtbench: written 0.
 * Allocates (after measuring only). */
#ifdef RTB_HAVE_TRACEFS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "trace_dat_int.h"


/* ---- ring-buffer pages --------------------------------------------- */

struct pages {
	FILE *f;
	unsigned char *page;
	size_t psize, doff, used;   /* data offset in a page; bytes of data used */
	int commit_off, commit_size;
	uint64_t ts, last;          /* the page's time stamp, the last event's */
	int open;
	int err;
};

static void page_flush(struct pages *p)
{
	uint64_t commit = p->used;

	if (!p->open)
		return;
	memcpy(p->page, &p->ts, 8);
	memcpy(p->page + p->commit_off, &commit, (size_t)p->commit_size);
	if (fwrite(p->page, 1, p->psize, p->f) != p->psize)
		p->err = 1;
	memset(p->page, 0, p->psize);
	p->used = 0;
	p->open = 0;
}

static void put32(unsigned char *d, uint32_t v)
{
	memcpy(d, &v, 4);
}

/* page_event - one record of len bytes at time t (ns) into the pages */
static void page_event(struct pages *p, uint64_t t, const unsigned char *rec, size_t len)
{
	size_t dlen = (len + 3) & ~(size_t)3, big = len > 112;
	size_t need = 4 + (big ? 4 : 0) + dlen;
	uint64_t delta;

	if (p->open && (t < p->last || p->used + need + 8 > p->psize - p->doff))
		page_flush(p);
	if (!p->open) {
		p->open = 1;
		p->ts = t;
		p->last = t;
	}
	delta = t - p->last;
	unsigned char *d = p->page + p->doff + p->used;
	if (delta >= 1u << 27) { /* a time extend: the delta's upper bits */
		put32(d, 30u | (uint32_t)(delta & ((1u << 27) - 1)) << 5);
		put32(d + 4, (uint32_t)(delta >> 27));
		d += 8;
		p->used += 8;
		delta = 0;
	}
	if (big) {
		put32(d, (uint32_t)delta << 5);
		put32(d + 4, (uint32_t)dlen + 4);
		d += 8;
	} else {
		put32(d, (uint32_t)(dlen / 4) | (uint32_t)delta << 5);
		d += 4;
	}
	memset(d, 0, dlen);
	memcpy(d, rec, len);
	p->used += need;
	p->last = t;
}

/* ---- the file ------------------------------------------------------ */

static int cmp_cpu_t(const void *a, const void *b)
{
	const struct rtb_tev *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return 0;
}

static void w8(FILE *f, uint64_t v) { fwrite(&v, 8, 1, f); }
static void w4(FILE *f, uint32_t v) { fwrite(&v, 4, 1, f); }

/* header_field - from the header page's text, field name's offset (or
 * size, want_size) */
static int header_field(const char *hp, const char *name, int want_size)
{
	const char *p = strstr(hp, name);

	if (!p)
		return -1;
	p = strstr(p, want_size ? "size:" : "offset:");
	return p ? atoi(p + (want_size ? 5 : 7)) : -1;
}
/* One file being written: the events in order, the names, the pages. */
struct dat {
	const struct rtb_dat_formats *kf;
	struct rtb_dat_names *nm;
	struct rtb_tev *all;    /* the events and the marks, by CPU and time */
	size_t total;
	int ncpu;
	struct pages pg;
	FILE *f;
};

/* gather - the events and the marks (as events of kind 0, timer: which
 * mark) into d->all by CPU and time, a copy seen in two windows once,
 * events of CPUs past 63 left out; the switches' task names noted */
static void gather(struct dat *d, const struct rtb_tev *ev, size_t n, const struct rtb_trace_xmark *mk, size_t nmk)
{
	struct rtb_tev *all = d->all;

	memcpy(all, ev, n * sizeof(*all));
	for (size_t i = 0; i < nmk; i++) {
		memset(&all[n + i], 0, sizeof(all[0]));
		all[n + i].t = mk[i].t;
		all[n + i].cpu = mk[i].cpu;
		all[n + i].cur = mk[i].pid;
		all[n + i].timer = i; /* which mark */
	}
	qsort(all, n + nmk, sizeof(*all), cmp_cpu_t);
	for (size_t i = 0; i < n + nmk; i++) {
		const struct rtb_tev *e = &all[i];
		int dup = 0;
		for (size_t q = d->total; q-- > 0 && !dup && all[q].cpu == e->cpu && all[q].t == e->t;)
			dup = all[q].kind == e->kind && all[q].cur == e->cur && all[q].pid == e->pid &&
			      all[q].prev == e->prev && all[q].timer == e->timer && all[q].a == e->a;
		if (dup || e->cpu < 0 || e->cpu >= RTB_MAX_CPUS)
			continue;
		all[d->total++] = *e;
		if (e->cpu + 1 > d->ncpu)
			d->ncpu = e->cpu + 1;
		if (e->kind == RTB_TEV_SWITCH) {
			rtb_dat_name_add(d->nm, e->pid, e->comm, e->new_prio);
			rtb_dat_name_add(d->nm, e->prev, e->prev_comm, e->old_prio);
		}
	}
}

/* write_formats - ftrace's own formats (print), then each system's */
static void write_formats(FILE *f, const struct rtb_dat_fmt *fm)
{
	const char *sys[RTB_TRACE_NWANT];
	int nsys = 0;

	w4(f, 1);
	w8(f, fm[RTB_DAT_PRINT].len);
	fwrite(fm[RTB_DAT_PRINT].text, 1, fm[RTB_DAT_PRINT].len, f);
	for (size_t i = 0; i < RTB_TRACE_NWANT; i++) {
		int seen = 0;
		if (!fm[i].text)
			continue;
		for (int s = 0; s < nsys; s++)
			seen |= !strcmp(sys[s], rtb_posix_events[i].sys);
		if (!seen)
			sys[nsys++] = rtb_posix_events[i].sys;
	}
	w4(f, (uint32_t)nsys);
	for (int s = 0; s < nsys; s++) {
		uint32_t cnt = 0;
		fwrite(sys[s], 1, strlen(sys[s]) + 1, f);
		for (size_t i = 0; i < RTB_TRACE_NWANT; i++)
			cnt += fm[i].text && !strcmp(sys[s], rtb_posix_events[i].sys);
		w4(f, cnt);
		for (size_t i = 0; i < RTB_TRACE_NWANT; i++)
			if (fm[i].text && !strcmp(sys[s], rtb_posix_events[i].sys)) {
				w8(f, fm[i].len);
				fwrite(fm[i].text, 1, fm[i].len, f);
			}
	}
}

/* write_head - everything before the CPUs' data: the initial format, the
 * header page and event header, the formats, the task names, the CPU
 * count; the offset of the CPUs' (offset, size) table */
static long write_head(const struct dat *d)
{
	const struct rtb_dat_formats *kf = d->kf;
	FILE *f = d->f;
	size_t clen = 0;
	char line[40];

	fwrite("\027\010\104tracing6", 1, 11, f);
	fputc(0, f);
	fputc(*(const char *)&(uint16_t){ 1 } ? 0 : 1, f); /* this machine's byte order */
	fputc((int)sizeof(long), f);
	w4(f, (uint32_t)d->pg.psize);
	fwrite("header_page", 1, 12, f);
	w8(f, kf->hplen);
	fwrite(kf->hp, 1, kf->hplen, f);
	fwrite("header_event", 1, 13, f);
	w8(f, kf->helen);
	fwrite(kf->he, 1, kf->helen, f);
	write_formats(f, kf->fm);
	w4(f, 0); /* kallsyms: none (no function addresses are written) */
	w4(f, 0); /* trace_printk formats: none */
	for (int i = 0; i < d->nm->n; i++)
		clen += (size_t)snprintf(line, sizeof(line), "%d %s\n", (int)d->nm->pid[i], d->nm->comm[i]);
	w8(f, clen);
	for (int i = 0; i < d->nm->n; i++)
		fprintf(f, "%d %s\n", (int)d->nm->pid[i], d->nm->comm[i]);
	w4(f, (uint32_t)(d->ncpu ? d->ncpu : 1));
	fwrite("flyrecord", 1, 10, f);
	long table = ftell(f);
	for (int c = 0; c < (d->ncpu ? d->ncpu : 1); c++) {
		w8(f, 0);
		w8(f, 0);
	}
	return table;
}

/* write_cpus - each CPU's events as pages, from a page boundary (each
 * CPU's offset and size into off, size); 0 or RTB_EIO */
static int write_cpus(struct dat *d, const struct rtb_trace_xmark *mk, double tpn, uint64_t *off, uint64_t *size)
{
	const struct rtb_dat_fmt *fm = d->kf->fm;
	unsigned char rec[512];
	long pos = ftell(d->f);
	size_t i = 0;

	pos = (long)(((size_t)pos + d->pg.psize - 1) / d->pg.psize * d->pg.psize);
	if (pos < 0 || fseek(d->f, pos, SEEK_SET))
		return RTB_EIO;
	d->pg.f = d->f;
	for (int c = 0; c < d->ncpu; c++) {
		off[c] = (uint64_t)ftell(d->f);
		for (; i < d->total && d->all[i].cpu == c; i++) {
			const struct rtb_tev *e = &d->all[i];
			uint64_t t = (uint64_t)((double)e->t / tpn + 0.5);
			size_t len;
			if (!e->kind) { /* a mark: ftrace's print */
				char text[sizeof(mk[0].text) + 1];
				snprintf(text, sizeof(text), "%s\n", mk[e->timer].text);
				len = rtb_dat_print(&fm[RTB_DAT_PRINT], e->cur, text, rec, sizeof(rec));
			} else {
				int k = rtb_dat_which(e);
				if (k < 0 || !fm[k].id)
					continue;
				len = rtb_dat_encode(&fm[k], e, d->nm, rec, sizeof(rec));
			}
			page_event(&d->pg, t, rec, len);
		}
		page_flush(&d->pg);
		size[c] = (uint64_t)ftell(d->f) - off[c];
	}
	return 0;
}

/* page_layout - the ring-buffer page's layout from the header page's
 * text; 0, or -1 for one this writer does not know */
static int page_layout(struct pages *pg, const char *hp)
{
	pg->doff = (size_t)header_field(hp, " data;", 0);
	pg->commit_off = header_field(hp, " commit;", 0);
	pg->commit_size = header_field(hp, " commit;", 1);
	return (int)pg->doff <= 0 || pg->doff >= pg->psize || pg->commit_off < 0 ||
	       (pg->commit_size != 4 && pg->commit_size != 8) ? -1 : 0;
}

/* write_file - the whole file at path; 0 or RTB_EIO (why said) */
static int write_file(struct dat *d, const char *path, const struct rtb_trace_xmark *mk, double tpn, char *why,
		      size_t whylen)
{
	uint64_t off[RTB_MAX_CPUS] = { 0 }, size[RTB_MAX_CPUS] = { 0 };
	long table;
	int rc;

	if (!(d->f = fopen(path, "wbe"))) {
		snprintf(why, whylen, "cannot create %s", path);
		return RTB_EIO;
	}
	table = write_head(d);
	rc = write_cpus(d, mk, tpn, off, size);
	if (!rc && fseek(d->f, table, SEEK_SET)) {
		d->pg.err = 1;
	} else if (!rc) {
		for (int c = 0; c < (d->ncpu ? d->ncpu : 1); c++) {
			w8(d->f, off[c]);
			w8(d->f, size[c]);
		}
	}
	if (rc || d->pg.err || ferror(d->f))
		rc = RTB_EIO;
	if (fclose(d->f))
		rc = RTB_EIO;
	d->f = NULL;
	if (rc)
		snprintf(why, whylen, "cannot write %s", path);
	return rc;
}

int rtb_port_trace_dat(const char *path, const struct rtb_tev *ev, size_t n, const struct rtb_trace_xmark *mk,
		       size_t nmk, double tpn, char *why, size_t whylen)
{
	struct dat d = { .kf = rtb_dat_formats() };
	int rc = RTB_ENOMEM;

	why[0] = '\0';
	if (tpn <= 0)
		return RTB_EINVAL;
	if (!d.kf->have && rtb_port_trace_dat_formats()) {
		snprintf(why, whylen, "%s", d.kf->why);
		return RTB_ENOTSUP;
	}
	d.nm = rtb_alloc(sizeof(*d.nm));
	d.all = rtb_alloc((n + nmk + 1) * sizeof(*d.all));
	d.pg.psize = (size_t)sysconf(_SC_PAGESIZE);
	d.pg.page = rtb_alloc(d.pg.psize);
	if (!d.nm || !d.all || !d.pg.page) {
		snprintf(why, whylen, "no memory");
		goto out;
	}
	memset(d.nm, 0, sizeof(*d.nm));
	memset(d.pg.page, 0, d.pg.psize);
	if (page_layout(&d.pg, d.kf->hp)) {
		snprintf(why, whylen, "a ring-buffer page header this writer does not know");
		rc = RTB_EIO;
		goto out;
	}
	gather(&d, ev, n, mk, nmk);
	rc = write_file(&d, path, mk, tpn, why, whylen);
out:
	rtb_free(d.nm);
	rtb_free(d.all);
	rtb_free(d.pg.page);
	return rc;
}

#endif
