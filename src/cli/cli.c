/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - command-line parsing (argv belongs to the POSIX main;
 * a port without a command line fills struct rtb_opts itself).
 *
 * Like src/main.c beside it, it parses and asks the OS nothing directly:
 * the CPUs online, whether stderr is a terminal, whether a directory can
 * be written and whether an output can be replaced are port calls
 * (rtbench/port.h), so no OS header is included here but getopt.h (argv
 * parsing is the C library's, not an OS service).
 *
 * Every option value is checked completely (a number must be all digits and
 * in range, a file's directory must be writable) before anything runs, so
 * bad input costs nothing and gets one line naming the option. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "rtbench/longopt.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"
#include "rtbench/output.h"
#include "rtbench/port.h"
#include "rtbench/text_hist.h"
#ifdef RTB_HAVE_TRACE
#include "rtbench/trace.h" /* rtb_tracer_trace */
#endif

enum {
	OPT_TESTS = 256, OPT_SAMPLES, OPT_PERIOD, OPT_DEADLINE, OPT_CPU, OPT_PRIO, OPT_NORT,
	OPT_LABEL, OPT_JSON, OPT_CSV, OPT_RAW, OPT_NOMLOCK, OPT_IDLE, OPT_LOAD, OPT_LOADCMD, OPT_LOADMAYEXIT, OPT_QUIET, OPT_DELAYS, OPT_EMULATION, OPT_HELP, OPT_ROUNDS, OPT_NOWAIT, OPT_WAIT, OPT_FOLLOW,
	OPT_TRACE, OPT_TRACE_EVENTS, OPT_TRACE_DAT, OPT_DURATION, OPT_INTERVAL, OPT_CPUS, OPT_BREAK,
	OPT_HISTOGRAM, OPT_READY, OPT_PRIORITY, OPT_AFFINITY, OPT_STOP, OPT_COUNT_OVER,
	OPT_BENCH, /* OPT_BENCH + k: the k-th benchmark knob (bench_opts) */
};

/* The short options, each cyclictest's or rtla's letter with that tool's
 * meaning (usage says which); a letter the two tools give different
 * meanings (-p, -c, -d) is refused with both named, never guessed. */
static const char short_opts[] = ":D:i:P:a:Sb:T:l:qh:mp:c:d:";

static const struct option run_opts[] = {
	{ "tests", required_argument, NULL, OPT_TESTS },
	{ "samples", required_argument, NULL, OPT_SAMPLES },
	{ "rounds", required_argument, NULL, OPT_ROUNDS },
	{ "period-us", required_argument, NULL, OPT_PERIOD },
	{ "deadline-us", required_argument, NULL, OPT_DEADLINE },
	{ "count-over-us", required_argument, NULL, OPT_COUNT_OVER },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "prio", required_argument, NULL, OPT_PRIO },
	{ "no-rt", no_argument, NULL, OPT_NORT },
	{ "label", required_argument, NULL, OPT_LABEL },
	{ "json", required_argument, NULL, OPT_JSON },
	{ "csv", required_argument, NULL, OPT_CSV },
	{ "raw", required_argument, NULL, OPT_RAW },
	{ "histogram", no_argument, NULL, OPT_HISTOGRAM },
	{ "ready", required_argument, NULL, OPT_READY },
	{ "priority", required_argument, NULL, OPT_PRIORITY },
	{ "affinity", required_argument, NULL, OPT_AFFINITY },
	{ "breaktrace", required_argument, NULL, OPT_BREAK },
	{ "stop-us", required_argument, NULL, OPT_STOP },
	{ "loops", required_argument, NULL, OPT_SAMPLES },
	{ "no-mlock", no_argument, NULL, OPT_NOMLOCK },
	{ "idle-latency-us", required_argument, NULL, OPT_IDLE },
	{ "load", required_argument, NULL, OPT_LOAD },
	{ "load-cmd", required_argument, NULL, OPT_LOADCMD },
	{ "load-may-exit", no_argument, NULL, OPT_LOADMAYEXIT },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "emulation", required_argument, NULL, OPT_EMULATION },
	{ "delays-us", required_argument, NULL, OPT_DELAYS },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "no-wait", no_argument, NULL, OPT_NOWAIT },
	{ "follow-symlinks", no_argument, NULL, OPT_FOLLOW },
	{ "wait-s", required_argument, NULL, OPT_WAIT },
	{ "trace", no_argument, NULL, OPT_TRACE },
	{ "trace-events", required_argument, NULL, OPT_TRACE_EVENTS },
	{ "trace-dat", required_argument, NULL, OPT_TRACE_DAT },
	{ "break-us", required_argument, NULL, OPT_BREAK },
	{ "duration", required_argument, NULL, OPT_DURATION },
	{ "interval", required_argument, NULL, OPT_INTERVAL },
	{ "cpus", required_argument, NULL, OPT_CPUS },
	{ NULL, 0, NULL, 0 },
};

/* The benchmarks' own knobs (struct rtb_bench_opt, declared in each bench
 * file) as run options after run_opts: one entry per name, parsed and
 * refused alike (parse_bench_opt). */
#define MAX_BENCH_OPTS 32
static struct option all_opts[sizeof(run_opts) / sizeof(run_opts[0]) + MAX_BENCH_OPTS];
static const struct rtb_bench_opt *bench_opt[MAX_BENCH_OPTS];
static int nbench_opts;

/* bench_opts - run_opts and every benchmark's knobs into all_opts. */
static void bench_opts(void)
{
	size_t n = sizeof(run_opts) / sizeof(run_opts[0]) - 1;

	memcpy(all_opts, run_opts, n * sizeof(run_opts[0]));
	nbench_opts = 0;
	for (size_t i = 0; i < rtb_nbenches; i++)
		for (const struct rtb_bench_opt *p = rtb_benches[i]->opts; p && p->name; p++) {
			if (rtb_bench_opt_find(p->name) != p || nbench_opts == MAX_BENCH_OPTS)
				continue; /* shared by two benchmarks: once */
			bench_opt[nbench_opts] = p;
			all_opts[n++] = (struct option){ p->name, p->flag ? no_argument : required_argument, NULL,
							 OPT_BENCH + nbench_opts++ };
		}
	all_opts[n] = (struct option){ NULL, 0, NULL, 0 };
}

