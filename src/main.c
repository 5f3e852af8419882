/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - command-line entry: list, run, selftest, compare, report, check.
 *
 * Exit status everywhere: 0 done, 1 failed, 2 bad input (one line on
 * stderr naming what is wrong; nothing was run or written; or another run
 * holds the settings lock and --no-wait / --wait-s said not to wait), 128+N
 * stopped by signal N (130 Ctrl-C, 143 SIGTERM; what was measured is
 * written), 3 `doctor` found what weakens latency. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cli.h"
#include "cli/doctor_cmd.h"
#include "cli/frame_cmd.h"
#include "cli/raw_cmd.h"
#include "cli/tune_cmd.h"
#include "cli/tune_test.h"
#include "run/run.h"
#include "run/selftest.h"
#include "run/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"
#include "rtbench/port.h"
#include "rtbench/selfcost.h"
#include "bench/registry.h"
#ifdef RTB_HAVE_HOST
#include "host/cmd/host.h"
#endif

/* usage - `rtbench --help`: the commands. */
static void usage(FILE *f)
{
	fputs("usage: rtbench COMMAND [options]\n"
	      "Measure what a real-time OS costs a time-critical program, and compare systems.\n\n"
	      "commands:\n"
	      "  list                          the measurements, with their ids\n"
	      "  run [options]                 measure; study-shaped tables, --json/--csv/--raw files\n"
	      "  selftest [options]            known-answer check of every measured path\n"
	      "  doctor [--cpus LIST]          what in this system weakens latency, and the fix (reads only)\n"
	      "  frame FILE...                 FILEs as RTBF1 serial frames on stdout (docs/serial.md)\n"
	      "  raw2csv FILE [-o OUT.csv]     a run --duration --raw FILE (every sample) as CSV\n"
#ifdef RTB_HAVE_HOST
	      "  compare A.json B.json [...]   side-by-side tables with differences and significance\n"
	      "  report A.json [...] -o F.html self-contained HTML report with plots\n"
	      "  tail A.json [...]             crossing rates with intervals, a steady tail?, tested fit, run length\n"
	      "  ingest [-o DIR] [STREAM|-]    files framed in a serial stream (RTBF1) written to DIR\n"
	      "  check R.json [limits]         CI gate: exit 1 when a figure crosses a limit or regresses\n"
	      "  tune [options]                which of the doctor's fixes lowers latency here, measured\n"
#endif
	      "\n'rtbench COMMAND --help' for each command's options; --version for the version.\n", f);
}

/* list - `rtbench list`: every measurement's id, study table, what it
 * can do besides a count run on one CPU (its struct rtb_bench says: d
 * --duration, c --cpus, t --trace), summary. */
static void list(void)
{
	int named = 0;

	printf("%-28s %-8s %-4s %s\n", "id", "study", "can", "what it measures");
	for (size_t i = 0; i < rtb_nbenches; i++) {
		const struct rtb_bench *b = rtb_benches[i];
		char can[4] = "---";
		if (b->can & RTB_CAN_TIME)
			can[0] = 'd';
		if (b->can & RTB_CAN_CPUS)
			can[1] = 'c';
		if (b->trace_kind != RTB_TRACE_NONE)
			can[2] = 't';
		printf("%-28s %-8s %-4s %s%s\n", b->id, b->study_table ? b->study_table : b->group ? "other" : "-",
		       can, b->not_default ? "* " : "", b->summary);
		named |= b->not_default;
	}
	if (named)
		printf("\nother: %s (rt-tests, Thread-Metric, Zephyr latency_measure, rtos-benchmark), "
		       "a table of their own\n*: not in the default set; run it with --tests ID, or "
		       "--tests all\n", RTB_GROUP_SUITES);
	printf("\ncan: d runs for a time (--duration), c on several CPUs at once (--cpus), t traced (--trace)\n");
}

/* say_step - RTB_DEBUG_STEPS set: each step of the run's supervisor as
 * it begins and ends (rtb_selfcost_step), on stderr at once */
static void say_step(const char *line)
{
	fputs("rtbench: ", stderr); /* fputs: see main's first message */
	fputs(line, stderr);
	fputs("\n", stderr);
}

/* join_args - argv as one line (the result's command_line). */
static void join_args(int argc, char **argv, char *buf, size_t len)
{
	size_t l = 0;
	buf[0] = '\0';
	for (int i = 0; i < argc && l + 1 < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i ? " " : "", argv[i]);
}

