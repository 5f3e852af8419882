/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - process set-up, system knobs, stop signals and the
 * platform fingerprint. Everything here is read or set through /proc and
 * /sys, so a missing file means "unknown", never a failure of the run. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "posix_int.h"
#include "rtb_port_int.h"

int rtb_posix_timer_signal(void);

/* WAKE_SIG - rtb_port_stop_wake's signal: blocked everywhere with the
 * stop signals (rtb_port_init), taken by the watchdog's wait, never a stop */
#define WAKE_SIG (SIGRTMIN + 2)
/* STATUS_SIG - a status line, not a stop (cyclictest's SIGUSR1) */
#define STATUS_SIG SIGUSR1

/* stop_set - the signals that stop a run (every one whose default action
 * ends the process, but for the faults a thread raises itself and SIGABRT,
 * and SIGPIPE, ignored) and STATUS_SIG; blocked everywhere, taken
 * synchronously by the watchdog (no asynchronous handler at all): left
 * to their default action, SIGUSR1/SIGUSR2/SIGALRM ended a run with no
 * result and its settings changed. The real-time signals rtbench uses
 * itself (the timer's, WAKE_SIG) are not stops. */
static void stop_set(sigset_t *s)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR2, SIGALRM, SIGVTALRM,
				    SIGPROF, SIGIO, SIGPWR, SIGXCPU, SIGXFSZ, SIGSTKFLT, STATUS_SIG };

	sigemptyset(s);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaddset(s, sigs[i]);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		if (sig != WAKE_SIG && sig != rtb_posix_timer_signal())
			sigaddset(s, sig);
}

/* rtb_port_init - block stop signals and the timer signal in this thread
 * and therefore in every thread created after it (a stop that comes
 * before the watchdog runs waits, pending, for it: never the default
 * action, which would end the run with no result); ignore SIGPIPE: a
 * reader of stdout or stderr that went away (`| tee log` ended by the
 * same Ctrl-C, `| head`, a closed ssh) makes those writes fail with
 * EPIPE, never ends the run before its result is written. Idempotent:
 * `run` calls it before its options are read, the set-up again. */
int rtb_port_init(void)
{
	struct sigaction ign = { .sa_handler = SIG_IGN };
	sigset_t s;

	sigemptyset(&ign.sa_mask);
	if (sigaction(SIGPIPE, &ign, NULL))
		return RTB_ESYS;
	stop_set(&s);
	sigaddset(&s, rtb_posix_timer_signal());
	sigaddset(&s, WAKE_SIG);
	return pthread_sigmask(SIG_BLOCK, &s, NULL) ? RTB_ESYS : 0;
}

/* A copy of a stop already taken is not a second stop: `timeout -s INT`
 * signals its child and then the child's whole process group, so rtbench
 * gets the same signal twice from the same sender within microseconds (and
 * took the copy for a second Ctrl-C: "restoring settings and exiting now",
 * the final result lost, 4 of 16 runs). The same signal from the same
 * sender within SAME_STOP_NS of the first is that copy; a later one, or
 * another signal, or another sender, is a second stop. */
#define SAME_STOP_NS 1000000000LL

static struct {
	int sig;       /* the last stop taken, 0: none */
	pid_t pid;     /* its sender (si_pid; 0 for the terminal's Ctrl-C) */
	int64_t at_ns; /* when it was taken */
} last_stop;

/* mono_ns - CLOCK_MONOTONIC in ns. */
static int64_t mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* rtb_port_stop_wait - the stop signal's number if one arrived
 * within timeout, else 0; a copy of the last one (above) is swallowed. */
int rtb_port_stop_wait(int64_t timeout_ns)
{
	int64_t end = mono_ns() + timeout_ns, left = timeout_ns;
	sigset_t s;
	siginfo_t si;
	int sig;

	stop_set(&s);
	sigaddset(&s, WAKE_SIG);
	for (;;) {
		struct timespec ts = { .tv_sec = left / 1000000000, .tv_nsec = left % 1000000000 };
		sig = sigtimedwait(&s, &si, &ts);
		if (sig <= 0 || sig == WAKE_SIG)
			return 0;
		if (sig == STATUS_SIG)
			return RTB_STATUS_ASKED;
		int64_t now = mono_ns();
		if (!(sig == last_stop.sig && si.si_pid == last_stop.pid && now - last_stop.at_ns < SAME_STOP_NS)) {
			last_stop.sig = sig;
			last_stop.pid = si.si_pid;
			last_stop.at_ns = now;
			return sig;
		}
		left = end - now; /* the copy: wait on for a real one */
		if (left <= 0)
			return 0;
	}
}

