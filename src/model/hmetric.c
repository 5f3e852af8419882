/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - histogram mode of a metric (see rtbench/hmetric.h). */
#include <math.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/hmetric.h"
#include "rtbench/mem.h"
#include "rtbench/port.h"
#include "rtbench/rawring.h"
#include "rtbench/result.h"

void rtb_hm_acc_reset(struct rtb_hm_acc *a)
{
	memset(a, 0, sizeof(*a));
	a->min = INT64_MAX;
	a->max = INT64_MIN;
}

/* rtb_hm_thr_make - sorted, distinct thresholds (insertion: at most 8). */
int rtb_hm_thr_make(struct rtb_hm_thr *t, int64_t deadline_ns, const int64_t *extra, int n)
{
	memset(t, 0, sizeof(*t));
	t->deadline = -1;
	for (int i = -1; i < n; i++) {
		int64_t v = i < 0 ? deadline_ns : extra[i];
		int k = 0;
		if (i < 0 && v == 0)
			continue;
		if (v <= 0)
			return RTB_EINVAL;
		while (k < t->n && t->ns[k] < v)
			k++;
		if (k < t->n && t->ns[k] == v)
			continue;
		if (t->n == RTB_HM_MAX_THR)
			return RTB_EINVAL;
		memmove(&t->ns[k + 1], &t->ns[k], (size_t)(t->n - k) * sizeof(t->ns[0]));
		t->ns[k] = v;
		t->n++;
	}
	for (int k = 0; k < t->n; k++)
		if (deadline_ns > 0 && t->ns[k] == deadline_ns)
			t->deadline = k;
	return 0;
}

/* hist_alloc - a histogram of the metrics' layout in its own storage. */
static int hist_alloc(struct rtb_hist *h)
{
	size_t nb = rtb_hist_buckets(RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT);
	uint64_t *s = rtb_alloc(nb * sizeof(*s));

	if (!s)
		return RTB_ENOMEM;
	memset(s, 0, nb * sizeof(*s));
	return rtb_hist_init(h, RTB_HIST_SUB_BITS, RTB_HIST_TOP_BIT, s, nb);
}

/* lin_alloc - a linear histogram of us 1 us bins, zeroed (every page
 * touched now, not in the loop). */
static int lin_alloc(struct rtb_hm_lin *l, int us)
{
	memset(l, 0, sizeof(*l));
	if (us <= 0)
		return 0;
	if (us > RTB_HM_LIN_MAX_US)
		return RTB_EINVAL;
	l->counts = rtb_alloc((size_t)us * sizeof(*l->counts));
	if (!l->counts)
		return RTB_ENOMEM;
	memset(l->counts, 0, (size_t)us * sizeof(*l->counts));
	l->nbins = (uint32_t)us;
	return 0;
}

void rtb_hm_lin_reset(struct rtb_hm_lin *l)
{
	if (l->counts)
		memset(l->counts, 0, l->used * sizeof(*l->counts));
	l->used = 0;
	l->overflow = 0;
}

int rtb_hm_lin_add(struct rtb_hm_lin *dst, const struct rtb_hm_lin *src)
{
	if (!src->counts || !dst->counts)
		return 0;     /* one side keeps none: nothing to add */
	if (dst->nbins != src->nbins)
		return RTB_EINVAL;
	for (uint32_t i = 0; i < src->used; i++)
		dst->counts[i] += src->counts[i];
	if (src->used > dst->used)
		dst->used = src->used;
	dst->overflow += src->overflow;
	return 0;
}

int rtb_hm_lin_copy(struct rtb_hm_lin *dst, const struct rtb_hm_lin *src)
{
	if (!src->counts)
		return 0;
	if (!dst->counts || dst->nbins != src->nbins)
		return RTB_EINVAL;
	/* counts only grow, so dst's bins past src->used are zero already
	 * when dst was copied from src before; otherwise clear them */
	if (dst->used > src->used)
		memset(dst->counts + src->used, 0, (dst->used - src->used) * sizeof(*dst->counts));
	memcpy(dst->counts, src->counts, src->used * sizeof(*src->counts));
	dst->used = src->used;
	dst->overflow = src->overflow;
	return 0;
}

