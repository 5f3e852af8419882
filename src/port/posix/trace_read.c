/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - reading the kernel's event trace (tracefs,
 * libtraceevent) into port-neutral events: after a pass (collect: the
 * whole-pass path) or while it runs (poll: the streaming path,
 * rtbench/trace_stream.h). The instance itself - mount, create, enable,
 * remove - is trace.c's. Built only with libtracefs/libtraceevent. */
#ifdef RTB_HAVE_TRACEFS
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <tracefs.h>
#include <event-parse.h>
#include <kbuffer.h>
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "trace_int.h"

struct fieldset {
	struct tep_event *e;
	struct tep_format_field *f[8];
};

struct collect {
	struct fieldset fs[RTB_TRACE_NWANT];
	struct rtb_tev *ev;
	size_t n, cap;
	int err;
};

static const char *const fields[RTB_TRACE_NWANT][8] = {
	{ NULL },
	{ "hrtimer", "softexpires", NULL },
	{ "hrtimer", "now", NULL },
	{ "pid", "target_cpu", NULL },
	{ "pid", "target_cpu", NULL },
	{ "prev_pid", "next_pid", "prev_state", "prev_prio", "next_prio", "next_comm", NULL },
	{ "pid", "oldprio", "newprio", NULL },
	{ NULL },
	{ "irq", "name", NULL },
	{ "irq", NULL },
	{ "vec", NULL },
	{ "vec", NULL },
	{ "delta_ns", NULL },
	[RTB_TRACE_NWANT - 1] = { "size", "caller", NULL },
};

static long long num(struct tep_format_field *f, struct tep_record *r);

/* The kernel stacks the trace gave (RTB_TEV_STACK), the latest STACKS:
 * an event carries its number, rtb_port_trace_stack copies it out (at a
 * break, the run stops within a few switches of it). Written by whichever
 * thread reads the trace (one at a time). */
#define STACKS 256
static struct {
	uint64_t id;
	int n;
	uint64_t addr[RTB_TRACE_FRAMES];
} stk[STACKS];
static uint64_t stk_last;

/* keep_stack - the kernel_stack record's return addresses into the next
 * slot; its number. `size` counts them; the record's length bounds them
 * whatever it says. */
static uint64_t keep_stack(struct tep_format_field *size, struct tep_format_field *caller, struct tep_record *r,
			   int *nframes)
{
	uint64_t id = ++stk_last;
	long long n = num(size, r);
	size_t off = caller ? (size_t)caller->offset : 0, have;
	int k = 0;

	have = caller && (size_t)r->size > off ? ((size_t)r->size - off) / sizeof(unsigned long) : 0;
	if (n < 0)
		n = 0;
	if ((size_t)n > have)
		n = (long long)have;
	for (; k < n && k < RTB_TRACE_FRAMES; k++) {
		unsigned long v;
		memcpy(&v, (const char *)r->data + off + (size_t)k * sizeof(v), sizeof(v));
		if (!v || v == (unsigned long)-1) /* older kernels end the list so */
			break;
		stk[id % STACKS].addr[k] = v;
	}
	stk[id % STACKS].id = id;
	stk[id % STACKS].n = k;
	*nframes = k;
	return id;
}

int rtb_port_trace_stack(uint64_t id, uint64_t *addr, int cap)
{
	int n;

	if (!id || stk[id % STACKS].id != id)
		return 0;
	n = stk[id % STACKS].n < cap ? stk[id % STACKS].n : cap;
	memcpy(addr, stk[id % STACKS].addr, (size_t)(n > 0 ? n : 0) * sizeof(*addr));
	return n;
}

/* vec_name - a system vector's name from its event's ("reschedule_entry"). */
static void vec_name(const char *ev, char *out, size_t len)
{
	snprintf(out, len, "%.*s", (int)(strlen(ev) > 6 ? strlen(ev) - 6 : strlen(ev)), ev);
}

/* str_field - a string field (a char array or a __data_loc string). */
static void str_field(struct tep_event *e, struct tep_record *r, const char *name, char *out, size_t len)
{
	int n = 0;
	const char *p = tep_get_field_raw(NULL, e, name, r, &n, 0);

	out[0] = '\0';
	if (p && n > 0)
		snprintf(out, len, "%.*s", (int)strnlen(p, (size_t)n), p);
}

static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU",
};

static long long num(struct tep_format_field *f, struct tep_record *r)
{
	unsigned long long v = 0;
	if (f)
		tep_read_number_field(f, r->data, &v);
	if (f && (f->flags & TEP_FIELD_IS_SIGNED)) {
		/* sign-extend from the field's size */
		if (f->size == 4)
			return (long long)(int32_t)v;
		if (f->size == 2)
			return (long long)(int16_t)v;
	}
	return (long long)v;
}

