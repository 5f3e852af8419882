/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - this program run again as a child (rtb_port_self_*):
 * `rtbench tune` measures each round in a child `rtbench run`, so a round
 * is exactly a run (the same measuring code, set-up and result file), and
 * a knob the tune changes is changed around whole runs, never inside one. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <spawn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"

extern char **environ;

int rtb_port_self_start(char *const argv[], const char *log, long *id)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int rc;

	if (posix_spawn_file_actions_init(&fa))
		return RTB_ENOMEM;
	rc = posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY,
					      0600);
	if (!rc)
		rc = posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (!rc)
		rc = posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc)
		return rtb_err_from_errno(rc);
	*id = (long)pid;
	return 0;
}

void rtb_port_self_name(const char *argv0)
{
	char now[16] = "", name[16];
	const char *base;

	/* the kernel names a process after the basename of the path it was
	 * exec'd by: /proc/self/exe gives "exe" */
	if (!argv0 || prctl(PR_GET_NAME, now, 0, 0, 0) || strcmp(now, "exe"))
		return;
	base = strrchr(argv0, '/') ? strrchr(argv0, '/') + 1 : argv0;
	if (!*base)
		return;
	snprintf(name, sizeof(name), "%s", base);
	prctl(PR_SET_NAME, name, 0, 0, 0);
}

/* status_of - a wait status as an exit status (128 + a signal). */
static int status_of(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : 255;
}

int rtb_port_self_wait(long id, int *status)
{
	int st;
	pid_t p = waitpid((pid_t)id, &st, WNOHANG);

	if (p == (pid_t)id) {
		*status = status_of(st);
		return 1;
	}
	if (p < 0 && errno == ECHILD) {
		*status = 255;
		return 1;
	}
	return 0;
}

void rtb_port_self_stop(long id, int64_t wait_ns)
{
	struct timespec t = { 0, 10000000 };
	int st;

	if (id <= 0)
		return;
	kill((pid_t)id, SIGTERM);
	for (int64_t waited = 0; waited < wait_ns; waited += t.tv_nsec) {
		if (waitpid((pid_t)id, &st, WNOHANG) != 0)
			return;
		nanosleep(&t, NULL);
	}
	kill((pid_t)id, SIGKILL);
	waitpid((pid_t)id, &st, 0);
}
