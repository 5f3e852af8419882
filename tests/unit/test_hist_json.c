/* SPDX-License-Identifier: Apache-2.0 */
/* test_hist_json - the histogram's part of a result file (docs/json-schema.md,
 * schema 3): written dense ("counts", one per bucket of the layout) and read
 * back (src/host/read/rf_metric.c) into exactly the buckets the run held, on
 * known data and after a merge; the older sparse "buckets" form still reads
 * the same; the part's size does not grow with the number of samples (only
 * the digits of the counts do); every malformed dense histogram is refused
 * with one line.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rtbench/err.h"
#include "rtbench/output.h"
#include "rtbench/result.h"
#include "host/read/resultfile.h"

static char err[320];

static int stream_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, ctx) == len ? 0 : RTB_EIO;
}

/* json_of - r's JSON as a malloc'd string, its length in *len */
static char *json_of(const struct rtb_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	struct rtb_sink s;

	if (!f)
		return NULL;
	rtb_sink_init(&s, stream_write, f);
	CHECK_EQ_I(rtb_write_json(&s, r), 0);
	fclose(f);
	return buf;
}

/* hist_part - bytes of the "histogram" object of metric id in json */
static size_t hist_part(const char *json, const char *id)
{
	char key[96];
	const char *m, *a, *b;

	snprintf(key, sizeof(key), "\"id\": \"%s\"", id);
	m = strstr(json, key);
	a = m ? strstr(m, "\"histogram\": {") : NULL;
	b = a ? strstr(a, "}") : NULL;
	CHECK(a != NULL && b != NULL);
	return a && b ? (size_t)(b - a) : 0;
}

static struct rtb_metric *hm_metric(struct rtb_result *r, const char *id)
{
	struct rtb_metric *m = NULL;

	CHECK_EQ_I(rtb_metric_new_hm(r, id, id, 0, 0, 0, NULL, &m), 0);
	return m;
}

/* same_buckets - the file's buckets are exactly h's non-empty buckets */
static void same_buckets(const struct rtb_rf_metric *fm, const struct rtb_hist *h)
{
	size_t k = 0;

	CHECK(fm->has_hist);
	for (size_t i = 0; i < h->nbuckets; i++) {
		if (!h->counts[i])
			continue;
		CHECK(k < fm->nbuckets);
		if (k >= fm->nbuckets)
			return;
		CHECK_EQ_I(fm->buckets[k].lo, rtb_hist_bucket_lo(h, i));
		CHECK_EQ_I(fm->buckets[k].hi, rtb_hist_bucket_hi(h, i));
		CHECK_EQ_I(fm->buckets[k].count, h->counts[i]);
		k++;
	}
	CHECK_EQ_I(k, fm->nbuckets);
	CHECK_EQ_I(fm->overflow, h->overflow);
	CHECK_EQ_I(fm->underflow, h->underflow);
}

static uint64_t lcg = 99;
static int64_t latency(void)
{
	lcg = lcg * 6364136223846793005ull + 1442695040888963407ull;
	/* 2 us .. ~4 ms, heavy towards the low end */
	double u = (double)(lcg >> 11) / 9007199254740992.0;
	return 2000 + (int64_t)(u * u * u * u * 4000000.0);
}

/* known data, in a sample-mode and a histogram-mode metric: edges of the
 * layout (the exact range, the first log bucket, the top) and one value
 * past the top, which must be overflow, not a bucket */
static void test_known(void)
{
	static struct rtb_result r;
	static const int64_t v[] = { 0, 1, 127, 127, 128, 129, 130, 255, 256, 1000, 1000,
				     1016, 1 << 20, ((int64_t)1 << 36) - 1, (int64_t)1 << 36 };
	const size_t n = sizeof(v) / sizeof(v[0]);
	struct rtb_metric *s = NULL, *h = hm_metric(&r, "k.hist");
	struct rtb_rf f;
	size_t len;

	CHECK_EQ_I(rtb_metric_new(&r, "k.samples", "k.samples", n, &s), 0);
	for (size_t i = 0; i < n; i++) {
		rtb_metric_record(s, 1, v[i]);
		rtb_metric_record(h, 1, v[i]);
	}
	CHECK_EQ_I(rtb_metric_finish(s, 0), 0);
	CHECK_EQ_I(rtb_metric_finish(h, 0), 0);
	CHECK_EQ_I(s->hist.overflow, 1);
	char *j = json_of(&r, &len);
	CHECK(j != NULL);
	CHECK(strstr(j, "\"buckets\"") == NULL); /* written dense only */
	CHECK_EQ_I(rtb_rf_parse(j, len, "k.json", &f, err, sizeof(err)), 0);
	const struct rtb_rf_metric *fs = rtb_rf_find(&f, "k.samples");
	const struct rtb_rf_metric *fh = rtb_rf_find(&f, "k.hist");
	CHECK(fs && fh);
	if (fs && fh) {
		same_buckets(fs, &s->hist);
		same_buckets(fh, &h->hist);
		/* by hand: 0, 1 and 127 (twice) exact; 128 and 129 share [128, 130) */
		CHECK_EQ_I(fs->buckets[2].lo, 127);
		CHECK_EQ_I(fs->buckets[2].count, 2);
		CHECK_EQ_I(fs->buckets[3].lo, 128);
		CHECK_EQ_I(fs->buckets[3].hi, 130);
		CHECK_EQ_I(fs->buckets[3].count, 2);
		CHECK_EQ_I(fs->buckets[fs->nbuckets - 1].hi, (int64_t)1 << 36);
		CHECK_EQ_I(fs->buckets[fs->nbuckets - 1].count, 1);
		CHECK_EQ_I(fs->hist_top, (int64_t)1 << 36);
	}
	rtb_rf_free(&f);
	free(j);
	rtb_result_free(&r);
}

