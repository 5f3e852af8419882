/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - saying when measuring has begun.
 *
 * A script that starts a disturbance, a load or a stop at a moment of its
 * choosing (a test, a lab job) must not guess how long set-up takes: the
 * ASan build's traced set-up took 13.5 s on one machine of the kind where
 * the plain build took 0.48 s. So the runner says so at the moment each
 * measurement starts (after the settings, the calibration, the doctor
 * and the trace instance are all in place):
 *   - "rtbench: measuring ID on CPU LIST" on stderr, whatever --quiet
 *     says (it is the one line a script may need to wait for);
 *   - with --ready FILE, "measuring ID on CPU LIST\n" written to FILE as
 *     a result file is (rtb_port_output: a temporary file renamed over
 *     it, so a reader sees nothing or the whole line; a symbolic link or
 *     device node there is refused, never written through), rewritten
 *     when the next measurement starts.
 * docs/long-runs.md "Knowing when measuring has begun" is the user's
 * side of this. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "run/ready.h"
#include "rtbench/err.h"
#include "rtbench/port.h"
#include "rtbench/sink.h"

static const char *ready_path;
static int ready_failed; /* said once */
/* what is measured now, for a status line asked from another thread (the
 * watchdog's, rtb_ready_status): two buffers, the one not published
 * written, then published; the start in whole seconds of the monotonic
 * clock (a 32-bit atomic is lock-free on every target) */
static char now_line[2][160];
static atomic_int now_at = -1;
static atomic_long now_since_s;

void rtb_ready_file(const char *path)
{
	ready_path = path;
	ready_failed = 0;
}

/* write_line - an rtb_output_fn writing the string arg. */
static int write_line(struct rtb_sink *s, const void *arg)
{
	return rtb_sink_write(s, arg, strlen(arg));
}

int rtb_ready_say(const char *id, const char *cpus)
{
	static char line[160];

	snprintf(line, sizeof(line), "measuring %s on CPU %s\n", id, cpus);
	int b = atomic_load(&now_at) == 0;
	snprintf(now_line[b], sizeof(now_line[b]), "measuring %s on CPU %s", id, cpus);
	atomic_store(&now_since_s, (long)(rtb_port_mono_ns() / 1000000000));
	atomic_store(&now_at, b);
	if (ready_path && rtb_port_output(ready_path, write_line, line)) {
		if (!ready_failed)
			fprintf(stderr, "rtbench: --ready: cannot write %s\n", rtb_port_output_error());
		ready_failed = 1;
		fprintf(stderr, "rtbench: %s", line);
		return RTB_EIO;
	}
	/* after the file: a script reading either finds the other done */
	fprintf(stderr, "rtbench: %s", line);
	return 0;
}

void rtb_ready_status(char *buf, size_t len)
{
	int b = atomic_load(&now_at);

	if (b < 0) {
		snprintf(buf, len, "setting up (nothing measured yet)");
		return;
	}
	snprintf(buf, len, "%s for %ld s", now_line[b],
		 (long)(rtb_port_mono_ns() / 1000000000) - atomic_load(&now_since_s));
}