/* exit_status - the one place an rtb_err becomes the process's exit status
 * (the header above): library functions return codes, never statuses. */
static int exit_status(int err)
{
	switch (err) {
	case RTB_OK:
		return 0;
	case RTB_EINVAL:   /* bad option or argument */
	case RTB_EFORMAT:  /* bad input file or stream */
	case RTB_ERANGE:   /* a value out of range (an option, a file's field) */
	case RTB_EBUSY:    /* another run holds the settings lock (named) */
		return 2;
	case RTB_EFINDING: /* doctor: a finding weakens latency (said) */
		return 3;
	case RTB_EINTR:    /* stopped by a signal: what was measured is kept */
		return 128 + (rtb_wd_signal() > 0 ? rtb_wd_signal() : 2);
	default:           /* RTB_ECHECK (a check failed) and every failure */
		return 1;
	}
}

/* cmd_measure - `run` and `selftest`: argv[0] is the command. */
static int cmd_measure(int argc, char **argv, int selftest, const char *cmdline)
{
	static struct rtb_cli cl;
	static struct rtb_result res;
	char err[256];
	int rc;

	/* from here a stop signal waits for the run (pending until the
	 * watchdog takes it) and a closed stdout/stderr is EPIPE: a stop
	 * during the option checks still ends in a whole result */
	rc = rtb_port_init();
	if (rc)
		return rc;
	rtb_cli_defaults(&cl);
	rc = rtb_cli_parse(argc, argv, selftest, &cl, err, sizeof(err));
	if (rc) {
		rtb_esc_in_place(err, sizeof(err)); /* an argument in it: one line */
		fprintf(stderr, "rtbench %s: %s\n", argv[0], err);
		return rc;
	}
	if (cl.help) {
		(selftest ? rtb_cli_usage_selftest : rtb_cli_usage_run)(stdout);
		return 0;
	}
	if (selftest)
		return rtb_selftest(&cl.o, cmdline);
	rc = rtb_cmd_tune_test_delay(&cl.o, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "rtbench run: %s\n", err);
		return rc;
	}
	rc = rtb_run(&cl.o, &cl.out, cmdline, &res);
	/* -T/--stop-us (rtla -T): the stop is the run's verdict, so a run is
	 * a gate by itself; 0 only for a whole run with no sample over it */
	if (!rc && cl.o.break_fails && res.set.brk.hit) {
		fprintf(stderr, "rtbench run: FAIL: %s sample %.3f us > -T/--stop-us %.0f us: the run stopped "
			"there (exit 1)\n", res.set.brk.id, (double)res.set.brk.sample_ns / 1000.0,
			(double)cl.o.break_ns / 1000.0);
		rc = RTB_ECHECK;
	}
	rtb_result_free(&res);
	/* EINTR: stopped, results kept; EBUSY: the lock's holder was named */
	if (rc && rc != RTB_EINTR && rc != RTB_EBUSY)
		fprintf(stderr, "rtbench run: %s\n", rtb_strerror(rc));
	return rc;
}

/* cmd_run - `rtbench run`. */
static int cmd_run(int argc, char **argv, const char *cmdline)
{
	return cmd_measure(argc, argv, 0, cmdline);
}

/* cmd_selftest - `rtbench selftest`. */
static int cmd_selftest(int argc, char **argv, const char *cmdline)
{
	return cmd_measure(argc, argv, 1, cmdline);
}

/* cmd_list - `rtbench list`. */
static int cmd_list(int argc, char **argv, const char *cmdline)
{
	(void)cmdline; /* the table\'s signature: only run and selftest record it */
	if (argc > 1 && strcmp(argv[1], "--help")) {
		fprintf(stderr, "rtbench list: '%s': unexpected argument\n", argv[1]);
		return RTB_EINVAL;
	}
	if (argc > 1) {
		printf("usage: rtbench list\nPrints every measurement's id, its study table and what it measures.\n");
		return 0;
	}
	list();
	return 0;
}

/* cmd_frame - `rtbench frame`. */
static int cmd_frame(int argc, char **argv, const char *cmdline)
{
	(void)cmdline; /* the table\'s signature: only run and selftest record it */
	return rtb_cmd_frame(argc, argv);
}

