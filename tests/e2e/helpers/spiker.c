/* SPDX-License-Identifier: Apache-2.0 */
/* spiker - a known cause for tests/e2e/worst_cause.sh and trace_stream.sh:
 * a SCHED_FIFO task with a name the test chooses that, on one CPU, every
 * EVERY_MS spins SPIN_US of wall time, until the test kills it.
 *   spiker NAME CPU PRIO SPIN_US EVERY_MS MAX_SECONDS READY_FILE
 * Its spins run above rtbench's measuring thread, so a sample that comes
 * due while it spins waits for the spin's end: a latency spike whose cause
 * is this task. It lives until killed (start_spiker in lib.bash does that
 * at the test's end); MAX_SECONDS is only the outer bound of a test that
 * died without killing it, never the test's timing (a fixed life of 8 s
 * ended before an ASan build's set-up did, and the tests failed). Once it
 * has its CPU and priority it writes READY_FILE ("spinning", via a rename:
 * whole when there). Exits 2 on bad arguments, 1 if it cannot get its CPU
 * or priority or write READY_FILE. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <time.h>

static long long now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc != 8) {
		fprintf(stderr, "usage: spiker NAME CPU PRIO SPIN_US EVERY_MS MAX_SECONDS READY_FILE\n");
		return 2;
	}
	int cpu = atoi(argv[2]), prio = atoi(argv[3]);
	long long spin = atoll(argv[4]) * 1000, every = atoll(argv[5]) * 1000000, end;
	cpu_set_t set;
	struct sched_param sp = { .sched_priority = prio };

	prctl(PR_SET_NAME, argv[1], 0, 0, 0);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || sched_setscheduler(0, SCHED_FIFO, &sp)) {
		perror("spiker");
		return 1;
	}
	char tmp[4096];
	snprintf(tmp, sizeof(tmp), "%s.tmp", argv[7]);
	FILE *f = fopen(tmp, "w");
	if (!f || fputs("spinning\n", f) < 0 || fclose(f) || rename(tmp, argv[7])) {
		perror("spiker: READY_FILE");
		return 1;
	}
	end = now_ns() + atoll(argv[6]) * 1000000000LL;
	long long next = now_ns() + every;
	while (now_ns() < end) {
		struct timespec t = { next / 1000000000LL, next % 1000000000LL };
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
		long long stop = now_ns() + spin;
		while (now_ns() < stop)
			;
		next += every;
	}
	return 0;
}
