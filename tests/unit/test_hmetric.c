/* SPDX-License-Identifier: Apache-2.0 */
/* test_hmetric - histogram mode of a metric (rtbench/hmetric.h) on known
 * data: every percentile within the stated resolution of the exact one,
 * exact count/min/max/mean/stddev, merging (two halves = the whole), the
 * worst-N list, the reservoir's bound, the interval publication protocol,
 * and the long-run option parsers. */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/longopt.h"
#include "rtbench/mem.h"
#include "rtbench/result.h"
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"

#define N 200000

static int64_t vals[N], sorted[N];

/* lcg - deterministic data: a log-normal-ish latency shape, 1 us .. 5 ms */
static uint64_t lcg_state = 12345;
static double unif(void)
{
	lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(lcg_state >> 11) / 9007199254740992.0;
}

static struct rtb_metric *hm_metric(struct rtb_result *r, const char *id, int cpu, const atomic_uint *ep)
{
	struct rtb_metric *m = NULL;
	struct rtb_hm_thr thr;

	CHECK_EQ_I(rtb_hm_thr_make(&thr, 50000, NULL, 0), 0);
	CHECK_EQ_I(rtb_metric_new_hm(r, id, id, 0, cpu, &thr, ep, &m), 0);
	return m;
}

static void test_error_bound(void)
{
	static struct rtb_result r;
	struct rtb_metric *m = hm_metric(&r, "t.bound", 3, NULL);
	double sum = 0, sq = 0;
	uint64_t over = 0;

	for (int i = 0; i < N; i++) {
		double u = unif();
		vals[i] = (int64_t)(1000.0 * exp(8.5 * u * u)); /* 1 us .. ~5 ms */
		if (i % 1000 == 7)
			vals[i] = 50; /* exact range too */
		rtb_metric_record(m, 1, vals[i]);
		sum += (double)vals[i];
		over += vals[i] > 50000;
	}
	CHECK_EQ_I(rtb_metric_finish(m, 50000), 0);
	memcpy(sorted, vals, sizeof(vals));
	rtb_stats_sort(sorted, N);
	double mean = sum / N;
	for (int i = 0; i < N; i++)
		sq += ((double)vals[i] - mean) * ((double)vals[i] - mean);
	CHECK_EQ_I(m->stats.count, N);
	CHECK_EQ_I(m->count, N);
	CHECK_EQ_I(m->stats.min, sorted[0]);
	CHECK_EQ_I(m->stats.max, sorted[N - 1]);
	CHECK_NEAR(m->stats.mean, mean, 1e-6 * mean);
	CHECK_NEAR(m->stats.stddev, sqrt(sq / (N - 1)), 1e-6 * sqrt(sq / (N - 1)));
	CHECK_EQ_I(m->over_deadline, over);
	double res = rtb_hist_resolution_pct(&m->hist);
	CHECK_NEAR(res, 1.5625, 1e-12);
	/* each percentile: not above the exact one, and within the resolution */
	for (int k = 0; k < RTB_NPCT; k++) {
		int64_t exact = rtb_stats_percentile_sorted(sorted, N, rtb_pct_level(k));
		int64_t got = m->stats.pct[k];
		CHECK(got <= exact);
		CHECK((double)(exact - got) <= (double)got * res / 100.0 + 1e-9);
	}
	/* the reservoir is bounded and holds only recorded values */
	CHECK_EQ_I(m->hm->nres, RTB_HM_RESERVOIR);
	for (size_t i = 0; i < m->hm->nres; i++)
		CHECK(m->hm->res[i] >= sorted[0] && m->hm->res[i] <= sorted[N - 1]);
	rtb_result_free(&r);
}