/* rtb_cli_report - the run's text: tables, then histograms if asked. */
void rtb_cli_report(const struct rtb_result *r, const struct rtb_run_out *out)
{
	if (out->text)
		rtb_write_text(rtb_port_console(), r);
	if (out->text && out->histogram)
		rtb_write_text_histograms(rtb_port_console(), r, out->hist_max_us);
}

void rtb_cli_defaults(struct rtb_cli *cl)
{
	memset(cl, 0, sizeof(*cl));
	cl->o.samples = -1;
	cl->o.rounds = RTB_DEFAULT_ROUNDS;
	cl->o.period_ns = 200000;
	cl->o.cpu = -1;
	cl->o.prio = 80;
	cl->o.rt = 1;
	cl->o.mlock = 1;
	cl->o.idle_latency_us = 0;
	cl->o.lock_wait_ns = 300 * 1000000000LL;
	rtb_bench_opts_reset(); /* the benchmarks' own knobs */
	cl->out.text = 1;
	cl->out.report = rtb_cli_report;
	/* the tracer --trace goes through: the trace room's when this build
	 * has one (the Makefile's TRACE=1 builds src/trace), else none */
#ifdef RTB_HAVE_TRACE
	cl->o.trace.tracer = &rtb_tracer_trace;
#endif
	cl->o.selftest.delays_ns[0] = 1000;
	cl->o.selftest.delays_ns[1] = 5000;
	cl->o.selftest.delays_ns[2] = 20000;
	cl->o.selftest.ndelays = 3;
}

/* fail - the one-line reason into err; RTB_EINVAL. */
static __attribute__((format(printf, 3, 4))) int fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return RTB_EINVAL;
}

/* num - the whole of s as an integer in [lo, hi]: digits, with a '-' in
 * front only where lo is negative; no blanks, no '+', nothing after. */
static int num(const char *s, long long lo, long long hi, long long *v)
{
	char *end;
	const char *d = s[0] == '-' && lo < 0 ? s + 1 : s;

	if (*d < '0' || *d > '9')
		return RTB_EINVAL;
	errno = 0;
	long long x = strtoll(s, &end, 10);
	if (errno || end == s || *end || x < lo || x > hi)
		return RTB_EINVAL;
	*v = x;
	return 0;
}

/* Writers as rtb_output_fn (the port's output takes an untyped argument). */
static int out_json(struct rtb_sink *s, const void *r) { return rtb_write_json(s, r); }
static int out_csv(struct rtb_sink *s, const void *r) { return rtb_write_csv(s, r); }
static int out_raw(struct rtb_sink *s, const void *r) { return rtb_write_raw(s, r); }

/* pick_writers - the writers table the runner is handed: one entry per
 * result file asked for. */
static void pick_writers(struct rtb_run_out *o)
{
	const struct rtb_writer all[] = { { o->json, out_json }, { o->csv, out_csv }, { o->raw, out_raw } };

	o->nwriters = 0;
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i].path)
			o->writers[o->nwriters++] = all[i];
}

/* outputs_check - every output file can be written (tried, not guessed),
 * and no two options name the same file; before anything is measured.
 * "-" is standard output: one output at most, and then the tables are not
 * printed, so what arrives there is the file alone. */
static int outputs_check(struct rtb_cli *cl, char *err, size_t errlen)
{
	const char *name[4] = { "--json", "--csv", "--raw", "--ready" };
	const char *path[4] = { cl->out.json, cl->out.csv, cl->out.raw, cl->out.ready };

	for (int i = 0; i < 4; i++) {
		if (!path[i])
			continue;
		if (i == 3 && !strcmp(path[i], "-"))
			return fail(err, errlen, "--ready -: give a file (stderr always has the line)");
		if (!strcmp(path[i], "-")) {
			for (int j = 0; j < i; j++)
				if (path[j] && !strcmp(path[j], "-"))
					return fail(err, errlen, "%s - and %s -: one output at most on "
						    "standard output", name[j], name[i]);
			cl->out.text = 0;
			continue;
		}
		if (rtb_port_output_check(path[i]))
			return fail(err, errlen, "%s: cannot write %s", name[i], rtb_port_output_error());
		for (int j = 0; j < i; j++)
			if (path[j] && rtb_port_output_same(path[i], path[j]))
				return fail(err, errlen, "%s and %s: both name '%s'; give two files",
					    name[j], name[i], path[i]);
	}
	return 0;
}

/* delays - "1,5,20" into ns. */
static int delays(const char *s, struct rtb_cli *cl)
{
	char buf[256];
	char *save = NULL;
	long long v;

	snprintf(buf, sizeof(buf), "%s", s);
	cl->o.selftest.ndelays = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (cl->o.selftest.ndelays >= RTB_MAX_DELAYS || num(t, 1, 100000, &v))
			return RTB_EINVAL;
		cl->o.selftest.delays_ns[cl->o.selftest.ndelays++] = v * 1000;
	}
	return cl->o.selftest.ndelays ? 0 : RTB_EINVAL;
}

/* count_over - --count-over-us A,B,...: up to RTB_HM_MAX_THR - 1
 * thresholds (1 to 10000000 us) a histogram-mode metric counts exactly. */
static int count_over(const char *s, struct rtb_cli *cl)
{
	char buf[256];
	char *save = NULL;
	long long v;

	if (strlen(s) >= sizeof(buf))
		return RTB_EINVAL;
	snprintf(buf, sizeof(buf), "%s", s);
	cl->o.ncount_over = 0;
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (cl->o.ncount_over >= RTB_HM_MAX_THR - 1 || num(t, 1, 10000000, &v))
			return RTB_EINVAL;
		cl->o.count_over_ns[cl->o.ncount_over++] = v * 1000;
	}
	return cl->o.ncount_over ? 0 : RTB_EINVAL;
}

/* named_load - --load hackbench|kcompile: rteval's two usual loads as the
 * command the load runs (through sh, ended with its process group), two
 * jobs a CPU. Each repeats its work for as long as the run lasts; a job
 * that cannot run (the tool not installed: 127) ends the load, which the
 * run says and fails on (run/load.c). */
