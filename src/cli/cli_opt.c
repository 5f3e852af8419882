/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - what each option of run and selftest does: one
 * handler an option (or a family of options that differ only in a name),
 * found by getopt_long's code in one table (handlers[]), which also says
 * which options belong to run only. cli.c runs getopt_long and hands each
 * option here.
 *
 * Every value is checked completely (a number must be all digits and in
 * range, a file's directory must be writable) before anything runs, so bad
 * input costs nothing and gets one line naming the option. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_opt.h"
#include "rtbench/emulation.h"
#include "rtbench/escape.h"
#include "rtbench/longopt.h"
#include "rtbench/port.h"

int rtb_cli_num(const char *s, long long lo, long long hi, long long *v)
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
		if (cl->o.selftest.ndelays >= RTB_MAX_DELAYS || rtb_cli_num(t, 1, 100000, &v))
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
		if (cl->o.ncount_over >= RTB_HM_MAX_THR - 1 || rtb_cli_num(t, 1, 10000000, &v))
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

/* ---- cyclictest's and rtla's letters ---- */

/* ambiguous - a letter the two tools give different meanings: refused with
 * both named, never guessed. */
static int ambiguous(struct rtb_cli_arg *p)
{
	return rtb_cli_fail(p->err, p->errlen, "%s", p->c == 'p' ?
		"-p: cyclictest's -p is the priority, rtla's the period: say "
		"-P/--priority N (the measuring thread's, as cyclictest -p) or -i/--period-us N" : p->c == 'c' ?
		"-c: cyclictest's -c is the clock, rtla's the CPUs: say -a or "
		"--cpus LIST (rtbench measures on CLOCK_MONOTONIC, cyclictest's default)" :
		"-d: cyclictest's -d is the distance between threads' intervals, "
		"rtla's the duration: say -D/--duration");
}

/* mlockall - cyclictest -m: rtbench locks memory by default. */
static int mlockall(struct rtb_cli_arg *p)
{
	(void)p;
	return 0;
}

/* every_cpu - cyclictest -S: a thread on every CPU, one priority. */
static int every_cpu(struct rtb_cli_arg *p)
{
	return rtb_cli_cpus("all", p->cl, p->err, p->errlen) ? RTB_EINVAL : 0;
}

static int affinity(struct rtb_cli_arg *p)
{
	char why[160];

	if (rtb_cli_cpus(p->a, p->cl, why, sizeof(why)))
		return rtb_cli_fail(p->err, p->errlen, "-a: %s", strncmp(why, "--cpus: ", 8) ? why : why + 8);
	p->g->affinity = 1;
	return 0;
}

/* priority - -P N, or rtla's f:N (SCHED_FIFO); other policies refused. */
static int priority(struct rtb_cli_arg *p)
{
	const char *a = p->a;
	long long v;

	if (a[0] && a[1] == ':' && a[0] != 'f')
		return rtb_cli_fail(p->err, p->errlen, "-P: '%s': rtbench measures at SCHED_FIFO: give N or f:N", a);
	if (rtb_cli_num(a[0] == 'f' && a[1] == ':' ? a + 2 : a, 3, 97, &v))
		return rtb_cli_fail(p->err, p->errlen, "-P: '%s' is not a priority from 3 to 97 (the measuring "
				    "thread's; rtbench's other tasks run 2 below to 1 above it)", a);
	p->cl->o.prio = (int)v - 2;
	p->g->priority = 1;
	return 0;
}

/* hist_size - cyclictest -h US: a histogram of 1 us bins up to US. */
static int hist_size(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 1, 1000000, &v))
		return rtb_cli_fail(p->err, p->errlen, "-h: '%s' is not a histogram size from 1 to 1000000 us "
				    "(cyclictest's -h US; --help is the help)", p->a);
	p->cl->out.histogram = 1;
	p->cl->out.hist_max_us = (int)v;
	return 0;
}

/* ---- what is measured, how much, where ---- */

