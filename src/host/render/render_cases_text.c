/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the text rendering of pass/fail cases (`rtbench check`):
 * one line per failing figure, then one summary line. */
#include <stdio.h>

#include "host/render/render.h"

static int render_cases_text(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cases *c = h->cases;
	size_t i, j;

	for (i = 0; i < c->n; i++) {
		if (c->v[i].result != RTB_CASE_FAIL)
			continue;
		for (j = 0; j < c->v[i].nlines; j++)
			rtb_sb_printf(b, "FAIL %s\n", c->v[i].lines[j]);
	}
	/* each benchmark's own answer, where its file has one (not judged) */
	for (i = 0; i < c->n; i++)
		if (c->v[i].verdict)
			rtb_sb_printf(b, "verdict %s: %s\n", c->v[i].id, c->v[i].verdict);
	rtb_sb_printf(b, "check: %s: %zu measurements, %zu passed, %zu failed, %zu skipped\n",
		      c->source, c->n, c->n - c->nfail - c->nskip, c->nfail, c->nskip);
	return 0;
}

const struct rtb_render rtb_render_cases_text = { "text", NULL, render_cases_text };
