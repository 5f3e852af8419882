/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the CSV rendering of the comparison model: one row per
 * metric and system, raw units as in the files. Columns are only ever
 * added at the end, so a script reading by position keeps working. */
#include <math.h>
#include <stdio.h>

#include "host/render/render.h"

static int render_csv(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cmp *c = &h->cmp;
	size_t i, k;
	char v[64];

	/* one row per metric and system, raw units (ns) as in the files */
	rtb_sb_puts(b, "metric,study_table,system,file,role,status,unit,count,mean,stddev,"
		    "p50,p99,max,d_mean_pct,d_p99_pct,d_max_pct,test,p_value,significant,verdict,"
		    "shift_pct,ci_lo_pct,ci_hi_pct,noise_pct,rounds,p_lower,p999,"
		    "p99_verdict,p99_shift_pct,p99_noise_pct,p999_verdict,p999_shift_pct,p999_noise_pct,"
		    "max_verdict,max_shift_pct,max_noise_pct,figures,exact\r\n");
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];

		if (cm->nshown < 1)
			continue;
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_cmp_cell *ce = &cm->cell[i];
			const struct rtb_rf_metric *m = ce->m;

			rtb_render_csv_field(b, cm->id, 0);
			rtb_render_csv_field(b, cm->study_table ? cm->study_table : "", 0);
			rtb_render_csv_field(b, c->labels[i], 0);
			rtb_render_csv_field(b, c->sys[i].path, 0);
			rtb_render_csv_field(b, (int)i == cm->base ? "baseline" : "compared", 0);
			rtb_render_csv_field(b, m ? m->status : "absent", 0);
			rtb_render_csv_field(b, cm->unit, 0);
			if (ce->usable) {
				rtb_sb_printf(b, "%llu,%.1f,%.1f,%lld,%lld,%lld,",
					      (unsigned long long)m->count, m->mean, m->stddev,
					      (long long)m->pct[0], (long long)m->pct[2],
					      (long long)m->max);
			} else if (ce->summary) {
				/* the file's count, mean and max only */
				rtb_sb_printf(b, "%llu,%.1f,,,,%lld,", (unsigned long long)m->count, m->mean,
					      (long long)m->max);
			} else {
				rtb_sb_puts(b, ",,,,,,");
			}
			if (ce->has_diff) {
				double dd[3] = { ce->d_mean, ce->d_p99, ce->d_max };
				int j;

				for (j = 0; j < 3; j++) {
					if (isfinite(dd[j]))
						rtb_sb_printf(b, "%.2f", dd[j] * 100);
					rtb_sb_puts(b, ",");
				}
			} else {
				rtb_sb_puts(b, ",,,");
			}
			if (ce->has_vd && ce->vd.kind != RTB_VD_UNTESTED) {
				snprintf(v, sizeof(v), "%.6g", ce->vd.p);
				rtb_sb_printf(b, "welch-log-round-medians,%s,%s,", v,
					      ce->significant ? "yes" : "no");
			} else {
				rtb_sb_puts(b, ",,,");
			}
			if (ce->has_vd) {
				rtb_sb_printf(b, "%s,%.3f,", ce->vd.kind == RTB_VD_NOISE ? "noise" :
					      rtb_vd_kind_phrase(ce->vd.kind), ce->vd.shift_pct);
				if (ce->vd.kind != RTB_VD_UNTESTED)
					rtb_sb_printf(b, "%.3f,%.3f,%.3f,", ce->vd.ci_lo_pct,
						      ce->vd.ci_hi_pct, ce->vd.noise_pct);
				else
					rtb_sb_puts(b, ",,,");
			} else {
				/* verdict, shift, ci_lo, ci_hi, noise: five fields */
				rtb_sb_puts(b, ",,,,,");
			}
			rtb_sb_printf(b, "%zu,", ce->nr);
			if (ce->has_test)
				rtb_sb_printf(b, "%.4f", ce->p_lower);
			rtb_sb_puts(b, ",");
			if (ce->usable && ce->m->has_pct[3])
				rtb_sb_printf(b, "%lld", (long long)ce->m->pct[3]);
			/* the tail's verdicts: p99, p99.9, max */
			for (int t = 0; t < RTB_CMP_NTAIL; t++) {
				const struct rtb_verdict *tv = &ce->tv[t];

				if (ce->has_tv[t] && tv->kind != RTB_VD_UNTESTED)
					rtb_sb_printf(b, ",%s,%.3f,%.3f", tv->kind == RTB_VD_NOISE ? "noise" :
						      rtb_vd_kind_phrase(tv->kind), tv->shift_pct,
						      tv->noise_pct);
				else if (ce->has_tv[t])
					rtb_sb_printf(b, ",untested,%.3f,", tv->shift_pct);
				else
					rtb_sb_puts(b, ",,,");
			}
			/* real time or emulated instruction counts; "yes" where the
			 * verdicts are the exact rule's (deterministic runs) */
			rtb_sb_printf(b, ",%s,%s\r\n", rtb_rf_kind_token(&c->sys[i]),
				      ce->exact ? "yes" : ce->other_kind ? "not-compared" : "");
		}
	}
	return 0;
}

const struct rtb_render rtb_render_csv = { "csv", NULL, render_csv };
