/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - a --load-cmd command: started, watched, and ended
 * with rtbench, every process of it.
 *
 * The command runs under a small process of our own (the leader: forked,
 * never exec'd), so that the load ends with rtbench however rtbench ends,
 * SIGKILL included:
 *   - the leader holds the read end of a pipe whose only write end rtbench
 *     holds; when rtbench exits or is killed the kernel closes it, the
 *     leader sees end-of-file and ends the load: SIGTERM, then SIGKILL to
 *     what is left after LOAD_GRACE_NS;
 *   - "the load" is every descendant of the leader, found through /proc
 *     (each process's parent), not its process group: `timeout 100 sleep
 *     1006` puts itself in a group of its own, setsid() a session of its
 *     own, and both once outlived rtbench. The leader is a child subreaper,
 *     so what the command forks and orphans stays its descendant;
 *   - rtbench is a subreaper too, so if the load kills the leader, the
 *     orphans come to rtbench, which ends them the same way at the end;
 *   - the leader reports on a second pipe when the command has ended and
 *     nothing of it is left (its exit status), so that a load that never
 *     started (`/nonexistent/cmd`) or exited early (`exit 3`) is said.
 * A parent-death signal alone would not do: it is not inherited by the
 * shell's children, and fires when the forking *thread* exits. What still
 * escapes: a process re-parented away before the leader sees it (a
 * double fork racing the end), and, if the load kills the leader and then
 * rtbench is SIGKILLed, the orphans (init adopts them). A cgroup would
 * close both; this port does not create one (nothing to remove after a
 * crash). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"

#define LOAD_GRACE_NS 1000000000LL
/* The processes of the load signal_tree remembers (a stack array: the
 * leader runs it in a forked child). A bigger load is still ended: a
 * process is the load's when its parent chain reaches the root (up to
 * TREE_DEPTH_MAX levels), so what does not fit is signalled all the same,
 * on every scan, and the scans end once the table is full (tests/unit/
 * test_load_tree.c: 3x more processes than the table). */
#ifndef TREE_MAX
#define TREE_MAX 4096
#endif
#define TREE_DEPTH_MAX 64

static int load_pipe_w = -1;   /* closing it ends the load */
static int load_status_r = -1; /* the leader's report: 4 bytes, wait status */
static int load_state;         /* 0 running, 1 ended (load_wstatus), 2 leader gone */
static int load_wstatus;

struct dirent64_raw {          /* what getdents64 returns */
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* parent_of - the parent pid of p from /proc/P/stat into *pp, and
 * whether p is a zombie (ended, not yet reaped: nothing to signal) into
 * *zombie; false when p is gone or its stat unreadable (async-signal
 * safe: no stdio, no allocation). */
static bool parent_of(pid_t p, pid_t *pp, bool *zombie)
{
	char path[32] = "/proc/", digits[16], buf[512];
	int nd = 0, i = 6, fd;
	ssize_t n;

	for (pid_t x = p; x > 0 && nd < 15; x /= 10)
		digits[nd++] = (char)('0' + x % 10);
	while (nd)
		path[i++] = digits[--nd];
	memcpy(path + i, "/stat", 6);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	/* "pid (comm) S ppid ...": comm may hold anything, ')' included */
	char *c = strrchr(buf, ')');
	if (!c || c[1] != ' ' || !c[2] || c[3] != ' ')
		return false;
	*zombie = c[2] == 'Z' || c[2] == 'X';
	pid_t v = 0;
	for (c += 4; *c >= '0' && *c <= '9'; c++)
		v = v * 10 + (*c - '0');
	*pp = v;
	return true;
}

/* in_tree - is pp root or a descendant of it: in set[0..n), or (when the
 * set is full) its parent chain reaches root within TREE_DEPTH_MAX. */
static bool in_tree(const pid_t *set, int n, pid_t root, pid_t pp)
{
	bool z;

	for (int k = 0; k < n; k++)
		if (set[k] == pp)
			return true;
	if (n < TREE_MAX)
		return false;
	for (int d = 0; d < TREE_DEPTH_MAX && pp > 1; d++) {
		if (pp == root)
			return true;
		if (!parent_of(pp, &pp, &z))
			return false;
	}
	return false;
}

/* signal_tree - sig to every live descendant of root (not root itself),
 * found by scanning /proc for processes whose parent is root or one found
 * already, until a scan finds nothing new. Zombies are skipped (they were
 * found again on every scan: a load of more than the table's size once
 * spun here for ever). When the table is full a process is
 * known by its parent chain instead (in_tree) and signalled on each scan,
 * and the scans stop: one more scan after the table filled, so what was
 * forked meanwhile is reached too. Returns how many were found (beyond
 * the table: the most found in one scan).
 * Async-signal safe (raw getdents64, stack buffers): the leader was forked
 * from a multi-threaded process. */
static int signal_tree(pid_t root, int sig)
{
	pid_t set[TREE_MAX];
	char buf[8192];
	int n = 1, added, over = 0, most_over = 0, full_scans = 0;

	set[0] = root;
	do {
		int dfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		long got;

		added = 0;
		over = 0;
		if (dfd < 0)
			break;
		while ((got = syscall(SYS_getdents64, dfd, buf, sizeof(buf))) > 0) {
			for (long off = 0; off < got;) {
				struct dirent64_raw *d = (struct dirent64_raw *)(buf + off);
				pid_t p = 0, pp;
				bool known = false, zombie;

				off += d->d_reclen;
				for (const char *c = d->d_name; *c && p >= 0; c++)
					p = (*c >= '0' && *c <= '9') ? p * 10 + (*c - '0') : -1;
				if (p <= 0)
					continue;
				for (int k = 0; k < n && !known; k++)
					known = set[k] == p;
				if (known || !parent_of(p, &pp, &zombie) || pp <= 0 || zombie ||
				    !in_tree(set, n, root, pp))
					continue;
				kill(p, sig);
				if (n < TREE_MAX) {
					set[n++] = p;
					added = 1;
				} else {
					over++;
				}
			}
		}
		close(dfd);
		most_over = over > most_over ? over : most_over;
		if (n == TREE_MAX)
			added = full_scans++ < 1;
	} while (added);
	return n - 1 + most_over;
}

/* reap - wait for what has ended among our children (WNOHANG); the
 * command's own status, the first time it is seen, into *sh_status.
 * 1 when no child is left. */
static int reap(pid_t sh, int *sh_status, int *sh_done)
{
	pid_t r;
	int st;

	while ((r = waitpid(-1, &st, WNOHANG)) > 0)
		if (r == sh) {
			*sh_status = st;
			*sh_done = 1;
		}
	return r < 0 && errno == ECHILD;
}

/* load_leader - the leader's life: run the command, report when all of
 * it has ended, end all of it when rtbench goes. */
static void load_leader(int rd, int status_w, const char *cmd)
{
	struct timespec tick = { 0, 10000000 };
	int sh_status = 0, sh_done = 0, said = 0;
	pid_t sh;

	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	sh = fork();
	if (sh == 0) {
		close(rd);
		close(status_w);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	/* only after the fork: the shell keeps the default */
	struct sigaction ign = { .sa_handler = SIG_IGN };
	sigemptyset(&ign.sa_mask);
	sigaction(SIGTERM, &ign, NULL);
	for (;;) {
		struct pollfd pf = { .fd = rd, .events = POLLIN };
		int pr = poll(&pf, 1, 50);

		if (pr > 0)
			break; /* end-of-file: rtbench is gone or ends the load */
		if (pr < 0 && errno != EINTR)
			break;
		/* the load has ended when the command has and nothing it
		 * started is left (a command that backgrounds its work and
		 * exits has not ended) */
		if (reap(sh, &sh_status, &sh_done) && sh_done && !said) {
			ssize_t w = write(status_w, &sh_status, sizeof(sh_status));
			(void)w;
			said = 1;
		}
	}
	signal_tree(getpid(), SIGTERM);
	kill(0, SIGTERM);
	for (int64_t waited = 0; waited < LOAD_GRACE_NS; waited += tick.tv_nsec) {
		if (reap(sh, &sh_status, &sh_done))
			_exit(0);
		nanosleep(&tick, NULL);
	}
	signal_tree(getpid(), SIGKILL);
	kill(0, SIGKILL); /* the group, the leader included: last */
	_exit(0);
}

/* rtb_port_spawn_load - fork the leader (reset what the child would
 * inherit from a measurement thread: affinity, real-time policy, blocked
 * signals), which runs the command through sh. */
int rtb_port_spawn_load(const char *cmd, long *id)
{
	int p[2], q[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC))
		return RTB_ESYS;
	if (pipe2(q, O_CLOEXEC))
		goto out_p;
	/* orphans of a leader the load killed come to us */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	pid = fork();
	if (pid < 0)
		goto out_q;
	if (pid == 0) {
		cpu_set_t all;
		struct sched_param sp = { .sched_priority = 0 };
		sigset_t none;

		/* keep nothing of rtbench's open files but stdio and the two
		 * pipes (the settings lock's descriptor above all: its flock
		 * would outlive a killed rtbench for the grace period) */
		close(p[1]);
		close(q[0]);
		if (dup2(p[0], 3) < 0 || dup2(q[1], 4) < 0)
			_exit(127);
		close_range(5, ~0U, 0);
		CPU_ZERO(&all);
		for (int i = 0; i < CPU_SETSIZE; i++)
			CPU_SET(i, &all);
		sched_setaffinity(0, sizeof(all), &all);
		sched_setscheduler(0, SCHED_OTHER, &sp);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		/* rtbench ignores SIGPIPE (rtb_port_init); an ignored signal
		 * stays ignored across exec: the load's pipelines get it back */
		signal(SIGPIPE, SIG_DFL);
		setpgid(0, 0);
		load_leader(3, 4, cmd);
	}
	close(p[0]);
	close(q[1]);
	fcntl(q[0], F_SETFL, O_NONBLOCK);
	load_pipe_w = p[1];
	load_status_r = q[0];
	load_state = 0;
	setpgid(pid, pid); /* also here: no race with the child's own call */
	*id = pid;
	return 0;
out_q:
	close(q[0]);
	close(q[1]);
out_p:
	close(p[0]);
	close(p[1]);
	return RTB_ESYS;
}

/* rtb_port_load_status - 1 if the load has ended by itself (*status: its
 * exit status, or -N killed by signal N), 0 if it runs (or its leader was
 * killed by the load: its fate is unknown, it is ended at the end). */
int rtb_port_load_status(long id, int *status)
{
	int st;
	ssize_t n;

	if (id <= 0 || load_status_r < 0)
		return 0;
	if (load_state == 0) {
		n = read(load_status_r, &st, sizeof(st));
		if (n == (ssize_t)sizeof(st)) {
			load_state = 1;
			load_wstatus = st;
		} else if (n == 0) {
			load_state = 2;
		}
	}
	if (load_state != 1)
		return 0;
	*status = WIFEXITED(load_wstatus) ? WEXITSTATUS(load_wstatus) :
		  WIFSIGNALED(load_wstatus) ? -WTERMSIG(load_wstatus) : -1;
	return 1;
}

/* rtb_port_kill_load - end the load: the leader does it when its pipe
 * closes; SIGKILL to its group if it has not after two seconds; then
 * whatever of it came to us (the leader killed, its orphans adopted). */
void rtb_port_kill_load(long id)
{
	pid_t pid = (pid_t)id;
	int i;

	if (pid <= 0)
		return;
	if (load_pipe_w >= 0)
		close(load_pipe_w);
	load_pipe_w = -1;
	for (i = 0; i < 200; i++) {
		pid_t r = waitpid(pid, NULL, WNOHANG);
		if (r == pid || (r < 0 && errno == ECHILD))
			break;
		usleep(10000);
	}
	if (i == 200) {
		kill(-pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
	/* a leader the load killed leaves its orphans with us */
	if (signal_tree(getpid(), SIGTERM)) {
		usleep(100000);
		signal_tree(getpid(), SIGKILL);
	}
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	if (load_status_r >= 0)
		close(load_status_r);
	load_status_r = -1;
}
