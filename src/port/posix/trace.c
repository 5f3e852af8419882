/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - the kernel's event trace (tracefs), for
 * `rtbench run --trace`.
 *
 * Built with libtracefs/libtraceevent (what rtla uses) when their headers
 * are found (RTB_HAVE_TRACEFS, see the Makefile); otherwise every hook says
 * so. Everything happens in a private tracefs instance,
 * instances/rtbench-<pid>, so the top-level buffer and its settings (a
 * user's own tracing, another run's) are never touched:
 *   open   mount tracefs on a private temporary directory if it is not
 *          mounted anywhere, create the instance, set its trace clock to the
 *          counter rtb_port_ticks() reads (x86-tsc, else mono), its buffer
 *          size, "no overwrite" (a full buffer drops new events, counted,
 *          rather than old ones), and enable the events, recording off;
 *   begin  empty the buffer, record only the given CPUs, tracing_on = 1;
 *   end    tracing_on = 0;
 *   collect read the raw buffers into port-neutral events (rtb_tev);
 *   close  remove the instance (which drops its buffer and settings) and
 *          unmount what open mounted. Idempotent; rtb_env_restore calls it
 *          on every exit path (end of run, Ctrl-C, watchdog). A run killed
 *          by SIGKILL cannot: the next traced run removes what it left
 *          (its instance and private mount, by the dead PID in their names). */
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "rtbench/trace.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"

long rtb_port_trace_self(void)
{
	return (long)syscall(SYS_gettid);
}

#ifndef RTB_HAVE_TRACEFS

int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len)
{
	snprintf(why, len, "rtbench was built without libtracefs/libtraceevent (Debian: libtracefs-dev libtraceevent-dev)");
	return RTB_ENOTSUP;
}
int rtb_port_trace_begin(uint64_t cpus) { return RTB_ENOTSUP; }
int rtb_port_trace_end(void) { return RTB_ENOTSUP; }
int rtb_port_trace_collect(struct rtb_tev **ev, size_t *n, uint64_t *lost) { return RTB_ENOTSUP; }
int rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost)
{
	(void)fn;
	(void)arg;
	(void)lost;
	return RTB_ENOTSUP;
}
void rtb_port_trace_close(void) { }
const char *rtb_port_trace_clock(void) { return "none"; }

#else

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <unistd.h>
#include <tracefs.h>
#include <event-parse.h>
#include "rtb_port_impl.h"

/* The first seven are needed (the matcher's); the rest say what else ran
 * on the CPU (the worst events' explanation) and are used where the kernel
 * has them (opt). */
static const struct { const char *sys, *name; enum rtb_tev_kind kind; int opt; } want[] = {
	{ "irq_vectors", "local_timer_entry", RTB_TEV_TIMER_IRQ, 0 },
	{ "timer", "hrtimer_start", RTB_TEV_TIMER_ARM, 0 },
	{ "timer", "hrtimer_expire_entry", RTB_TEV_TIMER_FIRE, 0 },
	{ "sched", "sched_waking", RTB_TEV_WAKING, 0 },
	{ "sched", "sched_wakeup", RTB_TEV_WAKEUP, 0 },
	{ "sched", "sched_switch", RTB_TEV_SWITCH, 0 },
	{ "sched", "sched_pi_setprio", RTB_TEV_PRIO, 0 },
	{ "irq_vectors", "local_timer_exit", RTB_TEV_VEC_EXIT, 1 },
	{ "irq", "irq_handler_entry", RTB_TEV_IRQ_ENTER, 1 },
	{ "irq", "irq_handler_exit", RTB_TEV_IRQ_EXIT, 1 },
	{ "irq", "softirq_entry", RTB_TEV_SOFTIRQ_ENTER, 1 },
	{ "irq", "softirq_exit", RTB_TEV_SOFTIRQ_EXIT, 1 },
	{ "nmi", "nmi_handler", RTB_TEV_NMI, 1 },
	{ "irq_vectors", "reschedule_entry", RTB_TEV_VEC_ENTER, 1 },
	{ "irq_vectors", "reschedule_exit", RTB_TEV_VEC_EXIT, 1 },
	{ "irq_vectors", "call_function_entry", RTB_TEV_VEC_ENTER, 1 },
	{ "irq_vectors", "call_function_exit", RTB_TEV_VEC_EXIT, 1 },
	{ "irq_vectors", "call_function_single_entry", RTB_TEV_VEC_ENTER, 1 },
	{ "irq_vectors", "call_function_single_exit", RTB_TEV_VEC_EXIT, 1 },
	{ "irq_vectors", "irq_work_entry", RTB_TEV_VEC_ENTER, 1 },
	{ "irq_vectors", "irq_work_exit", RTB_TEV_VEC_EXIT, 1 },
	{ "irq_vectors", "x86_platform_ipi_entry", RTB_TEV_VEC_ENTER, 1 },
	{ "irq_vectors", "x86_platform_ipi_exit", RTB_TEV_VEC_EXIT, 1 },
};
#define NWANT (sizeof(want) / sizeof(want[0]))

