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
#include "trace_int.h"

#define FMT_FIELDS 24
#define FMT_MAX 8192

struct fmt {
	int id;                 /* the kernel's event id; 0: not available */
	size_t fixed;           /* the record's fixed part */
	int nf;
	struct {
		char name[32];
		int off, size, loc;
	} f[FMT_FIELDS];
	char *text;             /* the format file as read */
	size_t len;
};

/* the events written: rtb_trace_want's (not the stack trigger's), then
 * ftrace:print for the marks */
#define NEV (RTB_TRACE_NWANT + 1)
#define PRINT (NEV - 1)

static int want_used(size_t i)
{
	return i < RTB_TRACE_NWANT && rtb_trace_want[i].opt != RTB_TRACE_WANT_TRIGGER && rtb_tr.have[i];
}

/* slurp - tracefs file rel (a few KiB) into a new buffer */
static char *slurp(const char *rel, size_t *len)
{
	char path[512];
	FILE *f;
	char *buf;

	snprintf(path, sizeof(path), "%s/%s", rtb_tr.dir, rel);
	if (!(f = fopen(path, "re")))
		return NULL;
	if (!(buf = rtb_alloc(FMT_MAX))) {
		fclose(f);
		return NULL;
	}
	*len = fread(buf, 1, FMT_MAX - 1, f);
	buf[*len] = '\0';
	fclose(f);
	if (!*len || *len >= FMT_MAX - 1) {
		rtb_free(buf);
		return NULL;
	}
	return buf;
}

/* parse - the id and the fields of a format file */
static void parse(struct fmt *m)
{
	const char *p = strstr(m->text, "\nID: ");

	m->id = p ? atoi(p + 5) : 0;
	for (p = m->text; (p = strstr(p, "field:")) && m->nf < FMT_FIELDS; p++) {
		const char *semi = strchr(p, ';'), *o = strstr(p, "offset:"), *s = strstr(p, "size:");
		if (!semi || !o || !s)
			break;
		const char *e = semi, *b;
		while (e > p && e[-1] == ']') /* "buf[]", "comm[16]": the name before */
			while (e > p && *--e != '[')
				;
		b = e;
		while (b > p && b[-1] != ' ' && b[-1] != '\t' && b[-1] != ':')
			b--;
		snprintf(m->f[m->nf].name, sizeof(m->f[0].name), "%.*s", (int)(e - b), b);
		m->f[m->nf].off = atoi(o + 7);
		m->f[m->nf].size = atoi(s + 5);
		m->f[m->nf].loc = strstr(p, "__data_loc") && strstr(p, "__data_loc") < semi;
		if ((size_t)(m->f[m->nf].off + m->f[m->nf].size) > m->fixed)
			m->fixed = (size_t)(m->f[m->nf].off + m->f[m->nf].size);
		m->nf++;
	}
}

static int field(const struct fmt *m, const char *name)
{
	for (int i = 0; i < m->nf; i++)
		if (!strcmp(m->f[i].name, name))
			return i;
	return -1;
}

