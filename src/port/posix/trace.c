/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - the kernel's event trace (tracefs), for
 * `rtbench run --trace`.
 *
 * Built with libtracefs/libtraceevent (what rtla uses) when their headers
 * are found (RTB_HAVE_TRACEFS, see the Makefile); otherwise the build leaves
 * the trace room (src/trace), the only caller of the recorder, out and
 * only trace_self and trace_symbols are built. Everything happens in a private tracefs instance,
 * instances/rtbench-<pid>-<start> (start: the process's start time in
 * clock ticks since boot, /proc/self/stat, so the name is this process's
 * alone however pids are reused; tracefs instances do not outlive a boot),
 * so the top-level buffer and its settings (a
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
 *          by SIGKILL cannot: the next run, traced or not, removes what it
 *          left (its instance and private mount, by the dead PID in their
 *          names: rtb_port_leftovers_remove). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "rtbench/port_trace.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"

long rtb_port_trace_self(void)
{
	return (long)syscall(SYS_gettid);
}

/* rtb_port_trace_symbols: from /proc/kallsyms, which needs no library */
int rtb_port_trace_symbols(const uint64_t *addr, int n, char *name, size_t len)
{
	unsigned long long best[RTB_TRACE_FRAMES] = { 0 };
	char line[512], sym[128], type;
	unsigned long long a;
	FILE *f = fopen("/proc/kallsyms", "re");
	int found = 0;

	if (n > RTB_TRACE_FRAMES)
		n = RTB_TRACE_FRAMES;
	for (int i = 0; i < n; i++)
		snprintf(name + (size_t)i * len, len, "0x%llx", (unsigned long long)addr[i]);
	if (!f)
		return RTB_ESYS;
	/* the nearest text symbol at or below each address; a kernel that
	 * hides its addresses (kptr_restrict) lists every one as 0 */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &a, &type, sym) == 3 && a && (type == 't' || type == 'T'))
			for (int i = 0; i < n; i++)
				if (a <= addr[i] && a >= best[i] && addr[i] - a < (1ull << 24)) {
					best[i] = a;
					snprintf(name + (size_t)i * len, len, "%s+0x%llx", sym,
						 (unsigned long long)(addr[i] - a));
					found = 1;
				}
	fclose(f);
	return found ? 0 : RTB_ENOTSUP;
}

/* without libtracefs/libtraceevent the build has no trace room: no caller */
#ifdef RTB_HAVE_TRACEFS

#include <stdatomic.h>
#include <tracefs.h>
#include <event-parse.h>
#include "rtb_port_int.h"
#include "trace_int.h"
#include "posix_int.h"

/* The first seven are needed (the matcher's); the rest say what else ran
 * on the CPU (the worst events' explanation) and are used where the kernel
 * has them (opt). */
const struct rtb_trace_want rtb_posix_events[] = {
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
	{ "ftrace", "kernel_stack", RTB_TEV_STACK, RTB_TRACE_WANT_TRIGGER },
};

/* The kernel stack a switch records (rtb_trace_cfg.stacks): of the task a
 * CPU leaves (the sched_switch tracepoint runs on its stack) for a
 * real-time one (kernel prio < 100), except the idle task's: that is the
 * blocker's when the measured task had to wait after its wake-up. The
 * stack walk runs inside the switch, so a switch out of idle (a quiet
 * CPU's every sample) is spared it. */
#define STACK_TRIGGER RTB_POSIX_STACK_TRIGGER

struct rtb_trace_inst rtb_tr = { .clock = "none" };
static atomic_flag closing = ATOMIC_FLAG_INIT;

/* The gate (trace_int.h): begin, end, poll and collect are inside it
 * while they use the instance and the reader's state; close shuts it and
 * frees that state only once nobody is inside. Close may come from the
 * watchdog's forced exit (rtb_env_restore) while the streaming reader
 * polls, or the runner collects a whole pass: freed under them, their
 * next read was a use after free, between the knobs' restore and the
 * instance's removal. Whoever is inside sees the gate shut between two
 * pages (poll) or two events (collect) and leaves within a page's work;
 * one that does not in GATE_WAIT_NS (starved) keeps what it uses, and the
 * process ends with it in place. */
#define GATE_WAIT_NS 1000000000LL
static atomic_int gate_users, gate_shut;

int rtb_posix_trace_enter(void)
{
	atomic_fetch_add(&gate_users, 1);
	if (atomic_load(&gate_shut)) {
		atomic_fetch_sub(&gate_users, 1);
		return 0;
	}
	return 1;
}

void rtb_posix_trace_leave(void)
{
	atomic_fetch_sub(&gate_users, 1);
}