/* two CPUs' metrics merged (the all-CPU aggregate's way): the file's merged
 * histogram is the sum of the two files' buckets, bucket by bucket */
static void test_merge(void)
{
	static struct rtb_result r;
	struct rtb_metric *a = hm_metric(&r, "m.a"), *b = hm_metric(&r, "m.b"),
			  *all = hm_metric(&r, "m.all");
	struct rtb_rf f;
	size_t len;

	for (int i = 0; i < 30000; i++)
		rtb_metric_record(i % 3 ? a : b, 1, latency());
	CHECK_EQ_I(rtb_hm_merge(all->hm, a->hm), 0);
	CHECK_EQ_I(rtb_hm_merge(all->hm, b->hm), 0);
	rtb_metric_finish(a, 0);
	rtb_metric_finish(b, 0);
	rtb_metric_finish(all, 0);
	char *j = json_of(&r, &len);
	CHECK_EQ_I(rtb_rf_parse(j, len, "m.json", &f, err, sizeof(err)), 0);
	const struct rtb_rf_metric *fa = rtb_rf_find(&f, "m.a"), *fb = rtb_rf_find(&f, "m.b"),
				   *fall = rtb_rf_find(&f, "m.all");
	CHECK(fa && fb && fall);
	if (fa && fb && fall) {
		size_t ia = 0, ib = 0;
		uint64_t total = 0;
		same_buckets(fall, &all->hist);
		for (size_t k = 0; k < fall->nbuckets; k++) {
			uint64_t want = 0;
			if (ia < fa->nbuckets && fa->buckets[ia].lo == fall->buckets[k].lo)
				want += fa->buckets[ia++].count;
			if (ib < fb->nbuckets && fb->buckets[ib].lo == fall->buckets[k].lo)
				want += fb->buckets[ib++].count;
			CHECK_EQ_I(fall->buckets[k].count, want);
			total += fall->buckets[k].count;
		}
		CHECK_EQ_I(ia, fa->nbuckets);
		CHECK_EQ_I(ib, fb->nbuckets);
		CHECK_EQ_I(total, 30000);
		CHECK_EQ_I(fall->count, 30000);
	}
	rtb_rf_free(&f);
	free(j);
	rtb_result_free(&r);
}

/* the histogram's part of the file: as many entries after 1000 samples as
 * after 1,000,000 of the same distribution; only the counts' digits grow
 * (at most ~2.1 a count here: 1000x), so the part is bounded by the layout */
static void test_size(void)
{
	static struct rtb_result r1, r2;
	struct rtb_metric *small = hm_metric(&r1, "s.x"), *big = hm_metric(&r2, "s.x");
	size_t l1, l2;

	lcg = 7;
	for (int i = 0; i < 1000; i++)
		rtb_metric_record(small, 1, latency());
	lcg = 7;
	for (int i = 0; i < 1000000; i++)
		rtb_metric_record(big, 1, latency());
	rtb_metric_finish(small, 0);
	rtb_metric_finish(big, 0);
	char *j1 = json_of(&r1, &l1), *j2 = json_of(&r2, &l2);
	size_t h1 = hist_part(j1, "s.x"), h2 = hist_part(j2, "s.x");
	size_t nz = 0;
	for (size_t i = 0; i < big->hist.nbuckets; i++)
		nz += big->hist.counts[i] != 0;
	/* the sparse form wrote ~20 bytes a non-empty bucket: it grew by the
	 * buckets the tail reached; the dense one by digits only */
	CHECK(h2 >= h1);
	CHECK(h2 - h1 <= 7 * nz);
	CHECK(h2 < h1 + h1 / 2);
	/* the whole file too: reservoir, worst list and histogram are bounded */
	CHECK(l2 < l1 + l1 / 5);
	free(j1);
	free(j2);
	rtb_result_free(&r1);
	rtb_result_free(&r2);
}

#define HEAD "{\"schema\":\"rtbench-result\",\"schema_version\":3,\"metrics\":["
#define M_OK "{\"id\":\"a.b\",\"status\":\"ok\",\"count\":3,\"min\":128,\"mean\":140.0," \
	"\"stddev\":1.0,\"p50\":130,\"p99\":200,\"max\":200"

/* a one-metric file of 3 values (128 .. 200) with histogram `hist` */
static char *dense(const char *hist)
{
	static char buf[2048];

	snprintf(buf, sizeof(buf), HEAD M_OK ",\"histogram\":%s}]}", hist);
	return buf;
}