static struct {
	struct tracefs_instance *inst;
	char dir[128];           /* tracefs mount point used */
	char mnt[64];            /* our private mount point, "" if we did not mount */
	char name[48];
	const char *clock;
	uint64_t cpus;
	int on;
	uint8_t have[NWANT];     /* the kernel has event i */
} tr = { .clock = "none" };
static atomic_flag closing = ATOMIC_FLAG_INIT;

/* tracefs_mounted - 1 when tracefs is mounted at one of its standard
 * places (copied into dir), else 0. A mount elsewhere may be another
 * program's temporary one (another rtbench run's private mount), which can
 * go away under us: then rtbench mounts its own. */
static int tracefs_mounted(char *dir, size_t len)
{
	static const char *const std[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	FILE *f = fopen("/proc/mounts", "re");
	char dev[256], mp[256], type[64];
	int found = 0;

	if (!f)
		return 0;
	while (!found && fscanf(f, "%255s %255s %63s %*[^\n]", dev, mp, type) == 3)
		for (size_t i = 0; i < 2 && !found; i++)
			if (!strcmp(type, "tracefs") && !strcmp(mp, std[i])) {
				snprintf(dir, len, "%s", mp);
				found = 1;
			}
	fclose(f);
	return found;
}

const char *rtb_port_trace_clock(void)
{
	return tr.clock;
}

static int write_file(const char *file, const char *val, char *why, size_t len)
{
	if (tracefs_instance_file_write(tr.inst, file, val) < 0) {
		snprintf(why, len, "cannot write %s in the trace instance: %s", file, strerror(errno));
		return RTB_ESYS;
	}
	return 0;
}

/* dead - 1 if no process has this pid (a run killed before it cleaned up). */
static int dead(long pid)
{
	return pid > 0 && kill((pid_t)pid, 0) && errno == ESRCH;
}

/* sweep - remove what a run killed by SIGKILL left behind: its private
 * mount (/tmp/rtbench-tracefs.PID.*) and its instance (rtbench-PID), for
 * PIDs no process has any more. Saying so, as the settings journal does. */
static void sweep(void)
{
	FILE *f = fopen("/proc/mounts", "re");
	char dev[256], mp[256], type[64], path[400];
	DIR *d;
	struct dirent *e;
	long pid;

	while (f && fscanf(f, "%255s %255s %63s %*[^\n]", dev, mp, type) == 3)
		if (!strcmp(type, "tracefs") && sscanf(mp, "/tmp/rtbench-tracefs.%ld.", &pid) == 1 &&
		    dead(pid) && !umount2(mp, 0)) {
			rmdir(mp);
			fprintf(stderr, "rtbench: unmounted %s, left by a killed run (pid %ld)\n", mp, pid);
		}
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "%s/instances", tr.dir);
	if (!(d = opendir(path)))
		return;
	while ((e = readdir(d)))
		if (sscanf(e->d_name, "rtbench-%ld", &pid) == 1 && dead(pid)) {
			snprintf(path, sizeof(path), "%s/instances/%s", tr.dir, e->d_name);
			if (!rmdir(path))
				fprintf(stderr, "rtbench: removed the trace instance %s, left by a killed run\n",
					e->d_name);
		}
	closedir(d);
}

/* events - enable (1) or disable (0) every event in the instance. */
static int events(int on, char *why, size_t len)
{
	for (size_t i = 0; i < NWANT; i++)
		if (tr.have[i] &&
		    (on ? tracefs_event_enable : tracefs_event_disable)(tr.inst, want[i].sys, want[i].name)) {
			snprintf(why, len, "cannot %s the event %s:%s", on ? "enable" : "disable",
				 want[i].sys, want[i].name);
			return RTB_ESYS;
		}
	return 0;
}

