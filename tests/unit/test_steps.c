/* SPDX-License-Identifier: Apache-2.0 */
/* test_steps - the supervisor's steps (rtb_selfcost_step, what
 * RTB_DEBUG_STEPS prints): each said as it begins, and as the next one
 * begins (or NULL ends it) with its wall-clock and CPU time; nothing said
 * without a sayer; "CPU unknown" when the CPU clock could not be read; a
 * step said from another thread (the watchdog's forced exit) names that
 * thread and leaves the supervisor's step in progress alone. Counts and
 * order only, never a time's size.
 * rtb-test: side (measures nothing: no thread or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/selfcost.h"

static char lines[16][200];
static int nlines;

static void keep(const char *line)
{
	if (nlines < 16)
		snprintf(lines[nlines], sizeof(lines[0]), "%s", line);
	nlines++;
}

/* ended - line is "step NAME: W s wall, C s CPU" with both times >= 0
 * (NAME may carry its thread: "finish (watchdog thread)") */
static int ended(const char *line, const char *name)
{
	char want[120];
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

	/* a CPU clock that could not be read: "CPU unknown", never -1.000 s */
	char l[200];
	rtb_selfcost_step_line(l, sizeof(l), "set-up", NULL, 1500000000, -1);
	CHECK_STR(l, "step set-up: 1.500 s wall, CPU unknown");
	rtb_selfcost_step_line(l, sizeof(l), "set-up", NULL, 1500000000, 250000000);
	CHECK_STR(l, "step set-up: 1.500 s wall, 0.250 s CPU");
	rtb_selfcost_step_line(l, sizeof(l), "finish", "watchdog", 2000000, -1);
	CHECK_STR(l, "step finish (watchdog thread): 0.002 s wall, CPU unknown");

	/* a step from the watchdog's thread while the supervisor's is in
	 * progress: each ends on its own, the other's named, neither ending
	 * the other */
	nlines = 0;
	rtb_selfcost_steps_say(keep);
	rtb_selfcost_step("stop: threads joined");
	rtb_selfcost_step_other("finish: trace instance removed", "watchdog");
	rtb_selfcost_step_other(NULL, "watchdog");
	rtb_selfcost_step(NULL);
	CHECK_EQ_I(nlines, 4);
	CHECK_STR(lines[0], "step stop: threads joined ...");
	CHECK_STR(lines[1], "step finish: trace instance removed (watchdog thread) ...");
	CHECK(ended(lines[2], "finish: trace instance removed (watchdog thread)"));
	CHECK(ended(lines[3], "stop: threads joined"));
	/* NULL thread: the supervisor's own step */
	rtb_selfcost_step_other("finish: trace instance removed", NULL);
	rtb_selfcost_step(NULL);
	CHECK_EQ_I(nlines, 6);
	CHECK_STR(lines[4], "step finish: trace instance removed ...");
	CHECK(ended(lines[5], "finish: trace instance removed"));
	return check_done();
}
