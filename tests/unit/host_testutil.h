/* SPDX-License-Identifier: Apache-2.0 */
/* host_testutil.h - helpers shared by the host-side (compare/report) tests:
 * where the fixtures are, and running a command with stdout and stderr
 * captured to strings. */
#ifndef RTB_HOST_TESTUTIL_H
#define RTB_HOST_TESTUTIL_H

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* tu_data - path of a fixture in tests/data (RTB_TEST_DATA overrides). */
static inline const char *tu_data(const char *name)
{
	static char buf[8][512];
	static int next;
	const char *dir = getenv("RTB_TEST_DATA");
	char *p = buf[next++ % 8];

	if (dir)
		snprintf(p, 512, "%s/%s", dir, name);
	else
		snprintf(p, 512, "%.*sdata/%s", (int)(strstr(__FILE__, "unit/") - __FILE__),
			 __FILE__, name);
	return p;
}

static inline char *tu_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long n;

	if (!f)
		return strdup("");
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	s = calloc((size_t)n + 1, 1);
	if (s && fread(s, 1, (size_t)n, f) != (size_t)n)
		s[0] = 0;
	fclose(f);
	return s;
}

/* tu_run - call fn(argc, argv) with stdout/stderr captured into *out and *err
 * (malloc'ed); returns fn's result. */
static inline int tu_run(int (*fn)(int, char **), int argc, char **argv, char **out, char **err)
{
	char o[] = "/tmp/rtb-test-out.XXXXXX", e[] = "/tmp/rtb-test-err.XXXXXX";
	int fo = mkstemp(o), fe = mkstemp(e), so, se, rc;

	fflush(stdout);
	fflush(stderr);
	so = dup(1);
	se = dup(2);
	dup2(fo, 1);
	dup2(fe, 2);
	rc = fn(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	close(fo);
	close(fe);
	*out = tu_slurp(o);
	*err = tu_slurp(e);
	unlink(o);
	unlink(e);
	return rc;
}

/* tu_lines - number of '\n'-terminated lines in s. */
static inline int tu_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

#endif