/* rtb_hm_new - histogram mode for m, all storage made and touched now. */
int rtb_hm_new(struct rtb_metric *m, int cpu, const struct rtb_hm_thr *thr, const atomic_uint *epoch)
{
	struct rtb_hm *h = rtb_alloc(sizeof(*h));

	if (!h)
		return RTB_ENOMEM;
	memset(h, 0, sizeof(*h));
	h->m = m;
	h->cpu = cpu;
	if (thr)
		h->thr = *thr;
	else
		h->thr.deadline = -1;
	h->epoch_src = epoch;
	h->epoch = epoch ? atomic_load(epoch) : 0;
	rtb_hm_acc_reset(&h->acc);
	rtb_hm_acc_reset(&h->iacc);
	h->rescap = RTB_HM_RESERVOIR;
	h->res = rtb_alloc(h->rescap * sizeof(*h->res));
	h->pub.res = rtb_alloc(h->rescap * sizeof(*h->res));
	h->rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)(unsigned)cpu * 0xbf58476d1ce4e5b9ull;
	if (!h->res || !h->pub.res || hist_alloc(&h->ih) || hist_alloc(&h->pub.ih) ||
	    hist_alloc(&h->pub.hist) || lin_alloc(&h->lin, h->thr.lin_us) ||
	    lin_alloc(&h->pub.lin, h->thr.lin_us)) {
		rtb_hm_free(h);
		return RTB_ENOMEM;
	}
	memset(h->res, 0, h->rescap * sizeof(*h->res));
	memset(h->pub.res, 0, h->rescap * sizeof(*h->res));
	atomic_init(&h->published, 0);
	atomic_init(&h->consumed, 0);
	m->hm = h;
	return 0;
}

/* rtb_hm_free - h and everything it holds (NULL: nothing). */
void rtb_hm_free(struct rtb_hm *h)
{
	if (!h)
		return;
	rtb_free(h->res);
	rtb_free(h->series);
	rtb_free(h->pub.res);
	rtb_free(h->ih.counts);
	rtb_free(h->pub.ih.counts);
	rtb_free(h->pub.hist.counts);
	rtb_free(h->lin.counts);
	rtb_free(h->pub.lin.counts);
	rtb_free(h);
}

/* acc_add - one sample into the exact statistics (Welford's mean and
 * variance, min, max, the samples over each threshold: ascending, so a
 * sample below the lowest costs one compare). */
static inline void acc_add(struct rtb_hm_acc *a, int64_t ns, const struct rtb_hm_thr *t)
{
	double d = (double)ns - a->mean;

	a->n++;
	a->mean += d / (double)a->n;
	a->m2 += d * ((double)ns - a->mean);
	if (ns < a->min)
		a->min = ns;
	if (ns > a->max)
		a->max = ns;
	for (int k = 0; k < t->n && ns > t->ns[k]; k++)
		a->over[k]++;
}

/* worst_insert - keep the list descending; the caller checked that ns
 * belongs in it. */
static void worst_insert(struct rtb_hm_worst *w, int *n, struct rtb_hm_worst x)
{
	int i = *n < RTB_HM_WORST ? (*n)++ : RTB_HM_WORST - 1;

	while (i > 0 && w[i - 1].ns < x.ns) {
		w[i] = w[i - 1];
		i--;
	}
	w[i] = x;
}

/* next_rand - xorshift64*: cheap, no state but one word, good enough to
 * pick reservoir slots. */
