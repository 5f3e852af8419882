/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the text rendering of the comparison model: the
 * study-shaped tables `rtbench compare` prints by default. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/text_hist.h"
#include "host/render/render.h"

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

/* own_tables - one table per system, each in its own figures (the
 * study's layout: one table per OS), where the systems' figures are of
 * different kinds (emulated instruction counts beside real time) and so
 * are never put into one percentage: the study's rows, then the rest. */
static void own_tables(struct rtb_sb *b, const struct rtb_cmp *c)
{
	char kind[200], v[4][32];

	rtb_sb_puts(b, "\nEach system in its own figures (figures of different kinds are not compared):\n");
	for (size_t i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];
		const int insns = rtb_rf_kind(r) == RTB_RF_INSNS;
		const double per = insns ? (double)(1 << (r->emu.icount_shift < 20 ? r->emu.icount_shift : 0)) : 1;

		rtb_sb_printf(b, "\n[%zu] %s: %s\n", i + 1, c->labels[i], rtb_rf_kind_word(r, kind, sizeof(kind)));
		rtb_sb_printf(b, "%-8s %-40s %9s %9s %9s %9s%s\n", "study", "measurement", "count", "p50 us",
			      "p99 us", "max us", insns ? "  p50 instructions" : "");
		for (int study = 1; study >= 0; study--) {
			for (size_t k = 0; k < c->nmetrics; k++) {
				const struct rtb_cmp_metric *cm = &c->metrics[k];
				const struct rtb_cmp_cell *ce = &cm->cell[i];

				if (!ce->usable || !!cm->study_table != study || strcmp(cm->unit, "ns"))
					continue;
				rtb_cmp_fmt_time(v[0], sizeof(v[0]), (double)ce->m->pct[0], cm->unit);
				rtb_cmp_fmt_time(v[1], sizeof(v[1]), (double)ce->m->pct[2], cm->unit);
				rtb_cmp_fmt_time(v[2], sizeof(v[2]), (double)ce->m->max, cm->unit);
				snprintf(v[3], sizeof(v[3]), "%.1f", (double)ce->m->pct[0] / per);
				rtb_sb_printf(b, "%-8s %-40s %9llu %9s %9s %9s", cm->study_table ? cm->study_table : "extra",
					      ce->m->id, (unsigned long long)ce->m->count, v[0], v[1], v[2]);
				rtb_sb_printf(b, insns ? "  %17s\n" : "%s\n", insns ? v[3] : "");
			}
		}
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
		/* what its times are: said for every system, not only in a note */
		char kind[200];
		rtb_sb_printf(b, "\n      figures: %s\n", rtb_rf_kind_word(r, kind, sizeof(kind)));
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
	if (c->any_other_kind)
		own_tables(b, c);
	return 0;
}

const struct rtb_render rtb_render_text = { "text", NULL, render_text };
