/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - command-line parsing (argv belongs to the POSIX main;
 * a port without a command line fills struct rtb_opts itself): the
 * defaults, the options getopt_long knows (run's and every benchmark's
 * knobs) and the loop that hands each to its handler (cli_opt.c), then
 * the checks across options (cli_check.c).
 *
 * Like src/main.c beside it, it parses and asks the OS nothing directly:
 * the CPUs online, whether stderr is a terminal, whether a directory can
 * be written and whether an output can be replaced are port calls
 * (rtbench/port.h), so no OS header is included here but getopt.h (argv
 * parsing is the C library's, not an OS service). */
#include <getopt.h>
#include <string.h>
#include "cli.h"
#include "cli_opt.h"
#include "rtbench/err.h"
#include "rtbench/port.h"
#include "bench/registry.h"
#ifdef RTB_HAVE_TRACE
#include "rtbench/trace.h" /* rtb_tracer_trace */
#include "rtbench/kagg.h" /* rtb_port_kagg, where the build has BPF */
#endif

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
	{ "trace-cpus", required_argument, NULL, OPT_TRACE_CPUS },
	{ "trace-bpf", no_argument, NULL, OPT_TRACE_BPF },
	{ "break-us", required_argument, NULL, OPT_BREAK },
	{ "duration", required_argument, NULL, OPT_DURATION },
	{ "interval", required_argument, NULL, OPT_INTERVAL },
	{ "cpus", required_argument, NULL, OPT_CPUS },
	{ NULL, 0, NULL, 0 },
};

/* The benchmarks' own knobs (struct rtb_bench_opt, declared in each bench
 * file) as run options after run_opts: one entry per name, parsed and
 * refused alike (bench_knob). */
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
	/* --trace-bpf's in-kernel aggregation: the Linux port's, where the
	 * Makefile's BPF=1 built it (libbpf, clang), else none */
#ifdef RTB_HAVE_BPF
	cl->o.trace.kagg = &rtb_port_kagg;
#endif
	cl->o.selftest.delays_ns[0] = 1000;
	cl->o.selftest.delays_ns[1] = 5000;
	cl->o.selftest.delays_ns[2] = 20000;
	cl->o.selftest.ndelays = 3;
}

/* bench_knob - a benchmark's own knob: its table says what it takes. */
static int bench_knob(struct rtb_cli_arg *p)
{
	const struct rtb_bench_opt *o = bench_opt[p->c - OPT_BENCH];
	long long v;

	if (o->flag) {
		*o->value = o->scale;
		return 0;
	}
	if (rtb_cli_num(p->a, o->min, o->max, &v))
		return rtb_cli_fail(p->err, p->errlen, "--%s: '%s' is not %s", o->name, p->a, o->what);
	*o->value = (int64_t)v * o->scale;
	return 0;
}

/* not_ours - getopt_long's ':' (a value missing) and '?' (unknown). */
static int not_ours(int c, char **argv, char *err, size_t errlen)
{
	if (c == ':' && optopt == 'h')
		return rtb_cli_fail(err, errlen, "-h: needs a value: cyclictest's -h US, a histogram up to "
				    "US; --help is the help");
	if (c == ':')
		return rtb_cli_fail(err, errlen, "%s: needs a value", argv[optind - 1]);
	return rtb_cli_fail(err, errlen, "%s: unknown option (see --help)", argv[optind - 1]);
}

/* rtb_cli_parse - options of run / selftest. */
int rtb_cli_parse(int argc, char **argv, int selftest, struct rtb_cli *cl, char *err, size_t errlen)
{
	struct rtb_cli_given g = { 0 };
	struct rtb_cli_arg p = { .cl = cl, .g = &g, .selftest = selftest, .ncpu = rtb_ncpus(),
				 .err = err, .errlen = errlen };
	int r;

	optind = 1;
	opterr = 0;
	bench_opts();
	while ((p.c = getopt_long(argc, argv, short_opts, all_opts, NULL)) != -1) {
		p.a = optarg;
		if (p.c >= OPT_BENCH && p.c < OPT_BENCH + nbench_opts)
			r = bench_knob(&p);
		else if ((r = rtb_cli_opt(&p)) > 0)
			r = not_ours(p.c, argv, err, errlen);
		if (r)
			return r;
		if (cl->help)
			return 0; /* --help: nothing else done */
	}
	if (optind < argc)
		return rtb_cli_fail(err, errlen, "'%s': unexpected argument (see --help)", argv[optind]);
	return rtb_cli_check(cl, &g, err, errlen);
}
