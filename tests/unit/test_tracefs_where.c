/* SPDX-License-Identifier: Apache-2.0 */
/* test_tracefs_where - which tracefs mount rtbench reads through, from a
 * mount table: /sys/kernel/tracing before the debugfs place before any
 * other, in whatever order the table lists them, and never one under /tmp
 * (another program's private mount: a test's snapshot mount was left
 * behind when its umount failed busy while a doctor read through it).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "port/posix/posix_int.h"

/* pick - the choice from the table text (lines of /proc/mounts), or
 * "(none)" */
static const char *pick(const char *table, int elsewhere)
{
	static char dir[256];
	FILE *f = fmemopen((void *)table, strlen(table), "r");

	if (!f)
		return "(fmemopen failed)";
	if (!rtb_posix_tracefs_pick(f, dir, sizeof(dir), elsewhere))
		snprintf(dir, sizeof(dir), "(none)");
	fclose(f);
	return dir;
}

#define SNAP "nodev /tmp/rtbench-e2e-snap.AbC123 tracefs rw,relatime 0 0\n"
#define PRIV "nodev /tmp/rtbench-tracefs.77.xYz tracefs rw,nosuid,nodev,noexec,relatime 0 0\n"
#define STD "tracefs /sys/kernel/tracing tracefs rw,nosuid,nodev,noexec,relatime 0 0\n"
#define DBG "tracefs /sys/kernel/debug/tracing tracefs rw,relatime 0 0\n"
#define MNT "nodev /mnt/trace tracefs rw,relatime 0 0\n"
#define PROC "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0\n"
#define TMPFS "tmpfs /tmp tmpfs rw 0 0\n"

int main(void)
{
	/* the standard place wins, listed first or last */
	CHECK_STR(pick(PROC SNAP PRIV MNT STD, 1), "/sys/kernel/tracing");
	CHECK_STR(pick(STD SNAP DBG MNT, 1), "/sys/kernel/tracing");
	CHECK_STR(pick(DBG STD, 0), "/sys/kernel/tracing");
	CHECK_STR(pick(SNAP MNT DBG, 1), "/sys/kernel/debug/tracing");
	/* elsewhere: another place, when asked for, but never under /tmp */
	CHECK_STR(pick(SNAP MNT PRIV, 1), "/mnt/trace");
	CHECK_STR(pick(SNAP MNT PRIV, 0), "(none)");
	CHECK_STR(pick(SNAP PRIV, 1), "(none)");
	CHECK_STR(pick(TMPFS "nodev /tmp tracefs rw 0 0\n", 1), "(none)");
	/* only tracefs counts */
	CHECK_STR(pick(PROC TMPFS "sysfs /sys/kernel/tracing sysfs rw 0 0\n", 1), "(none)");
	CHECK_STR(pick("", 1), "(none)");
	return check_done();
}