/* rtb_port_stop_wake - WAKE_SIG to thread t: its rtb_port_stop_wait
 * returns 0 now. Sent only when this thread blocks it (rtb_port_init ran
 * before t was made, so t blocks it too): an unblocked real-time signal
 * would end the process; without it t waits out its timeout as before. */
void rtb_port_stop_wake(rtb_thread_t *t)
{
	sigset_t m;

	if (!pthread_sigmask(SIG_BLOCK, NULL, &m) && sigismember(&m, WAKE_SIG) == 1)
		pthread_kill(*rtb_posix_thread(t), WAKE_SIG);
}

/* rtb_port_exit - end the process now (no atexit handlers, no flush). */
void rtb_port_exit(int status)
{
	_exit(status);
}

/* rtb_port_date_utc - the current date, ISO 8601 UTC. */
int rtb_port_date_utc(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;

	if (len)
		buf[0] = '\0';
	if (now == (time_t)-1 || !gmtime_r(&now, &tm))
		return RTB_ESYS;
	return strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm) ? 0 : RTB_ERANGE;
}

/* The least stack limit rtbench runs under: the main thread's largest
 * frames (a result on the stack in the runner, 8 KiB line buffers) and
 * threads created on the default stack (glibc sizes it from the limit). */
#define STACK_MIN_BYTES (256u * 1024u)

/* rtb_port_process_check - see port.h. */
int rtb_port_process_check(char *why, size_t len)
{
	struct rlimit rl;

	if (len)
		why[0] = '\0';
	if (getrlimit(RLIMIT_STACK, &rl) || rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= STACK_MIN_BYTES)
		return 0;
	snprintf(why, len, "the stack limit (ulimit -s) is %llu KiB, below the %u KiB rtbench needs "
		 "(ulimit -s 8192 is the usual default)", (unsigned long long)rl.rlim_cur / 1024,
		 STACK_MIN_BYTES / 1024);
	return RTB_ERANGE;
}

/* rtb_port_lock_memory - mlockall, where it cannot backfire: without
 * CAP_IPC_LOCK under a finite RLIMIT_MEMLOCK, MCL_FUTURE makes every
 * allocation past the limit fail (a large --samples run failed after
 * claiming "memory locked"), so nothing is locked and RTB_ERANGE says why:
 * the run goes on unlocked and says so up front. */
