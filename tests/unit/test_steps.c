/* SPDX-License-Identifier: Apache-2.0 */
/* test_steps - the supervisor's steps (rtb_selfcost_step, what
 * RTB_DEBUG_STEPS prints): each said as it begins, and as the next one
 * begins (or NULL ends it) with its wall-clock and CPU time; nothing said
 * without a sayer. Counts and order only, never a time's size.
 * rtb-test: side (measures nothing: no thread or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/selfcost.h"

static char lines[8][160];
static int nlines;

static void keep(const char *line)
{
	if (nlines < 8)
		snprintf(lines[nlines], sizeof(lines[0]), "%s", line);
	nlines++;
}

/* ended - line is "step NAME: W s wall, C s CPU" with both times >= 0 */
static int ended(const char *line, const char *name)
{
	char want[80];
	double w = -1, c = -1;
	size_t n = (size_t)snprintf(want, sizeof(want), "step %s: ", name);

	if (strncmp(line, want, n))
		return 0;
	return sscanf(line + n, "%lf s wall, %lf s CPU", &w, &c) == 2 && w >= 0 && c >= 0;
}

int main(void)
{
	/* no sayer: steps cost nothing and say nothing */
	rtb_selfcost_step("set-up");
	rtb_selfcost_step(NULL);
	CHECK_EQ_I(nlines, 0);

	rtb_selfcost_steps_say(keep);
	rtb_selfcost_step("set-up");
	rtb_selfcost_step("stop: threads joined");
	rtb_selfcost_step(NULL);
	rtb_selfcost_step(NULL); /* none running: nothing more */
	CHECK_EQ_I(nlines, 4);
	CHECK_STR(lines[0], "step set-up ...");
	CHECK(ended(lines[1], "set-up"));
	CHECK_STR(lines[2], "step stop: threads joined ...");
	CHECK(ended(lines[3], "stop: threads joined"));

	/* the sayer taken away mid-step: the step is forgotten, not said later */
	rtb_selfcost_step("finish");
	rtb_selfcost_steps_say(NULL);
	rtb_selfcost_step(NULL);
	CHECK_EQ_I(nlines, 5);
	CHECK_STR(lines[4], "step finish ...");
	return check_done();
}