static int tests(struct rtb_cli_arg *p)
{
	char bad[128], why[160];
	const char *a = p->a;

	if (!*a || strspn(a, ",") == strlen(a))
		return rtb_cli_fail(p->err, p->errlen, "--tests: empty list (give ids, see 'rtbench list'; leave the option out to run all)");
	/* <id>@cpu<N>: that CPU's metric (the CPUs are taken by the checks) */
	if (rtb_parse_tests_cpus(a, p->cl->tests_buf, sizeof(p->cl->tests_buf), &p->g->tests_cpus,
				 &p->g->tests_named, why, sizeof(why)))
		return rtb_cli_fail(p->err, p->errlen, "--tests: %s", why);
	a = p->cl->tests_buf;
	if (rtb_tests_check(a, bad, sizeof(bad)))
		return rtb_cli_fail(p->err, p->errlen, "--tests: no measurement is called '%s' (see 'rtbench list')", bad);
	p->cl->o.tests = a;
	return 0;
}

static int samples(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 1, 10000000, &v))
		return rtb_cli_fail(p->err, p->errlen, "--samples: '%s' is not a whole number from 1 to 10000000", p->a);
	p->cl->o.samples = (int)v;
	p->g->samples = 1;
	return 0;
}

static int rounds(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 1, RTB_MAX_ROUNDS, &v))
		return rtb_cli_fail(p->err, p->errlen, "--rounds: '%s' is not a whole number from 1 to %d", p->a,
				    RTB_MAX_ROUNDS);
	p->cl->o.rounds = (int)v;
	p->g->rounds = 1;
	return 0;
}

static int period(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 1, 1000000, &v))
		return rtb_cli_fail(p->err, p->errlen, "--period-us: '%s' is not a whole number of microseconds from 1 to 1000000", p->a);
	p->cl->o.period_ns = v * 1000;
	return 0;
}

static int deadline(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 1, 10000000, &v))
		return rtb_cli_fail(p->err, p->errlen, "--deadline-us: '%s' is not a whole number of microseconds from 1 to 10000000", p->a);
	p->cl->o.deadline_ns = v * 1000;
	return 0;
}

static int count_over_us(struct rtb_cli_arg *p)
{
	if (count_over(p->a, p->cl))
		return rtb_cli_fail(p->err, p->errlen, "--count-over-us: '%s' is not a list of up to %d whole numbers "
				    "of microseconds from 1 to 10000000", p->a, RTB_HM_MAX_THR - 1);
	return 0;
}

static int cpu(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 0, p->ncpu - 1, &v))
		return rtb_cli_fail(p->err, p->errlen, "--cpu: '%s' is not a CPU of this machine (0 to %d)", p->a, p->ncpu - 1);
	p->cl->o.cpu = (int)v;
	p->g->cpu = 1;
	return 0;
}

static int cpus(struct rtb_cli_arg *p)
{
	return rtb_cli_cpus(p->a, p->cl, p->err, p->errlen) ? RTB_EINVAL : 0;
}

static int prio(struct rtb_cli_arg *p)
{
	long long v;

	p->g->prio = 1;
	if (rtb_cli_num(p->a, 1, 95, &v))
		return rtb_cli_fail(p->err, p->errlen, "--prio: '%s' is not a priority from 1 to 95 (tasks use up to prio+3; the watchdog 99)", p->a);
	p->cl->o.prio = (int)v;
	return 0;
}

/* stop_at - -b/--break-us (stop, exit 0) and -T/--stop-us (stop, fail):
 * one threshold, in the words the user gave. */
static int stop_at(struct rtb_cli_arg *p)
{
	int c = p->c, fails = c == 'T' || c == OPT_STOP;
	const char *nm = c == 'b' ? "-b" : c == 'T' ? "-T" : c == OPT_STOP ? "--stop-us" : "--break-us";
	long long v;

	if (rtb_cli_num(p->a, 1, 10000000, &v))
		return rtb_cli_fail(p->err, p->errlen, "%s: '%s' is not a whole number of microseconds from 1 to 10000000", nm, p->a);
	if (p->cl->o.break_ns && p->cl->o.break_fails != fails)
		return rtb_cli_fail(p->err, p->errlen, "%s and %s: one stop threshold (-b/--break-us stops and exits 0, "
				    "-T/--stop-us stops and fails)", p->cl->o.break_fails ? "-T" : "-b", nm);
	p->cl->o.break_ns = v * 1000;
	p->cl->o.break_fails = fails;
	return 0;
}

