/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - the study-shaped text tables.
 *
 * One table per study table (Table 1 ... Table 5), then the extras, then
 * the patterns of the other suites (a metric's group, bench.h); each
 * row one metric, all times in microseconds with ns resolution. Under each
 * table: how each figure was measured, and whatever weakened it. A figure
 * that was not measured is never printed: skipped rows say why instead. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/longopt.h"
#include "rtbench/output.h"
#include "rtbench/words.h"

#define NAME_W 26
#define RTB_BATCHES_SHOWN 200 /* RTB_BATCHES in bench.h */

static const char *const tables[] = {
	"Table 1", "Table 2", "Table 3", "Table 4", "Table 5", NULL /* extras */,
	NULL /* the other suites' patterns (a metric's group) */
};
#define EXTRAS 5
static const char *const table_title[] = {
	"Context switch", "Priority inversion", "Interrupt latency",
	"Binary-semaphore acquisition", "Message-queue IPC latency",
	"Further measurements", RTB_GROUP_SUITES,
};

static void us(struct rtb_sink *f, int64_t ns)
{
	rtb_sink_printf(f, " %10.3f", (double)ns / 1000.0);
}

/* The statistics a row shows, in its columns (the count 8 wide, the times
 * 10): their headings are rtbench/stat_names.h's labels. */
static const enum rtb_stat cols[] = {
	RTB_STAT_COUNT, RTB_STAT_MIN, RTB_STAT_MEAN, RTB_STAT_STDDEV, RTB_STAT_P50,
	RTB_STAT_P90, RTB_STAT_P99, RTB_STAT_P99_9, RTB_STAT_MAX,
};

static void header(struct rtb_sink *f, int idx, const char *prefix, size_t plen)
{
	rtb_sink_printf(f, "\n%s%s%s (us)", tables[idx] ? tables[idx] : "",
		tables[idx] ? ". " : "", table_title[idx]);
	if (plen)
		rtb_sink_printf(f, "   rows: %.*s*", (int)plen, prefix);
	rtb_sink_putc(f, '\n');
	rtb_sink_printf(f, "%-*s", NAME_W, "measurement");
	for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++)
		rtb_sink_printf(f, " %*s", cols[c] == RTB_STAT_COUNT ? 8 : 10, rtb_stat_names[cols[c]].label);
	rtb_sink_printf(f, " %10s %7s %7s\n", "first", "p50+-%", "p99+-%");
}

static void row(struct rtb_sink *f, const struct rtb_metric *m, size_t plen)
{
	const char *name = m->id + plen;
	char comp[64];
	const char *t = strstr(m->id, ".trace.");
	if (m->trace_parent[0] && t) {
		/* a component of the row above (run --trace) */
		snprintf(comp, sizeof(comp), "  + %s", t + 7);
		name = comp;
	}
	if ((int)strlen(name) > NAME_W)
		rtb_sink_printf(f, "%s\n%-*s", name, NAME_W, "");
	else
		rtb_sink_printf(f, "%-*s", NAME_W, name);
	if (m->status == RTB_STATUS_SKIPPED || m->status == RTB_STATUS_FAILED || m->count == 0) {
		rtb_sink_printf(f, " %8s  %s\n", "-", m->status == RTB_STATUS_FAILED ? "FAILED" :
			m->status == RTB_STATUS_SKIPPED ? "skipped" : "no samples");
		return;
	}
	const struct rtb_stats *s = &m->stats;
	for (size_t c = 0; c < sizeof(cols) / sizeof(cols[0]); c++) {
		int64_t i = 0;
		double d = 0;

		rtb_metric_stat(m, cols[c], &i, &d);
		if (cols[c] == RTB_STAT_COUNT)
			rtb_sink_printf(f, " %8" PRId64, i);
		else if (rtb_stat_names[cols[c]].flags & RTB_STATF_REAL)
			rtb_sink_printf(f, " %10.3f", d / 1000.0);
		else
			us(f, i);
	}
	if (m->has_first)
		us(f, m->first_ns);
	else
		rtb_sink_printf(f, " %10s", "-");
	/* between-round spread: half the range of the rounds' values */
	double s50, s99;
	if (rtb_spread_pct(&m->p50_spread, m->nrounds, s->pct[0], &s50))
		rtb_sink_printf(f, " %7.1f", s50);
	else
		rtb_sink_printf(f, " %7s", "-");
	if (rtb_spread_pct(&m->p99_spread, m->nrounds, s->pct[2], &s99))
		rtb_sink_printf(f, " %7.1f", s99);
	else
		rtb_sink_printf(f, " %7s", "-");
	if (m->status == RTB_STATUS_PARTIAL)
		rtb_sink_printf(f, "  PARTIAL");
	rtb_sink_putc(f, '\n');
}

