/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - command-line parsing for run and selftest. */
#ifndef RTB_POSIX_CLI_H
#define RTB_POSIX_CLI_H
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include "rtbench/bench.h"
#include "run/run.h"
#include "rtbench/err.h"

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
/* rtb_cli_usage_run / _selftest - their --help (cli_usage.c). */
void rtb_cli_usage_run(FILE *f);
void rtb_cli_usage_selftest(FILE *f);

/* Between the entry's own files, calls one way only: parse (cli.c, each
 * option's handler in cli_opt.c) -> check (cli_check.c) -> outputs
 * (cli_out.c); usage (cli_usage.c). */

/* struct rtb_cli_given - what the command line gave, beyond the values:
 * the checks across options tell a default from a choice by it. */
struct rtb_cli_given {
	int interval, cpu, samples, rounds, affinity, priority, prio;
	int tests_named;              /* --tests items named CPUs (<id>@cpu<N>) */
	struct rtb_cpuset tests_cpus; /* and which */
};
/* rtb_cli_fail - the one-line reason into err; RTB_EINVAL. Inline: each
 * of the entry's files says its own, none calls another for it. */
static inline __attribute__((format(printf, 3, 4))) int rtb_cli_fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return RTB_EINVAL;
}
/* rtb_cli_cpus - --cpus LIST|all against the CPUs online (cli_check.c): fills
 * the list, puts rtbench's own threads (--cpu) on the first CPU not listed. */
int rtb_cli_cpus(const char *a, struct rtb_cli *cl, char *err, size_t errlen);
/* rtb_cli_check - after parsing: every check across options, in the order
 * the errors are said; then rtb_cli_outputs. 0 or RTB_EINVAL (err). */
int rtb_cli_check(struct rtb_cli *cl, struct rtb_cli_given *g, char *err, size_t errlen);
/* rtb_cli_outputs - the writers the runner is handed (cl->out.writers,
 * one per result file asked for) and every output file checked. */
int rtb_cli_outputs(struct rtb_cli *cl, char *err, size_t errlen);
#endif
