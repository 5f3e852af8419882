/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - LAVA's result model for pass/fail cases, two ways:
 *
 *  lava          <LAVA_SIGNAL_TESTCASE TEST_CASE_ID=id RESULT=pass
 *                MEASUREMENT=12.345 UNITS=us> per measurement: what the
 *                lava-test-case helper itself prints, read by LAVA from the
 *                console, so it works where the helper is absent.
 *  lava-results  "id pass 12.345 us" per line: the result.txt that Linaro
 *                test-definitions' utils/send-to-lava.sh reads (it matches
 *                ".* +(pass|fail|skip)$" or "<id> <result> <measurement>
 *                <units>" and calls `lava-test-case id --result R
 *                --measurement M --units U`, or prints the signal itself).
 *
 * Test case ids are the metric ids, restricted to [A-Za-z0-9._-] (anything
 * else becomes '_') so no field splits and nothing reaches a shell. */
#include <stdio.h>

#include "host/render/render.h"

static const char *const result_names[] = { "pass", "fail", "skip" };

static void lava_id(struct rtb_sb *b, const char *id)
{
	char one[2] = { 0, 0 };

	for (; *id; id++) {
		char ch = *id;

		one[0] = ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			  (ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == '_') ? ch : '_';
		rtb_sb_puts(b, one);
	}
}

static int render_lava(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cases *c = h->cases;
	size_t i;

	for (i = 0; i < c->n; i++) {
		const struct rtb_case *k = &c->v[i];

		rtb_sb_puts(b, "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=");
		lava_id(b, k->id);
		rtb_sb_printf(b, " RESULT=%s", result_names[k->result]);
		if (k->has_value)
			rtb_sb_printf(b, " MEASUREMENT=%.3f UNITS=%s", k->value, k->unit);
		rtb_sb_puts(b, ">\n");
	}
	return 0;
}

static int render_lava_results(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cases *c = h->cases;
	size_t i;

	for (i = 0; i < c->n; i++) {
		const struct rtb_case *k = &c->v[i];

		lava_id(b, k->id);
		rtb_sb_printf(b, " %s", result_names[k->result]);
		if (k->has_value)
			rtb_sb_printf(b, " %.3f %s", k->value, k->unit);
		rtb_sb_puts(b, "\n");
	}
	return 0;
}

const struct rtb_render rtb_render_lava = { "lava", NULL, render_lava };
const struct rtb_render rtb_render_lava_results = { "lava-results", NULL, render_lava_results };
