/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the text rendering of the comparison model: the
 * study-shaped tables `rtbench compare` prints by default. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/text_hist.h"
#include "host/render.h"

static int sb_write(void *ctx, const void *buf, size_t len)
{
	struct rtb_sb *b = ctx;

	rtb_sb_printf(b, "%.*s", (int)len, (const char *)buf); /* text: no NUL */
	return b->failed ? RTB_ENOMEM : 0;
}

/* text_histogram - compare --histogram: the table's systems side by side,
 * from their samples, else their histogram buckets (lower edges). */
static void text_histogram(struct rtb_sb *b, const struct rtb_cmp *c,
			   const struct rtb_cmp_metric *cm)
{
	struct rtb_th_series s[RTB_TH_MAX_SERIES];
	int64_t *blo[RTB_TH_MAX_SERIES] = { 0 };
	uint64_t *bn[RTB_TH_MAX_SERIES] = { 0 };
	struct rtb_sink k;
	int n = 0;

	for (size_t i = 0; i < c->nsys && n < RTB_TH_MAX_SERIES; i++) {
		const struct rtb_rf_metric *m = cm->cell[i].m;

		if (!cm->cell[i].usable && !cm->cell[i].summary)
			continue;
		memset(&s[n], 0, sizeof(s[n]));
		s[n].label = c->labels[i];
		s[n].total = m->count;
		s[n].min = m->min;
		s[n].max = m->max;
		s[n].overflow = m->has_hist ? m->overflow : 0;
		if (m->samples) {
			s[n].v = m->samples;
			s[n].nv = m->nsamples;
		} else if (m->has_hist && m->nbuckets) {
			blo[n] = malloc(m->nbuckets * sizeof(*blo[n]));
			bn[n] = malloc(m->nbuckets * sizeof(*bn[n]));
			if (!blo[n] || !bn[n]) {
				b->failed = 1;
				goto out;
			}
			for (size_t j = 0; j < m->nbuckets; j++) {
				blo[n][j] = m->buckets[j].lo;
				bn[n][j] = m->buckets[j].count;
			}
			s[n].blo = blo[n];
			s[n].bcount = bn[n];
			s[n].nb = m->nbuckets;
		}
		n++;
	}
	rtb_sink_init(&k, sb_write, b);
	rtb_sb_puts(b, "\n");
	if (n && !strcmp(cm->unit, "ns"))
		rtb_text_hist(&k, cm->id, s, n);
out:
	for (int i = 0; i < RTB_TH_MAX_SERIES; i++) {
		free(blo[i]);
		free(bn[i]);
	}
}

static int render_text(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cmp *c = &h->cmp;
	size_t i, k, n;
	char v[48], d[32];
	int w[RTB_CMP_MAX_SYS];

	rtb_sb_printf(b, "rtbench compare: %zu systems; differences are against the first\n", c->nsys);
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];

		rtb_sb_printf(b, "  [%zu] %-20s %s", i + 1, c->labels[i], r->path);
		if (r->tool_name[0] || r->date_utc[0])
			rtb_sb_printf(b, "  (%s %s%s%s)", r->tool_name, r->tool_version,
				      r->date_utc[0] ? ", " : "", r->date_utc);
		rtb_sb_puts(b, "\n");
	}
	rtb_sb_printf(b, "verdict: %s; a shift is called at p < %g\n", rtb_cmp_test_name(c), c->alpha);
	for (i = 0; i < c->nnotes; i++)
		rtb_render_wrap(b, "note: ", c->notes[i], 6, 100);
	for (i = 0; i < c->nsys; i++)
		w[i] = (int)(strlen(c->labels[i]) > 14 ? strlen(c->labels[i]) : 14);

	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];
		const char *tu = rtb_cmp_time_unit(cm->unit, 0);
		char head[40];

		if (!rtb_render_shown(cm))
			continue;
		const char *g = rtb_render_group_start(c, k, rtb_render_shown);
		if (g)
			rtb_sb_printf(b, "\n=== %s ===\n", g);
		rtb_sb_puts(b, "\n");
		rtb_render_title(b, cm, 0);
		rtb_sb_puts(b, "\n");
		snprintf(head, sizeof(head), "times in %s", tu);
		rtb_sb_printf(b, "%-16s", head);
		for (i = 0; i < c->nsys; i++) {
			rtb_sb_printf(b, "  %*s", w[i], c->labels[i]);
			if ((int)i != cm->base && cm->base >= 0)
				rtb_sb_printf(b, " %8s", "vs first");
		}
		rtb_sb_puts(b, "\n");
		for (n = 0; n < RTB_CMP_NROWS; n++) {
			rtb_sb_printf(b, "%-16s", rtb_cmp_row_name((enum rtb_cmp_row)n));
			for (i = 0; i < c->nsys; i++) {
				rtb_cmp_fmt_row(v, sizeof(v), cm, &cm->cell[i], (enum rtb_cmp_row)n);
				rtb_sb_printf(b, "  %*s", w[i], v);
				if ((int)i == cm->base || cm->base < 0)
					continue;
				d[0] = 0;
				if (isfinite(rtb_cmp_row_diff(&cm->cell[i], (enum rtb_cmp_row)n)))
					rtb_cmp_fmt_pct(d, sizeof(d), rtb_cmp_row_diff(&cm->cell[i], (enum rtb_cmp_row)n));
				rtb_sb_printf(b, " %8s", d);
			}
			rtb_sb_puts(b, "\n");
		}
		for (n = 0; n < RTB_CMP_NVROWS; n++) {
			rtb_sb_printf(b, "%-16s", rtb_cmp_vrow_names[n]);
			for (i = 0; i < c->nsys; i++) {
				rtb_cmp_fmt_vrow(v, sizeof(v), c, cm, &cm->cell[i], (enum rtb_cmp_vrow)n);
				rtb_sb_printf(b, "  %*s", w[i], v);
				if ((int)i != cm->base && cm->base >= 0)
					rtb_sb_printf(b, " %8s", "");
			}
			rtb_sb_puts(b, "\n");
		}
		if (cm->base >= 0)
			rtb_render_wrap(b, "percentages: ", rtb_cmp_pct_legend, 13, 100);
		for (i = 0; i < cm->nnotes; i++)
			rtb_render_wrap(b, "note: ", cm->notes[i], 6, 100);
		if (cm->summary[0])
			rtb_render_wrap(b, "summary: ", cm->summary, 9, 100);
		if (h->histogram)
			text_histogram(b, c, cm);
	}
	/* what could not be compared, so nothing disappears silently */
	n = 0;
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];
		struct rtb_sb line = { 0 };

		if (rtb_render_shown(cm))
			continue;
		if (!n++)
			rtb_sb_puts(b, "\nnot compared (fewer than two systems have figures):\n");
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_rf_metric *m = cm->cell[i].m;

			rtb_sb_printf(&line, "%s%s: %s", i ? "; " : "", c->labels[i],
				      !m ? "not in file" : cm->cell[i].usable || cm->cell[i].summary ? "measured" :
				      m->status);
			if (m && !cm->cell[i].usable && m->note[0])
				rtb_sb_printf(&line, " (%s)", m->note);
		}
		snprintf(v, sizeof(v), "  %s: ", cm->id);
		rtb_render_wrap(b, v, rtb_sb_cstr(&line), 4, 100);
		rtb_sb_free(&line);
	}
	return 0;
}

const struct rtb_render rtb_render_text = { "text", NULL, render_text };
