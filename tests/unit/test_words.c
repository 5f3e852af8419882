/* SPDX-License-Identifier: Apache-2.0 */
/* test_words - a note, warning or method longer than its buffer is cut at
 * a whole word and ends "..." (not mid-word: "... a han", "(cyclictest m"),
 * through rtb_fit_words and the calls that format into fixed buffers.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/result.h"

int main(void)
{
	char b[24];
	int n = snprintf(b, sizeof(b), "%s", "the watchdog and a handler ran");

	rtb_fit_words(b, sizeof(b), n);
	CHECK_STR(b, "the watchdog and a...");
	n = snprintf(b, sizeof(b), "%s", "short enough");
	rtb_fit_words(b, sizeof(b), n);
	CHECK_STR(b, "short enough");
	/* one long word: cut, but still marked */
	n = snprintf(b, sizeof(b), "%s", "abcdefghijklmnopqrstuvwxyz0123");
	rtb_fit_words(b, sizeof(b), n);
	CHECK(strlen(b) < sizeof(b) && !strcmp(b + strlen(b) - 3, "..."));
	/* whole words only: "(cyclictest m" never */
	n = snprintf(b, sizeof(b), "%s", "figures (cyclictest measured it)");
	rtb_fit_words(b, sizeof(b), n);
	CHECK_STR(b, "figures (cyclictest...");
	{
		static struct rtb_result r;
		char longw[400];

		memset(longw, 'x', sizeof(longw) - 1);
		longw[sizeof(longw) - 1] = 0;
		for (int i = 10; i < 399; i += 7)
			longw[i] = ' ';
		rtb_result_warn(&r, "%s", longw);
		CHECK_EQ_I(r.nwarnings, 1);
		CHECK(!strcmp(r.warnings[0] + strlen(r.warnings[0]) - 3, "..."));
		CHECK(r.warnings[0][strlen(r.warnings[0]) - 4] == 'x');
		CHECK(strlen(r.warnings[0]) < sizeof(r.warnings[0]));
	}
	return check_done();
}
