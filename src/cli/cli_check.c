/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - the checks across options, after every option was
 * parsed on its own (cli.c): the options that exclude each other, a
 * --duration or --cpus run's, --tests items naming their CPUs, each
 * selected measurement's own check; then the output files (cli_out.c).
 * The CPU list options (--cpus, -a, -S, --tests' @cpuN) are checked
 * against the machine here, for the parse and the checks alike.
 * Nothing runs before they all pass. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "rtbench/longopt.h"
#include "rtbench/err.h"
#include "rtbench/port.h"
#include "rtbench/rawfmt.h"
#include "rtbench/text_hist.h"
#include "bench/registry.h"

/* rtb_cli_cpus - --cpus LIST|all against the CPUs online; fills the list and
 * puts rtbench's own threads (--cpu) on the first online CPU not listed. */
int rtb_cli_cpus(const char *a, struct rtb_cli *cl, char *err, size_t errlen)
{
	struct rtb_cpuset want, on;
	char why[160];
	int nconf;
	long beyond;

	rtb_port_cpus_online(&on, &nconf, &beyond);
	if (!strcmp(a, "all")) {
		/* every CPU means every one: not the first RTB_MAX_CPUS of them */
		if (beyond)
			return rtb_cli_fail(err, errlen, "every CPU (-S, --cpus all): %ld online CPU(s) from CPU %d up are past "
					    "the %d this build measures (RTB_MAX_CPUS); list the CPUs (--cpus "
					    "0-%d), or build with a larger -DRTB_MAX_CPUS", beyond,
					    RTB_MAX_CPUS, RTB_MAX_CPUS, RTB_MAX_CPUS - 1);
		want = on;
	} else if (rtb_parse_cpulist(a, &want, why, sizeof(why)))
		return rtb_cli_fail(err, errlen, "--cpus: %s", why);
	cl->o.cpus.n = 0;
	cl->o.cpu = -1;
	for (int i = 0; i < RTB_MAX_CPUS; i++) {
		if (rtb_cpuset_has(&want, i)) {
			if (i >= nconf)
				return rtb_cli_fail(err, errlen, "--cpus: CPU %d is not on this machine (it has %d)", i, nconf);
			if (!rtb_cpuset_has(&on, i))
				return rtb_cli_fail(err, errlen, "--cpus: CPU %d is offline", i);
			cl->o.cpus.list[cl->o.cpus.n++] = (unsigned short)i;
		} else if (cl->o.cpu < 0 && rtb_cpuset_has(&on, i)) {
			cl->o.cpu = i;
		}
	}
	if (!cl->o.cpus.n)
		return rtb_cli_fail(err, errlen, "--cpus: '%s' names no CPU", a);
	return 0;
}

/* tests_cpu - the CPUs --tests items named (<id>@cpu<N>): measured as
 * with --cpus (several at once, by count or for a time); one CPU by count
 * is --cpu N. */
static int tests_cpu(struct rtb_cli *cl, const struct rtb_cpuset *set, int cpu_given, int ncpu,
		     char *err, size_t errlen)
{
	char list[RTB_MAX_CPUS * 5];
	size_t l = 0;
	int n = rtb_cpuset_count(set), first = -1;

	if (cpu_given || cl->o.cpus.n)
		return rtb_cli_fail(err, errlen, "--tests: its items name their CPUs (<id>@cpu<N>); leave out %s",
			    cpu_given ? "--cpu" : "--cpus");
	for (int i = 0; i < RTB_MAX_CPUS; i++)
		if (rtb_cpuset_has(set, i)) {
			l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%d", l ? "," : "", i);
			if (first < 0)
				first = i;
		}
	if (cl->o.time.duration_ns || n > 1) {
		char why[200];
		if (!rtb_cli_cpus(list, cl, why, sizeof(why)))
			return 0;
		/* the same checks as --cpus, said of the option given */
		return rtb_cli_fail(err, errlen, "--tests: %s", strncmp(why, "--cpus: ", 8) ? why : why + 8);
	}
	if (first >= ncpu)
		return rtb_cli_fail(err, errlen, "--tests: CPU %d is not a CPU of this machine (0 to %d)", first,
			    ncpu - 1);
	cl->o.cpu = first;
	return 0;
}

/* cpus_can - with several CPUs at once, every selected measurement can
 * run that way (its struct rtb_bench .can). */
static int cpus_can(const struct rtb_opts *o, char *err, size_t errlen)
{
	for (size_t i = 0; i < rtb_nbenches && o->cpus.n > 1; i++) {
		const struct rtb_bench *b = rtb_benches[i];
		if (!rtb_tests_selects(b, o->tests) || (b->can & RTB_CAN_CPUS))
			continue;
		if (b->one_cpu_why)
			return rtb_cli_fail(err, errlen, "--cpus: %s runs on one CPU at a time: %s; give one CPU", b->id,
				    b->one_cpu_why);
		return rtb_cli_fail(err, errlen, "--cpus: %s runs on one CPU at a time (no `c` in its `rtbench list` "
			    "can column); give one CPU", b->id);
	}
	return 0;
}

/* raw_bound - run --raw by count on several CPUs: each CPU's metrics keep
 * every sample beside their histograms (run/long.c, run/drv_cpus.c), all allocated before
 * measuring and kept in the run's result to its end, every selected
 * measurement's at once: refused when one measurement, or all of them
 * together, would keep more than RTB_RAW_MAX_SAMPLES (samples x CPUs x its
 * metrics, summed). */
static int raw_bound(const struct rtb_opts *o, char *err, size_t errlen)
{
	size_t sum = 0, nsel = 0;

	for (size_t i = 0; i < rtb_nbenches; i++) {
		const struct rtb_bench *b = rtb_benches[i];
		size_t n = o->samples > 0 ? (size_t)o->samples : b->default_samples, nmet = 0;
		if (!rtb_tests_selects(b, o->tests))
			continue;
		for (const char *const *p = b->metrics; p && *p; p++)
			nmet++;
		nmet = nmet ? nmet : 1;
		if (n > RTB_RAW_MAX_SAMPLES / nmet / (size_t)o->cpus.n)
			return rtb_cli_fail(err, errlen, "--raw: %s would keep %lu samples x %d CPUs x %lu metrics, above the "
				    "limit of %d kept at once (RTB_RAW_MAX_SAMPLES, 16 bytes each); give fewer --samples "
				    "or CPUs", b->id, (unsigned long)n, o->cpus.n, (unsigned long)nmet,
				    RTB_RAW_MAX_SAMPLES);
		/* each term is at most the limit: the sum cannot wrap */
		sum += n * nmet * (size_t)o->cpus.n;
		nsel++;
	}
	if (sum > RTB_RAW_MAX_SAMPLES)
		return rtb_cli_fail(err, errlen, "--raw: the %lu selected measurements would keep %lu samples in all on %d "
			    "CPUs (every one's list is kept to the run's end), above the limit of %d kept at once "
			    "(RTB_RAW_MAX_SAMPLES, 16 bytes each); give fewer --samples, CPUs or --tests",
			    (unsigned long)nsel, (unsigned long)sum, o->cpus.n, RTB_RAW_MAX_SAMPLES);
	return 0;
}

/* mb - bytes as "12.3 MB", or "900 bytes" below a megabyte. */
static void mb(char *buf, size_t len, double bytes)
{
	if (bytes < 1e6)
		snprintf(buf, len, "%.0f bytes", bytes);
	else
		snprintf(buf, len, "%.1f MB", bytes / 1e6);
}

/* raw_space - run --duration --raw FILE streams every sample to FILE
 * (run/raw.c): refused before measuring when FILE's file system cannot
 * hold what the measurements paced by --period-us write (rtb_rawf_bytes:
 * 4 bytes a sample and the frames); one whose rate is not known before it
 * runs is said, not guessed. */
static int raw_space(struct rtb_cli *cl, char *err, size_t errlen)
{
	const struct rtb_opts *o = &cl->o;
	const int ncpu = o->cpus.n > 0 ? o->cpus.n : 1;
	const double secs = (double)o->time.duration_ns / 1e9;
	double need = 0;
	uint64_t free_b;
	int unpaced = 0;

	if (!strcmp(cl->out.raw, "-"))
		return rtb_cli_fail(err, errlen, "--raw -: a --duration run streams every sample to a file as it "
				    "goes; give a file");
	for (size_t i = 0; i < rtb_nbenches; i++) {
		const struct rtb_bench *b = rtb_benches[i];
		int nmet = 0;
		if (!rtb_tests_selects(b, o->tests))
			continue;
		for (const char *const *p = b->metrics; p && *p; p++)
			nmet++;
		if (!b->paced || o->period_ns <= 0) {
			unpaced++;
			continue;
		}
		need += rtb_rawf_bytes(secs, 1e9 / (double)o->period_ns, ncpu, nmet ? nmet : 1, 2.0);
	}
	if (rtb_port_free_bytes(cl->out.raw, &free_b))
		return rtb_cli_fail(err, errlen, "--raw %s: cannot tell the free space of its file system", cl->out.raw);
	char nb[32], fb[32];
	mb(nb, sizeof(nb), need);
	mb(fb, sizeof(fb), (double)free_b);
	if (need > (double)free_b)
		return rtb_cli_fail(err, errlen, "--raw %s: the run would write %s (%d bytes a sample, one "
				    "every %lld us on %d CPU%s for %.0f s, and the frames); its file system has %s "
				    "free", cl->out.raw, nb, RTB_RAWF_SAMPLE_BYTES, (long long)(o->period_ns / 1000),
				    ncpu, ncpu > 1 ? "s" : "", secs, fb);
	if (unpaced)
		fprintf(stderr, "rtbench run: --raw %s: %d selected measurement%s not paced by --period-us: the file's "
			"size is not known before the run (%d bytes a sample; %s free now)\n", cl->out.raw,
			unpaced, unpaced > 1 ? "s are" : " is", RTB_RAWF_SAMPLE_BYTES, fb);
	return 0;
}

/* count_cpus_check - a run by count on several CPUs at once (--cpus LIST
 * without --duration): each CPU measures its --samples in rounds, all
 * CPUs at once (run/long.c, run/drv_cpus.c); --raw keeps every sample, bounded. */
static int count_cpus_check(struct rtb_cli *cl, int cpu_given, char *err, size_t errlen)
{
	struct rtb_opts *o = &cl->o;

	if (cpu_given)
		return rtb_cli_fail(err, errlen, "--cpu and --cpus: choose one");
	if (!o->tests)
		o->tests = "irq.timer.nanosleep"; /* cyclictest's measurement, as --duration's */
	int rc = cpus_can(o, err, errlen);
	return rc || !cl->out.raw ? rc : raw_bound(o, err, errlen);
}

/* long_check - a --duration run's options agree with each other. */
static int long_check(struct rtb_cli *cl, const struct rtb_cli_given *g, char *err, size_t errlen)
{
	const int interval_given = g->interval, cpu_given = g->cpu;
	struct rtb_opts *o = &cl->o;

	if (!o->time.duration_ns) {
		if (interval_given)
			return rtb_cli_fail(err, errlen, "--interval: needs --duration");
		/* a count run on one CPU keeps every sample, no histogram
		 * record step to count in: it would be ignored, so refused */
		if (o->ncount_over && o->cpus.n <= 1)
			return rtb_cli_fail(err, errlen, "--count-over-us: a count run on one CPU keeps every sample, "
					    "so tail and check count any threshold exactly from them; it is for "
					    "--duration or --cpus runs (their histograms)");
		return o->cpus.n > 1 ? count_cpus_check(cl, cpu_given, err, errlen) : 0;
	}
	if (g->samples)
		return rtb_cli_fail(err, errlen, "--duration and --samples: a run is by time or by count; choose one");
	if (g->rounds)
		return rtb_cli_fail(err, errlen, "--rounds: a --duration run has intervals (--interval), not rounds");
	if (cpu_given && o->cpus.n)
		return rtb_cli_fail(err, errlen, "--cpu and --cpus: choose one");
	/* 60 s, grown for a run of more than RTB_MAX_INTERVALS of them;
	 * a given one checked against the same cap (rtbench/longopt.h) */
	char why[240];
	if (rtb_parse_interval(o->time.duration_ns, interval_given, &o->time.interval_ns, &o->time.interval_grown,
			       why, sizeof(why)))
		return rtb_cli_fail(err, errlen, "--interval: %s", why);
	if (!o->tests)
		o->tests = "irq.timer.nanosleep"; /* cyclictest's measurement */
	for (size_t i = 0; i < rtb_nbenches; i++) {
		unsigned can = rtb_benches[i]->can;
		if (!rtb_tests_selects(rtb_benches[i], o->tests))
			continue;
		if (!(can & RTB_CAN_TIME))
			return rtb_cli_fail(err, errlen, "--duration: %s cannot run for a time (`rtbench list` "
				    "marks those that can; pick them with --tests)", rtb_benches[i]->id);
	}
	o->time.status_tty = rtb_port_console_is_tty();
	int rc = cpus_can(o, err, errlen);
	return rc || !cl->out.raw ? rc : raw_space(cl, err, errlen);
}

/* rtb_cli_check - every check across options (cli.h). */
int rtb_cli_check(struct rtb_cli *cl, struct rtb_cli_given *g, char *err, size_t errlen)
{
	if (g->priority && g->prio)
		return rtb_cli_fail(err, errlen, "-P/--priority and --prio: one priority (-P N: the measuring thread at "
			    "N; --prio N: the base, the measuring thread at N+2)");
	/* -a / --cpus with one CPU by count is --cpu CPU (a count run on one
	 * CPU, in rounds); a set by count runs at once (count_cpus_check) */
	if (!cl->o.time.duration_ns && cl->o.cpus.n == 1) {
		if (g->cpu)
			return rtb_cli_fail(err, errlen, "%s and --cpu: choose one", g->affinity ? "-a" : "--cpus");
		cl->o.cpu = cl->o.cpus.list[0];
		cl->o.cpus.n = 0;
		g->cpu = 1;
	}
	if (cl->o.trace.dat && !cl->o.trace.on)
		return rtb_cli_fail(err, errlen, "--trace-dat: needs --trace");
	if (cl->o.trace.explain_given && !cl->o.trace.on)
		return rtb_cli_fail(err, errlen, "--trace-cpus: needs --trace");
	if (cl->o.trace.explain_given && !cl->o.cpus.n)
		return rtb_cli_fail(err, errlen, "--trace-cpus: needs a run on several CPUs (--cpus, -S)");
	if (cl->o.trace.events && !cl->o.trace.on)
		return rtb_cli_fail(err, errlen, "--trace-events: needs --trace");
	if (cl->o.load.cpu && cl->o.load.cmd)
		return rtb_cli_fail(err, errlen, "--load and --load-cmd: choose one load");
	if (g->tests_named && tests_cpu(cl, &g->tests_cpus, g->cpu, rtb_ncpus(), err, errlen))
		return RTB_EINVAL;
	if (long_check(cl, g, err, errlen))
		return RTB_EINVAL;
	/* each selected measurement's own knobs against the system */
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (rtb_benches[i]->check && rtb_tests_selects(rtb_benches[i], cl->o.tests) &&
		    rtb_benches[i]->check(cl->o.rt, err, errlen))
			return RTB_EINVAL;
	/* --histogram / -h US: the 1 us bins counted in the record step of a
	 * histogram-mode metric (a --duration or a large --samples run), not
	 * read back from its log-linear buckets */
	if (cl->out.histogram)
		cl->o.hist_lin_us = cl->out.hist_max_us > 0 ? cl->out.hist_max_us : RTB_TH_CT_DEFAULT_US;
	return rtb_cli_outputs(cl, err, errlen);
}
