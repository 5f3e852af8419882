/* SPDX-License-Identifier: Apache-2.0 */
/* test_unsupported - one rule for what a port lacks: RTB_ENOTSUP makes a
 * metric SKIPPED with the reason, any other error FAILED, and the run goes
 * on (rtb_run_bench returns 0); a metric that already holds samples keeps
 * them; a bench needing more threads than the stack pool has is skipped
 * before it runs. Fake benchmarks, no thread, no OS call: runs on every
 * port. */
#include <stdatomic.h>
#include <string.h>
#include "check.h"
#include "core/run.h"
#include "core/stack.h"
#include "rtbench/bench.h"
#include "rtbench/err.h"

static int ran;

/* a bench whose primitive the port lacks, found after making its metric */
static int run_enotsup(struct rtb_ctx *c, const struct rtb_bench *b)
{
	ran++;
	if (!rtb_bench_metric(c, b, b->id, b->title, 10))
		return RTB_ENOMEM;
	return RTB_ENOTSUP;
}

/* a bench that fails before making any metric */
static int run_fail(struct rtb_ctx *c, const struct rtb_bench *b)
{
	ran++;
	return RTB_ESYS;
}

/* two metrics: one measured, one whose protocol the port lacks */
static int run_mixed(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct rtb_metric *ok = rtb_bench_metric(c, b, "fake.mixed.ok", "ok", 2);
	struct rtb_metric *no = rtb_bench_metric(c, b, "fake.mixed.ceiling", "ceiling", 2);

	ran++;
	if (!ok || !no)
		return RTB_ENOMEM;
	rtb_metric_add(ok, 100);
	rtb_metric_add(ok, 200);
	rtb_bench_unsupported(no, RTB_ENOTSUP, "a priority ceiling mutex");
	rtb_bench_metric_end(c, ok, 1);
	return 0;
}

static const struct rtb_bench b_enotsup = { .id = "fake.pipe", .title = "pipe", .run = run_enotsup };
static const struct rtb_bench b_fail = { .id = "fake.fail", .title = "fail", .run = run_fail };
static const struct rtb_bench b_mixed = { .id = "fake.mixed", .title = "mixed", .run = run_mixed };
static const struct rtb_bench b_greedy = { .id = "fake.greedy", .title = "greedy",
					   .threads = RTB_THREADS_MAX + 1, .run = run_fail };

int main(void)
{
	static struct rtb_result res;
	struct rtb_opts o = { .samples = -1, .quiet = 1 };
	atomic_int stop = 0;
	struct rtb_ctx c = { .o = &o, .res = &res, .clk = &res.clock, .stop = &stop };
	struct rtb_metric *m;

	CHECK_EQ_I(rtb_run_bench(&c, &b_enotsup), 0);
	m = rtb_metric_find(&res, "fake.pipe");
	CHECK(m && m->status == RTB_STATUS_SKIPPED && strstr(m->note, "not supported"));

	CHECK_EQ_I(rtb_run_bench(&c, &b_fail), 0);      /* the run goes on */
	m = rtb_metric_find(&res, "fake.fail");
	CHECK(m && m->status == RTB_STATUS_FAILED && strstr(m->note, "failed"));

	CHECK_EQ_I(rtb_run_bench(&c, &b_mixed), 0);
	m = rtb_metric_find(&res, "fake.mixed.ok");
	CHECK(m && m->status == RTB_STATUS_OK && m->count == 2);
	m = rtb_metric_find(&res, "fake.mixed.ceiling");
	CHECK(m && m->status == RTB_STATUS_SKIPPED && strstr(m->note, "a priority ceiling mutex"));

	ran = 0;
	CHECK_EQ_I(rtb_run_bench(&c, &b_greedy), 0);
	CHECK_EQ_I(ran, 0);                             /* never started */
	m = rtb_metric_find(&res, "fake.greedy");
	CHECK(m && m->status == RTB_STATUS_SKIPPED && strstr(m->note, "threads at once"));
	rtb_result_free(&res);
	return check_done();
}
