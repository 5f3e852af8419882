/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - `rtbench doctor`: what in this Linux system
 * weakens the latency of the measured CPUs (rtbench/doctor.h).
 *
 * Read-only: every check opens files under cfg->root (so a recorded /proc
 * and /sys snapshot can stand in for the live system: tests/data/doctor)
 * with O_RDONLY, regular files only, and writes nothing anywhere. Each check
 * says what it read, why it matters and the setting that changes it, after
 * what rteval, tuned's realtime profile and the kernel's own
 * Documentation/admin-guide (kernel-per-CPU-kthreads, isolcpus) name. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "posix_int.h"

struct dr {
	const struct rtb_doctor_cfg *cfg;
	struct rtb_doctor *d;
	struct rtb_cpuset cpus;
	char cpul[160];         /* cpus as a list, for the messages */
	char cmdline[2048];
	/* every online CPU judged (--cpus all): a fix isolates or clears
	 * all but the housekeeping CPU hk, the lowest online (a fix that
	 * isolated every CPU would leave none for the system) */
	int all, hk;
	char fixl[160];         /* the CPUs a fix names: cpul, or all but hk */
	char hknote[96];        /* "" or "; CPU 0 kept for housekeeping ..." */
};

/* rd - the first len-1 bytes of root/path (a regular file), trailing
 * newline cut ("" on any failure): 0, or RTB_ENOTSUP when missing or not
 * a regular file (the OS lacks the feature), RTB_EIO when unreadable. */
static int rd(const struct dr *r, const char *path, char *buf, size_t len)
{
	char full[RTB_DOC_ROOT_MAX + 256];
	struct stat st;
	ssize_t n;
	int fd;

	buf[0] = '\0';
	/* never a cut path: it would read another file (doctor_cmd refuses
	 * a longer --root; this is the floor under it) */
	if ((size_t)snprintf(full, sizeof(full), "%s%s", r->cfg->root ? r->cfg->root : "", path) >= sizeof(full))
		return RTB_ENOTSUP;
	fd = open(full, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return RTB_ENOTSUP;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return RTB_ENOTSUP;
	}
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return RTB_EIO;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* rd_text - rd that also wants some text: true when root/path was read
 * and is not empty. */
static bool rd_text(const struct dr *r, const char *path, char *buf, size_t len)
{
	return rd(r, path, buf, len) == 0 && buf[0];
}

/* rd_long - root/path as one integer: 0, or RTB_ENOTSUP when missing or
 * empty, RTB_EFORMAT when not a number. */
static int rd_long(const struct dr *r, const char *path, long *v)
{
	char buf[64], *end;

	if (!rd_text(r, path, buf, sizeof(buf)))
		return RTB_ENOTSUP;
	errno = 0;
	*v = strtol(buf, &end, 10);
	return errno || end == buf ? RTB_EFORMAT : 0;
}

/* cmdline_opt - the value of "name=" on the kernel command line into out
 * ("" and 0 when absent). */
static int cmdline_opt(const struct dr *r, const char *name, char *out, size_t len)
{
	size_t nl = strlen(name);
	const char *p = r->cmdline;

	out[0] = '\0';
	while ((p = strstr(p, name))) {
		if ((p == r->cmdline || p[-1] == ' ') && p[nl] == '=') {
			p += nl + 1;
			snprintf(out, len, "%.*s", (int)strcspn(p, " \n"), p);
			return 1;
		}
		p += nl;
	}
	return 0;
}

/* list_set - a kernel CPU list, optionally after "flag," words
 * (isolcpus=domain,managed_irq,1-3), as a set (rtb_cpuset_parse, the one
 * parser); empty on "(null)", "" or a malformed list. */
static struct rtb_cpuset list_set(const char *s)
{
	struct rtb_cpuset m;

	while (*s && !(*s >= '0' && *s <= '9'))
		s = strchr(s, ',') ? strchr(s, ',') + 1 : "";
	if (rtb_cpuset_parse(s, &m, NULL, NULL, 0))
		memset(&m, 0, sizeof(m));
	return m;
}

/* all_set - every CPU */
static struct rtb_cpuset all_set(void)
{
	struct rtb_cpuset m;

	memset(&m, 0xff, sizeof(m));
	return m;
}


/* live_root, live - the checks read this system (not a snapshot). */
static int live_root(const char *root)
{
	return !root || !root[0] || !strcmp(root, "/");
}

static int live(const struct dr *r)
{
	return live_root(r->cfg->root);
}

/* boot_log - the "Dynamic Preempt: MODE" line of the kernel log, where it
 * is still in the ring buffer (READ_ALL reads, it clears nothing). */
static int boot_log(char *out, size_t len)
{
	static char buf[1 << 17];
	const char *key = "Dynamic Preempt: ", *p;
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, (int)sizeof(buf) - 1);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	if (!(p = strstr(buf, key)))
		return 0;
	p += strlen(key);
	snprintf(out, len, "%.*s", (int)strcspn(p, "\n"), p);
	return out[0] != '\0';
}

