/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench benchmarks - the priority-inversion decision table (see
 * bench/pi_verdict.h). No OS call, no allocation: a pure function. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "bench/pi_verdict.h"

const char *rtb_pi_kind_name(enum rtb_pi_kind k)
{
	switch (k) {
	case RTB_PI_BOUNDED: return "bounded";
	case RTB_PI_UNBOUNDED: return "unbounded";
	case RTB_PI_INCONCLUSIVE: break;
	}
	return "inconclusive";
}

/* one - the verdict of one protocol on its own (rules 1-4, 6). */
static void one(const struct rtb_pi_input *in, int boosting, struct rtb_pi_verdict *v)
{
	double dl = in->load_hi_ns - in->load_lo_ns;

	v->kind = RTB_PI_INCONCLUSIVE;
	v->slope_p50 = v->slope_p99 = NAN;
	if (!in->available) {
		snprintf(v->why, sizeof(v->why), "the protocol is not available here");
		return;
	}
	if (!in->pinned) {
		snprintf(v->why, sizeof(v->why), "a task could not be pinned to the measurement CPU");
		return;
	}
	if (!in->n_lo || !in->n_hi) {
		snprintf(v->why, sizeof(v->why), "no trial at %s load", !in->n_lo ? "the base" : "twice the");
		return;
	}
	if (!(dl > 0)) {
		snprintf(v->why, sizeof(v->why), "the two loads did not differ as run (%.1f vs %.1f us): "
			 "no slope", in->load_lo_ns / 1000.0, in->load_hi_ns / 1000.0);
		return;
	}
	v->slope_p50 = (in->p50_hi_ns - in->p50_lo_ns) / dl;
	v->slope_p99 = (in->p99_hi_ns - in->p99_lo_ns) / dl;
	if (v->slope_p50 > RTB_PI_SLOPE_UNBOUNDED || v->slope_p99 > RTB_PI_SLOPE_UNBOUNDED) {
		v->kind = RTB_PI_UNBOUNDED;
		snprintf(v->why, sizeof(v->why), "blocking grows with the load (slope p50 %.2f, p99 %.2f)",
			 v->slope_p50, v->slope_p99);
	} else if (v->slope_p50 < RTB_PI_SLOPE_BOUNDED && in->share_over <= RTB_PI_SHARE_OVER_MAX) {
		v->kind = RTB_PI_BOUNDED;
		snprintf(v->why, sizeof(v->why), "blocking does not grow with the load (slope p50 %.2f, "
			 "p99 %.2f; %.1f%% of trials over the critical section + margin)",
			 v->slope_p50, v->slope_p99, 100.0 * in->share_over);
	} else {
		snprintf(v->why, sizeof(v->why), "partly bounded: slope p50 %.2f, p99 %.2f, %.1f%% of "
			 "trials over the critical section + margin", v->slope_p50, v->slope_p99,
			 100.0 * in->share_over);
		return;
	}
	if (!boosting)
		return;
	if (in->boost_share < 0) {
		size_t l = strlen(v->why);
		snprintf(v->why + l, sizeof(v->why) - l, "; the boost was not checked (the port "
			 "cannot read a task's effective priority)");
	} else if (in->boost_share >= RTB_PI_BOOST_MIN) {
		size_t l = strlen(v->why);
		snprintf(v->why + l, sizeof(v->why) - l, "; holder boosted in %.0f%% of checked trials",
			 100.0 * in->boost_share);
	} else {
		v->kind = RTB_PI_INCONCLUSIVE;
		snprintf(v->why, sizeof(v->why), "the holder's priority was raised in only %.0f%% of "
			 "checked trials (the protocol's mechanism did not act)", 100.0 * in->boost_share);
	}
}

void rtb_pi_decide(const struct rtb_pi_input in[RTB_PI_NPROTO],
		   struct rtb_pi_verdict out[RTB_PI_NPROTO])
{
	for (int p = 0; p < RTB_PI_NPROTO; p++)
		one(&in[p], p != 0, &out[p]);
	/* rule 5: the control */
	if (out[0].kind == RTB_PI_UNBOUNDED)
		return;
	char control[sizeof(out[0].why)];
	snprintf(control, sizeof(control), "%s", out[0].why);
	for (int p = 1; p < RTB_PI_NPROTO; p++) {
		if (!in[p].available)
			continue;
		out[p].kind = RTB_PI_INCONCLUSIVE;
		snprintf(out[p].why, sizeof(out[p].why), "the control failed: without a protocol the "
			 "inversion was not unbounded (%.150s), so this set-up shows nothing", control);
	}
}

double rtb_pi_margin_ns(double cs_ns, double floor_ns)
{
	const double path_ns = floor_ns > cs_ns ? floor_ns - cs_ns : 0;

	return cs_ns / 2 + (path_ns > 20000.0 ? path_ns : 20000.0);
}
