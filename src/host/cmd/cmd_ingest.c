/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench ingest [-o DIR] [-v] [-n N] [STREAM|-]`: the files
 * framed in a serial stream (RTBF1, docs/serial.md) written to DIR. The
 * decoder is ingest.c; options, the error line and the exit status are the
 * shared runner's (runner.c). A command that reads a stream, not result
 * files: its own init and run, no print. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rtbench/err.h"
#include "host/cmd/host.h"
#include "host/read/ingest.h"
#include "host/cmd/runner.h"

struct ingest_opts {
	const char *dir;
	int verbose, force;
	size_t max_files;
	FILE *in;
	struct rtb_ingest g;
};

/* One command per process: its state lives here (the runner's priv is not
 * set before option parsing). */
static struct ingest_opts ingest_state;

static void ingest_usage(FILE *f)
{
	fputs("usage: rtbench ingest [-o DIR] [-v] [-f] [-n N] [STREAM|-]\n"
	      "\n"
	      "Read a serial console's output (a file, - or nothing for stdin, or a tty such\n"
	      "as /dev/ttyACM0 set up with stty) and write every file framed in it with RTBF1\n"
	      "(`rtbench frame` on a Linux target, a board's UART sink) as DIR/<name>, each\n"
	      "checked (per-line and whole-file CRC-32, sequence, size) and written atomically.\n"
	      "Lines that are not frames are console noise and are ignored. A file is\n"
	      "refused (said, counted, the stream goes on) rather than written over one that\n"
	      "exists (unless --force), over the stream itself, over a file of the same name\n"
	      "earlier in the stream (the first is kept), or under a name beginning with '.'.\n"
	      "\n"
	      "options:\n"
	      "  -o, --output DIR   where the files go (default: the current directory)\n"
	      "  -v, --verbose      echo the non-frame lines (the console) to stderr, control\n"
	      "                     characters escaped\n"
	      "  -f, --force        replace a file of the same name that exists in DIR\n"
	      "  -n, --files N      stop after N files (for a tty, which never ends)\n"
	      "  -h, --help         this help\n"
	      "\n"
	      "exit status: 0 every framed file received whole and written; 2 a truncated,\n"
	      "garbled or gapped stream, a frame line over 4096 characters, no file at all\n"
	      "(one line naming the stream, line and file; files completed before it are\n"
	      "kept), a refused file, or a bad option; 1 other failure (out of memory says so)\n", f);
}

static int ingest_parse(struct rtb_host *h, int opt, const char *arg)
{
	struct ingest_opts *o = &ingest_state;

	(void)h;
	char *end;

	switch (opt) {
	case 'o':
		o->dir = arg;
		return 0;
	case 'v':
		o->verbose = 1;
		return 0;
	case 'f':
		o->force = 1;
		return 0;
	case 'n':
		errno = 0;
		unsigned long n = strtoul(arg, &end, 10);
		if (errno || end == arg || *end || n < 1 || n > 100000 || arg[0] == '-')
			return rtb_host_error(h, RTB_EINVAL, "-n: '%s' is not a whole number from 1 to 100000", arg);
		o->max_files = n;
		return 0;
	}
	return rtb_host_error(h, RTB_EINVAL, "-%c: unknown option (see --help)", opt);
}

static int ingest_init(struct rtb_host *h)
{
	struct ingest_opts *o = &ingest_state;

	(void)h;
	const char *src = h->nargs ? h->args[0] : "-";
	struct stat st;

	if (h->nargs > 1)
		return rtb_host_error(h, RTB_EINVAL, "%s: one stream at a time", h->args[1]);
	if (stat(o->dir, &st) < 0 || !S_ISDIR(st.st_mode))
		return rtb_host_error(h, RTB_EINVAL, "-o %s: not a directory", o->dir);
	if (!strcmp(src, "-")) {
		o->in = stdin;
	} else {
		if (stat(src, &st) == 0 && S_ISDIR(st.st_mode))
			return rtb_host_error(h, RTB_EINVAL, "%s: a directory, not a stream", src);
		o->in = fopen(src, "r");
		if (!o->in)
			return rtb_host_error(h, RTB_EINVAL, "%s: cannot read: %s", src, strerror(errno));
	}
	/* the stream's own file, by identity, so that no name of it (a hard
	 * link, a path through a symlinked directory) is written over */
	if (fstat(fileno(o->in), &st) == 0 && S_ISREG(st.st_mode)) {
		o->g.has_input = 1;
		o->g.in_dev = (unsigned long long)st.st_dev;
		o->g.in_ino = (unsigned long long)st.st_ino;
	}
	o->g.dir = o->dir;
	o->g.stream = strcmp(src, "-") ? src : "stdin";
	o->g.echo = o->verbose ? stderr : NULL;
	o->g.notes = stderr;
	o->g.force = o->force;
	return 0;
}

static int ingest_run(struct rtb_host *h)
{
	struct ingest_opts *o = &ingest_state;

	(void)h;
	int rc = rtb_ingest_stream(&o->g, o->in, o->max_files);

	if (rc)
		return rtb_host_error(h, rc == RTB_EFORMAT || rc == RTB_ERANGE ? RTB_EFORMAT : rc,
				      "%s", o->g.err);
	if (o->g.nrefused)
		return rtb_host_error(h, RTB_EINVAL, "%zu file(s) written to %s, %zu refused (said above; "
				      "nothing was replaced)", o->g.nfiles, o->dir, o->g.nrefused);
	fprintf(stderr, "rtbench ingest: %zu file(s) written to %s\n", o->g.nfiles, o->dir);
	return 0;
}

static void ingest_free(struct rtb_host *h)
{
	struct ingest_opts *o = &ingest_state;

	(void)h;

	if (o->in && o->in != stdin)
		fclose(o->in);
	rtb_ingest_free(&o->g);
}

static const struct option ingest_longopts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "force", no_argument, NULL, 'f' },
	{ "files", required_argument, NULL, 'n' },
	{ NULL, 0, NULL, 0 },
};

static const struct rtb_host_ops ingest_ops = {
	.name = "ingest",
	.usage = ingest_usage,
	.common = 0,
	.shortopts = "o:vfn:",
	.longopts = ingest_longopts,
	.parse = ingest_parse,
	.init = ingest_init,
	.run = ingest_run,
	.free = ingest_free,
};

int rtb_host_ingest(int argc, char **argv)
{
	memset(&ingest_state, 0, sizeof(ingest_state));
	ingest_state.dir = ".";
	return rtb_host_main(&ingest_ops, argc, argv);
}
