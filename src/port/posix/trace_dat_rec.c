/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - trace.dat's records (trace_dat_int.h): the running
 * kernel's formats copied from tracefs (so field offsets, sizes and event
 * ids are its own) and each of rtbench's parsed events (struct rtb_tev)
 * written back as a record of its event's format; the fields rtbench does
 * not keep are 0. Allocates (after measuring only). */
#ifdef RTB_HAVE_TRACEFS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "trace_dat_int.h"

#define FMT_MAX 8192

static int want_used(size_t i)
{
	return i < RTB_TRACE_NWANT && rtb_posix_events[i].opt != RTB_TRACE_WANT_TRIGGER && rtb_tr.have[i];
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
static void parse(struct rtb_dat_fmt *m)
{
	const char *p = strstr(m->text, "\nID: ");

	m->id = p ? atoi(p + 5) : 0;
	for (p = m->text; (p = strstr(p, "field:")) && m->nf < RTB_DAT_FIELDS; p++) {
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

static int field(const struct rtb_dat_fmt *m, const char *name)
{
	for (int i = 0; i < m->nf; i++)
		if (!strcmp(m->f[i].name, name))
			return i;
	return -1;
}

/* put_num - v into field `name` (its size, the machine's byte order) */
static void put_num(const struct rtb_dat_fmt *m, unsigned char *rec, const char *name, uint64_t v)
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
static void put_str(const struct rtb_dat_fmt *m, unsigned char *rec, size_t cap, size_t *len, const char *name,
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

/* rtb_dat_which - the format of event e, or -1 (not written) */
int rtb_dat_which(const struct rtb_tev *e)
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
			if (rtb_posix_events[i].kind == e->kind && want_used(i))
				return (int)i;
		return -1;
	}
	for (size_t i = 0; i < RTB_TRACE_NWANT && k < 0; i++)
		if (!strcmp(rtb_posix_events[i].name, name) && want_used(i))
			k = (int)i;
	return k;
}

static int name_at(const struct rtb_dat_names *nm, int32_t pid)
{
	for (int i = 0; i < nm->n; i++)
		if (nm->pid[i] == pid)
			return i;
	return -1;
}

static const char *name_of(const struct rtb_dat_names *nm, int32_t pid)
{
	int i = name_at(nm, pid);

	return i < 0 ? "" : nm->comm[i];
}

/* prio_of - the task's priority as its switches last gave it (the
 * wake-up events' own is not kept by rtbench) */
static int32_t prio_of(const struct rtb_dat_names *nm, int32_t pid)
{
	int i = name_at(nm, pid);

	return i < 0 ? 120 : nm->prio[i];
}

void rtb_dat_name_add(struct rtb_dat_names *nm, int32_t pid, const char *comm, int32_t prio)
{
	int i = name_at(nm, pid);

	if (i >= 0)
		nm->prio[i] = prio;
	if (pid <= 0 || !comm[0] || i >= 0 || nm->n == RTB_DAT_NAMES)
		return;
	nm->pid[nm->n] = pid;
	nm->prio[nm->n] = prio;
	snprintf(nm->comm[nm->n], sizeof(nm->comm[0]), "%.15s", comm);
	nm->n++;
}

/* rtb_dat_encode - event e as a record of format m into rec; its length */
size_t rtb_dat_encode(const struct rtb_dat_fmt *m, const struct rtb_tev *e, const struct rtb_dat_names *nm, unsigned char *rec,
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

size_t rtb_dat_print(const struct rtb_dat_fmt *m, int32_t pid, const char *text, unsigned char *rec, size_t cap)
{
	size_t len = m->fixed;

	memset(rec, 0, cap);
	put_num(m, rec, "common_type", (uint64_t)m->id);
	put_num(m, rec, "common_pid", (uint64_t)(int64_t)pid);
	put_str(m, rec, cap, &len, "buf", text);
	return len;
}


/* The kernel's formats the file copies, read while tracefs is there
 * (rtb_port_trace_dat_formats: a private mount goes with the recorder,
 * before a run's break window is written); kept until read again. */
static struct rtb_dat_formats kf;

const struct rtb_dat_formats *rtb_dat_formats(void)
{
	return &kf;
}

int rtb_port_trace_dat_formats(void)
{
	char rel[160];

	rtb_free(kf.hp);
	rtb_free(kf.he);
	for (size_t i = 0; i < RTB_DAT_NEV; i++)
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
	for (size_t i = 0; i < RTB_DAT_NEV; i++) {
		if (i < RTB_TRACE_NWANT && !want_used(i))
			continue;
		if (i == RTB_DAT_PRINT)
			snprintf(rel, sizeof(rel), "events/ftrace/print/format");
		else
			snprintf(rel, sizeof(rel), "events/%s/%s/format", rtb_posix_events[i].sys, rtb_posix_events[i].name);
		if (!(kf.fm[i].text = slurp(rel, &kf.fm[i].len))) {
			if (i == RTB_DAT_PRINT) {
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

#endif