/* check_preemption - the kernel's preemption model (PREEMPT_RT or not). */
static void check_preemption(struct dr *r)
{
	static const char why[] = "only PREEMPT_RT makes interrupt handlers, softirqs and most kernel locks "
		"preemptible; otherwise a high-priority task waits for whatever kernel code is running";
	static const char fix[] = "boot a PREEMPT_RT kernel (Debian: linux-image-rt-amd64); on a PREEMPT_DYNAMIC "
		"kernel at least preempt=full";
	char ver[256], mode[128], arg[32];

	if (!rd(r, "/sys/kernel/realtime", mode, sizeof(mode))) {
		rtb_doc_add(r->d, "preemption", RTB_DOC_OK, why, fix, "/sys/kernel/realtime present: PREEMPT_RT");
		return;
	}
	if (rd(r, "/proc/sys/kernel/version", ver, sizeof(ver)) < 0) {
		rtb_doc_add(r->d, "preemption", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/version unreadable");
		return;
	}
	if (strstr(ver, "PREEMPT_RT")) {
		rtb_doc_add(r->d, "preemption", RTB_DOC_OK, why, fix, "kernel version \"%s\"", ver);
		return;
	}
	if (strstr(ver, "PREEMPT_DYNAMIC")) {
		/* debugfs names the mode in parentheses: "none voluntary (full) lazy";
		 * never read under lockdown: refused, and logged each time */
		char lk[64];
		int locked = rtb_posix_lockdown(r->cfg->root, lk, sizeof(lk));
		if (!locked && rd_text(r, "/sys/kernel/debug/sched/preempt", mode, sizeof(mode))) {
			rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, why, fix,
				    "PREEMPT_DYNAMIC, /sys/kernel/debug/sched/preempt \"%s\"", mode);
			return;
		}
		if (cmdline_opt(r, "preempt", arg, sizeof(arg))) {
			rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, why, fix,
				    "PREEMPT_DYNAMIC, /proc/cmdline preempt=%s%s%s%s", arg,
				    locked ? " (debugfs not read: kernel lockdown " : "", locked ? lk : "",
				    locked ? ")" : "");
			return;
		}
		if (live(r) && boot_log(mode, sizeof(mode))) {
			rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, why, fix,
				    "PREEMPT_DYNAMIC, kernel log \"Dynamic Preempt: %s\"%s%s%s", mode,
				    locked ? " (debugfs not read: kernel lockdown " : "", locked ? lk : "",
				    locked ? ")" : "");
			return;
		}
		rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, why, fix,
			    "PREEMPT_DYNAMIC (mode not readable: %s, no preempt=), not PREEMPT_RT: \"%s\"",
			    locked ? "kernel lockdown refuses debugfs" : "debugfs not mounted", ver);
		return;
	}
	rtb_doc_add(r->d, "preemption", RTB_DOC_WEAKENS, why, fix, "not PREEMPT_RT: kernel version \"%s\"", ver);
}

/* check_cpuset - one of the CPU-list settings (isolated, nohz_full) that
 * should cover the measured CPUs. */
static void check_cpuset(struct dr *r, const char *check, const char *file, const char *why,
			 const char *fix)
{
	char buf[256], got[160];
	struct rtb_cpuset m, miss;

	if (rd(r, file, buf, sizeof(buf)) < 0) {
		rtb_doc_add(r->d, check, !strcmp(check, "nohz_full") ? RTB_DOC_WEAKENS : RTB_DOC_UNKNOWN, why, fix,
			    "%s absent%s", file, !strcmp(check, "nohz_full") ? " (kernel without CONFIG_NO_HZ_FULL)" : "");
		return;
	}
	m = list_set(buf);
	rtb_cpuset_andnot(&miss, &r->cpus, &m);
	rtb_cpuset_str(&miss, got, sizeof(got));
	if (rtb_cpuset_subset(&r->cpus, &m))
		rtb_doc_add(r->d, check, RTB_DOC_OK, why, fix, "%s \"%s\" covers CPU %s", file, buf, r->cpul);
	else
		rtb_doc_add(r->d, check, RTB_DOC_WEAKENS, why, fix, "%s \"%s\": CPU %s not in it", file,
			    buf[0] ? buf : "(empty)", got);
}

/* check_rcu - RCU callbacks offloaded from the measured CPUs (rcu_nocbs). */
static void check_rcu(struct dr *r)
{
	static const char why[] = "RCU callbacks run in softirq on every CPU that queued them unless offloaded to "
		"rcuo kthreads on other CPUs";
	char v[128], fix[240], got[160];
	struct rtb_cpuset m = { { 0 } }, miss;

	snprintf(fix, sizeof(fix), "rcu_nocbs=%s on the kernel command line (nohz_full= implies it)%s", r->fixl,
		 r->hknote);
	if (cmdline_opt(r, "rcu_nocbs", v, sizeof(v)))
		m = !strcmp(v, "all") ? all_set() : list_set(v);
	else if (cmdline_opt(r, "nohz_full", v, sizeof(v)))
		m = list_set(v);
	rtb_cpuset_andnot(&miss, &r->cpus, &m);
	rtb_cpuset_str(&miss, got, sizeof(got));
	if (rtb_cpuset_subset(&r->cpus, &m))
		rtb_doc_add(r->d, "rcu_nocbs", RTB_DOC_OK, why, fix, "/proc/cmdline offloads CPU %s (\"%s\")", r->cpul, v);
	else
		rtb_doc_add(r->d, "rcu_nocbs", RTB_DOC_WEAKENS, why, fix,
			    "/proc/cmdline: no rcu_nocbs= or nohz_full= covering CPU %s", got);
}

/* irq_name - the action names of IRQ n from /proc/interrupts (a copy
 * of it read once: the last columns of its "n:" line). */
