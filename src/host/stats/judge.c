/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what a gate may judge (judge.h). */
#include <stdio.h>
#include <string.h>

#include "host/stats/judge.h"

int rtb_judge_measured(const struct rtb_rf_metric *m)
{
	return !strcmp(m->status, "ok") || !strcmp(m->status, "partial");
}

int rtb_judge_stat(const struct rtb_rf_metric *m, enum rtb_stat s, double *v)
{
	if (!rtb_judge_measured(m))
		return 0;
	/* the figures need samples (or a summary's own min/mean/max);
	 * the counts only a measurement that ran */
	if ((rtb_stat_names[s].flags & RTB_STATF_STATS) && !m->has_stats && !m->has_summary)
		return 0;
	return rtb_rf_stat(m, s, v);
}

/* how_long - "after 0.3 s of 60 s planned" for a long run. */
static void how_long(const struct rtb_rf *r, char *buf, size_t len)
{
	snprintf(buf, len, "after %.1f s of %.0f s planned", (double)r->long_measured_ns / 1e9,
		 (double)r->long_duration_ns / 1e9);
}

int rtb_judge_run(const struct rtb_rf *r, char *why, size_t len)
{
	char t[80], done[120] = "";
	size_t i, nmeasured = 0;

	for (i = 0; i < r->nmetrics; i++)
		nmeasured += rtb_judge_measured(&r->metrics[i]);
	if (r->has_progress)
		snprintf(done, sizeof(done), "; %lld of %lld planned benchmarks measured%s",
			 (long long)r->benches_done, (long long)r->benches_planned,
			 r->has_long ? " for their whole duration" : "");
	if (r->load_failed) {
		snprintf(why, len, "the load ended before rtbench ended it: what was measured after "
			 "that ran without the load the run claims");
		return 0;
	}
	if (r->has_long && strcmp(r->long_ended, "duration")) {
		how_long(r, t, sizeof(t));
		if (!strcmp(r->long_ended, "running"))
			snprintf(why, len, "written while the run was still measuring (%.1f s of %.0f s "
				 "held): the run did not end%s", (double)r->long_measured_ns / 1e9,
				 (double)r->long_duration_ns / 1e9, done);
		else if (!strcmp(r->long_ended, "signal"))
			snprintf(why, len, "stopped by signal %lld %s%s", (long long)r->long_signal, t, done);
		else
			snprintf(why, len, "ended by %s %s%s", r->long_ended[0] ? r->long_ended : "?",
				 t, done);
		return 0;
	}
	if (r->has_progress && r->benches_planned == 0) {
		snprintf(why, len, "stopped before any measurement was planned: nothing was measured");
		return 0;
	}
	if (!r->complete) {
		if (r->has_progress)
			snprintf(why, len, "incomplete run (%lld of %lld benchmarks measured when the file "
				 "was written)", (long long)r->benches_done, (long long)r->benches_planned);
		else
			snprintf(why, len, "incomplete run (stopped early)");
		return 0;
	}
	if (r->has_progress && r->benches_done < r->benches_planned) {
		snprintf(why, len, "%lld of %lld planned benchmarks measured", (long long)r->benches_done,
			 (long long)r->benches_planned);
		return 0;
	}
	if (!nmeasured) {
		snprintf(why, len, "the file holds no measurement that ran (%zu metrics, none ok or "
			 "partial): nothing to judge", r->nmetrics);
		return 0;
	}
	if (len)
		why[0] = 0;
	return 1;
}
