/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - threads with explicit policy, priority and CPU.
 *
 * Threads are created with PTHREAD_EXPLICIT_SCHED so they start with the
 * asked policy instead of inheriting the creator's; the start trampoline
 * pre-faults the stack and publishes the OS thread id before running the
 * benchmark's function, so no page fault or id lookup lands in a
 * measurement. The /proc readers (effective priority, blocked state) are
 * Linux-specific and answer RTB_ENOTSUP where /proc is absent. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

#define PREFAULT_BYTES (64 * 1024)
/* Default stack: small, because with mlockall(MCL_FUTURE) every stack is
 * locked, and an unprivileged user's RLIMIT_MEMLOCK (8 MiB on Debian) would
 * not hold glibc's 8 MiB default for even one thread. */
#define DEFAULT_STACK_BYTES (256 * 1024)
#ifdef RTB_PORT_TSAN /* rtb_port_types.h */
#undef DEFAULT_STACK_BYTES
#define DEFAULT_STACK_BYTES RTB_PORT_STACK_BYTES
#endif

struct start {
	rtb_thread_fn fn;
	void *arg;
	rtb_thread_t *t;
	sem_t ready;
};

/* Native SCHED_FIFO/RR priority of each level: base + level for the
 * measurement levels (80..83 by default, as before levels existed), the
 * highest priority for the watchdog. */
static int prio_map[RTB_NPRIO] = { 80, 81, 82, 83, 99 };

/* rtb_port_prio_init - levels from base (-1: 80). */
int rtb_port_prio_init(int base)
{
	int max = sched_get_priority_max(SCHED_FIFO), min = sched_get_priority_min(SCHED_FIFO);

	if (base < 0)
		base = 80;
	if (base < min || base + RTB_PRIO_CTRL >= max)
		return RTB_ERANGE;
	for (int p = RTB_PRIO_LOW; p <= RTB_PRIO_CTRL; p++)
		prio_map[p] = base + p;
	prio_map[RTB_PRIO_WATCHDOG] = max;
	return 0;
}

int rtb_prio_native(enum rtb_prio p)
{
	return p >= 0 && p < RTB_NPRIO ? prio_map[p] : prio_map[RTB_PRIO_LOW];
}

/* native_policy - the POSIX policy of an rtbench policy. */
static int native_policy(enum rtb_policy p)
{
	switch (p) {
	case RTB_SCHED_FIFO: return SCHED_FIFO;
	case RTB_SCHED_RR: return SCHED_RR;
	default: return SCHED_OTHER;
	}
}

/* prefault - touch PREFAULT_BYTES of stack below the caller. */
static __attribute__((noinline)) void prefault(void)
{
	volatile char buf[PREFAULT_BYTES];
	for (size_t i = 0; i < sizeof(buf); i += 4096)
		buf[i] = 0;
	buf[sizeof(buf) - 1] = 0;
}

/* trampoline - a thread's start: pre-fault its stack and publish its
 * kernel id before the benchmark's function runs. */
static void *trampoline(void *p)
{
	struct start *s = p;
	rtb_thread_fn fn = s->fn;
	void *arg = s->arg;

	prefault();
	s->t->os_id = (long)syscall(SYS_gettid);
	sem_post(&s->ready); /* s is gone after this */
	fn(arg);
	return NULL;
}

/* trampoline_nowait - a thread started without the handshake (attr.nowait:
 * a measured creation): the benchmark's function first, so its first
 * instruction is the creation's end; the kernel id is published after it
 * (the watchdog cannot demote such a thread before: it is meant to stamp
 * and return). */
static void *trampoline_nowait(void *p)
{
	rtb_thread_t *t = p;

	t->fn(t->arg);
	t->os_id = (long)syscall(SYS_gettid);
	return NULL;
}

