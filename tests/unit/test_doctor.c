/* SPDX-License-Identifier: Apache-2.0 */
/* test_doctor - `rtbench doctor`'s checks on recorded /proc and /sys
 * snapshots (tests/data/doctor): the development VM as recorded by
 * record.sh, a tuned 4-CPU system written by hand, and a hostile copy whose
 * files hold terminal escapes. Known answers per check; every string a
 * finding holds is one printable line.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "fixtures.h"
#include "rtbench/doctor.h"
#include "rtbench/err.h"

/* M - the set of the CPUs in mask m (CPUs 0-63) */
static struct rtb_cpuset M(uint64_t m)
{
	struct rtb_cpuset s = { { m } };
	return s;
}

/* low - a set of CPUs 0-63 as their mask; -1 if it holds one above */
static long long low(const struct rtb_cpuset *s)
{
	for (int i = 1; i < RTB_CPUSET_WORDS; i++)
		if (s->bits[i])
			return -1;
	return (long long)s->bits[0];
}

static const struct rtb_finding *find(const struct rtb_doctor *d, const char *check)
{
	for (int i = 0; i < d->n; i++)
		if (!strcmp(d->f[i].check, check))
			return &d->f[i];
	fprintf(stderr, "no finding %s\n", check);
	return NULL;
}

static int verdict(const struct rtb_doctor *d, const char *check)
{
	const struct rtb_finding *f = find(d, check);
	return f ? f->verdict : -1;
}

static int has(const struct rtb_doctor *d, const char *check, const char *text)
{
	const struct rtb_finding *f = find(d, check);
	int ok = f && (strstr(f->read, text) || strstr(f->fix, text));
	if (!ok)
		fprintf(stderr, "%s: \"%s\" not in read \"%s\" / fix \"%s\"\n", check, text, f ? f->read : "-",
			f ? f->fix : "-");
	return ok;
}

/* printable - no control byte in any string of any finding */
static int printable(const struct rtb_doctor *d)
{
	for (int i = 0; i < d->n; i++) {
		const char *s[] = { d->f[i].check, d->f[i].read, d->f[i].why, d->f[i].fix };
		for (int k = 0; k < 4; k++)
			for (const unsigned char *p = (const unsigned char *)s[k]; *p; p++)
				if (*p < 0x20 || *p == 0x7f)
					return 0;
	}
	return 1;
}

/* cpulist - the one CPU-list parser (rtbench/cpuset.h), for the doctor's
 * lists as for --cpus: as wide as RTB_MAX_CPUS, what is beyond counted */
static void cpulist(void)
{
	struct rtb_cpuset m;
	long beyond = -1;
	char s[64];

	CHECK_EQ_I(rtb_cpuset_parse("1", &m, &beyond, NULL, 0), 0);
	CHECK_EQ_I(low(&m), 2);
	CHECK_EQ_I(beyond, 0);
	CHECK_EQ_I(rtb_cpuset_parse("0-3,6\n", &m, NULL, NULL, 0), 0);
	CHECK_EQ_I(low(&m), 0x4f);
	rtb_cpuset_str(&m, s, sizeof(s));
	CHECK_STR(s, "0-3,6");
	CHECK_EQ_I(rtb_cpuset_parse("0-127", &m, &beyond, NULL, 0), 0);
	CHECK_EQ_I(rtb_cpuset_count(&m), 128);
	CHECK_EQ_I(rtb_cpuset_last(&m), 127);
	rtb_cpuset_str(&m, s, sizeof(s));
	CHECK_STR(s, "0-127");
	CHECK_EQ_I(rtb_cpuset_parse("1,65,250-300", &m, &beyond, NULL, 0), 0);
	CHECK_EQ_I(rtb_cpuset_count(&m), 8);
	CHECK_EQ_I(beyond, 45);
	CHECK_EQ_I(rtb_parse_cpulist("256", &m, s, sizeof(s)), RTB_EINVAL);
	CHECK_EQ_I(rtb_cpuset_parse("3-1", &m, NULL, NULL, 0), RTB_EINVAL);
	CHECK_EQ_I(rtb_cpuset_parse("1,", &m, NULL, NULL, 0), RTB_EINVAL);
	CHECK_EQ_I(rtb_cpuset_parse("", &m, NULL, NULL, 0), RTB_EINVAL);
	CHECK_EQ_I(rtb_cpuset_parse("a", &m, NULL, NULL, 0), RTB_EINVAL);
	memset(&m, 0, sizeof(m));
	rtb_cpuset_str(&m, s, sizeof(s));
	CHECK_STR(s, "");
}

