/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - the worst samples explained, as text (run --trace):
 * per traced metric one line per kept sample naming its largest
 * contributors, then for the largest its components and every contributor
 * with the time it held the CPU and its share of the sample. Names came
 * from the kernel's trace (task and handler names): escaped. */
#include <stdio.h>
#include <string.h>
#include "rtbench/escape.h"
#include "rtbench/output.h"
#include "rtbench/sink.h"

static void worst_detail(struct rtb_sink *f, const struct rtb_metric *m, const struct rtb_worst *w)
{
	struct rtb_trace_out names = { 0 };

	rtb_finding_comp_names(m->trace->kind, &names);
	if (!names.ncomp) {
		/* a noise gap: no components, only what held the CPU */
	} else if (w->matched) {
		rtb_sink_printf(f, "    components:");
		for (int k = 0; k < names.ncomp; k++)
			if (w->comp_ns[k] == RTB_COMP_ABSENT)
				rtb_sink_printf(f, "%s %s none", k ? " ->" : "", names.comp_name[k]);
			else
				rtb_sink_printf(f, "%s %s %.1f", k ? " ->" : "", names.comp_name[k],
						(double)w->comp_ns[k] / 1000.0);
		rtb_sink_printf(f, " us\n");
	} else {
		rtb_sink_printf(f, "    components: not matched in the trace (events missing)\n");
	}
	if (w->x.nphase)
		rtb_sink_printf(f, "    phases (which part of the path took the time, then who held the CPU in it):\n");
	for (int k = 0; k < w->x.nphase; k++) {
		char line[400], esc[sizeof(line) * 4];
		rtb_phase_line(&w->x.phase[k], w->sample_ns, line, sizeof(line));
		rtb_esc_ctl(esc, sizeof(esc), line);
		rtb_sink_printf(f, "      %s\n", esc);
	}
	const struct rtb_phase *pre = NULL;
	for (int k = 0; k < w->x.nphase; k++)
		if (w->x.phase[k].kind == RTB_PHASE_PRE_IRQ)
			pre = &w->x.phase[k];
	rtb_sink_printf(f, "    on CPU %d from %s to the stamp (%.1f us, %u events%s%s):\n", w->x.cpu,
			m->trace->kind == RTB_TRACE_TIMER ? "the expiry" : "the first stamp",
			(double)w->x.window_ns / 1000.0, (unsigned)w->x.nev,
			w->x.events_lost ? "; the OS dropped events in it: a share may be another's" : "",
			w->x.virt ? "; a VM: any share may be the vCPU not running" : "");
	for (int k = 0; k < w->x.ncause; k++) {
		const struct rtb_cause *c = &w->x.cause[k];
		char name[64];
		rtb_esc_ctl(name, sizeof(name), c->name);
		rtb_sink_printf(f, "      %9.1f us %5.1f%%  %-8s %s", (double)c->ns / 1000.0,
				w->sample_ns > 0 ? 100.0 * (double)c->ns / (double)w->sample_ns : 0.0,
				rtb_cause_kind_name(c->kind), name);
		if (c->kind == RTB_CAUSE_UNSEEN && pre) {
			/* the before-the-interrupt phase's no-event time, said
			 * as that phase says it: the task current then is no
			 * holder (rtb_trace_phases) */
			char cur[96], esc[sizeof(cur) * 4];
			rtb_sink_printf(f, " before the interrupt: %s", rtb_phase_no_event_words(pre));
			if (w->x.events_lost)
				rtb_sink_printf(f, " (but the OS dropped events in this window: no evidence)");
			if (pre->cur.kind && !pre->idle_exit) {
				rtb_cause_text(cur, sizeof(cur), &pre->cur);
				rtb_esc_ctl(esc, sizeof(esc), cur);
				rtb_sink_printf(f, " (current: %s)", esc);
			}
			rtb_sink_printf(f, "\n");
			continue;
		}
		if (c->kind == RTB_CAUSE_TASK || c->kind == RTB_CAUSE_SELF)
			/* as the line above says it (rtb_cause_text): the
			 * SCHED_FIFO/RR priority a user set, not the kernel's
			 * inverted one (kernel 0 = RT 99) */
			rtb_sink_printf(f, c->prio >= 0 && c->prio < 100 ? " (pid %d, RT prio %d)" : " (pid %d, prio %d)",
					(int)c->pid, c->prio >= 0 && c->prio < 100 ? 99 - (int)c->prio : (int)c->prio);
		else if (c->kind == RTB_CAUSE_IRQ)
			rtb_sink_printf(f, " (irq %d)", (int)c->pid);
		rtb_sink_printf(f, ", %u time(s), first at +%.1f us\n", (unsigned)c->count, (double)c->first_ns / 1000.0);
	}
	if (w->x.other_ns)
		rtb_sink_printf(f, "      %9.1f us         others\n", (double)w->x.other_ns / 1000.0);
}

