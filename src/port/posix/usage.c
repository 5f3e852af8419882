/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what this process has cost so far (rtbench/selfcost.h):
 * the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), every thread's
 * (getrusage: user + system), the resident set's peak (ru_maxrss: Linux
 * reports VmHWM there, in KiB). */
#include <sys/resource.h>
#include <time.h>
#include "rtbench/err.h"
#include "rtbench/port.h"

int64_t rtb_port_thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return -1;
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int64_t tv_ns(const struct timeval *tv)
{
	return (int64_t)tv->tv_sec * 1000000000 + (int64_t)tv->tv_usec * 1000;
}

int rtb_port_usage(int64_t *thread_cpu_ns, int64_t *process_cpu_ns, int64_t *peak_rss_bytes)
{
	struct rusage ru;

	*thread_cpu_ns = rtb_port_thread_cpu_ns();
	*process_cpu_ns = *peak_rss_bytes = -1;
	if (!getrusage(RUSAGE_SELF, &ru)) {
		*process_cpu_ns = tv_ns(&ru.ru_utime) + tv_ns(&ru.ru_stime);
		*peak_rss_bytes = (int64_t)ru.ru_maxrss * 1024;
	}
	return *thread_cpu_ns < 0 && *process_cpu_ns < 0 ? RTB_ESYS : 0;
}
