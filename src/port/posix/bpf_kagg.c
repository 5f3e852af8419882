/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - `run --trace-bpf`: loads the in-kernel aggregation
 * (bpf_kagg.bpf.c, compiled at build time and linked into rtbench as
 * bytes), attaches it to the kernel's tracepoints, and reads its one map
 * once at the end (rtbench/kagg.h). Built only where libbpf and clang are
 * (the Makefile's BPF=1, RTB_HAVE_BPF). Nothing here runs while rtbench
 * measures: the kernel does the counting, user space one read per CPU.
 *
 * The tracepoints' ids come from a tracefs mount attached nowhere
 * (rtb_posix_tracefs_detached), so no mount is added to the system; each
 * program is attached through a perf event of that tracepoint (a
 * tracepoint's BPF programs run on every CPU, whichever CPU the event was
 * opened on). Closing rtbench's descriptors detaches everything: a run
 * killed at any moment leaves nothing attached. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "posix_int.h"
#include "rtbench/err.h"
#include "rtbench/kagg.h"
#include "bpf_kagg.h"

/* the compiled program, linked in as bytes (the Makefile's bpf embedding) */
extern const unsigned char rtb_posix_bpf_kagg_obj[];
extern const unsigned char rtb_posix_bpf_kagg_obj_end[];

#define NPROG 8
static struct {
	struct bpf_object *obj;
	struct bpf_link *link[NPROG];
	int nlink;
	int nmi;
	char last[160];         /* libbpf's last warning, for why */
} g;

/* quiet - libbpf's messages kept (the last warning), never printed */
static int quiet(enum libbpf_print_level lv, const char *fmt, va_list ap)
{
	if (lv == LIBBPF_WARN) {
		vsnprintf(g.last, sizeof(g.last), fmt, ap);
		g.last[strcspn(g.last, "\n")] = 0;
	}
	return 0;
}

/* tp_id - the id of tracepoint "sys/name" from the mount mnt; -1 none */
static long tp_id(int mnt, const char *sysname)
{
	char path[128], buf[32];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "events/%s/id", sysname);
	fd = openat(mnt, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	return strtol(buf, NULL, 10);
}

/* attach_one - prog onto its section's tracepoint ("tracepoint/sys/name") */
static int attach_one(struct bpf_program *p, int mnt)
{
	const char *sec = bpf_program__section_name(p);
	struct perf_event_attr a = { .type = PERF_TYPE_TRACEPOINT, .size = sizeof(a), .sample_period = 1,
				     .wakeup_events = 1 };
	long id = strncmp(sec, "tracepoint/", 11) ? -1 : tp_id(mnt, sec + 11);
	int pfd;

	if (id < 0 || g.nlink >= NPROG)
		return RTB_ENOTSUP;
	a.config = (unsigned long long)id;
	pfd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return errno == EACCES || errno == EPERM ? RTB_EPERM : RTB_ENOTSUP;
	g.link[g.nlink] = bpf_program__attach_perf_event(p, pfd);
	if (!g.link[g.nlink]) {
		close(pfd);
		return RTB_ENOTSUP;
	}
	g.nlink++;
	return 0;
}

static void kagg_close(void)
{
	for (int i = 0; i < g.nlink; i++)
		bpf_link__destroy(g.link[i]);
	g.nlink = 0;
	if (g.obj)
		bpf_object__close(g.obj);
	g.obj = NULL;
}

/* load - open the embedded object, size its map to the possible CPUs,
 * load it, tell it rtbench's process id */
static int load(char *why, size_t len)
{
	int ncpu = libbpf_num_possible_cpus();
	unsigned key = 0, tgid = (unsigned)getpid();
	struct bpf_map *m;

	LIBBPF_OPTS(bpf_object_open_opts, oo, .object_name = "rtbench_kagg");

	g.obj = bpf_object__open_mem(rtb_posix_bpf_kagg_obj,
				     (size_t)(rtb_posix_bpf_kagg_obj_end - rtb_posix_bpf_kagg_obj), &oo);
	if (!g.obj) {
		snprintf(why, len, "the BPF object could not be opened: %s", g.last);
		return RTB_ENOTSUP;
	}
	m = bpf_object__find_map_by_name(g.obj, "kagg_cpus");
	if (!m || ncpu <= 0 || bpf_map__set_max_entries(m, (unsigned)ncpu)) {
		snprintf(why, len, "the BPF map could not be sized for %d CPUs", ncpu);
		return RTB_ENOTSUP;
	}
	if (bpf_object__load(g.obj)) {
		int e = errno;
		if (e == EPERM || e == EACCES) {
			snprintf(why, len, "the kernel refused to load the BPF program: needs root (CAP_BPF and "
				 "CAP_PERFMON)");
			return RTB_EPERM;
		}
		snprintf(why, len, "the kernel refused the BPF program (%s)%s%s", strerror(e), g.last[0] ? ": " : "",
			 g.last);
		return RTB_ENOTSUP;
	}
	m = bpf_object__find_map_by_name(g.obj, "kagg_cfg");
	if (!m || bpf_map_update_elem(bpf_map__fd(m), &key, &tgid, BPF_ANY)) {
		snprintf(why, len, "the BPF program's settings could not be written");
		return RTB_ENOTSUP;
	}
	return 0;
}

static int kagg_open(char *why, size_t len)
{
	struct bpf_program *p;
	int rc, mnt;

	libbpf_set_print(quiet);
	g.last[0] = 0;
	g.nmi = 0;
	rc = load(why, len);
	if (rc)
		goto fail;
	mnt = rtb_posix_tracefs_detached();
	if (mnt < 0) {
		snprintf(why, len, "tracefs could not be mounted (the tracepoints' ids are there)");
		rc = RTB_ENOTSUP;
		goto fail;
	}
	bpf_object__for_each_program(p, g.obj) {
		int nmi = strstr(bpf_program__section_name(p), "/nmi/") != NULL;
		rc = attach_one(p, mnt);
		if (rc && nmi)
			continue; /* no NMI tracepoint: said (nmi 0), the rest goes on */
		if (rc) {
			snprintf(why, len, "could not attach to %s (%s)", bpf_program__section_name(p),
				 rtb_strerror(rc));
			close(mnt);
			goto fail;
		}
		g.nmi |= nmi;
	}
	close(mnt);
	return 0;
fail:
	kagg_close();
	return rc;
}

/* the irqs' names, read from /proc/interrupts once per kagg_read (its
 * line's last word; a number past NIRQ, or one not listed: "irq<N>") */
#define NIRQ 1024
static char irq_names[NIRQ][32];

static void irq_names_read(void)
{
	FILE *f = fopen("/proc/interrupts", "re");
	static char line[32768]; /* ~11 characters a CPU: 2900 CPUs */

	memset(irq_names, 0, sizeof(irq_names));
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *end, *w;
		long n = strtol(line, &end, 10);
		if (end == line || *end != ':' || n < 0 || n >= NIRQ)
			continue;
		line[strcspn(line, "\n")] = 0;
		w = strrchr(line, ' ');
		if (w && w[1])
			snprintf(irq_names[n], sizeof(irq_names[n]), "%s", w + 1);
	}
	fclose(f);
}

