/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - what the option parser (cli.c) and the options'
 * handlers (cli_opt.c) share: the codes getopt_long returns and the
 * option being parsed. */
#ifndef RTB_POSIX_CLI_OPT_H
#define RTB_POSIX_CLI_OPT_H
#include <stddef.h>
#include "cli.h"

enum {
	OPT_TESTS = 256, OPT_SAMPLES, OPT_PERIOD, OPT_DEADLINE, OPT_CPU, OPT_PRIO, OPT_NORT,
	OPT_LABEL, OPT_JSON, OPT_CSV, OPT_RAW, OPT_NOMLOCK, OPT_IDLE, OPT_LOAD, OPT_LOADCMD, OPT_LOADMAYEXIT,
	OPT_QUIET, OPT_DELAYS, OPT_EMULATION, OPT_HELP, OPT_ROUNDS, OPT_NOWAIT, OPT_WAIT, OPT_FOLLOW,
	OPT_TRACE, OPT_TRACE_EVENTS, OPT_TRACE_DAT, OPT_TRACE_CPUS, OPT_TRACE_BPF, OPT_DURATION, OPT_INTERVAL, OPT_CPUS, OPT_BREAK,
	OPT_HISTOGRAM, OPT_READY, OPT_PRIORITY, OPT_AFFINITY, OPT_STOP, OPT_COUNT_OVER,
	OPT_BENCH, /* OPT_BENCH + k: the k-th benchmark knob (cli.c) */
};

/* One option being parsed: what its handler reads and fills. */
struct rtb_cli_arg {
	struct rtb_cli *cl;
	struct rtb_cli_given *g;
	int c;                  /* getopt_long's code */
	const char *a;          /* its value, or NULL */
	int selftest;           /* parsing `selftest`, not `run` */
	int ncpu;               /* CPUs online */
	char *err;
	size_t errlen;
};

/* rtb_cli_num - the whole of s as an integer in [lo, hi]: digits, with a
 * '-' in front only where lo is negative; no blanks, no '+', nothing
 * after. 0, or RTB_EINVAL. */
int rtb_cli_num(const char *s, long long lo, long long hi, long long *v);
/* rtb_cli_opt - the option p->c (not a benchmark's knob) into p->cl: 0,
 * RTB_EINVAL with the option's one line in p->err, or 1 when p->c is no
 * option of ours (getopt's ':' and '?': the caller words them). */
int rtb_cli_opt(struct rtb_cli_arg *p);
#endif
