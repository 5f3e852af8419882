/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench compare`: the ops table of the comparison
 * command. Everything else is shared: options and lifecycle in runner.c,
 * the model in compare.c, one renderer per format in render_<fmt>.c. */
#include <stdio.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare/fleet.h"
#include "host/cmd/host.h"
#include "host/render/render.h"
#include "host/cmd/runner.h"
#include "host/render/tail_view.h"

#define FLEET_MAX 4096

static void compare_usage(FILE *f)
{
	fprintf(f,
		"usage: rtbench compare [options] A.json B.json [C.json ...]\n"
		"\n"
		"Side-by-side tables of result files written by `rtbench run --json`:\n"
		"one table per measurement, one column per system (first = baseline),\n"
		"relative differences, a verdict per system against the first (Welch's\n"
		"t-test on the rounds' medians, and on each round's p99, p99.9 and max,\n"
		"called only beyond run-to-run noise), notes where runs were measured\n"
		"differently, and a summary per measurement that leads with the worst case.\n"
		"\n"
		"options:\n"
		"  -f, --format FMT   text (default), markdown, csv or json\n"
		"  -o, --output FILE  write to FILE (atomically) instead of stdout\n"
		"  -a, --alpha A      significance level, 0 < A < 1 (default %g)\n"
		"      --fleet        the fleet view of many files (up to %d): one row per\n"
		"                     system, per measurement its median and p99; text,\n"
		"                     markdown or csv\n"
		"      --sort KEY     fleet rows by KEY: file (default), label, or a\n"
		"                     measurement id with :p50 (default) or :p99\n"
		"      --histogram    text format: after each table a text histogram of every\n"
		"                     system (as cyclictest -h: 1 us bins, wider for a wide span)\n"
		"  -t, --threshold-us T[,T2...]  how often each system crossed T us: counts and\n"
		"                     rates per million side by side, and each rate's ratio to\n"
		"                     the first's with its exact 95%% interval; exact where a\n"
		"                     run counted T in its loop (--deadline-us, --count-over-us)\n"
		"                     or kept every sample, else bounded by the histogram's\n"
		"                     buckets, said so, the interval widened (docs/tail.md)\n"
		"  -h, --help         this help\n"
		"\n"
		"A directory stands for its *.json files (name order); a quoted glob\n"
		"pattern for its matches. rt-tests --json files (cyclictest, pmqtest,\n"
		"ptsematest, svsematest, sigwaittest) are read as results \"from rt-tests\".\n"
		"\n"
		"exit status: 0 ok, 2 bad input or options, 1 other failure\n",
		RTB_CMP_DEFAULT_ALPHA, FLEET_MAX);
}


enum { O_FLEET = 1000, O_SORT, O_HISTOGRAM };

static struct {
	int on;
	const char *sort;
	struct rtb_fleet f;
	int64_t thr_ns[RTB_TAIL_MAX_THR]; /* --threshold-us */
	size_t nthr;
} fleet;

static const struct rtb_render *const fleet_formats[] = {
	&rtb_render_fleet_text, &rtb_render_fleet_markdown, &rtb_render_fleet_csv, NULL,
};

static int compare_setup(struct rtb_host *h)
{
	(void)h; /* a hook: the fleet state is this file's */
	memset(&fleet, 0, sizeof(fleet));
	return 0;
}

static int compare_parse(struct rtb_host *h, int opt, const char *arg)
{
	if (opt == O_FLEET)
		fleet.on = 1;
	else if (opt == O_SORT)
		fleet.sort = arg;
	else if (opt == O_HISTOGRAM)
		h->histogram = 1;
	else if (opt == 't')
		return rtb_host_parse_thresholds(h, arg, fleet.thr_ns, &fleet.nthr);
	else
		return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)", opt);
	return 0;
}

static int compare_init(struct rtb_host *h)
{
	const struct rtb_render *const *f;

	if (h->histogram && (fleet.on || strcmp(h->fmt->name, "text")))
		return rtb_host_error(h, RTB_EINVAL, "--histogram: only with the text format, "
				      "without --fleet");
	if (!fleet.on) {
		if (fleet.sort)
			return rtb_host_error(h, RTB_EINVAL, "--sort: only with --fleet");
	} else if (fleet.nthr) {
		return rtb_host_error(h, RTB_EINVAL, "--threshold-us: not with --fleet");
	}
	if (!fleet.on) {
		return rtb_host_load_results(h, 2, RTB_CMP_MAX_SYS);
	}
	/* the fleet renders its own model: the format of the same name */
	for (f = fleet_formats; *f && strcmp((*f)->name, h->fmt->name); f++)
		;
	if (!*f)
		return rtb_host_error(h, RTB_EINVAL, "--format %s: the fleet view is text, markdown or csv",
				      h->fmt->name);
	h->fmt = *f;
	return rtb_host_load_paths(h, 1, FLEET_MAX, 0);
}

static int compare_run(struct rtb_host *h)
{
	int rc;

	if (!fleet.on) {
		if ((rc = rtb_host_build_cmp(h)))
			return rc;
		if (rtb_cmp_thresholds(&h->cmp, fleet.thr_ns, fleet.nthr))
			return rtb_host_error(h, RTB_ENOMEM, "out of memory");
		return 0;
	}
	rc = rtb_fleet_build(&fleet.f, h->files, h->nfiles, fleet.sort);
	if (rc == RTB_EINVAL)
		return rtb_host_error(h, rc, "--sort %s: not file, label, or a measurement id "
				      "(with :p50 or :p99) that some file has", fleet.sort);
	if (rc)
		return rtb_host_error(h, rc, "out of memory");
	h->fleet = &fleet.f;
	return 0;
}

static void compare_free(struct rtb_host *h)
{
	(void)h;
	rtb_fleet_free(&fleet.f);
}

static const struct option compare_opts[] = {
	{ "fleet", no_argument, NULL, O_FLEET },
	{ "sort", required_argument, NULL, O_SORT },
	{ "histogram", no_argument, NULL, O_HISTOGRAM },
	{ "threshold-us", required_argument, NULL, 't' },
	{ NULL, 0, NULL, 0 },
};

static const struct rtb_render *const compare_formats[] = {
	&rtb_render_text, &rtb_render_markdown, &rtb_render_csv, &rtb_render_json, NULL,
};

static const struct rtb_host_ops compare_ops = {
	.name = "compare",
	.usage = compare_usage,
	.common = RTB_HOST_OPT_FORMAT | RTB_HOST_OPT_OUTPUT | RTB_HOST_OPT_ALPHA,
	.formats = compare_formats,
	.setup = compare_setup,
	.longopts = compare_opts,
	.shortopts = "t:",
	.parse = compare_parse,
	.init = compare_init,
	.run = compare_run,
	.print = rtb_host_render,
	.free = compare_free,
};

int rtb_host_compare(int argc, char **argv)
{
	return rtb_host_main(&compare_ops, argc, argv);
}
