/* SPDX-License-Identifier: Apache-2.0 */
/* bench/record_cost.c - the cost of one histogram-mode record step
 * (rtb_metric_record into a --duration metric: histogram, interval
 * histogram, Welford, worst-N check, reservoir) beside one counter read
 * (rtb_port_ticks, what clock.read_ns in a result measures) and one
 * record into a sample array (the mode it replaces). Built and run by
 * bench/long_runs.sh; not a test (it prints figures, asserts nothing).
 *
 * Method: per variant, 11 passes of 2,000,000 operations on latency-like
 * values (a fixed-seed generator, 1-100 us), timed with CLOCK_MONOTONIC
 * around the whole pass; the median pass / operations. The values are made
 * before timing, so the generator is not in the figure. Pinned to one CPU
 * by the caller (taskset), at whatever priority it gives. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "rtbench/port.h"
#include "rtbench/result.h"
#include "rtbench/stats.h"

#define OPS 2000000
#define PASSES 11

static int64_t vals[OPS];

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static double median(double *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[n / 2];
}

int main(void)
{
	static struct rtb_result r;
	struct rtb_metric *hm = NULL, *arr = NULL;
	atomic_uint epoch;
	double t_hm[PASSES], t_arr[PASSES], t_tick[PASSES];
	uint64_t x = 88172645463325252ull;
	volatile uint64_t sink = 0;

	struct rtb_clock_info ci;

	/* the counter benchmarks stamp with (TSC where the port trusts it) */
	if (rtb_port_clock_init(&ci)) {
		fprintf(stderr, "record_cost: no clock\n");
		return 1;
	}
	atomic_init(&epoch, 0);
	for (int i = 0; i < OPS; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		vals[i] = 1000 + (int64_t)(x % 99000);
	}
	if (rtb_metric_new_hm(&r, "cost.hm", "hm", 0, 0, 0, &epoch, &hm) ||
	    rtb_metric_new(&r, "cost.arr", "arr", OPS + 1, &arr)) {
		fprintf(stderr, "record_cost: out of memory\n");
		return 1;
	}
	for (int p = 0; p < PASSES; p++) {
		int64_t t0 = now_ns();
		for (int i = 0; i < OPS; i++)
			rtb_metric_record(hm, 1, vals[i]);
		int64_t t1 = now_ns();
		arr->count = 0;
		for (int i = 0; i < OPS; i++)
			rtb_metric_record(arr, 1, vals[i]);
		int64_t t2 = now_ns();
		for (int i = 0; i < OPS; i++)
			sink += rtb_port_ticks();
		int64_t t3 = now_ns();
		t_hm[p] = (double)(t1 - t0) / OPS;
		t_arr[p] = (double)(t2 - t1) / OPS;
		t_tick[p] = (double)(t3 - t2) / OPS;
	}
	(void)sink;
	printf("record_hm_ns %.2f\nrecord_array_ns %.2f\ncounter_read_ns %.2f (counter: %s)\n",
	       median(t_hm, PASSES), median(t_arr, PASSES), median(t_tick, PASSES), ci.source);
	rtb_result_free(&r);
	return 0;
}
