/* SPDX-License-Identifier: Apache-2.0 */
/* test_output - the POSIX port's output file as root would use it in a
 * directory other users can write to (where a planted link or file would
 * redirect root's write).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh)
 * Checked:
 *   - a symlink planted at the old fixed temporary name (PATH.tmp) is not
 *     written through (before: root overwrote the symlink's target);
 *   - a symlink at the target is refused, unless following was asked;
 *   - a device node, a directory, a FIFO at the target are refused and
 *     left as they were (before: --json /dev/full turned the node into a
 *     regular file);
 *   - the file is mode 0644 whatever the umask;
 *   - the pre-measurement check tries for real (/proc/x.json, a missing
 *     directory) and two names of one file are seen as one;
 *   - a write that runs out of room (RLIMIT_FSIZE, the stand-in for a full
 *     disk that needs no device) fails with the errno text and leaves the
 *     good earlier file whole. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "check.h"

static char dir[] = "/tmp/rtb_test_output.XXXXXX";

/* text_out - writes the string arg, n times (arg2 in a struct). */
struct payload { const char *text; size_t times; };

static int text_out(struct rtb_sink *s, const void *arg)
{
	const struct payload *p = arg;
	for (size_t i = 0; i < p->times; i++)
		rtb_sink_puts(s, p->text);
	return 0;
}

static char *slurp(const char *path)
{
	static char buf[1 << 16];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return NULL;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void p(char *out, size_t len, const char *name)
{
	snprintf(out, len, "%s/%s", dir, name);
}

static int leftovers(void)
{
	char cmd[200];
	snprintf(cmd, sizeof(cmd), "ls -A %s | grep -q '^\\.'", dir);
	return system(cmd) == 0;
}

static void test_planted_tmp_symlink(void)
{
	char out[256], tmp[256], victim[256];
	struct payload pl = { "new\n", 1 };

	p(out, sizeof(out), "out.json");
	p(tmp, sizeof(tmp), "out.json.tmp");
	p(victim, sizeof(victim), "victim");
	put(victim, "precious\n");
	CHECK(symlink(victim, tmp) == 0);
	CHECK_EQ_I(rtb_port_output(out, text_out, &pl), 0);
	CHECK_STR(slurp(victim), "precious\n");
	CHECK_STR(slurp(out), "new\n");
	unlink(tmp);
	unlink(out);
}

static void test_symlink_target(void)
{
	char out[256], victim[256];
	struct payload pl = { "new\n", 1 };
	struct stat st;

	p(out, sizeof(out), "link.json");
	p(victim, sizeof(victim), "victim");
	put(victim, "precious\n");
	CHECK(symlink(victim, out) == 0);
	CHECK_EQ_I(rtb_port_output_check(out), RTB_EINVAL);
	CHECK(strstr(rtb_port_output_error(), "symbolic link") != NULL);
	CHECK_EQ_I(rtb_port_output(out, text_out, &pl), RTB_EIO);
	CHECK_STR(slurp(victim), "precious\n");
	CHECK(lstat(out, &st) == 0 && S_ISLNK(st.st_mode));
	/* asked for: the link's target is replaced, the link stays */
	rtb_port_output_follow_symlinks(1);
	CHECK_EQ_I(rtb_port_output_check(out), 0);
	CHECK_EQ_I(rtb_port_output(out, text_out, &pl), 0);
	rtb_port_output_follow_symlinks(0);
	CHECK_STR(slurp(victim), "new\n");
	CHECK(lstat(out, &st) == 0 && S_ISLNK(st.st_mode));
	unlink(out);
	CHECK(!leftovers());
}

static void test_not_regular(void)
{
	char node[256], fifo[256], sub[256];
	struct payload pl = { "x\n", 1 };
	struct stat st;

	p(fifo, sizeof(fifo), "fifo");
	CHECK(mkfifo(fifo, 0644) == 0);
	CHECK_EQ_I(rtb_port_output_check(fifo), RTB_EINVAL);
	CHECK(strstr(rtb_port_output_error(), "FIFO") != NULL);
	CHECK_EQ_I(rtb_port_output(fifo, text_out, &pl), RTB_EIO);
	CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));

	p(sub, sizeof(sub), "sub");
	CHECK(mkdir(sub, 0755) == 0);
	CHECK_EQ_I(rtb_port_output_check(sub), RTB_EINVAL);
	CHECK_EQ_I(rtb_port_output(sub, text_out, &pl), RTB_EIO);
	CHECK(lstat(sub, &st) == 0 && S_ISDIR(st.st_mode));

	/* a character device like /dev/full (1,7), made here, never opened */
	p(node, sizeof(node), "full");
	if (mknod(node, S_IFCHR | 0666, makedev(1, 7)) == 0) {
		CHECK_EQ_I(rtb_port_output_check(node), RTB_EINVAL);
		CHECK(strstr(rtb_port_output_error(), "character device") != NULL);
		CHECK_EQ_I(rtb_port_output(node, text_out, &pl), RTB_EIO);
		CHECK(lstat(node, &st) == 0 && S_ISCHR(st.st_mode));
		unlink(node);
	} else {
		printf("(no mknod here: %s; device case via /dev/full's check only)\n", strerror(errno));
	}
	CHECK_EQ_I(rtb_port_output_check("/dev/full"), RTB_EINVAL);
	CHECK(lstat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode));
	unlink(fifo);
	rmdir(sub);
	CHECK(!leftovers());
}