int rtb_port_lock_memory(void)
{
	struct rlimit rl;

	if (geteuid() != 0 && getrlimit(RLIMIT_MEMLOCK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
		return RTB_ERANGE;
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		return rtb_err_from_errno(errno);
	return 0;
}

/* read_long - first integer in a file. */
static int read_long(const char *path, long *v)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return errno == ENOENT ? RTB_ENOTSUP : rtb_err_from_errno(errno);
	ok = fscanf(f, "%ld", v) == 1;
	fclose(f);
	return ok ? 0 : RTB_ESYS;
}

static int dma_fd = -1;

/* rtb_port_idle_latency_hold - keep /dev/cpu_dma_latency open with `us`,
 * the PM QoS request cyclictest also makes; released on close. */
int rtb_port_idle_latency_hold(int us)
{
	int32_t v = us;

	if (dma_fd >= 0)
		return 0;
	dma_fd = open("/dev/cpu_dma_latency", O_WRONLY);
	if (dma_fd < 0)
		return errno == ENOENT ? RTB_ENOTSUP : rtb_err_from_errno(errno);
	if (write(dma_fd, &v, sizeof(v)) != sizeof(v)) {
		close(dma_fd);
		dma_fd = -1;
		return RTB_ESYS;
	}
	return 0;
}

void rtb_port_idle_latency_release(void)
{
	if (dma_fd >= 0)
		close(dma_fd);
	dma_fd = -1;
}

/* read_line - first line of a file without the newline, "" if absent. */
static void read_line(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (!f)
		return;
	if (fgets(out, (int)len, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* cpuinfo_field - value of the first "key\t: value" line of /proc/cpuinfo. */
static int cpuinfo_field(const char *key, char *out, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	static char line[8192]; /* not on the stack: ulimit -s 16 crashed here */
	size_t kl = strlen(key);
	int found = 0;

	out[0] = '\0';
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, kl) != 0 || (line[kl] != '\t' && line[kl] != ' ' && line[kl] != ':'))
			continue;
		char *c = strchr(line, ':');
		if (!c)
			continue;
		c++;
		while (*c == ' ')
			c++;
		c[strcspn(c, "\n")] = '\0';
		snprintf(out, len, "%s", c);
		found = 1;
	}
	fclose(f);
	return found;
}

/* boot_log - the rest of the line after KEY in the kernel log, where it is
 * still in the ring buffer and readable (root); 1 if found. The log is
 * read once (the fingerprint is taken once, by main). */
static int boot_log(const char *key, char *out, size_t len)
{
	static char buf[1 << 17];
	static int n = -2; /* -2: not read yet */

	if (n == -2) {
		n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, (int)sizeof(buf) - 1);
		buf[n > 0 ? n : 0] = '\0';
	}
	char *p = n > 0 ? strstr(buf, key) : NULL;
	if (!p)
		return 0;
	p += strlen(key);
	snprintf(out, len, "%.*s", (int)strcspn(p, "\n"), p);
	return out[0] != '\0';
}

/* printable_trim - s cut at its first control byte, without blanks at
 * either end (in place; returns where it now starts). */
static char *printable_trim(char *s)
{
	for (char *c = s; *c; c++)
		if ((unsigned char)*c < ' ' || (unsigned char)*c > 126)
			*c = '\0';
	while (*s == ' ')
		s++;
	size_t l = strlen(s);
	while (l && s[l - 1] == ' ')
		s[--l] = '\0';
	return s;
}

/* rtb_posix_virt_name - the hypervisor's name from what the CPU and the
 * kernel say (posix_int.h). */
void rtb_posix_virt_name(const char *sig, const char *klog, char *out, size_t len)
{
	static const struct { const char *sig, *name; } known[] = {
		{ "KVMKVMKVM", "kvm" }, { "Microsoft Hv", "hyper-v" }, { "VMwareVMware", "vmware" },
		{ "XenVMMXenVMM", "xen" }, { "TCGTCGTCGTCG", "qemu-tcg" }, { "bhyve bhyve ", "bhyve" },
		{ "ACRNACRNACRN", "acrn" },
	};
	char c[13], k[40];
	const char *cn = NULL;

	snprintf(c, sizeof(c), "%s", sig);
	snprintf(k, sizeof(k), "%s", klog);
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]) && !cn; i++)
		if (!strncmp(c, known[i].sig, strlen(known[i].sig)))
			cn = known[i].name;
	if (!cn)
		cn = printable_trim(c);
	const char *kn = printable_trim(k);
	if (!*cn && !*kn)
		snprintf(out, len, "unknown");
	else if (!*kn || !strcasecmp(cn, kn))
		snprintf(out, len, "%s", cn);
	else if (!*cn)
		snprintf(out, len, "%s", kn);
	else
		snprintf(out, len, "%s (CPUID), %s (kernel)", cn, kn);
}

/* hypervisor - name from CPUID leaf 0x40000000 and the kernel log, where
 * the CPU flags one. */
static void hypervisor(char *out, size_t len)
{
	static char flags[8192]; /* (the fingerprint is taken once, by main) */
	char sig[13] = "", klog[40] = "";

	out[0] = '\0';
	if (!cpuinfo_field("flags", flags, sizeof(flags)) || !strstr(flags, " hypervisor"))
		return;
#if defined(__x86_64__) || defined(__i386__)
	unsigned a = 0x40000000, b, c, d;
	__asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = '\0';
#endif
	boot_log("Hypervisor detected: ", klog, sizeof(klog));
	rtb_posix_virt_name(sig, klog, out, len);
}