int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len)
{
	char buf[64];
	int rc;

	if (tr.inst)
		return 0;
	if (geteuid() != 0) {
		snprintf(why, len, "needs root (the kernel's trace is root-only)");
		return RTB_EPERM;
	}
	if (!tracefs_mounted(tr.dir, sizeof(tr.dir))) {
		/* a private mount point, so another run's or the user's mount
		 * state is never changed, and unmounting ours never pulls the
		 * floor from under theirs */
		snprintf(tr.mnt, sizeof(tr.mnt), "/tmp/rtbench-tracefs.%ld.XXXXXX", (long)getpid());
		if (!mkdtemp(tr.mnt)) {
			snprintf(why, len, "tracefs not mounted, and no mount point: %s", strerror(errno));
			tr.mnt[0] = '\0';
			return RTB_ESYS;
		}
		if (mount("nodev", tr.mnt, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) {
			snprintf(why, len, "tracefs not mounted and cannot be mounted: %s", strerror(errno));
			rmdir(tr.mnt);
			tr.mnt[0] = '\0';
			return errno == EPERM ? RTB_EPERM : RTB_ENOTSUP;
		}
		snprintf(tr.dir, sizeof(tr.dir), "%s", tr.mnt);
	}
	atomic_flag_clear(&closing);
	if (tracefs_set_tracing_dir(tr.dir)) {
		snprintf(why, len, "libtracefs refuses %s", tr.dir);
		rc = RTB_ESYS;
		goto fail;
	}
	for (size_t i = 0; i < NWANT; i++) {
		char ev[128];
		snprintf(ev, sizeof(ev), "%s/events/%s/%s", tr.dir, want[i].sys, want[i].name);
		tr.have[i] = access(ev, F_OK) == 0;
		if (!tr.have[i] && !want[i].opt) {
			snprintf(why, len, "the kernel has no event %s:%s", want[i].sys, want[i].name);
			rc = RTB_ENOTSUP;
			goto fail;
		}
	}
	sweep();
	snprintf(tr.name, sizeof(tr.name), "rtbench-%ld", (long)getpid());
	tr.inst = tracefs_instance_create(tr.name);
	if (!tr.inst) {
		snprintf(why, len, "cannot create the trace instance %s: %s", tr.name, strerror(errno));
		rc = RTB_ESYS;
		goto fail;
	}
	if (!tracefs_instance_is_new(tr.inst)) {
		snprintf(why, len, "trace instance %s already exists (not ours)", tr.name);
		tracefs_instance_free(tr.inst);
		tr.inst = NULL;
		rc = RTB_ESYS;
		goto fail;
	}
	tr.clock = rtb_posix_use_tsc ? "x86-tsc" : "mono";
	if ((rc = write_file("tracing_on", "0", why, len)) ||
	    (rc = write_file("trace_clock", tr.clock, why, len)) ||
	    (rc = write_file("options/overwrite", "0", why, len)))
		goto fail;
	snprintf(buf, sizeof(buf), "%zu", cfg->buffer_kb ? cfg->buffer_kb : 16384);
	if ((rc = write_file("buffer_size_kb", buf, why, len)))
		goto fail;
	/* enable once to learn that it works; begin/end switch them on and
	 * off, so the untraced passes run with the tracepoints off */
	if ((rc = events(1, why, len)) || (rc = events(0, why, len)))
		goto fail;
	return 0;
fail:
	rtb_port_trace_close();
	return rc;
}

int rtb_port_trace_begin(uint64_t cpus)
{
	char mask[32], why[160];
	int rc;

	if (!tr.inst)
		return RTB_ENOTSUP;
	snprintf(mask, sizeof(mask), "%llx", (unsigned long long)cpus);
	if ((rc = write_file("tracing_cpumask", mask, why, sizeof(why))))
		return rc;
	tr.cpus = cpus;
	/* writing "trace" empties every CPU's buffer */
	if (tracefs_instance_file_clear(tr.inst, "trace") < 0)
		return RTB_ESYS;
	if (tracefs_trace_on(tr.inst))
		return RTB_ESYS;
	if ((rc = events(1, why, sizeof(why))))
		return rc;
	/* let every CPU take the newly enabled tracepoints before the
	 * measurement starts (without this pause the first few switches of
	 * an idle CPU were seen missing from the buffer) */
	usleep(20000);
	tr.on = 1;
	return 0;
}

int rtb_port_trace_end(void)
{
	if (!tr.inst)
		return RTB_ENOTSUP;
	char why[160];
	int rc = tracefs_trace_off(tr.inst) ? RTB_ESYS : 0;

	tr.on = 0;
	if (!rc)
		rc = events(0, why, sizeof(why));
	return rc;
}

struct fieldset {
	struct tep_event *e;
	struct tep_format_field *f[8];
};

struct collect {
	struct fieldset fs[NWANT];
	struct rtb_tev *ev;
	size_t n, cap;
	int err;
};

static const char *const fields[NWANT][8] = {
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
};

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
	t->kind = (uint8_t)want[w].kind;
	switch (want[w].kind) {
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
		vec_name(want[w].name, t->comm, sizeof(t->comm));
		break;
	case RTB_TEV_NMI:
		t->expiry_ns = num(f[0], r);
		break;
	case RTB_TEV_PRIO:
		t->pid = (int32_t)num(f[0], r);
		t->old_prio = (int32_t)num(f[1], r);
		t->new_prio = (int32_t)num(f[2], r);
		break;
	default:
		break;
	}
}

