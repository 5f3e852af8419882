/* SPDX-License-Identifier: Apache-2.0 */
/* test_pi_verdict - the priority-inversion decision table
 * (src/bench/pi_verdict.c) on synthetic inputs.
 *
 * The old verdict was the slope of two medians with `slope < 0.25` meaning
 * bounded: a zero load difference gave slope 0 ("bounded"), a failed
 * control changed nothing, a worst case that grew with the load was not
 * looked at, the boost never checked. Each of those is a case here.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <math.h>
#include <string.h>

#include "check.h"
#include "bench/pi_verdict.h"

/* a textbook run: none grows 1:1 with the load, the protocols do not */
static void textbook(struct rtb_pi_input in[RTB_PI_NPROTO])
{
	for (int p = 0; p < RTB_PI_NPROTO; p++) {
		in[p] = (struct rtb_pi_input){
			.available = 1, .pinned = 1, .n_lo = 300, .n_hi = 300,
			.load_lo_ns = 200000, .load_hi_ns = 400000,
			.p50_lo_ns = 55000, .p50_hi_ns = 55500,
			.p99_lo_ns = 70000, .p99_hi_ns = 72000,
			.share_over = 0.01, .boost_share = 1.0,
		};
	}
	in[0].p50_lo_ns = 260000;
	in[0].p50_hi_ns = 460000;
	in[0].p99_lo_ns = 300000;
	in[0].p99_hi_ns = 510000;
	in[0].share_over = 1.0;
	in[0].boost_share = 0; /* never boosted: none has no protocol */
}

static void decide(struct rtb_pi_input in[RTB_PI_NPROTO], struct rtb_pi_verdict v[RTB_PI_NPROTO])
{
	rtb_pi_decide(in, v);
}

int main(void)
{
	struct rtb_pi_input in[RTB_PI_NPROTO];
	struct rtb_pi_verdict v[RTB_PI_NPROTO];

	/* the margin: half the critical section + 20 us on a fast system
	 * (a 50 us section, a check trial blocking 55 us: 45 us); where the
	 * fastest check trial shows a slower path it is that path (QEMU's
	 * 25 MHz core: 103.68 us for a 50 us section -> 25 + 53.68 us); an
	 * unknown floor (0) keeps 20 us */
	CHECK_NEAR(rtb_pi_margin_ns(50000, 55000), 45000, 1e-6);
	CHECK_NEAR(rtb_pi_margin_ns(50000, 103680), 78680, 1e-6);
	CHECK_NEAR(rtb_pi_margin_ns(50000, 0), 45000, 1e-6);
	CHECK_NEAR(rtb_pi_margin_ns(50000, 40000), 45000, 1e-6);

	/* the textbook case */
	textbook(in);
	decide(in, v);
	CHECK_EQ_I(v[0].kind, RTB_PI_UNBOUNDED);
	CHECK_EQ_I(v[1].kind, RTB_PI_BOUNDED);
	CHECK_EQ_I(v[2].kind, RTB_PI_BOUNDED);
	CHECK_NEAR(v[0].slope_p50, 1.0, 1e-9);
	CHECK(strstr(v[1].why, "boosted in 100%") != NULL);

	/* zero load difference: no slope, never "bounded" */
	textbook(in);
	for (int p = 0; p < RTB_PI_NPROTO; p++)
		in[p].load_hi_ns = in[p].load_lo_ns;
	decide(in, v);
	for (int p = 0; p < RTB_PI_NPROTO; p++)
		CHECK_EQ_I(v[p].kind, RTB_PI_INCONCLUSIVE);
	CHECK(strstr(v[0].why, "did not differ") != NULL);
	CHECK(isnan(v[1].slope_p50));

	/* the control failed: none did not come out unbounded (the load never
	 * preempted the holder), so the protocols show nothing */
	textbook(in);
	in[0].p50_hi_ns = in[0].p50_lo_ns;
	in[0].p99_hi_ns = in[0].p99_lo_ns;
	in[0].share_over = 0;
	decide(in, v);
	CHECK_EQ_I(v[0].kind, RTB_PI_BOUNDED);
	CHECK_EQ_I(v[1].kind, RTB_PI_INCONCLUSIVE);
	CHECK_EQ_I(v[2].kind, RTB_PI_INCONCLUSIVE);
	CHECK(strstr(v[1].why, "the control failed") != NULL);

	/* the worst case grows with the load while the median does not */
	textbook(in);
	in[1].p99_hi_ns = in[1].p99_lo_ns + 200000;
	decide(in, v);
	CHECK_EQ_I(v[1].kind, RTB_PI_UNBOUNDED);
	CHECK_EQ_I(v[2].kind, RTB_PI_BOUNDED);

	/* half the trials blocked past the critical section + margin */
	textbook(in);
	in[2].share_over = 0.5;
	decide(in, v);
	CHECK_EQ_I(v[2].kind, RTB_PI_INCONCLUSIVE);
	CHECK(strstr(v[2].why, "partly bounded") != NULL);

	/* the mechanism: the holder was not boosted */
	textbook(in);
	in[1].boost_share = 0.2;
	in[2].boost_share = -1; /* not readable: stands, says so */
	decide(in, v);
	CHECK_EQ_I(v[1].kind, RTB_PI_INCONCLUSIVE);
	CHECK(strstr(v[1].why, "raised in only 20%") != NULL);
	CHECK_EQ_I(v[2].kind, RTB_PI_BOUNDED);
	CHECK(strstr(v[2].why, "not checked") != NULL);

	/* missing inputs: unpinned, unavailable, no trials */
	textbook(in);
	in[1].pinned = 0;
	in[2].n_hi = 0;
	decide(in, v);
	CHECK_EQ_I(v[1].kind, RTB_PI_INCONCLUSIVE);
	CHECK(strstr(v[1].why, "pinned") != NULL);
	CHECK_EQ_I(v[2].kind, RTB_PI_INCONCLUSIVE);
	textbook(in);
	in[0].available = 0;
	decide(in, v);
	CHECK_EQ_I(v[0].kind, RTB_PI_INCONCLUSIVE);
	CHECK_EQ_I(v[1].kind, RTB_PI_INCONCLUSIVE); /* no control, no verdict */
	CHECK_EQ_I(v[2].kind, RTB_PI_INCONCLUSIVE);
	return check_failures ? 1 : 0;
}