/* rtb_thread_create - start fn(arg) with the exact attributes in a. */
int rtb_thread_create(rtb_thread_t *t, const struct rtb_thread_attr *a,
		      rtb_thread_fn fn, void *arg)
{
	pthread_attr_t attr;
	struct sched_param sp = { .sched_priority = 0 };
	struct start s = { .fn = fn, .arg = arg, .t = t };
	int rc;

	memset(t, 0, sizeof(*t));
	if (sem_init(&s.ready, 0, 0))
		return RTB_ESYS;
	pthread_attr_init(&attr);
	pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&attr, native_policy(a->policy));
	if (a->policy != RTB_SCHED_NORMAL)
		sp.sched_priority = rtb_prio_native(a->prio);
	pthread_attr_setschedparam(&attr, &sp);
	if (a->stack) {
		/* the caller's stack must hold the pre-fault and then some */
		if (a->stack_bytes < PREFAULT_BYTES * 2 ||
		    pthread_attr_setstack(&attr, a->stack, a->stack_bytes)) {
			pthread_attr_destroy(&attr);
			sem_destroy(&s.ready);
			return RTB_EINVAL;
		}
	} else {
		size_t sz = a->stack_bytes == 0 ? DEFAULT_STACK_BYTES :
			    a->stack_bytes < PREFAULT_BYTES * 2 ? PREFAULT_BYTES * 2 : a->stack_bytes;
#ifdef RTB_PORT_TSAN
		if (sz < DEFAULT_STACK_BYTES)
			sz = DEFAULT_STACK_BYTES;
#endif
		pthread_attr_setstacksize(&attr, sz);
	}
	if (a->cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(a->cpu, &set);
		pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	}
	if (a->nowait) {
		/* no handshake: the thread may run (and outrank us) inside
		 * pthread_create; no name either (a system call of its own) */
		t->fn = fn;
		t->arg = arg;
		sem_destroy(&s.ready);
		rc = pthread_create(rtb_posix_thread(t), &attr, trampoline_nowait, t);
		pthread_attr_destroy(&attr);
		if (rc)
			return rtb_err_from_errno(rc);
		t->started = 1;
		return 0;
	}
	rc = pthread_create(rtb_posix_thread(t), &attr, trampoline, &s);
	pthread_attr_destroy(&attr);
	if (rc) {
		sem_destroy(&s.ready);
		return rtb_err_from_errno(rc);
	}
	while (sem_wait(&s.ready) && errno == EINTR)
		;
	sem_destroy(&s.ready);
	t->started = 1;
	if (a->name)
		pthread_setname_np(*rtb_posix_thread(t), a->name);
	return 0;
}

/* rtb_thread_join - wait for the thread to end. */
int rtb_thread_join(rtb_thread_t *t)
{
	if (!t->started)
		return 0;
	t->started = 0;
	return pthread_join(*rtb_posix_thread(t), NULL) ? RTB_ESYS : 0;
}

/* tid - the kernel thread id of t, or of the caller for NULL. */
static long tid(const rtb_thread_t *t)
{
	return t ? t->os_id : (long)syscall(SYS_gettid);
}

/* rtb_thread_demote - SCHED_OTHER for thread t (watchdog). */
int rtb_thread_demote(rtb_thread_t *t)
{
	struct sched_param sp = { .sched_priority = 0 };

	if (t->os_id <= 0)
		return RTB_EINVAL; /* not published yet (nowait): never pid 0, the caller */
	return sched_setscheduler((pid_t)t->os_id, SCHED_OTHER, &sp) ? RTB_ESYS : 0;
}

/* rtb_thread_self - the caller's kernel id (its handle is never joined). */
int rtb_thread_self(rtb_thread_t *t)
{
	memset(t, 0, sizeof(*t));
	t->os_id = (long)syscall(SYS_gettid);
	return 0;
}

/* rtb_thread_raise - SCHED_FIFO at level prio for thread t (watchdog). */
int rtb_thread_raise(rtb_thread_t *t, enum rtb_prio prio)
{
	struct sched_param sp = { .sched_priority = rtb_prio_native(prio) };

	if (t->os_id <= 0)
		return RTB_EINVAL;
	return sched_setscheduler((pid_t)t->os_id, SCHED_FIFO, &sp) ? RTB_ESYS : 0;
}

/* read_stat - the fields after "(comm) " of /proc/self/task/ID/stat. */
static int read_stat(long os_id, char *buf, size_t len, const char **rest)
{
	char path[64];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/stat", os_id);
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? RTB_ENOTSUP : RTB_ESYS;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	*rest = strrchr(buf, ')');
	if (!*rest || (*rest)[1] != ' ')
		return RTB_ESYS;
	*rest += 2;
	return 0;
}

/* rtb_thread_effective_prio - scheduler's current RT priority of t
 * (field 18 of stat is -1-rt_priority for RT tasks, boost included); 0 for
 * a normal task. */
int rtb_thread_effective_prio(const rtb_thread_t *t, int *prio)
{
	char buf[1024];
	const char *p;
	long v = 0;
	int rc = read_stat(tid(t), buf, sizeof(buf), &p);

	if (rc)
		return rc;
	/* p is at field 3 (state); field 18 is 15 fields further */
	for (int i = 3; i < 18; i++) {
		p = strchr(p, ' ');
		if (!p)
			return RTB_ESYS;
		p++;
	}
	if (sscanf(p, "%ld", &v) != 1)
		return RTB_ESYS;
	*prio = v < 0 ? (int)(-v - 1) : 0;
	return 0;
}

