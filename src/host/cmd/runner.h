/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the one runner behind every host-side command (compare,
 * report, check, ingest ...) and the one renderer signature behind every
 * output format.
 *
 * Modelled on rtla's struct tool_ops (tools/tracing/rtla/src/common.h): a
 * command is a const table of hooks; rtb_host_main() owns the lifecycle,
 * the error unwinding and the exit code, so no command prints its own
 * "rtbench X: ..." error line or picks an exit status.
 *
 *   rtb_host_main(ops, argc, argv)
 *     0. setup   ops->setup(h) (optional): the command's defaults and its
 *                own state in h->priv, before any option is read.
 *     1. parse   common options (-f/--format, -o/--output, -a/--alpha,
 *                -h/--help: whichever ops->common asks for), then each of
 *                the command's own options through ops->parse(h, opt, arg);
 *                the positional arguments land in h->args/h->nargs.
 *     2. init    ops->init(h): check the arguments and read the inputs.
 *                rtb_host_load_results() is the stock one (result files,
 *                directories and rt-tests --json files -> h->files).
 *     3. run     ops->run(h): compute the model. rtb_host_build_cmp() is
 *                the stock one (the comparison model h->cmp, compare.h).
 *                A command whose verdict is "fail" (check) sets
 *                h->verdict_failed; the output is still printed.
 *     4. print   ops->print(h): render into h->text. rtb_host_render()
 *                is the stock one: h->fmt->render(&h->text, h). The runner
 *                then writes h->text to stdout, or atomically to -o FILE.
 *     5. free    ops->free(h), always, even after a failed step; then the
 *                runner frees what it owns (files, cmp model, text).
 *
 * Errors: every hook returns 0 or a negative rtb_err code (rtbench/err.h)
 * and names the problem once with rtb_host_error(h, code, fmt, ...). The
 * runner prints that as the single line "rtbench <command>: <message>" and
 * returns the code (a failed verdict: RTB_ECHECK); src/main.c alone makes
 * the exit status of it (bad input or options -> 2, anything else -> 1).
 *
 * The seams, for whoever adds to this:
 *  - a new output format: one file src/host/render_<name>.c defining a
 *    `const struct rtb_render rtb_render_<name>` (render.h), and its name in
 *    the ops->formats list of the commands that offer it.
 *  - a new command: one file src/host/cmd_<name>.c with its
 *    `const struct rtb_host_ops` and a two-line entry (host.h, main.c).
 *  - compare's statistics (verdicts): compare.c builds the model
 *    (rtb_cmp_build); renderers only show what the model holds.
 *  - the report's escaping (a result file is untrusted input):
 *    render_html.c and strbuf.c (rtb_sb_html); the reader's limits:
 *    resultfile.c; the output file: rtb_host_emit() here ->
 *    rtb_atomic_write() (write_atomic.c).
 *  - ingest: a command that reads a stream, not result files:
 *    its own init/run, no `print` (NULL: the runner writes nothing). */
#ifndef RTB_HOST_RUNNER_H
#define RTB_HOST_RUNNER_H

#include <getopt.h>
#include <stdio.h>

#include "host/render/view.h"

/* Which common options a command takes (ops->common). */
enum {
	RTB_HOST_OPT_FORMAT = 1 << 0,   /* -f, --format FMT (from ops->formats) */
	RTB_HOST_OPT_OUTPUT = 1 << 1,   /* -o, --output FILE */
	RTB_HOST_OPT_ALPHA = 1 << 2,    /* -a, --alpha A */
	RTB_HOST_OUTPUT_REQUIRED = 1 << 3, /* -o must be given */
};

struct rtb_host_ops {
	const char *name;                     /* "compare": argv[0], message prefix */
	void (*usage)(FILE *f);               /* --help text (also the man page) */
	unsigned common;                      /* RTB_HOST_OPT_* */
	const struct rtb_render *const *formats; /* NULL-terminated; [0] is the default */
	const char *shortopts;                /* the command's own, e.g. "t:" */
	const struct option *longopts;        /* the command's own, {0}-terminated */
	int (*setup)(struct rtb_host *h);
	int (*parse)(struct rtb_host *h, int opt, const char *arg);
	int (*init)(struct rtb_host *h);
	int (*run)(struct rtb_host *h);
	int (*print)(struct rtb_host *h);
	void (*free)(struct rtb_host *h);
};


/* rtb_host_main - run one host command through its ops table. Returns 0,
 * RTB_ECHECK (a failed verdict) or the first error (already said on
 * stderr). Never calls exit(). */
int rtb_host_main(const struct rtb_host_ops *ops, int argc, char **argv);

/* rtb_host_error - record the problem (the first one wins) for the
 * runner's one stderr line; returns code, so `return rtb_host_error(...)`. */
int rtb_host_error(struct rtb_host *h, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* rtb_host_add_output - the command writes path too (option opt, e.g.
 * "--junit"): the runner checks, before any work, that it can be written,
 * names no other output and (once the inputs are known) none of the
 * inputs, by identity (device and inode), not by name. 0 or RTB_EINVAL. */
int rtb_host_add_output(struct rtb_host *h, const char *opt, const char *path);

/* rtb_host_check_inputs - no output of the command is one of paths (by
 * identity); rtb_host_load_paths calls it, a command with its own inputs
 * may too. 0 or RTB_EINVAL after rtb_host_error. */
int rtb_host_check_inputs(struct rtb_host *h, char *const *paths, size_t n);

/* rtb_host_load_results - the stock init: h->args are result files,
 * directories or glob patterns (rtb_host_expand); loads each into h->files. Needs between min and max files. A file sharing no measurement
 * with the first is refused. */
int rtb_host_load_results(struct rtb_host *h, size_t min, size_t max);

/* rtb_host_expand - h->paths from h->args: a directory becomes its regular
 * *.json files in name order, a quoted glob pattern (runs/ then *.json) its
 * matches, anything else itself. h->paths is the runner's to free. */
int rtb_host_expand(struct rtb_host *h);

/* rtb_host_load_paths - as rtb_host_load_results; share = 0 skips the
 * "a measurement in common" check (the fleet view). */
int rtb_host_load_paths(struct rtb_host *h, size_t min, size_t max, int share);

/* rtb_host_build_cmp - the stock run: the comparison model of h->files. */
int rtb_host_build_cmp(struct rtb_host *h);

/* rtb_host_render - the stock print: h->fmt renders into h->text. */
int rtb_host_render(struct rtb_host *h);

/* rtb_host_parse_alpha - parse a significance level (0 < A < 1) for option
 * `opt` ("--alpha"); 0 or RTB_EINVAL after rtb_host_error. */
int rtb_host_parse_alpha(struct rtb_host *h, const char *opt, const char *arg, double *out);

/* rtb_host_parse_thresholds (cmd_tail.c) - a --threshold-us list (us, comma-separated) into
 * thr[*n..], at most RTB_TAIL_MAX_THR in all; tail's and compare's. 0, or
 * RTB_EINVAL said through h. */
int rtb_host_parse_thresholds(struct rtb_host *h, const char *arg, int64_t *thr, size_t *n);

#endif
