/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the streaming trace's per-CPU window of recent events
 * (rtbench/trace_stream.h). Pure: caller storage, no OS, no allocation.
 *
 * A ring of the last `cap` events of one CPU, in time order (a CPU's
 * events come from the kernel in its own order). Finding a time is a
 * binary search over the ring's logical indices; copying out merges the
 * windows of the CPUs a sample involves (a cross-CPU wake-up: the waker's
 * and the waiter's) into one time-sorted array, the form the matcher and
 * the explainer read. */
#include <string.h>
#include "rtbench/trace_stream.h"

void rtb_twin_init(struct rtb_twin *w, struct rtb_tev *store, size_t cap, int cpu)
{
	memset(w, 0, sizeof(*w));
	w->ev = store;
	w->cap = cap;
	w->cpu = cpu;
}

size_t rtb_twin_len(const struct rtb_twin *w)
{
	return w->head < w->cap ? (size_t)w->head : w->cap;
}

const struct rtb_tev *rtb_twin_at(const struct rtb_twin *w, size_t i)
{
	uint64_t first = w->head - rtb_twin_len(w);
	return &w->ev[(first + i) % w->cap];
}

void rtb_twin_push(struct rtb_twin *w, const struct rtb_tev *e)
{
	if (!w->cap)
		return;
	if (w->head >= w->cap)
		w->evicted++;
	w->ev[w->head % w->cap] = *e;
	w->head++;
	w->last_t = e->t;
}

void rtb_twin_skip(struct rtb_twin *w, uint64_t to, size_t n)
{
	w->skipped += n;
	if (w->ngap && w->gap_to[w->ngap - 1] == w->last_t) {
		w->gap_to[w->ngap - 1] = to; /* the stretch goes on */
	} else {
		if (w->ngap == RTB_TWIN_GAPS) {
			w->gap_floor = w->gap_to[0];
			memmove(w->gap_from, w->gap_from + 1, (RTB_TWIN_GAPS - 1) * sizeof(w->gap_from[0]));
			memmove(w->gap_to, w->gap_to + 1, (RTB_TWIN_GAPS - 1) * sizeof(w->gap_to[0]));
			w->ngap--;
		}
		w->gap_from[w->ngap] = w->last_t;
		w->gap_to[w->ngap++] = to;
	}
	w->last_t = to;
}

int rtb_twin_whole(const struct rtb_twin *w, uint64_t from, uint64_t to)
{
	if (!rtb_twin_holds(w, from) || (w->gap_floor && (int64_t)(from - w->gap_floor) <= 0))
		return 0;
	for (int i = w->ngap; i-- > 0;) {
		if ((int64_t)(w->gap_to[i] - from) < 0)
			return 1; /* gaps are in time order: the rest are older */
		if ((int64_t)(w->gap_from[i] - to) < 0)
			return 0; /* (gap_from, gap_to] meets [from, to] */
	}
	return 1;
}

int rtb_twin_holds(const struct rtb_twin *w, uint64_t t)
{
	if (w->head <= w->cap)
		return 1;       /* nothing evicted yet */
	/* the oldest held is after t: events between t and it may be gone */
	return (int64_t)(rtb_twin_at(w, 0)->t - t) <= 0;
}

/* lower - first held index with t > x (after = 1) or t >= x (after = 0). */
static size_t lower(const struct rtb_twin *w, uint64_t x, int after)
{
	size_t lo = 0, hi = rtb_twin_len(w);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int64_t d = (int64_t)(rtb_twin_at(w, mid)->t - x);
		if (after ? d <= 0 : d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#define MAXW 4

size_t rtb_twin_copy(const struct rtb_twin *const *w, int nw, uint64_t from, uint64_t to, size_t before,
		     size_t after, struct rtb_tev *out, size_t cap, int *complete)
{
	size_t a[MAXW], b[MAXW], total = 0, n = 0;

	*complete = 1;
	if (nw > MAXW)
		nw = MAXW;
	for (int i = 0; i < nw; i++) {
		size_t len = rtb_twin_len(w[i]);
		if (!rtb_twin_whole(w[i], from, to))
			*complete = 0;
		a[i] = lower(w[i], from, 1);
		b[i] = lower(w[i], to, 1);
		/* back to the last switch before `from` (its context) */
		for (size_t k = 0; k < before && a[i] > 0; k++) {
			a[i]--;
			if (rtb_twin_at(w[i], a[i])->kind == RTB_TEV_SWITCH)
				break;
		}
		b[i] = b[i] + after < len ? b[i] + after : len;
		total += b[i] - a[i];
	}
	/* too many: drop the oldest first (the stamp's end matters most) */
	while (total > cap) {
		int o = -1;
		for (int i = 0; i < nw; i++)
			if (a[i] < b[i] && (o < 0 || (int64_t)(rtb_twin_at(w[i], a[i])->t -
							       rtb_twin_at(w[o], a[o])->t) < 0))
				o = i;
		a[o]++;
		total--;
		*complete = 0;
	}
	/* merge by time (a few windows: a linear pick is enough) */
	while (n < total) {
		int o = -1;
		for (int i = 0; i < nw; i++)
			if (a[i] < b[i] && (o < 0 || (int64_t)(rtb_twin_at(w[i], a[i])->t -
							       rtb_twin_at(w[o], a[o])->t) < 0))
				o = i;
		out[n++] = *rtb_twin_at(w[o], a[o]++);
	}
	return n;
}

size_t rtb_twin_marks_from(const struct rtb_twin *const *w, int nw, const struct rtb_tmark *ring, size_t mask,
			   size_t head, size_t n, double ticks_per_ns)
{
	size_t i = n;

	/* from the newest back: the first one not whole ends the run (one
	 * evicted, every older one is; one in a gap passed over breaks the
	 * run too) */
	for (; i > 0; i--) {
		const struct rtb_tmark *mk = &ring[(head - n + i - 1) & mask];
		/* a TIMER mark has no start: its stamp less its value */
		uint64_t from = mk->start ? mk->start : mk->end - (uint64_t)((double)(mk->ns > 0 ? mk->ns : 0) *
									  ticks_per_ns);
		int all = 1;
		for (int k = 0; k < nw && all; k++)
			all = rtb_twin_whole(w[k], from, mk->end);
		if (!all)
			break;
	}
	return i;
}

size_t rtb_twin_each(const struct rtb_twin *const *w, int nw, void (*fn)(const struct rtb_tev *e, void *arg),
		     void *arg)
{
	size_t at[RTB_MAX_CPUS] = { 0 }, n = 0;

	if (nw > RTB_MAX_CPUS)
		nw = RTB_MAX_CPUS;
	for (;;) {
		int o = -1;
		for (int i = 0; i < nw; i++)
			if (at[i] < rtb_twin_len(w[i]) && (o < 0 || (int64_t)(rtb_twin_at(w[i], at[i])->t -
									 rtb_twin_at(w[o], at[o])->t) < 0))
				o = i;
		if (o < 0)
			return n;
		if (fn)
			fn(rtb_twin_at(w[o], at[o]), arg);
		at[o]++;
		n++;
	}
}
