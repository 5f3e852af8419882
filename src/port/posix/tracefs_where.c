/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - where tracefs is mounted, for every reader that looks
 * (the tracer, the leftover sweep, the doctor): the one answer to "which
 * mount in /proc/mounts". A mount under /tmp is never one: it is another
 * program's private mount (a test's snapshot, another run's), which can go
 * away under the reader, and whose own umount fails busy while the reader
 * is in it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "posix_int.h"

/* The new mount API's flags (linux/mount.h; stable ABI), named here so
 * that neither that header nor glibc's clashing copy is needed. */
#define FSOPEN_CLOEXEC_ 0x1
#define FSCONFIG_CMD_CREATE_ 6
#define FSMOUNT_CLOEXEC_ 0x1
#define MOUNT_ATTR_RO_NOSUID_NODEV_NOEXEC_ 0xf

/* std_rank - 0 for /sys/kernel/tracing, 1 for the debugfs place, 2 for
 * any other place but /tmp, -1 for one under /tmp. */
static int std_rank(const char *mp)
{
	if (!strcmp(mp, "/sys/kernel/tracing"))
		return 0;
	if (!strcmp(mp, "/sys/kernel/debug/tracing"))
		return 1;
	return strncmp(mp, "/tmp/", 5) && strcmp(mp, "/tmp") ? 2 : -1;
}

int rtb_posix_tracefs_pick(FILE *mounts, char *dir, size_t len, int elsewhere)
{
	char dev[256], mp[256], type[64];
	int best = 3, rank;

	while (fscanf(mounts, "%255s %255s %63s %*[^\n]", dev, mp, type) == 3) {
		if (strcmp(type, "tracefs") || (rank = std_rank(mp)) < 0 || rank >= best ||
		    (rank == 2 && !elsewhere))
			continue;
		snprintf(dir, len, "%s", mp);
		best = rank;
	}
	return best < 3;
}

int rtb_posix_tracefs_dir(char *dir, size_t len, int elsewhere)
{
	FILE *f = fopen("/proc/mounts", "re");
	int found;

	if (!f)
		return 0;
	found = rtb_posix_tracefs_pick(f, dir, len, elsewhere);
	fclose(f);
	return found;
}

int rtb_posix_tracefs_detached(void)
{
#if defined(SYS_fsopen) && defined(SYS_fsconfig) && defined(SYS_fsmount)
	int fs = (int)syscall(SYS_fsopen, "tracefs", FSOPEN_CLOEXEC_), mnt = -1;

	if (fs < 0)
		return -1;
	if (!syscall(SYS_fsconfig, fs, FSCONFIG_CMD_CREATE_, NULL, NULL, 0))
		mnt = (int)syscall(SYS_fsmount, fs, FSMOUNT_CLOEXEC_, MOUNT_ATTR_RO_NOSUID_NODEV_NOEXEC_);
	close(fs);
	return mnt;
#else
	errno = ENOSYS;
	return -1;
#endif
}