/* the development VM: a KVM guest, PREEMPT_DYNAMIC, nothing isolated */
static void kvm(void)
{
	static struct rtb_doctor d;
	struct rtb_doctor_cfg cfg = { .root = fixture_path("doctor", "kvm-dev"), .budget_ns = 10000, .idle_held_us = -1 };

	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK(d.done);
	CHECK_EQ_I(low(&d.cpus), 2);          /* the last online CPU, as run picks */
	CHECK_EQ_I(d.n, 14);
	CHECK_EQ_I(verdict(&d, "preemption"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "preemption", "PREEMPT_DYNAMIC"));
	CHECK_EQ_I(verdict(&d, "isolcpus"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "isolcpus", "isolcpus=domain,managed_irq,1"));
	CHECK_EQ_I(verdict(&d, "nohz_full"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "rcu_nocbs"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "irq_affinity"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "irq_affinity", "virtio1-req.0"));
	CHECK(has(&d, "irq_affinity", "of 19 IRQs"));
	CHECK_EQ_I(verdict(&d, "cpufreq"), RTB_DOC_UNKNOWN);
	CHECK_EQ_I(verdict(&d, "idle_states"), RTB_DOC_OK);   /* POLL 0, haltpoll 1 us */
	CHECK_EQ_I(verdict(&d, "smt"), RTB_DOC_OK);
	CHECK_EQ_I(verdict(&d, "thp"), RTB_DOC_OK);           /* [madvise] */
	CHECK_EQ_I(verdict(&d, "rt_throttling"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "rt_throttling", "950000"));
	CHECK_EQ_I(verdict(&d, "timer_migration"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "watchdog"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "virtualization"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(d.weakens, 9);
	CHECK_EQ_I(d.unknown, 1);
	CHECK(printable(&d));
	/* a budget below the haltpoll state's 1 us exit latency */
	cfg.budget_ns = 0;
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "idle_states"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "idle_states", "haltpoll"));
	/* ... not entered while the run holds the idle latency at 0 */
	cfg.idle_held_us = 0;
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "idle_states"), RTB_DOC_OK);
	CHECK(has(&d, "idle_states", "held"));
}

/* a tuned 4-CPU machine: CPU 2-3 isolated; CPU 3's SMT sibling 1 is not */
static void tuned(void)
{
	static struct rtb_doctor d;
	struct rtb_doctor_cfg cfg = { .root = fixture_path("doctor", "tuned"), .budget_ns = 10000, .idle_held_us = -1 };

	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(low(&d.cpus), 8);
	for (int i = 0; i < d.n; i++)
		if (strcmp(d.f[i].check, "smt"))
			CHECK_EQ_I(d.f[i].verdict, RTB_DOC_OK);
	CHECK_EQ_I(verdict(&d, "smt"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "smt", "cpu3 with cpu1"));
	CHECK_EQ_I(d.weakens, 1);
	CHECK(has(&d, "preemption", "PREEMPT_RT"));
	CHECK(has(&d, "irq_affinity", "none of 3 IRQs"));
	/* CPU 2: eth0-rx lands there, its C6 (133 us) is enabled, sibling 0 busy */
	cfg.cpus = M(4);
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "irq_affinity"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "irq_affinity", "40 eth0-rx 1234"));
	CHECK_EQ_I(verdict(&d, "idle_states"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "idle_states", "cpu2 C6 133 us"));
	cfg.budget_ns = 200000;
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "idle_states"), RTB_DOC_OK);
	/* CPU 1: not isolated, powersave */
	cfg.cpus = M(2);
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "isolcpus"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "cpufreq"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "cpufreq", "cpu1 powersave"));
	CHECK_EQ_I(verdict(&d, "watchdog"), RTB_DOC_WEAKENS);
	CHECK(printable(&d));
}

