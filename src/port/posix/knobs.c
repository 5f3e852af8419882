/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the system knobs rtbench may change, each as a long
 * (rtbench/port_bench.h enum rtb_knob), so the settings journal (journal.c)
 * records, checks and restores every one the same way.
 *
 * Most are one integer in a /proc or /sys file. Four are coded:
 *   THP        the bracketed word of transparent_hugepage/enabled
 *              ("always [madvise] never": 1) as 0 always, 1 madvise, 2 never;
 *   WQ_CPUMASK and IRQ N   a CPU mask in the kernel's hex ("3",
 *              "00000000,00000003"), as a long: CPUs 0-61 only, a mask
 *              naming a higher CPU is RTB_ERANGE (never cut);
 *   IDLE K     cpuN/cpuidle/stateK/disable of every CPU 0-61 present, as
 *              the mask of the CPUs where it is 1; setting writes each
 *              CPU's flag from its bit.
 * Files are opened without following a symbolic link and must be regular
 * files (procfs and sysfs attributes are): rtbench runs as root and never
 * writes through a link or onto a device node. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "posix_int.h"

#define MASK_MAX ((1L << RTB_KNOB_MASK_CPUS) - 1)

/* IRQ N's smp_affinity, for the 128 IRQ knobs: names fixed at compile time */
#define IRQ1(n) [RTB_KNOB_IRQ0 + (n)] = "/proc/irq/" #n "/smp_affinity"
#define IRQ8(a, b, c, d, e, f, g, h) IRQ1(a), IRQ1(b), IRQ1(c), IRQ1(d), IRQ1(e), IRQ1(f), IRQ1(g), IRQ1(h)

static const char *const knob_path[RTB_NKNOBS] = {
	[RTB_KNOB_RR_TIMESLICE_MS] = "/proc/sys/kernel/sched_rr_timeslice_ms",
	[RTB_KNOB_TIMER_MIGRATION] = "/proc/sys/kernel/timer_migration",
	[RTB_KNOB_RT_RUNTIME_US] = "/proc/sys/kernel/sched_rt_runtime_us",
	[RTB_KNOB_WATCHDOG] = "/proc/sys/kernel/watchdog",
	[RTB_KNOB_NMI_WATCHDOG] = "/proc/sys/kernel/nmi_watchdog",
	[RTB_KNOB_THP] = "/sys/kernel/mm/transparent_hugepage/enabled",
	[RTB_KNOB_KSM_RUN] = "/sys/kernel/mm/ksm/run",
	[RTB_KNOB_WQ_CPUMASK] = "/sys/devices/virtual/workqueue/cpumask",
	[RTB_KNOB_IDLE1] = "/sys/devices/system/cpu/cpu*/cpuidle/state1/disable",
	[RTB_KNOB_IDLE2] = "/sys/devices/system/cpu/cpu*/cpuidle/state2/disable",
	[RTB_KNOB_IDLE3] = "/sys/devices/system/cpu/cpu*/cpuidle/state3/disable",
	IRQ8(0, 1, 2, 3, 4, 5, 6, 7), IRQ8(8, 9, 10, 11, 12, 13, 14, 15),
	IRQ8(16, 17, 18, 19, 20, 21, 22, 23), IRQ8(24, 25, 26, 27, 28, 29, 30, 31),
	IRQ8(32, 33, 34, 35, 36, 37, 38, 39), IRQ8(40, 41, 42, 43, 44, 45, 46, 47),
	IRQ8(48, 49, 50, 51, 52, 53, 54, 55), IRQ8(56, 57, 58, 59, 60, 61, 62, 63),
	IRQ8(64, 65, 66, 67, 68, 69, 70, 71), IRQ8(72, 73, 74, 75, 76, 77, 78, 79),
	IRQ8(80, 81, 82, 83, 84, 85, 86, 87), IRQ8(88, 89, 90, 91, 92, 93, 94, 95),
	IRQ8(96, 97, 98, 99, 100, 101, 102, 103), IRQ8(104, 105, 106, 107, 108, 109, 110, 111),
	IRQ8(112, 113, 114, 115, 116, 117, 118, 119), IRQ8(120, 121, 122, 123, 124, 125, 126, 127),
};

static const char *const thp_word[] = { "always", "madvise", "never" };

/* is_mask - a knob holding a CPU mask (hex in the file) */
static int is_mask(enum rtb_knob k)
{
	return k == RTB_KNOB_WQ_CPUMASK || k >= RTB_KNOB_IRQ0;
}

/* idle_state - K for an idle knob, 0 otherwise */
static int idle_state(enum rtb_knob k)
{
	return k >= RTB_KNOB_IDLE1 && k <= RTB_KNOB_IDLE3 ? 1 + (int)(k - RTB_KNOB_IDLE1) : 0;
}

/* rtb_posix_knob_plausible - see posix_int.h: what each knob can hold, for
 * a record read back after a crash. The RR quantum reads back as 1 ms or
 * more (the kernel turns <= 0 into its default) and no guide goes past
 * seconds; RT runtime -1 or up to the longest period the kernel takes. */