static void irq_name(int irq, char *out, size_t len)
{
	if (irq >= 0 && irq < NIRQ && irq_names[irq][0])
		snprintf(out, len, "%s", irq_names[irq]);
	else
		snprintf(out, len, "irq%d", irq);
}

/* the kernel's softirq vectors, in order (include/linux/interrupt.h) */
static const char *soft_name(unsigned v)
{
	static const char *const n[] = { "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK",
					 "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU" };
	return v < sizeof(n) / sizeof(n[0]) ? n[v] : "?";
}

/* take_class - one class of a CPU's value: its longest, longest first */
static void take_class(struct rtb_kagg_class *d, const struct kagg_class *s, int cls)
{
	d->count = s->count;
	d->total_ns = (int64_t)s->total_ns;
	d->ntop = 0;
	for (int i = 0; i < KAGG_TOP; i++) {
		if (!s->top[i].ns)
			continue;
		int j = d->ntop++;
		while (j > 0 && d->top[j - 1].ns < (int64_t)s->top[i].ns) {
			d->top[j] = d->top[j - 1];
			j--;
		}
		struct rtb_kagg_item *it = &d->top[j];
		it->start_ns = (int64_t)s->top[i].start;
		it->ns = (int64_t)s->top[i].ns;
		it->id = s->top[i].id;
		if (cls == KAGG_IRQ)
			irq_name(it->id, it->name, sizeof(it->name));
		else if (cls == KAGG_SOFTIRQ)
			snprintf(it->name, sizeof(it->name), "%s", soft_name((unsigned)it->id));
		else if (cls == KAGG_THREAD)
			snprintf(it->name, sizeof(it->name), "%.16s", s->top[i].name);
		else
			snprintf(it->name, sizeof(it->name), "nmi");
	}
}

/* missed - program runs the kernel skipped, all programs */
static uint64_t missed(void)
{
	struct bpf_program *p;
	uint64_t n = 0;

	bpf_object__for_each_program(p, g.obj) {
		struct bpf_prog_info info;
		uint32_t len = sizeof(info);
		memset(&info, 0, sizeof(info));
		if (!bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len))
			n += info.recursion_misses;
	}
	return n;
}

static int kagg_read(struct rtb_kagg *k, const int *cpus, int n)
{
	struct bpf_map *m = g.obj ? bpf_object__find_map_by_name(g.obj, "kagg_cpus") : NULL;
	static struct kagg_cpu v;

	if (!m) {
		snprintf(k->note, sizeof(k->note), "the in-kernel aggregation was not running");
		return RTB_ENOTSUP;
	}
	k->ncpu = 0;
	irq_names_read();
	for (int i = 0; i < n && k->ncpu < RTB_MAX_CPUS; i++) {
		unsigned key = (unsigned)cpus[i];
		if (bpf_map_lookup_elem(bpf_map__fd(m), &key, &v))
			continue;
		struct rtb_kagg_cpu *d = &k->cpu[k->ncpu++];
		d->cpu = cpus[i];
		d->unpaired = v.st.unpaired;
		for (int c = 0; c < KAGG_NCLASS && c < RTB_KAGG_NCLASS; c++)
			take_class(&d->cls[c], &v.cls[c], c);
	}
	k->missed = missed();
	k->nmi = g.nmi;
	return 0;
}

const struct rtb_kagg_ops rtb_port_kagg = { "bpf", kagg_open, kagg_read, kagg_close };