static void test_worst(void)
{
	static struct rtb_result r;
	struct rtb_metric *m = hm_metric(&r, "t.worst", 5, NULL);

	for (int i = 0; i < 10000; i++)
		rtb_metric_record(m, 1, (i * 7919) % 10007); /* a permutation of 0..10006, some */
	/* the 16 largest of what was recorded, descending, with CPU 5 */
	memset(sorted, 0, sizeof(sorted));
	for (int i = 0; i < 10000; i++)
		sorted[i] = (i * 7919) % 10007;
	rtb_stats_sort(sorted, 10000);
	CHECK_EQ_I(m->hm->nworst, RTB_HM_WORST);
	for (int i = 0; i < RTB_HM_WORST; i++) {
		CHECK_EQ_I(m->hm->worst[i].ns, sorted[9999 - i]);
		CHECK_EQ_I(m->hm->worst[i].cpu, 5);
		CHECK(m->hm->worst[i].t_ns > 0);
	}
	/* merging two lists keeps the top 16 of both */
	struct rtb_hm_worst a[RTB_HM_WORST] = { { 100, 1, 0 }, { 50, 2, 0 } }, b[3] = {
		{ 120, 3, 1 }, { 60, 4, 1 }, { 10, 5, 1 } };
	int na = 2;
	rtb_hm_worst_merge(a, &na, b, 3);
	CHECK_EQ_I(na, 5);
	CHECK_EQ_I(a[0].ns, 120);
	CHECK_EQ_I(a[0].cpu, 1);
	CHECK_EQ_I(a[1].ns, 100);
	CHECK_EQ_I(a[2].ns, 60);
	CHECK_EQ_I(a[3].ns, 50);
	CHECK_EQ_I(a[4].ns, 10);
	rtb_result_free(&r);
}

static void test_merge(void)
{
	static struct rtb_result r;
	struct rtb_metric *all = hm_metric(&r, "t.all", 0, NULL);
	struct rtb_metric *x = hm_metric(&r, "t.x", 0, NULL);
	struct rtb_metric *y = hm_metric(&r, "t.y", 1, NULL);

	for (int i = 0; i < N; i++) {
		rtb_metric_record(all, 1, vals[i]);
		rtb_metric_record(i < N / 3 ? x : y, 1, vals[i]);
	}
	CHECK_EQ_I(rtb_hm_merge(x->hm, y->hm), 0);
	x->count = x->hm->acc.n;
	rtb_metric_finish(x, 50000);
	rtb_metric_finish(all, 50000);
	CHECK_EQ_I(x->stats.count, all->stats.count);
	CHECK_EQ_I(x->stats.min, all->stats.min);
	CHECK_EQ_I(x->stats.max, all->stats.max);
	CHECK_NEAR(x->stats.mean, all->stats.mean, 1e-9 * all->stats.mean);
	CHECK_NEAR(x->stats.stddev, all->stats.stddev, 1e-9 * all->stats.stddev);
	CHECK_EQ_I(x->over_deadline, all->over_deadline);
	for (int k = 0; k < RTB_NPCT; k++)
		CHECK_EQ_I(x->stats.pct[k], all->stats.pct[k]); /* same buckets: identical */
	for (size_t i = 0; i < x->hist.nbuckets; i++)
		CHECK_EQ_I(x->hist.counts[i], all->hist.counts[i]);
	CHECK_EQ_I(x->hm->nworst, RTB_HM_WORST);
	for (int i = 0; i < RTB_HM_WORST; i++)
		CHECK_EQ_I(x->hm->worst[i].ns, all->hm->worst[i].ns);
	CHECK_EQ_I(x->hm->nres, RTB_HM_RESERVOIR);
	rtb_result_free(&r);
}

/* the publication protocol, single-threaded: a moved epoch publishes one
 * interval; a second move before it is consumed does not overwrite it */