static void put(const char *root, const char *file, const char *text)
{
	char path[600], *p;
	snprintf(path, sizeof(path), "%s%s", root, file);
	for (p = strchr(path + strlen(root) + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* files holding terminal escapes, a device name with a newline in it, and
 * nothing at all: escaped, or unknown, never a crash */
static void hostile(void)
{
	static struct rtb_doctor d;
	char root[] = "/tmp/rtb-doctor.XXXXXX";
	struct rtb_doctor_cfg cfg = { .root = root, .cpus = { { 2 } }, .budget_ns = 10000, .idle_held_us = -1 };

	CHECK(mkdtemp(root) != NULL);
	put(root, "/proc/sys/kernel/version", "#1 SMP \x1b]0;owned\x07 \x1b[31mred\n");
	put(root, "/proc/cmdline", "isolcpus=\x1b[2J nohz_full=1\n");
	put(root, "/proc/interrupts", " 7:  0  9  PCI \x1b[1mevil\x9b\n");
	put(root, "/proc/irq/7/effective_affinity_list", "1\n");
	put(root, "/sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "ondemand\x1b[0m\n");
	put(root, "/sys/class/dmi/id/sys_vendor", "QEMU\r\nfake line\n");
	put(root, "/proc/cpuinfo", "processor : 0\n");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK(printable(&d));
	CHECK_EQ_I(verdict(&d, "preemption"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "preemption", "\\x1b"));
	CHECK_EQ_I(verdict(&d, "irq_affinity"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "cpufreq"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "virtualization"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "rcu_nocbs"), RTB_DOC_OK);     /* nohz_full=1 implies it */
	CHECK_EQ_I(verdict(&d, "rt_throttling"), RTB_DOC_UNKNOWN);
	CHECK_EQ_I(verdict(&d, "watchdog"), RTB_DOC_UNKNOWN);
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
	/* a root that is not there: bad input (it was once ten
	 * "unknown" and exit 0), whatever the CPUs */
	cfg.root = "/nonexistent-rtbench-root";
	cfg.cpus = M(1);
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), RTB_EINVAL);
	CHECK(!d.done);
	/* nothing to read in an empty tree: no online CPU list, no CPU to
	 * judge; with a CPU given, every check unknown or absent */
	char empty_root[] = "/tmp/rtb-doctor.XXXXXX";
	CHECK(mkdtemp(empty_root) != NULL);
	cfg.root = empty_root;
	cfg.cpus = M(0);
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), RTB_ENOTSUP);
	CHECK(!d.done);
	cfg.cpus = M(1);
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(d.n, 14);
	CHECK(d.unknown >= 8);
	CHECK(rmdir(empty_root) == 0);
}

/* empty - a file that is there but empty, one that holds no number, a
 * directory where a file should be: each is "could not read" (unknown, or
 * the feature absent), never a value; then the same files with values
 * (the readers' 0 / RTB_ENOTSUP / RTB_EFORMAT, seen through the verdicts) */
static void empty(void)
{
	static struct rtb_doctor d;
	char root[] = "/tmp/rtb-doctor.XXXXXX", path[600];
	struct rtb_doctor_cfg cfg = { .root = root, .cpus = { { 2 } }, .budget_ns = 10000, .idle_held_us = -1 };

	CHECK(mkdtemp(root) != NULL);
	put(root, "/proc/sys/kernel/sched_rt_runtime_us", "");          /* empty */
	put(root, "/proc/sys/kernel/sched_rt_period_us", "1000000\n");
	put(root, "/proc/sys/kernel/timer_migration", "on\n");          /* not a number */
	put(root, "/sys/kernel/mm/transparent_hugepage/x", "");
	snprintf(path, sizeof(path), "%s/sys/kernel/mm/transparent_hugepage/enabled", root);
	CHECK(mkdir(path, 0755) == 0);                                   /* not a regular file */
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "rt_throttling"), RTB_DOC_UNKNOWN);
	CHECK_EQ_I(verdict(&d, "timer_migration"), RTB_DOC_UNKNOWN);
	CHECK_EQ_I(verdict(&d, "thp"), RTB_DOC_OK);
	CHECK(has(&d, "thp", "absent"));
	put(root, "/proc/sys/kernel/sched_rt_runtime_us", "-1\n");
	put(root, "/proc/sys/kernel/timer_migration", "1\n");
	CHECK(rmdir(path) == 0);
	put(root, "/sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "rt_throttling"), RTB_DOC_OK);
	CHECK_EQ_I(verdict(&d, "timer_migration"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "thp"), RTB_DOC_WEAKENS);
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
}

