/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what the command-line entry (src/cli) asks of the OS:
 * the CPUs online (for --cpus), whether stderr is a terminal (a long run's
 * status line), whether a directory can be written (--trace-events'
 * prefix). The entry parses argv; the OS answers here, as for everything
 * else (rtbench/port.h). */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/longopt.h"

/* rtb_port_cpus_online - the kernel's list file, RTB_CPU_ONLINE_FILE for
 * the tests; every configured CPU when it is unreadable or not a list.
 * Online CPUs past RTB_MAX_CPUS are counted in *beyond, never dropped
 * unsaid. */
void rtb_port_cpus_online(struct rtb_cpuset *on, int *nconf, long *beyond)
{
	const char *path = getenv("RTB_CPU_ONLINE_FILE");
	char buf[512], err[128];
	FILE *f = fopen(path && *path ? path : "/sys/devices/system/cpu/online", "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = 0;
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	*nconf = (int)sysconf(_SC_NPROCESSORS_CONF);
	if (!n || rtb_cpuset_parse(buf, on, beyond, err, sizeof(err))) {
		memset(on, 0, sizeof(*on));
		for (int i = 0; i < *nconf && i < RTB_MAX_CPUS; i++)
			on->bits[i / 64] |= 1ull << (i % 64);
		*beyond = *nconf > RTB_MAX_CPUS ? *nconf - RTB_MAX_CPUS : 0;
	}
	for (int i = 0; i < RTB_MAX_CPUS; i++)
		if (rtb_cpuset_has(on, i) && i >= *nconf)
			*nconf = i + 1;
}

/* rtb_port_console_is_tty - stderr, where the status line goes. */
int rtb_port_console_is_tty(void)
{
	return isatty(STDERR_FILENO);
}

/* rtb_port_dir_writable - access(W_OK) on path's directory (root passes
 * it on most directories: the caller checks what it can try instead). */
int rtb_port_dir_writable(const char *path)
{
	char buf[PATH_MAX];

	if (!path || !*path)
		return 0;
	snprintf(buf, sizeof(buf), "%s", path);
	return access(dirname(buf), W_OK) == 0;
}
