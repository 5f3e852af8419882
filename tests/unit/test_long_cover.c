/* SPDX-License-Identifier: Apache-2.0 */
/* test_long_cover - how much of a run for a time each CPU measured
 * (run/long_cover.c, the rule in run/long.h) on known times, never a
 * thread or a clock: a CPU whose measuring thread began at or after the
 * run's stop is not measured (partial, "not measured: its thread started
 * X s after the run's stop"), one that measured less than half the run is
 * late (partial, "measured only X s of the run's Y s"), else its status
 * is the bench's; zero samples never decide it (noise.gap with no gap is
 * a result). The run's warnings, settings and the aggregate's note count
 * only the CPUs measured.
 * rtb-test: side (measures nothing: no thread or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "run/long.h"

#define S 1000000000LL

static void test_rule(void)
{
	int64_t m = -1;

	/* began at 0.1 s, stopped at 5 s, the run measured 5 s: whole */
	CHECK_EQ_I(rtb_long_cover_of(S / 10, 5 * S, 5 * S, &m), RTB_LONG_WHOLE);
	CHECK_EQ_I(m, 49 * S / 10);
	/* half the run exactly: whole; a ns less: late */
	CHECK_EQ_I(rtb_long_cover_of(5 * S / 2, 5 * S, 5 * S, &m), RTB_LONG_WHOLE);
	CHECK_EQ_I(rtb_long_cover_of(5 * S / 2 + 1, 5 * S, 5 * S, &m), RTB_LONG_LATE);
	CHECK_EQ_I(m, 5 * S / 2 - 1);
	/* the 64-vCPU guest's: began 4 s into a 5 s run */
	CHECK_EQ_I(rtb_long_cover_of(4 * S, 5 * S, 5 * S, &m), RTB_LONG_LATE);
	CHECK_EQ_I(m, S);
	/* began at the stop, or after it (the 128-vCPU guest's 112 CPUs), or never */
	CHECK_EQ_I(rtb_long_cover_of(5 * S, 5 * S, 5 * S, &m), RTB_LONG_NOT_MEASURED);
	CHECK_EQ_I(m, 0);
	CHECK_EQ_I(rtb_long_cover_of(37 * S, 5 * S, 5 * S, &m), RTB_LONG_NOT_MEASURED);
	CHECK_EQ_I(rtb_long_cover_of(-1, 5 * S, 5 * S, NULL), RTB_LONG_NOT_MEASURED);
	/* a stop past the run's time (the threads told late): measured at
	 * most the run's time */
	CHECK_EQ_I(rtb_long_cover_of(0, 5 * S + 3000000, 5 * S, &m), RTB_LONG_WHOLE);
	CHECK_EQ_I(m, 5 * S);
	/* a watchdog's earlier stop: the threads measured until it */
	CHECK_EQ_I(rtb_long_cover_of(2 * S, 3 * S, 6 * S, &m), RTB_LONG_LATE);
	CHECK_EQ_I(m, S);
}

/* a run of 4 CPUs of one metric, stopped at 5 s, that measured 5 s */
static struct rtb_metric shown[4], agg;
static struct rtb_result res;
static struct rtb_long_cpu cpus[4];
static const struct rtb_bench bench = { .id = "noise.gap" };

