/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the qualification page's tables and words
 * (render_qualify.h): the figures per CPU, the crossing rates with their
 * 95% intervals, `rtbench tail`'s text with the plan, the worst samples.
 * Every string from a file goes through rtb_sb_html. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/render/render.h"
#include "host/render/render_qualify.h"
#include "host/render/tail_view.h"

const char *rtb_qpage_us(char *buf, size_t len, double ns)
{
	snprintf(buf, len, "%.3f", ns / 1000.0);
	return buf;
}

const char *rtb_qpage_sig(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (v != 0 && (fabs(v) < 1e-3 || fabs(v) >= 1e6))
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, "%.4g", v);
	return buf;
}

void rtb_qpage_figures(struct rtb_sb *b, const struct rtb_qline *s, int n)
{
	char a[32];

	rtb_sb_puts(b, "<h3>Figures per CPU</h3><p class=\"what\">Every sample each file kept for that CPU "
		    "(\"all CPUs\": every CPU's samples together). Time: the CPU's measured time, or count x "
		    "period where the file keeps none (said). Percentiles: nearest rank; from a histogram, "
		    "to its bucket's resolution (said per row). Overflow: samples past the top of the file's 1 us "
		    "histogram (-h), only their count known (rtbench: its 1 us bins' top; its log histogram "
		    "keeps them).</p>\n"
		    "<table><thead><tr><th>source</th><th>samples</th><th>time (h)</th><th>min us</th>"
		    "<th>p50 us</th><th>p99 us</th><th>p99.9 us</th><th>max us</th><th>overflow</th>"
		    "<th>percentiles from</th></tr></thead><tbody>\n");
	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;

		rtb_sb_puts(b, "<tr><td>");
		rtb_sb_html(b, s[i].label);
		rtb_sb_printf(b, "</td><td>%llu</td>", (unsigned long long)m->count);
		if (s[i].t && s[i].t->hours > 0)
			rtb_sb_printf(b, "<td>%s%s</td>", rtb_qpage_sig(a, sizeof(a), s[i].t->hours),
				      s[i].t->hours_from_period ? " (count x period)" : "");
		else
			rtb_sb_puts(b, "<td>unknown</td>");
		rtb_sb_printf(b, "<td>%s</td>", rtb_qpage_us(a, sizeof(a), (double)m->min));
		rtb_sb_printf(b, "<td>%s</td>", m->has_pct[0] ? rtb_qpage_us(a, sizeof(a), (double)m->pct[0]) : "-");
		rtb_sb_printf(b, "<td>%s</td>", m->has_pct[2] ? rtb_qpage_us(a, sizeof(a), (double)m->pct[2]) : "-");
		rtb_sb_printf(b, "<td>%s</td>", m->has_pct[3] ? rtb_qpage_us(a, sizeof(a), (double)m->pct[3]) : "-");
		/* as cyclictest's: the samples past the 1 us bins' top (-h) */
		rtb_sb_printf(b, "<td>%s</td><td>%llu</td><td>", rtb_qpage_us(a, sizeof(a), (double)m->max),
			      (unsigned long long)(m->lin ? m->lin_overflow : m->has_hist ? m->overflow : 0));
		if (m->samples && m->nsamples == m->count)
			rtb_sb_puts(b, "every sample");
		else if (m->hist_mode)
			rtb_sb_printf(b, "histogram (+-%.2g%%)", m->pct_resolution_pct);
		else if (m->has_hist)
			rtb_sb_puts(b, "histogram (1 us bins)");
		else
			rtb_sb_puts(b, "the file's figures");
		rtb_sb_puts(b, "</td></tr>\n");
	}
	rtb_sb_puts(b, "</tbody></table>\n");
}

