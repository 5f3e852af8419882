/* SPDX-License-Identifier: Apache-2.0 */
/* test_tune_model - `rtbench tune`'s verdicts (src/host/compare/
 * tune_model.c) on synthetic rounds, and its JSON written and read back
 * (src/host/render/tune_out.c, src/host/compare/tune_read.c).
 *
 * rtb-test: side (pure computation on fixed data and a temporary file)
 *
 * A round's figures: p50 20 us, p99 40 us, p99.9 60 us, max 80 us, each
 * times a lognormal round factor (sigma 3%: run-to-run noise), and a
 * crossing fraction of 0.1% +- 0.05%. Checked: a known +5 us on every
 * figure of B is called "hurts" with p50 "higher" and 5 us inside the
 * interval; A/A knobs (B drawn like A) are "no effect" on at least 95% of
 * 400 tries (the family-wise alpha 0.05 of a knob's 10 tests); one round a
 * side is "untested"; a knob not applicable stays so; the JSON round trip
 * keeps every verdict, shift and interval. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "rng.h"
#include "host/compare/tune_model.h"
#include "host/render/tune_out.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;

/* round - one round's file: two metrics, figures scaled, +shift ns */
static void add_round(struct rtb_tune_knob *k, int b, double shift)
{
	static struct rtb_rf_metric m[2];
	struct rtb_rf rf = { .metrics = m, .nmetrics = 2 };
	static const char *ids[2] = { "irq.timer.nanosleep", "noise.gap" };

	for (int i = 0; i < 2; i++) {
		double f = exp(0.03 * tu_gauss(&rng));
		memset(&m[i], 0, sizeof(m[i]));
		m[i].id = (char *)ids[i];
		m[i].has_stats = 1;
		m[i].count = 100000;
		m[i].pct[0] = (int64_t)(20000 * f + shift);
		m[i].pct[2] = (int64_t)(40000 * f + shift);
		m[i].pct[3] = (int64_t)(60000 * f + shift);
		m[i].has_pct[0] = m[i].has_pct[2] = m[i].has_pct[3] = 1;
		m[i].max = (int64_t)(80000 * f + shift);
		m[i].over_deadline = (uint64_t)(100 + 50 * tu_gauss(&rng) * 0.5);
	}
	CHECK_EQ_I(rtb_tune_round(k, b, &rf), 0);
}

static void knob(struct rtb_tune_knob *k, const char *name, int rounds, double shift)
{
	memset(k, 0, sizeof(*k));
	snprintf(k->name, sizeof(k->name), "%s", name);
	k->applicable = 1;
	for (int r = 0; r < rounds; r++) {
		add_round(k, 0, 0);
		add_round(k, 1, shift);
	}
	rtb_tune_judge(k, 0.05);
}

static void test_known_and_aa(void)
{
	struct rtb_tune_knob k;
	int noise = 0;

	knob(&k, "known", 8, 5000);
	CHECK_EQ_I(k.kind, RTB_TUK_HURTS);
	CHECK_EQ_I(k.ns, 2);
	const struct rtb_tune_effect *e = &k.s[0].e[RTB_TUS_P50];
	CHECK(e->tested && e->vd.kind == RTB_VD_HIGHER);
	CHECK(e->lo <= 5000 && 5000 <= e->hi);
	CHECK_NEAR(k.alpha_each, 0.005, 1e-12);
	rtb_tune_free(&k);
	for (int i = 0; i < 400; i++) {
		knob(&k, "aa", 8, 0);
		noise += k.kind == RTB_TUK_NOISE;
		rtb_tune_free(&k);
	}
	printf("A/A: %d of 400 no effect\n", noise);
	CHECK(noise >= 380);
	knob(&k, "one", 1, 5000);
	CHECK_EQ_I(k.kind, RTB_TUK_UNTESTED);
	rtb_tune_free(&k);
	memset(&k, 0, sizeof(k));
	rtb_tune_judge(&k, 0.05);
	CHECK_EQ_I(k.kind, RTB_TUK_NA);
}

static void test_round_trip(void)
{
	static struct rtb_tune_run t, u;
	char path[] = "/tmp/test_tune_model.XXXXXX", err[200];
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	close(fd);
	t.nk = 2;
	knob(&t.k[0], "known", 8, 5000);
	knob(&t.k[1], "aa", 8, 0);
	snprintf(t.k[1].why_not, sizeof(t.k[1].why_not), "x");
	t.rounds = 8;
	t.alpha = 0.05;
	CHECK_EQ_I(rtb_render_tune_json(path, &t), 0);
	CHECK_EQ_I(rtb_tune_is_file(path), 1);
	CHECK_EQ_I(rtb_tune_load(path, &u, err, sizeof(err)), 0);
	CHECK_EQ_I(u.nk, 2);
	for (int i = 0; i < 2; i++) {
		CHECK_STR(u.k[i].name, t.k[i].name);
		CHECK_EQ_I(u.k[i].kind, t.k[i].kind);
		CHECK_EQ_I(u.k[i].ns, t.k[i].ns);
		for (int s = 0; s < u.k[i].ns; s++)
			for (int st = 0; st < RTB_TUS_N; st++) {
				const struct rtb_tune_effect *a = &t.k[i].s[s].e[st], *b = &u.k[i].s[s].e[st];
				CHECK_EQ_I(a->tested, b->tested);
				CHECK_EQ_I(a->vd.kind, b->vd.kind);
				CHECK_NEAR(a->shift, b->shift, 1e-6 * fabs(a->shift) + 1e-12);
				CHECK_NEAR(a->lo, b->lo, 1e-6 * fabs(a->lo) + 1e-12);
			}
	}
	rtb_tune_run_free(&t);
	rtb_tune_run_free(&u);
	unlink(path);
}

int main(void)
{
	test_known_and_aa();
	test_round_trip();
	return check_failures ? 1 : 0;
}