/* rtb_thread_is_blocked - 1 if t is sleeping (state S or D). */
int rtb_thread_is_blocked(const rtb_thread_t *t)
{
	char buf[1024];
	const char *p;
	int rc = read_stat(tid(t), buf, sizeof(buf), &p);

	if (rc)
		return rc;
	return *p == 'S' || *p == 'D';
}

/* rtb_port_self_sched - policy, priority and CPU of the calling thread. */
int rtb_port_self_sched(enum rtb_policy policy, enum rtb_prio prio, int cpu)
{
	struct sched_param sp = {
		.sched_priority = policy == RTB_SCHED_NORMAL ? 0 : rtb_prio_native(prio)
	};
	int rc;

	if (cpu >= 0) {
		cpu_set_t set;
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set))
			return RTB_EINVAL;
	}
	rc = pthread_setschedparam(pthread_self(), native_policy(policy), &sp);
	return rc ? rtb_err_from_errno(rc) : 0;
}

void rtb_yield(void)
{
	sched_yield();
}

/* sched_setattr's argument (sched_setattr(2)); glibc 2.36 has no wrapper
 * and <linux/sched/types.h> clashes with <sched.h> on some, so it is
 * written out here. */
struct rtb_sched_attr {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
};
#define RTB_SCHED_DEADLINE 6

/* rtb_port_self_sched_deadline - SCHED_DEADLINE for the caller (port.h). The
 * kernel admits a deadline task only when its affinity spans its whole
 * root domain, so the caller is first allowed every CPU online. */
int rtb_port_self_sched_deadline(int64_t runtime_ns, int64_t deadline_ns, int64_t period_ns,
				 char *why, size_t len)
{
#ifdef SYS_sched_setattr
	struct rtb_sched_attr a = {
		.size = sizeof(a), .sched_policy = RTB_SCHED_DEADLINE,
		.sched_runtime = (uint64_t)runtime_ns, .sched_deadline = (uint64_t)deadline_ns,
		.sched_period = (uint64_t)period_ns,
	};
	cpu_set_t set;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	CPU_ZERO(&set);
	for (long i = 0; i < n && i < CPU_SETSIZE; i++)
		CPU_SET((int)i, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		snprintf(why, len, "cannot allow every online CPU (a deadline task must span its root "
			 "domain): %s", strerror(errno));
		return RTB_EPERM;
	}
	if (!syscall(SYS_sched_setattr, 0, &a, 0))
		return 0;
	int e = errno;
	switch (e) {
	case EPERM:
		snprintf(why, len, "the kernel refused SCHED_DEADLINE (EPERM: needs CAP_SYS_NICE, and "
			 "affinity spanning the root domain; a cpuset restricting this process also refuses it)");
		return RTB_EPERM;
	case EBUSY:
		snprintf(why, len, "the kernel refused SCHED_DEADLINE (EBUSY: admission control, no "
			 "bandwidth left for runtime/period under sched_rt_runtime_us)");
		return RTB_EBUSY;
	case EINVAL:
		snprintf(why, len, "the kernel refused SCHED_DEADLINE (EINVAL: not built with it, or "
			 "runtime <= deadline <= period not met)");
		return RTB_ENOTSUP;
	case ENOSYS:
		snprintf(why, len, "no sched_setattr system call (kernel before 3.14)");
		return RTB_ENOTSUP;
	default:
		snprintf(why, len, "sched_setattr(SCHED_DEADLINE) failed: %s", strerror(e));
		return RTB_ESYS;
	}
#else
	(void)runtime_ns;
	(void)deadline_ns;
	(void)period_ns;
	snprintf(why, len, "no sched_setattr system call on this system");
	return RTB_ENOTSUP;
#endif
}

/* rtb_deadline_yield - end the job: sleep to the next period. */
int rtb_deadline_yield(void)
{
	return sched_yield() ? RTB_ESYS : 0;
}

/* rtb_rr_interval_ns - quantum for the caller (sched_rr_get_interval). */
int rtb_rr_interval_ns(int64_t *ns)
{
	struct timespec ts;
	if (sched_rr_get_interval(0, &ts))
		return RTB_ESYS;
	*ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
	return 0;
}

int rtb_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (int)n : 1;
}