static void irq_name(const char *irqs, long n, char *out, size_t len)
{
	char key[24];
	const char *p = irqs;

	out[0] = '\0';
	snprintf(key, sizeof(key), "%ld:", n);
	while (p && *p) {
		const char *l = p + strspn(p, " ");
		const char *e = strchr(p, '\n');
		if (!strncmp(l, key, strlen(key))) {
			size_t ll = e ? (size_t)(e - l) : strlen(l);
			/* the name is the last blank-separated word */
			size_t k = ll;
			while (k > 0 && l[k - 1] != ' ')
				k--;
			snprintf(out, len, "%.*s", (int)(ll - k), l + k);
			return;
		}
		p = e ? e + 1 : NULL;
	}
}

#define IRQ_MAX 1024             /* IRQs weighed; more are counted and said */
#define IRQ_SAMPLE_NS 250000000LL /* the live system's two reads, at least this far apart */

/* The live system's first /proc/interrupts read when rtb_port_doctor_begin
 * took it early: a run's set-up between then and the doctor (the
 * fingerprint, the clock's calibration: ~0.2 s) is then most of the
 * sample's span, not a sleep after it (a sleep cost every run its length,
 * and CI makes ~100 runs a pass). Used once, by the next live doctor. */
static struct {
	char text[65536];
	int64_t at_ns; /* CLOCK_MONOTONIC of the read; 0: none taken */
} irq_first;

/* mono_ns - CLOCK_MONOTONIC in ns. */
static int64_t mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* rtb_port_doctor_begin - the IRQ sample's first read, now (doctor.h). */
void rtb_port_doctor_begin(void)
{
	static const struct rtb_doctor_cfg live_cfg = { .root = "" };
	struct dr r = { .cfg = &live_cfg };

	irq_first.at_ns = 0;
	if (!rd(&r, "/proc/interrupts", irq_first.text, sizeof(irq_first.text)) && irq_first.text[0])
		irq_first.at_ns = mono_ns();
}

struct irq_w {
	long irq;
	double rate;            /* per second on the measured CPUs (or since boot) */
	unsigned long long cnt; /* count on the measured CPUs */
};

/* irq_count - IRQ n's count on the CPUs in mask (the columns of the
 * /proc/interrupts copy `irqs`: its header names them "CPU0 CPU1 ...");
 * *known 0 when the file has no header or no line for n. */
