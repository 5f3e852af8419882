/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench output - the worst samples explained, as text (run --trace):
 * per traced metric one line per kept sample naming its largest
 * contributors, then for the largest its components and every contributor
 * with the time it held the CPU and its share of the sample. Names came
 * from the kernel's trace (task and handler names): escaped. */
#include <stdio.h>
#include "rtbench/escape.h"
#include "rtbench/output.h"
#include "rtbench/sink.h"

static void worst_detail(struct rtb_sink *f, const struct rtb_metric *m, const struct rtb_worst *w)
{
	struct rtb_trace_out names = { 0 };

	rtb_trace_comp_names(m->trace->kind, &names);
	if (w->matched) {
		rtb_sink_printf(f, "    components:");
		for (int k = 0; k < names.ncomp; k++)
			rtb_sink_printf(f, "%s %s %.1f", k ? " ->" : "", names.comp_name[k], (double)w->comp_ns[k] / 1000.0);
		rtb_sink_printf(f, " us\n");
	} else {
		rtb_sink_printf(f, "    components: not matched in the trace (events missing)\n");
	}
	rtb_sink_printf(f, "    on CPU %d from %s to the stamp (%.1f us, %u events):\n", w->x.cpu,
			m->trace->kind == RTB_TRACE_TIMER ? "the expiry" : "the first stamp",
			(double)w->x.window_ns / 1000.0, (unsigned)w->x.nev);
	for (int k = 0; k < w->x.ncause; k++) {
		const struct rtb_cause *c = &w->x.cause[k];
		char name[64];
		rtb_esc_ctl(name, sizeof(name), c->name);
		rtb_sink_printf(f, "      %9.1f us %5.1f%%  %-8s %s", (double)c->ns / 1000.0,
				w->sample_ns > 0 ? 100.0 * (double)c->ns / (double)w->sample_ns : 0.0,
				rtb_cause_kind_name(c->kind), name);
		if (c->kind == RTB_CAUSE_TASK || c->kind == RTB_CAUSE_SELF)
			rtb_sink_printf(f, " (pid %d, kernel prio %d)", (int)c->pid, (int)c->prio);
		else if (c->kind == RTB_CAUSE_IRQ)
			rtb_sink_printf(f, " (irq %d)", (int)c->pid);
		rtb_sink_printf(f, ", %u time(s), first at +%.1f us\n", (unsigned)c->count, (double)c->first_ns / 1000.0);
	}
	if (w->x.other_ns)
		rtb_sink_printf(f, "      %9.1f us         others\n", (double)w->x.other_ns / 1000.0);
}

/* rtb_write_worst_text - the section, if any metric kept worst samples. */
void rtb_write_worst_text(struct rtb_sink *f, const struct rtb_result *r)
{
	int any = 0;

	for (int i = 0; i < r->nmetrics; i++) {
		const struct rtb_metric *m = r->metrics[i];
		if (!m || !m->trace || !m->trace->nworst)
			continue;
		if (!any++)
			rtb_sink_printf(f, "\nThe worst samples explained (kernel trace: what held the CPU from the "
					"start of each sample's period to its stamp)\n");
		for (int k = 0; k < m->trace->nworst; k++) {
			char line[sizeof(m->trace->worst[k].line) * 4];
			rtb_esc_ctl(line, sizeof(line), m->trace->worst[k].line);
			rtb_sink_printf(f, "  %s\n", line);
			if (k == 0 || m->trace->worst[k].broke)
				worst_detail(f, m, &m->trace->worst[k]);
		}
	}
	if (r->set.brk.hit) {
		char id[sizeof(r->set.brk.id) * 4];
		rtb_esc_ctl(id, sizeof(id), r->set.brk.id);
		rtb_sink_printf(f, "\nStopped at the first sample over --break-us %lld (like cyclictest -b): a %s "
				"sample of %.1f us; the figures are of the samples up to it.\n",
				(long long)(r->set.brk.ns / 1000), id, (double)r->set.brk.sample_ns / 1000.0);
	}
}
