/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - a background load during the measurements.
 *
 * The study measured idle systems only and names the lack of load as a
 * limit. Two loads, both normal-priority so they compete with the system,
 * not with the measurement tasks' real-time priority:
 *   --load cpu      one SCHED_OTHER thread per CPU, each walking a 4 MiB
 *                   buffer with a cache-line stride (CPU, cache and TLB
 *                   pressure, no system calls): portable, needs nothing;
 *                   as many as the system has CPUs (no table: the thread
 *                   list is allocated at the start, once);
 *   --load-cmd CMD  any command (stress-ng, hackbench, a real application),
 *                   started through the port, ended with its process group;
 *   --load hackbench, --load kcompile: rteval's two usual loads by name, as
 *                   commands the command line builds (cli.c), run as CMD.
 * What ran is recorded in the result's settings.load. A command that ends
 * before rtbench ends it (never started: exit 127; failed; finished its
 * work early) is said, on stderr and as a WARNING, and fails the run
 * (rtb_load_failed) unless --load-may-exit: the figures after it were
 * measured without the load they claim. */
#include <stdatomic.h>
#include <stdio.h>
#include "run/env.h"
#include "run/load.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"

#ifndef WALK_BYTES /* tests/unit/test_load_cpu.c: smaller */
#define WALK_BYTES (4u << 20)
#endif
#define WARMUP_NS 500000000LL

static struct {
	atomic_int quit;
	rtb_thread_t *th;        /* one walker a CPU (rtb_alloc at the start) */
	unsigned char **buf;
	int n;
	long cmd_id;             /* the command load, for its status */
	const char *cmd;
	const char *opt;         /* "--load-cmd", or "--load" for a named one */
	int may_exit, failed, said;
	struct rtb_result *res;
} ld;

/* load_check - has the command ended by itself? Said once (when: "before
 * the measurements began", "during the run"). */
static void load_check(const char *when)
{
	int st;

	if (!ld.cmd_id || ld.said || !rtb_port_load_status(ld.cmd_id, &st))
		return;
	ld.said = 1;
	ld.failed = !ld.may_exit;
	char how[64];
	if (st == 127)
		snprintf(how, sizeof(how), "exit status 127: the command was not found");
	else if (st == 126)
		snprintf(how, sizeof(how), "exit status 126: the command could not run");
	else if (st >= 0)
		snprintf(how, sizeof(how), "exit status %d", st);
	else
		snprintf(how, sizeof(how), "killed by signal %d", -st);
	fprintf(stderr, "rtbench: the load (%s %s) ended %s (%s)%s\n", ld.opt, ld.cmd, when, how,
		ld.may_exit ? "; --load-may-exit: not a failure" : ": the run fails (--load-may-exit accepts it)");
	if (ld.res && ld.failed)
		ld.res->set.load_failed = 1; /* not the run planned: "complete" false */
	if (ld.res)
		rtb_result_warn(ld.res, "DEGRADED: the load (%s %.60s) ended %s (%s): what was measured "
				"after that ran without it", ld.opt, ld.cmd, when, how);
}

/* rtb_load_failed - 1 if a command load ended before rtbench ended it and
 * --load-may-exit was not given. */
int rtb_load_failed(void)
{
	return ld.failed;
}

/* walker - --load: a thread that walks WALK_BYTES a cache line at a
 * time until told to quit (memory and cache pressure). */
static void walker(void *p)
{
	volatile unsigned char *b = p;
	while (!atomic_load_explicit(&ld.quit, memory_order_relaxed))
		for (size_t i = 0; i < WALK_BYTES; i += 64)
			b[i]++;
}

/* rtb_load_start - start the load the options ask for (none: 0). */
int rtb_load_start(const struct rtb_opts *o, struct rtb_result *r)
{
	struct rtb_settings *s = &r->set;

	if (o->load.cmd) {
		long id;
		int rc = rtb_port_spawn_load(o->load.cmd, &id);
		if (rc)
			return rc;
		rtb_env_load(id);
		ld.cmd_id = id;
		ld.cmd = o->load.name ? o->load.name : o->load.cmd;
		ld.opt = o->load.name ? "--load" : "--load-cmd";
		ld.may_exit = o->load.may_exit;
		ld.failed = ld.said = 0;
		ld.res = r;
		if (o->load.name)
			snprintf(s->load, sizeof(s->load), "%s", o->load.name);
		else
			snprintf(s->load, sizeof(s->load), "cmd: %s", o->load.cmd);
	} else if (o->load.cpu) {
		int n = rtb_ncpus();
		atomic_store(&ld.quit, 0);
		ld.n = 0;
		ld.th = rtb_alloc((size_t)(n > 0 ? n : 1) * sizeof(*ld.th));
		ld.buf = rtb_alloc((size_t)(n > 0 ? n : 1) * sizeof(*ld.buf));
		if (!ld.th || !ld.buf) {
			rtb_load_stop();
			return RTB_ENOMEM;
		}
		for (; ld.n < n; ld.n++) {
			/* stack NULL: the port's own (a POSIX load; a port
			 * without a heap has no built-in load) */
			struct rtb_thread_attr a = { "rtb-load", RTB_SCHED_NORMAL, RTB_PRIO_LOW, ld.n,
						     NULL, 0, 0 };
			ld.buf[ld.n] = rtb_alloc((1) * (WALK_BYTES));
			if (!ld.buf[ld.n] || rtb_thread_create(&ld.th[ld.n], &a, walker, ld.buf[ld.n])) {
				rtb_free(ld.buf[ld.n]);
				rtb_load_stop();
				return RTB_ENOMEM;
			}
		}
		snprintf(s->load, sizeof(s->load), "cpu: %d SCHED_OTHER threads walking 4 MiB each", ld.n);
	} else {
		return 0;
	}
	rtb_port_sleep_ns(WARMUP_NS);
	load_check("before the measurements began");
	return 0;
}

/* rtb_load_stop - end the built-in load (a command ends with the
 * settings, in rtb_env_restore; whether it ended before is checked here,
 * while it is still ours to ask). */
void rtb_load_stop(void)
{
	load_check("during the run");
	ld.cmd_id = 0;
	atomic_store(&ld.quit, 1);
	for (int i = 0; i < ld.n; i++) {
		rtb_thread_join(&ld.th[i]);
		rtb_free(ld.buf[i]);
	}
	ld.n = 0;
	rtb_free(ld.th);
	rtb_free(ld.buf);
	ld.th = NULL;
	ld.buf = NULL;
}