static unsigned long long irq_count(const char *irqs, long n, const struct rtb_cpuset *mask, int *known)
{
	int col[RTB_MAX_CPUS], ncol = 0;
	char key[24];
	const char *p = irqs, *e = strchr(irqs, '\n');
	unsigned long long sum = 0;

	/* the header: which CPU each column is (offline CPUs have none) */
	while (p && (!e || p < e) && ncol < RTB_MAX_CPUS && (p = strstr(p, "CPU")) && (!e || p < e)) {
		col[ncol++] = atoi(p + 3);
		p += 3;
	}
	*known = 0;
	if (!ncol)
		return 0;
	snprintf(key, sizeof(key), "%ld:", n);
	for (p = irqs; p && *p;) {
		const char *l = p + strspn(p, " ");
		e = strchr(p, '\n');
		if (!strncmp(l, key, strlen(key))) {
			char *q = (char *)l + strlen(key);
			for (int c = 0; c < ncol; c++) {
				char *end;
				unsigned long long v = strtoull(q, &end, 10);
				if (end == q)
					break;
				if (rtb_cpuset_has(mask, col[c]))
					sum += v;
				q = end;
			}
			*known = 1;
			return sum;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

static int by_rate(const void *a, const void *b)
{
	const struct irq_w *x = a, *y = b;
	return x->rate < y->rate ? 1 : x->rate > y->rate ? -1 : (x->irq > y->irq) - (x->irq < y->irq);
}

/* check_irqs - device interrupts that may run on a measured CPU, weighed
 * by how often they fired there: /proc/interrupts read twice, IRQ_SAMPLE_NS
 * apart (a recorded tree: proc/interrupts and, if recorded, proc/
 * interrupts.after with proc/interrupts.after_ms; without it the counts
 * since boot), busiest first. The read line never stops mid-entry: what
 * does not fit is "and N more". */
static void check_irqs(struct dr *r)
{
	static const char why[] = "a device interrupt routed to a measured CPU runs its handler (and softirq) there, "
		"ahead of any task; the busier, the more often";
	static char irqs[65536], later[65536];
	static struct irq_w w[IRQ_MAX];
	char path[RTB_DOC_ROOT_MAX + 64], buf[128], name[48], fix[240], list[200] = "", ms[32];
	int n = 0, on = 0, busy = 0, ever = 0, over = 0;
	double span_s = 0;
	struct dirent *e;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/proc/irq", r->cfg->root ? r->cfg->root : "");
	if (r->all)
		snprintf(fix, sizeof(fix), "move them to CPU %d, the housekeeping CPU (every CPU is measured: the "
			 "IRQs need one): echo %d > /proc/irq/N/smp_affinity_list (stop irqbalance), or "
			 "irqaffinity=%d; measure CPU %s", r->hk, r->hk, r->hk, r->fixl);
	else
		snprintf(fix, sizeof(fix), "move them off CPU %s: echo OTHER_CPUS > /proc/irq/N/smp_affinity_list "
			 "(stop irqbalance), or irqaffinity= / isolcpus=managed_irq,%s", r->cpul, r->cpul);
	if (!(dir = opendir(path))) {
		rtb_doc_add(r->d, "irq_affinity", RTB_DOC_UNKNOWN, why, fix, "/proc/irq unreadable");
		return;
	}
	int64_t first_ns = 0;
	if (live(r) && irq_first.at_ns) {
		memcpy(irqs, irq_first.text, sizeof(irqs));
		first_ns = irq_first.at_ns;
		irq_first.at_ns = 0;
	} else {
		if (rd(r, "/proc/interrupts", irqs, sizeof(irqs)) < 0)
			irqs[0] = '\0';
		first_ns = mono_ns();
	}
	later[0] = '\0';
	if (live(r)) {
		/* the span is the time between the two reads as it was:
		 * at least IRQ_SAMPLE_NS, the rest slept */
		int64_t left_ns = first_ns + IRQ_SAMPLE_NS - mono_ns();
		if (left_ns > 0) {
			struct timespec t = { (time_t)(left_ns / 1000000000), (long)(left_ns % 1000000000) };
			nanosleep(&t, NULL);
		}
		if (!rd(r, "/proc/interrupts", later, sizeof(later)))
			span_s = (double)(mono_ns() - first_ns) / 1e9;
	} else if (!rd(r, "/proc/interrupts.after", later, sizeof(later)) && later[0] &&
		   rd_text(r, "/proc/interrupts.after_ms", ms, sizeof(ms)) && atol(ms) > 0) {
		span_s = atol(ms) / 1e3;
	}
	while ((e = readdir(dir))) {
		char *end;
		long irq = strtol(e->d_name, &end, 10);
		if (end == e->d_name || *end)
			continue;
		n++;
		snprintf(path, sizeof(path), "/proc/irq/%ld/effective_affinity_list", irq);
		if (!rd_text(r, path, buf, sizeof(buf))) {
			snprintf(path, sizeof(path), "/proc/irq/%ld/smp_affinity_list", irq);
			if (!rd_text(r, path, buf, sizeof(buf)))
				continue;
		}
		struct rtb_cpuset aff = list_set(buf);
		rtb_cpuset_and(&aff, &aff, &r->cpus);
		if (rtb_cpuset_first(&aff) < 0)
			continue;
		if (on >= IRQ_MAX) {
			over++; /* counted, said, not weighed */
			continue;
		}
		int k0, k1 = 1;
		unsigned long long c0 = irq_count(irqs, irq, &r->cpus, &k0);
		unsigned long long c1 = span_s > 0 ? irq_count(later, irq, &r->cpus, &k1) : c0;
		w[on].irq = irq;
		w[on].cnt = span_s > 0 ? (c1 > c0 ? c1 - c0 : 0) : c0;
		w[on].rate = span_s > 0 ? (double)w[on].cnt / span_s : (double)c0;
		busy += w[on].cnt > 0;
		ever += c0 > 0 || !k0 || !k1; /* no count to read: assume it fires */
		on++;
	}
	closedir(dir);
	if (!on) {
		rtb_doc_add(r->d, "irq_affinity", RTB_DOC_OK, why, fix,
			    "/proc/irq/*/effective_affinity_list: none of %d IRQs on CPU %s", n, r->cpul);
		return;
	}
	qsort(w, (size_t)on, sizeof(w[0]), by_rate);
	/* the busiest first, whole entries only; room left for the tail */
	char head[96];
	int hl = span_s > 0 ? snprintf(head, sizeof(head), "%d of %d IRQs may run on CPU %s; fired there in %.2g s:",
				     on + over, n, r->cpul, span_s)
			    : snprintf(head, sizeof(head), "%d of %d IRQs may run on CPU %s; counts there since boot:",
				     on + over, n, r->cpul);
	size_t room = sizeof(((struct rtb_finding *)0)->read) - (size_t)hl - 32, l = 0;
	int shown = 0;
	for (int i = 0; i < on; i++) {
		char one[96];
		irq_name(irqs, w[i].irq, name, sizeof(name));
		int k = span_s > 0 ? snprintf(one, sizeof(one), "%s %ld %s %.0f/s", shown ? "," : "", w[i].irq,
					      name[0] ? name : "?", w[i].rate)
				   : snprintf(one, sizeof(one), "%s %ld %s %llu", shown ? "," : "", w[i].irq,
					      name[0] ? name : "?", w[i].cnt);
		if (k < 0 || l + (size_t)k >= room || l + (size_t)k >= sizeof(list))
			break;
		memcpy(list + l, one, (size_t)k + 1);
		l += (size_t)k;
		shown++;
	}
	if (shown < on + over)
		snprintf(list + l, sizeof(list) - l, "; and %d more%s", on + over - shown,
			 over ? " (some not weighed: more IRQs than the doctor's table)" : "");
	/* weakens: one has fired there (busiest first); ok only when
	 * every IRQ routed there never fired on it */
	rtb_doc_add(r->d, "irq_affinity", ever ? RTB_DOC_WEAKENS : RTB_DOC_OK, why, fix, "%s%s%s", head, list,
		    !ever ? " (none ever fired there)" : span_s > 0 && !busy ? " (none in the sample; some before)" : "");
}

/* check_governor - the cpufreq governor of each measured CPU. */
static void check_governor(struct dr *r)
{
	static const char why[] = "a governor other than performance lowers the clock when idle: the first "
		"instructions after a wake-up run slow, and the frequency change itself stalls";
	static const char fix[] = "cpupower frequency-set -g performance (tuned's realtime profile does it)";
	char path[96], g[32], bad[96] = "";
	int none = 0, ok = 0;

	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (!rtb_cpuset_has(&r->cpus, c))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", c);
		if (!rd_text(r, path, g, sizeof(g)))
			none++;
		else if (!strcmp(g, "performance"))
			ok++;
		else
			snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "%scpu%d %s", bad[0] ? ", " : "", c, g);
	}
	if (bad[0])
		rtb_doc_add(r->d, "cpufreq", RTB_DOC_WEAKENS, why, fix, "scaling_governor: %s", bad);
	else if (none)
		rtb_doc_add(r->d, "cpufreq", RTB_DOC_UNKNOWN, why, fix,
			    "no cpufreq on CPU %s (no scaling_governor): the frequency is the firmware's or the hypervisor's",
			    r->cpul);
	else
		rtb_doc_add(r->d, "cpufreq", RTB_DOC_OK, why, fix, "scaling_governor performance on %d CPU(s)", ok);
}

/* check_idle - idle states deeper than the latency budget, enabled. */
static void check_idle(struct dr *r)
{
	static const char why[] = "leaving an idle state deeper than the latency budget adds its exit latency to "
		"every wake-up of an idle CPU";
	const long budget_us = (long)(r->cfg->budget_ns / 1000);
	char path[128], name[32], deep[160] = "", fix[200];
	long lat, dis;
	int states = 0, c0 = -1;

	snprintf(fix, sizeof(fix), "hold /dev/cpu_dma_latency at %ld (rtbench run does: --idle-latency-us), or "
		 "echo 1 > /sys/devices/system/cpu/cpuN/cpuidle/stateK/disable", budget_us);
	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (!rtb_cpuset_has(&r->cpus, c))
			continue;
		c0 = c0 < 0 ? c : c0;
		for (int k = 0; k < 16; k++) {
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/latency", c, k);
			if (rd_long(r, path, &lat))
				break;
			states++;
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable", c, k);
			if (!rd_long(r, path, &dis) && dis)
				continue;
			if (lat <= budget_us)
				continue;
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/name", c, k);
			rd(r, path, name, sizeof(name));
			snprintf(deep + strlen(deep), sizeof(deep) - strlen(deep), "%scpu%d %s %ld us",
				 deep[0] ? ", " : "", c, name, lat);
		}
	}
	if (!states)
		rtb_doc_add(r->d, "idle_states", RTB_DOC_UNKNOWN, why, fix, "no cpuidle states under "
			    "/sys/devices/system/cpu/cpu%d/cpuidle", c0);
	else if (!deep[0])
		rtb_doc_add(r->d, "idle_states", RTB_DOC_OK, why, fix, "%d enabled state(s) on CPU %s, none over %ld us",
			    states, r->cpul, budget_us);
	else if (r->cfg->idle_held_us >= 0 && r->cfg->idle_held_us <= budget_us)
		rtb_doc_add(r->d, "idle_states", RTB_DOC_OK, why, fix, "deeper than %ld us: %s; not entered: the run held "
			    "/dev/cpu_dma_latency at %d us", budget_us, deep, r->cfg->idle_held_us);
	else
		rtb_doc_add(r->d, "idle_states", RTB_DOC_WEAKENS, why, fix, "enabled and deeper than %ld us: %s",
			    budget_us, deep);
}