/* arm_cpu_model - the core's name from /proc/cpuinfo's "CPU implementer"
 * and "CPU part" (arm64 Linux prints no "model name"): the name for Arm's
 * own cores (implementer 0x41), the two numbers otherwise. 0 when neither
 * line is there (not an Arm CPU). */
static int arm_cpu_model(char *out, size_t len)
{
	static const struct { unsigned long part; const char *name; } arm_parts[] = {
		{ 0xd03, "Cortex-A53" }, { 0xd04, "Cortex-A35" }, { 0xd05, "Cortex-A55" },
		{ 0xd07, "Cortex-A57" }, { 0xd08, "Cortex-A72" }, { 0xd09, "Cortex-A73" },
		{ 0xd0a, "Cortex-A75" }, { 0xd0b, "Cortex-A76" }, { 0xd0c, "Neoverse-N1" },
		{ 0xd0d, "Cortex-A77" }, { 0xd40, "Neoverse-V1" }, { 0xd41, "Cortex-A78" },
		{ 0xd46, "Cortex-A510" }, { 0xd47, "Cortex-A710" }, { 0xd49, "Neoverse-N2" },
	};
	char impl[32], part[32];

	if (!cpuinfo_field("CPU implementer", impl, sizeof(impl)) ||
	    !cpuinfo_field("CPU part", part, sizeof(part)))
		return 0;
	unsigned long i = strtoul(impl, NULL, 0), p = strtoul(part, NULL, 0);
	for (size_t k = 0; i == 0x41 && k < sizeof(arm_parts) / sizeof(arm_parts[0]); k++)
		if (arm_parts[k].part == p) {
			snprintf(out, len, "Arm %s (implementer 0x41, part 0x%03lx)", arm_parts[k].name, p);
			return 1;
		}
	snprintf(out, len, "implementer %s, part %s", impl, part);
	return 1;
}

/* rtb_posix_lockdown - see posix_int.h */
int rtb_posix_lockdown(const char *root, char *mode, size_t len)
{
	char path[4200], buf[256], *o, *c;
	static char cmd[4096];
	FILE *f;
	const char *r = root ? root : "";
	int live = !root || !root[0] || !strcmp(root, "/");

	snprintf(mode, len, "none");
	/* securityfs names the level in brackets: "none [integrity] confidentiality" */
	snprintf(path, sizeof(path), "%s/sys/kernel/security/lockdown", r);
	if ((f = fopen(path, "re"))) {
		size_t n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[n] = '\0';
		if ((o = strchr(buf, '[')) && (c = strchr(o, ']'))) {
			snprintf(mode, len, "%.*s", (int)(c - o - 1), o + 1);
			return strcmp(mode, "none") != 0;
		}
	}
	/* securityfs not mounted: the command line, then the kernel log */
	snprintf(path, sizeof(path), "%s/proc/cmdline", r);
	if ((f = fopen(path, "re"))) {
		size_t n = fread(cmd, 1, sizeof(cmd) - 1, f);
		fclose(f);
		cmd[n] = '\0';
		if ((o = strstr(cmd, "lockdown=")) && (o == cmd || o[-1] == ' ')) {
			o += 9;
			snprintf(mode, len, "%.*s", (int)strcspn(o, " \n"), o);
			if (strcmp(mode, "none"))
				return 1;
		}
	}
	if (live && boot_log("Kernel is locked down from ", buf, sizeof(buf))) {
		snprintf(mode, len, "set from %.*s", (int)strcspn(buf, ";"), buf);
		return 1;
	}
	snprintf(mode, len, "none");
	return 0;
}

/* preempt_model - what the kernel says of its preemption. The dynamic mode
 * is read from debugfs where mounted and the kernel is not locked down
 * (then the kernel refuses the read and logs a "Lockdown:" line for each
 * try: ~10 a run), else from preempt= on the command line, else the boot
 * log's "Dynamic Preempt:", else left "mode unknown". */
