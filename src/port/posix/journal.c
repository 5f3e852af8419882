/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the crash-safe record of changed system settings.
 *
 * A run that changes a system-wide knob first writes the knob's original
 * value to a state file, so that a run killed with SIGKILL (or a power cut
 * of the process, an OOM kill) leaves enough behind for the next run to put
 * the machine back. One lock serialises every run that changes settings.
 *
 *   /run/rtbench/lock   the one lock, whatever RTB_STATE_DIR says: the
 *             knobs are machine-wide, so is the lock (two runs pointed at
 *             two state directories once took each other's shortened
 *             quantum for the original). flock()ed for as long as a run
 *             has a knob changed; holds "pid N: what" of the holder. The
 *             kernel drops it when the holder dies, however it dies, so a
 *             free lock plus a state file = a run that died.
 *   $RTB_STATE_DIR/state   (default /run/rtbench, a tmpfs: a reboot clears
 *             it, and a reboot also resets every knob) "rtbench-state 1",
 *             "pid N", then "knob K PATH ORIGINAL SET" per knob changed;
 *             written through the port's one atomic writer (file.c) before
 *             the change, removed after the restore.
 *
 * The record is evidence, not orders: it is read only from a directory
 * owned by us (root) and writable by nobody else, only as a regular file
 * of ours (never a FIFO, device or link: opened O_NONBLOCK|O_NOFOLLOW, so
 * nothing can hang the run holding the lock), bounded in size, parsed
 * strictly, every value plausible for its knob (rtb_posix_knob_plausible).
 * A record the core does not act on is kept under a new name, never
 * deleted (rtb_port_journal_settle). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "posix_int.h"

#define LOCK_DIR "/run/rtbench"
#define RECORD_MAX_BYTES 8192 /* every knob of port_bench.h changed at once fits */

static int lock_fd = -1;
static int state_fd = -1;  /* the state directory, checked, while locked */
static int pending;        /* a record we did not write is in state_fd */
static char why[384];      /* the last refusal, for rtb_port_journal_error */

/* state_dir - where the settings lock and record live (RTB_STATE_DIR for
 * the tests). */
static const char *state_dir(void)
{
	const char *d = getenv("RTB_STATE_DIR");
	return d && *d ? d : LOCK_DIR;
}

/* refuse - the reason as rtb_port_journal_error()'s line; returns code. */
static __attribute__((format(printf, 2, 3))) int refuse(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return code;
}

/* owner_text - who owns st, in words: "uid 1000" or "root". */
static const char *owner_text(const struct stat *st, char *buf, size_t len)
{
	if (st->st_uid == 0)
		return "root";
	snprintf(buf, len, "uid %ld", (long)st->st_uid);
	return buf;
}

/* open_dir - the directory d (created 0755 if missing), opened, and
 * checked on the descriptor (no rename between check and use): a real
 * directory, not a symlink, owned by us, writable by nobody else. The
 * descriptor, or a negative rtb_err with the reason in why. */
static int open_dir(const char *d, const char *what)
{
	struct stat st;
	char ob[32], me[32];
	int fd, rc;

	if (mkdir(d, 0755) && errno != EEXIST)
		return refuse(rtb_err_from_errno(errno), "%s %s: cannot create it (%s)", what, d, strerror(errno));
	fd = open(d, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		return refuse(rtb_err_from_errno(e), "%s %s: %s", what, d,
			      e == ELOOP ? "is a symbolic link, not a directory" :
			      e == ENOTDIR ? "is not a directory" : strerror(e));
	}
	if (fstat(fd, &st)) {
		int e = errno;
		rc = refuse(rtb_err_from_errno(e), "%s %s: %s", what, d, strerror(e));
		goto out_close;
	}
	snprintf(me, sizeof(me), geteuid() ? "uid %ld" : "root", (long)geteuid());
	if (st.st_uid != geteuid()) {
		rc = refuse(RTB_EPERM, "%s %s: owned by %s, not by %s (this run)", what, d,
			    owner_text(&st, ob, sizeof(ob)), me);
		goto out_close;
	}
	if (st.st_mode & 022) {
		rc = refuse(RTB_EPERM, "%s %s: writable by %s (mode %04o): anyone could plant a record",
			    what, d, (st.st_mode & 002) ? "everyone" : "its group",
			    (unsigned)(st.st_mode & 07777));
		goto out_close;
	}
	return fd;
out_close:
	close(fd);
	return rc;
}