static void test_intervals(void)
{
	static struct rtb_result r;
	atomic_uint ep;
	atomic_init(&ep, 0);
	struct rtb_metric *m = hm_metric(&r, "t.iv", 2, &ep);

	for (int i = 0; i < 100; i++)
		rtb_metric_record(m, 1, 1000 + i);
	atomic_store(&ep, 1);
	rtb_metric_record(m, 1, 5000); /* sees the epoch: publishes 100, then counts this */
	CHECK_EQ_I(atomic_load(&m->hm->published), 1);
	CHECK_EQ_I(m->hm->pub.iv.count, 100);
	CHECK_EQ_I(m->hm->pub.iv.max_ns, 1099);
	CHECK_EQ_I(m->hm->pub.iv.p50_ns, 1040); /* 1049 in bucket [1040, 1056) */
	/* intervals keep p99.9 too (the report plots it): 1099 in bucket [1088, 1104) */
	CHECK_EQ_I(m->hm->pub.iv.p999_ns, 1088);
	CHECK_EQ_I(m->hm->pub.acc.n, 100);
	atomic_store(&ep, 2);
	rtb_metric_record(m, 1, 6000); /* not consumed yet: the interval goes on */
	CHECK_EQ_I(atomic_load(&m->hm->published), 1);
	CHECK_EQ_I(m->hm->pub.iv.count, 100);
	atomic_store(&m->hm->consumed, 1);
	rtb_metric_record(m, 1, 7000);
	CHECK_EQ_I(atomic_load(&m->hm->published), 2);
	CHECK_EQ_I(m->hm->pub.iv.count, 2); /* 5000 and 6000: spans epochs 1-2 */
	CHECK_EQ_I(m->hm->pub.iv.max_ns, 6000);
	CHECK_EQ_I(m->hm->pub.acc.n, 102);
	rtb_result_free(&r);
}

/* the declared thresholds (--deadline-us, --count-over-us) counted in
 * the record step: sorted and distinct, each count equal to the known
 * stream's, in the run and in each interval (published and merged), also
 * at thresholds between two bucket edges, where the histogram only
 * brackets the count */