static void test_mode_and_checks(void)
{
	char out[256], alias[256], sub[256];
	struct payload pl = { "x\n", 1 };
	struct stat st;
	mode_t old = umask(077);

	p(out, sizeof(out), "mode.json");
	CHECK_EQ_I(rtb_port_output(out, text_out, &pl), 0);
	CHECK(stat(out, &st) == 0 && (st.st_mode & 0777) == 0644);
	umask(old);

	CHECK_EQ_I(rtb_port_output_check("/proc/x.json"), RTB_EINVAL);
	CHECK(strstr(rtb_port_output_error(), "cannot create a file there") != NULL);
	CHECK_EQ_I(rtb_port_output_check("/nonexistent/dir/r.json"), RTB_EINVAL);
	CHECK_EQ_I(rtb_port_output_check(""), RTB_EINVAL);
	CHECK_EQ_I(rtb_port_output_check(out), 0);

	/* one file under two names */
	p(sub, sizeof(sub), "d");
	CHECK(mkdir(sub, 0755) == 0);
	snprintf(alias, sizeof(alias), "%s/d/../mode.json", dir);
	CHECK(rtb_port_output_same(out, alias));
	snprintf(alias, sizeof(alias), "%s/./new.csv", dir);
	p(out, sizeof(out), "new.csv");
	CHECK(rtb_port_output_same(out, alias));   /* neither exists yet */
	p(alias, sizeof(alias), "other.csv");
	CHECK(!rtb_port_output_same(out, alias));
	rmdir(sub);
	p(out, sizeof(out), "mode.json");
	unlink(out);
	CHECK(!leftovers());
}

/* A file that runs out of room: RLIMIT_FSIZE makes write() fail with EFBIG
 * (SIGXFSZ ignored), as a full disk fails with ENOSPC, without a device. */
static void test_no_room(void)
{
	char out[256];
	struct payload good = { "good result\n", 100 }, big = { "0123456789abcdef", 8192 };
	pid_t pid;
	int status = -1;

	p(out, sizeof(out), "full.json");
	CHECK_EQ_I(rtb_port_output(out, text_out, &good), 0);
	pid = fork();
	if (pid == 0) {
		struct rlimit rl = { 16384, 16384 };
		signal(SIGXFSZ, SIG_IGN);
		setrlimit(RLIMIT_FSIZE, &rl);
		int rc = rtb_port_output(out, text_out, &big);
		printf("no room: %s\n", rtb_port_output_error());
		_exit(rc == RTB_EIO && strstr(rtb_port_output_error(), strerror(EFBIG)) ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	char *got = slurp(out);
	CHECK(got && strlen(got) == 1200 && !strncmp(got, "good result\n", 12));
	unlink(out);
	CHECK(!leftovers());
}

int main(void)
{
	if (!mkdtemp(dir))
		SKIP("mkdtemp: %s", strerror(errno));
	test_planted_tmp_symlink();
	test_symlink_target();
	test_not_regular();
	test_mode_and_checks();
	test_no_room();
	char victim[256];
	p(victim, sizeof(victim), "victim");
	unlink(victim);
	if (rmdir(dir))
		fprintf(stderr, "left in %s\n", dir), check_failures++;
	return check_done();
}