/* big - a machine of 128 CPUs (wider than a 64-bit mask): the system's lists name CPUs
 * above 63; "0-127" covers CPU 1, the sibling list "1,65" is a sibling,
 * isolcpus "1-64" holds CPU 1 (each read as an empty list before); and
 * doctor --cpus all judges all 128 (it judged 0-63 and did not say so),
 * saying any online CPU past the widest set it holds */
static void big(void)
{
	static struct rtb_doctor d;
	char root[] = "/tmp/rtb-doctor.XXXXXX";
	struct rtb_doctor_cfg cfg = { .root = root, .cpus = { { 2 } }, .budget_ns = 10000, .idle_held_us = -1 };
	char s[64];

	CHECK(mkdtemp(root) != NULL);
	put(root, "/proc/interrupts", "           CPU0       CPU1\n 30:  5  7  PCI-MSI eth0\n");
	put(root, "/proc/irq/30/effective_affinity_list", "0-127\n");
	put(root, "/proc/sys/kernel/watchdog", "1\n");
	put(root, "/proc/sys/kernel/watchdog_cpumask", "0-127\n");
	put(root, "/sys/devices/system/cpu/cpu1/topology/thread_siblings_list", "1,65\n");
	put(root, "/sys/devices/system/cpu/isolated", "1-64\n");
	put(root, "/sys/devices/system/cpu/nohz_full", "1-127\n");
	put(root, "/proc/cmdline", "rcu_nocbs=1-127\n");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "irq_affinity"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "watchdog"), RTB_DOC_WEAKENS);
	CHECK_EQ_I(verdict(&d, "smt"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "smt", "cpu1 with cpu65"));
	CHECK_EQ_I(verdict(&d, "isolcpus"), RTB_DOC_OK);
	CHECK_EQ_I(verdict(&d, "nohz_full"), RTB_DOC_OK);
	CHECK_EQ_I(verdict(&d, "rcu_nocbs"), RTB_DOC_OK);
	/* the sibling isolated too: not busy-able */
	put(root, "/sys/devices/system/cpu/isolated", "1,65\n");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "smt"), RTB_DOC_OK);
	/* --cpus all on 128 online CPUs: every one judged */
	put(root, "/sys/devices/system/cpu/online", "0-127\n");
	put(root, "/sys/devices/system/cpu/isolated", "1-100\n");
	cfg.all_cpus = 1;
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	rtb_cpuset_str(&d.cpus, s, sizeof(s));
	CHECK_STR(s, "0-127");
	CHECK(has(&d, "isolcpus", "CPU 0,101-127 not in it"));
	CHECK(has(&d, "isolcpus", "isolcpus=domain,managed_irq,1-127 on"));
	for (int i = 0; i < d.n; i++) /* nothing left unjudged: no such finding */
		CHECK(strcmp(d.f[i].check, "cpus"));
	/* past the widest set: said, never judged "ok" by omission */
	put(root, "/sys/devices/system/cpu/online", "0-299\n");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(verdict(&d, "cpus"), RTB_DOC_UNKNOWN);
	CHECK(has(&d, "cpus", "44 online CPU(s) from CPU 256 up not judged"));
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
}

/* every CPU judged (doctor --cpus all) on the recorded
 * 2-CPU VM: no fix isolates or clears every CPU (CPU 0 is kept for
 * housekeeping, and said); IRQs by their rate over the recorded second,
 * busiest first, the line never cut mid-entry */
