/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what a run of rtbench killed by SIGKILL left in the
 * kernel's tracing (rtb_port_leftovers_remove): its instance
 * instances/rtbench-PID-START (trace.c names it by its pid and its start
 * time, so that a reused pid is not taken for it), recording, with
 * sched_switch's stack trigger, costing every context switch on the
 * machine (a wake-up's p50 2.5x) until removed, and its private tracefs
 * mount. Every run, traced or not, removes them before it measures and
 * says so. No libtracefs here: plain files, so an untraced build does it
 * too. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "posix_int.h"

/* start_ticks - process pid's start time (clock ticks since boot, field
 * 22 of /proc/PID/stat); 0 when it has none (no such process). */
unsigned long long rtb_posix_start_ticks(long pid)
{
	char path[64], buf[1024], *p;
	unsigned long long v = 0;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (!(f = fopen(path, "re")))
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* after "(comm) ": field 3 onwards; comm may hold anything */
	if (!(p = strrchr(buf, ')')))
		return 0;
	for (int field = 2; *p && field < 22; p++)
		if (*p == ' ')
			field++;
	sscanf(p, "%llu", &v);
	return v;
}

/* ours_left - 1 if instance name is one a run of rtbench made and left
 * (killed before it cleaned up): exactly "rtbench-PID-START" and the
 * process PID is gone or started at another time. Anything else is not
 * provably ours and stays (a user's instance "rtbench-20261203" was once
 * removed with its buffer because no process had that number). */
static int ours_left(const char *name)
{
	long pid;
	unsigned long long start;
	int end = 0;

	if (sscanf(name, "rtbench-%ld-%llu%n", &pid, &start, &end) != 2 || name[end] || pid <= 0 || !start)
		return 0;
	return rtb_posix_start_ticks(pid) != start;
}

/* dead - 1 if no process has this pid (a run killed before it cleaned up). */
static int dead(long pid)
{
	return pid > 0 && kill((pid_t)pid, 0) && errno == ESRCH;
}


/* put - write val into dir/file; 0 or -1. */
static int put(const char *dir, const char *file, const char *val)
{
	char path[600];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (!(f = fopen(path, "we")))
		return -1;
	ok = fputs(val, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* say_line - a printf-style line handed to say (when there is one). */
static __attribute__((format(printf, 3, 4))) void say_line(void (*say)(const char *line, void *arg), void *arg,
							     const char *fmt, ...)
{
	char line[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (say)
		say(line, arg);
}

/* remove_instance - stop what a dead run's instance dir/instances/name
 * still records (tracing off, the stack trigger and every event off: the
 * tracepoints cost every context switch on the machine while they are on),
 * then remove it (which drops its buffer). 1 removed, 0 only stopped. */
static int remove_instance(const char *dir, const char *name, void (*say)(const char *line, void *arg), void *arg)
{
	char path[600], file[660], on[8] = "", trig[200] = "", state[260];
	FILE *f;

	snprintf(path, sizeof(path), "%s/instances/%s", dir, name);
	/* what it was doing, for the line that says it was removed */
	snprintf(file, sizeof(file), "%s/tracing_on", path);
	if ((f = fopen(file, "re"))) {
		if (!fgets(on, sizeof(on), f))
			on[0] = '\0';
		fclose(f);
	}
	snprintf(file, sizeof(file), "%s/events/sched/sched_switch/trigger", path);
	if ((f = fopen(file, "re"))) {
		if (!fgets(trig, sizeof(trig), f) || trig[0] == '#')
			trig[0] = '\0';
		trig[strcspn(trig, "\n")] = '\0';
		fclose(f);
	}
	snprintf(state, sizeof(state), "tracing %s%s%s%s", on[0] == '1' ? "on" : "off",
		 trig[0] ? ", the trigger \"" : "", trig, trig[0] ? "\" on sched_switch" : "");
	put(path, "tracing_on", "0");
	put(path, "events/sched/sched_switch/trigger", "!" RTB_POSIX_STACK_TRIGGER);
	put(path, "events/enable", "0");
	if (!rmdir(path)) {
		say_line(say, arg, "removed the trace instance %s, left by a killed run (%s)", name, state);
		return 1;
	}
	say_line(say, arg, "could not remove the trace instance %s, left by a killed run (%s): %s; its tracing, "
		 "events and trigger are switched off", name, state, strerror(errno));
	return 0;
}

int rtb_port_leftovers_remove(void (*say)(const char *line, void *arg), void *arg)
{
	FILE *f;
	char dev[256], mp[256], type[64], dir[300], mine[64] = "";
	DIR *d;
	struct dirent *e;
	long pid;
	int n = 0;

	/* tracefs instances are root's to make and to remove */
	if (geteuid() != 0)
		return 0;
	if (!rtb_posix_tracefs_dir(dir, sizeof(dir), 0)) {
		/* mounted at no standard place: an instance outlives its
		 * mount, so look through a private mount of our own, taken
		 * away after (never through another program's private one:
		 * its umount would fail busy while we read) */
		snprintf(mine, sizeof(mine), "/tmp/rtbench-tracefs.%ld.XXXXXX", (long)getpid());
		if (!mkdtemp(mine))
			return 0;
		if (mount("nodev", mine, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) {
			rmdir(mine);
			return 0;
		}
		snprintf(dir, sizeof(dir), "%s", mine);
	}
	{
		char path[340];
		snprintf(path, sizeof(path), "%s/instances", dir);
		if ((d = opendir(path))) {
			while ((e = readdir(d)))
				if (ours_left(e->d_name)) {
					remove_instance(dir, e->d_name, say, arg);
					n++;
				}
			closedir(d);
		}
	}
	if (mine[0]) {
		umount2(mine, 0);
		rmdir(mine);
	}
	/* a killed run's private mount point, now that its instance is gone */
	f = fopen("/proc/mounts", "re");
	while (f && fscanf(f, "%255s %255s %63s %*[^\n]", dev, mp, type) == 3)
		if (!strcmp(type, "tracefs") && sscanf(mp, "/tmp/rtbench-tracefs.%ld.", &pid) == 1 &&
		    dead(pid) && !umount2(mp, 0)) {
			rmdir(mp);
			say_line(say, arg, "unmounted %s, left by a killed run (pid %ld)", mp, pid);
			n++;
		}
	if (f)
		fclose(f);
	return n;
}