int rtb_posix_trace_shut(void)
{
	return atomic_load_explicit(&gate_shut, memory_order_relaxed);
}

/* gate_close - shut the gate; 1 once nobody is inside, 0 if someone still
 * was after GATE_WAIT_NS. */
static int gate_close(void)
{
	atomic_store(&gate_shut, 1);
	for (long waited_ms = 0; atomic_load(&gate_users); waited_ms++) {
		if (waited_ms * 1000000LL >= GATE_WAIT_NS)
			return 0;
		usleep(1000);
	}
	return 1;
}

const char *rtb_port_trace_clock(void)
{
	return rtb_tr.clock;
}

static int write_file(const char *file, const char *val, char *why, size_t len)
{
	if (tracefs_instance_file_write(rtb_tr.inst, file, val) < 0) {
		snprintf(why, len, "cannot write %s in the trace instance: %s", file, strerror(errno));
		return RTB_ESYS;
	}
	return 0;
}

/* events - enable (1) or disable (0) every event in the instance, each
 * by its own enable file: tracefs_event_enable() lists every event system
 * and its events for each call (a directory scan and a growing list
 * apiece; 37% of the ASan build's traced set-up, 23 events switched five
 * times a run). */
static int events(int on, char *why, size_t len)
{
	char file[160];

	for (size_t i = 0; i < RTB_TRACE_NWANT; i++) {
		if (!rtb_tr.have[i])
			continue;
		if (rtb_posix_events[i].opt == RTB_TRACE_WANT_TRIGGER) {
			/* "!" removes it; removing one not set is an error */
			if (on == rtb_tr.trig)
				continue;
			if (tracefs_instance_file_write(rtb_tr.inst, "events/sched/sched_switch/trigger",
							on ? STACK_TRIGGER : "!" STACK_TRIGGER) < 0) {
				if (on) /* optional: the break then says it has no stack */
					rtb_tr.have[i] = 0;
				continue;
			}
			rtb_tr.trig = on;
			continue;
		}
		snprintf(file, sizeof(file), "events/%s/%s/enable", rtb_posix_events[i].sys, rtb_posix_events[i].name);
		if (tracefs_instance_file_write(rtb_tr.inst, file, on ? "1" : "0") < 0) {
			snprintf(why, len, "cannot %s the event %s:%s: %s", on ? "enable" : "disable",
				 rtb_posix_events[i].sys, rtb_posix_events[i].name, strerror(errno));
			return RTB_ESYS;
		}
	}
	return 0;
}

/* timer_irq_named - where the kernel has no irq_vectors:local_timer_entry
 * (an x86 system vector), the name its per-CPU timer interrupt has in
 * /proc/interrupts, whose irq:irq_handler_entry then marks the timer
 * interrupt's entry: arm64's architected timer ("arch_timer"), if this
 * kernel has the event and that interrupt; else NULL. */
static const char *timer_irq_named(void)
{
	static const char *const names[] = { "arch_timer" };
	char ev[160], line[512];
	const char *found = NULL;
	FILE *f;

	snprintf(ev, sizeof(ev), "%s/events/irq/irq_handler_entry", rtb_tr.dir);
	if (access(ev, F_OK) || !(f = fopen("/proc/interrupts", "re")))
		return NULL;
	while (!found && fgets(line, sizeof(line), f)) {
		size_t l = strcspn(line, "\n");
		line[l] = '\0';
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !found; i++) {
			size_t nl = strlen(names[i]);
			/* the name is the line's last word */
			if (l > nl && line[l - nl - 1] == ' ' && !strcmp(line + l - nl, names[i]))
				found = names[i];
		}
	}
	fclose(f);
	return found;
}

/* say_stderr - a leftover's removal said on stderr, as the settings
 * journal's repairs are */
static void say_stderr(const char *line, void *arg)
{
	(void)arg;
	fprintf(stderr, "rtbench: %s\n", line);
}

