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

/* rtb_cli_parse - options of run / selftest. */
int rtb_cli_parse(int argc, char **argv, int selftest, struct rtb_cli *cl, char *err, size_t errlen)
{
	long long v;
	int c, ncpu = rtb_ncpus();
	char bad[128], why[160];
	struct rtb_cli_given g = { 0 };

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
				return rtb_cli_fail(err, errlen, "--%s: '%s' is not %s", p->name, a, p->what);
			*p->value = (int64_t)v * p->scale;
			continue;
		}
		switch (c) {
		case 'p':
			return rtb_cli_fail(err, errlen, "-p: cyclictest's -p is the priority, rtla's the period: say "
				    "-P/--priority N (the measuring thread's, as cyclictest -p) or -i/--period-us N");
		case 'c':
			return rtb_cli_fail(err, errlen, "-c: cyclictest's -c is the clock, rtla's the CPUs: say -a or "
				    "--cpus LIST (rtbench measures on CLOCK_MONOTONIC, cyclictest's default)");
		case 'd':
			return rtb_cli_fail(err, errlen, "-d: cyclictest's -d is the distance between threads' intervals, "
				    "rtla's the duration: say -D/--duration");
		case 'm':
			break; /* cyclictest --mlockall: rtbench locks memory by default */
		case 'q':
			cl->o.quiet = 1;
			break;
		case 'S':
			/* cyclictest -S: a thread on every CPU, one priority */
			if (selftest)
				return rtb_cli_fail(err, errlen, "-S: an option of run, not of selftest");
			if (rtb_cli_cpus("all", cl, err, errlen))
				return RTB_EINVAL;
			break;
		case 'a':
		case OPT_AFFINITY:
			if (selftest)
				return rtb_cli_fail(err, errlen, "-a: an option of run, not of selftest");
			if (rtb_cli_cpus(a, cl, why, sizeof(why)))
				return rtb_cli_fail(err, errlen, "-a: %s", strncmp(why, "--cpus: ", 8) ? why : why + 8);
			g.affinity = 1;
			break;
		case 'P':
		case OPT_PRIORITY:
			/* N, or rtla's f:N (SCHED_FIFO); other policies refused */
			if (a[0] && a[1] == ':' && a[0] != 'f')
				return rtb_cli_fail(err, errlen, "-P: '%s': rtbench measures at SCHED_FIFO: give N or f:N", a);
			if (num(a[0] == 'f' && a[1] == ':' ? a + 2 : a, 3, 97, &v))
				return rtb_cli_fail(err, errlen, "-P: '%s' is not a priority from 3 to 97 (the measuring "
					    "thread's; rtbench's other tasks run 2 below to 1 above it)", a);
			cl->o.prio = (int)v - 2;
			g.priority = 1;
			break;
		case 'h':
			/* cyclictest -h US: a histogram of 1 us bins up to US */
			if (num(a, 1, 1000000, &v))
				return rtb_cli_fail(err, errlen, "-h: '%s' is not a histogram size from 1 to 1000000 us "
					    "(cyclictest's -h US; --help is the help)", a);
			cl->out.histogram = 1;
			cl->out.hist_max_us = (int)v;
			break;
		case OPT_TESTS:
			if (!*a || strspn(a, ",") == strlen(a))
				return rtb_cli_fail(err, errlen, "--tests: empty list (give ids, see 'rtbench list'; leave the option out to run all)");
			/* <id>@cpu<N>: that CPU's metric (the CPUs are taken below) */
			if (rtb_parse_tests_cpus(a, cl->tests_buf, sizeof(cl->tests_buf), &g.tests_cpus,
						 &g.tests_named, why, sizeof(why)))
				return rtb_cli_fail(err, errlen, "--tests: %s", why);
			a = cl->tests_buf;
			if (rtb_tests_check(a, bad, sizeof(bad)))
				return rtb_cli_fail(err, errlen, "--tests: no measurement is called '%s' (see 'rtbench list')", bad);
			cl->o.tests = a;
			break;
		case 'l':
		case OPT_SAMPLES:
			if (num(a, 1, 10000000, &v))
				return rtb_cli_fail(err, errlen, "--samples: '%s' is not a whole number from 1 to 10000000", a);
			cl->o.samples = (int)v;
			g.samples = 1;
			break;
		case OPT_ROUNDS:
			if (num(a, 1, RTB_MAX_ROUNDS, &v))
				return rtb_cli_fail(err, errlen, "--rounds: '%s' is not a whole number from 1 to %d", a,
					    RTB_MAX_ROUNDS);
			cl->o.rounds = (int)v;
			g.rounds = 1;
			break;
		case 'i':
		case OPT_PERIOD:
			if (num(a, 1, 1000000, &v))
				return rtb_cli_fail(err, errlen, "--period-us: '%s' is not a whole number of microseconds from 1 to 1000000", a);
			cl->o.period_ns = v * 1000;
			break;
		case OPT_DEADLINE:
			if (num(a, 1, 10000000, &v))
				return rtb_cli_fail(err, errlen, "--deadline-us: '%s' is not a whole number of microseconds from 1 to 10000000", a);
			cl->o.deadline_ns = v * 1000;
			break;
		case OPT_COUNT_OVER:
			if (count_over(a, cl))
				return rtb_cli_fail(err, errlen, "--count-over-us: '%s' is not a list of up to %d whole numbers "
					    "of microseconds from 1 to 10000000", a, RTB_HM_MAX_THR - 1);
			break;
		case OPT_CPU:
			if (num(a, 0, ncpu - 1, &v))
				return rtb_cli_fail(err, errlen, "--cpu: '%s' is not a CPU of this machine (0 to %d)", a, ncpu - 1);
			cl->o.cpu = (int)v;
			g.cpu = 1;
			break;
		case OPT_PRIO:
			g.prio = 1;
			if (num(a, 1, 95, &v))
				return rtb_cli_fail(err, errlen, "--prio: '%s' is not a priority from 1 to 95 (tasks use up to prio+3; the watchdog 99)", a);
			cl->o.prio = (int)v;
			break;
		case OPT_NORT:
			cl->o.rt = 0;
			break;
		case OPT_LABEL:
			if (!*a || strlen(a) >= 64)
				return rtb_cli_fail(err, errlen, "--label: give 1 to 63 characters");
			/* printed on the terminal and in every report: no ESC,
			 * newline or other control character, valid UTF-8 */
			if (rtb_esc_ctl(NULL, 0, a) != strlen(a))
				return rtb_cli_fail(err, errlen, "--label: control characters or invalid UTF-8 in it");
			cl->o.label = a;
			break;
		case OPT_JSON:
		case OPT_CSV:
		case OPT_RAW:
			if (selftest)
				return rtb_cli_fail(err, errlen, "--%s: selftest writes no result files",
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
				return rtb_cli_fail(err, errlen, "--ready: an option of run, not of selftest");
			cl->out.ready = a;
			break;
		case OPT_IDLE:
			if (num(a, -1, 1000000, &v))
				return rtb_cli_fail(err, errlen, "--idle-latency-us: '%s' is not -1 (do not hold) or 0 to 1000000", a);
			cl->o.idle_latency_us = (int)v;
			break;
		case OPT_LOAD:
			if (!strcmp(a, "hackbench") || !strcmp(a, "kcompile")) {
				if (cl->o.load.cmd && !cl->o.load.name)
					return rtb_cli_fail(err, errlen, "--load and --load-cmd: choose one load");
				named_load(cl, a, ncpu);
				break;
			}
			if (strcmp(a, "cpu") && strcmp(a, "none"))
				return rtb_cli_fail(err, errlen, "--load: '%s' is not a load rtbench has (cpu, hackbench, kcompile, "
					    "none; or --load-cmd CMD)", a);
			cl->o.load.cpu = !strcmp(a, "cpu");
			cl->o.load.cmd = cl->o.load.name = NULL;
			break;
		case OPT_LOADCMD:
			if (cl->o.load.name)
				return rtb_cli_fail(err, errlen, "--load %s and --load-cmd: choose one load", cl->o.load.name);
			if (!*a || strlen(a) > 150)
				return rtb_cli_fail(err, errlen, "--load-cmd: give a command of 1 to 150 characters");
			if (rtb_esc_ctl(NULL, 0, a) != strlen(a))
				return rtb_cli_fail(err, errlen, "--load-cmd: control characters or invalid UTF-8 in it "
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
				return rtb_cli_fail(err, errlen, "--delays-us: an option of selftest, not of run");
			if (delays(a, cl))
				return rtb_cli_fail(err, errlen, "--delays-us: '%s' is not a list of up to %d whole numbers from 1 to 100000",
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
				return rtb_cli_fail(err, errlen, "--wait-s: '%s' is not a whole number of seconds from 0 to 86400", a);
			cl->o.lock_wait_ns = v * 1000000000LL;
			break;
		case OPT_TRACE:
			if (selftest)
				return rtb_cli_fail(err, errlen, "--trace: an option of run, not of selftest");
			cl->o.trace.on = 1;
			break;
		case OPT_TRACE_EVENTS:
			if (selftest)
				return rtb_cli_fail(err, errlen, "--trace-events: an option of run, not of selftest");
			if (!rtb_port_dir_writable(a) || strlen(a) > 400)
				return rtb_cli_fail(err, errlen, "--trace-events: cannot write files named '%s.*' (no such directory, or not writable)", a);
			cl->o.trace.events = a;
			break;
		case OPT_TRACE_DAT:
			if (selftest)
				return rtb_cli_fail(err, errlen, "--trace-dat: an option of run, not of selftest");
			if (!rtb_port_dir_writable(a) || strlen(a) > 400)
				return rtb_cli_fail(err, errlen, "--trace-dat: cannot write files named '%s.*' (no such directory, or not writable)", a);
			cl->o.trace.dat = a;
			break;
		case 'b':
		case 'T':
		case OPT_BREAK:
		case OPT_STOP: {
			const char *nm = c == 'b' ? "-b" : c == 'T' ? "-T" : c == OPT_STOP ? "--stop-us" : "--break-us";
			if (selftest)
				return rtb_cli_fail(err, errlen, "%s: an option of run, not of selftest", nm);
			if (num(a, 1, 10000000, &v))
				return rtb_cli_fail(err, errlen, "%s: '%s' is not a whole number of microseconds from 1 to 10000000", nm, a);
			if (cl->o.break_ns && cl->o.break_fails != (c == 'T' || c == OPT_STOP))
				return rtb_cli_fail(err, errlen, "%s and %s: one stop threshold (-b/--break-us stops and exits 0, "
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
				return rtb_cli_fail(err, errlen, "--interval: '%s' has no unit: rtbench's --interval is how "
					    "often figures are kept (60s, 5m); cyclictest's --interval, the timer "
					    "period, is -i/--period-us %s", a, a);
			if (selftest)
				return rtb_cli_fail(err, errlen, "--%s: an option of run, not of selftest",
					    c != OPT_INTERVAL ? "duration" : "interval");
			if (rtb_parse_time_ns(a, RTB_MAX_DURATION_NS,
					      c != OPT_INTERVAL ? &cl->o.time.duration_ns : &cl->o.time.interval_ns,
					      why, sizeof(why)))
				return rtb_cli_fail(err, errlen, "%s: %s", c == 'D' ? "-D" : c == OPT_DURATION ? "--duration" :
					    "--interval", why);
			g.interval |= c == OPT_INTERVAL;
			break;
		case OPT_CPUS:
			if (selftest)
				return rtb_cli_fail(err, errlen, "--cpus: an option of run, not of selftest");
			if (rtb_cli_cpus(a, cl, err, errlen))
				return RTB_EINVAL;
			break;
		case OPT_HELP:
			cl->help = 1;
			return 0;
		case ':':
			if (optopt == 'h')
				return rtb_cli_fail(err, errlen, "-h: needs a value: cyclictest's -h US, a histogram up to "
					    "US; --help is the help");
			return rtb_cli_fail(err, errlen, "%s: needs a value", argv[optind - 1]);
		default:
			return rtb_cli_fail(err, errlen, "%s: unknown option (see --help)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return rtb_cli_fail(err, errlen, "'%s': unexpected argument (see --help)", argv[optind]);
	return rtb_cli_check(cl, &g, err, errlen);
}

