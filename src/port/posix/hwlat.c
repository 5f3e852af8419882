/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - hardware and firmware latency: the kernel's
 * hwlat tracer (as rt-tests' hwlatdetect drives it) and the CPU's count of
 * system-management interrupts (x86 MSR_SMI_COUNT).
 *
 * hwlat: the tracer runs in tracefs' top level (the kernel has one hwlat
 * detector), so begin refuses when another tracer is set there, saves
 * what it changes (current_tracer, tracing_thresh, hwlat_detector/width
 * and window, tracing_on) and end puts each back. tracefs is used where it
 * is mounted, else mounted on /tmp/rtbench-tracefs.<pid>.XXXXXX (the name
 * the trace recorder uses, so a killed run's mount is removed by the next
 * run) and unmounted at end. A run killed by SIGKILL between begin and end
 * leaves the tracer running (`echo nop > current_tracer` ends it; doctor's
 * tracing check names it), as a killed hwlatdetect does.
 *
 * SMIs: /dev/cpu/N/msr, read at 0x34 with pread, opened read-only. Where
 * the msr driver is not loaded the device is missing and `modprobe msr`
 * makes it; a CPU without the register (AMD, most VMs) fails the read. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>
#include "rtbench/err.h"
#include "rtbench/port_bench.h"

#define MSR_SMI_COUNT 0x34

static int smi_one(int cpu, uint64_t *count, char *why, size_t len)
{
	char path[64];
	uint64_t v = 0;
	int fd;

	snprintf(path, sizeof(path), "/dev/cpu/%d/msr", cpu);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		if (e == ENOENT)
			snprintf(why, len, "not readable here: no %s (the msr driver is not loaded: modprobe msr)", path);
		else
			snprintf(why, len, "not readable here: %s: %s", path, strerror(e));
		return RTB_ENOTSUP;
	}
	ssize_t r = pread(fd, &v, sizeof(v), MSR_SMI_COUNT);
	int e = errno;
	close(fd);
	if (r != (ssize_t)sizeof(v)) {
		snprintf(why, len, "not readable here: the CPU does not give MSR_SMI_COUNT (0x34) through %s: %s (an "
			 "Intel CPU has it; AMD and most virtual machines do not)", path, r < 0 ? strerror(e) : "short read");
		return RTB_ENOTSUP;
	}
	*count = v;
	return 0;
}

int rtb_port_smi_count(int cpu, uint64_t *count, char *why, size_t len)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t sum = 0, v;

	if (cpu >= 0)
		return smi_one(cpu, count, why, len);
	for (int k = 0; k < (int)n; k++) {
		int rc = smi_one(k, &v, why, len);
		if (rc)
			return rc;
		sum += v;
	}
	*count = sum;
	return 0;
}

/* ---- hwlat ---------------------------------------------------------- */

static struct {
	char dir[128];          /* tracefs used */
	char mnt[64];           /* our mount, "" when it was there already */
	char tracer[64], thresh[32], width[32], window[32], on[8];
	int on_set;
} hw;

static int rd(const char *rel, char *buf, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", hw.dir, rel);
	if (!(f = fopen(path, "re")))
		return -1;
	size_t n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

static int wr(const char *rel, const char *v)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", hw.dir, rel);
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ok = write(fd, v, strlen(v)) == (ssize_t)strlen(v);
	close(fd);
	return ok ? 0 : -1;
}

static void unmount_ours(void)
{
	if (hw.mnt[0]) {
		umount2(hw.mnt, MNT_DETACH);
		rmdir(hw.mnt);
		hw.mnt[0] = '\0';
	}
	hw.dir[0] = '\0';
}

/* find_tracefs - where it is mounted, or our own mount */
static int find_tracefs(char *why, size_t len)
{
	static const char *const dirs[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	char probe[256];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(probe, sizeof(probe), "%s/available_tracers", dirs[i]);
		if (!access(probe, R_OK)) {
			snprintf(hw.dir, sizeof(hw.dir), "%s", dirs[i]);
			return 0;
		}
	}
	snprintf(hw.mnt, sizeof(hw.mnt), "/tmp/rtbench-tracefs.%ld.XXXXXX", (long)getpid());
	if (!mkdtemp(hw.mnt)) {
		hw.mnt[0] = '\0';
		snprintf(why, len, "tracefs is not mounted and no directory could be made to mount it");
		return RTB_ENOTSUP;
	}
	if (mount("nodev", hw.mnt, "tracefs", 0, NULL)) {
		int e = errno;
		rmdir(hw.mnt);
		hw.mnt[0] = '\0';
		snprintf(why, len, "tracefs is not mounted and cannot be mounted (%s)", strerror(e));
		return e == EPERM ? RTB_EPERM : RTB_ENOTSUP;
	}
	snprintf(hw.dir, sizeof(hw.dir), "%s", hw.mnt);
	return 0;
}