/* cmd_raw2csv - `rtbench raw2csv`. */
static int cmd_raw2csv(int argc, char **argv, const char *cmdline)
{
	(void)cmdline; /* the table\'s signature: only run and selftest record it */
	return rtb_cmd_raw2csv(argc, argv);
}

/* cmd_doctor - `rtbench doctor`. */
static int cmd_doctor(int argc, char **argv, const char *cmdline)
{
	(void)cmdline; /* the table\'s signature: only run and selftest record it */
	return rtb_cmd_doctor(argc, argv);
}

#ifdef RTB_HAVE_HOST
/* cmd_compare - `rtbench compare` (host side). */
static int cmd_compare(int argc, char **argv, const char *cmdline)
{
	(void)cmdline;
	return rtb_host_compare(argc, argv);
}
/* cmd_report - `rtbench report` (host side). */
static int cmd_report(int argc, char **argv, const char *cmdline)
{
	(void)cmdline;
	return rtb_host_report(argc, argv);
}
/* cmd_ingest - `rtbench ingest` (host side). */
static int cmd_ingest(int argc, char **argv, const char *cmdline)
{
	(void)cmdline;
	return rtb_host_ingest(argc, argv);
}
/* cmd_check - `rtbench check` (host side). */
static int cmd_check(int argc, char **argv, const char *cmdline)
{
	(void)cmdline;
	return rtb_host_check(argc, argv);
}
/* cmd_tune - `rtbench tune`: a stop's signal makes the exit status, as a run's. */
static int cmd_tune(int argc, char **argv, const char *cmdline)
{
	(void)cmdline;
	int rc = rtb_cmd_tune(argc, argv);
	if (rc == RTB_EINTR)
		rtb_wd_note_signal(rtb_cmd_tune_stop_signal());
	return rc;
}
/* cmd_tail - `rtbench tail` (host side). */
static int cmd_tail(int argc, char **argv, const char *cmdline)
{
	(void)cmdline;
	return rtb_host_tail(argc, argv);
}
#endif

/* The commands: argv[1] picks one; it gets argv[1..] (its own name first)
 * and returns 0 or an rtb_err. fn NULL: a host-side command this build
 * left out. */
static const struct {
	const char *name;
	int (*fn)(int argc, char **argv, const char *cmdline);
} commands[] = {
	{ "list", cmd_list },
	{ "run", cmd_run },
	{ "selftest", cmd_selftest },
	{ "doctor", cmd_doctor },
	{ "frame", cmd_frame },
	{ "raw2csv", cmd_raw2csv },
#ifdef RTB_HAVE_HOST
	{ "compare", cmd_compare },
	{ "report", cmd_report },
	{ "ingest", cmd_ingest },
	{ "check", cmd_check },
	{ "tail", cmd_tail },
	{ "tune", cmd_tune },
#else
	{ "compare", NULL }, { "report", NULL }, { "ingest", NULL }, { "check", NULL },
	{ "tail", NULL }, { "tune", NULL },
#endif
};

int main(int argc, char **argv)
{
	char cmdline[512];

	rtb_port_self_name(argc ? argv[0] : NULL); /* before any thread: they take its name */
	const char *steps = getenv("RTB_DEBUG_STEPS");
	if (steps && *steps)
		rtb_selfcost_steps_say(say_step);
	join_args(argc, argv, cmdline, sizeof(cmdline));
	char why[200];
	if (rtb_port_process_check(why, sizeof(why))) { /* a message, not a crash */
		/* fputs: fprintf to unbuffered stderr puts an 8 KiB buffer on the stack */
		fputs("rtbench: ", stderr);
		fputs(why, stderr);
		fputs("\n", stderr);
		return exit_status(RTB_ERANGE);
	}
	if (argc < 2) {
		usage(stderr);
		return exit_status(RTB_EINVAL);
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	/* --version works after every command too, before its own parsing */
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--version")) {
			printf("rtbench %s\n", RTB_VERSION);
			return 0;
		}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(cmd, commands[i].name))
			continue;
		if (!commands[i].fn) {
			fprintf(stderr, "rtbench: '%s': this build has no host-side analysis "
				"(install libjansson-dev and run make again)\n", cmd);
			return exit_status(RTB_EINVAL);
		}
		return exit_status(commands[i].fn(argc - 1, argv + 1, cmdline));
	}
	fprintf(stderr, "rtbench: '%s': unknown command (see rtbench --help)\n", cmd);
	return exit_status(RTB_EINVAL);
}