/* check_smt - SMT siblings of a measured CPU online and not isolated. */
static void check_smt(struct dr *r)
{
	static const char why[] = "an SMT sibling shares the core's execution units and caches: whatever runs there "
		"slows the measured CPU";
	char path[96], buf[64], iso[256], bad[96] = "";

	snprintf(iso, sizeof(iso), "nosmt on the kernel command line, or echo 0 > "
		 "/sys/devices/system/cpu/cpuM/online for each sibling, or isolate it and leave it idle");
	const char *fix = iso;
	char isol[512] = "";
	rd(r, "/sys/devices/system/cpu/isolated", isol, sizeof(isol));
	int known = 0;
	for (int c = 0; c < RTB_MAX_CPUS; c++) {
		if (!rtb_cpuset_has(&r->cpus, c))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", c);
		if (!rd_text(r, path, buf, sizeof(buf)))
			continue;
		known++;
		/* every sibling not isolated (a list "1,65" has one above 63) */
		struct rtb_cpuset sib = list_set(buf), iso_set = list_set(isol);
		rtb_cpuset_andnot(&sib, &sib, &iso_set);
		for (int sc = 0; sc < RTB_MAX_CPUS; sc++)
			if (sc != c && rtb_cpuset_has(&sib, sc))
				snprintf(bad + strlen(bad), sizeof(bad) - strlen(bad), "%scpu%d with cpu%d",
					 bad[0] ? ", " : "", c, sc);
	}
	if (!known)
		rtb_doc_add(r->d, "smt", RTB_DOC_UNKNOWN, why, fix, "no topology/thread_siblings_list for CPU %s", r->cpul);
	else if (bad[0])
		rtb_doc_add(r->d, "smt", RTB_DOC_WEAKENS, why, fix, "siblings not isolated (can be busy): %s", bad);
	else
		rtb_doc_add(r->d, "smt", RTB_DOC_OK, why, fix, "thread_siblings_list: CPU %s has no busy-able sibling", r->cpul);
}

/* check_thp - transparent huge pages always on. */
static void check_thp(struct dr *r)
{
	static const char why[] = "with transparent huge pages always on, a page fault may compact memory and "
		"khugepaged collapses pages: stalls of milliseconds";
	static const char fix[] = "transparent_hugepage=never (or madvise) on the command line, or echo never > "
		"/sys/kernel/mm/transparent_hugepage/enabled";
	char v[96];

	if (!rd_text(r, "/sys/kernel/mm/transparent_hugepage/enabled", v, sizeof(v)))
		rtb_doc_add(r->d, "thp", RTB_DOC_OK, why, fix, "/sys/kernel/mm/transparent_hugepage absent: no THP");
	else
		rtb_doc_add(r->d, "thp", strstr(v, "[always]") ? RTB_DOC_WEAKENS : RTB_DOC_OK, why, fix,
			    "/sys/kernel/mm/transparent_hugepage/enabled \"%s\"", v);
}

