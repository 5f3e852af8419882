/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - one round of `rtbench tune`: a child `rtbench run` with
 * the user's measurement, so a round measures exactly as `run` does (the
 * same code, set-up, checks and result file), never a second measuring
 * path. The knob under test is set around the child by the caller; what
 * only the run itself can hold (/dev/cpu_dma_latency, released when its
 * holder ends) and the test-only knob go into the child's options and
 * environment. The parent waits in the port's stop wait, so a stop signal
 * sent to tune (Ctrl-C, SIGTERM) stops the child (SIGTERM: it ends with a
 * whole result) and comes back as RTB_EINTR for the restore. */
#ifdef RTB_HAVE_HOST
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/tune.h"
#include "cli/tune_test.h"
#include "rtbench/err.h"

#define POLL_NS 20000000LL      /* the stop wait's slice while a child runs */
#define STOP_WAIT_NS 3000000000LL /* a stopped child's time to write its result */

int rtb_cmd_tune_child(const struct rtb_tune_opts *o, const struct rtb_tune_plan *p, int b, const char *json,
		       const char *log, int *sig, char *why, size_t len)
{
	char samples[24], period[24], over[24], env[64];
	char *argv[32];
	int n = 0, status = 0, rc;
	long id;

	*sig = 0;
	snprintf(samples, sizeof(samples), "%d", o->samples);
	snprintf(period, sizeof(period), "%d", o->period_us);
	snprintf(over, sizeof(over), "%d", o->over_us);
	argv[n++] = "rtbench";
	argv[n++] = "run";
	argv[n++] = "--tests";
	argv[n++] = (char *)o->tests;
	argv[n++] = "--cpus";
	argv[n++] = (char *)o->cpus;
	argv[n++] = "--samples";
	argv[n++] = samples;
	argv[n++] = "--rounds";
	argv[n++] = "1";
	argv[n++] = "--period-us";
	argv[n++] = period;
	argv[n++] = "--deadline-us";
	argv[n++] = over;
	/* A: the system as found (run's default would hold it at 0) */
	argv[n++] = "--idle-latency-us";
	argv[n++] = b && p->dma ? "0" : "-1";
	argv[n++] = "--no-wait";
	argv[n++] = "--label";
	argv[n++] = b ? "B" : "A";
	argv[n++] = "--json";
	argv[n++] = (char *)json;
	argv[n++] = "-q";
	argv[n] = NULL;
	if (p->test_delay) {
		snprintf(env, sizeof(env), "%s:%lld", b ? "in" : "out", (long long)o->test_delay_ns);
		setenv(RTB_TUNE_TEST_ENV, env, 1);
	} else {
		unsetenv(RTB_TUNE_TEST_ENV);
	}
	rc = rtb_port_self_start(argv, log, &id);
	unsetenv(RTB_TUNE_TEST_ENV);
	if (rc) {
		snprintf(why, len, "cannot start the round's run: %s", rtb_strerror(rc));
		return rc;
	}
	for (;;) {
		if (rtb_port_self_wait(id, &status))
			break;
		int s = rtb_port_stop_wait(POLL_NS);
		if (s > 0) {
			*sig = s;
			rtb_port_self_stop(id, STOP_WAIT_NS);
			snprintf(why, len, "stopped by signal %d", s);
			return RTB_EINTR;
		}
	}
	if (status) {
		snprintf(why, len, "the round's run exited %d (its output: %s)", status, log);
		return RTB_ESYS;
	}
	return 0;
}
#endif
