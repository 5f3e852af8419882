/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - tune's test-only knob: the known answer for `rtbench
 * tune`'s method (docs/tuning.md). `tune --test-knobs` runs its rounds of
 * the knob "test.delay" with RTB_TUNE_TEST_DELAY=in:NS in the child run's
 * environment and its baseline rounds with out:NS: the same spin in every
 * irq.timer.nanosleep sample, inside the measured window or just after it,
 * so both sides use the CPU alike and differ only by NS in the figure.
 * Nothing else reads the variable; a run with it set says so in its
 * result (a warning), so its figures are never taken for the system's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/tune_test.h"
#include "rtbench/err.h"

int rtb_cmd_tune_test_delay(struct rtb_opts *o, char *err, size_t len)
{
	const char *v = getenv(RTB_TUNE_TEST_ENV), *n;
	char *end;
	long long ns;

	if (!v)
		return 0;
	if (!strncmp(v, "in:", 3))
		n = v + 3;
	else if (!strncmp(v, "out:", 4))
		n = v + 4;
	else
		goto bad;
	ns = strtoll(n, &end, 10);
	if (end == n || *end || ns < 1 || ns > 10000000)
		goto bad;
	o->selftest.test_delay_ns = ns;
	o->selftest.test_delay_inside = v[0] == 'i';
	return 0;
bad:
	snprintf(err, len, "%s: \"in:NS\" or \"out:NS\" with NS 1..10000000, not \"%.40s\"", RTB_TUNE_TEST_ENV, v);
	return RTB_EINVAL;
}
