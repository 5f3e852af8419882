/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a group of rt-tests threads (one CPU's, or all) as one
 * rtbench metric: their histograms merged, percentiles by nearest rank
 * at the histogram's resolution, an overflowed histogram's exact part
 * kept, or a summary where the file has too little (rttests.c says
 * which). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"
#include "rtbench/err.h"
#include "host/read/rttests_int.h"

static int cmp_bucket(const void *a, const void *b)
{
	const struct rtb_rtt_bucket *x = a, *y = b;

	return x->v < y->v ? -1 : x->v > y->v;
}

/* hist_merge - sort a[0..n) by value and add up equal values in one pass;
 * returns the new count. */
static size_t hist_merge(struct rtb_rtt_bucket *a, size_t n)
{
	size_t o = 0;

	if (n > 1)
		qsort(a, n, sizeof(*a), cmp_bucket);
	for (size_t i = 0; i < n; i++) {
		if (o && a[o - 1].v == a[i].v)
			a[o - 1].n += a[i].n;
		else
			a[o++] = a[i];
	}
	return o;
}

/* rtb_rtt_group_of - the threads on `cpu` (all threads if cpu == -2) merged. */
int rtb_rtt_group_of(const struct rtb_rtt_thr *t, int nt, const struct rtb_rtt_bucket *all, long long cpu,
		    struct rtb_rtt_group *g)
{
	size_t nb = 0, k = 0;

	memset(g, 0, sizeof(*g));
	g->vmin = g->vmax = g->max_cpu = -1;
	for (int i = 0; i < nt; i++)
		if (cpu == -2 || t[i].cpu == cpu)
			nb += t[i].nb;
	g->bk = malloc((nb ? nb : 1) * sizeof(*g->bk));
	if (!g->bk)
		return RTB_ENOMEM;
	for (int i = 0; i < nt; i++) {
		if (cpu != -2 && t[i].cpu != cpu)
			continue;
		g->nthreads++;
		g->count += t[i].n;
		g->wsum += t[i].avg * (double)t[i].n;
		g->vmin = g->vmin < 0 || t[i].mn < g->vmin ? t[i].mn : g->vmin;
		if (t[i].mx > g->vmax) {
			g->vmax = t[i].mx;
			g->max_cpu = t[i].cpu;
		}
		g->has_hist |= t[i].nb > 0 || t[i].b0 == (size_t)-1;
		for (size_t j = 0; j < t[i].nb; j++) {
			g->bk[k] = all[t[i].b0 + j];
			g->hcount += g->bk[k++].n;
		}
	}
	g->nbk = hist_merge(g->bk, k);
	return 0;
}

/* hist_json - g's buckets as a "histogram" object: linear 1-unit buckets,
 * the values above them counted in "overflow", and (known) where the
 * overflow begins ("top_ns": -h N). */
static json_t *hist_json(const struct rtb_rtt_group *g, long long unit_ns, long long overflow, long long top)
{
	json_t *hist, *buckets;

	hist = json_pack("{s:s, s:i, s:I}", "layout", "linear", "underflow", 0,
			 "overflow", (json_int_t)overflow);
	buckets = json_array();
	if (!hist || !buckets) {
		json_decref(hist);
		json_decref(buckets);
		return NULL;
	}
	for (size_t i = 0; i < g->nbk; i++)
		json_array_append_new(buckets, json_pack("[I, I, I]", (json_int_t)(g->bk[i].v * unit_ns),
							 (json_int_t)((g->bk[i].v + 1) * unit_ns),
							 (json_int_t)g->bk[i].n));
	json_object_set_new(hist, "buckets", buckets);
	if (overflow && top > 0)
		json_object_set_new(hist, "top_ns", json_integer((json_int_t)(top * unit_ns)));
	return hist;
}

/* reached - the percentile levels whose nearest rank the in-range counts
 * reach: an overflowed sample lies above the histogram's top, above every
 * counted one, so the value at any rank up to the counted samples is the
 * histogram's, exact; above that rank it is unknown. */
static int reached(const struct rtb_rtt_group *g)
{
	int k = 0;

	while (k < RTB_NPCT && rtb_stats_rank(rtb_pct_level(k), (uint64_t)g->count) <= (uint64_t)g->hcount)
		k++;
	return k;
}

/* pct_at - the value (units) at the nearest rank of level k: the smallest
 * value with at least ceil(p/100 * N) at or below it, the rank in integers
 * as the core takes it (99.9% of 1000 is rank 999). */
static long long pct_at(const struct rtb_rtt_group *g, int k)
{
	uint64_t rank = rtb_stats_rank(rtb_pct_level(k), (uint64_t)g->count), cum = 0;

	for (size_t i = 0; i < g->nbk; i++)
		if ((cum += (uint64_t)g->bk[i].n) >= rank)
			return g->bk[i].v;
	return g->vmax;
}

/* rtb_rtt_group_metric - one metric object of group g under id. top: the
 * histogram's size in units (-h N; 0 unknown). */
json_t *rtb_rtt_group_metric(const struct rtb_rtt_tool *map, const char *ver, const char *cmd,
			    const char *id, const struct rtb_rtt_group *g, long long unit_ns, int agg, long long top)
{
	char note[900], method[400], where[64] = "", known[200] = "";
	const char *u = unit_ns == 1 ? "ns" : "us";
	json_t *m, *hist;
	double sum = 0, ssq = 0, n = (double)g->count;
	long long overflow = g->count > g->hcount ? g->count - g->hcount : 0;
	int nk = g->has_hist ? reached(g) : 0;
	size_t i;

	if (overflow && top <= 0)     /* unknown -h: above the highest counted value at least */
		top = g->nbk ? g->bk[g->nbk - 1].v + 1 : 0;
	snprintf(method, sizeof(method), "from rt-tests: %s (%s); %s", map->tool, map->title, cmd);
	m = json_pack("{s:s, s:s, s:n, s:s, s:s, s:s, s:s}", "id", id, "title", map->title,
		      "study_table", "unit", "ns", "status", "ok", "method", method, "source", "rt-tests");
	if (!m)
		return NULL;
	if (agg && g->max_cpu >= 0)
		snprintf(where, sizeof(where), " (on CPU %lld)", g->max_cpu);
	json_object_set_new(m, RTB_STAT_KEY(COUNT), json_integer(g->count));
	json_object_set_new(m, RTB_STAT_KEY(MIN), json_integer(g->vmin * unit_ns));
	json_object_set_new(m, RTB_STAT_KEY(MAX), json_integer(g->vmax * unit_ns));
	json_object_set_new(m, RTB_STAT_KEY(MEAN), json_real(g->wsum / n * (double)unit_ns));
	/* which percentiles an overflowed histogram still gives exactly */
	if (overflow && nk) {
		size_t l = (size_t)snprintf(known, sizeof(known), "%s", rtb_stat_names[RTB_STAT_P50].label);
		for (int k = 1; k < nk && l < sizeof(known); k++)
			l += (size_t)snprintf(known + l, sizeof(known) - l, "/%s",
					      rtb_stat_names[RTB_STAT_P50 + k].label);
	}
	/* a distribution needs p50 and p99 (the reader's rule): without a
	 * histogram, or with one whose overflow reaches p99, a summary */
	if (!g->has_hist || nk < 3) {
		char p50[64] = "";

		if (nk >= 1)
			snprintf(p50, sizeof(p50), "; its p50 %lld %s is exact from the histogram", pct_at(g, 0), u);
		snprintf(note, sizeof(note), "from rt-tests %s %s: min %.3f us, avg %.3f us, max %.3f us%s "
			 "over %lld samples%s; %s%s, so compared on its max%s only", map->tool, ver,
			 (double)(g->vmin * unit_ns) / 1e3, g->wsum / n * (double)unit_ns / 1e3,
			 (double)(g->vmax * unit_ns) / 1e3, where, g->count,
			 g->nthreads > 1 ? ", threads merged" : "",
			 !g->has_hist ? "its --json output has no histogram" :
			 "its histogram overflowed past p99 (run it with a larger -h)", p50,
			 g->has_hist ? " and overflow count" : "");
		json_object_set_new(m, "summary_only", json_true());
		json_object_set_new(m, "note", json_string(note));
		if (g->has_hist && (hist = hist_json(g, unit_ns, overflow, top)))
			json_object_set_new(m, "histogram", hist);
		return m;
	}
	for (i = 0; i < g->nbk; i++) {
		double v = (double)(g->bk[i].v * unit_ns);

		sum += v * (double)g->bk[i].n;
		ssq += v * v * (double)g->bk[i].n;
	}
	if (overflow) {
		/* the overflowed samples' sum is the file's avg x count less the
		 * counted ones'; at their mean (within top..max) they give the
		 * least variance that sum allows: stddev is a lower bound */
		double mo = (g->wsum * (double)unit_ns - sum) / (double)overflow;

		mo = fmin(fmax(mo, (double)(top * unit_ns)), (double)(g->vmax * unit_ns));
		sum += mo * (double)overflow;
		ssq += mo * mo * (double)overflow;
		snprintf(note, sizeof(note), "from rt-tests %s %s: %s exact from its histogram (%s "
			 "buckets, nearest rank): its %lld overflowed samples (%.3g%%) all lie above its top "
			 "%lld %s (-h), beyond these ranks; %s not known; min, max and mean (its avg) are the "
			 "file's, stddev a lower bound (the overflowed samples at their mean)%s%s", map->tool,
			 ver, known, unit_ns == 1 ? "1 ns" : "1 us", overflow, 100.0 * (double)overflow / n,
			 top, u, nk < RTB_NPCT ? rtb_stat_names[RTB_STAT_P50 + nk].label : "none",
			 agg && g->max_cpu >= 0 ? "; max" : "", where);
	} else {
		snprintf(note, sizeof(note), "from rt-tests %s %s: statistics from its histogram (%s "
			 "buckets), mean is its avg%s%s", map->tool, ver, unit_ns == 1 ? "1 ns" : "1 us",
			 agg && g->max_cpu >= 0 ? "; max" : "", where);
	}
	json_object_set_new(m, "note", json_string(note));
	json_object_set_new(m, RTB_STAT_KEY(STDDEV), json_real(sqrt(fmax(0, ssq / n - (sum / n) * (sum / n)))));
	for (int k = 0; k < nk; k++)
		json_object_set_new(m, rtb_pct_key(k), json_integer(pct_at(g, k) * unit_ns));
	json_object_set_new(m, "first", json_null());
	if ((hist = hist_json(g, unit_ns, overflow, top)))
		json_object_set_new(m, "histogram", hist);
	return m;
}