/* duration - -D/--duration and --interval: a time with its unit. */
static int duration(struct rtb_cli_arg *p)
{
	int c = p->c, iv = c == OPT_INTERVAL;
	const char *a = p->a;
	char why[160];

	/* cyclictest's --interval is the period in us, a bare number: never
	 * read as this one's seconds */
	if (iv && a[0] && strspn(a, "0123456789") == strlen(a))
		return rtb_cli_fail(p->err, p->errlen, "--interval: '%s' has no unit: rtbench's --interval is how "
				    "often figures are kept (60s, 5m); cyclictest's --interval, the timer "
				    "period, is -i/--period-us %s", a, a);
	if (p->selftest)
		return rtb_cli_fail(p->err, p->errlen, "--%s: an option of run, not of selftest",
				    !iv ? "duration" : "interval");
	if (rtb_parse_time_ns(a, RTB_MAX_DURATION_NS, !iv ? &p->cl->o.time.duration_ns : &p->cl->o.time.interval_ns,
			      why, sizeof(why)))
		return rtb_cli_fail(p->err, p->errlen, "%s: %s", c == 'D' ? "-D" : c == OPT_DURATION ? "--duration" :
				    "--interval", why);
	p->g->interval |= iv;
	return 0;
}

/* ---- what is written ---- */

static int label(struct rtb_cli_arg *p)
{
	const char *a = p->a;

	if (!*a || strlen(a) >= 64)
		return rtb_cli_fail(p->err, p->errlen, "--label: give 1 to 63 characters");
	/* printed on the terminal and in every report: no ESC, newline or
	 * other control character, valid UTF-8 */
	if (rtb_esc_ctl(NULL, 0, a) != strlen(a))
		return rtb_cli_fail(p->err, p->errlen, "--label: control characters or invalid UTF-8 in it");
	p->cl->o.label = a;
	return 0;
}

/* result_file - --json, --csv, --raw FILE. */
static int result_file(struct rtb_cli_arg *p)
{
	int c = p->c;

	if (p->selftest)
		return rtb_cli_fail(p->err, p->errlen, "--%s: selftest writes no result files",
				    c == OPT_JSON ? "json" : c == OPT_CSV ? "csv" : "raw");
	*(c == OPT_JSON ? &p->cl->out.json : c == OPT_CSV ? &p->cl->out.csv : &p->cl->out.raw) = p->a;
	return 0;
}

static int histogram(struct rtb_cli_arg *p)
{
	p->cl->out.histogram = 1;
	return 0;
}

static int ready(struct rtb_cli_arg *p)
{
	p->cl->out.ready = p->a;
	return 0;
}

static int quiet(struct rtb_cli_arg *p)
{
	p->cl->o.quiet = 1;
	return 0;
}

static int follow(struct rtb_cli_arg *p)
{
	(void)p;
	rtb_port_output_follow_symlinks(1);
	return 0;
}

/* trace_file - --trace-events and --trace-dat PREFIX: files PREFIX.*. */
static int trace_file(struct rtb_cli_arg *p)
{
	const char *nm = p->c == OPT_TRACE_EVENTS ? "--trace-events" : "--trace-dat";

	if (!rtb_port_dir_writable(p->a) || strlen(p->a) > 400)
		return rtb_cli_fail(p->err, p->errlen, "%s: cannot write files named '%s.*' (no such directory, or not writable)", nm, p->a);
	*(p->c == OPT_TRACE_EVENTS ? &p->cl->o.trace.events : &p->cl->o.trace.dat) = p->a;
	return 0;
}

/* trace_cpus - --trace-cpus LIST: the CPUs whose samples are explained;
 * `all`: every one measured; `auto`: the cost model's choice, as without
 * the option (run/run_trace.c). */