/* holder_line - the lock file's (LOCK_DIR/name) "pid N: what" as one
 * printable line. */
static void holder_line(int fd, const char *name, char *holder, size_t len)
{
	char buf[256];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ' ';
		else if ((unsigned char)*p < ' ' || (unsigned char)*p > '~')
			*p = '?';
	for (n = (ssize_t)strlen(buf); n > 0 && buf[n - 1] == ' '; n--)
		buf[n - 1] = '\0';
	snprintf(holder, len, "%s (lock %s/%s)", *buf ? buf : "an rtbench run", LOCK_DIR, name);
}

/* rtb_port_journal_trylock - take the settings lock without waiting.
 * RTB_EBUSY: holder says who has it; any other error: holder (and
 * rtb_port_journal_error) says why no record can be kept. */
int rtb_port_journal_trylock(const char *what, char *holder, size_t len)
{
	char buf[256];
	int dfd, fd, rc, e;
	ssize_t n;
	struct stat st;

	if (holder && len)
		holder[0] = '\0';
	if (lock_fd >= 0)
		return 0;
	why[0] = '\0';
	dfd = open_dir(LOCK_DIR, "lock directory");
	if (dfd < 0) {
		rc = dfd;
		goto refused;
	}
	fd = openat(dfd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
	e = errno;
	close(dfd);
	if (fd < 0) {
		rc = refuse(rtb_err_from_errno(e), "%s/lock: %s", LOCK_DIR,
			    e == ELOOP ? "is a symbolic link" : strerror(e));
		goto refused;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		close(fd);
		rc = refuse(RTB_EPERM, "%s/lock: not a regular file of this user", LOCK_DIR);
		goto refused;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		e = errno;
		if (e == EWOULDBLOCK && holder && len)
			holder_line(fd, "lock", holder, len);
		close(fd);
		if (e == EWOULDBLOCK)
			return RTB_EBUSY;
		rc = refuse(rtb_err_from_errno(e), "%s/lock: %s", LOCK_DIR, strerror(e));
		goto refused;
	}
	/* the record's directory, held open (and so checked once) while locked */
	if (!strcmp(state_dir(), LOCK_DIR))
		state_fd = open_dir(LOCK_DIR, "state directory");
	else
		state_fd = open_dir(state_dir(), "RTB_STATE_DIR");
	if (state_fd < 0) {
		rc = state_fd;
		state_fd = -1;
		close(fd); /* releases the flock */
		goto refused;
	}
	n = snprintf(buf, sizeof(buf), "pid %ld: %.200s\n", (long)getpid(), what ? what : "rtbench");
	if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)n, 0) < 0) {
		/* the holder line is a courtesy; the lock is what counts */
	}
	lock_fd = fd;
	pending = 0;
	return 0;
refused:
	if (holder && len)
		snprintf(holder, len, "%s", why);
	return rc;
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
	if (state_fd >= 0)
		close(state_fd);
	state_fd = -1;
	pending = 0;
}

/* keep_aside - a record we did not act on goes to state.kept.T.N (never
 * over another); its path in kept. */