/* put_num - v into field `name` (its size, the machine's byte order) */
static void put_num(const struct fmt *m, unsigned char *rec, const char *name, uint64_t v)
{
	int i = field(m, name);

	if (i < 0)
		return;
	switch (m->f[i].size) {
	case 1: { uint8_t x = (uint8_t)v; memcpy(rec + m->f[i].off, &x, 1); break; }
	case 2: { uint16_t x = (uint16_t)v; memcpy(rec + m->f[i].off, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(rec + m->f[i].off, &x, 4); break; }
	case 8: memcpy(rec + m->f[i].off, &v, 8); break;
	default: break;
	}
}

/* put_str - a string field: a char array in place, a __data_loc string
 * or a flexible array (size 0) after the fixed part; the record's length
 * grows by it (*len) */
static void put_str(const struct fmt *m, unsigned char *rec, size_t cap, size_t *len, const char *name,
		    const char *s)
{
	int i = field(m, name);
	size_t n = strlen(s);

	if (i < 0)
		return;
	if (m->f[i].loc || !m->f[i].size) {
		size_t at = m->f[i].size ? *len : (size_t)m->f[i].off;
		if (at + n + 1 > cap)
			n = cap > at + 1 ? cap - at - 1 : 0;
		memcpy(rec + at, s, n);
		rec[at + n] = '\0';
		if (m->f[i].loc) {
			uint32_t v = (uint32_t)(n + 1) << 16 | (uint32_t)at;
			memcpy(rec + m->f[i].off, &v, 4);
		}
		*len = at + n + 1;
		return;
	}
	size_t sz = (size_t)m->f[i].size;
	memset(rec + m->f[i].off, 0, sz);
	memcpy(rec + m->f[i].off, s, n < sz ? n : sz - 1);
}

/* which - the format of event e, or -1 (not written) */
static int which(const struct rtb_tev *e)
{
	char name[48];
	int k = -1;

	switch (e->kind) {
	case RTB_TEV_TIMER_IRQ:
		if (!rtb_tr.timer_irq[0])
			return want_used(0) ? 0 : -1;
		snprintf(name, sizeof(name), "irq_handler_entry");
		break;
	case RTB_TEV_VEC_ENTER:
	case RTB_TEV_VEC_EXIT:
		snprintf(name, sizeof(name), "%s_%s", e->comm, e->kind == RTB_TEV_VEC_ENTER ? "entry" : "exit");
		break;
	default:
		for (size_t i = 0; i < RTB_TRACE_NWANT; i++)
			if (rtb_trace_want[i].kind == e->kind && want_used(i))
				return (int)i;
		return -1;
	}
	for (size_t i = 0; i < RTB_TRACE_NWANT && k < 0; i++)
		if (!strcmp(rtb_trace_want[i].name, name) && want_used(i))
			k = (int)i;
	return k;
}

/* the task names the events give (the file's cmdlines) */
#define NAMES 1024
struct names {
	int32_t pid[NAMES], prio[NAMES];
	char comm[NAMES][16];
	int n;
};

static int name_at(const struct names *nm, int32_t pid)
{
	for (int i = 0; i < nm->n; i++)
		if (nm->pid[i] == pid)
			return i;
	return -1;
}

static const char *name_of(const struct names *nm, int32_t pid)
{
	int i = name_at(nm, pid);

	return i < 0 ? "" : nm->comm[i];
}

/* prio_of - the task's priority as its switches last gave it (the
 * wake-up events' own is not kept by rtbench) */
static int32_t prio_of(const struct names *nm, int32_t pid)
{
	int i = name_at(nm, pid);

	return i < 0 ? 120 : nm->prio[i];
}

static void name_add(struct names *nm, int32_t pid, const char *comm, int32_t prio)
{
	int i = name_at(nm, pid);

	if (i >= 0)
		nm->prio[i] = prio;
	if (pid <= 0 || !comm[0] || i >= 0 || nm->n == NAMES)
		return;
	nm->pid[nm->n] = pid;
	nm->prio[nm->n] = prio;
	snprintf(nm->comm[nm->n], sizeof(nm->comm[0]), "%.15s", comm);
	nm->n++;
}

/* encode - event e as a record of format m into rec; its length */
static size_t encode(const struct fmt *m, const struct rtb_tev *e, const struct names *nm, unsigned char *rec,
		     size_t cap)
{
	size_t len = m->fixed;

	memset(rec, 0, len);
	put_num(m, rec, "common_type", (uint64_t)m->id);
	put_num(m, rec, "common_pid", (uint64_t)(int64_t)e->cur);
	switch (e->kind) {
	case RTB_TEV_SWITCH:
		put_str(m, rec, cap, &len, "prev_comm", e->prev ? e->prev_comm : "swapper");
		put_num(m, rec, "prev_pid", (uint64_t)(int64_t)e->prev);
		put_num(m, rec, "prev_prio", (uint64_t)(int64_t)e->old_prio);
		put_num(m, rec, "prev_state", e->prev_runnable ? 0 : 1); /* R, else S */
		put_str(m, rec, cap, &len, "next_comm", e->pid ? e->comm : "swapper");
		put_num(m, rec, "next_pid", (uint64_t)(int64_t)e->pid);
		put_num(m, rec, "next_prio", (uint64_t)(int64_t)e->new_prio);
		break;
	case RTB_TEV_WAKING:
	case RTB_TEV_WAKEUP:
		put_str(m, rec, cap, &len, "comm", name_of(nm, e->pid));
		put_num(m, rec, "pid", (uint64_t)(int64_t)e->pid);
		put_num(m, rec, "prio", (uint64_t)(int64_t)prio_of(nm, e->pid));
		put_num(m, rec, "target_cpu", (uint64_t)(int64_t)e->a);
		break;
	case RTB_TEV_PRIO:
		put_str(m, rec, cap, &len, "comm", name_of(nm, e->pid));
		put_num(m, rec, "pid", (uint64_t)(int64_t)e->pid);
		put_num(m, rec, "oldprio", (uint64_t)(int64_t)e->old_prio);
		put_num(m, rec, "newprio", (uint64_t)(int64_t)e->new_prio);
		break;
	case RTB_TEV_TIMER_ARM:
		put_num(m, rec, "hrtimer", e->timer);
		put_num(m, rec, "expires", (uint64_t)e->expiry_ns);
		put_num(m, rec, "softexpires", (uint64_t)e->expiry_ns);
		break;
	case RTB_TEV_TIMER_FIRE:
		put_num(m, rec, "hrtimer", e->timer);
		put_num(m, rec, "now", (uint64_t)e->expiry_ns);
		break;
	case RTB_TEV_TIMER_IRQ:
	case RTB_TEV_IRQ_ENTER:
		put_num(m, rec, "irq", (uint64_t)(int64_t)e->a);
		put_str(m, rec, cap, &len, "name", e->comm);
		break;
	case RTB_TEV_IRQ_EXIT:
		put_num(m, rec, "irq", (uint64_t)(int64_t)e->a);
		put_num(m, rec, "ret", 1); /* handled: the trace keeps no more */
		break;
	case RTB_TEV_SOFTIRQ_ENTER:
	case RTB_TEV_SOFTIRQ_EXIT:
		put_num(m, rec, "vec", (uint64_t)(int64_t)e->a);
		break;
	case RTB_TEV_NMI:
		put_num(m, rec, "delta_ns", (uint64_t)e->expiry_ns);
		put_num(m, rec, "handled", 1);
		break;
	default:
		break;
	}
	return len;
}

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

/* The kernel's formats the file copies, read while tracefs is there
 * (rtb_port_trace_dat_formats: a private mount goes with the recorder,
 * before a run's break window is written); kept until read again. */
static struct {
	char *hp, *he;
	size_t hplen, helen;
	struct fmt fm[NEV];
	int have;
	char why[200];
} kf;

int rtb_port_trace_dat_formats(void)
{
	char rel[160];

	rtb_free(kf.hp);
	rtb_free(kf.he);
	for (size_t i = 0; i < NEV; i++)
		rtb_free(kf.fm[i].text);
	memset(&kf, 0, sizeof(kf));
	if (!rtb_tr.dir[0]) {
		snprintf(kf.why, sizeof(kf.why), "the kernel's trace is not open");
		return RTB_ENOTSUP;
	}
	if (!(kf.hp = slurp("events/header_page", &kf.hplen)) || !(kf.he = slurp("events/header_event", &kf.helen))) {
		snprintf(kf.why, sizeof(kf.why), "cannot read %s/events/header_page or header_event", rtb_tr.dir);
		return RTB_EIO;
	}
	for (size_t i = 0; i < NEV; i++) {
		if (i < RTB_TRACE_NWANT && !want_used(i))
			continue;
		if (i == PRINT)
			snprintf(rel, sizeof(rel), "events/ftrace/print/format");
		else
			snprintf(rel, sizeof(rel), "events/%s/%s/format", rtb_trace_want[i].sys, rtb_trace_want[i].name);
		if (!(kf.fm[i].text = slurp(rel, &kf.fm[i].len))) {
			if (i == PRINT) {
				snprintf(kf.why, sizeof(kf.why), "cannot read %s/%s", rtb_tr.dir, rel);
				return RTB_EIO;
			}
			continue;
		}
		parse(&kf.fm[i]);
	}
	kf.have = 1;
	return 0;
}

int rtb_port_trace_dat(const char *path, const struct rtb_tev *ev, size_t n, const struct rtb_trace_xmark *mk,
		       size_t nmk, double tpn, char *why, size_t whylen)
{
	const struct fmt *fm = kf.fm;
	struct names *nm = NULL;
	struct rtb_tev *all = NULL;
	const char *hp, *he;
	size_t hplen, helen, total = 0;
	struct pages pg = { 0 };
	unsigned char rec[512];
	FILE *f = NULL;
	int rc = RTB_ENOMEM, ncpu = 0;

	why[0] = '\0';
	if (tpn <= 0)
		return RTB_EINVAL;
	if (!kf.have && rtb_port_trace_dat_formats()) {
		snprintf(why, whylen, "%s", kf.why);
		return RTB_ENOTSUP;
	}
	hp = kf.hp;
	he = kf.he;
	hplen = kf.hplen;
	helen = kf.helen;
	nm = rtb_alloc(sizeof(*nm));
	all = rtb_alloc((n + nmk + 1) * sizeof(*all));
	pg.psize = (size_t)sysconf(_SC_PAGESIZE);
	pg.page = rtb_alloc(pg.psize);
	if (!nm || !all || !pg.page)
		goto out;
	memset(nm, 0, sizeof(*nm));
	memset(pg.page, 0, pg.psize);
	rc = RTB_EIO;
	pg.doff = (size_t)header_field(hp, " data;", 0);
	pg.commit_off = header_field(hp, " commit;", 0);
	pg.commit_size = header_field(hp, " commit;", 1);
	if ((int)pg.doff <= 0 || pg.doff >= pg.psize || pg.commit_off < 0 ||
	    (pg.commit_size != 4 && pg.commit_size != 8)) {
		snprintf(why, whylen, "a ring-buffer page header this writer does not know");
		goto out;
	}
	/* the events by CPU and time, a copy seen in two windows once; the
	 * marks as events of kind 0 */
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
		for (size_t q = total; q-- > 0 && !dup && all[q].cpu == e->cpu && all[q].t == e->t;)
			dup = all[q].kind == e->kind && all[q].cur == e->cur && all[q].pid == e->pid &&
			      all[q].prev == e->prev && all[q].timer == e->timer && all[q].a == e->a;
		if (dup)
			continue;
		if (e->cpu < 0 || e->cpu >= 64)
			continue;
		all[total++] = *e;
		if (e->cpu + 1 > ncpu)
			ncpu = e->cpu + 1;
		if (e->kind == RTB_TEV_SWITCH) {
			name_add(nm, e->pid, e->comm, e->new_prio);
			name_add(nm, e->prev, e->prev_comm, e->old_prio);
		}
	}
	if (!(f = fopen(path, "wbe"))) {
		snprintf(why, whylen, "cannot create %s", path);
		goto out;
	}
	/* the initial format, the header page and event header */
	fwrite("\027\010\104tracing6", 1, 11, f);
	fputc(0, f);
	fputc(*(const char *)&(uint16_t){ 1 } ? 0 : 1, f); /* this machine's byte order */
	fputc((int)sizeof(long), f);
	w4(f, (uint32_t)pg.psize);
	fwrite("header_page", 1, 12, f);
	w8(f, hplen);
	fwrite(hp, 1, hplen, f);
	fwrite("header_event", 1, 13, f);
	w8(f, helen);
	fwrite(he, 1, helen, f);
	/* ftrace's own formats: print; then the systems' */
	w4(f, 1);
	w8(f, fm[PRINT].len);
	fwrite(fm[PRINT].text, 1, fm[PRINT].len, f);
	const char *sys[RTB_TRACE_NWANT];
	int nsys = 0;
	for (size_t i = 0; i < RTB_TRACE_NWANT; i++) {
		int seen = 0;
		if (!fm[i].text)
			continue;
		for (int s = 0; s < nsys; s++)
			seen |= !strcmp(sys[s], rtb_trace_want[i].sys);
		if (!seen)
			sys[nsys++] = rtb_trace_want[i].sys;
	}
	w4(f, (uint32_t)nsys);
	for (int s = 0; s < nsys; s++) {
		uint32_t cnt = 0;
		fwrite(sys[s], 1, strlen(sys[s]) + 1, f);
		for (size_t i = 0; i < RTB_TRACE_NWANT; i++)
			cnt += fm[i].text && !strcmp(sys[s], rtb_trace_want[i].sys);
		w4(f, cnt);
		for (size_t i = 0; i < RTB_TRACE_NWANT; i++)
			if (fm[i].text && !strcmp(sys[s], rtb_trace_want[i].sys)) {
				w8(f, fm[i].len);
				fwrite(fm[i].text, 1, fm[i].len, f);
			}
	}
	w4(f, 0); /* kallsyms: none (no function addresses are written) */
	w4(f, 0); /* trace_printk formats: none */
	{
		size_t clen = 0;
		char line[40];
		for (int i = 0; i < nm->n; i++)
			clen += (size_t)snprintf(line, sizeof(line), "%d %s\n", (int)nm->pid[i], nm->comm[i]);
		w8(f, clen);
		for (int i = 0; i < nm->n; i++)
			fprintf(f, "%d %s\n", (int)nm->pid[i], nm->comm[i]);
	}
	w4(f, (uint32_t)(ncpu ? ncpu : 1));
	fwrite("flyrecord", 1, 10, f);
	long table = ftell(f);
	for (int c = 0; c < (ncpu ? ncpu : 1); c++) {
		w8(f, 0);
		w8(f, 0);
	}
	/* the CPUs' data, each from a page boundary */
	uint64_t off[64] = { 0 }, size[64] = { 0 };
	long pos = ftell(f);
	pos = (long)(((size_t)pos + pg.psize - 1) / pg.psize * pg.psize);
	if (pos < 0 || fseek(f, pos, SEEK_SET)) {
		snprintf(why, whylen, "cannot write %s", path);
		goto out;
	}
	pg.f = f;
	size_t i = 0;
	for (int c = 0; c < ncpu; c++) {
		off[c] = (uint64_t)ftell(f);
		for (; i < total && all[i].cpu == c; i++) {
			const struct rtb_tev *e = &all[i];
			uint64_t t = (uint64_t)((double)e->t / tpn + 0.5);
			size_t len;
			if (!e->kind) { /* a mark: ftrace's print */
				len = fm[PRINT].fixed;
				memset(rec, 0, sizeof(rec));
				put_num(&fm[PRINT], rec, "common_type", (uint64_t)fm[PRINT].id);
				put_num(&fm[PRINT], rec, "common_pid", (uint64_t)(int64_t)e->cur);
				char text[sizeof(mk[0].text) + 1];
				snprintf(text, sizeof(text), "%s\n", mk[e->timer].text);
				put_str(&fm[PRINT], rec, sizeof(rec), &len, "buf", text);
			} else {
				int k = which(e);
				if (k < 0 || !fm[k].id)
					continue;
				len = encode(&fm[k], e, nm, rec, sizeof(rec));
			}
			page_event(&pg, t, rec, len);
		}
		page_flush(&pg);
		size[c] = (uint64_t)ftell(f) - off[c];
	}
	if (fseek(f, table, SEEK_SET)) {
		pg.err = 1;
	} else {
		for (int c = 0; c < (ncpu ? ncpu : 1); c++) {
			w8(f, off[c]);
			w8(f, size[c]);
		}
	}
	rc = 0;
	if (pg.err || ferror(f)) {
		snprintf(why, whylen, "cannot write %s", path);
		rc = RTB_EIO;
	}
out:
	if (f && fclose(f) && !rc) {
		snprintf(why, whylen, "cannot write %s", path);
		rc = RTB_EIO;
	}
	if (rc == RTB_ENOMEM)
		snprintf(why, whylen, "no memory");
	rtb_free(nm);
	rtb_free(all);
	rtb_free(pg.page);
	return rc;
}

#endif
