/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX port - where output bytes go: result files and the console.
 *
 * Every result file (JSON, CSV, raw; compare -o, report -o, ingest, check)
 * is written through rtb_port_output(): the writer fills a sink over a
 * temporary file of a unique name in the target's directory, which is
 * flushed, fsynced and renamed over PATH, so a reader sees the old file or
 * the complete new one, never half of one, and a full disk leaves the old
 * file as it was. This is the one place that opens, syncs and renames an
 * output file, and the settings record (journal.c) goes through the same
 * writer (replace_at).
 *
 * rtbench runs as root, in directories other users may write to:
 *   - the temporary file is created with O_CREAT|O_EXCL|O_NOFOLLOW under a
 *     random name (".NAME.XXXXXX"), mode 0644, so a file or symlink planted
 *     at a guessable name is never opened, let alone written through;
 *   - a target that exists and is not a regular file (a device node such as
 *     /dev/full, a directory, a FIFO, a socket) is refused, never replaced;
 *   - a symbolic link at the target is refused unless the user asked to
 *     follow it (--follow-symlinks), and then its resolved path is written;
 *   - rtb_port_output_check() tries all of this (and creating a file in
 *     the directory) before anything is measured. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <limits.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "posix_int.h"

/* file_write - sink callback over a stdio stream. */
static int file_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, (FILE *)ctx) == len ? 0 : RTB_EIO;
}

/* An fd written through a buffer in the caller's storage: the atomic
 * writer's sink. No stdio stream, so rewriting a long run's result after
 * every interval allocates nothing (fdopen would malloc a FILE and its
 * buffer each time). */
struct fd_out {
	int fd;
	int err;        /* the first write's errno, sticky */
	size_t n;
	char buf[8192];
};

