/* SPDX-License-Identifier: Apache-2.0 */
/* test_caps - the build-time caps of an every-CPU run, with known numbers:
 * the metric table holds every CPU's metric and, traced, every CPU's trace
 * components (RTB_TRACE_MAX_COMP and the difference) for RTB_MAX_CPUS
 * CPUs beside a suite's other metrics, refuses the one past its end
 * (RTB_ENOMEM, nothing held), and what a run holds grows by one metric's
 * bytes a metric (linear in CPUs, never CPUs x metrics); the CPU set and
 * its parser are as wide as RTB_MAX_CPUS, the CPU past it counted.
 * rtb-test: side (measures nothing: no clock, priority or timing; tests/run.sh) */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/cpuset.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/result.h"

/* the formula the header states, and its figure at the default caps */
static void table_size(void)
{
	CHECK_EQ_I(RTB_MAX_METRICS, RTB_MAX_CPUS * (RTB_TRACE_MAX_COMP + 2) + RTB_MAX_BASE_METRICS);
#if RTB_MAX_CPUS == 256 && RTB_TRACE_MAX_COMP == 6 && RTB_MAX_BASE_METRICS == 128
	CHECK_EQ_I(RTB_MAX_METRICS, 2176);
	CHECK_EQ_I((int)sizeof(((struct rtb_result *)0)->metrics), 2176 * (int)sizeof(void *));
#endif
	CHECK_EQ_I((int)sizeof(struct rtb_cpuset) * 8, (RTB_MAX_CPUS + 63) / 64 * 64);
}

/* an every-CPU traced run on RTB_MAX_CPUS CPUs: 64 metrics of the suite
 * before it, a metric a CPU, the aggregate, each CPU's components and its
 * difference: all fit; the table then fills to its end and the next one is
 * refused with nothing held */
static void every_cpu_traced(void)
{
	static struct rtb_result res;
	struct rtb_metric *m;
	char id[64];
	size_t base = rtb_mem_in_use(), one;
	int n = 0, rc = 0;

	memset(&res, 0, sizeof(res));
	CHECK_EQ_I(rtb_metric_new(&res, "suite.0", "suite", 0, &m), 0);
	one = rtb_mem_in_use() - base; /* one metric's bytes, its histogram in it */
	CHECK(one >= sizeof(struct rtb_metric));
	for (n = 1; n < 64 && !rc; n++)
		rc = rtb_metric_new(&res, "suite.n", "suite", 0, &m);
	CHECK_EQ_I(rc, 0);
	for (int cpu = 0; cpu < RTB_MAX_CPUS && !rc; cpu++) {
		snprintf(id, sizeof(id), "irq.timer.nanosleep@cpu%d", cpu);
		rc = rtb_metric_new(&res, id, id, 0, &m);
	}
	CHECK_EQ_I(rc, 0);
	CHECK_EQ_I(rtb_metric_new(&res, "irq.timer.nanosleep", "all CPUs", 0, &m), 0);
	for (int cpu = 0; cpu < RTB_MAX_CPUS && !rc; cpu++)
		for (int q = 0; q < RTB_TRACE_MAX_COMP + 1 && !rc; q++) {
			snprintf(id, sizeof(id), "irq.timer.nanosleep.trace.c%d@cpu%d", q, cpu);
			rc = rtb_metric_new(&res, id, id, 0, &m);
		}
	CHECK_EQ_I(rc, 0);
	CHECK_EQ_I(res.nmetrics, 64 + RTB_MAX_CPUS * (RTB_TRACE_MAX_COMP + 2) + 1);
	/* what it holds: one metric's bytes a metric, nothing a CPU x a metric */
	CHECK_EQ_I((long long)(rtb_mem_in_use() - base), (long long)(res.nmetrics * one));
	CHECK(rtb_metric_find(&res, "irq.timer.nanosleep.trace.c6@cpu255") || RTB_MAX_CPUS != 256);
	while (res.nmetrics < RTB_MAX_METRICS && !rc)
		rc = rtb_metric_new(&res, "fill", "fill", 0, &m);
	CHECK_EQ_I(rc, 0);
	CHECK_EQ_I(res.nmetrics, RTB_MAX_METRICS);
	size_t held = rtb_mem_in_use();
	CHECK_EQ_I(rtb_metric_new(&res, "past", "past", 0, &m), RTB_ENOMEM);
	CHECK_EQ_I(res.nmetrics, RTB_MAX_METRICS);
	CHECK_EQ_I((long long)rtb_mem_in_use(), (long long)held);
	rtb_result_free(&res);
	CHECK_EQ_I((long long)rtb_mem_in_use(), (long long)base);
}

/* the set and the parser: every CPU up to RTB_MAX_CPUS - 1, the next counted */
static void cpuset_width(void)
{
	struct rtb_cpuset s;
	char list[32], err[200], out[64];
	long beyond = -1;

	snprintf(list, sizeof(list), "0-%d", RTB_MAX_CPUS - 1);
	CHECK_EQ_I(rtb_cpuset_parse(list, &s, &beyond, err, sizeof(err)), 0);
	CHECK_EQ_I(rtb_cpuset_count(&s), RTB_MAX_CPUS);
	CHECK_EQ_I((int)beyond, 0);
	CHECK_EQ_I(rtb_cpuset_last(&s), RTB_MAX_CPUS - 1);
	rtb_cpuset_str(&s, out, sizeof(out));
	CHECK(!strcmp(out, list));
	snprintf(list, sizeof(list), "0-%d", RTB_MAX_CPUS + 1);
	CHECK_EQ_I(rtb_cpuset_parse(list, &s, &beyond, err, sizeof(err)), 0);
	CHECK_EQ_I((int)beyond, 2);
	CHECK_EQ_I(rtb_cpuset_count(&s), RTB_MAX_CPUS);
	snprintf(list, sizeof(list), "%d", RTB_MAX_CPUS);
	CHECK(rtb_parse_cpulist(list, &s, err, sizeof(err)) != 0);
	snprintf(list, sizeof(list), "above %d", RTB_MAX_CPUS - 1);
	CHECK(strstr(err, list) != NULL);
}

int main(void)
{
	table_size();
	every_cpu_traced();
	cpuset_width();
	return check_done();
}
