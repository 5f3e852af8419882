/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tail`: how far to trust the worst case of each
 * metric of one or more result files (docs/tail.md). The analysis is
 * tail.c; the output render_tail_text.c and render_tail_json.c; options,
 * loading and the output file the shared runner's (runner.c). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/cmd/host.h"
#include "host/read/resultfile.h"
#include "host/cmd/runner.h"
#include "host/render/tail_view.h"

static void tail_usage(FILE *f)
{
	fprintf(f,
		"usage: rtbench tail [options] RESULT.json [...]\n"
		"\n"
		"How often each threshold was crossed (exact 95%% intervals per sample, per\n"
		"million and per CPU-hour; with none, the bound and the mean time between\n"
		"crossings it implies), whether the tail was steady across the run's intervals\n"
		"(bursts and drifts named), a generalized Pareto fit of the tail with return\n"
		"levels at 1e-6 ... 1e-12 per sample (only when independence, stationarity and\n"
		"goodness of fit pass; else 'not estimated: <test> failed'), and how long to\n"
		"run.\n"
		"Reads rtbench's count and long runs and rt-tests --json files (docs/tail.md).\n"
		"\n"
		"options:\n"
		"  -t, --threshold-us N[,N...]  thresholds (default: the file's --deadline-us)\n"
		"  -m, --metric ID      only this metric (ID* : every id beginning with ID)\n"
		"  --pot-us N           the fit's threshold (default: about the top 0.1%%, 100-1000 samples)\n"
		"  --assume-steady      fit a file that has no interval series (rt-tests histograms)\n"
		"  --target R           plan: the run that shows a rate below R with zero crossings\n"
		"                       (R: a probability per sample, 1e-9, or per CPU-hour, 2/h, 1/d)\n"
		"  --plan D             plan: the crossings and likely maximum of a run of D (90s, 24h, 2d)\n"
		"  --plan-cpus N        ... on N CPUs (default: the CPUs the metric merges)\n"
		"  --run-spread F       plan: the tail's rate varies between runs on this machine by F\n"
		"                       (0.3 or 30%%: its log standard deviation; several files given\n"
		"                       to tail estimate it); widens every prediction for another run\n"
		"  --no-fit             exceedances and steadiness only\n"
		"  -f, --format F       text (default) or json\n"
		"  -o, --output FILE    write there (atomically) instead of standard output\n"
		"  -h, --help           this help\n"
		"\n"
		"exit status: 0 ok, 2 bad input or options, 1 other failure\n");
}

/* parse_us - a non-negative number of microseconds into ns. */
static int parse_us(struct rtb_host *h, const char *opt, const char *s, int64_t *ns)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= 0) || v > 1e12)
		return rtb_host_error(h, RTB_EINVAL, "%s %s: not a number of microseconds", opt, s);
	*ns = (int64_t)llround(v * 1000);
	return 0;
}

/* parse_dur_h - "90s", "30m", "24h", "2d" into hours. */
static int parse_dur_h(struct rtb_host *h, const char *opt, const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || !(v > 0) || strlen(end) != 1 || !strchr("smhd", *end))
		return rtb_host_error(h, RTB_EINVAL, "%s %s: not a duration (90s, 30m, 24h, 2d)", opt, s);
	*out = v * (*end == 's' ? 1 / 3600.0 : *end == 'm' ? 1 / 60.0 : *end == 'h' ? 1 : 24);
	return 0;
}

/* rtb_host_parse_thresholds - --threshold-us A,B,...: appended to thr[*n]. */
int rtb_host_parse_thresholds(struct rtb_host *h, const char *arg, int64_t *thr, size_t *n)
{
	char buf[512], *save = NULL, *tok;

	if (strlen(arg) >= sizeof(buf))
		return rtb_host_error(h, RTB_EINVAL, "--threshold-us: too long a list");
	snprintf(buf, sizeof(buf), "%s", arg);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (*n >= RTB_TAIL_MAX_THR)
			return rtb_host_error(h, RTB_EINVAL, "--threshold-us: at most %d thresholds",
					      RTB_TAIL_MAX_THR);
		if (parse_us(h, "--threshold-us", tok, &thr[(*n)++]))
			return RTB_EINVAL;
	}
	return 0;
}

static int tail_setup(struct rtb_host *h)
{
	h->priv = calloc(1, sizeof(struct rtb_tail_run));
	return h->priv ? 0 : RTB_ENOMEM;
}

enum { OPT_POT = 1000, OPT_ASSUME, OPT_TARGET, OPT_PLAN, OPT_PLAN_CPUS, OPT_NOFIT, OPT_RUN_SPREAD };

static int tail_parse(struct rtb_host *h, int opt, const char *arg)
{
	struct rtb_tail_run *t = h->priv;
	char *end;

	switch (opt) {
	case 't':
		return rtb_host_parse_thresholds(h, arg, t->o.thr_ns, &t->o.nthr);
	case 'm':
		t->metric = arg;
		return 0;
	case OPT_POT:
		if (parse_us(h, "--pot-us", arg, &t->o.pot_ns))
			return RTB_EINVAL;
		if (!t->o.pot_ns)
			return rtb_host_error(h, RTB_EINVAL, "--pot-us 0: the fit's threshold must be above 0");
		return 0;
	case OPT_ASSUME:
		t->o.assume_steady = 1;
		return 0;
	case OPT_NOFIT:
		t->o.no_fit = 1;
		return 0;
	case OPT_TARGET: {
		double v;
		errno = 0;
		v = strtod(arg, &end);
		t->target_text = arg;
		if (errno || end == arg || !(v > 0))
			return rtb_host_error(h, RTB_EINVAL, "--target %s: not a rate (1e-9, 2/h, 1/d)", arg);
		if (!*end) {
			if (!(v < 1))
				return rtb_host_error(h, RTB_EINVAL, "--target %s: a probability is below 1", arg);
			t->o.target_p = v;
		} else if (!strcmp(end, "/h") || !strcmp(end, "/d")) {
			/* per CPU-hour: a probability per sample once the period is known */
			t->o.target_per_h = v / (strcmp(end, "/d") ? 1 : 24);
		} else {
			return rtb_host_error(h, RTB_EINVAL, "--target %s: not a rate (1e-9, 2/h, 1/d)", arg);
		}
		return 0;
	}
	case OPT_PLAN:
		return parse_dur_h(h, "--plan", arg, &t->o.plan_h);
	case OPT_RUN_SPREAD: {
		double v;
		errno = 0;
		v = strtod(arg, &end);
		if (!errno && end != arg && !strcmp(end, "%"))
			v /= 100, end++;
		if (errno || end == arg || *end || !(v >= 0) || !(v <= 10))
			return rtb_host_error(h, RTB_EINVAL, "--run-spread %s: not a spread (0.3 or 30%%, "
					      "at most 10)", arg);
		t->o.run_spread = v;
		return 0;
	}
	case OPT_PLAN_CPUS: {
		long v;
		errno = 0;
		v = strtol(arg, &end, 10);
		if (errno || end == arg || *end || v < 1 || v > 65536)
			return rtb_host_error(h, RTB_EINVAL, "--plan-cpus %s: not a number of CPUs", arg);
		t->o.plan_cpus = (int)v;
		return 0;
	}
	default:
		return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)", opt);
	}
}

static int tail_init(struct rtb_host *h)
{
	struct rtb_tail_run *t = h->priv;

	if (t->o.plan_cpus && !t->o.target_p && !t->o.target_per_h && !t->o.plan_h)
		return rtb_host_error(h, RTB_EINVAL, "--plan-cpus: needs --target or --plan");
	return rtb_host_load_paths(h, 1, 64, 0);
}

/* wanted - metric m is analysed: --metric's, else every one with
 * statistics and a histogram that is not a trace component. */
static int wanted(const struct rtb_tail_run *t, const struct rtb_rf_metric *m)
{
	if (!(m->has_stats || (m->summary_only && m->has_hist)) || !m->count)
		return 0;
	if (t->metric) {
		size_t l = strlen(t->metric);
		if (l && t->metric[l - 1] == '*')
			return !strncmp(m->id, t->metric, l - 1);
		return !strcmp(m->id, t->metric);
	}
	return !strstr(m->id, ".trace.");
}

static int tail_run(struct rtb_host *h)
{
	struct rtb_tail_run *t = h->priv;
	size_t any = 0;

	t->f = calloc(h->nfiles, sizeof(*t->f));
	if (!t->f)
		return RTB_ENOMEM;
	t->nf = h->nfiles;
	for (size_t i = 0; i < h->nfiles; i++) {
		const struct rtb_rf *r = &h->files[i];
		struct rtb_tail_file *tf = &t->f[i];
		tf->r = r;
		tf->t = calloc(r->nmetrics ? r->nmetrics : 1, sizeof(*tf->t));
		if (!tf->t)
			return RTB_ENOMEM;
		for (size_t k = 0; k < r->nmetrics; k++) {
			const struct rtb_rf_metric *m = &r->metrics[k];
			struct rtb_tail_opts o = t->o;
			int rc;
			if (!wanted(t, m))
				continue;
			if (!o.nthr && m->deadline_ns > 0)
				o.thr_ns[o.nthr++] = m->deadline_ns;
			if (o.target_per_h > 0) {
				const char *per = rtb_rf_kv_get(&r->settings, "period_ns");
				double pn = per ? strtod(per, NULL) : 0;
				/* a rate per CPU-hour is a probability per period */
				o.target_p = pn > 0 ? o.target_per_h * pn / 3.6e12 : 0;
			}
			rc = rtb_tail_analyze(r, m, &o, &tf->t[tf->nt]);
			if (rc == RTB_ENOMEM)
				return rc;
			if (!rc)
				tf->nt++;
		}
		any += tf->nt;
	}
	if (!any)
		return rtb_host_error(h, RTB_EINVAL, t->metric ? "--metric %s: no such metric with "
				      "statistics in the files" : "%sno metric with statistics in the files",
				      t->metric ? t->metric : "");
	return 0;
}

static void tail_free(struct rtb_host *h)
{
	struct rtb_tail_run *t = h->priv;

	if (!t)
		return;
	for (size_t i = 0; i < t->nf; i++)
		free(t->f[i].t);
	free(t->f);
	free(t);
	h->priv = NULL;
}

static const struct option tail_opts[] = {
	{ "threshold-us", required_argument, NULL, 't' },
	{ "metric", required_argument, NULL, 'm' },
	{ "pot-us", required_argument, NULL, OPT_POT },
	{ "assume-steady", no_argument, NULL, OPT_ASSUME },
	{ "target", required_argument, NULL, OPT_TARGET },
	{ "plan", required_argument, NULL, OPT_PLAN },
	{ "plan-cpus", required_argument, NULL, OPT_PLAN_CPUS },
	{ "no-fit", no_argument, NULL, OPT_NOFIT },
	{ "run-spread", required_argument, NULL, OPT_RUN_SPREAD },
	{ NULL, 0, NULL, 0 },
};

static const struct rtb_render *const tail_formats[] = { &rtb_render_tail_text,
							  &rtb_render_tail_json, NULL };

static const struct rtb_host_ops tail_ops = {
	.name = "tail",
	.usage = tail_usage,
	.common = RTB_HOST_OPT_FORMAT | RTB_HOST_OPT_OUTPUT,
	.formats = tail_formats,
	.shortopts = "t:m:",
	.longopts = tail_opts,
	.setup = tail_setup,
	.parse = tail_parse,
	.init = tail_init,
	.run = tail_run,
	.print = rtb_host_render,
	.free = tail_free,
};

int rtb_host_tail(int argc, char **argv)
{
	return rtb_host_main(&tail_ops, argc, argv);
}