static const struct rtb_extra *extra(const struct rtb_metric *m, const char *name)
{
	for (int i = 0; i < m->nextra; i++)
		if (!strcmp(m->extra[i].name, name))
			return &m->extra[i];
	return NULL;
}

/* verdict - a benchmark's answer under its table (Table 2's bounded /
 * unbounded / inconclusive), from the metric's generic verdict field,
 * whatever the benchmark: the row's name, the value in capitals, why. */
static void verdict(struct rtb_sink *f, const struct rtb_metric *m, size_t plen)
{
	const struct rtb_metric_verdict *v = &m->verdict;
	char word[sizeof(v->value) + 1];
	size_t i;

	if (!v->value[0] || !m->count)
		return;
	for (i = 0; i + 1 < sizeof(v->value) && v->value[i]; i++)
		word[i] = (char)(v->value[i] >= 'a' && v->value[i] <= 'z' ? v->value[i] - 'a' + 'A' :
				 v->value[i]);
	word[i++] = ':';
	word[i] = 0;
	rtb_sink_printf(f, "  %-16s %-14s %.*s\n", m->id + plen, word, (int)sizeof(v->reason), v->reason);
}

#define WRAP_W 110

static void us3(struct rtb_sink *f, int64_t a, int64_t b)
{
	rtb_sink_printf(f, "%.3f/%.3f", (double)a / 1000.0, (double)b / 1000.0);
}

/* trace_notes - what the kernel's trace said (run --trace): agreement,
 * every disagreeing sample by index (the first few here, all in the JSON),
 * the PI boosts, and the cost of watching. */
static void trace_notes(struct rtb_sink *f, const struct rtb_result *r, const struct rtb_metric *m)
{
	const struct rtb_metric_trace *t = m->trace;
	const struct rtb_metric *d = t->diff_id[0] ? rtb_metric_find(r, t->diff_id) : NULL;

	if (t->kind == RTB_TRACE_PI) {
		rtb_sink_printf(f, "    trace (%s): of %lu trials, tSlowTask boosted (sched_pi_setprio) in %" PRIu64
			", preempted by tWorkTask while holding the mutex in %" PRIu64 "\n", t->clock,
			(unsigned long)t->samples, t->boosted, t->preempted);
	} else if (t->kind == RTB_TRACE_NOISE) {
		/* a gap has no path to match: explained, not agreed with */
		rtb_sink_printf(f, "    trace (%s): %lu of %lu gaps explained from the events on their CPU (what ran in "
			"each; the noise by class below)\n", t->clock, (unsigned long)t->matched,
			(unsigned long)t->samples);
	} else {
		/* agreement: events found in order, the trace's interval inside
		 * rtbench's; the rest of rtbench's interval is components (a
		 * timer's switch_to_stamp), part of the latency, whatever
		 * its size (not a disagreement however large) */
		rtb_sink_printf(f, "    trace (%s): agreement %.1f%%: %lu of the %lu samples compared matched to their "
			"events with the trace's interval inside rtbench's (%lu matched)", t->clock, 100.0 * t->agreement,
			(unsigned long)t->agree, (unsigned long)rtb_metric_trace_compared(t), (unsigned long)t->matched);
		/* N is what was compared: the skipped (a reader behind passed
		 * over their events) are said apart, never counted in it */
		if (t->skipped)
			rtb_sink_printf(f, "; %llu more samples not compared (the reader was behind: their events "
				"passed over unparsed, none a candidate for the worst)", (unsigned long long)t->skipped);
		if (t->tolerance_ns > 0)
			rtb_sink_printf(f, ", rtbench minus trace at most %.1f us", (double)t->tolerance_ns / 1000.0);
		if (d && d->count) {
			rtb_sink_printf(f, "; rtbench minus trace (the components outside the trace's interval) p50/p99 ");
			us3(f, d->stats.pct[0], d->stats.pct[2]);
			rtb_sink_printf(f, " us");
		} else if (t->kind == RTB_TRACE_TIMER) {
			rtb_sink_printf(f, "; the rest of rtbench's interval is switch_to_stamp");
		}
		rtb_sink_putc(f, '\n');
	}
	if (t->lost_events)
		rtb_sink_printf(f, "    trace: %" PRIu64 " events lost (buffer full): later samples unmatched\n",
			t->lost_events);
	if (t->ndis) {
		/* a streamed trace keeps the first RTB_TS_DIS and counts all */
		int col = rtb_sink_printf(f, "    samples not matched or not agreeing (%lu):",
					  (unsigned long)(t->streamed ? t->ndis_total : t->ndis));
		for (size_t i = 0; i < t->ndis && i < 12; i++) {
			const struct rtb_trace_disagreement *x = &t->dis[i];
			if (col > WRAP_W - 20)
				col = rtb_sink_printf(f, "\n%6s", "") - 1;
			if (x->diff_ns != INT64_MIN)
				col += rtb_sink_printf(f, " #%lu %+.1f us", (unsigned long)x->index, (double)x->diff_ns / 1000.0);
			else
				col += rtb_sink_printf(f, " #%lu (%s)", (unsigned long)x->index,
					rtb_finding_why_name((enum rtb_trace_why)x->why));
			if (i + 1 < t->ndis && i < 11)
				col += rtb_sink_printf(f, ",");
		}
		rtb_sink_printf(f, "%s\n", t->ndis > 12 ? (t->streamed ? ", ... (the first 32 in the JSON)" :
							 ", ... (all in the JSON)") : "");
	}
	if (t->nuntraced && m->count) {
		rtb_sink_printf(f, "    cost of watching, p50/p99 us: traced ");
		us3(f, m->stats.pct[0], m->stats.pct[2]);
		rtb_sink_printf(f, " (%lu samples), untraced ", (unsigned long)m->count);
		us3(f, t->untraced_p50_ns, t->untraced_p99_ns);
		rtb_sink_printf(f, " (%lu samples in %d passes, one before and one after each traced round)\n",
			(unsigned long)t->nuntraced, t->untraced_passes);
	}
}

