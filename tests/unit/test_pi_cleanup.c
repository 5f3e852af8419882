/* SPDX-License-Identifier: Apache-2.0 */
/* test_pi_cleanup - sync.prio_inv's set-up failing early gives and
 * destroys only the semaphores it created, and a semaphore that cannot be
 * created stops it (before: the cleanup gave go_l/go_m/go_h and destroyed
 * all four whatever had been created, and rtb_bsem_init went unchecked).
 * The port's semaphore calls are wrapped at link time (-Wl,--wrap, see the
 * Makefile) to see every call the benchmark makes; no thread is started. */
#include <stdatomic.h>
#include <string.h>
#include "check.h"
#include "run/run.h" /* rtb_mode_count */
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "bench/registry.h"

extern const struct rtb_bench rtb_bench_prio_inv;

int __real_rtb_bsem_init(rtb_bsem_t *s, int available);
int __real_rtb_bsem_give(rtb_bsem_t *s);
int __real_rtb_bsem_destroy(rtb_bsem_t *s);
int __wrap_rtb_bsem_init(rtb_bsem_t *s, int available);
int __wrap_rtb_bsem_give(rtb_bsem_t *s);
int __wrap_rtb_bsem_destroy(rtb_bsem_t *s);

static rtb_bsem_t *live[16];
static int nlive, misuse, ninit, fail_init_at = -1;

static int find(rtb_bsem_t *s)
{
	for (int i = 0; i < nlive; i++)
		if (live[i] == s)
			return i;
	return -1;
}

int __wrap_rtb_bsem_init(rtb_bsem_t *s, int available)
{
	if (ninit++ == fail_init_at)
		return RTB_ENOMEM;
	if (nlive < 16)
		live[nlive++] = s;
	return __real_rtb_bsem_init(s, available);
}

int __wrap_rtb_bsem_give(rtb_bsem_t *s)
{
	if (find(s) < 0) {
		misuse++;
		return RTB_EINVAL;
	}
	return __real_rtb_bsem_give(s);
}

int __wrap_rtb_bsem_destroy(rtb_bsem_t *s)
{
	int i = find(s);

	if (i < 0) {
		misuse++;
		return RTB_EINVAL;
	}
	live[i] = live[--nlive];
	return __real_rtb_bsem_destroy(s);
}

int main(void)
{
	static struct rtb_result res;
	struct rtb_opts o = { .samples = 2, .quiet = 1 };
	atomic_int stop = 0;
	struct rtb_ctx c = { .o = &o, .res = &res, .clk = &res.clock, .stop = &stop, .rt = 0,
			   .mode = &rtb_mode_count };
	struct rtb_metric *m;
	int rc;

	/* its own knobs (struct rtb_bench_opt): a 1 us section and load */
	*rtb_bench_opt_find("pi-cs-us")->value = 1000;
	*rtb_bench_opt_find("pi-load-us")->value = 1000;

	/* 1: no room for its second metric: it fails before any semaphore */
	while (res.nmetrics < RTB_MAX_METRICS - 1)
		if (rtb_metric_new(&res, "fill", "fill", 0, &m))
			return 1;
	rc = rtb_bench_prio_inv.run(&c, &rtb_bench_prio_inv);
	CHECK_EQ_I(rc, RTB_ENOMEM);
	CHECK_EQ_I(misuse, 0);                  /* was 7: 3 gives, 4 destroys */
	CHECK_EQ_I(nlive, 0);
	rtb_result_free(&res);

	/* 2: the second semaphore cannot be created: stopped there, the
	 * first one destroyed, nothing given */
	ninit = 0;
	fail_init_at = 1;
	rc = rtb_bench_prio_inv.run(&c, &rtb_bench_prio_inv);
	CHECK_EQ_I(rc, RTB_ENOMEM);
	CHECK_EQ_I(misuse, 0);
	CHECK_EQ_I(nlive, 0);                   /* what was created is gone */
	CHECK_EQ_I(ninit, 2);                   /* no third try after the failure */
	rtb_result_free(&res);
	return check_done();
}