static void allcpus(void)
{
	static struct rtb_doctor d;
	struct rtb_doctor_cfg cfg = { .root = fixture_path("doctor", "vm-2cpu"), .all_cpus = 1, .budget_ns = 10000,
				      .idle_held_us = -1 };
	const struct rtb_finding *f;

	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK_EQ_I(low(&d.cpus), 3);
	CHECK(has(&d, "isolcpus", "isolcpus=domain,managed_irq,1 on"));
	CHECK(has(&d, "isolcpus", "CPU 0 kept for housekeeping"));
	CHECK(has(&d, "rcu_nocbs", "rcu_nocbs=1 on"));
	CHECK(has(&d, "irq_affinity", "move them to CPU 0, the housekeeping CPU"));
	CHECK(has(&d, "irq_affinity", "fired there in 1 s: 36 virtio1-req.0 89/s, 42 virtio3-tx 6/s"));
	CHECK((f = find(&d, "irq_affinity")) && strstr(f->read, "; and ") && !strstr(f->read, "..."));
	for (int i = 0; i < d.n; i++)
		CHECK(!strstr(d.f[i].fix, "0-1 on the kernel") && !strstr(d.f[i].fix, "off CPU 0-1"));
	/* one CPU of the two: the fixes name it, no housekeeping note */
	cfg.all_cpus = 0;
	cfg.cpus = M(2);
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK(has(&d, "isolcpus", "isolcpus=domain,managed_irq,1 on"));
	CHECK((f = find(&d, "isolcpus")) && !strstr(f->fix, "housekeeping"));
	CHECK(printable(&d));
}

/* lockdown - a locked-down kernel refuses debugfs's sched/preempt and logs
 * a "Lockdown:" line for each try (~10 a run): the doctor does not read it
 * there and takes preempt= instead; unlocked, it reads it. And tracing: an
 * instance recording with a trigger (a killed traced run's) weakens. */
static void lockdown(void)
{
	static struct rtb_doctor d;
	char root[] = "/tmp/rtb-doctor.XXXXXX";
	struct rtb_doctor_cfg cfg = { .root = root, .cpus = { { 2 } }, .budget_ns = 10000, .idle_held_us = -1 };
	const char *inst = "/sys/kernel/tracing/instances/rtbench-99-7";

	CHECK(mkdtemp(root) != NULL);
	put(root, "/proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian\n");
	put(root, "/proc/cmdline", "quiet preempt=voluntary\n");
	put(root, "/sys/kernel/debug/sched/preempt", "none voluntary (full) lazy\n");
	put(root, "/sys/kernel/security/lockdown", "none [integrity] confidentiality\n");
	put(root, "/sys/kernel/tracing/tracing_on", "1\n");
	put(root, "/sys/kernel/tracing/set_event", "");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK(has(&d, "preemption", "/proc/cmdline preempt=voluntary (debugfs not read: kernel lockdown integrity)"));
	CHECK_EQ_I(verdict(&d, "tracing"), RTB_DOC_OK);
	put(root, "/sys/kernel/security/lockdown", "[none] integrity confidentiality\n");
	put(root, "/sys/kernel/tracing/events/sched/sched_switch/trigger",
	    "# Available triggers:\n# traceon traceoff snapshot stacktrace\n");
	char path[600];
	snprintf(path, sizeof(path), "%s%s/events/sched/sched_switch/trigger", root, inst);
	put(root, strstr(path, "/sys/"), "stacktrace:unlimited if next_prio < 100 && prev_pid != 0\n");
	snprintf(path, sizeof(path), "%s/tracing_on", inst);
	put(root, path, "1\n");
	snprintf(path, sizeof(path), "%s/set_event", inst);
	put(root, path, "sched:sched_switch\nsched:sched_waking\n");
	CHECK_EQ_I(rtb_port_doctor(&cfg, &d), 0);
	CHECK(has(&d, "preemption", "/sys/kernel/debug/sched/preempt \"none voluntary (full) lazy\""));
	CHECK_EQ_I(verdict(&d, "tracing"), RTB_DOC_WEAKENS);
	CHECK(has(&d, "tracing", "instance rtbench-99-7: tracing on, 2 event(s), trigger sched:sched_switch "
		  "\"stacktrace:unlimited if next_prio < 100 && prev_pid != 0\""));
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
}

int main(void)
{
	cpulist();
	allcpus();
	big();
	kvm();
	tuned();
	hostile();
	empty();
	lockdown();
	return check_done();
}
