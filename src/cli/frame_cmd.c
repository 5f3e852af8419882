/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench frame FILE...`: each file framed (RTBF1,
 * docs/serial.md) onto the console, under its base name. A Linux guest's
 * init sends its result files back over the serial console this way;
 * `rtbench ingest` on the host writes them back.
 *
 * ISO C stdio only (fopen/fread), no OS call, so it builds wherever the
 * core does. Every argument is checked (readable, a valid frame name)
 * before the first byte goes out, so bad input writes nothing. */
#include <stdio.h>
#include <string.h>
#include "cli/frame_cmd.h"
#include "rtbench/err.h"
#include "rtbench/frame.h"
#include "rtbench/port.h"

/* A result file of 10^7 samples is ~100 MB; this bounds a mistaken
 * argument (a device that never ends). */
#define FRAME_MAX_BYTES (512ull * 1024 * 1024)

/* base_name - the part of path after its last '/' (the frame's name). */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* frame_usage - `rtbench frame --help`. */
static void frame_usage(FILE *f)
{
	fputs("usage: rtbench frame FILE...\n"
	      "Write each FILE to stdout as RTBF1 frames (docs/serial.md) named by its base name\n"
	      "([A-Za-z0-9._-], 1 to 64 characters), for `rtbench ingest` at the other end of a\n"
	      "serial line.\n"
	      "Exit status: 0 done, 1 a read or write failed, 2 bad argument.\n", f);
}

/* frame_one - one file onto out. */
static int frame_one(const char *path, struct rtb_sink *out)
{
	unsigned char buf[4096];
	unsigned long long total = 0;
	struct rtb_frame fr;
	FILE *in = fopen(path, "rb");
	size_t n;
	int rc;

	if (!in)
		return RTB_EIO;
	rc = rtb_frame_begin(&fr, out, base_name(path));
	while (!rc && (n = fread(buf, 1, sizeof(buf), in)) > 0) {
		total += n;
		if (total > FRAME_MAX_BYTES) {
			rc = RTB_ERANGE;
			break;
		}
		rc = rtb_frame_write(&fr, buf, n);
	}
	if (!rc && ferror(in))
		rc = RTB_EIO;
	fclose(in);
	/* an END only for a whole file: a cut-off file must look truncated */
	if (!rc)
		rc = rtb_frame_end(&fr);
	return rc;
}

int rtb_cmd_frame(int argc, char **argv)
{
	struct rtb_sink *out = rtb_port_console();
	int i;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		frame_usage(stdout);
		return 0;
	}
	if (argc < 2) {
		fprintf(stderr, "rtbench frame: no file given (usage: rtbench frame FILE...)\n");
		return RTB_EINVAL;
	}
	for (i = 1; i < argc; i++) {
		FILE *f;

		if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "rtbench frame: %s: unknown option (see --help)\n", argv[i]);
			return RTB_EINVAL;
		}
		if (!rtb_frame_name_ok(base_name(argv[i]))) {
			fprintf(stderr, "rtbench frame: %s: the name '%.80s' is not 1 to 64 of "
				"A-Z a-z 0-9 . _ -\n", argv[i], base_name(argv[i]));
			return RTB_EINVAL;
		}
		f = fopen(argv[i], "rb");
		/* one byte read before anything is written: a directory opens
		 * but does not read (it wrote a BEGIN line and exited 1) */
		if (f && (fgetc(f), ferror(f))) {
			fclose(f);
			f = NULL;
		}
		if (!f) {
			fprintf(stderr, "rtbench frame: %s: cannot read it (not a readable file)\n", argv[i]);
			return RTB_EINVAL;
		}
		fclose(f);
	}
	for (i = 1; i < argc; i++) {
		int rc = frame_one(argv[i], out);

		fflush(stdout);
		if (rc) {
			fprintf(stderr, "rtbench frame: %s: %s\n", argv[i],
				rc == RTB_ERANGE ? "larger than 512 MiB" : rtb_strerror(rc));
			return RTB_EIO; /* midway: not bad input, whatever the cause */
		}
	}
	return fflush(stdout) ? RTB_EIO : 0;
}