/* fd_flush - the buffer to the file, whole (write may take part of it). */
static int fd_flush(struct fd_out *o)
{
	size_t off = 0;

	while (!o->err && off < o->n) {
		ssize_t w = write(o->fd, o->buf + off, o->n - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			o->err = w < 0 ? errno : EIO;
		else
			off += (size_t)w;
	}
	o->n = 0;
	return o->err ? RTB_EIO : 0;
}

/* fd_write - sink callback over an fd_out. */
static int fd_write(void *ctx, const void *buf, size_t len)
{
	struct fd_out *o = ctx;
	const char *p = buf;

	while (len) {
		size_t k = sizeof(o->buf) - o->n < len ? sizeof(o->buf) - o->n : len;
		memcpy(o->buf + o->n, p, k);
		o->n += k;
		p += k;
		len -= k;
		if (o->n == sizeof(o->buf) && fd_flush(o))
			return RTB_EIO;
	}
	return o->err ? RTB_EIO : 0;
}

/* rtb_port_console - stdout as a sink (buffered by stdio, as before). */
struct rtb_sink *rtb_port_console(void)
{
	static struct rtb_sink con;

	rtb_sink_init(&con, file_write, stdout);
	return &con;
}

static int follow_links;
static char last_err[PATH_MAX + 128];

/* rtb_port_output_follow_symlinks - 1: a symlink at a target is resolved
 * and its target written (the user asked); 0 (default): refused. */
void rtb_port_output_follow_symlinks(int on)
{
	follow_links = on;
}

/* rtb_port_output_error - why the last rtb_port_output failed (one line,
 * "PATH: reason" with the errno text). */
const char *rtb_port_output_error(void)
{
	return last_err[0] ? last_err : "no error";
}

/* set_err - "PATH: what" as rtb_port_output_error()'s line; returns code. */
static __attribute__((format(printf, 3, 4))) int set_err(int code, const char *path, const char *fmt, ...)
{
	char what[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(last_err, sizeof(last_err), "%s: %s", path, what);
	return code;
}

/* kind - what a non-regular file is, for the refusal. */
static const char *kind(mode_t m)
{
	return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" :
	       S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO" :
	       S_ISSOCK(m) ? "a socket" : "not a regular file";
}

/* resolve - the path to write for `path` into out: path itself, or with
 * --follow-symlinks the file its symlink points to. Refuses what must not
 * be replaced. */
static int resolve(const char *path, char *out, size_t len)
{
	struct stat st;

	if (!path || !*path)
		return set_err(RTB_EINVAL, "\"\"", "%s", "empty file name");
	if (strlen(path) >= len)
		return set_err(RTB_EINVAL, path, "%s", "file name too long");
	snprintf(out, len, "%s", path);
	if (lstat(path, &st)) {
		if (errno == ENOENT)
			return 0;
		return set_err(RTB_EIO, path, "%s", strerror(errno));
	}
	if (S_ISLNK(st.st_mode)) {
		if (!follow_links)
			return set_err(RTB_EINVAL, path, "%s",
				       "is a symbolic link, not followed (give the file it points to)");
		if (!realpath(path, out))
			return set_err(RTB_EINVAL, path, "symbolic link to nothing usable (%s)", strerror(errno));
		if (stat(out, &st))
			return errno == ENOENT ? 0 : set_err(RTB_EIO, out, "%s", strerror(errno));
	}
	if (!S_ISREG(st.st_mode))
		return set_err(RTB_EINVAL, path, "exists and is %s: refusing to replace it", kind(st.st_mode));
	return 0;
}

/* open_temp_at - a new file of a unique name beside NAME in the directory
 * open as dfd (".NAME.XXXXXX"), O_EXCL|O_NOFOLLOW, mode 0644: its
 * descriptor in *fd, its name in tmp; false with errno saying why (the
 * callers put the errno text in their one-line message). */
static bool open_temp_at(int dfd, const char *name, char *tmp, size_t len, int *fd)
{
	static const char az[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	struct timespec ts;
	static unsigned long seq;

	for (int tries = 0; tries < 100; tries++) {
		unsigned long long x;
		char suf[7];
		clock_gettime(CLOCK_REALTIME, &ts);
		x = (unsigned long long)ts.tv_nsec * 2654435761u ^ ((unsigned long long)getpid() << 20) ^
		    (unsigned long long)ts.tv_sec ^ (++seq * 0x9E3779B97F4A7C15ull);
		for (int i = 0; i < 6; i++, x /= 62)
			suf[i] = az[x % 62];
		suf[6] = '\0';
		if ((size_t)snprintf(tmp, len, ".%.200s.%s", name, suf) >= len) {
			errno = ENAMETOOLONG;
			return false;
		}
		*fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (*fd >= 0) {
			(void)fchmod(*fd, 0644); /* whatever the umask: a result is shared */
			return true;
		}
		if (errno != EEXIST)
			return false;
	}
	return false;
}

/* open_parent - the directory holding path, opened as *dfd (for
 * openat/renameat and its fsync), and the file's own name in base; false
 * with errno saying why. */
static bool open_parent(const char *path, char *base, size_t len, int *dfd)
{
	char dcopy[PATH_MAX], bcopy[PATH_MAX];

	snprintf(dcopy, sizeof(dcopy), "%s", path);
	snprintf(bcopy, sizeof(bcopy), "%s", path);
	snprintf(base, len, "%s", basename(bcopy));
	*dfd = open(dirname(dcopy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return *dfd >= 0;
}

/* replace_at - the one atomic writer (result files and the settings
 * record): fn fills a unique temporary file beside NAME in the directory
 * dfd, which is flushed, fsynced and renamed over NAME, and the directory
 * fsynced (best effort: the content is safe already, some file systems
 * refuse it), so a reader sees the old file or the complete new one.
 * recheck (may be NULL) runs just before the rename and may refuse it.
 * 0, or an errno (EINVAL: recheck refused); the temporary file is gone
 * on every failure. */
static int replace_at(int dfd, const char *name, rtb_output_fn fn, const void *arg,
		      int (*recheck)(const void *), const void *rarg)
{
	struct rtb_sink sink;
	struct fd_out o;
	char tmp[PATH_MAX];
	int fd, e = 0;

	if (!open_temp_at(dfd, name, tmp, sizeof(tmp), &fd))
		return errno ? errno : EIO;
	o.fd = fd;
	o.err = 0;
	o.n = 0;
	rtb_sink_init(&sink, fd_write, &o);
	errno = 0;
	if (fn(&sink, arg) != 0 || rtb_sink_error(&sink) || fd_flush(&o) || fsync(fd) != 0) {
		e = o.err ? o.err : errno ? errno : EIO;
		close(fd);
		goto out_unlink;
	}
	if (close(fd) != 0) {
		e = errno ? errno : EIO;
		goto out_unlink;
	}
	if (recheck && recheck(rarg)) {
		e = EINVAL;
		goto out_unlink;
	}
	if (renameat(dfd, tmp, dfd, name) != 0) {
		e = errno;
		goto out_unlink;
	}
	(void)fsync(dfd);
	return 0;
out_unlink:
	unlinkat(dfd, tmp, 0);
	return e ? e : EIO;
}

struct buf_arg {
	const void *buf;
	size_t len;
};

/* write_buf - an rtb_output_fn that writes a fixed buffer (struct buf_arg). */
static int write_buf(struct rtb_sink *s, const void *arg)
{
	const struct buf_arg *b = arg;

	return rtb_sink_write(s, b->buf, b->len);
}

/* rtb_posix_replace_at - len bytes of buf durably as NAME in the
 * directory open as dfd (the settings record: journal.c). 0, or the
 * rtb_err with errno set to replace_at's errno (for the message). */
int rtb_posix_replace_at(int dfd, const char *name, const void *buf, size_t len)
{
	struct buf_arg b = { buf, len };
	int e = replace_at(dfd, name, write_buf, &b, NULL, NULL);

	if (!e)
		return 0;
	errno = e;
	return rtb_err_from_errno(e);
}

/* rtb_port_output_check - could rtb_port_output write path? Checked before
 * measuring: the target is absent or a regular file (a symlink only with
 * --follow-symlinks), and a file can be created in its directory (tried,
 * then removed: access() says yes to root even on /proc). 0, or RTB_EINVAL
 * with the reason in rtb_port_output_error(). */
int rtb_port_output_check(const char *path)
{
	char target[PATH_MAX], tmp[PATH_MAX], base[NAME_MAX + 1];
	int rc = resolve(path, target, sizeof(target)), fd, dfd = -1;

	if (rc)
		return RTB_EINVAL;
	if (!open_parent(target, base, sizeof(base), &dfd) ||
	    !open_temp_at(dfd, base, tmp, sizeof(tmp), &fd)) {
		rc = set_err(RTB_EINVAL, path, "cannot create a file there (%s)", strerror(errno));
		if (dfd >= 0)
			close(dfd);
		return rc;
	}
	close(fd);
	unlinkat(dfd, tmp, 0);
	close(dfd);
	return 0;
}

/* rtb_port_output_same - 1 if a and b name the same file (hard links and
 * symlinked directories included), so that two outputs never clobber each
 * other. */
int rtb_port_output_same(const char *a, const char *b)
{
	struct stat sa, sb;
	char da[PATH_MAX], db[PATH_MAX], ra[PATH_MAX], rb[PATH_MAX];

	if (!stat(a, &sa) && !stat(b, &sb))
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	snprintf(da, sizeof(da), "%s", a);
	snprintf(db, sizeof(db), "%s", b);
	if (!realpath(dirname(da), ra) || !realpath(dirname(db), rb))
		return !strcmp(a, b);
	snprintf(da, sizeof(da), "%s", a);
	snprintf(db, sizeof(db), "%s", b);
	return !strcmp(ra, rb) && !strcmp(basename(da), basename(db));
}

/* recheck_target - just before the rename: the target is still one
 * rtb_port_output may replace (rename replaces a symlink or a device node
 * rather than writing through it, but must not replace them either). */
static int recheck_target(const void *arg)
{
	char target[PATH_MAX];

	return resolve(arg, target, sizeof(target));
}

/* rtb_port_output - write PATH through fn, atomically (replace_at). On any
 * failure PATH is left as it was, errno says why and
 * rtb_port_output_error() gives the line. */
int rtb_port_output(const char *path, rtb_output_fn fn, const void *arg)
{
	char target[PATH_MAX], base[NAME_MAX + 1];
	int dfd, e;

	last_err[0] = '\0';
	if (!path || !*path || !fn)
		return set_err(RTB_EINVAL, "\"\"", "%s", "no file name");
	/* "-": standard output, as the user asked (not atomic: a pipe) */
	if (!strcmp(path, "-")) {
		int rc;

		errno = 0;
		rc = fn(rtb_port_console(), arg);

		if (fflush(stdout) || rc) {
			e = errno ? errno : EIO;
			set_err(RTB_EIO, "standard output", "%s", strerror(e));
			errno = e;
			return RTB_EIO;
		}
		return RTB_OK;
	}
	if (resolve(path, target, sizeof(target))) {
		errno = EINVAL;
		return RTB_EIO;
	}
	if (!open_parent(target, base, sizeof(base), &dfd)) {
		e = errno;
		set_err(RTB_EIO, path, "cannot open its directory (%s)", strerror(e));
		errno = e;
		return RTB_EIO;
	}
	struct stat before;
	/* was there a file to leave as it was? (not to say "left as it
	 * was" of a file that never existed) */
	int existed = !fstatat(dfd, base, &before, AT_SYMLINK_NOFOLLOW);
	e = replace_at(dfd, base, fn, arg, recheck_target, path);
	close(dfd);
	if (e == EINVAL && last_err[0]) {
		errno = EINVAL;
		return RTB_EIO;
	}
	if (e) {
		set_err(RTB_EIO, path, "%s (%s)", strerror(e), existed ? "the file was left as it was" :
			"there was no file, and none was written");
		errno = e;
		return RTB_EIO;
	}
	return RTB_OK;
}

/* rtb_port_stream_open - a new file (O_EXCL|O_NOFOLLOW, a random name
 * beside the target) renamed over `name` at once, after the target was
 * checked as rtb_port_output's (port.h): the run then writes only through
 * its descriptor, never through a path, so nothing planted at `name`
 * meanwhile is written through. */
int rtb_port_stream_open(const char *name, int *h)
{
	char target[PATH_MAX], tmp[PATH_MAX], base[NAME_MAX + 1];
	int dfd, fd;

	last_err[0] = '\0';
	if (resolve(name, target, sizeof(target)))
		return RTB_EIO;
	if (!open_parent(target, base, sizeof(base), &dfd))
		return set_err(RTB_EIO, name, "cannot open its directory (%s)", strerror(errno));
	if (!open_temp_at(dfd, base, tmp, sizeof(tmp), &fd)) {
		set_err(RTB_EIO, name, "cannot create a file there (%s)", strerror(errno));
		close(dfd);
		return RTB_EIO;
	}
	if (recheck_target(name) || renameat(dfd, tmp, dfd, base)) {
		if (!last_err[0])
			set_err(RTB_EIO, name, "cannot put the file there (%s)", strerror(errno));
		unlinkat(dfd, tmp, 0);
		close(fd);
		close(dfd);
		return RTB_EIO;
	}
	(void)fsync(dfd);
	close(dfd);
	*h = fd;
	return 0;
}

int rtb_port_stream_write(int h, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(h, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return RTB_EIO;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int rtb_port_stream_close(int h)
{
	int rc = fsync(h);

	return close(h) || rc ? RTB_EIO : 0;
}

/* rtb_port_free_bytes - statvfs of the directory name is in: f_bavail
 * (what a non-root writer may use; root's reserve is not counted on).
 * RTBENCH_TEST_FREE_BYTES, when set, is the answer instead: the tests'
 * way to a nearly full disk without mounting one (docs/testing.md). */
int rtb_port_free_bytes(const char *name, uint64_t *bytes)
{
	char dcopy[PATH_MAX];
	const char *t = getenv("RTBENCH_TEST_FREE_BYTES");
	struct statvfs sv;

	if (t && *t) {
		*bytes = strtoull(t, NULL, 10);
		return 0;
	}
	snprintf(dcopy, sizeof(dcopy), "%s", name);
	if (statvfs(dirname(dcopy), &sv))
		return RTB_EIO;
	*bytes = (uint64_t)sv.f_bavail * (uint64_t)sv.f_frsize;
	return 0;
}