static void refuse(const char *text, const char *want)
{
	struct rtb_rf f;
	int rc = rtb_rf_parse(text, strlen(text), "t.json", &f, err, sizeof(err));

	CHECK_EQ_I(rc, RTB_EFORMAT);
	if (!strstr(err, want))
		fprintf(stderr, "reason \"%s\" lacks \"%s\"\n", err, want);
	CHECK(strstr(err, want) != NULL);
	CHECK(strchr(err, '\n') == NULL);
	rtb_rf_free(&f);
}

/* the same three values, sparse and dense, read alike; bad dense forms */
static void test_forms(void)
{
	struct rtb_rf f1, f2;
	/* sub_bits 2, top_bit 10: 0..3 exact, then 2 buckets a power of two
	 * (4 + 8 * 2 = 20): 128 twice in [128, 192), 200 in [192, 256) */
	struct rtb_hist lh = { .sub_bits = 2, .top_bit = 10, .nbuckets = rtb_hist_buckets(2, 10) };
	size_t i128 = rtb_hist_index(&lh, 128), i200 = rtb_hist_index(&lh, 200);
	char counts[256], sparse[512], *p = counts;

	CHECK_EQ_I(lh.nbuckets, 20);
	for (size_t i = 0; i < lh.nbuckets; i++)
		p += sprintf(p, "%s%d", i ? "," : "", i == i128 ? 2 : i == i200 ? 1 : 0);
	char hd[400];
	snprintf(hd, sizeof(hd), "{\"layout\":\"log-linear\",\"sub_bits\":2,\"top_bit\":10,"
		 "\"underflow\":0,\"overflow\":0,\"counts\":[%s]}", counts);
	snprintf(sparse, sizeof(sparse), HEAD M_OK ",\"histogram\":{\"sub_bits\":2,\"top_bit\":10,"
		 "\"buckets\":[[%lld,%lld,2],[%lld,%lld,1]]}}]}",
		 (long long)rtb_hist_bucket_lo(&lh, i128), (long long)rtb_hist_bucket_hi(&lh, i128),
		 (long long)rtb_hist_bucket_lo(&lh, i200), (long long)rtb_hist_bucket_hi(&lh, i200));
	char *d = dense(hd);
	CHECK_EQ_I(rtb_rf_parse(d, strlen(d), "d.json", &f1, err, sizeof(err)), 0);
	CHECK_EQ_I(rtb_rf_parse(sparse, strlen(sparse), "s.json", &f2, err, sizeof(err)), 0);
	if (f1.nmetrics == 1 && f2.nmetrics == 1) {
		const struct rtb_rf_metric *a = &f1.metrics[0], *b = &f2.metrics[0];
		CHECK_EQ_I(a->nbuckets, 2);
		CHECK_EQ_I(b->nbuckets, 2);
		for (size_t k = 0; k < 2 && k < a->nbuckets && k < b->nbuckets; k++) {
			CHECK_EQ_I(a->buckets[k].lo, b->buckets[k].lo);
			CHECK_EQ_I(a->buckets[k].hi, b->buckets[k].hi);
			CHECK_EQ_I(a->buckets[k].count, b->buckets[k].count);
		}
		CHECK_EQ_I(a->buckets[0].lo, 128);
		CHECK_EQ_I(a->buckets[0].hi, 192);
		CHECK_EQ_I(a->hist_top, 1024);
	}
	rtb_rf_free(&f1);
	rtb_rf_free(&f2);

	refuse(dense("{\"sub_bits\":2,\"top_bit\":10,\"counts\":[1,2,0]}"),
	       "histogram \"counts\" has 3 entries; sub_bits 2 and top_bit 10 make 20 buckets");
	refuse(dense("{\"top_bit\":10,\"counts\":[]}"), "needs integer \"sub_bits\"");
	refuse(dense("{\"sub_bits\":20,\"top_bit\":10,\"counts\":[]}"), "needs integer \"sub_bits\"");
	refuse(dense("{\"sub_bits\":2,\"top_bit\":10,\"layout\":\"linear\",\"counts\":[]}"),
	       "\"counts\" needs \"layout\": \"log-linear\"");
	refuse(dense("{\"sub_bits\":2,\"top_bit\":10,\"counts\":{}}"), "\"counts\" must be an array");
	refuse(dense("{\"sub_bits\":2,\"top_bit\":10,\"counts\":[],\"buckets\":[]}"), "both");
	refuse(dense("{\"sub_bits\":2,\"top_bit\":10}"), "neither \"counts\" nor \"buckets\"");
	/* the counts must add up to "count" (3) */
	refuse(dense("{\"sub_bits\":2,\"top_bit\":10,\"counts\":[]}"), "histogram holds 0 values but");
	refuse(dense("{\"sub_bits\":2,\"top_bit\":10,\"counts\":[-1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4]}"),
	       "counts[0] is not a non-negative integer");
}

int main(void)
{
	test_known();
	test_merge();
	test_size();
	test_forms();
	return check_done();
}