int rtb_posix_knob_plausible(enum rtb_knob k, long v)
{
	if ((unsigned)k >= RTB_NKNOBS)
		return 0;
	switch (k) {
	case RTB_KNOB_RR_TIMESLICE_MS: return v >= 1 && v <= 10000;
	case RTB_KNOB_TIMER_MIGRATION:
	case RTB_KNOB_WATCHDOG:
	case RTB_KNOB_NMI_WATCHDOG: return v == 0 || v == 1;
	case RTB_KNOB_RT_RUNTIME_US: return v >= -1 && v <= 2147483647L;
	case RTB_KNOB_THP:
	case RTB_KNOB_KSM_RUN: return v >= 0 && v <= 2;
	case RTB_KNOB_IDLE1:
	case RTB_KNOB_IDLE2:
	case RTB_KNOB_IDLE3: return v >= 0 && v <= MASK_MAX;
	default: return v >= 1 && v <= MASK_MAX; /* a mask: never empty */
	}
}

/* rtb_port_knob_name - the knob's /proc or /sys path ("cpu*" for a per-CPU one). */
const char *rtb_port_knob_name(enum rtb_knob k)
{
	return (unsigned)k < RTB_NKNOBS && knob_path[k] ? knob_path[k] : "?";
}

/* read_text - a /proc or /sys file's first line (no newline) into buf. */
static int read_text(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return errno == ENOENT ? RTB_ENOTSUP : rtb_err_from_errno(errno);
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return rtb_err_from_errno(errno);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* write_text - s into a /proc or /sys file: a regular file, no link. */
static int write_text(const char *path, const char *s)
{
	struct stat st;
	size_t n = strlen(s);
	int fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return errno == ENOENT ? RTB_ENOTSUP : rtb_err_from_errno(errno);
	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		rc = RTB_EPERM;
	else if (write(fd, s, n) != (ssize_t)n)
		rc = rtb_err_from_errno(errno);
	close(fd);
	return rc;
}

/* parse_mask - the kernel's hex mask ("3", "00000000,00000003") as a long;
 * RTB_ERANGE when it names a CPU past RTB_KNOB_MASK_CPUS - 1. */
static int parse_mask(const char *s, long *v)
{
	unsigned long long m = 0;
	int digits = 0;

	for (; *s; s++) {
		int d;
		if (*s == ',')
			continue;
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return RTB_EFORMAT;
		if (m >> 60)
			return RTB_ERANGE;
		m = m << 4 | (unsigned)d;
		digits++;
	}
	if (!digits)
		return RTB_EFORMAT;
	if (m > (unsigned long long)MASK_MAX)
		return RTB_ERANGE;
	*v = (long)m;
	return 0;
}

/* idle_get - the mask of CPUs whose state K is disabled; RTB_ENOTSUP when
 * no CPU has state K. */
static int idle_get(int state, long *v)
{
	char path[96], buf[32];
	int any = 0;

	*v = 0;
	for (int c = 0; c < RTB_KNOB_MASK_CPUS; c++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable", c, state);
		if (read_text(path, buf, sizeof(buf)))
			continue;
		any = 1;
		if (atol(buf))
			*v |= 1L << c;
	}
	return any ? 0 : RTB_ENOTSUP;
}

/* idle_set - each CPU's state K disabled as its bit in v says. */
static int idle_set(int state, long v)
{
	char path[96];
	int rc = 0, any = 0;

	for (int c = 0; c < RTB_KNOB_MASK_CPUS; c++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable", c, state);
		if (access(path, F_OK))
			continue;
		any = 1;
		int r = write_text(path, (v >> c) & 1 ? "1" : "0");
		if (r && !rc)
			rc = r;
	}
	return any ? rc : RTB_ENOTSUP;
}

int rtb_port_knob_get(enum rtb_knob k, long *v)
{
	char buf[128], *end;
	int rc;

	if ((unsigned)k >= RTB_NKNOBS || !knob_path[k])
		return RTB_EINVAL;
	if (idle_state(k))
		return idle_get(idle_state(k), v);
	rc = read_text(knob_path[k], buf, sizeof(buf));
	if (rc)
		return rc;
	if (is_mask(k))
		return parse_mask(buf, v);
	if (k == RTB_KNOB_THP) {
		for (long i = 0; i < 3; i++) {
			char w[16];
			snprintf(w, sizeof(w), "[%s]", thp_word[i]);
			if (strstr(buf, w)) {
				*v = i;
				return 0;
			}
		}
		return RTB_EFORMAT;
	}
	errno = 0;
	*v = strtol(buf, &end, 10);
	return errno || end == buf ? RTB_ESYS : 0;
}

int rtb_port_knob_set(enum rtb_knob k, long v)
{
	char buf[32];

	if ((unsigned)k >= RTB_NKNOBS || !knob_path[k])
		return RTB_EINVAL;
	if (!rtb_posix_knob_plausible(k, v))
		return RTB_ERANGE;
	if (idle_state(k))
		return idle_set(idle_state(k), v);
	if (is_mask(k))
		snprintf(buf, sizeof(buf), "%lx\n", v);
	else if (k == RTB_KNOB_THP)
		snprintf(buf, sizeof(buf), "%s\n", thp_word[v]);
	else
		snprintf(buf, sizeof(buf), "%ld\n", v);
	return write_text(knob_path[k], buf);
}