/* check_throttle - RT throttling (sched_rt_runtime_us of each period). */
static void check_throttle(struct dr *r)
{
	static const char why[] = "a real-time task that runs longer than the runtime in one period is stopped "
		"for the rest of it: a busy loop at RT priority sees that gap (rtbench's spins rest to stay under it)";
	static const char fix[] = "sysctl kernel.sched_rt_runtime_us=-1 (only with a watchdog against runaway "
		"RT tasks), or keep RT work under the budget";
	long rt, per;

	if (rd_long(r, "/proc/sys/kernel/sched_rt_runtime_us", &rt) ||
	    rd_long(r, "/proc/sys/kernel/sched_rt_period_us", &per))
		rtb_doc_add(r->d, "rt_throttling", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/sched_rt_*_us unreadable");
	else if (rt < 0)
		rtb_doc_add(r->d, "rt_throttling", RTB_DOC_OK, why, fix, "sched_rt_runtime_us -1: off");
	else
		rtb_doc_add(r->d, "rt_throttling", RTB_DOC_WEAKENS, why, fix,
			    "sched_rt_runtime_us %ld of sched_rt_period_us %ld: RT tasks stop for %ld us of every %ld us "
			    "once they used the rest", rt, per, per - rt, per);
}

/* check_timer_migration - kernel.timer_migration on. */
static void check_timer_migration(struct dr *r)
{
	static const char why[] = "with timer migration on, timers armed on idle CPUs are moved to a busy one, which "
		"can be the measured CPU";
	static const char fix[] = "sysctl kernel.timer_migration=0 (tuned's realtime profile does it)";
	long v;

	if (rd_long(r, "/proc/sys/kernel/timer_migration", &v))
		rtb_doc_add(r->d, "timer_migration", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/timer_migration unreadable");
	else
		rtb_doc_add(r->d, "timer_migration", v ? RTB_DOC_WEAKENS : RTB_DOC_OK, why, fix,
			    "/proc/sys/kernel/timer_migration %ld", v);
}

/* check_watchdog - the soft-lockup and NMI watchdogs on the measured CPUs. */
static void check_watchdog(struct dr *r)
{
	static const char why[] = "the soft-lockup watchdog's timer fires on every CPU in its mask (every "
		"watchdog_thresh*2/5 s) and wakes a kthread; the NMI watchdog adds a perf NMI";
	char fix[300], mask[96] = "", got[160];
	long wd = -1, nmi = 0, thresh = -1;

	snprintf(fix, sizeof(fix), "nowatchdog on the kernel command line, or sysctl kernel.watchdog_cpumask= the "
		 "CPUs other than %s (nohz_full= does it)", r->cpul);
	if (rd_long(r, "/proc/sys/kernel/watchdog", &wd)) {
		rtb_doc_add(r->d, "watchdog", RTB_DOC_UNKNOWN, why, fix, "/proc/sys/kernel/watchdog unreadable");
		return;
	}
	rd_long(r, "/proc/sys/kernel/nmi_watchdog", &nmi);
	rd_long(r, "/proc/sys/kernel/watchdog_thresh", &thresh);
	struct rtb_cpuset m = all_set(), on;
	if (rd_text(r, "/proc/sys/kernel/watchdog_cpumask", mask, sizeof(mask)))
		m = list_set(mask);
	rtb_cpuset_and(&on, &r->cpus, &m);
	rtb_cpuset_str(&on, got, sizeof(got));
	if (!wd || rtb_cpuset_first(&on) < 0)
		rtb_doc_add(r->d, "watchdog", RTB_DOC_OK, why, fix, "watchdog %ld, watchdog_cpumask \"%s\": not on CPU %s",
			    wd, mask, r->cpul);
	else
		rtb_doc_add(r->d, "watchdog", RTB_DOC_WEAKENS, why, fix,
			    "watchdog %ld (nmi_watchdog %ld, thresh %ld s), watchdog_cpumask \"%s\": on CPU %s", wd, nmi,
			    thresh, mask, got);
}

/* check_vm - a hypervisor under this system. */
static void check_vm(struct dr *r)
{
	static const char why[] = "the host schedules the vCPUs: it can stop this CPU for milliseconds at any time, "
		"and the guest's own trace cannot see it (a gap with no event)";
	static const char fix[] = "measure on bare metal, or give the guest dedicated isolated host CPUs (vCPU "
		"pinning, no overcommit, the host tuned too)";
	static char info[65536];
	char hv[64] = "", vendor[64] = "";

	rd(r, "/sys/hypervisor/type", hv, sizeof(hv));
	rd(r, "/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	if (rd(r, "/proc/cpuinfo", info, sizeof(info)) < 0) {
		rtb_doc_add(r->d, "virtualization", RTB_DOC_UNKNOWN, why, fix, "/proc/cpuinfo unreadable");
		return;
	}
	const char *f = strstr(info, "\nflags");
	int flag = f && strstr(f, " hypervisor") && strstr(f, " hypervisor") < strchr(f + 1, '\n');
	if (flag || hv[0] || strstr(vendor, "QEMU") || strstr(vendor, "KVM"))
		rtb_doc_add(r->d, "virtualization", RTB_DOC_WEAKENS, why, fix, "a virtual machine:%s%s%s%s%s",
			    flag ? " /proc/cpuinfo flag hypervisor" : "", hv[0] ? "; /sys/hypervisor/type " : "", hv,
			    vendor[0] ? "; sys_vendor " : "", vendor);
	else if (f)
		rtb_doc_add(r->d, "virtualization", RTB_DOC_OK, why, fix, "/proc/cpuinfo flags: no hypervisor");
	else
		rtb_doc_add(r->d, "virtualization", RTB_DOC_UNKNOWN, why, fix,
			    "/proc/cpuinfo has no flags line, no /sys/hypervisor/type%s%s", vendor[0] ? "; sys_vendor " : "",
			    vendor);
}

/* trace_dir - the tracefs directory to read (under the root): a snapshot's
 * /sys/kernel/tracing; live, where it is mounted (a standard place first,
 * else any mount: a killed run's private one). 0 when mounted nowhere. */
static int trace_dir(const struct dr *r, char *dir, size_t len)
{
	char dev[256], mp[256], type[64];
	FILE *f;
	int found = 0;

	if (!live(r)) {
		snprintf(dir, len, "/sys/kernel/tracing");
		return 1;
	}
	if (!(f = fopen("/proc/mounts", "re")))
		return 0;
	while (fscanf(f, "%255s %255s %63s %*[^\n]", dev, mp, type) == 3)
		if (!strcmp(type, "tracefs") && (!found || !strncmp(mp, "/sys/", 5))) {
			snprintf(dir, len, "%s", mp);
			found = 1;
		}
	fclose(f);
	return found;
}

/* trace_triggers - how many event triggers are set under root/inst
 * (events/SYSTEM/EVENT/trigger holding a line that is not a comment); the
 * first one found named into first. */
static int trace_triggers(const struct dr *r, const char *inst, char *first, size_t len)
{
	char path[RTB_DOC_ROOT_MAX + 600], rel[600], buf[256];
	DIR *sd, *ed;
	struct dirent *s, *e;
	int n = 0;

	snprintf(path, sizeof(path), "%s%s/events", r->cfg->root ? r->cfg->root : "", inst);
	if (!(sd = opendir(path)))
		return 0;
	while ((s = readdir(sd))) {
		if (s->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s%s/events/%s", r->cfg->root ? r->cfg->root : "", inst, s->d_name);
		if (!(ed = opendir(path)))
			continue;
		while ((e = readdir(ed))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(rel, sizeof(rel), "%s/events/%s/%s/trigger", inst, s->d_name, e->d_name);
			if (rd_text(r, rel, buf, sizeof(buf)) && buf[0] != '#') {
				if (!n++)
					snprintf(first, len, "%s:%s \"%.*s\"", s->d_name, e->d_name,
						 (int)strcspn(buf, "\n"), buf);
			}
		}
		closedir(ed);
	}
	closedir(sd);
	return n;
}

/* trace_active - one tracing instance (or the top level: name "") as
 * words appended to out when it records (tracing_on with events or a
 * tracer) or holds a trigger; 1 if so. */
static int trace_active(const struct dr *r, const char *dir, const char *name, char *out, size_t len)
{
	char inst[400], rel[460], on[16], tracer[64], ev[2048], trig[160] = "";
	int events = 0, ntrig;

	if (name[0])
		snprintf(inst, sizeof(inst), "%s/instances/%s", dir, name);
	else
		snprintf(inst, sizeof(inst), "%s", dir);
	snprintf(rel, sizeof(rel), "%s/tracing_on", inst);
	int recording = rd(r, rel, on, sizeof(on)) == 0 && on[0] == '1';
	snprintf(rel, sizeof(rel), "%s/set_event", inst);
	if (rd_text(r, rel, ev, sizeof(ev)))
		for (const char *p = ev; *p; p += strcspn(p, "\n"), p += *p == '\n')
			events++;
	snprintf(rel, sizeof(rel), "%s/current_tracer", inst);
	if (rd(r, rel, tracer, sizeof(tracer)) || !tracer[0])
		snprintf(tracer, sizeof(tracer), "nop");
	ntrig = trace_triggers(r, inst, trig, sizeof(trig));
	if (!(recording && (events || strcmp(tracer, "nop"))) && !ntrig)
		return 0;
	size_t l = strlen(out);
	snprintf(out + l, len - l, "%s%s%s: tracing %s, %d event(s)%s%s%s%s", l ? "; " : "",
		 name[0] ? "instance " : "top level", name, recording ? "on" : "off", events,
		 strcmp(tracer, "nop") ? ", tracer " : "", strcmp(tracer, "nop") ? tracer : "",
		 ntrig ? ", trigger " : "", ntrig ? trig : "");
	return 1;
}

/* check_tracing - a tracing instance (or the top-level buffer) recording,
 * or an event trigger set: each enabled tracepoint costs every event on
 * every CPU, and a stack trigger on sched_switch a stack walk per context
 * switch (a killed traced run's instance made every later run's wake-up
 * 2.5x slower). */
static void check_tracing(struct dr *r)
{
	static const char why[] = "an enabled tracepoint or trigger runs on every event on every CPU: a context "
		"switch that records an event (and walks the stack, for a stack trigger) takes longer";
	static const char fix[] = "stop the program that traces; an instance \"rtbench-PID-START\" of a run that "
		"was killed is removed by the next rtbench run (or rmdir TRACEFS/instances/NAME)";
	char dir[300], path[RTB_DOC_ROOT_MAX + 400], found[1024] = "";
	DIR *d;
	struct dirent *e;
	int n = 0, inst = 0;

	if (!trace_dir(r, dir, sizeof(dir))) {
		rtb_doc_add(r->d, "tracing", RTB_DOC_OK, why, fix, "tracefs is mounted nowhere: no instance is read "
			    "(a killed rtbench run's mount stays until removed)");
		return;
	}
	n += trace_active(r, dir, "", found, sizeof(found));
	snprintf(path, sizeof(path), "%s%s/instances", r->cfg->root ? r->cfg->root : "", dir);
	if ((d = opendir(path))) {
		while ((e = readdir(d)))
			if (e->d_name[0] != '.') {
				inst++;
				n += trace_active(r, dir, e->d_name, found, sizeof(found));
			}
		closedir(d);
	}
	if (n)
		rtb_doc_add(r->d, "tracing", RTB_DOC_WEAKENS, why, fix, "%s: %s", dir, found);
	else
		rtb_doc_add(r->d, "tracing", RTB_DOC_OK, why, fix, "%s: nothing recording, no trigger (%d instance(s))",
			    dir, inst);
}

int rtb_port_doctor(const struct rtb_doctor_cfg *cfg, struct rtb_doctor *d)
{
	static struct dr r;
	char online[128];

	memset(d, 0, sizeof(*d));
	memset(&r, 0, sizeof(r));
	/* a snapshot that is not there is bad input, not ten "unknown"
	 * and an exit status that says nothing was found */
	struct stat rst;
	if (!live_root(cfg->root) && (stat(cfg->root, &rst) || !S_ISDIR(rst.st_mode)))
		return RTB_EINVAL;
	r.cfg = cfg;
	r.d = d;
	r.cpus = cfg->cpus;
	struct rtb_cpuset on = { { 0 } };
	long beyond = 0;
	if (rd_text(&r, "/sys/devices/system/cpu/online", online, sizeof(online)) &&
	    rtb_cpuset_parse(online, &on, &beyond, NULL, 0))
		memset(&on, 0, sizeof(on));
	int non = rtb_cpuset_count(&on);
	/* a CPU to judge that is not online (known) has nothing to read:
	 * refused, never a column of "unknown" */
	if (non && !cfg->all_cpus && !rtb_cpuset_subset(&r.cpus, &on))
		return RTB_ERANGE;
	if (cfg->all_cpus) {
		if (!non)
			return RTB_ENOTSUP;
		r.cpus = on;
	} else if (rtb_cpuset_first(&r.cpus) < 0) {
		if (!non)
			return RTB_ENOTSUP;
		rtb_cpuset_set(&r.cpus, rtb_cpuset_last(&on));
	}
	/* every online CPU judged, more than one: the fixes keep one */
	r.all = non && rtb_cpuset_subset(&on, &r.cpus) && !beyond && non > 1;
	r.hk = non ? rtb_cpuset_first(&on) : 0;
	rtb_cpuset_str(&r.cpus, r.cpul, sizeof(r.cpul));
	if (r.all) {
		struct rtb_cpuset fx = r.cpus;
		fx.bits[r.hk / 64] &= ~(1ull << (r.hk % 64));
		rtb_cpuset_str(&fx, r.fixl, sizeof(r.fixl));
		snprintf(r.hknote, sizeof(r.hknote), "; CPU %d kept for housekeeping (every CPU is measured: "
			 "the system needs one)", r.hk);
	} else {
		snprintf(r.fixl, sizeof(r.fixl), "%s", r.cpul);
	}
	rd(&r, "/proc/cmdline", r.cmdline, sizeof(r.cmdline));
	d->cpus = r.cpus;
	d->budget_ns = cfg->budget_ns;
	check_preemption(&r);
	char fix[240];
	snprintf(fix, sizeof(fix), "isolcpus=domain,managed_irq,%s on the kernel command line (or a cpuset "
		 "partition)%s", r.fixl, r.hknote);
	check_cpuset(&r, "isolcpus", "/sys/devices/system/cpu/isolated",
		     "a CPU not isolated takes part in load balancing: any task may be placed on it", fix);
	snprintf(fix, sizeof(fix), "nohz_full=%s on the kernel command line (a kernel with CONFIG_NO_HZ_FULL)%s",
		 r.fixl, r.hknote);
	check_cpuset(&r, "nohz_full", "/sys/devices/system/cpu/nohz_full",
		     "without nohz_full the scheduler tick interrupts the CPU HZ times a second even with one task",
		     fix);
	check_rcu(&r);
	check_irqs(&r);
	check_governor(&r);
	check_idle(&r);
	check_smt(&r);
	check_thp(&r);
	check_throttle(&r);
	check_timer_migration(&r);
	check_watchdog(&r);
	check_vm(&r);
	check_tracing(&r);
	/* what is not judged is said, never "ok" by omission */
	if (cfg->all_cpus && beyond)
		rtb_doc_add(d, "cpus", RTB_DOC_UNKNOWN, "the doctor judges CPUs 0-" RTB_LAST_CPU_STR
			    " (rtbench's widest CPU set); the system's lists are read whole",
			    "measure those CPUs' settings by hand", "%ld online CPU(s) from CPU %d up not judged "
			    "(/sys/devices/system/cpu/online \"%s\")", beyond, RTB_MAX_CPUS, online);
	d->done = 1;
	return 0;
}