/* has_aggregate - whether the result holds the all-CPU metric of a per-CPU
 * id (`<id>@cpu<N>` -> `<id>`): a --cpus run's aggregate carries the method
 * once; a per-CPU-only measurement (noise.gap@cpuN) has none. */
static int has_aggregate(const struct rtb_result *r, const char *id)
{
	const char *at = strstr(id, "@cpu");

	if (!at)
		return 0;
	for (int i = 0; i < r->nmetrics; i++) {
		const char *o = r->metrics[i]->id;
		if (strlen(o) == (size_t)(at - id) && !strncmp(o, id, (size_t)(at - id)))
			return 1;
	}
	return 0;
}

static void notes(struct rtb_sink *f, const struct rtb_result *r, const struct rtb_metric *m, int idx)
{
	char lead[96];

	if (m->trace_parent[0])
		return; /* a component: its parent's trace line says it all */
	snprintf(lead, sizeof(lead), "  %s: ", m->id);
	/* a --cpus run's per-CPU metric: its method and the histogram line
	 * are the aggregate's (which says so), once, not once a CPU */
	const int per_cpu = has_aggregate(r, m->id);
	/* anything below is said under this metric's name: without one, a
	 * skipped metric's note reads as the row above's */
	const int hist_line = m->hm && m->count && !per_cpu;
	const int says = m->note[0] || m->trace || hist_line || (m->count && (m->overruns || m->missed ||
			 m->invalid || m->deadline_ns > 0 || idx == 2)) ||
			 (extra(m, "batched_k") && extra(m, "batched_per_op_ns"));
	if (m->method[0] && !per_cpu)
		rtb_fmt_wrap(f, lead, m->method, 6, WRAP_W);
	else if (says) /* a per-CPU metric with nothing of its own says nothing (an empty "id: " line before) */
		rtb_sink_printf(f, "%s\n", lead);
	if (m->count && (m->overruns || m->missed || m->invalid || m->deadline_ns > 0 || idx == 2))
		rtb_sink_printf(f, "    counts: overruns %" PRIu64 ", missed periods %" PRIu64
			", invalid %" PRIu64 ", over deadline %" PRIu64 "%s\n",
			m->overruns, m->missed, m->invalid, m->over_deadline,
			m->deadline_ns > 0 ? "" : " (no --deadline-us)");
	if (m->deadline_ns > 0 && m->count)
		rtb_sink_printf(f, "    deadline %.3f us: %" PRIu64 " of %lu samples over (%.4f%%)\n",
			(double)m->deadline_ns / 1000.0, m->over_deadline, (unsigned long)m->count,
			100.0 * (double)m->over_deadline / (double)m->count);
	/* run --count-over-us: the other thresholds counted in the loop */
	for (int k = 0; m->hm && m->count && k < m->hm->thr.n; k++)
		if (k != m->hm->thr.deadline)
			rtb_sink_printf(f, "    over %.3f us: %" PRIu64 " of %lu samples (%.4f%%; counted in the loop)\n",
				(double)m->hm->thr.ns[k] / 1000.0, m->hm->acc.over[k], (unsigned long)m->count,
				100.0 * (double)m->hm->acc.over[k] / (double)m->count);
	const struct rtb_extra *bk = extra(m, "batched_k"), *bm = extra(m, "batched_per_op_ns"),
		*bs = extra(m, "batched_per_op_sd_ns");
	if (bk && bm && bs)
		rtb_sink_printf(f, "    batched: %.2f ns per call, spread %.2f ns over %d batches of %.0f calls "
			"back to back (beside the single-shot figures above, which sit at the clock's floor)\n",
			bm->value, bs->value, RTB_BATCHES_SHOWN, bk->value);
	if (hist_line) {
		/* histogram mode: say what the percentiles are */
		rtb_sink_printf(f, "    percentiles from a log-linear histogram (resolution %.2f%%: "
			"each at most that much below the true value); count, min, max, mean exact",
			rtb_hist_resolution_pct(&m->hist));
		if (m->hm->nworst)
			rtb_sink_printf(f, "; max %.3f us on CPU %d", (double)m->hm->worst[0].ns / 1000.0,
				(int)m->hm->worst[0].cpu);
		rtb_sink_printf(f, "\n");
	}
	if (m->note[0])
		rtb_fmt_wrap(f, "    note: ", m->note, 10, WRAP_W);
	if (m->trace)
		trace_notes(f, r, m);
}