static int keep_aside(char *kept, size_t len)
{
	char name[64];
	long t = (long)time(NULL);

	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "state.kept.%ld.%d", t, i);
		if (renameat2(state_fd, "state", state_fd, name, RENAME_NOREPLACE) == 0) {
			if (kept && len)
				snprintf(kept, len, "%s/%s", state_dir(), name);
			pending = 0;
			(void)fsync(state_fd);
			return 0;
		}
		if (errno == ENOENT) {
			pending = 0;
			return 0;
		}
		if (errno != EEXIST)
			return refuse(rtb_err_from_errno(errno), "%s/state: cannot keep it aside (%s)",
				      state_dir(), strerror(errno));
	}
	return refuse(RTB_EIO, "%s/state: cannot keep it aside (100 kept records)", state_dir());
}

/* rtb_port_journal_settle - the record rtb_port_journal_read found was
 * acted on (acted: removed) or not (kept as state.kept.*; its path in
 * kept). Nothing found: nothing done. */
int rtb_port_journal_settle(int acted, char *kept, size_t len)
{
	if (kept && len)
		kept[0] = '\0';
	if (lock_fd < 0 || !pending)
		return 0;
	if (!acted)
		return keep_aside(kept, len);
	pending = 0;
	if (unlinkat(state_fd, "state", 0) && errno != ENOENT)
		return rtb_err_from_errno(errno);
	return 0;
}

/* rtb_port_journal_write - the original values of the knobs changed so
 * far, written durably before the next change. Needs the lock. A record
 * another run left that was not settled is kept aside first, never
 * overwritten. */
int rtb_port_journal_write(const long *old, const long *set, const unsigned char *changed, int n)
{
	char buf[RECORD_MAX_BYTES];
	int len, any = 0, rc;

	if (lock_fd < 0)
		return RTB_EINVAL;
	if (pending && keep_aside(NULL, 0))
		return RTB_EIO;
	len = snprintf(buf, sizeof(buf), "rtbench-state 1\npid %ld\n", (long)getpid());
	for (int k = 0; k < n && len < (int)sizeof(buf); k++)
		if (changed[k]) {
			len += snprintf(buf + len, sizeof(buf) - (size_t)len, "knob %d %s %ld %ld\n", k,
					rtb_port_knob_name((enum rtb_knob)k), old[k], set[k]);
			any = 1;
		}
	if (!any)
		return unlinkat(state_fd, "state", 0) && errno != ENOENT ? rtb_err_from_errno(errno) : 0;
	if (len >= (int)sizeof(buf))
		return RTB_ERANGE;
	rc = rtb_posix_replace_at(state_fd, "state", buf, (size_t)len);
	return rc ? refuse(rc, "%s/state: %s", state_dir(), strerror(errno)) : 0;
}

/* parse_long - all of s a decimal integer (sign allowed), nothing else:
 * 0, or RTB_EFORMAT. */
static int parse_long(const char *s, long *v)
{
	char *end;

	if (!*s || (*s != '-' && (*s < '0' || *s > '9')))
		return RTB_EFORMAT;
	errno = 0;
	*v = strtol(s, &end, 10);
	return errno || *end ? RTB_EFORMAT : 0;
}

/* parse_record - "rtbench-state 1", "pid N", "knob K PATH OLD SET"...:
 * every line understood, every value plausible, or the reason in why. */
