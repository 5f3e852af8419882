/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - command-line parsing for run and selftest. */
#ifndef RTB_POSIX_CLI_H
#define RTB_POSIX_CLI_H
#include <stddef.h>
#include <stdio.h>
#include "rtbench/bench.h"
#include "run/run.h"

struct rtb_cli {
	struct rtb_opts o;
	struct rtb_run_out out;
	int help;
	char tests_buf[1024];   /* --tests without its items' @cpu<N> (o.tests) */
	char load_buf[640];     /* --load hackbench|kcompile: the command */
	char load_name_buf[150]; /* and what the result says of it */
};

/* rtb_cli_report - the tables on the console (--quiet: none), and with
 * --histogram a text histogram per measurement: run's rtb_report_fn. */
void rtb_cli_report(const struct rtb_result *r, const struct rtb_run_out *out);
/* rtb_cli_defaults - the defaults `rtbench run` documents in --help. */
void rtb_cli_defaults(struct rtb_cli *cl);
/* rtb_cli_parse - parse argv[1..] of `run` (selftest=0) or `selftest`.
 * Returns 0 (cl->help set: --help asked, nothing else done), or
 * RTB_EINVAL with a one-line message naming the option in err. */
int rtb_cli_parse(int argc, char **argv, int selftest, struct rtb_cli *cl,
		  char *err, size_t errlen);
void rtb_cli_usage_run(FILE *f);
void rtb_cli_usage_selftest(FILE *f);
#endif