static int trace_cpus(struct rtb_cli_arg *p)
{
	char why[120];

	if (!strcmp(p->a, "auto")) {
		p->cl->o.trace.explain_given = 0;
		return 0;
	}
	if (!strcmp(p->a, "all")) {
		memset(&p->cl->o.trace.explain, 0xff, sizeof(p->cl->o.trace.explain));
		p->cl->o.trace.explain_given = 1;
		return 0;
	}
	if (rtb_parse_cpulist(p->a, &p->cl->o.trace.explain, why, sizeof(why)))
		return rtb_cli_fail(p->err, p->errlen, "--trace-cpus: '%s': %s", p->a, why);
	p->cl->o.trace.explain_given = 1;
	return 0;
}

/* trace_bpf - --trace-bpf: the in-kernel aggregation; a build without
 * BPF refuses it (exit 2) rather than run without what was asked. */
static int trace_bpf(struct rtb_cli_arg *p)
{
	if (!p->cl->o.trace.kagg)
		return rtb_cli_fail(p->err, p->errlen, "--trace-bpf: this build has no BPF (rebuild with libbpf-dev "
				    "and clang installed: make BPF=1)");
	p->cl->o.trace.bpf = 1;
	return 0;
}

static int trace(struct rtb_cli_arg *p)
{
	p->cl->o.trace.on = 1;
	return 0;
}

/* ---- the system around the measurement ---- */

static int no_rt(struct rtb_cli_arg *p)
{
	p->cl->o.rt = 0;
	return 0;
}

static int no_mlock(struct rtb_cli_arg *p)
{
	p->cl->o.mlock = 0;
	return 0;
}

static int idle_latency(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, -1, 1000000, &v))
		return rtb_cli_fail(p->err, p->errlen, "--idle-latency-us: '%s' is not -1 (do not hold) or 0 to 1000000", p->a);
	p->cl->o.idle_latency_us = (int)v;
	return 0;
}

static int load(struct rtb_cli_arg *p)
{
	struct rtb_cli *cl = p->cl;
	const char *a = p->a;

	if (!strcmp(a, "hackbench") || !strcmp(a, "kcompile")) {
		if (cl->o.load.cmd && !cl->o.load.name)
			return rtb_cli_fail(p->err, p->errlen, "--load and --load-cmd: choose one load");
		named_load(cl, a, p->ncpu);
		return 0;
	}
	if (strcmp(a, "cpu") && strcmp(a, "none"))
		return rtb_cli_fail(p->err, p->errlen, "--load: '%s' is not a load rtbench has (cpu, hackbench, kcompile, "
				    "none; or --load-cmd CMD)", a);
	cl->o.load.cpu = !strcmp(a, "cpu");
	cl->o.load.cmd = cl->o.load.name = NULL;
	return 0;
}

static int load_cmd(struct rtb_cli_arg *p)
{
	const char *a = p->a;

	if (p->cl->o.load.name)
		return rtb_cli_fail(p->err, p->errlen, "--load %s and --load-cmd: choose one load", p->cl->o.load.name);
	if (!*a || strlen(a) > 150)
		return rtb_cli_fail(p->err, p->errlen, "--load-cmd: give a command of 1 to 150 characters");
	if (rtb_esc_ctl(NULL, 0, a) != strlen(a))
		return rtb_cli_fail(p->err, p->errlen, "--load-cmd: control characters or invalid UTF-8 in it "
				    "(it is printed with the results)");
	p->cl->o.load.cmd = a;
	return 0;
}

static int load_may_exit(struct rtb_cli_arg *p)
{
	p->cl->o.load.may_exit = 1;
	return 0;
}

static int emulation(struct rtb_cli_arg *p)
{
	return rtb_emulation_parse(p->a, &p->cl->o.emulation, p->err, p->errlen) ? RTB_EINVAL : 0;
}

static int no_wait(struct rtb_cli_arg *p)
{
	p->cl->o.lock_wait_ns = 0;
	return 0;
}

static int wait_s(struct rtb_cli_arg *p)
{
	long long v;

	if (rtb_cli_num(p->a, 0, 86400, &v))
		return rtb_cli_fail(p->err, p->errlen, "--wait-s: '%s' is not a whole number of seconds from 0 to 86400", p->a);
	p->cl->o.lock_wait_ns = v * 1000000000LL;
	return 0;
}

