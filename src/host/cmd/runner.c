/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the shared runner of the host-side commands (runner.h):
 * option parsing, the parse/init/run/print/free lifecycle, output, the one
 * error line and the exit code. */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtbench/err.h"
#include "rtbench/port.h"
#include "rtbench/escape.h"
#include "host/base/write_atomic.h"
#include "host/cmd/runner.h"

#define MAX_OPTS 40

int rtb_host_error(struct rtb_host *h, int code, const char *fmt, ...)
{
	va_list ap;

	if (h->err_code)
		return code;
	h->err_code = code ? code : RTB_EINVAL;
	va_start(ap, fmt);
	vsnprintf(h->err, sizeof(h->err), fmt, ap);
	va_end(ap);
	return code;
}

int rtb_host_parse_alpha(struct rtb_host *h, const char *opt, const char *arg, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !(v > 0 && v < 1))
		return rtb_host_error(h, RTB_EINVAL, "%s %s: not a number between 0 and 1", opt, arg);
	*out = v;
	return 0;
}

/* format_names - "text, markdown, csv or json" for the --format error. */
static void format_names(char *buf, size_t len, const struct rtb_render *const *f)
{
	size_t n = 0, i, l = 0;

	while (f[n])
		n++;
	buf[0] = 0;
	for (i = 0; i < n && l < len; i++)
		l += (size_t)snprintf(buf + l, len - l, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
				      f[i]->name);
}

static int parse_format(struct rtb_host *h, const char *arg)
{
	const struct rtb_render *const *f;
	char names[160];

	for (f = h->ops->formats; *f; f++) {
		if (!strcmp(arg, (*f)->name) || ((*f)->alias && !strcmp(arg, (*f)->alias))) {
			h->fmt = *f;
			return 0;
		}
	}
	format_names(names, sizeof(names), h->ops->formats);
	return rtb_host_error(h, RTB_EINVAL, "--format %s: not %s", arg, names);
}

static int outputs_distinct(struct rtb_host *h);

/* host_parse - step 1: the common options, the command's own, and the
 * positional arguments. Returns 0 (h->help set when --help was printed:
 * nothing else to do), or an error. */
static int host_parse(struct rtb_host *h, int argc, char **argv)
{
	static const struct option common[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "alpha", required_argument, NULL, 'a' },
	};
	const struct rtb_host_ops *ops = h->ops;
	struct option opts[MAX_OPTS];
	char shortopts[96] = ":h";
	size_t n = 0, i;
	int opt, rc;

	/* the option tables: help, the common ones asked for, the command's */
	opts[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	for (i = 0; i < 3; i++) {
		if (!(ops->common & (1u << i)))
			continue;
		opts[n++] = common[i];
		strncat(shortopts, (const char[]){ (char)common[i].val, ':', 0 },
			sizeof(shortopts) - strlen(shortopts) - 1);
	}
	for (i = 0; ops->longopts && ops->longopts[i].name && n + 1 < MAX_OPTS; i++)
		opts[n++] = ops->longopts[i];
	opts[n] = (struct option){ NULL, 0, NULL, 0 };
	if (ops->shortopts)
		strncat(shortopts, ops->shortopts, sizeof(shortopts) - strlen(shortopts) - 1);

	/* main may have run getopt already: 0 makes glibc start afresh */
	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			ops->usage(stdout);
			h->help = 1;
			return 0;
		case ':':
			return rtb_host_error(h, RTB_EINVAL, "%s: needs a value", argv[optind - 1]);
		case '?':
			if (optopt)
				return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)",
						      optopt);
			return rtb_host_error(h, RTB_EINVAL, "%s: unknown option (see --help)",
					      argv[optind - 1]);
		case 'f':
			if (ops->common & RTB_HOST_OPT_FORMAT) {
				rc = parse_format(h, optarg);
				if (rc)
					return rc;
				break;
			}
			goto own;
		case 'o':
			if (ops->common & RTB_HOST_OPT_OUTPUT) {
				h->out = optarg;
				break;
			}
			goto own;
		case 'a':
			if (ops->common & RTB_HOST_OPT_ALPHA) {
				rc = rtb_host_parse_alpha(h, "--alpha", optarg, &h->alpha);
				if (rc)
					return rc;
				break;
			}
			goto own;
		default:
own:
			rc = ops->parse ? ops->parse(h, opt, optarg) :
				rtb_host_error(h, RTB_EINVAL, "%s: unknown option (see --help)",
					       argv[optind - 1]);
			if (rc)
				return rc;
			break;
		}
	}
	h->args = argv + optind;
	h->nargs = (size_t)(argc - optind);
	if ((ops->common & RTB_HOST_OUTPUT_REQUIRED) && !h->out)
		return rtb_host_error(h, RTB_EINVAL, "-o: the output file is required (see --help)");
	/* before any work: an output that cannot be written (a device, a
	 * directory, a symlink, /proc) is a bad option */
	if (h->out && rtb_port_output_check(h->out))
		return rtb_host_error(h, RTB_EINVAL, "-o: cannot write %s", rtb_port_output_error());
	return outputs_distinct(h);
}

