/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the markdown rendering of the comparison model. */
#include <math.h>
#include <stdio.h>

#include "host/render/render.h"

/* vrow_called - a verdict row that called a difference (bold). */
static int vrow_called(const struct rtb_cmp_cell *ce, int n)
{
	if (n == RTB_CMP_VROW_VERDICT)
		return ce->significant;
	if (n >= RTB_CMP_VROW_P99 && n <= RTB_CMP_VROW_MAX && ce->has_tv[n - RTB_CMP_VROW_P99])
		return ce->tv[n - RTB_CMP_VROW_P99].kind == RTB_VD_LOWER ||
			ce->tv[n - RTB_CMP_VROW_P99].kind == RTB_VD_HIGHER;
	return 0;
}

static int render_markdown(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cmp *c = &h->cmp;
	size_t i, k, n;
	char v[48], d[32];

	rtb_sb_puts(b, "# rtbench compare\n\n| # | system | file |\n|---|---|---|\n");
	for (i = 0; i < c->nsys; i++) {
		rtb_sb_printf(b, "| %zu | ", i + 1);
		rtb_render_md_cell(b, c->labels[i]);
		rtb_sb_puts(b, " | ");
		rtb_render_md_cell(b, c->sys[i].path);
		rtb_sb_puts(b, " |\n");
	}
	rtb_sb_printf(b, "\nDifferences are against the first system. Significance: %s; "
		      "a shift is called at p < %g.\n", rtb_cmp_test_name(c), c->alpha);
	if (c->nnotes)
		rtb_sb_puts(b, "\n");
	for (i = 0; i < c->nnotes; i++) {
		rtb_sb_puts(b, "- note: ");
		rtb_render_md_cell(b, c->notes[i]);
		rtb_sb_puts(b, "\n");
	}
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];

		if (!rtb_render_shown(cm))
			continue;
		const char *g = rtb_render_group_start(c, k, rtb_render_shown);
		if (g) {
			rtb_sb_puts(b, "\n# ");
			rtb_render_md_cell(b, g);
			rtb_sb_puts(b, "\n");
		}
		rtb_sb_puts(b, "\n## ");
		rtb_render_title(b, cm, 1);
		rtb_sb_printf(b, "\n\n| %s |", rtb_cmp_time_unit(cm->unit, 1));
		for (i = 0; i < c->nsys; i++) {
			rtb_sb_puts(b, " ");
			rtb_render_md_cell(b, c->labels[i]);
			rtb_sb_puts(b, " |");
			if ((int)i != cm->base)
				rtb_sb_puts(b, " vs first |");
		}
		rtb_sb_puts(b, "\n|---|");
		for (i = 0; i < c->nsys; i++)
			rtb_sb_puts(b, (int)i != cm->base ? "---:|---:|" : "---:|");
		rtb_sb_puts(b, "\n");
		for (n = 0; n < RTB_CMP_NROWS + RTB_CMP_NVROWS; n++) {
			rtb_sb_printf(b, "| %s |", n < RTB_CMP_NROWS ? rtb_cmp_row_name((enum rtb_cmp_row)n) :
				      rtb_cmp_vrow_names[n - RTB_CMP_NROWS]);
			for (i = 0; i < c->nsys; i++) {
				const struct rtb_cmp_cell *ce = &cm->cell[i];

				d[0] = 0;
				if (n < RTB_CMP_NROWS) {
					rtb_cmp_fmt_row(v, sizeof(v), cm, ce, (enum rtb_cmp_row)n);
					if (isfinite(rtb_cmp_row_diff(ce, (enum rtb_cmp_row)n)))
						rtb_cmp_fmt_pct(d, sizeof(d), rtb_cmp_row_diff(ce, (enum rtb_cmp_row)n));
				} else {
					rtb_cmp_fmt_vrow(v, sizeof(v), c, cm, ce,
							 (enum rtb_cmp_vrow)(n - RTB_CMP_NROWS));
					if (vrow_called(ce, (int)(n - RTB_CMP_NROWS)))
						snprintf(d, sizeof(d), "**%s**", v);
				}
				rtb_sb_printf(b, " %s |", v);
				if ((int)i != cm->base)
					rtb_sb_printf(b, " %s |", d);
			}
			rtb_sb_puts(b, "\n");
		}
		if (cm->base >= 0) {
			rtb_sb_puts(b, "\nPercentages: ");
			rtb_render_md_cell(b, rtb_cmp_pct_legend);
			rtb_sb_puts(b, "\n");
		}
		if (cm->nnotes)
			rtb_sb_puts(b, "\n");
		for (i = 0; i < cm->nnotes; i++) {
			rtb_sb_puts(b, "- note: ");
			rtb_render_md_cell(b, cm->notes[i]);
			rtb_sb_puts(b, "\n");
		}
		if (cm->summary[0]) {
			rtb_sb_puts(b, "\n**Summary.** ");
			rtb_render_md_cell(b, cm->summary);
			rtb_sb_puts(b, "\n");
		}
	}
	return 0;
}

const struct rtb_render rtb_render_markdown = { "markdown", "md", render_markdown };