static double extra(const struct rtb_metric *m, const char *name, double dflt)
{
	for (int i = 0; i < m->nextra && i < RTB_MAX_EXTRAS; i++)
		if (!strcmp(m->extra[i].name, name))
			return m->extra[i].value;
	return dflt;
}

/* noise_text - noise.* in one line per CPU, split by cause when traced. */
static void noise_text(struct rtb_sink *f, const struct rtb_result *r)
{
	static const char *const cls[] = { "irq", "softirq", "nmi", "thread", "none" };
	int any = 0;

	for (int i = 0; i < r->nmetrics; i++) {
		const struct rtb_metric *m = r->metrics[i];
		if (!m || extra(m, "noise_us_per_s", -1) < 0)
			continue;
		if (!any++)
			rtb_sink_printf(f, "\nOS noise (gaps between a spinning thread's counter reads; its priority is in the method above)\n");
		rtb_sink_printf(f, "  %s: %.1f us/s (%.3f%% of the CPU), largest gap %.1f us, %lu gaps over %g us in "
				"%.2f s of spin; observed %.1f%% of the time (%.0f rests, %.0f ms, unobserved)\n",
				m->id, extra(m, "noise_us_per_s", 0),
				extra(m, "noise_pct", 0), m->count ? (double)m->stats.max / 1000.0 : 0.0,
				(unsigned long)m->count, extra(m, "threshold_us", 1), extra(m, "spin_s", 0),
				extra(m, "observed_pct", 100), extra(m, "rests", 0), extra(m, "rest_ms", 0));
		if (extra(m, "trace_none_us_per_s", -1) >= 0) {
			rtb_sink_printf(f, "    from the trace, us/s:");
			for (size_t k = 0; k < sizeof(cls) / sizeof(cls[0]); k++) {
				char name[32];
				snprintf(name, sizeof(name), "trace_%s_us_per_s", cls[k]);
				rtb_sink_printf(f, " %s %.1f", cls[k], extra(m, name, 0));
			}
			rtb_sink_printf(f, " (none: no event seen: hardware or hypervisor)\n");
		}
	}
}

/* streamed_text - a trace read while it ran: what it saw and what it could
 * not (counted, never dropped silently), and the successive new maxima. */
static void streamed_text(struct rtb_sink *f, const struct rtb_metric_trace *t)
{
	if (!t->streamed)
		return;
	rtb_sink_printf(f, "    read while it ran: %llu samples, %llu matched, %llu explained; not seen: %llu events "
			"dropped by the OS, %llu samples the reader missed, %llu samples' events already out of the "
			"window\n", (unsigned long long)t->samples, (unsigned long long)t->matched,
			(unsigned long long)t->explained, (unsigned long long)t->lost_events,
			(unsigned long long)t->marks_lost, (unsigned long long)t->incomplete);
	if (!t->nmax || !t->maxima)
		return;
	rtb_sink_printf(f, "    successive new maxima (the last %d of %llu):\n", t->nmax,
			(unsigned long long)t->nmax_total);
	for (int k = 0; k < t->nmax; k++) {
		char line[sizeof(t->maxima[k].w.line) * 4];
		rtb_esc_ctl(line, sizeof(line), t->maxima[k].w.line);
		rtb_sink_printf(f, "      %s%s\n", line, t->maxima[k].w.partial ? " [events partly gone]" : "");
	}
}

/* explained_in_aggregate - m is <id>@cpu<N> and <id>, the all-CPU figure,
 * has its own worst samples: they already hold every CPU's worst and
 * successive maxima (merged), so m's would repeat them. */
