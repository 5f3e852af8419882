/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench report`: the ops table of the HTML report. The
 * page itself is render_html.c; options, loading and the atomic write are
 * the shared runner's (runner.c). */
#include <stdio.h>

#include "rtbench/err.h"
#include "host/host.h"
#include "host/render.h"
#include "host/runner.h"

static void report_usage(FILE *f)
{
	fprintf(f,
		"usage: rtbench report [options] A.json [B.json ...] -o report.html\n"
		"\n"
		"One self-contained HTML file (inline SVG, no network access) with, per\n"
		"measurement, a histogram (each run's share of its own samples, so runs of\n"
		"different lengths compare), a percentile plot and latency\n"
		"over sample index for all systems overlaid, the comparison tables of\n"
		"`rtbench compare`, and each system's fingerprint and settings.\n"
		"\n"
		"options:\n"
		"  -o, --output FILE  the HTML file to write (required; written atomically)\n"
		"  -t, --title TEXT   page title (default \"rtbench report\")\n"
		"  -a, --alpha A      significance level, 0 < A < 1 (default %g)\n"
		"  -h, --help         this help\n"
		"\n"
		"exit status: 0 ok, 2 bad input or options, 1 other failure\n",
		RTB_CMP_DEFAULT_ALPHA);
}

static int report_parse(struct rtb_host *h, int opt, const char *arg)
{
	if (opt != 't')
		return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)", opt);
	h->title = arg;
	return 0;
}

static int report_init(struct rtb_host *h)
{
	return rtb_host_load_results(h, 1, RTB_CMP_MAX_SYS);
}

static const struct option report_opts[] = {
	{ "title", required_argument, NULL, 't' },
	{ NULL, 0, NULL, 0 },
};

static const struct rtb_render *const report_formats[] = { &rtb_render_html, NULL };

static const struct rtb_host_ops report_ops = {
	.name = "report",
	.usage = report_usage,
	.common = RTB_HOST_OPT_OUTPUT | RTB_HOST_OPT_ALPHA | RTB_HOST_OUTPUT_REQUIRED,
	.formats = report_formats,
	.shortopts = "t:",
	.longopts = report_opts,
	.parse = report_parse,
	.init = report_init,
	.run = rtb_host_build_cmp,
	.print = rtb_host_render,
};

int rtb_host_report(int argc, char **argv)
{
	return rtb_host_main(&report_ops, argc, argv);
}
