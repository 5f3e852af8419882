/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX entry - the run's outputs: the result files the options ask
 * for, each with its writer (one table), checked writable before anything
 * runs; the text on the console at the end. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "rtbench/err.h"
#include "rtbench/output.h"
#include "rtbench/port.h"
#include "rtbench/text_hist.h"

/* rtb_cli_report - the run's text: tables, then histograms if asked. */
void rtb_cli_report(const struct rtb_result *r, const struct rtb_run_out *out)
{
	if (out->text)
		rtb_write_text(rtb_port_console(), r);
	if (out->text && out->histogram)
		rtb_write_text_histograms(rtb_port_console(), r, out->hist_max_us);
}

/* Writers as rtb_output_fn (the port's output takes an untyped argument). */
static int out_json(struct rtb_sink *s, const void *r) { return rtb_write_json(s, r); }
static int out_csv(struct rtb_sink *s, const void *r) { return rtb_write_csv(s, r); }
static int out_raw(struct rtb_sink *s, const void *r) { return rtb_write_raw(s, r); }

/* struct out_file - one file option of run: where its path is kept, and
 * its writer (NULL: not a result file, never standard output: --ready). */
struct out_file {
	const char *name;
	const char *const *(*path)(const struct rtb_run_out *o);
	rtb_output_fn fn;
};

static const char *const *json_path(const struct rtb_run_out *o) { return &o->json; }
static const char *const *csv_path(const struct rtb_run_out *o) { return &o->csv; }
static const char *const *raw_path(const struct rtb_run_out *o) { return &o->raw; }
static const char *const *ready_path(const struct rtb_run_out *o) { return &o->ready; }

/* the file options, in the order a clash between two of them is said */
static const struct out_file files[] = {
	{ "--json", json_path, out_json },
	{ "--csv", csv_path, out_csv },
	{ "--raw", raw_path, out_raw },
	{ "--ready", ready_path, NULL },
};
#define NFILES (sizeof(files) / sizeof(files[0]))

/* check_files - every output file can be written (tried, not guessed),
 * and no two options name the same file; before anything is measured.
 * "-" is standard output: one output at most, and then the tables are not
 * printed, so what arrives there is the file alone. */
static int check_files(struct rtb_cli *cl, char *err, size_t errlen)
{
	for (size_t i = 0; i < NFILES; i++) {
		const char *path = *files[i].path(&cl->out), *other;
		if (!path)
			continue;
		if (!files[i].fn && !strcmp(path, "-"))
			return rtb_cli_fail(err, errlen, "%s -: give a file (stderr always has the line)",
					    files[i].name);
		if (!strcmp(path, "-")) {
			for (size_t j = 0; j < i; j++)
				if ((other = *files[j].path(&cl->out)) && !strcmp(other, "-"))
					return rtb_cli_fail(err, errlen, "%s - and %s -: one output at most on "
							    "standard output", files[j].name, files[i].name);
			cl->out.text = 0;
			continue;
		}
		if (rtb_port_output_check(path))
			return rtb_cli_fail(err, errlen, "%s: cannot write %s", files[i].name, rtb_port_output_error());
		for (size_t j = 0; j < i; j++)
			if ((other = *files[j].path(&cl->out)) && rtb_port_output_same(path, other))
				return rtb_cli_fail(err, errlen, "%s and %s: both name '%s'; give two files",
						    files[j].name, files[i].name, path);
	}
	return 0;
}

/* rtb_cli_outputs - the writers the runner is handed (one per result file
 * asked for, from the table), then every file checked (cli.h). */
int rtb_cli_outputs(struct rtb_cli *cl, char *err, size_t errlen)
{
	struct rtb_run_out *o = &cl->out;

	o->nwriters = 0;
	for (size_t i = 0; i < NFILES && o->nwriters < RTB_MAX_WRITERS; i++) {
		/* for a time --raw is a stream the run writes as it goes
		 * (run/raw.c), not a file rewritten after each interval */
		if (files[i].path == raw_path && cl->o.time.duration_ns > 0)
			continue;
		if (files[i].fn && *files[i].path(o))
			o->writers[o->nwriters++] = (struct rtb_writer){ *files[i].path(o), files[i].fn };
	}
	return check_files(cl, err, errlen);
}
