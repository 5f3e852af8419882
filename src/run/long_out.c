/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - a long run's outputs: the result files rewritten after
 * every interval, and the live status line (see run/long.h). */
#include <stdio.h>
#include <string.h>
#include "run/long.h"
#include "run/run.h"
#include "rtbench/err.h"

/* rtb_long_write - the result files, each replaced atomically. */
int rtb_long_write(struct rtb_long *lr)
{
	return rtb_run_write(lr->out, lr->res); /* write.c: the one write loop */
}

/* hms - ns as H:MM:SS. */
static void hms(char *buf, size_t len, int64_t ns)
{
	long long s = (long long)(ns / 1000000000LL);

	snprintf(buf, len, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
}

/* status_many - a bench of several metrics (irq.preempt, task.create,
 * mem): each metric short, over all CPUs: its name after the bench's id,
 * samples, mean, maximum and the CPU it was on (the one-metric line's
 * per-CPU figures would be metrics x CPUs long). */
static size_t status_many(const struct rtb_long *lr, char *line, size_t cap, size_t l)
{
	const size_t bl = strlen(lr->b->id);

	for (int j = 0; j < lr->nmet && l < cap; j++) {
		const char *name = lr->mids[j];
		uint64_t n = 0, over = 0;
		double sum = 0;
		int64_t max = 0;
		int worst = 0;
		if (!strncmp(name, lr->b->id, bl) && name[bl] == '.')
			name += bl + 1;
		for (int i = 0; i < lr->ncpu; i++) {
			const struct rtb_hm *h = lr->cpus[i].shown[j]->hm;
			n += h->acc.n;
			sum += h->acc.mean * (double)h->acc.n;
			over += lr->thr.deadline >= 0 ? h->acc.over[lr->thr.deadline] : 0;
			if (h->acc.n && (!i || h->acc.max > max)) {
				max = h->acc.max;
				worst = i;
			}
		}
		double avg_us = n ? sum / (double)n / 1000.0 : 0.0;
		/* mem's are tens of ns: three decimals below 10 us */
		l += (size_t)snprintf(line + l, cap - l, avg_us < 10.0 ? "%s %s %llu avg %.3f max %.1f" :
				      "%s %s %llu avg %.1f max %.1f", j ? ";" : ":", name, (unsigned long long)n,
				      avg_us, (double)max / 1000.0);
		if (lr->ncpu > 1 && n && l < cap)
			l += (size_t)snprintf(line + l, cap - l, " cpu%d", lr->cpus[worst].cpu);
		if (lr->o->deadline_ns > 0 && l < cap)
			l += (size_t)snprintf(line + l, cap - l, " over %llu", (unsigned long long)over);
	}
	return l;
}

/* status_put - the line: on a terminal in place, else only with newline. */
static void status_put(const struct rtb_long *lr, const char *line, int newline)
{
	if (lr->res->set.status_tty)
		fprintf(stderr, "\r%s\033[K%s", line, newline ? "\n" : "");
	else if (newline)
		fprintf(stderr, "%s\n", line);
	fflush(stderr);
}

/* rtb_long_status - the live line: on a terminal refreshed in place, else one
 * line per interval; at most 8 CPUs named (in CPU order), the rest
 * counted; a bench of several metrics each metric short (status_many).
 * newline 2: the user asked for it (a line even under --quiet). */
void rtb_long_status(struct rtb_long *lr, int64_t elapsed_ns, int newline)
{
	char line[1024], a[24], b[24];
	size_t l;
	uint64_t n = 0, over = 0;
	int shown = 0, worst = 0;

	if (lr->o->quiet && newline != 2) /* 2: asked for (SIGUSR1), whatever --quiet says */
		return;
	if (lr->nmet > 1) {
		hms(a, sizeof(a), elapsed_ns);
		hms(b, sizeof(b), lr->o->time.duration_ns);
		l = (size_t)snprintf(line, sizeof(line), "rtbench: %s %s / %s, samples, us", lr->b->id, a, b);
		status_many(lr, line, sizeof(line), l);
		status_put(lr, line, newline);
		return;
	}
	for (int i = 0; i < lr->ncpu; i++) {
		n += lr->cpus[i].shown[0]->hm->acc.n;
		over += lr->thr.deadline >= 0 ? lr->cpus[i].shown[0]->hm->acc.over[lr->thr.deadline] : 0;
		if (lr->cpus[i].shown[0]->stats.max > lr->cpus[worst].shown[0]->stats.max)
			worst = i;
	}
	hms(a, sizeof(a), elapsed_ns);
	hms(b, sizeof(b), lr->o->time.duration_ns);
	l = (size_t)snprintf(line, sizeof(line), "rtbench: %s %s / %s, %llu samples, us", lr->mids[0], a, b,
			     (unsigned long long)n);
	/* cyclictest's Min/Act/Avg/Max per thread, in CPU order at every
	 * refresh (ordered by max, the CPUs would change places); "now"
	 * is the last closed interval's median, not one sample as Act is */
	for (int k = 0; k < lr->ncpu && k < 8 && l < sizeof(line); k++) {
		const struct rtb_metric *m = lr->cpus[k].shown[0];
		const struct rtb_hm *h = m->hm;
		shown++;
		if (lr->b->sums_time && h->nseries) {
			/* the last closed interval's noise per second (of spin)
			 * and largest gap, as rtla osnoise's periodic summary */
			const struct rtb_hm_interval *iv = &h->series[h->nseries - 1];
			double len = (double)(iv->span_ns > 0 ? iv->span_ns : iv->end_ns - iv->start_ns);
			l += (size_t)snprintf(line + l, sizeof(line) - l, "%s cpu%d %.1f us/s max %.1f",
					      k ? ";" : ":", lr->cpus[k].cpu,
					      len > 0 ? (double)iv->sum_ns / len * 1e6 : 0.0,
					      (double)iv->max_ns / 1000.0);
			continue;
		}
		if (!m->count) { /* never a 0.0 that was not measured */
			l += (size_t)snprintf(line + l, sizeof(line) - l, "%s cpu%d no samples", k ? ";" : ":",
					      lr->cpus[k].cpu);
			continue;
		}
		l += (size_t)snprintf(line + l, sizeof(line) - l, "%s cpu%d min %.1f", k ? ";" : ":",
				      lr->cpus[k].cpu, m->count ? (double)m->stats.min / 1000.0 : 0.0);
		if (h->series && h->nseries && h->series[h->nseries - 1].count && l < sizeof(line))
			l += (size_t)snprintf(line + l, sizeof(line) - l, " now %.1f",
					      (double)h->series[h->nseries - 1].p50_ns / 1000.0);
		if (l < sizeof(line))
			l += (size_t)snprintf(line + l, sizeof(line) - l, " avg %.1f max %.1f",
					      m->count ? m->stats.mean / 1000.0 : 0.0, (double)m->stats.max / 1000.0);
	}
	if (shown < lr->ncpu && l < sizeof(line))
		l += (size_t)snprintf(line + l, sizeof(line) - l, "; +%d CPUs", lr->ncpu - shown);
	if (lr->ncpu > 1 && l < sizeof(line))
		l += (size_t)snprintf(line + l, sizeof(line) - l, "; max on cpu%d", lr->cpus[worst].cpu);
	if (lr->o->deadline_ns > 0 && l < sizeof(line))
		snprintf(line + l, sizeof(line) - l, "; %llu over deadline", (unsigned long long)over);
	status_put(lr, line, newline);
}

/* rtb_long_starved - the result says when the supervisor was starved: woken
 * over a tick late for its once-a-second work, or raised by the watchdog
 * past the planned end (what it cost: intervals closed late, the run
 * measured past its duration). */
void rtb_long_starved(struct rtb_long *lr, int64_t starved_ns, int64_t tick_ns)
{
	/* what held the supervisor's CPU is said only when it is known: one
	 * of the run's measuring threads when that CPU is measured; else
	 * something outside the run (the run's --cpus left it housekeeping) */
	int hk = lr->res->set.housekeeping_cpu, measured = 0;
	char why[160];

	for (int i = 0; i < lr->ncpu; i++)
		measured |= lr->cpus[i].cpu == hk;
	if (measured || hk < 0)
		snprintf(why, sizeof(why), "time-shared with a measuring thread on its CPU");
	else
		snprintf(why, sizeof(why), "on CPU %d, not measured: another task, the kernel or the host held it", hk);
	if (starved_ns > 0)
		rtb_result_warn(lr->res, "%s: the supervisor was starved %.1f s past the planned end (%s); "
				"the watchdog stopped the threads and raised it", lr->b->id, (double)starved_ns / 1e9, why);
	else if (lr->late_ns > tick_ns)
		rtb_result_warn(lr->res, "%s: the supervisor was starved: woken up to %.1f s late for its "
				"once-a-second work (%s): intervals closed late", lr->b->id,
				(double)lr->late_ns / 1e9, why);
}