/* outputs_distinct - every other output writable, and no two outputs
 * one file (check -o j.xml --junit j.xml kept only one of them). */
static int outputs_distinct(struct rtb_host *h)
{
	for (size_t i = 0; i < h->nmore_out; i++) {
		if (rtb_port_output_check(h->more_out[i]))
			return rtb_host_error(h, RTB_EINVAL, "%s: cannot write %s", h->more_opt[i],
					      rtb_port_output_error());
		if (h->out && rtb_port_output_same(h->out, h->more_out[i]))
			return rtb_host_error(h, RTB_EINVAL, "-o and %s: both name '%s'; give two files",
					      h->more_opt[i], h->more_out[i]);
		for (size_t j = 0; j < i; j++)
			if (rtb_port_output_same(h->more_out[j], h->more_out[i]))
				return rtb_host_error(h, RTB_EINVAL, "%s and %s: both name '%s'; give two files",
						      h->more_opt[j], h->more_opt[i], h->more_out[i]);
	}
	return 0;
}

int rtb_host_add_output(struct rtb_host *h, const char *opt, const char *path)
{
	if (h->nmore_out >= sizeof(h->more_out) / sizeof(h->more_out[0]))
		return rtb_host_error(h, RTB_EINVAL, "%s: too many output files", opt);
	h->more_opt[h->nmore_out] = opt;
	h->more_out[h->nmore_out++] = path;
	return 0;
}

/* same_file - a and b are one existing file: device and inode, so hard
 * links, symlinks and ./ spellings are all caught. */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int rtb_host_check_inputs(struct rtb_host *h, char *const *paths, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (h->out && same_file(h->out, paths[i]))
			return rtb_host_error(h, RTB_EINVAL, "-o %s: is the input %s; the output would "
					      "replace it (give another file)", h->out, paths[i]);
		for (size_t k = 0; k < h->nmore_out; k++)
			if (same_file(h->more_out[k], paths[i]))
				return rtb_host_error(h, RTB_EINVAL, "%s %s: is the input %s; the output "
						      "would replace it (give another file)",
						      h->more_opt[k], h->more_out[k], paths[i]);
	}
	return 0;
}

/* host_emit - write h->text to stdout, or atomically to h->out. */
static int host_emit(struct rtb_host *h)
{
	const struct rtb_sb *b = &h->text;

	if (b->failed)
		return rtb_host_error(h, RTB_ENOMEM, "out of memory");
	if (!h->out) {
		if (fwrite(rtb_sb_cstr(b), 1, b->len, stdout) != b->len || fflush(stdout))
			return rtb_host_error(h, RTB_EIO, "stdout: %s", strerror(errno));
		return 0;
	}
	if (rtb_atomic_write(h->out, rtb_sb_cstr(b), b->len))
		return rtb_host_error(h, RTB_EIO, "cannot write %s", rtb_port_output_error());
	return 0;
}

static const char *const count_words[] = { "no", "one", "two", "three" };

