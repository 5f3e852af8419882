/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the report's "rtbench beside rtla" block: for
 * each rtla timerlat file among the systems (host/rtla.c reads it as a
 * result "from rtla"), the rtbench result of the same kernel and load
 * beside it, with the ratio rtbench / rtla of the timer wake-up's p50, p99
 * and max. The peer is the system whose label the rtla file names
 * (`# rtla-beside: LABEL`, written by bench/kernels.sh in the same boot),
 * else the one rtbench result when there is only one. The compare tables'
 * columns are against the first system; this pairs each tool with its
 * peer. Nothing when no rtla file is among the systems. */
#include <string.h>
#include "host/render/render_html.h"
#include "rtbench/stat_names.h"

static int from_rtla(const struct rtb_rf *r)
{
	return r->tool_name && !strncmp(r->tool_name, "rtla", 4);
}

/* peer - the rtbench system beside rtla system i, or -1. */
static long peer(const struct rtb_cmp *c, size_t i)
{
	const char *want = rtb_rf_kv_get(&c->sys[i].settings, "beside");
	long only = -1;
	size_t n = 0;

	for (size_t j = 0; j < c->nsys; j++) {
		if (from_rtla(&c->sys[j]))
			continue;
		if (want && c->sys[j].label && !strcmp(c->sys[j].label, want))
			return (long)j;
		only = (long)j;
		n++;
	}
	return !want && n == 1 ? only : -1;
}

static void cell(struct rtb_sb *b, const struct rtb_rf_metric *m, enum rtb_stat s)
{
	double v;
	char buf[48];

	if (m && rtb_rf_stat(m, s, &v)) {
		rtb_cmp_fmt_time(buf, sizeof(buf), v, "ns");
		rtb_sb_printf(b, "<td>%s</td>", buf);
	} else {
		rtb_sb_puts(b, "<td>-</td>");
	}
}

static void ratio(struct rtb_sb *b, const struct rtb_rf_metric *a, const struct rtb_rf_metric *r, enum rtb_stat s)
{
	double x, y;

	if (a && r && rtb_rf_stat(a, s, &x) && rtb_rf_stat(r, s, &y) && y > 0)
		rtb_sb_printf(b, "<td><b>%.2f</b></td>", x / y);
	else
		rtb_sb_puts(b, "<td>-</td>");
}

void rtb_html_rtla_section(struct rtb_sb *b, const struct rtb_cmp *c)
{
	static const enum rtb_stat st[] = { RTB_STAT_P50, RTB_STAT_P99, RTB_STAT_MAX };
	static const char *const sn[] = { "p50", "p99", "max" };
	int any = 0;

	for (size_t i = 0; i < c->nsys; i++)
		any |= from_rtla(&c->sys[i]);
	if (!any)
		return;
	rtb_sb_puts(b, "<section id=\"rtla\"><h2>rtbench beside rtla (the kernel's own timerlat)</h2>\n"
		       "<p class=\"sub\">Timer wake-up latency in us: rtbench's <code>irq.timer.nanosleep</code> (a "
		       "user task's clock_nanosleep, stamped in user space) beside timerlat's thread latency (a "
		       "kernel thread woken by a kernel hrtimer, stamped in the kernel), and their ratio rtbench / "
		       "rtla. rtla's figures are at its histogram bucket's resolution. timerlat's IRQ latency has no "
		       "untraced rtbench peer: its nearest figure is the traced pass's <code>expiry_to_irq</code> "
		       "component (bench/kernels.sh's summary.txt; docs/kernels.md says why they differ).</p>\n"
		       "<table class=\"systems\"><thead><tr><th>rtla</th><th>rtbench</th>");
	for (size_t s = 0; s < 3; s++)
		rtb_sb_printf(b, "<th>rtbench %s</th><th>rtla %s</th><th>ratio</th>", sn[s], sn[s]);
	rtb_sb_puts(b, "<th>rtla IRQ p50</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < c->nsys; i++) {
		if (!from_rtla(&c->sys[i]))
			continue;
		long j = peer(c, i);
		const struct rtb_rf_metric *r = rtb_rf_find(&c->sys[i], "irq.timer.nanosleep");
		const struct rtb_rf_metric *a = j >= 0 ? rtb_rf_find(&c->sys[j], "irq.timer.nanosleep") : NULL;
		rtb_sb_puts(b, "<tr><td>");
		rtb_sb_html(b, c->labels[i]);
		rtb_sb_puts(b, "</td><td>");
		if (j >= 0)
			rtb_sb_html(b, c->labels[j]);
		else
			rtb_sb_puts(b, "none: no rtbench result of that boot among the files");
		rtb_sb_puts(b, "</td>");
		for (size_t s = 0; s < 3; s++) {
			cell(b, a, st[s]);
			cell(b, r, st[s]);
			ratio(b, a, r, st[s]);
		}
		cell(b, rtb_rf_find(&c->sys[i], "timerlat.irq"), RTB_STAT_P50);
		rtb_sb_puts(b, "</tr>\n");
	}
	rtb_sb_puts(b, "</tbody></table></section>\n");
}
