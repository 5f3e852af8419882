/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the doctor's reading: files under the root (a
 * recorded /proc and /sys snapshot, or this system) opened read-only,
 * regular files only, and the kernel command line and CPU lists in them. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rtbench/err.h"
#include "doctor_int.h"

/* rtb_dr_read - the first len-1 bytes of root/path (a regular file), trailing
 * newline cut ("" on any failure): 0, or RTB_ENOTSUP when missing or not
 * a regular file (the OS lacks the feature), RTB_EIO when unreadable. */
int rtb_dr_read(const struct rtb_dr *r, const char *path, char *buf, size_t len)
{
	char full[RTB_DOC_ROOT_MAX + 256];
	struct stat st;
	ssize_t n;
	int fd;

	buf[0] = '\0';
	/* never a cut path: it would read another file (doctor_cmd refuses
	 * a longer --root; this is the floor under it) */
	if ((size_t)snprintf(full, sizeof(full), "%s%s", r->cfg->root ? r->cfg->root : "", path) >= sizeof(full))
		return RTB_ENOTSUP;
	fd = open(full, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return RTB_ENOTSUP;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return RTB_ENOTSUP;
	}
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return RTB_EIO;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* rtb_dr_text - rtb_dr_read that also wants some text: true when root/path was read
 * and is not empty. */
bool rtb_dr_text(const struct rtb_dr *r, const char *path, char *buf, size_t len)
{
	return rtb_dr_read(r, path, buf, len) == 0 && buf[0];
}

/* rtb_dr_long - root/path as one integer: 0, or RTB_ENOTSUP when missing or
 * empty, RTB_EFORMAT when not a number. */
int rtb_dr_long(const struct rtb_dr *r, const char *path, long *v)
{
	char buf[64], *end;

	if (!rtb_dr_text(r, path, buf, sizeof(buf)))
		return RTB_ENOTSUP;
	errno = 0;
	*v = strtol(buf, &end, 10);
	return errno || end == buf ? RTB_EFORMAT : 0;
}

/* rtb_dr_cmdline - the value of "name=" on the kernel command line into out
 * ("" and 0 when absent). */
int rtb_dr_cmdline(const struct rtb_dr *r, const char *name, char *out, size_t len)
{
	size_t nl = strlen(name);
	const char *p = r->cmdline;

	out[0] = '\0';
	while ((p = strstr(p, name))) {
		if ((p == r->cmdline || p[-1] == ' ') && p[nl] == '=') {
			p += nl + 1;
			snprintf(out, len, "%.*s", (int)strcspn(p, " \n"), p);
			return 1;
		}
		p += nl;
	}
	return 0;
}

/* rtb_dr_cpus - a kernel CPU list, optionally after "flag," words
 * (isolcpus=domain,managed_irq,1-3), as a set (rtb_cpuset_parse, the one
 * parser); empty on "(null)", "" or a malformed list. */
struct rtb_cpuset rtb_dr_cpus(const char *s)
{
	struct rtb_cpuset m;

	while (*s && !(*s >= '0' && *s <= '9'))
		s = strchr(s, ',') ? strchr(s, ',') + 1 : "";
	if (rtb_cpuset_parse(s, &m, NULL, NULL, 0))
		memset(&m, 0, sizeof(m));
	return m;
}

/* rtb_dr_every_cpu - every CPU */
struct rtb_cpuset rtb_dr_every_cpu(void)
{
	struct rtb_cpuset m;

	memset(&m, 0xff, sizeof(m));
	return m;
}


/* rtb_dr_rtb_dr_live_root, rtb_dr_live - the checks read this system (not a snapshot). */
int rtb_dr_live_root(const char *root)
{
	return !root || !root[0] || !strcmp(root, "/");
}

int rtb_dr_live(const struct rtb_dr *r)
{
	return rtb_dr_live_root(r->cfg->root);
}
