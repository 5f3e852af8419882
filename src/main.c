/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - command-line entry: list, run, selftest, compare, report, check.
 *
 * Exit status everywhere: 0 done, 1 failed, 2 bad input (one line on
 * stderr naming what is wrong; nothing was run or written; or another run
 * holds the settings lock and --no-wait / --wait-s said not to wait), 128+N
 * stopped by signal N (130 Ctrl-C, 143 SIGTERM; what was measured is
 * written). */
#include <stdio.h>
#include <string.h>
#include "core/cli.h"
#include "core/doctor_cmd.h"
#include "core/frame_cmd.h"
#include "core/run.h"
#include "core/selftest.h"
#include "core/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"
#ifdef RTB_HAVE_HOST
#include "host/host.h"
#endif

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
#ifdef RTB_HAVE_HOST
	      "  compare A.json B.json [...]   side-by-side tables with differences and significance\n"
	      "  report A.json [...] -o F.html self-contained HTML report with plots\n"
	      "  ingest [-o DIR] [STREAM|-]    files framed in a serial stream (RTBF1) written to DIR\n"
	      "  check R.json [limits]         CI gate: exit 1 when a figure crosses a limit or regresses\n"
#endif
	      "\n'rtbench COMMAND --help' for each command's options; --version for the version.\n", f);
}

static void list(void)
{
	printf("%-28s %-8s %s\n", "id", "study", "what it measures");
	for (size_t i = 0; i < rtb_nbenches; i++) {
		const struct rtb_bench *b = rtb_benches[i];
		printf("%-28s %-8s %s\n", b->id, b->study_table ? b->study_table : "-", b->summary);
	}
}

static void join_args(int argc, char **argv, char *buf, size_t len)
{
	size_t l = 0;
	buf[0] = '\0';
	for (int i = 0; i < argc && l + 1 < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i ? " " : "", argv[i]);
}

static int cmd_run(int argc, char **argv, int selftest, const char *cmdline)
{
	static struct rtb_cli cl;
	static struct rtb_result res;
	char err[256];

	rtb_cli_defaults(&cl);
	if (rtb_cli_parse(argc, argv, selftest, &cl, err, sizeof(err))) {
		rtb_esc_in_place(err, sizeof(err)); /* an argument in it: one line */
		fprintf(stderr, "rtbench %s: %s\n", argv[0], err);
		return 2;
	}
	if (cl.help) {
		(selftest ? rtb_cli_usage_selftest : rtb_cli_usage_run)(stdout);
		return 0;
	}
	if (selftest)
		return rtb_selftest(&cl.o, cmdline);
	int rc = rtb_run(&cl.o, &cl.out, cmdline, &res);
	rtb_result_free(&res);
	if (rc == RTB_EINTR)
		return 128 + (rtb_wd_signal() > 0 ? rtb_wd_signal() : 2);
	if (rc == RTB_EBUSY)
		return 2; /* the line naming the lock's holder is printed */
	if (rc) {
		fprintf(stderr, "rtbench run: %s\n", rtb_strerror(rc));
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char cmdline[512];

	join_args(argc, argv, cmdline, sizeof(cmdline));
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "--version")) {
		printf("rtbench %s\n", RTB_VERSION);
		return 0;
	}
	/* --version works after every command too, before its own parsing */
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--version")) {
			printf("rtbench %s\n", RTB_VERSION);
			return 0;
		}
	if (!strcmp(cmd, "list")) {
		if (argc > 2 && strcmp(argv[2], "--help")) {
			fprintf(stderr, "rtbench list: '%s': unexpected argument\n", argv[2]);
			return 2;
		}
		if (argc > 2) {
			printf("usage: rtbench list\nPrints every measurement's id, its study table and what it measures.\n");
			return 0;
		}
		list();
		return 0;
	}
	if (!strcmp(cmd, "run"))
		return cmd_run(argc - 1, argv + 1, 0, cmdline);
	if (!strcmp(cmd, "selftest"))
		return cmd_run(argc - 1, argv + 1, 1, cmdline);
	if (!strcmp(cmd, "doctor"))
		return rtb_cmd_doctor(argc - 1, argv + 1);
	if (!strcmp(cmd, "frame"))
		return rtb_cmd_frame(argc - 1, argv + 1);
#ifdef RTB_HAVE_HOST
	if (!strcmp(cmd, "compare"))
		return rtb_host_compare(argc - 1, argv + 1);
	if (!strcmp(cmd, "report"))
		return rtb_host_report(argc - 1, argv + 1);
	if (!strcmp(cmd, "ingest"))
		return rtb_host_ingest(argc - 1, argv + 1);
	if (!strcmp(cmd, "check"))
		return rtb_host_check(argc - 1, argv + 1);
#else
	if (!strcmp(cmd, "compare") || !strcmp(cmd, "report") || !strcmp(cmd, "ingest") ||
	    !strcmp(cmd, "check")) {
		fprintf(stderr, "rtbench: '%s': this build has no host-side analysis "
			"(install libjansson-dev and run make again)\n", cmd);
		return 2;
	}
#endif
	fprintf(stderr, "rtbench: '%s': unknown command (see rtbench --help)\n", cmd);
	return 2;
}