void rtb_qpage_crossings(struct rtb_sb *b, const struct rtb_qline *s, int n, const struct rtb_qual *q)
{
	char a[32], c[32], d[32];

	rtb_sb_puts(b, "<h3>Crossing rates</h3><p class=\"what\">Samples over each threshold: the count "
		    "(exact, or between two bucket edges where a histogram cannot tell: both said), its rate "
		    "per sample and per CPU-hour of measured time, each with its exact 95% interval "
		    "(Clopper-Pearson / Garwood). \"all CPUs\": every CPU's samples, its hours the CPUs' "
		    "hours summed. Nothing over a threshold: the one-sided 95% upper bound.</p>\n");
	for (size_t e = 0; e < q->nthr; e++) {
		rtb_sb_printf(b, "<table><thead><tr><th>over %s us</th><th>samples over</th><th>of</th>"
			      "<th>per sample [95%%]</th><th>per CPU-hour [95%%]</th><th>counted</th></tr>"
			      "</thead><tbody>\n", rtb_qpage_us(a, sizeof(a), (double)q->thr_ns[e]));
		for (int i = 0; i < n; i++) {
			const struct rtb_tail_exc *x;

			if (!s[i].t || e >= s[i].t->nexc)
				continue;
			x = &s[i].t->exc[e];
			rtb_sb_puts(b, "<tr><td>");
			rtb_sb_html(b, s[i].label);
			if (x->exact)
				rtb_sb_printf(b, "</td><td>%llu</td>", (unsigned long long)x->k_lo);
			else
				rtb_sb_printf(b, "</td><td>%llu to %llu</td>", (unsigned long long)x->k_lo,
					      (unsigned long long)x->k_hi);
			rtb_sb_printf(b, "<td>%llu</td>", (unsigned long long)x->n);
			if (x->k_hi == 0)
				rtb_sb_printf(b, "<td>0 [0, %s]</td>", rtb_qpage_sig(a, sizeof(a), x->zero_p_hi));
			else
				rtb_sb_printf(b, "<td>%s [%s, %s]</td>",
					      rtb_qpage_sig(a, sizeof(a), (double)(x->k_lo + x->k_hi) / 2 / (double)x->n),
					      rtb_qpage_sig(c, sizeof(c), x->p_lo), rtb_qpage_sig(d, sizeof(d), x->p_hi));
			if (x->hours > 0)
				rtb_sb_printf(b, "<td>%s [%s, %s]</td>", rtb_qpage_sig(a, sizeof(a), x->per_h),
					      rtb_qpage_sig(c, sizeof(c), x->per_h_lo), rtb_qpage_sig(d, sizeof(d), x->per_h_hi));
			else
				rtb_sb_puts(b, "<td>time unknown</td>");
			rtb_sb_puts(b, "<td>");
			rtb_sb_html(b, x->how ? x->how : "");
			rtb_sb_puts(b, "</td></tr>\n");
		}
		rtb_sb_puts(b, "</tbody></table>\n");
	}
}

void rtb_qpage_tail(struct rtb_sb *b, const struct rtb_qual *q, const struct rtb_qline *s)
{
	struct rtb_tail_run run = { 0 };
	struct rtb_tail_file tf = { 0 };
	struct rtb_host th;
	struct rtb_sb t = { 0 };
	struct rtb_tail *tail = calloc(1, sizeof(*tail));

	if (!tail)
		return;
	memcpy(run.o.thr_ns, q->thr_ns, sizeof(run.o.thr_ns));
	run.o.nthr = q->nthr;
	run.o.plan_h = q->plan_h;
	if (rtb_tail_analyze(s->r, s->m, &run.o, tail)) {
		free(tail);
		return;
	}
	tf.r = s->r;
	tf.t = tail;
	tf.nt = 1;
	run.f = &tf;
	run.nf = 1;
	memset(&th, 0, sizeof(th));
	th.priv = &run;
	if (!rtb_render_tail_text.render(&t, &th)) {
		rtb_sb_printf(b, "<h3>The tail and the plan (<code>rtbench tail --threshold-us ... --plan %gh</code>"
			      " on %s)</h3><p class=\"what\">Its rates with their intervals, whether the tail "
			      "was steady over the run, the fitted tail where the tests allowed one, and what a "
			      "run of %g h would see; each line says what it rests on.</p><pre>",
			      q->plan_h, s->cpu < 0 ? "the all-CPU figure" : "the CPU", q->plan_h);
		rtb_sb_html(b, rtb_sb_cstr(&t));
		rtb_sb_puts(b, "</pre>\n");
	}
	rtb_sb_free(&t);
	free(tail);
}

void rtb_qpage_worst(struct rtb_sb *b, const struct rtb_qline *s, int n)
{
	int any = 0;

	for (int i = 0; i < n; i++) {
		const struct rtb_rf_metric *m = s[i].m;
		if (!m->nworst && !m->nworst_s)
			continue;
		if (!any++)
			rtb_sb_puts(b, "<h3>The worst samples</h3><p class=\"what\">Largest first. With "
				    "<code>run --trace</code> each says what held the CPU, phase by phase, from "
				    "the kernel's events; on a virtual machine any of it may be the host's stop "
				    "of the vCPU (each line says so). Without a trace: when and where.</p>\n");
		rtb_render_markup(b, "<p><b>%s</b></p><ul>", s[i].label);
		if (m->nworst) {
			for (size_t k = 0; k < m->nworst && k < 5; k++)
				rtb_render_markup(b, "<li><code>%s</code></li>", m->worst_lines[k]);
		} else {
			char a[32];
			for (size_t k = 0; k < m->nworst_s && k < 5; k++)
				rtb_sb_printf(b, "<li>%s us at +%.3f s on CPU %d (no trace: cause not recorded)</li>",
					      rtb_qpage_us(a, sizeof(a), (double)m->worst[k].ns), (double)m->worst[k].t_ns / 1e9,
					      m->worst[k].cpu);
		}
		rtb_sb_puts(b, "</ul>\n");
	}
}
