/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - which measurements a run selects: the --tests comma
 * list against the registry (src/bench/registry.c). Calls nothing else of
 * the runner, so the set-up, the runner and the selftest all ask it. */
#include <stdio.h>
#include <string.h>
#include "run/run.h"
#include "rtbench/err.h"
#include "bench/registry.h"

/* prefix_at_dot - 1 if a[0..an) is b, or a prefix of b ending at one of
 * b's dots. */
static int prefix_at_dot(const char *a, size_t an, const char *b)
{
	size_t bn = strlen(b);
	return an <= bn && !strncmp(a, b, an) && (an == bn || b[an] == '.');
}

/* item_selects - item (n chars) names bench id: exactly (then no other
 * bench), or as a dotted prefix ("ctxsw" -> ctxsw.rr.*), or, when it names
 * no bench either way, as a metric inside it ("sync.prio_inv.none.blocking"
 * -> sync.prio_inv). */
static int item_selects(const char *item, size_t n, const char *id)
{
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (strlen(rtb_benches[i]->id) == n && !strncmp(item, rtb_benches[i]->id, n))
			return !strcmp(rtb_benches[i]->id, id);
	if (prefix_at_dot(item, n, id))
		return 1;
	for (size_t i = 0; i < rtb_nbenches; i++)
		if (prefix_at_dot(item, n, rtb_benches[i]->id))
			return 0; /* it names another bench directly */
	size_t il = strlen(id);
	return n > il && !strncmp(item, id, il) && item[il] == '.';
}

int rtb_tests_selects(const struct rtb_bench *b, const char *tests)
{
	const char *p = tests;

	if (!tests || !*tests)
		return !b->not_default;
	while (*p) {
		size_t n = strcspn(p, ",");
		if (n == 3 && !strncmp(p, "all", 3))
			return 1;
		if (n && item_selects(p, n, b->id))
			return 1;
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

int rtb_tests_check(const char *tests, char *bad, size_t len)
{
	const char *p = tests;

	while (p && *p) {
		size_t n = strcspn(p, ",");
		char item[128];
		int any = 0;
		snprintf(item, sizeof(item), "%.*s", (int)(n < 127 ? n : 127), p);
		for (size_t i = 0; i < rtb_nbenches && n; i++)
			any |= rtb_tests_selects(rtb_benches[i], item);
		if (!any) {
			snprintf(bad, len, "%s", item);
			return RTB_EINVAL;
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}
