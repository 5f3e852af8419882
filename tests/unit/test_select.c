/* SPDX-License-Identifier: Apache-2.0 */
/* test_select - which benchmarks --tests selects, and the option parser's
 * defaults and refusals (no measurement runs here).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <string.h>
#include "check.h"
#include "rtbench/err.h"
#include "cli/cli.h"
#include "run/run.h"
#include "bench/registry.h"

/* selected - comma list of the bench ids `tests` selects. */
static const char *selected(const char *tests)
{
	static char buf[1024];
	buf[0] = '\0';
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (rtb_tests_selects(rtb_benches[i], tests)) {
			if (buf[0])
				strcat(buf, ",");
			strcat(buf, rtb_benches[i]->id);
		}
	return buf;
}

static int parse(struct rtb_cli *cl, char *err, const char *a1, const char *a2)
{
	char *argv[] = { "run", (char *)a1, (char *)a2, NULL };
	rtb_cli_defaults(cl);
	return rtb_cli_parse(1 + (a1 != NULL) + (a2 != NULL), argv, 0, cl, err, 256);
}

int main(void)
{
	struct rtb_cli cl;
	char err[256], bad[128];

	/* an exact id selects that bench only, even when it prefixes another */
	CHECK_STR(selected("ipc.mqueue.wakeup"), "ipc.mqueue.wakeup");
	CHECK_STR(selected("ipc.mqueue.wakeup.xcpu"), "ipc.mqueue.wakeup.xcpu");
	/* a dotted prefix selects the family, and only at a dot */
	CHECK_STR(selected("ctxsw"), "ctxsw.rr.timeslice,ctxsw.rr.yield");
	CHECK_STR(selected("ipc.mqueue"), "ipc.mqueue.wakeup,ipc.mqueue.wakeup.xcpu");
	CHECK_STR(selected("ctx"), "");
	/* a metric id selects the bench that produces it */
	CHECK_STR(selected("sync.prio_inv.inherit.blocking"), "sync.prio_inv");
	CHECK_STR(selected("irq.timer.signal,sync.sem.take.uncontended"),
		  "irq.timer.signal,sync.sem.take.uncontended");
	CHECK_EQ_I(strlen(selected(NULL)) > 0, 1);
	CHECK_EQ_I(rtb_tests_check("ctxsw,nosuch", bad, sizeof(bad)), RTB_EINVAL);
	CHECK_STR(bad, "nosuch");
	CHECK_EQ_I(rtb_tests_check("ctxsw,sync.sem", bad, sizeof(bad)), 0);

	/* defaults are the documented ones */
	CHECK_EQ_I(parse(&cl, err, NULL, NULL), 0);
	CHECK_EQ_I(cl.o.samples, -1);
	CHECK_EQ_I(cl.o.period_ns, 200000);
	CHECK_EQ_I(cl.o.prio, 80);
	CHECK_EQ_I(cl.o.rt, 1);
	CHECK_EQ_I(cl.o.idle_latency_us, 0);
	CHECK_EQ_I(*rtb_bench_opt_find("rr-slice-ms")->value, 1);
	/* values are taken whole or not at all, with the option named */
	CHECK_EQ_I(parse(&cl, err, "--samples", "25"), 0);
	CHECK_EQ_I(cl.o.samples, 25);
	CHECK_EQ_I(parse(&cl, err, "--samples", "25x"), RTB_EINVAL);
	CHECK(strstr(err, "--samples") != NULL);
	CHECK_EQ_I(parse(&cl, err, "--period-us", "20"), 0);
	CHECK_EQ_I(cl.o.period_ns, 20000);
	CHECK_EQ_I(parse(&cl, err, "--no-rt", NULL), 0);
	CHECK_EQ_I(cl.o.rt, 0);
	CHECK_EQ_I(parse(&cl, err, "--bogus", NULL), RTB_EINVAL);
	CHECK(strstr(err, "--bogus") != NULL);
	return check_done();
}