/* wanted - which of `want` event e is, or NWANT. */
static size_t wanted(const struct fieldset *fs, const struct tep_event *e)
{
	size_t w = 0;

	while (w < NWANT && fs[w].e != e)
		w++;
	return w;
}

static int on_event(struct tep_event *e, struct tep_record *r, int cpu, void *p)
{
	struct collect *c = p;
	size_t w = wanted(c->fs, e);

	if (w == NWANT)
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

/* lost_events - events the instance dropped on the recorded CPUs. */
static uint64_t lost_events(void)
{
	uint64_t lost = 0;
	for (int cpu = 0; cpu < 64; cpu++) {
		char file[64], *s, *p;
		if (!(tr.cpus >> cpu & 1))
			continue;
		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
		s = tracefs_instance_file_read(tr.inst, file, NULL);
		if (!s)
			continue;
		if ((p = strstr(s, "overrun:")))
			lost += strtoull(p + 8, NULL, 10);
		if ((p = strstr(s, "dropped events:")))
			lost += strtoull(p + 15, NULL, 10);
		free(s);
	}
	return lost;
}

/* The streaming reader's state: the event formats are parsed once, at its
 * first poll, and kept until the trace ends (libtraceevent is not used by
 * any other thread meanwhile). */
static struct {
	struct tep_handle *tep;
	struct fieldset fs[NWANT];
	void (*fn)(const struct rtb_tev *e, void *arg);
	void *arg;
	unsigned polls;
	uint64_t lost;
} pl;

static const char *const systems[] = { "sched", "irq_vectors", "timer", "irq", "nmi", NULL };

static void fieldsets(struct tep_handle *tep, struct fieldset *fs)
{
	for (size_t i = 0; i < NWANT; i++) {
		fs[i].e = tr.have[i] ? tep_find_event_by_name(tep, want[i].sys, want[i].name) : NULL;
		for (int k = 0; fs[i].e && fields[i][k]; k++)
			fs[i].f[k] = tep_find_field(fs[i].e, fields[i][k]);
	}
}

static int on_poll_event(struct tep_event *e, struct tep_record *r, int cpu, void *p)
{
	size_t w = wanted(pl.fs, e);
	struct rtb_tev t;

	(void)p; /* the state is pl's: one reader */
	if (w == NWANT)
		return 0;
	fill(pl.fs, w, e, r, cpu, &t);
	pl.fn(&t, pl.arg);
	return 0;
}

static void poll_free(void)
{
	if (pl.tep)
		tep_free(pl.tep);
	memset(&pl, 0, sizeof(pl));
}

int rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost)
{
	if (!tr.inst)
		return RTB_ENOTSUP;
	if (!pl.tep) {
		pl.tep = tracefs_local_events_system(tr.dir, systems);
		if (!pl.tep)
			return RTB_ESYS;
		fieldsets(pl.tep, pl.fs);
	}
	pl.fn = fn;
	pl.arg = arg;
	/* the per-CPU drop counts are files to read: every 16th poll, and
	 * whenever the caller asks for the final figure (tracing off) */
	if (!(pl.polls++ & 15) || !tr.on)
		pl.lost = lost_events();
	if (lost)
		*lost = pl.lost;
	/* non-blocking reads of each CPU's trace_pipe_raw: what is there now,
	 * consumed (the next poll starts after it) */
	tracefs_iterate_raw_events(pl.tep, tr.inst, NULL, 0, on_poll_event, NULL);
	return 0;
}

int rtb_port_trace_collect(struct rtb_tev **ev, size_t *n, uint64_t *lost)
{
	struct collect c = { 0 };
	struct tep_handle *tep;

	*ev = NULL;
	*n = 0;
	*lost = 0;
	if (!tr.inst)
		return RTB_ENOTSUP;
	tep = tracefs_local_events_system(tr.dir, systems);
	if (!tep)
		return RTB_ESYS;
	fieldsets(tep, c.fs);
	*lost = lost_events();
	tracefs_iterate_raw_events(tep, tr.inst, NULL, 0, on_event, &c);
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

void rtb_port_trace_close(void)
{
	if (atomic_flag_test_and_set(&closing))
		return;
	poll_free();
	if (tr.inst) {
		char why[160];
		tracefs_trace_off(tr.inst);
		events(0, why, sizeof(why));
		if (tracefs_instance_destroy(tr.inst))
			fprintf(stderr, "rtbench: could not remove the trace instance %s: %s\n",
				tr.name, strerror(errno));
		tracefs_instance_free(tr.inst);
		tr.inst = NULL;
	}
	if (tr.mnt[0]) {
		if (umount2(tr.mnt, 0) && umount2(tr.mnt, MNT_DETACH))
			fprintf(stderr, "rtbench: could not unmount tracefs from %s: %s\n",
				tr.mnt, strerror(errno));
		rmdir(tr.mnt);
		tr.mnt[0] = '\0';
	}
}

#endif
