/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench report`: the ops table of the HTML report. The
 * page itself is render_html.c; options, loading and the atomic write are
 * the shared runner's (runner.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtbench/err.h"
#include "host/cmd/host.h"
#include "host/compare/qualify.h"
#include "host/compare/tune_model.h"
#include "host/render/render.h"
#include "host/cmd/runner.h"
#include "host/render/tail_view.h"

enum { O_QUALIFY = 256, O_THR, O_PLAN };

/* the --qualify page's state (one report a process) */
static struct rtb_qual qual;
static int qualify;
/* a tune file's section (report tune.json [...]) */
static struct rtb_tune_run tune;

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
		"A `rtbench tune --json` file among the inputs adds its section (each knob's\n"
		"verdict, reads before and after, p50 effects with intervals, every figure's\n"
		"effect); alone, it is the page (docs/tuning.md).\n"
		"\n"
		"  rtbench report --qualify LONG.json [CYCLICTEST.json ...] -o q.html\n"
		"\n"
		"A qualification page of one long run (rtbench run -S -D ...) with other runs of\n"
		"the same set-up beside it (cyclictest --json): per-CPU figures, the OSADL-form\n"
		"histogram (samples per 1 us, log counts), interval maxima over time, crossing\n"
		"rates with 95%% intervals per sample and per CPU-hour, `rtbench tail`'s plan,\n"
		"the worst samples' causes, the doctor's findings and the fingerprint; every\n"
		"figure labelled with what it includes.\n"
		"\n"
		"options:\n"
		"  -o, --output FILE  the HTML file to write (required; written atomically)\n"
		"  -t, --title TEXT   page title (default \"rtbench report\")\n"
		"  -a, --alpha A      significance level, 0 < A < 1 (default %g)\n"
		"  --qualify          the qualification page (above)\n"
		"  --threshold-us L   --qualify: crossing rates over these (us, comma-separated;\n"
		"                     default 100 and the thresholds the run counted)\n"
		"  --plan H           --qualify: the plan for a run of H hours (default 24)\n"
		"  -h, --help         this help\n"
		"\n"
		"exit status: 0 ok, 2 bad input or options, 1 other failure\n",
		RTB_CMP_DEFAULT_ALPHA);
}

static int report_parse(struct rtb_host *h, int opt, const char *arg)
{
	char *end;

	switch (opt) {
	case 't':
		h->title = arg;
		return 0;
	case O_QUALIFY:
		qualify = 1;
		h->fmt = &rtb_render_qualify;
		return 0;
	case O_THR:
		return rtb_host_parse_thresholds(h, arg, qual.thr_ns, &qual.nthr);
	case O_PLAN:
		qual.plan_h = strtod(arg, &end);
		if (end == arg || *end || !(qual.plan_h > 0 && qual.plan_h <= 1e6))
			return rtb_host_error(h, RTB_EINVAL, "--plan: '%s' is not a number of hours "
					      "above 0", arg);
		return 0;
	}
	return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)", opt);
}

/* qual_thresholds - --qualify without --threshold-us: 100 us and every
 * threshold the first file counted in its loop (--deadline-us,
 * --count-over-us), ascending, no two alike. */
static void qual_thresholds(const struct rtb_rf *r)
{
	qual.thr_ns[qual.nthr++] = 100000;
	for (size_t k = 0; k < r->nmetrics; k++)
		for (int j = 0; j < r->metrics[k].ncounted; j++) {
			int64_t t = r->metrics[k].counted_ns[j];
			size_t i = 0;

			while (i < qual.nthr && qual.thr_ns[i] != t)
				i++;
			if (i == qual.nthr && qual.nthr < RTB_TAIL_MAX_THR)
				qual.thr_ns[qual.nthr++] = t;
		}
	for (size_t i = 0; i < qual.nthr; i++)
		for (size_t j = i + 1; j < qual.nthr; j++)
			if (qual.thr_ns[j] < qual.thr_ns[i]) {
				int64_t x = qual.thr_ns[i];
				qual.thr_ns[i] = qual.thr_ns[j];
				qual.thr_ns[j] = x;
			}
}

/* take_tune - a `rtbench tune --json` file among the inputs becomes the
 * page's tune section (one a report), the rest stay result files. */
static int take_tune(struct rtb_host *h)
{
	char err[400];
	size_t k = 0;
	int rc;

	for (size_t i = 0; i < h->nargs; i++) {
		struct stat st;
		if (stat(h->args[i], &st) || !S_ISREG(st.st_mode) || !rtb_tune_is_file(h->args[i])) {
			h->args[k++] = h->args[i];
			continue;
		}
		if (h->tune)
			return rtb_host_error(h, RTB_EINVAL, "%s: a second tune file (one a report)", h->args[i]);
		if (qualify)
			return rtb_host_error(h, RTB_EINVAL, "%s: a tune file has no place on the --qualify page",
					      h->args[i]);
		rc = rtb_tune_load(h->args[i], &tune, err, sizeof(err));
		if (rc)
			return rtb_host_error(h, rc, "%s: %s", h->args[i], err);
		h->tune = &tune;
		h->tune_path = h->args[i];
	}
	h->nargs = k;
	return 0;
}

static int report_init(struct rtb_host *h)
{
	char err[400];
	int rc;

	if (!qualify && (qual.nthr || qual.plan_h > 0))
		return rtb_host_error(h, RTB_EINVAL, "--threshold-us and --plan: options of --qualify");
	if ((rc = take_tune(h)))
		return rc;
	if (h->tune && !h->nargs)
		return 0;     /* the tune's section alone */
	rc = rtb_host_load_results(h, 1, RTB_CMP_MAX_SYS);
	if (rc || !qualify)
		return rc;
	if (!qual.nthr)
		qual_thresholds(&h->files[0]);
	if (!(qual.plan_h > 0))
		qual.plan_h = 24;
	rc = rtb_qual_load_doctor(h->files[0].path, &qual, err, sizeof(err));
	if (rc)
		return rtb_host_error(h, rc, "%s", rc == RTB_ENOMEM ? "out of memory" : err);
	h->priv = &qual;
	return 0;
}

/* report_run - the comparison of the result files (none: a tune's page). */
static int report_run(struct rtb_host *h)
{
	return h->tune && !h->nargs ? 0 : rtb_host_build_cmp(h);
}

static void report_free(struct rtb_host *h)
{
	(void)h;
	rtb_tune_run_free(&tune);
	rtb_qual_free(&qual);
	qualify = 0;
}

static const struct option report_opts[] = {
	{ "title", required_argument, NULL, 't' },
	{ "qualify", no_argument, NULL, O_QUALIFY },
	{ "threshold-us", required_argument, NULL, O_THR },
	{ "plan", required_argument, NULL, O_PLAN },
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
	.run = report_run,
	.print = rtb_host_render,
	.free = report_free,
};

int rtb_host_report(int argc, char **argv)
{
	return rtb_host_main(&report_ops, argc, argv);
}
