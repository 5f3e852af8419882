/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - pass/fail test cases (cases.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare/cases.h"

struct rtb_case *rtb_cases_add(struct rtb_cases *c, const char *id, const char *title)
{
	struct rtb_case *nv = realloc(c->v, (c->n + 1) * sizeof(*nv)), *k;

	if (!nv)
		return NULL;
	c->v = nv;
	k = &nv[c->n];
	memset(k, 0, sizeof(*k));
	k->id = strdup(id);
	k->title = strdup(title ? title : "");
	if (!k->id || !k->title) {
		free(k->id);
		free(k->title);
		return NULL;
	}
	c->n++;
	return k;
}

static int case_line(struct rtb_case *k, char *s)
{
	char **nl;

	if (!s)
		return RTB_ENOMEM;
	nl = realloc(k->lines, (k->nlines + 1) * sizeof(*nl));
	if (!nl) {
		free(s);
		return RTB_ENOMEM;
	}
	nl[k->nlines++] = s;
	k->lines = nl;
	return 0;
}

int rtb_case_fail(struct rtb_cases *c, struct rtb_case *k, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return RTB_ENOMEM;
	if (k->result != RTB_CASE_FAIL) {
		if (k->result == RTB_CASE_SKIP)
			c->nskip--;
		c->nfail++;
		k->result = RTB_CASE_FAIL;
	}
	return case_line(k, s);
}

int rtb_case_skip(struct rtb_cases *c, struct rtb_case *k, const char *why)
{
	if (k->result == RTB_CASE_PASS) {
		k->result = RTB_CASE_SKIP;
		c->nskip++;
	}
	return case_line(k, strdup(why));
}

void rtb_cases_free(struct rtb_cases *c)
{
	size_t i, j;

	for (i = 0; i < c->n; i++) {
		for (j = 0; j < c->v[i].nlines; j++)
			free(c->v[i].lines[j]);
		free(c->v[i].lines);
		free(c->v[i].id);
		free(c->v[i].title);
		free(c->v[i].verdict);
	}
	free(c->v);
	memset(c, 0, sizeof(*c));
}