/* fill - event record r of wanted event w as a port-neutral event. */
static void fill(const struct fieldset *fs, size_t w, struct tep_event *e, struct tep_record *r, int cpu,
		 struct rtb_tev *t)
{
	struct tep_format_field *const *f = fs[w].f; /* the fields are read, not changed */

	memset(t, 0, sizeof(*t));
	t->t = r->ts;
	t->cpu = cpu;
	t->cur = tep_data_pid(e->tep, r);
	t->kind = (uint8_t)rtb_posix_events[w].kind;
	t->lost_before = r->missed_events != 0;
	switch (rtb_posix_events[w].kind) {
	case RTB_TEV_TIMER_ARM:
		t->timer = (uint64_t)num(f[0], r);
		t->expiry_ns = num(f[1], r);
		break;
	case RTB_TEV_TIMER_FIRE:
		t->timer = (uint64_t)num(f[0], r);
		t->expiry_ns = num(f[1], r);
		break;
	case RTB_TEV_WAKING:
	case RTB_TEV_WAKEUP:
		t->pid = (int32_t)num(f[0], r);
		t->a = (int32_t)num(f[1], r);
		break;
	case RTB_TEV_SWITCH: {
		long long st = num(f[2], r);
		t->prev = (int32_t)num(f[0], r);
		t->pid = (int32_t)num(f[1], r);
		/* state 0 is "R", the preempt bit above the report mask "R+":
		 * still runnable; any low bit is a sleep state (blocked) */
		t->prev_runnable = (st & 0xff) == 0;
		t->old_prio = (int32_t)num(f[3], r);
		t->new_prio = (int32_t)num(f[4], r);
		str_field(e, r, "next_comm", t->comm, sizeof(t->comm));
		str_field(e, r, "prev_comm", t->prev_comm, sizeof(t->prev_comm));
		break;
	}
	case RTB_TEV_IRQ_ENTER:
		t->a = (int32_t)num(f[0], r);
		str_field(e, r, "name", t->comm, sizeof(t->comm));
		/* no local_timer_entry here (arm64): the timer's own interrupt
		 * is its entry (its exit stays an IRQ_EXIT: both end a handler) */
		if (rtb_tr.timer_irq[0] && !strcmp(t->comm, rtb_tr.timer_irq))
			t->kind = RTB_TEV_TIMER_IRQ;
		break;
	case RTB_TEV_IRQ_EXIT:
		t->a = (int32_t)num(f[0], r);
		break;
	case RTB_TEV_SOFTIRQ_ENTER:
	case RTB_TEV_SOFTIRQ_EXIT:
		t->a = (int32_t)num(f[0], r);
		snprintf(t->comm, sizeof(t->comm), "%s", t->a >= 0 && t->a < 10 ? softirq_names[t->a] : "?");
		break;
	case RTB_TEV_VEC_ENTER:
	case RTB_TEV_VEC_EXIT:
		vec_name(rtb_posix_events[w].name, t->comm, sizeof(t->comm));
		break;
	case RTB_TEV_NMI:
		t->expiry_ns = num(f[0], r);
		break;
	case RTB_TEV_PRIO:
		t->pid = (int32_t)num(f[0], r);
		t->old_prio = (int32_t)num(f[1], r);
		t->new_prio = (int32_t)num(f[2], r);
		break;
	case RTB_TEV_STACK: {
		int nf = 0;
		t->timer = keep_stack(f[0], f[1], r, &nf);
		t->a = nf;
		break;
	}
	default:
		break;
	}
}

/* wanted - which of `want` event e is, or RTB_TRACE_NWANT. */
static size_t wanted(const struct fieldset *fs, const struct tep_event *e)
{
	size_t w = 0;

	while (w < RTB_TRACE_NWANT && fs[w].e != e)
		w++;
	return w;
}

static int on_event(struct tep_event *e, struct tep_record *r, int cpu, void *p)
{
	struct collect *c = p;
	size_t w = wanted(c->fs, e);

	if (rtb_posix_trace_shut()) {
		c->err = RTB_EINTR; /* closing (a forced exit): stop reading */
		return 1;
	}
	if (w == RTB_TRACE_NWANT)
		return 0;
	if (c->n == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 65536;
		struct rtb_tev *ev = rtb_realloc(c->ev, cap * sizeof(*ev));
		if (!ev) {
			c->err = RTB_ENOMEM;
			return 1;
		}
		c->ev = ev;
		c->cap = cap;
	}
	fill(c->fs, w, e, r, cpu, &c->ev[c->n++]);
	return 0;
}