static void preempt_model(const struct utsname *u, char *out, size_t len, int *rt)
{
	char mode[128] = "";

	*rt = access("/sys/kernel/realtime", F_OK) == 0;
	if (*rt) {
		snprintf(out, len, "PREEMPT_RT");
		return;
	}
	if (strstr(u->version, "PREEMPT_RT")) {
		*rt = 1;
		snprintf(out, len, "PREEMPT_RT");
		return;
	}
	if (strstr(u->version, "PREEMPT_DYNAMIC")) {
		char lk[64];
		if (!rtb_posix_lockdown(NULL, lk, sizeof(lk)))
			read_line("/sys/kernel/debug/sched/preempt", mode, sizeof(mode));
		char *o = strchr(mode, '('), *c = o ? strchr(o, ')') : NULL;
		if (o && c) {
			*c = '\0';
			snprintf(out, len, "PREEMPT_DYNAMIC (%s)", o + 1);
			return;
		}
		static char cmd[4096];
		read_line("/proc/cmdline", cmd, sizeof(cmd));
		char *p = strstr(cmd, "preempt=");
		if (p) {
			p += 8;
			p[strcspn(p, " ")] = '\0';
			snprintf(out, len, "PREEMPT_DYNAMIC (%s)", p);
		} else if (boot_log("Dynamic Preempt: ", mode, sizeof(mode))) {
			snprintf(out, len, "PREEMPT_DYNAMIC (%s)", mode);
		} else {
			snprintf(out, len, "PREEMPT_DYNAMIC (mode unknown)");
		}
		return;
	}
	if (strstr(u->version, "PREEMPT"))
		snprintf(out, len, "PREEMPT");
	else
		snprintf(out, len, "none or voluntary");
}

/* rtb_port_fingerprint - everything about the platform a result depends on. */
int rtb_port_fingerprint(struct rtb_fingerprint *fp)
{
	struct utsname u;
	char buf[160];
	long v;

	memset(fp, 0, sizeof(*fp));
	if (uname(&u))
		return RTB_ESYS;
	snprintf(fp->os, sizeof(fp->os), "%s", u.sysname);
	snprintf(fp->hostname, sizeof(fp->hostname), "%s", u.nodename);
	snprintf(fp->os_release, sizeof(fp->os_release), "%s", u.release);
	snprintf(fp->machine, sizeof(fp->machine), "%s", u.machine);
	preempt_model(&u, fp->preempt_model, sizeof(fp->preempt_model), &fp->realtime);
	if (!cpuinfo_field("model name", fp->cpu_model, sizeof(fp->cpu_model)) &&
	    !cpuinfo_field("Processor", fp->cpu_model, sizeof(fp->cpu_model)))
		arm_cpu_model(fp->cpu_model, sizeof(fp->cpu_model));
	read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource",
		  fp->clocksource, sizeof(fp->clocksource));
	hypervisor(fp->virt, sizeof(fp->virt));
	fp->ncpus = rtb_ncpus();
	if (rtb_port_knob_get(RTB_KNOB_RR_TIMESLICE_MS, &fp->rr_quantum_ms))
		fp->rr_quantum_ms = -2;
	/* Linux's own facts (JSON keys as before the split) */
	rtb_fp_fact(fp, "kernel_version", u.version);
	rtb_fp_fact_int(fp, "rt_runtime_us",
			read_long("/proc/sys/kernel/sched_rt_runtime_us", &v) ? -2 : v);
	rtb_fp_fact_int(fp, "rt_period_us",
			read_long("/proc/sys/kernel/sched_rt_period_us", &v) ? -2 : v);
	read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", buf, 32);
	rtb_fp_fact(fp, "cpu_governor", buf);
	read_line("/sys/devices/system/cpu/cpuidle/current_driver", buf, 32);
	rtb_fp_fact(fp, "idle_driver", buf);
	read_line("/sys/devices/system/cpu/isolated", buf, 64);
	rtb_fp_fact(fp, "isolated_cpus", buf);
	/* a SCHED_OTHER sleeper's wake-up may be deferred by up to this much
	 * (real-time tasks have none): what a --no-rt timer figure includes */
	v = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	rtb_fp_fact_int(fp, "timerslack_ns", v >= 0 ? v : -2);
	return 0;
}

/* rtb_port_alloc / rtb_port_free - the C library's heap. */
void *rtb_port_alloc(size_t n)
{
	return malloc(n);
}

void rtb_port_free(void *p)
{
	free(p);
}
