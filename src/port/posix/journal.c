/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the crash-safe record of changed system settings.
 *
 * A run that changes a system-wide knob first writes the knob's original
 * value to a state file, so that a run killed with SIGKILL (or a power cut
 * of the process, an OOM kill) leaves enough behind for the next run to put
 * the machine back. One lock file serialises the runs that change settings.
 *
 *   $RTB_STATE_DIR (default /run/rtbench, a tmpfs: a reboot clears it, and
 *   a reboot also resets every knob)
 *     lock    flock()ed for as long as a run has a knob changed; holds
 *             "pid N\nwhat\n" of the holder, for the "held by" line.
 *             The kernel drops the lock when the holder dies, however it
 *             dies, so a free lock plus a state file = a run that died.
 *     state   "rtbench-state 1", "pid N", then "knob K PATH ORIGINAL SET" per
 *             knob changed; written (temp file + fsync + rename) before the
 *             change, removed after the restore.
 *
 * The directory must be a real directory owned by us and writable by nobody
 * else; every file is opened with O_NOFOLLOW, so nobody can plant a symlink
 * that root then writes through. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"

static int lock_fd = -1;
static char dir[256];

static const char *state_dir(void)
{
	const char *d = getenv("RTB_STATE_DIR");
	return d && *d ? d : "/run/rtbench";
}

static int errno_to_rtb(int e)
{
	return e == EACCES || e == EPERM || e == EROFS ? RTB_EPERM :
	       e == ENOSPC || e == EIO || e == EDQUOT ? RTB_EIO : RTB_ESYS;
}

/* safe_dir - create the state directory (0755) if missing, and check it is
 * a directory (not a symlink) owned by us, writable by nobody else. */
static int safe_dir(void)
{
	struct stat st;

	snprintf(dir, sizeof(dir), "%s", state_dir());
	if (mkdir(dir, 0755) && errno != EEXIST)
		return errno_to_rtb(errno);
	if (lstat(dir, &st))
		return errno_to_rtb(errno);
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022))
		return RTB_EPERM;
	return 0;
}

static int open_in_dir(const char *name, int flags, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
	return open(path, flags | O_NOFOLLOW | O_CLOEXEC, 0644);
}

/* rtb_port_journal_trylock - take the settings lock without waiting. */
int rtb_port_journal_trylock(const char *what, char *holder, size_t len)
{
	char path[320], buf[256];
	int fd, rc;
	ssize_t n;
	struct stat st;

	if (holder && len)
		holder[0] = '\0';
	if (lock_fd >= 0)
		return 0;
	rc = safe_dir();
	if (rc)
		return rc;
	fd = open_in_dir("lock", O_RDWR | O_CREAT, path, sizeof(path));
	if (fd < 0)
		return errno_to_rtb(errno);
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return RTB_EPERM;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;
		if (e == EWOULDBLOCK && holder && len) {
			n = pread(fd, buf, sizeof(buf) - 1, 0);
			buf[n > 0 ? n : 0] = '\0';
			for (char *p = buf; *p; p++)
				if (*p == '\n')
					*p = ' ';
				else if ((unsigned char)*p < ' ' || (unsigned char)*p > '~')
					*p = '?';
			for (n = (ssize_t)strlen(buf); n > 0 && buf[n - 1] == ' '; n--)
				buf[n - 1] = '\0';
			snprintf(holder, len, "%s", *buf ? buf : "an rtbench run");
		}
		close(fd);
		return e == EWOULDBLOCK ? RTB_EBUSY : errno_to_rtb(e);
	}
	n = snprintf(buf, sizeof(buf), "pid %ld: %.200s\n", (long)getpid(), what ? what : "rtbench");
	if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)n, 0) < 0) {
		/* the holder line is a courtesy; the lock is what counts */
	}
	lock_fd = fd;
	return 0;
}

/* rtb_port_journal_unlock - release the lock (the state file stays as the
 * last rtb_port_journal_write left it: absent once nothing is changed). */
void rtb_port_journal_unlock(void)
{
	if (lock_fd < 0)
		return;
	if (ftruncate(lock_fd, 0)) {
		/* only the holder line */
	}
	close(lock_fd); /* releases the flock */
	lock_fd = -1;
}

/* rtb_port_journal_write - the original values of the knobs changed so
 * far, written durably before the next change. Needs the lock. */
int rtb_port_journal_write(const long *old, const long *set, const unsigned char *changed, int n)
{
	char tmp[320], path[320], buf[1024];
	int fd, len, rc = 0, any = 0;

	if (lock_fd < 0)
		return RTB_EINVAL;
	len = snprintf(buf, sizeof(buf), "rtbench-state 1\npid %ld\n", (long)getpid());
	for (int k = 0; k < n && len < (int)sizeof(buf); k++)
		if (changed[k]) {
			len += snprintf(buf + len, sizeof(buf) - (size_t)len, "knob %d %s %ld %ld\n", k,
					rtb_knob_name((enum rtb_knob)k), old[k], set[k]);
			any = 1;
		}
	snprintf(path, sizeof(path), "%s/state", dir);
	if (!any)
		return unlink(path) && errno != ENOENT ? errno_to_rtb(errno) : 0;
	if (len >= (int)sizeof(buf))
		return RTB_ERANGE;
	snprintf(tmp, sizeof(tmp), "%s/state.%ld", dir, (long)getpid());
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return errno_to_rtb(errno);
	if (write(fd, buf, (size_t)len) != len || fsync(fd))
		rc = errno ? errno_to_rtb(errno) : RTB_EIO;
	if (close(fd) && !rc)
		rc = errno_to_rtb(errno);
	if (!rc && rename(tmp, path))
		rc = errno_to_rtb(errno);
	if (rc)
		unlink(tmp);
	return rc;
}

/* rtb_port_journal_read - the state a run that died left: 1 with the
 * values (and its pid), 0 when there is none. Needs the lock, so the
 * writer is known to be gone. */
int rtb_port_journal_read(long *old, long *set, unsigned char *changed, int n, long *pid)
{
	char path[320], buf[1024], name[200];
	int fd, k;
	ssize_t len;
	long v, w;
	int found = 0;

	memset(changed, 0, (size_t)n);
	*pid = 0;
	if (lock_fd < 0)
		return RTB_EINVAL;
	fd = open_in_dir("state", O_RDONLY, path, sizeof(path));
	if (fd < 0)
		return errno == ENOENT ? 0 : errno_to_rtb(errno);
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len < 0)
		return RTB_EIO;
	buf[len] = '\0';
	if (strncmp(buf, "rtbench-state 1\n", 16))
		return RTB_EFORMAT;
	for (char *save = NULL, *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (sscanf(l, "pid %ld", &v) == 1)
			*pid = v;
		else if (sscanf(l, "knob %d %199s %ld %ld", &k, name, &v, &w) == 4 && k >= 0 && k < n &&
			 !strcmp(name, rtb_knob_name((enum rtb_knob)k))) {
			old[k] = v;
			set[k] = w;
			changed[k] = 1;
			found = 1;
		}
	}
	return found;
}

/* rtb_port_journal_where - the state directory, for messages. */
const char *rtb_port_journal_where(void)
{
	return state_dir();
}