/* selftest_delays - --delays-us, selftest's only option of its own. */
static int selftest_delays(struct rtb_cli_arg *p)
{
	if (!p->selftest)
		return rtb_cli_fail(p->err, p->errlen, "--delays-us: an option of selftest, not of run");
	if (delays(p->a, p->cl))
		return rtb_cli_fail(p->err, p->errlen, "--delays-us: '%s' is not a list of up to %d whole numbers from 1 to 100000",
				    p->a, RTB_MAX_DELAYS);
	return 0;
}

static int help(struct rtb_cli_arg *p)
{
	p->cl->help = 1;
	return 0;
}

/* Each option's handler; run_only names an option selftest refuses
 * ("X: an option of run, not of selftest") before its value is read. */
static const struct {
	int c;
	int (*fn)(struct rtb_cli_arg *p);
	const char *run_only;
} handlers[] = {
	{ 'p', ambiguous, NULL }, { 'c', ambiguous, NULL }, { 'd', ambiguous, NULL },
	{ 'm', mlockall, NULL }, { 'q', quiet, NULL }, { OPT_QUIET, quiet, NULL },
	{ 'S', every_cpu, "-S" }, { 'a', affinity, "-a" }, { OPT_AFFINITY, affinity, "-a" },
	{ 'P', priority, NULL }, { OPT_PRIORITY, priority, NULL }, { 'h', hist_size, NULL },
	{ OPT_TESTS, tests, NULL }, { 'l', samples, NULL }, { OPT_SAMPLES, samples, NULL },
	{ OPT_ROUNDS, rounds, NULL }, { 'i', period, NULL }, { OPT_PERIOD, period, NULL },
	{ OPT_DEADLINE, deadline, NULL }, { OPT_COUNT_OVER, count_over_us, NULL },
	{ OPT_CPU, cpu, NULL }, { OPT_CPUS, cpus, "--cpus" }, { OPT_PRIO, prio, NULL },
	{ 'b', stop_at, "-b" }, { 'T', stop_at, "-T" }, { OPT_BREAK, stop_at, "--break-us" },
	{ OPT_STOP, stop_at, "--stop-us" },
	{ 'D', duration, "--duration" }, { OPT_DURATION, duration, "--duration" },
	{ OPT_INTERVAL, duration, NULL }, /* its unit is checked first: duration() */
	{ OPT_LABEL, label, NULL }, { OPT_JSON, result_file, NULL }, { OPT_CSV, result_file, NULL },
	{ OPT_RAW, result_file, NULL }, { OPT_HISTOGRAM, histogram, NULL }, { OPT_READY, ready, "--ready" },
	{ OPT_FOLLOW, follow, NULL }, { OPT_TRACE, trace, "--trace" },
	{ OPT_TRACE_EVENTS, trace_file, "--trace-events" }, { OPT_TRACE_DAT, trace_file, "--trace-dat" },
	{ OPT_TRACE_CPUS, trace_cpus, "--trace-cpus" }, { OPT_TRACE_BPF, trace_bpf, "--trace-bpf" },
	{ OPT_NORT, no_rt, NULL }, { OPT_NOMLOCK, no_mlock, NULL }, { OPT_IDLE, idle_latency, NULL },
	{ OPT_LOAD, load, NULL }, { OPT_LOADCMD, load_cmd, NULL }, { OPT_LOADMAYEXIT, load_may_exit, NULL },
	{ OPT_EMULATION, emulation, NULL }, { OPT_NOWAIT, no_wait, NULL }, { OPT_WAIT, wait_s, NULL },
	{ OPT_DELAYS, selftest_delays, NULL }, { OPT_HELP, help, NULL },
};

int rtb_cli_opt(struct rtb_cli_arg *p)
{
	for (size_t i = 0; i < sizeof(handlers) / sizeof(handlers[0]); i++) {
		if (handlers[i].c != p->c)
			continue;
		if (handlers[i].run_only && p->selftest)
			return rtb_cli_fail(p->err, p->errlen, "%s: an option of run, not of selftest",
					    handlers[i].run_only);
		return handlers[i].fn(p);
	}
	return 1; /* not an option of ours: the caller says which */
}