/* has_word - whether the blank-separated list holds w */
static int has_word(const char *list, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = list; (p = strstr(p, w)); p += n)
		if ((p == list || p[-1] == ' ' || p[-1] == '\n') && (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
			return 1;
	return 0;
}

int rtb_port_hwlat_begin(const struct rtb_hwlat_cfg *cfg, char *why, size_t len)
{
	char avail[1024], v[32];
	int rc;

	memset(&hw, 0, sizeof(hw));
	if ((rc = find_tracefs(why, len)))
		return rc;
	if (rd("available_tracers", avail, sizeof(avail))) {
		snprintf(why, len, "%s/available_tracers is not readable", hw.dir);
		unmount_ours();
		return RTB_ENOTSUP;
	}
	if (!has_word(avail, "hwlat")) {
		snprintf(why, len, "this kernel has no hwlat tracer (its tracers: %.120s)",
			 avail[0] ? avail : "none");
		unmount_ours();
		return RTB_ENOTSUP;
	}
	if (rd("current_tracer", hw.tracer, sizeof(hw.tracer)) || rd("tracing_thresh", hw.thresh, sizeof(hw.thresh)) ||
	    rd("hwlat_detector/width", hw.width, sizeof(hw.width)) ||
	    rd("hwlat_detector/window", hw.window, sizeof(hw.window)) || rd("tracing_on", hw.on, sizeof(hw.on))) {
		snprintf(why, len, "cannot read the hwlat tracer's settings in %s", hw.dir);
		unmount_ours();
		return RTB_ESYS;
	}
	if (strcmp(hw.tracer, "nop")) {
		snprintf(why, len, "the kernel's top-level tracer is in use (%s): hwlat needs it", hw.tracer);
		unmount_ours();
		return RTB_EBUSY;
	}
	hw.on_set = 1;
	/* the window before the width: the kernel refuses a width over it */
	snprintf(v, sizeof(v), "%lld", (long long)(cfg->window_ns / 1000));
	rc = wr("hwlat_detector/window", v);
	snprintf(v, sizeof(v), "%lld", (long long)(cfg->width_ns / 1000));
	rc |= wr("hwlat_detector/width", v);
	snprintf(v, sizeof(v), "%lld", (long long)(cfg->threshold_ns / 1000));
	rc |= wr("tracing_thresh", v);
	rc |= wr("trace", "");
	rc |= wr("tracing_on", "1");
	rc |= wr("current_tracer", "hwlat");
	if (rc) {
		snprintf(why, len, "cannot set the hwlat tracer up in %s: %s", hw.dir, strerror(errno));
		rtb_port_hwlat_end(NULL, NULL, NULL, NULL);
		return RTB_ESYS;
	}
	return 0;
}

/* parse - one line of the hwlat tracer's output:
 *   <task>-<pid> [<cpu>] ... #<n> inner/outer(us): <in>/<out> ts:... [nmi-count:<k>] */
static int parse(const char *line, int64_t *ns, int *cpu, int64_t *nmi)
{
	const char *p = strstr(line, "inner/outer(us):"), *b = strchr(line, '[');
	long in = 0, out = 0;

	if (!p || sscanf(p + 16, " %ld/%ld", &in, &out) != 2)
		return 0;
	*ns = (in > out ? in : out) * 1000LL;
	*cpu = b ? atoi(b + 1) : -1;
	if ((p = strstr(line, "nmi-count:")))
		*nmi = atoll(p + 10);
	return 1;
}

int rtb_port_hwlat_end(void (*fn)(int64_t ns, int cpu, void *arg), void *arg, uint64_t *windows_over,
		       int64_t *nmi)
{
	char path[256], line[512];
	int rc = 0;
	FILE *f;

	if (!hw.dir[0])
		return RTB_EINVAL;
	wr("tracing_on", "0");
	if (windows_over)
		*windows_over = 0;
	if (nmi)
		*nmi = -1;
	snprintf(path, sizeof(path), "%s/trace", hw.dir);
	if (fn && (f = fopen(path, "re"))) {
		while (fgets(line, sizeof(line), f)) {
			int64_t ns, k = -1;
			int cpu;
			if (line[0] == '#' || !parse(line, &ns, &cpu, &k))
				continue;
			fn(ns, cpu, arg);
			if (windows_over)
				(*windows_over)++;
			if (nmi && k >= 0)
				*nmi = (*nmi < 0 ? 0 : *nmi) + k;
		}
		fclose(f);
	} else if (fn) {
		rc = RTB_EIO;
	}
	/* put back what begin changed, the tracer first (it stops the
	 * detector's thread) */
	if (hw.on_set) {
		rc |= wr("current_tracer", hw.tracer[0] ? hw.tracer : "nop") ? RTB_ESYS : 0;
		wr("trace", "");
		wr("hwlat_detector/width", hw.width);
		wr("hwlat_detector/window", hw.window);
		wr("hwlat_detector/width", hw.width); /* a width over the old window was refused first */
		wr("tracing_thresh", hw.thresh);
		wr("tracing_on", hw.on);
	}
	unmount_ours();
	memset(&hw, 0, sizeof(hw));
	return rc ? RTB_ESYS : 0;
}