static void test_thresholds(void)
{
	static struct rtb_result r;
	struct rtb_hm_thr thr;
	const int64_t extra[] = { 20000, 50000, 3000, 7777, 1 };
	atomic_uint ep;
	struct rtb_metric *m = NULL, *b = NULL;
	uint64_t want[2][5] = { { 0 } };

	CHECK_EQ_I(rtb_hm_thr_make(&thr, 50000, extra, 5), 0);
	CHECK_EQ_I(thr.n, 5);
	CHECK_EQ_I(thr.ns[0], 1);
	CHECK_EQ_I(thr.ns[1], 3000);
	CHECK_EQ_I(thr.ns[2], 7777);
	CHECK_EQ_I(thr.ns[3], 20000);
	CHECK_EQ_I(thr.ns[4], 50000);
	CHECK_EQ_I(thr.deadline, 4);
	{
		const int64_t nine[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, neg[1] = { -5 };
		struct rtb_hm_thr t2;
		CHECK_EQ_I(rtb_hm_thr_make(&t2, 0, nine, 8), 0);
		CHECK_EQ_I(t2.deadline, -1);
		CHECK_EQ_I(rtb_hm_thr_make(&t2, 0, nine, 9), RTB_EINVAL);
		CHECK_EQ_I(rtb_hm_thr_make(&t2, 10, nine, 8), RTB_EINVAL); /* 9 distinct */
		CHECK_EQ_I(rtb_hm_thr_make(&t2, 8, nine, 8), 0);           /* 8: 8 given twice */
		CHECK_EQ_I(t2.deadline, 7);
		CHECK_EQ_I(rtb_hm_thr_make(&t2, 0, neg, 1), RTB_EINVAL);
	}
	atomic_init(&ep, 0);
	CHECK_EQ_I(rtb_metric_new_hm(&r, "t.thr", "t.thr", 0, 0, &thr, &ep, &m), 0);
	CHECK_EQ_I(rtb_metric_new_hm(&r, "t.thr2", "t.thr2", 0, 1, &thr, NULL, &b), 0);
	for (int i = 0; i < N; i++) {
		int half = i >= N / 2;
		if (i == N / 2) {
			atomic_store(&ep, 1); /* the next record publishes the first half */
		}
		rtb_metric_record(m, 1, vals[i]);
		if (i == N / 2) {
			CHECK_EQ_I(atomic_load(&m->hm->published), 1);
			for (int k = 0; k < 5; k++)
				CHECK_EQ_I(m->hm->pub.iv.over[k], want[0][k]);
		}
		rtb_metric_record(b, 1, vals[i] + 1);
		for (int k = 0; k < 5; k++)
			want[half][k] += vals[i] > thr.ns[k];
	}
	CHECK(want[0][2] > 0 && want[0][2] < N / 2);
	rtb_metric_finish(m, 50000);
	for (int k = 0; k < 5; k++) {
		CHECK_EQ_I(m->hm->acc.over[k], want[0][k] + want[1][k]);
		CHECK_EQ_I(m->hm->iacc.over[k], want[1][k]); /* the open interval */
	}
	CHECK_EQ_I(m->over_deadline, want[0][4] + want[1][4]);
	/* 7777 lies inside bucket [7680, 7808): the histogram brackets it */
	{
		size_t bi = rtb_hist_index(&m->hist, 7777);
		CHECK(rtb_hist_bucket_lo(&m->hist, bi) < 7777 && rtb_hist_bucket_hi(&m->hist, bi) > 7778);
	}
	/* merged (the all-CPU aggregate): the counts add */
	CHECK_EQ_I(rtb_hm_merge(b->hm, m->hm), 0);
	for (int k = 0; k < 5; k++) {
		uint64_t wb = 0;
		for (int i = 0; i < N; i++)
			wb += vals[i] + 1 > thr.ns[k];
		CHECK_EQ_I(b->hm->acc.over[k], wb + want[0][k] + want[1][k]);
	}
	rtb_result_free(&r);
}

/* the linear histogram beside the log-linear one (run --histogram / -h US):
 * every 1 us bin counted as measured, where the log-linear buckets (1/64
 * of their value wide) leave 1 us bins above 64 us empty; overflow at and
 * past the last bin; published with the interval, copied and merged
 * exactly (two halves = the whole). */
static void test_linear(void)
{
	static struct rtb_result r;
	static uint64_t want[300];
	struct rtb_hm_thr thr;
	struct rtb_metric *a = NULL, *b = NULL, *w = NULL;
	atomic_uint ep;
	uint64_t over = 0, holes = 0;

	CHECK_EQ_I(rtb_hm_thr_make(&thr, 0, NULL, 0), 0);
	thr.lin_us = 300;
	atomic_init(&ep, 0);
	CHECK_EQ_I(rtb_metric_new_hm(&r, "t.lin", "t.lin", 0, 0, &thr, &ep, &a), 0);
	CHECK_EQ_I(rtb_metric_new_hm(&r, "t.lin2", "t.lin2", 0, 1, &thr, NULL, &b), 0);
	CHECK_EQ_I(rtb_metric_new_hm(&r, "t.whole", "t.whole", 0, 1, &thr, NULL, &w), 0);
	CHECK(a->hm->lin.counts != NULL && a->hm->lin.nbins == 300);
	for (int i = 0; i < N; i++) {
		int64_t v = vals[i] % 400000; /* 0 .. 400 us: some past the 300 bins */
		rtb_metric_record(i < N / 2 ? a : b, 1, v);
		rtb_metric_record(w, 1, v);
		if (v / 1000 < 300)
			want[v / 1000]++;
		else
			over++;
	}
	CHECK(over > 0);
	rtb_hm_merge(a->hm, b->hm);
	for (int us = 0; us < 300; us++) {
		CHECK_EQ_I(a->hm->lin.counts[us], want[us]);
		CHECK_EQ_I(w->hm->lin.counts[us], want[us]);
	}
	CHECK_EQ_I(a->hm->lin.overflow, over);
	CHECK_EQ_I(w->hm->lin.overflow, over);
	/* the log-linear buckets put 200..201 us in one bucket [199680,
	 * 201728): read as 1 us bins at their lower edges, bin 200 is empty
	 * though it holds values; counted directly it is not */
	for (int us = 65; us < 300; us++) {
		size_t bi = rtb_hist_index(&w->hist, (int64_t)us * 1000);
		holes += want[us] && rtb_hist_bucket_lo(&w->hist, bi) / 1000 != us;
	}
	CHECK(holes > 50);
	/* published with an interval, the whole state: equal to the live one */
	atomic_store(&ep, 1);
	rtb_metric_record(a, 1, 1500);
	want[1]++;
	CHECK_EQ_I(atomic_load(&a->hm->published), 1);
	for (int us = 0; us < 300; us++)
		CHECK_EQ_I(a->hm->pub.lin.counts[us], want[us] - (us == 1));
	CHECK_EQ_I(a->hm->pub.lin.overflow, over);
	/* a copy over a larger one clears what it had beyond */
	struct rtb_hm_lin *dst = &b->hm->lin, *src = &a->hm->lin;
	rtb_hm_lin_reset(src);
	src->counts[3] = 7;
	src->used = 4;
	CHECK_EQ_I(rtb_hm_lin_copy(dst, src), 0);
	for (int us = 0; us < 300; us++)
		CHECK_EQ_I(dst->counts[us], us == 3 ? 7u : 0u);
	CHECK_EQ_I(dst->overflow, 0);
	rtb_result_free(&r);
}

static void test_options(void)
{
	int64_t ns;
	char err[160];
	struct rtb_cpuset s;

	CHECK_EQ_I(rtb_parse_time_ns("90s", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), 0);
	CHECK_EQ_I(ns, 90000000000LL);
	CHECK_EQ_I(rtb_parse_time_ns("30m", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), 0);
	CHECK_EQ_I(ns, 1800000000000LL);
	CHECK_EQ_I(rtb_parse_time_ns("24h", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), 0);
	CHECK_EQ_I(ns, 86400000000000LL);
	CHECK_EQ_I(rtb_parse_time_ns("2d", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), 0);
	CHECK_EQ_I(ns, 172800000000000LL);
	CHECK_EQ_I(rtb_parse_time_ns("5", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), 0);
	CHECK_EQ_I(ns, 5000000000LL);
	const char *bad[] = { "0", "0s", "-5s", "10x", "", "s", "5ss", "1.5h",
			      "99999999999999999999s", " 5s" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK_EQ_I(rtb_parse_time_ns(bad[i], RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), RTB_EINVAL);
	CHECK_EQ_I(rtb_parse_time_ns("31d", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), RTB_ERANGE);
	CHECK_EQ_I(rtb_parse_time_ns("999999999d", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), RTB_ERANGE);
	CHECK_EQ_I(rtb_parse_time_ns("30d", RTB_MAX_DURATION_NS, &ns, err, sizeof(err)), 0);

	CHECK_EQ_I(rtb_parse_cpulist("1-3", &s, err, sizeof(err)), 0);
	CHECK_EQ_I(rtb_cpuset_count(&s), 3);
	CHECK(!rtb_cpuset_has(&s, 0) && rtb_cpuset_has(&s, 1) && rtb_cpuset_has(&s, 3));
	CHECK_EQ_I(rtb_parse_cpulist("0,2", &s, err, sizeof(err)), 0);
	CHECK(rtb_cpuset_has(&s, 0) && !rtb_cpuset_has(&s, 1) && rtb_cpuset_has(&s, 2));
	CHECK_EQ_I(rtb_parse_cpulist("0-1,4,6-7", &s, err, sizeof(err)), 0);
	CHECK_EQ_I(rtb_cpuset_count(&s), 5);
	const char *badl[] = { "", "3-1", "1,", ",1", "1,,2", "a", "1-", "-1", "256", "0-256", "1 2" };
	for (size_t i = 0; i < sizeof(badl) / sizeof(badl[0]); i++)
		CHECK_EQ_I(rtb_parse_cpulist(badl[i], &s, err, sizeof(err)), RTB_EINVAL);
}

/* the interval series is bounded: at most RTB_MAX_INTERVALS whatever the
 * duration; the default grown (and said) where a minute would exceed it, a
 * given interval that would exceed it refused with the least that would do */
static void test_interval_cap(void)
{
	const int64_t s = 1000000000LL;
	int64_t iv;
	int grown;
	char err[240];
	struct { int64_t d, want; int grown; } def[] = {
		{ 10 * s, 1 * s, 0 }, { 30 * s, 3 * s, 0 }, { 600 * s, 60 * s, 0 },
		/* short runs get ten intervals (a 60 s run once had one,
		 * so compare and check said untested; a 3 min plot 3 points) */
		{ 5 * s, 1 * s, 0 }, { 60 * s, 6 * s, 0 }, { 180 * s, 18 * s, 0 }, { 300 * s, 30 * s, 0 },
		{ 86400 * s, 60 * s, 0 },              /* a day: 1440 minutes, the cap */
		{ 86401 * s, 61 * s, 1 },              /* a second more: grown */
		{ 2 * 86400 * s, 120 * s, 1 }, { 30 * 86400 * s, 1800 * s, 1 },
	};

	for (size_t i = 0; i < sizeof(def) / sizeof(def[0]); i++) {
		iv = 0;
		CHECK_EQ_I(rtb_parse_interval(def[i].d, 0, &iv, &grown, err, sizeof(err)), 0);
		CHECK_EQ_I(iv, def[i].want);
		CHECK_EQ_I(grown, def[i].grown);
		CHECK((def[i].d + iv - 1) / iv <= RTB_MAX_INTERVALS);
		CHECK_EQ_I(iv % s, 0);
	}
	/* every duration up to 30 days, by the hour: never more than the cap */
	for (int64_t d = 3600 * s; d <= RTB_MAX_DURATION_NS; d += 3600 * s + 7 * s) {
		CHECK_EQ_I(rtb_parse_interval(d, 0, &iv, &grown, err, sizeof(err)), 0);
		CHECK((d + iv - 1) / iv <= RTB_MAX_INTERVALS);
	}
	iv = 60 * s;
	CHECK_EQ_I(rtb_parse_interval(86400 * s, 1, &iv, &grown, err, sizeof(err)), 0);
	CHECK_EQ_I(iv, 60 * s);
	iv = 59 * s;
	CHECK_EQ_I(rtb_parse_interval(86400 * s, 1, &iv, &grown, err, sizeof(err)), RTB_EINVAL);
	CHECK(strstr(err, "1465 intervals") && strstr(err, "give 60 s or longer"));
	iv = 11 * s;
	CHECK_EQ_I(rtb_parse_interval(10 * s, 1, &iv, &grown, err, sizeof(err)), RTB_EINVAL);
	CHECK(strstr(err, "longer than the --duration") != NULL);
}

/* --tests <id>@cpu<N>: ids stripped, CPUs collected, the same for every id */
static void test_tests_cpus(void)
{
	char out[256], err[240];
	struct rtb_cpuset s;
	int named;

	CHECK_EQ_I(rtb_parse_tests_cpus("irq.timer.nanosleep", out, sizeof(out), &s, &named, err, sizeof(err)), 0);
	CHECK_STR(out, "irq.timer.nanosleep");
	CHECK_EQ_I(named, 0);
	CHECK_EQ_I(rtb_cpuset_count(&s), 0);
	CHECK_EQ_I(rtb_parse_tests_cpus("irq.timer.nanosleep@cpu1", out, sizeof(out), &s, &named, err, sizeof(err)), 0);
	CHECK_STR(out, "irq.timer.nanosleep");
	CHECK(named && rtb_cpuset_count(&s) == 1 && rtb_cpuset_has(&s, 1));
	CHECK_EQ_I(rtb_parse_tests_cpus("a.b@cpu0,c.d@cpu3,a.b@cpu3,c.d@cpu0", out, sizeof(out), &s, &named,
					err, sizeof(err)), 0);
	CHECK_STR(out, "a.b,c.d");
	CHECK(rtb_cpuset_count(&s) == 2 && rtb_cpuset_has(&s, 0) && rtb_cpuset_has(&s, 3));
	const char *bad[] = { "a.b@cpu", "a.b@cpux", "a.b@cpu1x", "a.b@gpu1", "a.b@cpu256", "a.b@cpu-1",
			      "a.b@cpu1,c.d", "a.b@cpu1,c.d@cpu2", "a.b@cpu0,a.b@cpu1,c.d@cpu1" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		CHECK_EQ_I(rtb_parse_tests_cpus(bad[i], out, sizeof(out), &s, &named, err, sizeof(err)), RTB_EINVAL);
		CHECK(err[0] != 0);
	}
}

/* test_keep_all - --raw by count on several CPUs (run/long.c): a
 * histogram-mode metric keeps every sample beside its histogram; a later
 * round's metric fills the next part of that list in place, and merged
 * as a round the run's metric has both rounds, its list in the order
 * measured, its statistics the list's. */
static void test_keep_all(void)
{
	struct rtb_result r = { 0 };
	struct rtb_metric *m = hm_metric(&r, "k@cpu0", 0, NULL), *r2 = hm_metric(&r, "k2", 0, NULL);
	const int64_t v[6] = { 500, 200, 900, 300, 1200, 100 };
	struct rtb_metric plain = { 0 };

	CHECK_EQ_I(rtb_metric_keep_all(&plain, 6, 0), RTB_EINVAL); /* not in histogram mode */
	CHECK_EQ_I(rtb_metric_keep_all(m, 6, 0), 0);
	CHECK(m->samples != NULL && m->t_ticks == NULL);
	m->capacity = r2->capacity = 3;
	CHECK_EQ_I(rtb_metric_record(m, 0, 77), 0); /* the cold one: not in the list */
	for (int i = 0; i < 3; i++)
		CHECK_EQ_I(rtb_metric_record(m, (uint64_t)i + 1, v[i]), 0);
	CHECK_EQ_I(rtb_metric_record(m, 4, 1), RTB_ENOMEM); /* full: nothing past its part */
	r2->samples = m->samples + m->count; /* round 2 fills the next part */
	for (int i = 3; i < 6; i++)
		CHECK_EQ_I(rtb_metric_record(r2, (uint64_t)i - 2, v[i]), 0);
	CHECK_EQ_I(rtb_metric_finish(m, 0), 0);
	CHECK_EQ_I(rtb_metric_finish(r2, 0), 0);
	rtb_metric_round_record(m);
	CHECK_EQ_I(rtb_metric_merge_round(m, r2, 0), 0);
	r2->samples = NULL; /* m's list */
	CHECK_EQ_I(m->count, 6);
	CHECK_EQ_I(m->nrounds, 2);
	CHECK_EQ_I(m->rounds[0].count, 3);
	CHECK_EQ_I(m->rounds[1].count, 3);
	for (int i = 0; i < 6; i++)
		CHECK_EQ_I(m->samples[i], v[i]);
	CHECK_EQ_I(m->stats.min, 100);
	CHECK_EQ_I(m->stats.max, 1200);
	CHECK_NEAR(m->stats.mean, 3200.0 / 6.0, 1e-9);
	CHECK_EQ_I(m->first_ns, 77);
	rtb_result_free(&r);
}

/* churn - one thread's allocations (as each CPU's driver of a --cpus run
 * makes its bench's storage at once) */
static void *churn(void *arg)
{
	(void)arg;
	for (int i = 0; i < 200000; i++)
		rtb_free(rtb_alloc(64));
	return NULL;
}

/* test_mem_threads - the allocator's count (result mem.heap_peak_bytes)
 * stays exact when several threads allocate at once: every block freed,
 * what is held is what was held before (a plain size_t lost updates and
 * drifted, even wrapped) */
static void test_mem_threads(void)
{
	pthread_t t[2];
	const size_t base = rtb_mem_in_use();

	for (int i = 0; i < 2; i++)
		CHECK_EQ_I(pthread_create(&t[i], NULL, churn, NULL), 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	CHECK_EQ_I((long long)rtb_mem_in_use(), (long long)base);
	CHECK(rtb_mem_peak() >= base + 64);
}

int main(void)
{
	test_interval_cap();
	test_tests_cpus();
	test_error_bound();
	test_worst();
	test_merge();
	test_intervals();
	test_thresholds();
	test_linear();
	test_options();
	test_keep_all();
	test_mem_threads();
	return check_failures ? 1 : 0;
}