static int in_table(const struct rtb_metric *m, int idx)
{
	if (tables[idx])
		return m->study_table && !strcmp(m->study_table, tables[idx]);
	if (idx > EXTRAS)
		return !m->study_table && m->group != NULL;
	if (m->group)
		return 0;
	for (int i = 0; tables[i]; i++)
		if (m->study_table && !strcmp(m->study_table, tables[i]))
			return 0;
	return 1;
}

/* rtb_write_text - header, warnings, then the tables. */
int rtb_write_text(struct rtb_sink *f, const struct rtb_result *r)
{
	const struct rtb_settings *s = &r->set;
	const struct rtb_fingerprint *fp = &r->fp;

	rtb_sink_printf(f, "rtbench %s  label \"%s\"  %s\n", s->rtbench_version, s->label, s->date_utc);
	rtb_sink_printf(f, "system:  %s %s %s, %s, %s, %d CPU%s%s%s\n", fp->os, fp->os_release,
		fp->machine, fp->preempt_model, fp->cpu_model, fp->ncpus, fp->ncpus == 1 ? "" : "s",
		fp->virt[0] ? ", virtual machine: " : "", fp->virt);
	rtb_sink_printf(f, "clock:   %s at %.4f GHz (spread %.1f ppm); one stamp %" PRId64 " ns "
		"(bare read %" PRId64 " ns), empty loop %" PRId64 " ns\n",
		r->clock.source, r->clock.ticks_per_ns, r->clock.calib_ppm, r->clock_read_ns,
		r->clock_bare_read_ns, r->loop_overhead_ns);
	/* only where *.xcpu figures depend on it; an offset within +- half
	 * the round trip may be the ping-pong's own asymmetry (run/xcpu.c) */
	int xcpu_figs = 0;
	for (int i = 0; i < r->nmetrics && !xcpu_figs; i++) {
		size_t l = r->metrics[i] ? strlen(r->metrics[i]->id) : 0;
		xcpu_figs = l > 5 && r->metrics[i]->count && !strcmp(r->metrics[i]->id + l - 5, ".xcpu");
	}
	if (r->xcpu.measured && xcpu_figs)
		rtb_sink_printf(f, "xcpu:    CPU %d vs CPU %d counters: offset %" PRId64 " ns +- %" PRId64
			" ns (half the shortest ping-pong, %" PRId64 " ns: within it, the method's own "
			"asymmetry), %" PRIu64 " of %" PRIu64 " rounds out of order\n",
			r->xcpu.cpu_b, r->xcpu.cpu_a, r->xcpu.offset_ns, r->xcpu.rtt_ns / 2, r->xcpu.rtt_ns,
			r->xcpu.violations, r->xcpu.rounds);
	/* a --cpus run measured its list at once (s->cpu: rtbench's own
	 * threads, -1 when no CPU was left for them) */
	char where[200];
	if (s->ncpus_measured > 1) /* for a time, or by count, on several CPUs at once */
		snprintf(where, sizeof(where), "CPUs %s", s->cpus);
	else
		snprintf(where, sizeof(where), "CPU %d", s->duration_ns > 0 && s->cpus[0] ?
			 (int)strtol(s->cpus, NULL, 10) : s->cpu);
	/* a port with no paging or no idle states it controls says so in its
	 * words: "not locked" / "not held" would read as a weakened run */
	const char *mem_w = rtb_word_port(RTB_W_MEM_RESIDENT), *idle_w = rtb_word_port(RTB_W_NO_IDLE);
	rtb_sink_printf(f, "run:     %s, %s, %s%s, %s%s",
		s->rt_granted ? "real-time priorities granted" : "no real-time priorities", where,
		mem_w ? mem_w : "memory ", mem_w ? "" : s->mlocked ? "locked" : "not locked",
		idle_w ? idle_w : "idle latency ", idle_w ? "" : s->idle_latency_held_us >= 0 ? "held" : "not held");
	if (s->idle_latency_held_us >= 0)
		rtb_sink_printf(f, " at %d us", s->idle_latency_held_us);
	if (s->rt_granted) /* the measuring thread's first: -P/cyclictest -p gave it */
		rtb_sink_printf(f, ", measuring thread at prio %d (base %d)\n", s->measuring_prio, s->prio);
	else
		rtb_sink_printf(f, ", every task %s\n", rtb_word_or(RTB_W_NORT, "time-shared"));
	/* run --duration: CPUs never measured, or measured less than half a
	 * measurement, by when their measuring threads began (run/long_cover.c) */
	if (s->duration_ns > 0 && s->cpus_not_measured[0])
		rtb_sink_printf(f, "not measured: CPU(s) %s (measuring threads began after the run's stop)\n",
				s->cpus_not_measured);
	if (s->duration_ns > 0 && s->cpus_late[0])
		rtb_sink_printf(f, "measured late: CPU(s) %s (under half the run: measuring threads began late)\n",
				s->cpus_late);
	rtb_sink_printf(f, "load:    %s\n", s->load);
	if (s->smi_read > 0)
		rtb_sink_printf(f, "SMIs:    %llu on all CPUs during the run (MSR_SMI_COUNT)\n", (unsigned long long)s->smi_count);
	else if (s->smi_read < 0)
		rtb_sink_printf(f, "SMIs:    %s\n", s->smi_note);
	if (r->doctor.done && r->doctor.weakens) {
		rtb_sink_printf(f, "doctor:  %d weaken %s:", r->doctor.weakens, where);
		for (int i = 0; i < r->doctor.n; i++)
			if (r->doctor.f[i].verdict == RTB_DOC_WEAKENS)
				rtb_sink_printf(f, " %s", r->doctor.f[i].check);
		rtb_sink_printf(f, " (rtbench doctor: what was read, why, the fix)\n");
	}
	if (r->mem.heap_peak_bytes)
		rtb_sink_printf(f, "memory:  %.1f KiB at the peak (metrics %.1f KiB each, with the samples), "
				"stacks %u x %u KiB\n", (double)r->mem.heap_peak_bytes / 1024.0,
				(double)r->mem.metric_bytes / 1024.0, (unsigned)r->mem.stacks,
				(unsigned)(r->mem.stack_bytes / 1024));
	/* a port's facts the reader of the tables needs (Linux: RT throttling) */
	const struct rtb_fact *rt = rtb_fp_find(fp, "rt_runtime_us"), *pd = rtb_fp_find(fp, "rt_period_us");
	if (rt && pd && rt->value[0] && pd->value[0])
		rtb_sink_printf(f, "         RT throttling %s of %s us (left as found; loops rest to stay below it)\n",
				rt->value, pd->value);
	char emu[320];
	if (fp->emulation.present) {
		const struct rtb_emulation *e = &fp->emulation;
		rtb_sink_printf(f, "emulator: %s %s, machine %s, %d vCPU, accel %s, icount shift %d\n",
			e->emulator, e->version[0] ? e->version : "(version unknown)",
			e->machine[0] ? e->machine : "?", e->vcpus, e->accel[0] ? e->accel : "?",
			e->icount_shift);
		if (e->icount_shift >= 0)
			rtb_sink_printf(f, "%s\n", rtb_emulation_line(e, emu, sizeof(emu)));
	}
	if (s->trace_requested && s->traced)
		rtb_sink_printf(f, "trace:   the kernel's event trace recorded for the measurements marked \"trace\"; "
			"components are rows \"+ name\" under each\n");
	else if (s->trace_requested)
		rtb_sink_printf(f, "trace:   UNTRACED: %s\n", s->trace_note);
	for (int i = 0; i < r->nwarnings; i++)
		rtb_sink_printf(f, "WARNING: %s\n", r->warnings[i]);
	if (s->stopped_early)
		rtb_sink_printf(f, "WARNING: the run was stopped early: figures below hold the samples taken so far\n");

	for (int t = 0; t < (int)(sizeof(tables) / sizeof(tables[0])); t++) {
		int any = 0;
		for (int i = 0; i < r->nmetrics; i++)
			any |= in_table(r->metrics[i], t);
		if (!any)
			continue;
		/* rows share a dotted prefix (ctxsw.rr.): print it once, above */
		const char *first = NULL;
		size_t plen = 0;
		int n = 0;
		for (int i = 0; i < r->nmetrics; i++) {
			const char *id = r->metrics[i]->id;
			if (!in_table(r->metrics[i], t))
				continue;
			if (!n++) {
				first = id;
				plen = strlen(id);
			}
			size_t k = 0;
			while (k < plen && id[k] == first[k])
				k++;
			plen = k;
		}
		while (plen && first[plen - 1] != '.')
			plen--;
		if (n < 2)
			plen = 0;
		header(f, t, first, plen);
		for (int i = 0; i < r->nmetrics; i++)
			if (in_table(r->metrics[i], t))
				row(f, r->metrics[i], plen);
		for (int i = 0; i < r->nmetrics; i++)
			if (in_table(r->metrics[i], t))
				verdict(f, r->metrics[i], plen);
		for (int i = 0; i < r->nmetrics; i++)
			if (in_table(r->metrics[i], t))
				notes(f, r, r->metrics[i], t);
	}
	if (r->set.duration_ns > 0)
		rtb_sink_printf(f, "\nTimes in microseconds. pNN: from each metric's log-linear histogram (the lower "
			"edge of a bucket at most %.2f%% wide); count, min, mean, stddev, max exact; first: the "
			"first (cold) sample. Measured %.0f s of %.0f s planned (ended by %s); intervals of "
			"%.0f s are the rounds compare and check judge.\n", 100.0 / (double)(1u << (RTB_HIST_SUB_BITS - 1)),
			(double)r->set.measured_ns / 1e9, (double)r->set.duration_ns / 1e9, r->set.ended,
			(double)r->set.interval_ns / 1e9);
	if (r->set.duration_ns > 0 && r->set.interval_grown)
		rtb_sink_printf(f, "The interval is the default 60 s grown: a run keeps at most %d intervals.\n",
				RTB_MAX_INTERVALS);
	if (r->set.duration_ns <= 0 && r->set.ncpus_measured > 1)
		rtb_sink_printf(f, "\nTimes in microseconds. pNN: from each metric's log-linear histogram (the lower "
			"edge of a bucket at most %.2f%% wide); count, min, mean, stddev, max exact; first: the "
			"first (cold) sample. CPUs %s each measured their samples at once, in "
			"rounds; <id>@cpu<N> is CPU N's, <id> all of them merged.\n"
			"p50+-%%, p99+-%%: between-round spread (half the range of the %d rounds' p50 and p99, "
			"as %% of the figure); '-' with one round.\n",
			100.0 / (double)(1u << (RTB_HIST_SUB_BITS - 1)), r->set.cpus, r->set.rounds > 0 ? r->set.rounds : 1);
	else if (r->set.duration_ns <= 0)
		rtb_sink_printf(f, "\nTimes in microseconds. pNN: nearest-rank percentiles of every kept sample; "
			"first: the first (cold) sample, not in the other columns.\n"
			"p50+-%%, p99+-%%: between-round spread (half the range of the %d rounds' p50 and p99, "
			"as %% of the figure); '-' with one round.\n", r->set.rounds > 0 ? r->set.rounds : 1);
	if (fp->emulation.present)
		rtb_sink_printf(f, "%s\n", rtb_emulation_line(&fp->emulation, emu, sizeof(emu)));
	rtb_write_worst_text(f, r);
	rtb_write_kagg_text(f, r);
	return rtb_sink_error(f);
}