static void named_load(struct rtb_cli *cl, const char *name, int ncpu)
{
	int jobs = 2 * (ncpu > 0 ? ncpu : 1);

	if (!strcmp(name, "hackbench")) {
		/* rteval's hackbench: processes (-P), data size and loops 1000;
		 * its own words stay out of rtbench's output (ended with its
		 * group it says "Signal 15 caught, longjmp'ing out!" on
		 * stderr): its exit status is what rtbench reports */
		snprintf(cl->load_buf, sizeof(cl->load_buf),
			 "while :; do hackbench -P -g %d -l 1000 -s 1000 >/dev/null 2>&1 || exit $?; done", jobs);
		snprintf(cl->load_name_buf, sizeof(cl->load_name_buf),
			 "hackbench (rteval's: hackbench -P -g %d -l 1000 -s 1000, again and again)", jobs);
	} else {
		/* rteval builds a kernel with make -j; without a kernel tree,
		 * the same mix (fork/exec of the compiler, parsing, optimising,
		 * memory, a pipe) on a generated 4000-function C file */
		snprintf(cl->load_buf, sizeof(cl->load_buf),
			 "command -v cc >/dev/null || exit 127; "
			 "src() { awk 'BEGIN { for (i = 0; i < 4000; i++) printf \"int f%%d(int *p, int n) "
			 "{ int s = %%d; for (int k = 0; k < n; k++) s += p[k] * (k ^ %%d); return s; }\\n\", "
			 "i, i, i }'; }; "
			 "for j in $(seq %d); do (while :; do src | cc -O2 -x c -c -o /dev/null - 2>/dev/null || exit $?; "
			 "done) & done; wait", jobs);
		snprintf(cl->load_name_buf, sizeof(cl->load_name_buf),
			 "kcompile (kernel-compile-like: %d jobs of cc -O2 on a generated 4000-function C file, "
			 "again and again)", jobs);
	}
	cl->o.load.cmd = cl->load_buf;
	cl->o.load.name = cl->load_name_buf;
	cl->o.load.cpu = 0;
}

/* cpus_opt - --cpus LIST|all against the CPUs online; fills the list and
 * puts rtbench's own threads (--cpu) on the first online CPU not listed. */
static int cpus_opt(const char *a, struct rtb_cli *cl, char *err, size_t errlen)
{
	struct rtb_cpuset want, on;
	char why[160];
	int nconf;

	rtb_port_cpus_online(&on, &nconf);
	if (!strcmp(a, "all"))
		want = on;
	else if (rtb_parse_cpulist(a, &want, why, sizeof(why)))
		return fail(err, errlen, "--cpus: %s", why);
	cl->o.cpus.n = 0;
	cl->o.cpu = -1;
	for (int i = 0; i < RTB_MAX_CPUS; i++) {
		if (rtb_cpuset_has(&want, i)) {
			if (i >= nconf)
				return fail(err, errlen, "--cpus: CPU %d is not on this machine (it has %d)", i, nconf);
			if (!rtb_cpuset_has(&on, i))
				return fail(err, errlen, "--cpus: CPU %d is offline", i);
			cl->o.cpus.list[cl->o.cpus.n++] = (unsigned short)i;
		} else if (cl->o.cpu < 0 && rtb_cpuset_has(&on, i)) {
			cl->o.cpu = i;
		}
	}
	if (!cl->o.cpus.n)
		return fail(err, errlen, "--cpus: '%s' names no CPU", a);
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
		return fail(err, errlen, "--tests: its items name their CPUs (<id>@cpu<N>); leave out %s",
			    cpu_given ? "--cpu" : "--cpus");
	for (int i = 0; i < RTB_MAX_CPUS; i++)
		if (rtb_cpuset_has(set, i)) {
			l += (size_t)snprintf(list + l, sizeof(list) - l, "%s%d", l ? "," : "", i);
			if (first < 0)
				first = i;
		}
	if (cl->o.time.duration_ns || n > 1) {
		char why[200];
		if (!cpus_opt(list, cl, why, sizeof(why)))
			return 0;
		/* the same checks as --cpus, said of the option given */
		return fail(err, errlen, "--tests: %s", strncmp(why, "--cpus: ", 8) ? why : why + 8);
	}
	if (first >= ncpu)
		return fail(err, errlen, "--tests: CPU %d is not a CPU of this machine (0 to %d)", first,
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
		if (!rtb_bench_selected(b, o->tests) || (b->can & RTB_CAN_CPUS))
			continue;
		if (b->one_cpu_why)
			return fail(err, errlen, "--cpus: %s runs on one CPU at a time: %s; give one CPU", b->id,
				    b->one_cpu_why);
		return fail(err, errlen, "--cpus: %s runs on one CPU at a time (no `c` in its `rtbench list` "
			    "can column); give one CPU", b->id);
	}
	return 0;
}

/* raw_bound - run --raw by count on several CPUs: each CPU's metrics keep
 * every sample beside their histograms (run/long.c), all allocated before
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
		if (!rtb_bench_selected(b, o->tests))
			continue;
		for (const char *const *p = b->metrics; p && *p; p++)
			nmet++;
		nmet = nmet ? nmet : 1;
		if (n > RTB_RAW_MAX_SAMPLES / nmet / (size_t)o->cpus.n)
			return fail(err, errlen, "--raw: %s would keep %lu samples x %d CPUs x %lu metrics, above the "
				    "limit of %d kept at once (RTB_RAW_MAX_SAMPLES, 16 bytes each); give fewer --samples "
				    "or CPUs", b->id, (unsigned long)n, o->cpus.n, (unsigned long)nmet,
				    RTB_RAW_MAX_SAMPLES);
		/* each term is at most the limit: the sum cannot wrap */
		sum += n * nmet * (size_t)o->cpus.n;
		nsel++;
	}
	if (sum > RTB_RAW_MAX_SAMPLES)
		return fail(err, errlen, "--raw: the %lu selected measurements would keep %lu samples in all on %d "
			    "CPUs (every one's list is kept to the run's end), above the limit of %d kept at once "
			    "(RTB_RAW_MAX_SAMPLES, 16 bytes each); give fewer --samples, CPUs or --tests",
			    (unsigned long)nsel, (unsigned long)sum, o->cpus.n, RTB_RAW_MAX_SAMPLES);
	return 0;
}