static int cmp_tev(const void *a, const void *b)
{
	const struct rtb_tev *x = a, *y = b;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* cpu_stat - the sum of fields a and b (NULL: none) of one CPU's
 * buffer stats ("overrun:", "entries:", ...). */
static uint64_t cpu_stat(int cpu, const char *a, const char *b)
{
	char file[64], *s, *p;
	uint64_t n = 0;

	snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
	s = tracefs_instance_file_read(rtb_tr.inst, file, NULL);
	if (!s)
		return 0;
	if ((p = strstr(s, a)))
		n += strtoull(p + strlen(a), NULL, 10);
	if (b && (p = strstr(s, b)))
		n += strtoull(p + strlen(b), NULL, 10);
	free(s);
	return n;
}

/* lost_events - events the instance dropped on the recorded CPUs: each
 * buffer's overrun (overwritten) and dropped (no overwrite: refused). */
static uint64_t lost_events(void)
{
	uint64_t lost = 0;
	for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
		if (rtb_cpuset_has(&rtb_tr.cpus, cpu))
			lost += cpu_stat(cpu, "overrun:", "dropped events:");
	return lost;
}

/* each_cpu - out[cpu] (cpu < n) = fields a + b of each recorded CPU's
 * stats, 0 for the others. */
static int each_cpu(uint64_t *out, int n, const char *a, const char *b)
{
	for (int cpu = 0; cpu < n; cpu++)
		out[cpu] = 0;
	if (!rtb_posix_trace_enter())
		return RTB_ENOTSUP;
	int rc = rtb_tr.inst ? 0 : RTB_ENOTSUP;
	for (int cpu = 0; cpu < n && cpu < RTB_MAX_CPUS && !rc; cpu++)
		if (rtb_cpuset_has(&rtb_tr.cpus, cpu))
			out[cpu] = cpu_stat(cpu, a, b);
	rtb_posix_trace_leave();
	return rc;
}

int rtb_port_trace_lost_cpus(uint64_t *lost, int n)
{
	return each_cpu(lost, n, "overrun:", "dropped events:");
}

int rtb_port_trace_unread_cpus(uint64_t *left, int n)
{
	return each_cpu(left, n, "entries:", NULL); /* recorded, not read yet */
}

/* The streaming reader's state: the event formats are parsed once, at its
 * first poll, and kept until the trace ends (libtraceevent is not used by
 * any other thread meanwhile). */
static struct {
	struct tep_handle *tep;
	struct fieldset fs[RTB_TRACE_NWANT];
	void (*fn)(const struct rtb_tev *e, void *arg);
	void *arg;
	unsigned polls;
	uint64_t lost;
	/* each CPU's trace_pipe_raw read a page at a time (tcpu), the page
	 * walked with kbuf: its events' times first (cheap: no parsing), so a
	 * page nobody wants is passed over unparsed */
	struct tracefs_cpu *tcpu[RTB_MAX_CPUS];
	struct kbuffer *kbuf;
	void *page;
	int page_size;
} pl;

/* read_small - the file dir/rel whole into buf (NUL-terminated), its
 * length in *n: the event formats and the header page, a few KiB each.
 * RTB_ERANGE if it does not fit. */
static int read_small(const char *dir, const char *rel, char *buf, size_t cap, size_t *n)
{
	char path[512];
	size_t len = 0;
	ssize_t r = 0;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return RTB_ESYS;
	while (len + 1 < cap && (r = read(fd, buf + len, cap - 1 - len)) > 0)
		len += (size_t)r;
	close(fd);
	buf[len] = '\0';
	*n = len;
	if (r < 0)
		return RTB_ESYS;
	return len + 1 < cap ? 0 : RTB_ERANGE;
}

/* local_tep - a libtraceevent handle that knows the header page and the
 * formats of the events rtbench enables (rtb_posix_events, those the kernel
 * has), and nothing else. libtracefs's tracefs_local_events_system() also
 * parses every other event of their systems and loads /proc/kallsyms
 * (5 MB on the development machine), the saved command lines and the
 * printk formats, reading each file by growing a buffer with realloc: in
 * the ASan build, where every realloc copies, that was 13.5-16.8 s of a
 * traced run's set-up (perf: __interceptor_realloc under
 * tracefs_local_events_system), and none of it is read here (the task
 * names come from the events' own comm fields). NULL on failure. */
static struct tep_handle *local_tep(void)
{
	static char buf[65536]; /* one format file; sched_switch's is ~2 KiB */
	char rel[160];
	size_t n;
	struct tep_handle *tep = tep_alloc();

	if (!tep)
		return NULL;
	/* the trace is this machine's: its byte order */
	tep_set_file_bigendian(tep, tep_is_bigendian() ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	if (read_small(rtb_tr.dir, "events/header_page", buf, sizeof(buf), &n) ||
	    tep_parse_header_page(tep, buf, n, (int)sizeof(long)))
		goto fail;
	for (size_t i = 0; i < RTB_TRACE_NWANT; i++) {
		if (!rtb_tr.have[i])
			continue;
		snprintf(rel, sizeof(rel), "events/%s/%s/format", rtb_posix_events[i].sys, rtb_posix_events[i].name);
		if (read_small(rtb_tr.dir, rel, buf, sizeof(buf), &n) ||
		    tep_parse_event(tep, buf, n, rtb_posix_events[i].sys))
			goto fail;
	}
	return tep;
fail:
	tep_free(tep);
	return NULL;
}

static void fieldsets(struct tep_handle *tep, struct fieldset *fs)
{
	for (size_t i = 0; i < RTB_TRACE_NWANT; i++) {
		fs[i].e = rtb_tr.have[i] ? tep_find_event_by_name(tep, rtb_posix_events[i].sys, rtb_posix_events[i].name) : NULL;
		for (int k = 0; fs[i].e && fields[i][k]; k++)
			fs[i].f[k] = tep_find_field(fs[i].e, fields[i][k]);
	}
}

static int on_poll_event(struct tep_event *e, struct tep_record *r, int cpu, void *p)
{
	size_t w = wanted(pl.fs, e);
	struct rtb_tev t;

	(void)p; /* the state is pl's: one reader */
	if (w == RTB_TRACE_NWANT)
		return 0;
	fill(pl.fs, w, e, r, cpu, &t);
	pl.fn(&t, pl.arg);
	return 0;
}

void rtb_posix_trace_read_free(void)
{
	if (pl.tep)
		tep_free(pl.tep);
	for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++)
		if (pl.tcpu[cpu])
			tracefs_cpu_close(pl.tcpu[cpu]);
	if (pl.kbuf)
		kbuffer_free(pl.kbuf);
	free(pl.page);
	memset(&pl, 0, sizeof(pl));
}

void rtb_posix_trace_read_restart(void)
{
	pl.lost = 0;
	pl.polls = 0; /* the next poll reads the stats files */
}

#define POLL_END 2 /* poll_page: want ended the poll */

/* poll_page - one page of cpu's buffer, consumed: its events to pl.fn,
 * or, when want says nobody wants that stretch, passed over unparsed (want
 * counts them). Returns 1 when there was one and it ended before `until`
 * (0: no limit), 0 when the CPU is done for this poll, POLL_END when want
 * ended the whole poll, RTB_ESYS or
 * RTB_ENOMEM when its buffer cannot be read (never opened, no room for a
 * page, a read or a page that failed): said by the caller, not left as a
 * CPU with no events. */
static int poll_page(int cpu, int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg),
		     uint64_t until)
{
	unsigned long long ts = 0, first = 0, last = 0;
	size_t n = 0;

	if (!pl.tcpu[cpu] && !(pl.tcpu[cpu] = tracefs_cpu_open(rtb_tr.inst, cpu, true)))
		return RTB_ESYS;
	int size = tracefs_cpu_read_size(pl.tcpu[cpu]); /* a sub-buffer: a page or more */
	if (size > pl.page_size) {
		void *p = realloc(pl.page, (size_t)size);
		if (!p)
			return RTB_ENOMEM;
		pl.page = p;
		pl.page_size = size;
	}
	/* 0: nothing there now (libtracefs turns a non-blocking EAGAIN into
	 * 0); below 0 a read that failed, and a page kbuffer cannot walk,
	 * lose that CPU's events: said by the caller, not taken as quiet */
	int got = tracefs_cpu_read(pl.tcpu[cpu], pl.page, true);
	if (got < 0 && errno != EINTR)
		return RTB_ESYS;
	if (got <= 0)
		return 0;
	if (kbuffer_load_subbuffer(pl.kbuf, pl.page) < 0)
		return RTB_ESYS;
	long long missed = kbuffer_missed_events(pl.kbuf);
	for (void *d = kbuffer_read_event(pl.kbuf, &ts); d; d = kbuffer_next_event(pl.kbuf, &ts)) {
		if (!n++)
			first = ts;
		last = ts;
	}
	int w = n && want ? want(cpu, first, last, n, pl.arg) : 1;
	if (w < 0)
		return POLL_END;
	if (n && w) {
		kbuffer_load_subbuffer(pl.kbuf, pl.page);
		for (void *d = kbuffer_read_event(pl.kbuf, &ts); d; d = kbuffer_next_event(pl.kbuf, &ts)) {
			struct tep_record r = { .ts = ts, .cpu = cpu, .data = d, .size = kbuffer_event_size(pl.kbuf),
						.missed_events = missed };
			struct tep_event *e = tep_find_event_by_record(pl.tep, &r);
			missed = 0; /* the drop is before the page's first event */
			if (e)
				on_poll_event(e, &r, cpu, NULL);
		}
	}
	return !until || (int64_t)(last - until) < 0;
}

