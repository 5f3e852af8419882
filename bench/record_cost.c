/* SPDX-License-Identifier: Apache-2.0 */
/* bench/record_cost.c - the cost of one histogram-mode record step
 * (rtb_metric_record into a --duration metric: histogram, interval
 * histogram, Welford, worst-N check, reservoir) beside one counter read
 * (rtb_port_ticks, what clock.read_ns in a result measures) and one
 * record into a sample array (the mode it replaces), and the record step
 * with run --duration --raw's ring attached (rtbench/rawring.h), drained
 * as it fills by a thread on another CPU (the first online one not ours;
 * the writer of a real run drains every 10 ms). Built and run by
 * bench/long_runs.sh; not a test (it prints figures, asserts nothing).
 *
 * Method: per variant, 11 passes of 2,000,000 operations on latency-like
 * values (a fixed-seed generator, 1-100 us), timed with CLOCK_MONOTONIC
 * around the whole pass; the median pass / operations. The values are made
 * before timing, so the generator is not in the figure. Pinned to one CPU
 * by the caller (taskset), at whatever priority it gives. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "rtbench/hmetric.h"
#include "rtbench/port.h"
#include "rtbench/rawring.h"
#include "rtbench/result.h"
#include "rtbench/stats.h"

#define OPS 2000000
#define PASSES 11

static int64_t vals[OPS];
static struct rtb_raw_ring ring;
static atomic_int drain_stop;

/* drainer - the consumer: empties the ring as it fills (run/raw.c's
 * drain, without the file); made on its CPU at normal priority (the
 * writer's), never inheriting the caller's FIFO priority and CPU, where it
 * would wait behind the measuring loop and drain nothing. */
static void *drainer(void *arg)
{
	volatile uint64_t sum = 0;

	(void)arg;
	while (!atomic_load_explicit(&drain_stop, memory_order_relaxed)) {
		uint64_t t = atomic_load_explicit(&ring.tail, memory_order_relaxed);
		uint64_t h = atomic_load_explicit(&ring.head, memory_order_acquire);
		for (; t != h; t++)
			sum += ring.slot[t & RTB_RAW_RING_MASK];
		atomic_store_explicit(&ring.tail, t, memory_order_release);
	}
	(void)sum;
	return NULL;
}

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
	double t_hm[PASSES], t_arr[PASSES], t_tick[PASSES], t_raw[PASSES];
	uint64_t lost = 0;
	pthread_t dth;
	cpu_set_t mine;
	int other = -1;
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
	    rtb_metric_new(&r, "cost.arr", "arr", OPS + 1, &arr) || rtb_rawring_init(&ring)) {
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
	/* the ring attached, no other thread touching it: the store path
	 * alone (the slots handed back every 32768 records, outside the
	 * ring's lines' use by another CPU: the writer of a run drains every
	 * 10 ms, so most records meet lines no other CPU holds) */
	double t_raw0[PASSES];
	hm->hm->ring = &ring;
	for (int p = 0; p < PASSES; p++) {
		int64_t t0 = now_ns();
		for (int i = 0; i < OPS; i++) {
			if (!(i & 32767))
				atomic_store_explicit(&ring.tail, atomic_load_explicit(&ring.head, memory_order_relaxed),
						      memory_order_relaxed);
			rtb_metric_record(hm, 1, vals[i]);
		}
		t_raw0[p] = (double)(now_ns() - t0) / OPS;
	}
	hm->hm->ring = NULL;
	uint64_t lost0 = atomic_load(&ring.lost[0]);
	rtb_rawring_reset(&ring);
	/* the same record step with the ring attached and drained as it
	 * fills by a thread on another CPU: the worst sharing of its lines */
	sched_getaffinity(0, sizeof(mine), &mine);
	for (int c = 0; c < CPU_SETSIZE && other < 0; c++)
		if (!CPU_ISSET(c, &mine) && c < sysconf(_SC_NPROCESSORS_ONLN))
			other = c;
	atomic_store(&drain_stop, 0);
	pthread_attr_t at;
	cpu_set_t set;
	struct sched_param sp = { 0 };
	CPU_ZERO(&set);
	CPU_SET(other >= 0 ? other : 0, &set);
	pthread_attr_init(&at);
	pthread_attr_setinheritsched(&at, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&at, SCHED_OTHER);
	pthread_attr_setschedparam(&at, &sp);
	pthread_attr_setaffinity_np(&at, sizeof(set), &set);
	if (pthread_create(&dth, &at, drainer, NULL)) {
		fprintf(stderr, "record_cost: cannot start the drainer\n");
		return 1;
	}
	hm->hm->ring = &ring;
	for (int p = 0; p < PASSES; p++) {
		int64_t t0 = now_ns();
		for (int i = 0; i < OPS; i++)
			rtb_metric_record(hm, 1, vals[i]);
		t_raw[p] = (double)(now_ns() - t0) / OPS;
	}
	hm->hm->ring = NULL;
	atomic_store(&drain_stop, 1);
	pthread_join(dth, NULL);
	lost = atomic_load(&ring.lost[0]);
	(void)sink;
	printf("record_hm_ns %.2f\nrecord_array_ns %.2f\ncounter_read_ns %.2f (counter: %s)\n"
	       "record_hm_raw_alone_ns %.2f (ring attached, no other CPU on its lines; %llu lost)\n"
	       "record_hm_raw_ns %.2f (ring drained on CPU %d as it fills; %llu of %d lost: the loop outran the drain)\n",
	       median(t_hm, PASSES), median(t_arr, PASSES), median(t_tick, PASSES), ci.source,
	       median(t_raw0, PASSES), (unsigned long long)lost0, median(t_raw, PASSES), other, (unsigned long long)lost,
	       OPS * PASSES);
	rtb_rawring_free(&ring);
	rtb_result_free(&r);
	return 0;
}
