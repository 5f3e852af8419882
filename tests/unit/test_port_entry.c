/* SPDX-License-Identifier: Apache-2.0 */
/* test_port_entry - what the command-line entry asks the port (src/cli
 * calls no OS function itself, so it builds for any port): the CPUs online from the kernel's
 * list (a file the test writes, through RTB_CPU_ONLINE_FILE), every
 * configured CPU when that list is unreadable or not a list; a directory
 * that can or cannot be written; stderr on a file is not a terminal. No
 * real-time priority, no timing.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "rtbench/longopt.h"
#include "rtbench/port.h"

static char dir[] = "/tmp/rtb-port-entry-XXXXXX";
static long last_beyond; /* online() 's: online CPUs past RTB_MAX_CPUS */

/* online - rtb_port_cpus_online with the list file holding text (NULL: no
 * such file). */
static void online(const char *text, struct rtb_cpuset *on, int *nconf)
{
	char path[64];

	snprintf(path, sizeof(path), "%s/online", dir);
	unlink(path);
	if (text) {
		FILE *f = fopen(path, "w");
		CHECK(f != NULL);
		if (f) {
			fputs(text, f);
			fclose(f);
		}
	}
	setenv("RTB_CPU_ONLINE_FILE", path, 1);
	last_beyond = -1;
	rtb_port_cpus_online(on, nconf, &last_beyond);
	CHECK(last_beyond >= 0);
}

static void test_cpus_online(void)
{
	struct rtb_cpuset on;
	int nconf, conf = (int)sysconf(_SC_NPROCESSORS_CONF);

	online("0-2,5\n", &on, &nconf);
	CHECK_EQ_I(rtb_cpuset_count(&on), 4);
	CHECK(rtb_cpuset_has(&on, 0) && rtb_cpuset_has(&on, 2) && rtb_cpuset_has(&on, 5));
	CHECK(!rtb_cpuset_has(&on, 3) && !rtb_cpuset_has(&on, 4));
	CHECK(nconf >= 6);     /* one past the highest online, at least */
	CHECK(nconf >= conf);
	CHECK_EQ_I((int)last_beyond, 0);
	/* a machine wider than this build: its CPUs past RTB_MAX_CPUS counted */
	char wide[32];
	snprintf(wide, sizeof(wide), "0-%d\n", RTB_MAX_CPUS + 43);
	online(wide, &on, &nconf);
	CHECK_EQ_I(rtb_cpuset_count(&on), RTB_MAX_CPUS);
	CHECK_EQ_I((int)last_beyond, 44);
	/* unreadable, or not a list: every configured CPU */
	online(NULL, &on, &nconf);
	CHECK_EQ_I(rtb_cpuset_count(&on), conf < RTB_MAX_CPUS ? conf : RTB_MAX_CPUS);
	CHECK_EQ_I(nconf, conf);
	online("zero\n", &on, &nconf);
	CHECK_EQ_I(rtb_cpuset_count(&on), conf < RTB_MAX_CPUS ? conf : RTB_MAX_CPUS);
	unsetenv("RTB_CPU_ONLINE_FILE");
}

static void test_dir_writable(void)
{
	char path[96];

	snprintf(path, sizeof(path), "%s/prefix", dir);
	CHECK_EQ_I(rtb_port_dir_writable(path), 1);
	snprintf(path, sizeof(path), "%s/no-such-dir/prefix", dir);
	CHECK_EQ_I(rtb_port_dir_writable(path), 0);
	CHECK_EQ_I(rtb_port_dir_writable(""), 0);
}

static void test_console_tty(void)
{
	char path[64];
	int fd, saved = dup(2);

	snprintf(path, sizeof(path), "%s/err", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0 && saved >= 0);
	if (fd < 0 || saved < 0)
		return;
	dup2(fd, 2);
	int tty = rtb_port_console_is_tty();
	dup2(saved, 2);
	close(saved);
	close(fd);
	unlink(path);
	CHECK_EQ_I(tty, 0);
}

int main(void)
{
	char path[64];

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_cpus_online();
	test_dir_writable();
	test_console_tty();
	snprintf(path, sizeof(path), "%s/online", dir);
	unlink(path);
	rmdir(dir);
	return check_done();
}