static int parse_record(char *buf, long *old, long *set, unsigned char *changed, int n, long *pid)
{
	const char *where = state_dir();
	int line = 1, found = 0;
	char *save = NULL, *l;

	if (strncmp(buf, "rtbench-state 1\n", 16))
		return refuse(RTB_EFORMAT, "%s/state: not an rtbench settings record (first line)", where);
	for (l = strtok_r(buf + 16, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char *f[6], *sp = NULL;
		int nf = 0;
		long k, v, w;

		line++;
		for (char *t = strtok_r(l, " ", &sp); t && nf < 6; t = strtok_r(NULL, " ", &sp))
			f[nf++] = t;
		if (nf == 2 && !strcmp(f[0], "pid") && !parse_long(f[1], &v) && v > 0 && !*pid) {
			*pid = v;
			continue;
		}
		if (nf != 5 || strcmp(f[0], "knob") || parse_long(f[1], &k) || parse_long(f[3], &v) ||
		    parse_long(f[4], &w))
			return refuse(RTB_EFORMAT, "%s/state: line %d is not \"pid N\" or "
				      "\"knob K PATH ORIGINAL SET\"", where, line);
		if (k < 0 || k >= n || strcmp(f[2], rtb_port_knob_name((enum rtb_knob)k)))
			return refuse(RTB_EFORMAT, "%s/state: line %d names no knob rtbench changes", where, line);
		if (changed[k])
			return refuse(RTB_EFORMAT, "%s/state: knob %ld recorded twice", where, k);
		if (!rtb_posix_knob_plausible((enum rtb_knob)k, v) ||
		    !rtb_posix_knob_plausible((enum rtb_knob)k, w))
			return refuse(RTB_ERANGE, "%s/state: %s original %ld, set %ld: not values rtbench "
				      "would have found or set", where, f[2], v, w);
		old[k] = v;
		set[k] = w;
		changed[k] = 1;
		found = 1;
	}
	if (!*pid)
		return refuse(RTB_EFORMAT, "%s/state: no \"pid N\" line", where);
	return found;
}

/* rtb_port_journal_read - the state a run that died left: 1 with the
 * values (and its pid), 0 when there is none, a negative rtb_err (why in
 * rtb_port_journal_error) when it is not to be trusted. Needs the lock,
 * so the writer is known to be gone. A record found (good or bad) stays
 * until rtb_port_journal_settle says what became of it. */
int rtb_port_journal_read(long *old, long *set, unsigned char *changed, int n, long *pid)
{
	char buf[RECORD_MAX_BYTES + 1], ob[32];
	struct stat st;
	ssize_t len;
	int fd, rc;

	memset(changed, 0, (size_t)n);
	*pid = 0;
	if (lock_fd < 0)
		return RTB_EINVAL;
	fd = openat(state_fd, "state", O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT)
			return 0;
		pending = 1;
		return refuse(RTB_EPERM, "%s/state: %s", state_dir(),
			      errno == ELOOP ? "is a symbolic link" : strerror(errno));
	}
	pending = 1;
	if (fstat(fd, &st)) {
		rc = refuse(RTB_EIO, "%s/state: %s", state_dir(), strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = refuse(RTB_EPERM, "%s/state: not a regular file (%s)", state_dir(),
			    S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISCHR(st.st_mode) ? "a character device" :
			    S_ISBLK(st.st_mode) ? "a block device" : S_ISSOCK(st.st_mode) ? "a socket" :
			    S_ISDIR(st.st_mode) ? "a directory" : "special");
		goto out;
	}
	if (st.st_uid != geteuid() || (st.st_mode & 022) || st.st_nlink != 1) {
		rc = refuse(RTB_EPERM, "%s/state: owned by %s, mode %04o, %ld link(s): not a record "
			    "this user wrote", state_dir(), owner_text(&st, ob, sizeof(ob)),
			    (unsigned)(st.st_mode & 07777), (long)st.st_nlink);
		goto out;
	}
	if (st.st_size > RECORD_MAX_BYTES) {
		rc = refuse(RTB_EFORMAT, "%s/state: %lld bytes, larger than a record (%d)", state_dir(),
			    (long long)st.st_size, RECORD_MAX_BYTES);
		goto out;
	}
	len = read(fd, buf, sizeof(buf) - 1);
	if (len < 0) {
		rc = refuse(RTB_EIO, "%s/state: %s", state_dir(), strerror(errno));
		goto out;
	}
	buf[len] = '\0';
	if ((size_t)len != strlen(buf)) {
		rc = refuse(RTB_EFORMAT, "%s/state: holds a NUL byte", state_dir());
		goto out;
	}
	rc = parse_record(buf, old, set, changed, n, pid);
	if (rc <= 0)
		memset(changed, 0, (size_t)n);
	if (rc == 0)
		rc = refuse(RTB_EFORMAT, "%s/state: names no knob", state_dir());
out:
	close(fd);
	return rc;
}

/* rtb_port_journal_where - the state directory, for messages. */
const char *rtb_port_journal_where(void)
{
	return state_dir();
}

/* rtb_port_journal_error - why the last call refused (one line). */
const char *rtb_port_journal_error(void)
{
	return why[0] ? why : "no error";
}

/* The CPUs this run measures (without this, two runs at once both measured
 * CPU 1 at the same priority and neither said so). One lock file a CPU,
 * LOCK_DIR/cpuN.lock, flock()ed while the run measures (the kernel drops
 * it however the run dies). A run that finds a CPU's lock held is told
 * who holds it, and leaves LOCK_DIR/cpuN.met with its own pid, so the
 * holder learns at its end that it was not alone (rtb_port_cpu_release).
 * At most CLAIM_MAX CPUs are claimed; a run on more says so (RTB_ENOMEM). */
#define CLAIM_MAX 256
static int claim_fd[CLAIM_MAX], claim_cpu[CLAIM_MAX], nclaims;

int rtb_port_cpu_claim(int cpu, const char *what, char *holder, size_t len)
{
	char name[32], buf[256];
	int dfd, fd, e, n;

	if (holder && len)
		holder[0] = '\0';
	if (nclaims >= CLAIM_MAX)
		return RTB_ENOMEM;
	dfd = open_dir(LOCK_DIR, "lock directory");
	if (dfd < 0)
		return dfd;
	snprintf(name, sizeof(name), "cpu%d.lock", cpu);
	fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
	e = errno;
	if (fd < 0) {
		close(dfd);
		return rtb_err_from_errno(e);
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		if (holder && len)
			holder_line(fd, name, holder, len);
		close(fd);
		/* the holder is told at its end: this run met it */
		snprintf(name, sizeof(name), "cpu%d.met", cpu);
		fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
			    O_CLOEXEC, 0644);
		if (fd >= 0) {
			n = snprintf(buf, sizeof(buf), "pid %ld: %.200s\n", (long)getpid(), what ? what : "rtbench");
			if (write(fd, buf, (size_t)n) < 0) {
				/* a courtesy to the holder; this run says it anyway */
			}
			close(fd);
		}
		close(dfd);
		return RTB_EBUSY;
	}
	snprintf(name, sizeof(name), "cpu%d.met", cpu);
	unlinkat(dfd, name, 0); /* a meeting of an earlier holder's, stale */
	close(dfd);
	n = snprintf(buf, sizeof(buf), "pid %ld: %.200s\n", (long)getpid(), what ? what : "rtbench");
	if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)n, 0) < 0) {
		/* the holder line is a courtesy; the lock is what counts */
	}
	claim_fd[nclaims] = fd;
	claim_cpu[nclaims++] = cpu;
	return 0;
}

int rtb_port_cpu_release(char *who, size_t len)
{
	char name[32];
	int dfd = open_dir(LOCK_DIR, "lock directory"), met = 0;

	if (who && len)
		who[0] = '\0';
	for (int i = 0; i < nclaims; i++) {
		snprintf(name, sizeof(name), "cpu%d.met", claim_cpu[i]);
		int fd = dfd >= 0 ? openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) : -1;
		if (fd >= 0) {
			struct stat st;
			if (!fstat(fd, &st) && S_ISREG(st.st_mode) && !met && who && len) {
				char h[200];
				holder_line(fd, name, h, sizeof(h));
				snprintf(who, len, "CPU %d: %s", claim_cpu[i], h);
			}
			met = 1;
			close(fd);
			unlinkat(dfd, name, 0);
		}
		if (ftruncate(claim_fd[i], 0)) {
			/* only the holder line */
		}
		close(claim_fd[i]); /* releases the flock */
	}
	nclaims = 0;
	if (dfd >= 0)
		close(dfd);
	return met;
}
