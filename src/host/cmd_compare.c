/* rtbench host - `rtbench compare`: the ops table of the comparison
 * command. Everything else is shared: options and lifecycle in runner.c,
 * the model in compare.c, one renderer per format in render_<fmt>.c. */
#include <stdio.h>

#include "host/host.h"
#include "host/render.h"
#include "host/runner.h"

static void compare_usage(FILE *f)
{
	fprintf(f,
		"usage: rtbench compare [options] A.json B.json [C.json ...]\n"
		"\n"
		"Side-by-side tables of result files written by `rtbench run --json`:\n"
		"one table per measurement, one column per system (first = baseline),\n"
		"relative differences of mean, p99 and max, a two-sided Mann-Whitney U\n"
		"test per system against the first, notes where runs were measured\n"
		"differently, and a one-sentence summary per measurement.\n"
		"\n"
		"options:\n"
		"  -f, --format FMT   text (default), markdown, csv or json\n"
		"  -o, --output FILE  write to FILE (atomically) instead of stdout\n"
		"  -a, --alpha A      significance level, 0 < A < 1 (default %g)\n"
		"  -h, --help         this help\n"
		"\n"
		"exit status: 0 ok, 2 bad input or options, 1 other failure\n",
		RTB_CMP_DEFAULT_ALPHA);
}

static int compare_init(struct rtb_host *h)
{
	return rtb_host_load_results(h, 2, RTB_CMP_MAX_SYS);
}

static const struct rtb_render *const compare_formats[] = {
	&rtb_render_text, &rtb_render_markdown, &rtb_render_csv, &rtb_render_json, NULL,
};

static const struct rtb_host_ops compare_ops = {
	.name = "compare",
	.usage = compare_usage,
	.common = RTB_HOST_OPT_FORMAT | RTB_HOST_OPT_OUTPUT | RTB_HOST_OPT_ALPHA,
	.formats = compare_formats,
	.init = compare_init,
	.run = rtb_host_build_cmp,
	.print = rtb_host_render,
};

int rtb_host_compare(int argc, char **argv)
{
	return rtb_host_main(&compare_ops, argc, argv);
}