static inline uint64_t next_rand(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* rtb_hm_record - one sample into every part of the mode. */
void rtb_hm_record(struct rtb_hm *h, int64_t ns)
{
	if (h->epoch_src && atomic_load_explicit(h->epoch_src, memory_order_relaxed) != h->epoch)
		rtb_hm_roll(h);
	rtb_hist_record(&h->m->hist, ns);
	rtb_hist_record(&h->ih, ns);
	if (h->lin.counts) {
		/* 1 us bins, counted directly: [b, b + 1) us */
		uint64_t b = ns >= 0 ? (uint64_t)ns / 1000 : UINT64_MAX;
		if (b < h->lin.nbins) {
			h->lin.counts[b]++;
			if (b >= h->lin.used)
				h->lin.used = (uint32_t)b + 1;
		} else {
			h->lin.overflow++;
		}
	}
	acc_add(&h->acc, ns, &h->thr);
	acc_add(&h->iacc, ns, &h->thr);
	if (h->nworst < RTB_HM_WORST || ns > h->worst[RTB_HM_WORST - 1].ns) {
		/* rare: a clock read after the sample's own interval */
		struct rtb_hm_worst x = { ns, rtb_port_mono_ns(), h->cpu };
		worst_insert(h->worst, &h->nworst, x);
	}
	if (h->nres < h->rescap) {
		h->res[h->nres++] = ns;
	} else {
		uint64_t j = next_rand(&h->rng) % h->acc.n;
		if (j < h->rescap)
			h->res[j] = ns;
	}
	if (h->ring)
		rtb_rawring_sample(h->ring, h->ring_metric, ns); /* run --raw for a time */
}

int64_t rtb_hm_pct(const struct rtb_hist *h, double p)
{
	int64_t v;

	if (rtb_hist_percentile(h, p, &v))
		return 0;
	if (v < h->min)
		v = h->min;
	if (v > h->max)
		v = h->max;
	return v;
}

void rtb_hm_interval_of(const struct rtb_hist *ih, const struct rtb_hm_acc *a,
			struct rtb_hm_interval *out)
{
	out->count = a->n;
	out->mean_ns = a->n ? a->mean : 0;
	out->sum_ns = a->n ? (int64_t)(a->mean * (double)a->n + 0.5) : 0;
	out->span_ns = a->span_ns;
	out->min_ns = a->n ? a->min : 0;
	out->max_ns = a->n ? a->max : 0;
	out->p50_ns = a->n ? rtb_hm_pct(ih, 50) : 0;
	out->p99_ns = a->n ? rtb_hm_pct(ih, 99) : 0;
	out->p999_ns = a->n ? rtb_hm_pct(ih, 99.9) : 0;
	memcpy(out->over, a->over, sizeof(out->over));
}

/* rtb_hm_roll - close the interval into the publication slot. */
int rtb_hm_roll(struct rtb_hm *h)
{
	struct rtb_hm_pub *p = &h->pub;
	unsigned pubd = atomic_load_explicit(&h->published, memory_order_relaxed);
	unsigned now = h->epoch_src ? atomic_load_explicit(h->epoch_src, memory_order_relaxed) : h->epoch;

	if (atomic_load_explicit(&h->consumed, memory_order_acquire) != pubd)
		return 0; /* the last one is unread: this interval goes on */
	rtb_hm_interval_of(&h->ih, &h->iacc, &p->iv);
	p->iv.index = h->epoch;
	p->iv.epochs = now > h->epoch ? now - h->epoch : 1;
	rtb_hist_copy(&p->ih, &h->ih);
	rtb_hist_copy(&p->hist, &h->m->hist);
	rtb_hm_lin_copy(&p->lin, &h->lin);
	p->acc = h->acc;
	memcpy(p->worst, h->worst, sizeof(p->worst));
	p->nworst = h->nworst;
	memcpy(p->res, h->res, h->nres * sizeof(*h->res));
	p->nres = h->nres;
	p->invalid = h->m->invalid;
	p->overruns = h->m->overruns;
	p->missed = h->m->missed;
	p->first_ns = h->m->first_ns;
	p->has_first = h->m->has_first;
	rtb_hist_reset(&h->ih);
	rtb_hm_acc_reset(&h->iacc);
	h->epoch = now;
	atomic_store_explicit(&h->published, pubd + 1, memory_order_release);
	if (h->ring)
		rtb_rawring_mark(h->ring, h->ring_metric, now);
	return 1;
}

void rtb_hm_acc_merge(struct rtb_hm_acc *dst, const struct rtb_hm_acc *src)
{
	dst->span_ns += src->span_ns;
	if (!src->n)
		return;
	if (!dst->n) {
		int64_t span = dst->span_ns;
		*dst = *src;
		dst->span_ns = span;
		return;
	}
	double n = (double)(dst->n + src->n), d = src->mean - dst->mean;

	dst->m2 += src->m2 + d * d * (double)dst->n * (double)src->n / n;
	dst->mean += d * (double)src->n / n;
	dst->n += src->n;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	for (int k = 0; k < RTB_HM_MAX_THR; k++)
		dst->over[k] += src->over[k];
}

double rtb_hm_acc_stddev(const struct rtb_hm_acc *a)
{
	return a->n > 1 ? sqrt(a->m2 / (double)(a->n - 1)) : 0;
}

void rtb_hm_worst_merge(struct rtb_hm_worst *dst, int *nd, const struct rtb_hm_worst *src, int ns)
{
	for (int i = 0; i < ns; i++)
		if (*nd < RTB_HM_WORST || src[i].ns > dst[RTB_HM_WORST - 1].ns)
			worst_insert(dst, nd, src[i]);
}

/* rtb_hm_merge - dst += src. The reservoirs: each slot of the merged one
 * comes from dst or src with probability proportional to their counts. */
int rtb_hm_merge(struct rtb_hm *dst, const struct rtb_hm *src)
{
	uint64_t na = dst->acc.n, nb = src->acc.n;
	size_t i, j = 0;
	int rc = rtb_hist_merge(&dst->m->hist, &src->m->hist);

	if (rc || (rc = rtb_hm_lin_add(&dst->lin, &src->lin)))
		return rc;
	rtb_hm_acc_merge(&dst->acc, &src->acc);
	rtb_hm_worst_merge(dst->worst, &dst->nworst, src->worst, src->nworst);
	for (i = 0; i < src->nres && dst->nres < dst->rescap; i++)
		dst->res[dst->nres++] = src->res[j++];
	for (i = 0; j < src->nres && i < dst->nres; i++)
		if (next_rand(&dst->rng) % (na + nb) >= na)
			dst->res[i] = src->res[j++];
	return 0;
}