static int push_path(struct rtb_host *h, size_t *cap, const char *p)
{
	char *d = strdup(p);

	if (!d)
		return RTB_ENOMEM;
	if (h->npaths == *cap) {
		char **np = realloc(h->paths, (*cap = *cap ? *cap * 2 : 16) * sizeof(*np));

		if (!np) {
			free(d);
			return RTB_ENOMEM;
		}
		h->paths = np;
	}
	h->paths[h->npaths++] = d;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* expand_dir - DIR's regular *.json files, in name order. */
static int expand_dir(struct rtb_host *h, size_t *cap, const char *dir)
{
	size_t first = h->npaths, n;
	struct dirent *e;
	DIR *d = opendir(dir);
	int rc = 0;

	if (!d)
		return rtb_host_error(h, RTB_EFORMAT, "%s: cannot read the directory: %s", dir,
				      strerror(errno));
	while (!rc && (e = readdir(d))) {
		char *full;
		struct stat st;

		n = strlen(e->d_name);
		if (e->d_name[0] == '.' || n < 6 || strcmp(e->d_name + n - 5, ".json"))
			continue;
		if (asprintf(&full, "%s/%s", dir, e->d_name) < 0) {
			rc = RTB_ENOMEM;
			break;
		}
		if (!stat(full, &st) && S_ISREG(st.st_mode))
			rc = push_path(h, cap, full);
		free(full);
	}
	closedir(d);
	if (rc)
		return rtb_host_error(h, rc, "out of memory");
	if (h->npaths == first)
		return rtb_host_error(h, RTB_EFORMAT, "%s: no *.json files in the directory", dir);
	qsort(h->paths + first, h->npaths - first, sizeof(*h->paths), by_name);
	return 0;
}

int rtb_host_expand(struct rtb_host *h)
{
	size_t cap = 0, i, j;
	struct stat st;
	int rc = 0;

	h->paths = NULL;
	h->npaths = 0;
	for (i = 0; i < h->nargs && !rc; i++) {
		const char *a = h->args[i];

		if (!stat(a, &st) && S_ISDIR(st.st_mode)) {
			rc = expand_dir(h, &cap, a);
		} else if (stat(a, &st) && strpbrk(a, "*?[")) {
			glob_t g;

			if (glob(a, 0, NULL, &g))
				return rtb_host_error(h, RTB_EFORMAT, "%s: no file matches", a);
			for (j = 0; j < g.gl_pathc && !rc; j++)
				rc = push_path(h, &cap, g.gl_pathv[j]);
			globfree(&g);
			if (rc)
				rc = rtb_host_error(h, rc, "out of memory");
		} else {
			rc = push_path(h, &cap, a);
			if (rc)
				rc = rtb_host_error(h, rc, "out of memory");
		}
	}
	if (!h->paths)   /* nothing given: an empty list, still owned */
		h->paths = calloc(1, sizeof(*h->paths));
	return rc;
}

int rtb_host_load_paths(struct rtb_host *h, size_t min, size_t max, int share)
{
	char err[320];
	size_t i;
	int rc;

	rc = rtb_host_expand(h);
	if (rc)
		return rc;
	rc = rtb_host_check_inputs(h, h->paths, h->npaths);
	if (rc)
		return rc;
	if (h->npaths < min) {
		if (min == 1)
			return rtb_host_error(h, RTB_EINVAL,
					      "no files given: need at least one result file");
		return rtb_host_error(h, RTB_EINVAL, "%s: need at least %s result files (see --help)",
				      h->npaths ? h->paths[0] : "no files given",
				      min < 4 ? count_words[min] : "more");
	}
	if (h->npaths > max)
		return rtb_host_error(h, RTB_EINVAL, "%s: more than %zu result files%s",
				      h->paths[max], max, max == RTB_CMP_MAX_SYS ?
				      " (compare --fleet takes more)" : "");
	h->files = calloc(h->npaths ? h->npaths : 1, sizeof(*h->files));
	if (!h->files)
		return rtb_host_error(h, RTB_ENOMEM, "out of memory");
	for (i = 0; i < h->npaths; i++) {
		rc = rtb_rf_load(h->paths[i], &h->files[i], err, sizeof(err));
		h->nfiles = i + 1;   /* a failed load leaves the slot safe to free */
		if (rc)
			return rtb_host_error(h, rc == RTB_ENOMEM ? RTB_ENOMEM : RTB_EFORMAT,
					      "%s: %s", h->paths[i], err);
	}
	for (i = 1; share && i < h->nfiles; i++) {
		if (!rtb_cmp_share_metric(&h->files[0], &h->files[i]))
			return rtb_host_error(h, RTB_EFORMAT, "%s: no measurement in common with %s",
					      h->paths[i], h->paths[0]);
	}
	return 0;
}

int rtb_host_load_results(struct rtb_host *h, size_t min, size_t max)
{
	return rtb_host_load_paths(h, min, max, 1);
}

int rtb_host_build_cmp(struct rtb_host *h)
{
	h->have_cmp = 1;
	if (rtb_cmp_build(&h->cmp, h->files, h->nfiles, h->alpha))
		return rtb_host_error(h, RTB_ENOMEM, "out of memory");
	return 0;
}

int rtb_host_render(struct rtb_host *h)
{
	int rc = h->fmt->render(&h->text, h);

	if (rc)
		return rtb_host_error(h, rc, "out of memory");
	return 0;
}

int rtb_host_main(const struct rtb_host_ops *ops, int argc, char **argv)
{
	struct rtb_host h;
	int rc;

	memset(&h, 0, sizeof(h));
	h.ops = ops;
	h.alpha = RTB_CMP_DEFAULT_ALPHA;
	h.fmt = ops->formats ? ops->formats[0] : NULL;

	/* Step 0-4, stopping at the first failure; Step 5 always */
	rc = ops->setup ? ops->setup(&h) : 0;
	if (!rc)
		rc = host_parse(&h, argc, argv);
	if (!rc && h.help)
		goto out;
	if (!rc && ops->init)
		rc = ops->init(&h);
	if (!rc && ops->run)
		rc = ops->run(&h);
	if (!rc && ops->print) {
		rc = ops->print(&h);
		if (!rc)
			rc = host_emit(&h);
	}
out:
	if (ops->free)
		ops->free(&h);
	rtb_sb_free(&h.text);
	if (h.have_cmp)
		rtb_cmp_free(&h.cmp);
	rtb_cmp_free_files(h.files, h.nfiles);
	for (size_t i = 0; i < h.npaths; i++)
		free(h.paths[i]);
	free(h.paths);
	if (rc) {
		if (!h.err_code)
			rtb_host_error(&h, rc, "%s", rtb_strerror(rc));
	{
		rtb_esc_in_place(h.err, sizeof(h.err)); /* names and text from files: one line */
		fprintf(stderr, "rtbench %s: %s\n", ops->name, h.err);
	}
		return rc;
	}
	return h.verdict_failed ? RTB_ECHECK : 0;
}