/* count_cpus_check - a run by count on several CPUs at once (--cpus LIST
 * without --duration): each CPU measures its --samples in rounds, all
 * CPUs at once (run/long.c); --raw keeps every sample, bounded. */
static int count_cpus_check(struct rtb_cli *cl, int cpu_given, char *err, size_t errlen)
{
	struct rtb_opts *o = &cl->o;

	if (cpu_given)
		return fail(err, errlen, "--cpu and --cpus: choose one");
	if (!o->tests)
		o->tests = "irq.timer.nanosleep"; /* cyclictest's measurement, as --duration's */
	int rc = cpus_can(o, err, errlen);
	return rc || !cl->out.raw ? rc : raw_bound(o, err, errlen);
}

/* long_check - a --duration run's options agree with each other. */
static int long_check(struct rtb_cli *cl, int interval_given, int cpu_given, int samples_given,
		      int rounds_given, char *err, size_t errlen)
{
	struct rtb_opts *o = &cl->o;

	if (!o->time.duration_ns) {
		if (interval_given)
			return fail(err, errlen, "--interval: needs --duration");
		/* a count run on one CPU keeps every sample, no histogram
		 * record step to count in: it would be ignored, so refused */
		if (o->ncount_over && o->cpus.n <= 1)
			return fail(err, errlen, "--count-over-us: a count run on one CPU keeps every sample, "
				    "so tail and check count any threshold exactly from them; it is for "
				    "--duration or --cpus runs (their histograms)");
		return o->cpus.n > 1 ? count_cpus_check(cl, cpu_given, err, errlen) : 0;
	}
	if (samples_given)
		return fail(err, errlen, "--duration and --samples: a run is by time or by count; choose one");
	if (rounds_given)
		return fail(err, errlen, "--rounds: a --duration run has intervals (--interval), not rounds");
	if (cpu_given && o->cpus.n)
		return fail(err, errlen, "--cpu and --cpus: choose one");
	if (cl->out.raw)
		return fail(err, errlen, "--raw: a --duration run keeps no list of every sample (its JSON keeps a histogram, the worst samples and a sample reservoir)");
	/* 60 s, grown for a run of more than RTB_MAX_INTERVALS of them;
	 * a given one checked against the same cap (rtbench/longopt.h) */
	char why[240];
	if (rtb_long_interval(o->time.duration_ns, interval_given, &o->time.interval_ns, &o->time.interval_grown,
			      why, sizeof(why)))
		return fail(err, errlen, "--interval: %s", why);
	if (!o->tests)
		o->tests = "irq.timer.nanosleep"; /* cyclictest's measurement */
	for (size_t i = 0; i < rtb_nbenches; i++) {
		unsigned can = rtb_benches[i]->can;
		if (!rtb_bench_selected(rtb_benches[i], o->tests))
			continue;
		if (!(can & RTB_CAN_TIME))
			return fail(err, errlen, "--duration: %s cannot run for a time (`rtbench list` "
				    "marks those that can; pick them with --tests)", rtb_benches[i]->id);
	}
	o->time.status_tty = rtb_port_console_is_tty();
	return cpus_can(o, err, errlen);
}

