/* SPDX-License-Identifier: Apache-2.0 */
/* test_unsupported - one rule for what a port lacks: RTB_ENOTSUP makes a
 * metric SKIPPED with the reason, any other error FAILED, and the run goes
 * on (rtb_run_bench returns 0); a metric that already holds samples keeps
 * them; a bench needing more threads than the stack pool has is skipped
 * before it runs; the wake engine's primitive missing is SKIPPED, not
 * FAILED; the record call keeps the cold sample apart and counts an invalid
 * one. Fake benchmarks, no thread, no OS call: runs on every port. */
#include <stdatomic.h>
#include <string.h>
#include "check.h"
#include "run/run.h"
#include "model/stack.h"
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "bench/wake.h"

static int ran;

/* a bench whose primitive the port lacks, found after making its metric */
static int run_enotsup(struct rtb_ctx *c, const struct rtb_bench *b)
{
	ran++;
	if (!rtb_measure_metric(c, b, b->id, b->title, 10))
		return RTB_ENOMEM;
	return RTB_ENOTSUP;
}

/* a bench that fails before making any metric */
static int run_fail(struct rtb_ctx *c, const struct rtb_bench *b)
{
	(void)c;
	(void)b;
	ran++;
	return RTB_ESYS;
}

/* two metrics: one measured, one whose protocol the port lacks */
static int run_mixed(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct rtb_metric *ok = rtb_measure_metric(c, b, "fake.mixed.ok", "ok", 2);
	struct rtb_metric *no = rtb_measure_metric(c, b, "fake.mixed.ceiling", "ceiling", 2);

	ran++;
	if (!ok || !no)
		return RTB_ENOMEM;
	rtb_metric_record(ok, 1, 100);
	rtb_metric_record(ok, 1, 200);
	rtb_metric_error(no, RTB_ENOTSUP, "a priority ceiling mutex");
	rtb_measure_metric_end(c, ok, 1);
	return 0;
}

/* the wake engine (ipc.mqueue.*, sync.sem.wake*, ...) on a port whose
 * primitive cannot be created: RTB_ENOTSUP from open must make the metric
 * SKIPPED (it was FAILED: "cannot create the primitive"), any other error
 * FAILED. open fails before any thread starts. */
static int fake_open_rc;
static int fake_open(void *obj) { (void)obj; return fake_open_rc; }
static int fake_wait(void *obj) { (void)obj; return 1; }
static int fake_wake(void *obj) { (void)obj; return 0; }
static void fake_close(void *obj) { (void)obj; }
static const struct rtb_wake_ops fake_ops = {
	.waiter_name = "tW", .waker_name = "tK",
	.open = fake_open, .wait = fake_wait, .wake = fake_wake, .close = fake_close,
};
static int run_wake(struct rtb_ctx *c, const struct rtb_bench *b)
{
	ran++;
	return rtb_wake_run(c, b, &fake_ops, NULL, "a fake primitive");
}

/* an error in the middle of a metric that already holds samples: FAILED
 * (the runner decides it from the recorded error), samples kept */
static int run_midway(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct rtb_metric *m = rtb_measure_metric(c, b, b->id, b->title, 4);

	ran++;
	if (!m)
		return RTB_ENOMEM;
	rtb_metric_record(m, 0, 7);             /* cold: kept apart */
	rtb_metric_record(m, 1, 100);
	rtb_metric_record(m, 2, -1);            /* invalid: counted, not kept */
	rtb_metric_error(m, RTB_EIO, "pipe I/O");
	CHECK_EQ_I(m->status, RTB_STATUS_OK);   /* the bench does not decide */
	rtb_measure_metric_end(c, m, 1);
	return 0;
}

static const struct rtb_bench b_wake = { .id = "fake.wake", .title = "wake", .default_samples = 4,
					 .run = run_wake };
static const struct rtb_bench b_midway = { .id = "fake.midway", .title = "midway", .run = run_midway };
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
	struct rtb_ctx c = { .o = &o, .res = &res, .clk = &res.clock, .stop = &stop, .mode = &rtb_mode_count };
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

	fake_open_rc = RTB_ENOTSUP;
	CHECK_EQ_I(rtb_run_bench(&c, &b_wake), 0);
	m = rtb_metric_find(&res, "fake.wake");
	CHECK(m && m->status == RTB_STATUS_SKIPPED && strstr(m->note, "not supported"));
	fake_open_rc = RTB_ESYS;
	res.nmetrics--;                                 /* measure it again */
	rtb_result_free(&(struct rtb_result){ .metrics = { m }, .nmetrics = 1 });
	CHECK_EQ_I(rtb_run_bench(&c, &b_wake), 0);
	m = rtb_metric_find(&res, "fake.wake");
	CHECK(m && m->status == RTB_STATUS_FAILED);

	CHECK_EQ_I(rtb_run_bench(&c, &b_midway), 0);
	m = rtb_metric_find(&res, "fake.midway");
	CHECK(m && m->status == RTB_STATUS_FAILED && strstr(m->note, "pipe I/O"));
	CHECK(m && m->count == 1 && m->has_first && m->first_ns == 7 && m->invalid == 1);

	ran = 0;
	CHECK_EQ_I(rtb_run_bench(&c, &b_greedy), 0);
	CHECK_EQ_I(ran, 0);                             /* never started */
	m = rtb_metric_find(&res, "fake.greedy");
	CHECK(m && m->status == RTB_STATUS_SKIPPED && strstr(m->note, "threads at once"));
	rtb_result_free(&res);
	return check_done();
}