static int trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost,
		      int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg), uint64_t until);

/* rtb_port_trace_poll - inside the gate (trace.c): the close of a forced
 * exit frees pl only once the reader has left */
int rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost,
			int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg), uint64_t until)
{
	int rc;

	if (!rtb_posix_trace_enter())
		return RTB_ENOTSUP;
	rc = trace_poll(fn, arg, lost, want, until);
	rtb_posix_trace_leave();
	return rc;
}

static int trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost,
		      int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg), uint64_t until)
{
	if (!rtb_tr.inst)
		return RTB_ENOTSUP;
	if (!pl.tep) {
		pl.tep = local_tep();
		if (!pl.tep)
			return RTB_ESYS;
		fieldsets(pl.tep, pl.fs);
	}
	/* apart from the tep: a failed allocation is tried again at the next
	 * poll, never walked as NULL */
	if (!pl.kbuf && !(pl.kbuf = kbuffer_alloc(KBUFFER_LSIZE_SAME_AS_HOST, KBUFFER_ENDIAN_SAME_AS_HOST)))
		return RTB_ENOMEM;
	pl.fn = fn;
	pl.arg = arg;
	/* the per-CPU drop counts are files to read: every 16th poll, and
	 * whenever the caller asks for the final figure (tracing off) */
	if (!(pl.polls++ & 15) || !rtb_tr.on)
		pl.lost = lost_events();
	if (lost)
		*lost = pl.lost;
	/* non-blocking reads of each CPU's trace_pipe_raw: what is there now,
	 * consumed (the next poll starts after it); each CPU's in its own
	 * time order, a page of each CPU in turn (a CPU whose buffer fills
	 * faster than it is read never keeps the others waiting) */
	struct rtb_cpuset more = rtb_tr.cpus;
	int err = 0;
	while (rtb_cpuset_first(&more) >= 0)
		for (int cpu = 0; cpu < RTB_MAX_CPUS; cpu++) {
			if (!rtb_cpuset_has(&more, cpu))
				continue;
			if (rtb_posix_trace_shut())
				return RTB_EINTR; /* closing: leave the gate now */
			int rc = poll_page(cpu, want, until);
			if (rc == POLL_END)
				return err;
			if (rc <= 0)
				rtb_cpuset_clear(&more, cpu);
			if (rc < 0 && !err)
				err = rc; /* the others are still read */
		}
	return err;
}

int rtb_port_trace_collect(struct rtb_tev **ev, size_t *n, uint64_t *lost)
{
	struct collect c = { 0 };
	struct tep_handle *tep;

	*ev = NULL;
	*n = 0;
	*lost = 0;
	/* inside the gate: a forced exit's close waits for this read to see
	 * it (on_event) and end before the instance goes */
	if (!rtb_posix_trace_enter())
		return RTB_ENOTSUP;
	if (!rtb_tr.inst) {
		rtb_posix_trace_leave();
		return RTB_ENOTSUP;
	}
	tep = local_tep();
	if (!tep) {
		rtb_posix_trace_leave();
		return RTB_ESYS;
	}
	fieldsets(tep, c.fs);
	*lost = lost_events();
	tracefs_iterate_raw_events(tep, rtb_tr.inst, NULL, 0, on_event, &c);
	rtb_posix_trace_leave();
	tep_free(tep);
	if (c.err) {
		rtb_free(c.ev);
		return c.err;
	}
	qsort(c.ev, c.n, sizeof(*c.ev), cmp_tev);
	*ev = c.ev;
	*n = c.n;
	return 0;
}

#else
/* without libtracefs trace.c says so for every hook */
typedef int rtb_trace_read_unused;
#endif