static void test_say(void)
{
	struct rtb_long lr = { .res = &res, .b = &bench, .cpus = cpus, .ncpu = 4, .nmet = 1,
			       .t0_ns = 100 * S };
	/* driver thread began (ns after t0); the first spawned thread (0: none) */
	const int64_t driver[4] = { S / 100, S / 100, 3 * S, 12 * S };
	const int64_t spawn[4] = { S / 50, 0, 4 * S, 0 };

	snprintf(res.set.cpus, sizeof(res.set.cpus), "0-3");
	for (int i = 0; i < 4; i++) {
		cpus[i].lr = &lr;
		cpus[i].cpu = i;
		cpus[i].started = 1;
		cpus[i].shown[0] = &shown[i];
		snprintf(shown[i].id, sizeof(shown[i].id), "noise.gap@cpu%d", i);
		shown[i].status = RTB_STATUS_OK; /* count 0 on every CPU: no gap, all valid */
		atomic_store(&cpus[i].driver_ns, (long long)(lr.t0_ns + driver[i]));
		atomic_store(&cpus[i].spawn_ns, spawn[i] ? (long long)(lr.t0_ns + spawn[i]) : 0);
	}
	/* when each began: the spawned thread's, else the driver's */
	CHECK_EQ_I(rtb_long_began_ns(&lr, &cpus[0]), S / 50);
	CHECK_EQ_I(rtb_long_began_ns(&lr, &cpus[1]), S / 100);
	CHECK_EQ_I(rtb_long_began_ns(&lr, &cpus[2]), 4 * S);
	atomic_store(&cpus[3].driver_ns, 0);
	CHECK_EQ_I(rtb_long_began_ns(&lr, &cpus[3]), -1);
	atomic_store(&cpus[3].driver_ns, (long long)(lr.t0_ns + 12 * S));

	rtb_long_cover_say(&lr, 5 * S, 5 * S);
	CHECK_EQ_I(shown[0].status, RTB_STATUS_OK);
	CHECK_STR(shown[0].note, "");
	CHECK_EQ_I(shown[1].status, RTB_STATUS_OK);
	CHECK_EQ_I(shown[2].status, RTB_STATUS_PARTIAL);
	CHECK_STR(shown[2].note, "measured only 1.0 s of the run's 5.0 s: its thread started 4.0 s after the "
		  "run's start");
	CHECK_EQ_I(shown[3].status, RTB_STATUS_PARTIAL);
	CHECK_STR(shown[3].note, "not measured: its thread started 7.000 s after the run's stop");
	CHECK_STR(res.set.cpus_not_measured, "3");
	CHECK_STR(res.set.cpus_late, "2");
	CHECK_EQ_I(res.nwarnings, 2);
	CHECK_STR(res.warnings[0], "DEGRADED: noise.gap: 1 of 4 CPUs not measured, its thread began after "
		  "the run's stop (the latest 7.000 s after it): CPU 3");
	CHECK(strstr(res.warnings[1], "DEGRADED: noise.gap: 1 of 4 CPUs measured under half the run, its "
		     "thread began up to ") != NULL);
	CHECK(strstr(res.warnings[1], ": CPU 2") != NULL);
	CHECK_EQ_I(rtb_cpuset_count(&lr.cover_none), 1);

	/* an error's status stays (failed is worse than partial); the note adds */
	memset(&shown[3], 0, sizeof(shown[3]));
	shown[3].status = RTB_STATUS_FAILED;
	rtb_long_cover_say(&lr, 5 * S, 5 * S);
	CHECK_EQ_I(shown[3].status, RTB_STATUS_FAILED);
	CHECK(strstr(shown[3].note, "not measured") != NULL);

	/* a CPU whose thread never started keeps its own note, is counted */
	memset(&shown[3], 0, sizeof(shown[3]));
	cpus[3].started = 0;
	atomic_store(&cpus[3].driver_ns, 0);
	rtb_long_cover_say(&lr, 5 * S, 5 * S);
	CHECK_STR(shown[3].note, "");
	CHECK_EQ_I(rtb_cpuset_count(&lr.cover_none), 1);

	/* the aggregate counts only the CPUs measured */
	struct rtb_hm hm;
	memset(&hm, 0, sizeof(hm));
	agg.hm = &hm;
	lr.agg[0] = &agg;
	lr.mids[0] = "noise.gap";
	rtb_long_agg_say(&lr, 0);
	CHECK_STR(agg.note, "3 of 4 CPUs measured, merged (0-3; CPU 3 not measured: its thread began "
		  "after the run's stop)");
	CHECK_EQ_I(agg.status, RTB_STATUS_PARTIAL);
}

int main(void)
{
	test_rule();
	test_say();
	return check_done();
}
