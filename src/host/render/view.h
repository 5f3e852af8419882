/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what a renderer sees of one command: the state of the
 * invocation (its options, inputs, the comparison model, check's cases)
 * and the one function a format is. The runner (runner.h) fills it in and
 * owns it; a renderer only reads it, so the renderers sit below the
 * commands and never reach the runner. */
#ifndef RTB_HOST_VIEW_H
#define RTB_HOST_VIEW_H

#include <stddef.h>

#include "host/compare/cases.h"
#include "host/compare/compare.h"
#include "host/base/strbuf.h"

struct rtb_host_ops;
struct rtb_host;
struct rtb_fleet;
struct rtb_tune_run;

/* One output format. render appends the whole output to b and returns 0
 * or a negative rtb_err (after rtb_host_error). */
struct rtb_render {
	const char *name;       /* as given to --format */
	const char *alias;      /* a second accepted name, or NULL */
	int (*render)(struct rtb_sb *b, const struct rtb_host *h);
};

/* The state of one command invocation, owned by rtb_host_main
 * (runner.h). */
struct rtb_host {
	const struct rtb_host_ops *ops;
	/* common options */
	const struct rtb_render *fmt;
	const char *out;                      /* -o FILE; NULL: stdout */
	const char *more_out[4];              /* other output files (check --junit) */
	const char *more_opt[4];              /* ... and the option that named each */
	size_t nmore_out;
	double alpha;
	const char *title;                    /* report -t; NULL if none */
	int histogram;                        /* compare --histogram: text histograms */
	/* positional arguments */
	char **args;
	size_t nargs;
	/* inputs and the comparison model (stock init/run) */
	char **paths;                         /* expanded from args (owned) */
	size_t npaths;
	struct rtb_rf *files;
	size_t nfiles;
	struct rtb_cmp cmp;
	int have_cmp;
	/* output */
	const struct rtb_cases *cases;        /* pass/fail cases (check), for junit/lava */
	const struct rtb_fleet *fleet;        /* compare --fleet */
	struct rtb_sb text;
	int verdict_failed;                   /* RTB_ECHECK after printing */
	int help;                             /* --help printed: nothing more */
	void *priv;                           /* the command's own state */
	const struct rtb_tune_run *tune;      /* report: a `rtbench tune --json` file's section */
	const char *tune_path;                /* ... and its name */
	/* the first error */
	int err_code;
	char err[640];
};

#endif
