/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - pass/fail test cases, the model behind the CI-facing
 * formats (check's text, JUnit XML, LAVA): one case per measurement, its
 * chosen figure as the measurement, and one line per rule it broke. */
#ifndef RTB_HOST_CASES_H
#define RTB_HOST_CASES_H

#include <stddef.h>

enum rtb_case_result { RTB_CASE_PASS, RTB_CASE_FAIL, RTB_CASE_SKIP };

struct rtb_case {
	char *id;                 /* metric id, [A-Za-z0-9._-] (LAVA test case id) */
	char *title;              /* human title ("" if none) */
	enum rtb_case_result result;
	int has_value;
	double value;             /* the chosen figure, in `unit` */
	const char *figure;       /* "p99" */
	const char *unit;         /* "us" */
	char **lines;             /* one line per broken rule (FAIL), or why (SKIP) */
	char *verdict;            /* the benchmark's answer, "value: reason"; NULL none */
	size_t nlines;
};

struct rtb_cases {
	const char *suite;        /* "rtbench check" */
	const char *source;       /* the result file */
	struct rtb_case *v;
	size_t n;
	size_t nfail, nskip;
};

/* rtb_cases_add - a new case (zeroed but for id/title), or NULL (ENOMEM). */
struct rtb_case *rtb_cases_add(struct rtb_cases *c, const char *id, const char *title);
/* rtb_case_fail - record one broken rule as a line; the case fails.
 * Returns 0 or RTB_ENOMEM. */
int rtb_case_fail(struct rtb_cases *c, struct rtb_case *k, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* rtb_case_skip - the case is skipped, with why. */
int rtb_case_skip(struct rtb_cases *c, struct rtb_case *k, const char *why);
/* rtb_cases_free - release everything. */
void rtb_cases_free(struct rtb_cases *c);

#endif