/* rtb_cli_parse - options of run / selftest. */
int rtb_cli_parse(int argc, char **argv, int selftest, struct rtb_cli *cl, char *err, size_t errlen)
{
	long long v;
	int c, ncpu = rtb_ncpus();
	char bad[128], why[160];
	int interval_given = 0, cpu_given = 0, samples_given = 0, rounds_given = 0;
	int tests_named = 0, affinity_given = 0, priority_given = 0, prio_given = 0;
	struct rtb_cpuset tests_cpus;

	optind = 1;
	opterr = 0;
	bench_opts();
	while ((c = getopt_long(argc, argv, short_opts, all_opts, NULL)) != -1) {
		const char *a = optarg;
		if (c >= OPT_BENCH && c < OPT_BENCH + nbench_opts) {
			/* a benchmark's own knob: its table says what it takes */
			const struct rtb_bench_opt *p = bench_opt[c - OPT_BENCH];
			if (p->flag) {
				*p->value = p->scale;
				continue;
			}
			if (num(a, p->min, p->max, &v))
				return fail(err, errlen, "--%s: '%s' is not %s", p->name, a, p->what);
			*p->value = (int64_t)v * p->scale;
			continue;
		}
		switch (c) {
		case 'p':
			return fail(err, errlen, "-p: cyclictest's -p is the priority, rtla's the period: say "
				    "-P/--priority N (the measuring thread's, as cyclictest -p) or -i/--period-us N");
		case 'c':
			return fail(err, errlen, "-c: cyclictest's -c is the clock, rtla's the CPUs: say -a or "
				    "--cpus LIST (rtbench measures on CLOCK_MONOTONIC, cyclictest's default)");
		case 'd':
			return fail(err, errlen, "-d: cyclictest's -d is the distance between threads' intervals, "
				    "rtla's the duration: say -D/--duration");
		case 'm':
			break; /* cyclictest --mlockall: rtbench locks memory by default */
		case 'q':
			cl->o.quiet = 1;
			break;
		case 'S':
			/* cyclictest -S: a thread on every CPU, one priority */
			if (selftest)
				return fail(err, errlen, "-S: an option of run, not of selftest");
			if (cpus_opt("all", cl, err, errlen))
				return RTB_EINVAL;
			break;
		case 'a':
		case OPT_AFFINITY:
			if (selftest)
				return fail(err, errlen, "-a: an option of run, not of selftest");
			if (cpus_opt(a, cl, why, sizeof(why)))
				return fail(err, errlen, "-a: %s", strncmp(why, "--cpus: ", 8) ? why : why + 8);
			affinity_given = 1;
			break;
		case 'P':
		case OPT_PRIORITY:
			/* N, or rtla's f:N (SCHED_FIFO); other policies refused */
			if (a[0] && a[1] == ':' && a[0] != 'f')
				return fail(err, errlen, "-P: '%s': rtbench measures at SCHED_FIFO: give N or f:N", a);
			if (num(a[0] == 'f' && a[1] == ':' ? a + 2 : a, 3, 97, &v))
				return fail(err, errlen, "-P: '%s' is not a priority from 3 to 97 (the measuring "
					    "thread's; rtbench's other tasks run 2 below to 1 above it)", a);
			cl->o.prio = (int)v - 2;
			priority_given = 1;
			break;
		case 'h':
			/* cyclictest -h US: a histogram of 1 us bins up to US */
			if (num(a, 1, 1000000, &v))
				return fail(err, errlen, "-h: '%s' is not a histogram size from 1 to 1000000 us "
					    "(cyclictest's -h US; --help is the help)", a);
			cl->out.histogram = 1;
			cl->out.hist_max_us = (int)v;
			break;
		case OPT_TESTS:
			if (!*a || strspn(a, ",") == strlen(a))
				return fail(err, errlen, "--tests: empty list (give ids, see 'rtbench list'; leave the option out to run all)");
			/* <id>@cpu<N>: that CPU's metric (the CPUs are taken below) */
			if (rtb_parse_tests_cpus(a, cl->tests_buf, sizeof(cl->tests_buf), &tests_cpus,
						 &tests_named, why, sizeof(why)))
				return fail(err, errlen, "--tests: %s", why);
			a = cl->tests_buf;
			if (rtb_tests_check(a, bad, sizeof(bad)))
				return fail(err, errlen, "--tests: no measurement is called '%s' (see 'rtbench list')", bad);
			cl->o.tests = a;
			break;
		case 'l':
		case OPT_SAMPLES:
			if (num(a, 1, 10000000, &v))
				return fail(err, errlen, "--samples: '%s' is not a whole number from 1 to 10000000", a);
			cl->o.samples = (int)v;
			samples_given = 1;
			break;
		case OPT_ROUNDS:
			if (num(a, 1, RTB_MAX_ROUNDS, &v))
				return fail(err, errlen, "--rounds: '%s' is not a whole number from 1 to %d", a,
					    RTB_MAX_ROUNDS);
			cl->o.rounds = (int)v;
			rounds_given = 1;
			break;
		case 'i':
		case OPT_PERIOD:
			if (num(a, 1, 1000000, &v))
				return fail(err, errlen, "--period-us: '%s' is not a whole number of microseconds from 1 to 1000000", a);
			cl->o.period_ns = v * 1000;
			break;
		case OPT_DEADLINE:
			if (num(a, 1, 10000000, &v))
				return fail(err, errlen, "--deadline-us: '%s' is not a whole number of microseconds from 1 to 10000000", a);
			cl->o.deadline_ns = v * 1000;
			break;
		case OPT_COUNT_OVER:
			if (count_over(a, cl))
				return fail(err, errlen, "--count-over-us: '%s' is not a list of up to %d whole numbers "
					    "of microseconds from 1 to 10000000", a, RTB_HM_MAX_THR - 1);
			break;
		case OPT_CPU:
			if (num(a, 0, ncpu - 1, &v))
				return fail(err, errlen, "--cpu: '%s' is not a CPU of this machine (0 to %d)", a, ncpu - 1);
			cl->o.cpu = (int)v;
			cpu_given = 1;
			break;
		case OPT_PRIO:
			prio_given = 1;
			if (num(a, 1, 95, &v))
				return fail(err, errlen, "--prio: '%s' is not a priority from 1 to 95 (tasks use up to prio+3; the watchdog 99)", a);
			cl->o.prio = (int)v;
			break;
		case OPT_NORT:
			cl->o.rt = 0;
			break;
		case OPT_LABEL:
			if (!*a || strlen(a) >= 64)
				return fail(err, errlen, "--label: give 1 to 63 characters");
			/* printed on the terminal and in every report: no ESC,
			 * newline or other control character, valid UTF-8 */
			if (rtb_esc_ctl(NULL, 0, a) != strlen(a))
				return fail(err, errlen, "--label: control characters or invalid UTF-8 in it");
			cl->o.label = a;
			break;
		case OPT_JSON:
		case OPT_CSV:
		case OPT_RAW:
			if (selftest)
				return fail(err, errlen, "--%s: selftest writes no result files",
					    c == OPT_JSON ? "json" : c == OPT_CSV ? "csv" : "raw");
			*(c == OPT_JSON ? &cl->out.json : c == OPT_CSV ? &cl->out.csv : &cl->out.raw) = a;
			break;
		case OPT_NOMLOCK:
			cl->o.mlock = 0;
			break;
		case OPT_HISTOGRAM:
			cl->out.histogram = 1;
			break;
		case OPT_READY:
			if (selftest)
				return fail(err, errlen, "--ready: an option of run, not of selftest");
			cl->out.ready = a;
			break;
		case OPT_IDLE:
			if (num(a, -1, 1000000, &v))
				return fail(err, errlen, "--idle-latency-us: '%s' is not -1 (do not hold) or 0 to 1000000", a);
			cl->o.idle_latency_us = (int)v;
			break;
		case OPT_LOAD:
			if (!strcmp(a, "hackbench") || !strcmp(a, "kcompile")) {
				if (cl->o.load.cmd && !cl->o.load.name)
					return fail(err, errlen, "--load and --load-cmd: choose one load");
				named_load(cl, a, ncpu);
				break;
			}
			if (strcmp(a, "cpu") && strcmp(a, "none"))
				return fail(err, errlen, "--load: '%s' is not a load rtbench has (cpu, hackbench, kcompile, "
					    "none; or --load-cmd CMD)", a);
			cl->o.load.cpu = !strcmp(a, "cpu");
			cl->o.load.cmd = cl->o.load.name = NULL;
			break;
		case OPT_LOADCMD:
			if (cl->o.load.name)
				return fail(err, errlen, "--load %s and --load-cmd: choose one load", cl->o.load.name);
			if (!*a || strlen(a) > 150)
				return fail(err, errlen, "--load-cmd: give a command of 1 to 150 characters");
			if (rtb_esc_ctl(NULL, 0, a) != strlen(a))
				return fail(err, errlen, "--load-cmd: control characters or invalid UTF-8 in it "
					    "(it is printed with the results)");
			cl->o.load.cmd = a;
			break;
		case OPT_LOADMAYEXIT:
			cl->o.load.may_exit = 1;
			break;
		case OPT_EMULATION:
			if (rtb_emulation_parse(a, &cl->o.emulation, err, errlen))
				return RTB_EINVAL;
			break;
		case OPT_QUIET:
			cl->o.quiet = 1;
			break;
		case OPT_DELAYS:
			if (!selftest)
				return fail(err, errlen, "--delays-us: an option of selftest, not of run");
			if (delays(a, cl))
				return fail(err, errlen, "--delays-us: '%s' is not a list of up to %d whole numbers from 1 to 100000",
					    a, RTB_MAX_DELAYS);
			break;
		case OPT_FOLLOW:
			rtb_port_output_follow_symlinks(1);
			break;
		case OPT_NOWAIT:
			cl->o.lock_wait_ns = 0;
			break;
		case OPT_WAIT:
			if (num(a, 0, 86400, &v))
				return fail(err, errlen, "--wait-s: '%s' is not a whole number of seconds from 0 to 86400", a);
			cl->o.lock_wait_ns = v * 1000000000LL;
			break;
		case OPT_TRACE:
			if (selftest)
				return fail(err, errlen, "--trace: an option of run, not of selftest");
			cl->o.trace.on = 1;
			break;
		case OPT_TRACE_EVENTS:
			if (selftest)
				return fail(err, errlen, "--trace-events: an option of run, not of selftest");
			if (!rtb_port_dir_writable(a) || strlen(a) > 400)
				return fail(err, errlen, "--trace-events: cannot write files named '%s.*' (no such directory, or not writable)", a);
			cl->o.trace.events = a;
			break;
		case OPT_TRACE_DAT:
			if (selftest)
				return fail(err, errlen, "--trace-dat: an option of run, not of selftest");
			if (!rtb_port_dir_writable(a) || strlen(a) > 400)
				return fail(err, errlen, "--trace-dat: cannot write files named '%s.*' (no such directory, or not writable)", a);
			cl->o.trace.dat = a;
			break;
		case 'b':
		case 'T':
		case OPT_BREAK:
		case OPT_STOP: {
			const char *nm = c == 'b' ? "-b" : c == 'T' ? "-T" : c == OPT_STOP ? "--stop-us" : "--break-us";
			if (selftest)
				return fail(err, errlen, "%s: an option of run, not of selftest", nm);
			if (num(a, 1, 10000000, &v))
				return fail(err, errlen, "%s: '%s' is not a whole number of microseconds from 1 to 10000000", nm, a);
			if (cl->o.break_ns && cl->o.break_fails != (c == 'T' || c == OPT_STOP))
				return fail(err, errlen, "%s and %s: one stop threshold (-b/--break-us stops and exits 0, "
					    "-T/--stop-us stops and fails)", cl->o.break_fails ? "-T" : "-b", nm);
			cl->o.break_ns = v * 1000;
			cl->o.break_fails = c == 'T' || c == OPT_STOP;
			break;
		}
		case 'D':
		case OPT_DURATION:
		case OPT_INTERVAL:
			/* cyclictest's --interval is the period in us, a bare
			 * number: never read as this one's seconds */
			if (c == OPT_INTERVAL && a[0] && strspn(a, "0123456789") == strlen(a))
				return fail(err, errlen, "--interval: '%s' has no unit: rtbench's --interval is how "
					    "often figures are kept (60s, 5m); cyclictest's --interval, the timer "
					    "period, is -i/--period-us %s", a, a);
			if (selftest)
				return fail(err, errlen, "--%s: an option of run, not of selftest",
					    c != OPT_INTERVAL ? "duration" : "interval");
			if (rtb_parse_time_ns(a, RTB_MAX_DURATION_NS,
					      c != OPT_INTERVAL ? &cl->o.time.duration_ns : &cl->o.time.interval_ns,
					      why, sizeof(why)))
				return fail(err, errlen, "%s: %s", c == 'D' ? "-D" : c == OPT_DURATION ? "--duration" :
					    "--interval", why);
			interval_given |= c == OPT_INTERVAL;
			break;
		case OPT_CPUS:
			if (selftest)
				return fail(err, errlen, "--cpus: an option of run, not of selftest");
			if (cpus_opt(a, cl, err, errlen))
				return RTB_EINVAL;
			break;
		case OPT_HELP:
			cl->help = 1;
			return 0;
		case ':':
			if (optopt == 'h')
				return fail(err, errlen, "-h: needs a value: cyclictest's -h US, a histogram up to "
					    "US; --help is the help");
			return fail(err, errlen, "%s: needs a value", argv[optind - 1]);
		default:
			return fail(err, errlen, "%s: unknown option (see --help)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return fail(err, errlen, "'%s': unexpected argument (see --help)", argv[optind]);
	if (priority_given && prio_given)
		return fail(err, errlen, "-P/--priority and --prio: one priority (-P N: the measuring thread at "
			    "N; --prio N: the base, the measuring thread at N+2)");
	/* -a / --cpus with one CPU by count is --cpu CPU (a count run on one
	 * CPU, in rounds); a set by count runs at once (count_cpus_check) */
	if (!cl->o.time.duration_ns && cl->o.cpus.n == 1) {
		if (cpu_given)
			return fail(err, errlen, "%s and --cpu: choose one", affinity_given ? "-a" : "--cpus");
		cl->o.cpu = cl->o.cpus.list[0];
		cl->o.cpus.n = 0;
		cpu_given = 1;
	}
	if (cl->o.trace.dat && !cl->o.trace.on)
		return fail(err, errlen, "--trace-dat: needs --trace");
	if (cl->o.trace.events && !cl->o.trace.on)
		return fail(err, errlen, "--trace-events: needs --trace");
	if (cl->o.load.cpu && cl->o.load.cmd)
		return fail(err, errlen, "--load and --load-cmd: choose one load");
	if (tests_named && tests_cpu(cl, &tests_cpus, cpu_given, ncpu, err, errlen))
		return RTB_EINVAL;
	if (long_check(cl, interval_given, cpu_given, samples_given, rounds_given, err, errlen))
		return RTB_EINVAL;
	/* each selected measurement's own knobs against the system */
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (rtb_benches[i]->check && rtb_bench_selected(rtb_benches[i], cl->o.tests) &&
		    rtb_benches[i]->check(cl->o.rt, err, errlen))
			return RTB_EINVAL;
	/* --histogram / -h US: the 1 us bins counted in the record step of a
	 * histogram-mode metric (a --duration or a large --samples run), not
	 * read back from its log-linear buckets */
	if (cl->out.histogram)
		cl->o.hist_lin_us = cl->out.hist_max_us > 0 ? cl->out.hist_max_us : RTB_TH_CT_DEFAULT_US;
	pick_writers(&cl->out);
	return outputs_check(cl, err, errlen);
}

/* rtb_cli_usage_run - `rtbench run --help`. */
void rtb_cli_usage_run(FILE *f)
{
	fputs("usage: rtbench run [options]\n"
	      "Run the study's five measurements (and the extras) and print study-shaped tables.\n"
	      "Short options keep cyclictest's and rtla timerlat's meanings; each says which it mirrors.\n"
	      "A letter the two tools use differently is refused with both named (-p: cyclictest's\n"
	      "priority, rtla's period; -c: cyclictest's clock, rtla's CPUs; -d: cyclictest's distance,\n"
	      "rtla's duration), never guessed. cyclictest -S -m -p95 -D 24h is here: -S -P95 -D 24h.\n"
	      "  --tests ID,...        measurements to run: an id (exactly that one), a dotted prefix (ctxsw,\n"
	      "                        sync.sem) or a metric id (default: all; see 'rtbench list');\n"
	      "                        <id>@cpu<N>: measured on CPU N (as --cpus N; several: as --cpus)\n"
	      "  -l, --samples N       samples per measurement (default: each one's own; 25 = the study's);\n"
	      "                        -l/--loops as cyclictest's\n"
	      "  -D, --duration D      measure for a time instead of a count: 90s, 30m, 24h, 2d (irq.timer.*\n"
	      "                        and the wake-up measurements; default test irq.timer.nanosleep).\n"
	      "                        Memory stays flat: histograms, worst samples, a sample reservoir.\n"
	      "                        Ctrl-C / SIGTERM end it with a whole result (exit 0); docs/long-runs.md\n"
	      "                        -D as cyclictest's and rtla's --duration (rtla's -d: refused, above)\n"
	      "  --interval I          with --duration: figures per interval, result file rewritten after\n"
	      "                        each (default: a tenth of the run in whole seconds, 1s to 60s,\n"
	      "                        so a 60 s run has 10 of 6 s, each with count/p50/p99/p99.9/max;\n"
	      "                        at most 1440 a run: a longer one gets the default grown); a time\n"
	      "                        with its unit: a bare number (cyclictest's --interval, the period\n"
	      "                        in us) is refused and pointed to -i\n"
	      "  --cpus LIST|all       one measuring thread per CPU at once (all, 1-3, 0,2), for --duration\n"
	      "                        or by count (each CPU its --samples, in --rounds, all at once);\n"
	      "                        metrics <id>@cpu<N> and the all-CPU <id>; rtbench's own threads run\n"
	      "                        on a CPU not listed when one is left (rtla's --cpus); one CPU by\n"
	      "                        count: as --cpu N\n"
	      "  -a, --affinity LIST   cyclictest's -a: as --cpus LIST\n"
	      "  -S                    cyclictest's -S (a thread on every CPU): as --cpus all\n"
	      "  --rounds N            split each measurement's samples into N rounds, interleaved across\n"
	      "                        measurements (default 5; 1-32); figures carry the rounds' spread\n"
	      "  -i, --period-us N     timer period for irq.* in us (default 200; the study's hardware timer:\n"
	      "                        20); -i as cyclictest's -i/--interval (rtla's -i, an IRQ stop\n"
	      "                        threshold, rtbench has not)\n"
	      "  --deadline-us N       count samples over N us in every measurement (default: none)\n"
	      "  --count-over-us A,B   count the samples over each of these (up to 7, in us) in the measuring\n"
	      "                        loop of a long run, per CPU and per interval, as --deadline-us is:\n"
	      "                        exact where the histogram's buckets only bound a count (tail, compare,\n"
	      "                        check and report use them; docs/tail.md)\n"
	      "  --cpu N               measurement CPU (default: the last CPU)\n"
	      "  -P, --priority N|f:N  the measuring thread's SCHED_FIFO priority, 3-97, as cyclictest's\n"
	      "                        -p N and rtla's -P f:N (default 82): the timer and --duration\n"
	      "                        threads run at N; the study's other tasks at N-2 to N+1\n"
	      "  --prio N              the same set as a base, 1-95 (default 80): tasks at N to N+3, the\n"
	      "                        measuring thread at N+2 (so --prio 93 is -P 95). Kept because the\n"
	      "                        study's tables name their tasks by level; the result records both\n"
	      "                        (settings.prio, settings.measuring_prio, which compare sets beside\n"
	      "                        cyclictest's -p)\n"
	      "  --no-rt               run without real-time scheduling on purpose (results marked so)\n"
	      "  --label NAME          name of this system in compare/report (default: host-kernel)\n"
	      "  --json FILE           write the result as JSON (docs/json-schema.md)\n"
	      "  --csv FILE            write one CSV row per measurement\n"
	      "  --raw FILE            write every sample as CSV: metric, index, ns, and t_ns, its time\n"
	      "                        since the run started (read as it was recorded); with --cpus by\n"
	      "                        count, <id>@cpu<N>'s each (at most 4,000,000 kept in all)\n"
	      "  --histogram           after the tables, cyclictest -h's histogram of each measurement:\n"
	      "                        1 us bins from 0, every bin, one tab-separated column per CPU of a\n"
	      "                        --cpus run, then # Total / Min / Avg / Max Latencies (us) /\n"
	      "                        Histogram Overflows, as pasted into bug reports and OSADL-style\n"
	      "                        plots; up to the largest value (at most 1000 us; past it: overflows);\n"
	      "                        a --duration run counts these 1 us bins as it measures (a linear\n"
	      "                        histogram per CPU beside the log-linear one, fixed memory)\n"
	      "  -h US                 cyclictest's -h US: --histogram with US bins (1-1000000); --help\n"
	      "                        is the help\n"
	      "                        (FILE '-': standard output, written once at the end, and the\n"
	      "                        tables are not printed; one output at most)\n"
	      "                        (each file is written atomically; an existing file must be a regular\n"
	      "                        file: a device, directory or symlink there is refused)\n"
	      "  --follow-symlinks     write where a symlink at an output name points, instead of refusing\n"
	      "  --no-mlock            do not lock memory\n"
	      "  --idle-latency-us N   hold /dev/cpu_dma_latency at N during the run (default 0, as cyclictest;\n"
	      "                        -1: do not hold)\n"
	      , f);
	/* the benchmarks' own knobs, from their tables (struct rtb_bench_opt) */
	for (size_t i = 0; i < rtb_nbenches; i++)
		for (const struct rtb_bench_opt *p = rtb_benches[i]->opts; p && p->name; p++) {
			char lhs[64];
			if (rtb_bench_opt_find(p->name) != p)
				continue;
			int len = snprintf(lhs, sizeof(lhs), "--%s%s", p->name, p->flag ? "" : " N");
			fprintf(f, "  %s%*s%s\n", lhs, len < 22 ? 22 - len : 2, "", p->help);
		}
	fputs(
	      "  --load cpu|hackbench|kcompile  run with a built-in load: cpu, a SCHED_OTHER thread per CPU\n"
	      "                        walking 4 MiB; rteval's two usual loads: hackbench (rt-tests',\n"
	      "                        as rteval runs it: hackbench -P -g 2xCPUs -l 1000 -s 1000, again and\n"
	      "                        again), kcompile (kernel-compile-like: 2xCPUs jobs each compiling a\n"
	      "                        generated 4000-function C file with cc -O2, again and again; needs\n"
	      "                        cc). A load that cannot start or ends early fails the run\n"
	      "  --load-cmd CMD        run with CMD (e.g. 'stress-ng --cpu 2 --io 1') as the load; ended at the end\n"
	      "  --load-may-exit       a --load-cmd that ends before rtbench does is said, not a failure\n"
	      "                        (without it: a WARNING and exit status 1)\n"
	      "  -q, --quiet           no progress lines on stderr, cyclictest's -q (the 'measuring'\n"
	      "                        line stays: --ready)\n"
	      "  --ready FILE          when each measurement starts (set-up done: settings, calibration,\n"
	      "                        trace), write 'measuring ID on CPU LIST' to FILE, atomically, as\n"
	      "                        the line 'rtbench: measuring ID on CPU LIST' on stderr always is;\n"
	      "                        for scripts that start a load or a stop then (docs/long-runs.md)\n"
	      "  -m                    cyclictest's --mlockall: accepted, memory is locked by default\n"
	      "  --emulation K=V,...   this system is emulated: emulator=NAME (required), version=V,\n"
	      "                        machine=M, icount_shift=N (-1: no -icount), vcpus=N, accel=tcg|kvm;\n"
	      "                        recorded in the fingerprint and printed with every table\n"
	      "  --wait-s N            a run that changes system settings waits up to N s (default 300) while\n"
	      "                        another rtbench run holds the settings lock (/run/rtbench/lock)\n"
	      "  --no-wait             refuse at once instead (exit 2) when another run holds it\n"
	      "  --trace               Linux, root: record the kernel's event trace during the timer and\n"
	      "                        wake-up measurements, split each sample into its kernel components,\n"
	      "                        check agreement, and run each untraced before and after (the cost of\n"
	      "                        watching). Unavailable: one line says why, the run goes on untraced.\n"
	      "                        With --duration too: read while it runs, in fixed memory (each CPU's\n"
	      "                        worst samples and successive maxima explained, components streamed)\n"
	      "  --trace-dat PREFIX    with --trace: the kernel's events around each worst sample kept, with\n"
	      "                        rtbench's marks (period start, phase ends, the stamp), per traced\n"
	      "                        measurement as PREFIX.<id>.r<round>.dat (trace.dat: trace-cmd report,\n"
	      "                        KernelShark) and .json (Trace Event Format: Perfetto's UI); at most\n"
	      "                        2048 events a sample, in memory fixed at the start (docs/diagnosis.md)\n"
	      "  --trace-events PREFIX with --trace: write each traced measurement's events and sample marks\n"
	      "                        to PREFIX.<id>.r<round>.txt (the matcher's input, for inspection).\n"
	      "                        By count on one CPU: every event of a pass (memory grows with it);\n"
	      "                        for a time or on several CPUs at once: a bounded window, as the\n"
	      "                        kernel's trace buffer (rtla --trace): the last 32768 events of each\n"
	      "                        CPU when the measurement ended, with its last samples' marks\n"
	      "  -b, --break-us N      stop the run at the first sample over N us, like cyclictest -b\n"
	      "                        (--breaktrace), and say so (exit 0); with --trace it is taken in a\n"
	      "                        traced pass and its cause explained with the worst samples\n"
	      "                        (docs/diagnosis.md)\n"
	      "  -T, --stop-us N       the same stop, as rtla timerlat -T, and the run FAILS: exit 1 and a\n"
	      "                        FAIL line naming the sample (rtla exits 2; rtbench's 2 is bad\n"
	      "                        input), so one run is a CI gate without a check step; exit 0 means\n"
	      "                        every sample of a whole run stayed at or under N\n"

	      "Exit status: 0 done, 1 failed (or -T crossed), 2 bad option or settings lock held, 128+N\n"
	      "stopped by signal N\n"
	      "(130 Ctrl-C, 143 SIGTERM; results so far written).\n", f);
}

/* rtb_cli_usage_selftest - `rtbench selftest --help`. */
void rtb_cli_usage_selftest(FILE *f)
{
	fputs("usage: rtbench selftest [options]\n"
	      "Known-answer check: inject a known busy delay inside each measured path (every other sample)\n"
	      "and check that the median of those samples rises by that delay over the others.\n"
	      "  --delays-us LIST      delays to inject (default 1,5,20)\n"
	      "  --samples N           samples per pass, half of them injected (default 4000;\n"
	      "                        priority inversion: 200)\n"
	      "  --tests, --cpu, --prio, --period-us, --no-rt, --no-mlock, --idle-latency-us, --load,\n"
	      "  --load-cmd, --load-may-exit, --quiet, --wait-s, --no-wait: as for run\n"
	      "Exit status: 0 every check passed, 1 a check failed, 2 bad option.\n", f);
}