int rtb_port_trace_open(const struct rtb_trace_cfg *cfg, char *why, size_t len)
{
	char buf[64];
	int rc;

	if (rtb_tr.inst)
		return 0;
	if (geteuid() != 0) {
		snprintf(why, len, "needs root (the kernel's trace is root-only)");
		return RTB_EPERM;
	}
	/* a standard place only: a mount elsewhere may be another
	 * program's temporary one, which can go away under us */
	if (!rtb_posix_tracefs_dir(rtb_tr.dir, sizeof(rtb_tr.dir), 0)) {
		/* a private mount point, so another run's or the user's mount
		 * state is never changed, and unmounting ours never pulls the
		 * floor from under theirs */
		snprintf(rtb_tr.mnt, sizeof(rtb_tr.mnt), "/tmp/rtbench-tracefs.%ld.XXXXXX", (long)getpid());
		if (!mkdtemp(rtb_tr.mnt)) {
			snprintf(why, len, "tracefs not mounted, and no mount point: %s", strerror(errno));
			rtb_tr.mnt[0] = '\0';
			return RTB_ESYS;
		}
		if (mount("nodev", rtb_tr.mnt, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) {
			snprintf(why, len, "tracefs not mounted and cannot be mounted: %s", strerror(errno));
			rmdir(rtb_tr.mnt);
			rtb_tr.mnt[0] = '\0';
			return errno == EPERM ? RTB_EPERM : RTB_ENOTSUP;
		}
		snprintf(rtb_tr.dir, sizeof(rtb_tr.dir), "%s", rtb_tr.mnt);
	}
	atomic_flag_clear(&closing);
	atomic_store(&gate_shut, 0); /* set-up: no other user, no close yet */
	if (tracefs_set_tracing_dir(rtb_tr.dir)) {
		snprintf(why, len, "libtracefs refuses %s", rtb_tr.dir);
		rc = RTB_ESYS;
		goto fail;
	}
	rtb_tr.timer_irq[0] = '\0';
	for (size_t i = 0; i < RTB_TRACE_NWANT; i++) {
		char ev[128];
		snprintf(ev, sizeof(ev), "%s/events/%s/%s", rtb_tr.dir, rtb_posix_events[i].sys, rtb_posix_events[i].name);
		rtb_tr.have[i] = access(ev, F_OK) == 0 &&
				 (rtb_posix_events[i].opt != RTB_TRACE_WANT_TRIGGER || cfg->stacks);
		if (!rtb_tr.have[i] && rtb_posix_events[i].kind == RTB_TEV_TIMER_IRQ && timer_irq_named()) {
			/* no x86 vector: the timer's interrupt by its handler's name */
			snprintf(rtb_tr.timer_irq, sizeof(rtb_tr.timer_irq), "%s", timer_irq_named());
			continue;
		}
		if (!rtb_tr.have[i] && !rtb_posix_events[i].opt) {
			snprintf(why, len, "the kernel has no event %s:%s", rtb_posix_events[i].sys, rtb_posix_events[i].name);
			rc = RTB_ENOTSUP;
			goto fail;
		}
	}
	rtb_port_leftovers_remove(say_stderr, NULL);
	snprintf(rtb_tr.name, sizeof(rtb_tr.name), "rtbench-%ld-%llu", (long)getpid(),
		 rtb_posix_start_ticks((long)getpid()));
	rtb_tr.inst = tracefs_instance_create(rtb_tr.name);
	if (!rtb_tr.inst) {
		snprintf(why, len, "cannot create the trace instance %s: %s", rtb_tr.name, strerror(errno));
		rc = RTB_ESYS;
		goto fail;
	}
	if (!tracefs_instance_is_new(rtb_tr.inst)) {
		snprintf(why, len, "trace instance %s already exists (not ours)", rtb_tr.name);
		tracefs_instance_free(rtb_tr.inst);
		rtb_tr.inst = NULL;
		rc = RTB_ESYS;
		goto fail;
	}
	rtb_tr.clock = rtb_posix_use_tsc ? "x86-tsc" : "mono";
	if ((rc = write_file("tracing_on", "0", why, len)) ||
	    (rc = write_file("trace_clock", rtb_tr.clock, why, len)) ||
	    (rc = write_file("options/overwrite", "0", why, len)))
		goto fail;
	snprintf(buf, sizeof(buf), "%zu", cfg->buffer_kb ? cfg->buffer_kb : 16384);
	if ((rc = write_file("buffer_size_kb", buf, why, len)))
		goto fail;
	/* the events are switched on only by begin and off by end, so the
	 * untraced passes run with the tracepoints off. Not on and off here
	 * to learn that they can be: each switch patches the kernel's text
	 * (a static key and a static call a tracepoint), with three rounds of
	 * IPIs to every CPU, and every CPU that runs the site meanwhile traps
	 * on its int3; a 64-vCPU TCG guest spent minutes in those traps and
	 * never reached the measurement. A begin that cannot switch them on
	 * says which one (trace_begin_why) and the pass runs untraced. */
	return 0;
fail:
	rtb_port_trace_close();
	return rc;
}

static int trace_begin(const struct rtb_cpuset *cpus);

int rtb_port_trace_begin(const struct rtb_cpuset *cpus)
{
	int rc;

	if (!rtb_posix_trace_enter())
		return RTB_ENOTSUP;
	rc = trace_begin(cpus);
	rtb_posix_trace_leave();
	return rc;
}

/* trace_begin_why - which step failed, on stderr (the caller's error
 * code alone, "system call failed", did not say which at 64 CPUs) */
static int trace_begin_why(int rc, const char *why)
{
	if (rc)
		fprintf(stderr, "rtbench: the trace's start: %s\n", why[0] ? why : strerror(errno));
	return rc;
}

/* cpumask_str - cpus in the kernel's cpumask format: 32-bit hex groups,
 * the highest first, comma-separated ("ffffffff,ffffffff" for 0-63), up
 * to the group of the highest CPU. */
static void cpumask_str(const struct rtb_cpuset *cpus, char *out, size_t len)
{
	int top = rtb_cpuset_last(cpus) / 32;
	size_t l = 0;

	out[0] = 0;
	for (int g = top < 0 ? 0 : top; g >= 0 && l < len; g--) {
		uint32_t v = (uint32_t)(cpus->bits[g / 2] >> (g % 2 * 32));
		l += (size_t)snprintf(out + l, len - l, g == top || top < 0 ? "%x" : ",%08x", v);
	}
}

/* trace_begin - rtb_port_trace_begin inside the gate */
static int trace_begin(const struct rtb_cpuset *cpus)
{
	char mask[RTB_CPUSET_WORDS * 18 + 8], why[160];
	int rc;

	if (!rtb_tr.inst)
		return RTB_ENOTSUP;
	why[0] = '\0';
	cpumask_str(cpus, mask, sizeof(mask));
	if ((rc = write_file("tracing_cpumask", mask, why, sizeof(why))))
		return trace_begin_why(rc, why);
	rtb_tr.cpus = *cpus;
	/* writing "trace" empties every CPU's buffer */
	if (tracefs_instance_file_clear(rtb_tr.inst, "trace") < 0)
		return trace_begin_why(RTB_ESYS, "cannot empty the instance's buffer");
	rtb_posix_trace_read_restart();
	if (tracefs_trace_on(rtb_tr.inst))
		return trace_begin_why(RTB_ESYS, "cannot turn tracing on in the instance");
	if ((rc = events(1, why, sizeof(why))))
		return trace_begin_why(rc, why);
	/* let every CPU take the newly enabled tracepoints before the
	 * measurement starts (without this pause the first few switches of
	 * an idle CPU were seen missing from the buffer) */
	usleep(20000);
	rtb_tr.on = 1;
	return 0;
}

int rtb_port_trace_end(void)
{
	char why[160];
	int rc;

	if (!rtb_posix_trace_enter())
		return RTB_ENOTSUP;
	if (!rtb_tr.inst) {
		rtb_posix_trace_leave();
		return RTB_ENOTSUP;
	}
	rc = tracefs_trace_off(rtb_tr.inst) ? RTB_ESYS : 0;
	rtb_tr.on = 0;
	if (!rc)
		rc = events(0, why, sizeof(why));
	rtb_posix_trace_leave();
	return rc;
}

void rtb_port_trace_close(void)
{
	int drained;

	if (atomic_flag_test_and_set(&closing))
		return;
	drained = gate_close();
	/* a user still inside keeps the reader's state and the instance's
	 * handle (the process is ending: the watchdog's forced exit) */
	if (drained)
		rtb_posix_trace_read_free();
	if (rtb_tr.inst) {
		char why[160];
		tracefs_trace_off(rtb_tr.inst);
		events(0, why, sizeof(why));
		/* the reader's open per-CPU files keep an instance from going
		 * (EBUSY): then the next run removes it (rtb_port_leftovers_remove) */
		if (tracefs_instance_destroy(rtb_tr.inst))
			fprintf(stderr, "rtbench: could not remove the trace instance %s: %s%s\n",
				rtb_tr.name, strerror(errno), drained ? "" : " (its reader had not stopped "
				"within 1 s; the next run removes it)");
		rtb_tr.trig = 0; /* the instance took its trigger with it */
		if (drained) {
			tracefs_instance_free(rtb_tr.inst);
			rtb_tr.inst = NULL;
		}
	}
	if (rtb_tr.mnt[0]) {
		if (umount2(rtb_tr.mnt, 0) && umount2(rtb_tr.mnt, MNT_DETACH))
			fprintf(stderr, "rtbench: could not unmount tracefs from %s: %s\n",
				rtb_tr.mnt, strerror(errno));
		rmdir(rtb_tr.mnt);
		rtb_tr.mnt[0] = '\0';
	}
}

#endif