static const struct rtb_metric *explained_in_aggregate(const struct rtb_result *r, const struct rtb_metric *m)
{
	const char *at = strstr(m->id, "@cpu");

	for (int i = 0; at && i < r->nmetrics; i++) {
		const struct rtb_metric *a = r->metrics[i];
		if (a && a->trace && a->trace->nworst && strlen(a->id) == (size_t)(at - m->id) &&
		    !strncmp(a->id, m->id, (size_t)(at - m->id)))
			return a;
	}
	return NULL;
}

/* brk_stack_text - the blocker's kernel stack at the break (with --trace):
 * the task the CPU left for the measured task at the sample's end, where it
 * gave the CPU up; or why there is none. */
static void brk_stack_text(struct rtb_sink *f, const struct rtb_break *b)
{
	char esc[RTB_BREAK_FRAME_LEN * 4];

	if (!b->stack_kept && !b->stack_note[0])
		return;
	if (!b->stack_kept) {
		rtb_esc_ctl(esc, sizeof(esc), b->stack_note);
		rtb_sink_printf(f, "No kernel stack of a blocking task: %s.\n", esc);
		return;
	}
	rtb_esc_ctl(esc, sizeof(esc), b->stack_comm);
	rtb_sink_printf(f, "The kernel stack of task %s (pid %d, prio %d), which its CPU left for the measured task "
			"at the sample's end (innermost first)%s%s:\n", esc, b->stack_pid, b->stack_prio,
			b->stack_note[0] ? "; " : "", b->stack_note);
	for (int i = 0; i < b->nstack; i++) {
		rtb_esc_ctl(esc, sizeof(esc), b->stack[i]);
		rtb_sink_printf(f, "    %s\n", esc);
	}
}

/* rtb_write_worst_text - the section, if any metric kept worst samples. */
void rtb_write_worst_text(struct rtb_sink *f, const struct rtb_result *r)
{
	int any = 0;

	noise_text(f, r);

	for (int i = 0; i < r->nmetrics; i++) {
		const struct rtb_metric *m = r->metrics[i];
		if (!m || !m->trace || !m->trace->nworst)
			continue;
		if (!any++)
			rtb_sink_printf(f, "\nThe worst samples explained (kernel trace: what held the CPU from the "
					"start of each sample's period to its stamp)\n");
		const struct rtb_metric *agg = explained_in_aggregate(r, m);
		if (agg) {
			/* one line a CPU: its lists are in the all-CPU figure's
			 * above and in the JSON (printed per CPU too, a traced
			 * 30 s run showed them three times over, ~110 lines) */
			rtb_sink_printf(f, "  %s: max %.1f us; its %d worst and %d successive maxima are in %s's "
					"lists above and in the JSON\n", m->id,
					(double)m->trace->worst[0].sample_ns / 1000.0, m->trace->nworst,
					m->trace->nmax, agg->id);
			continue;
		}
		for (int k = 0; k < m->trace->nworst; k++) {
			char line[sizeof(m->trace->worst[k].line) * 4];
			rtb_esc_ctl(line, sizeof(line), m->trace->worst[k].line);
			rtb_sink_printf(f, "  %s%s\n", line, m->trace->worst[k].partial ? " [events partly gone]" : "");
			if (k == 0 || m->trace->worst[k].broke)
				worst_detail(f, m, &m->trace->worst[k]);
		}
		streamed_text(f, m->trace);
	}
	if (r->set.brk.hit) {
		char id[sizeof(r->set.brk.id) * 4];
		rtb_esc_ctl(id, sizeof(id), r->set.brk.id);
		rtb_sink_printf(f, "\nStopped at the first sample over %s %lld (%s): a %s "
				"sample of %.1f us; the figures are of the samples up to it.\n",
				rtb_break_words(&r->set.brk), (long long)(r->set.brk.ns / 1000),
				rtb_break_like(&r->set.brk), id, (double)r->set.brk.sample_ns / 1000.0);
		if (r->set.brk.evidence[0]) {
			char ev[sizeof(r->set.brk.evidence) * 4];
			rtb_esc_ctl(ev, sizeof(ev), r->set.brk.evidence);
			rtb_sink_printf(f, "Its window of events (CPU %d, %u events): %s (Trace Event Format: "
					"ui.perfetto.dev or chrome://tracing open it)\n", r->set.brk.evidence_cpu,
					(unsigned)r->set.brk.evidence_events, ev);
		}
		brk_stack_text(f, &r->set.brk);
	}
}
