/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the JSON rendering of the comparison model
 * ("schema": "rtbench-compare"). */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "rtbench/err.h"
#include "host/render/render.h"
#include "host/render/tail_view.h"


static json_t *jstrs(char **l, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < n; i++)
		json_array_append_new(a, json_string(l[i]));
	return a;
}

/* json_thresholds - compare --threshold-us: per threshold, each system's
 * count (exact, or the buckets' bounds), its 95% interval per million and
 * its rate's ratio to the baseline's (docs/compare.md). */
static json_t *json_thresholds(const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	json_t *a = json_array();

	for (size_t j = 0; a && j < cm->nthr; j++) {
		const struct rtb_cmp_thr *t = &cm->thr[j];
		json_t *sys = json_array();
		for (size_t i = 0; sys && i < c->nsys; i++) {
			const struct rtb_tail_exc *e = &t->e[i];
			if (!cm->cell[i].m)
				continue;
			if (!t->has[i]) {
				json_array_append_new(sys, json_pack("{s:s, s:n}", "label", c->labels[i], "count"));
				continue;
			}
			json_array_append_new(sys, json_pack(
				"{s:s, s:I, s:I, s:I, s:b, s:s, s:o, s:f, s:f, s:o, s:o, s:o}",
				"label", c->labels[i], "samples", (json_int_t)e->n,
				"over_lo", (json_int_t)e->k_lo, "over_hi", (json_int_t)e->k_hi,
				"exact", e->exact, "how", e->how,
				"per_million", rtb_render_jnum(e->per_m), "per_million_lo", e->per_m_lo,
				"per_million_hi", e->k_hi ? e->per_m_hi : 1e6 * e->zero_p_hi,
				"ratio", rtb_render_jnum(t->ratio[i]), "ratio_lo", rtb_render_jnum(t->lo[i]), "ratio_hi", rtb_render_jnum(t->hi[i])));
		}
		json_array_append_new(a, json_pack("{s:I, s:o}", "threshold_ns", (json_int_t)t->thr_ns,
						   "systems", sys ? sys : json_array()));
	}
	return a ? a : json_null();
}

/* json_fits - compare --threshold-us: each system's tail fit side by side,
 * as `rtbench tail` gives it (the rtbench-tail schema's definitions/fit). */
static json_t *json_fits(const struct rtb_cmp *c, const struct rtb_cmp_metric *cm)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < c->nsys; i++)
		if (cm->has_fit[i])
			json_array_append_new(a, json_pack("{s:s, s:o*}", "label", c->labels[i], "fit",
							   rtb_render_tail_fit_json(&cm->fit[i])));
	return a ? a : json_null();
}

static int render_json(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_cmp *c = &h->cmp;
	json_t *root = json_object(), *sys = json_array(), *mets = json_array();
	size_t i, k;

	if (!root || !sys || !mets) {
		json_decref(root);
		json_decref(sys);
		json_decref(mets);
		return RTB_ENOMEM;
	}
	json_object_set_new(root, "schema", json_string("rtbench-compare"));
	json_object_set_new(root, "schema_version", json_integer(1));
	json_object_set_new(root, "test", json_string(rtb_cmp_test_name(c)));
	json_object_set_new(root, "alpha", json_real(c->alpha));
	for (i = 0; i < c->nsys; i++) {
		json_array_append_new(sys, json_pack("{s:s, s:s}", "label", c->labels[i],
						     "file", c->sys[i].path));
	}
	json_object_set_new(root, "systems", sys);
	json_object_set_new(root, "notes", jstrs(c->notes, c->nnotes));
	for (k = 0; k < c->nmetrics; k++) {
		const struct rtb_cmp_metric *cm = &c->metrics[k];
		json_t *jm, *cells = json_array();

		if (cm->nshown < 1 || !cells) {
			json_decref(cells);
			continue;
		}
		for (i = 0; i < c->nsys; i++) {
			const struct rtb_cmp_cell *ce = &cm->cell[i];
			json_t *jc = json_pack("{s:s, s:s}", "system", c->labels[i], "status",
					       ce->m ? ce->m->status : "absent");

			if (!jc)
				continue;
			json_object_set_new(jc, "baseline", json_boolean((int)i == cm->base));
			/* the benchmark's answer in this system's file */
			if (ce->m && ce->m->verdict)
				json_object_set_new(jc, "bench_verdict", json_pack("{s:s, s:s}", "value",
					ce->m->verdict, "reason", ce->m->verdict_reason));
			if (ce->usable) {
				json_object_set_new(jc, RTB_STAT_KEY(COUNT), json_integer((json_int_t)ce->m->count));
				json_object_set_new(jc, RTB_STAT_KEY(MEAN), rtb_render_jnum(ce->m->mean));
				json_object_set_new(jc, RTB_STAT_KEY(STDDEV), rtb_render_jnum(ce->m->stddev));
				json_object_set_new(jc, RTB_STAT_KEY(P50), json_integer(ce->m->pct[0]));
				json_object_set_new(jc, RTB_STAT_KEY(P99), json_integer(ce->m->pct[2]));
				json_object_set_new(jc, RTB_STAT_KEY(MAX), json_integer(ce->m->max));
			}
			if (ce->summary) {
				/* the file's own figures, no distribution */
				json_object_set_new(jc, "summary_only", json_true());
				json_object_set_new(jc, RTB_STAT_KEY(COUNT), json_integer((json_int_t)ce->m->count));
				json_object_set_new(jc, RTB_STAT_KEY(MEAN), rtb_render_jnum(ce->m->mean));
				json_object_set_new(jc, RTB_STAT_KEY(MAX), json_integer(ce->m->max));
				json_object_set_new(jc, "overflow", ce->m->has_hist ?
					json_integer((json_int_t)ce->m->overflow) : json_null());
			}
			/* what its times are; another kind than the baseline's:
			 * not compared (no d_*, no verdict) */
			json_object_set_new(jc, "figures", json_string(rtb_rf_kind_token(&c->sys[i])));
			if (ce->other_kind)
				json_object_set_new(jc, "not_compared", json_string("figures of another kind than the baseline's"));
			if (ce->has_diff) {
				json_object_set_new(jc, "d_mean", rtb_render_jnum(ce->d_mean));
				json_object_set_new(jc, "d_p99", rtb_render_jnum(ce->d_p99));
				json_object_set_new(jc, "d_max", rtb_render_jnum(ce->d_max));
			}
			if (ce->has_diff) {
				json_object_set_new(jc, "d_p50", rtb_render_jnum(ce->d_p50));
				json_object_set_new(jc, "d_p999", rtb_render_jnum(ce->d_p999));
				json_object_set_new(jc, "rounds", json_integer((json_int_t)ce->nr));
			}
			if (ce->has_vd) {
				json_object_set_new(jc, "verdict", json_pack(
					"{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:b, s:o}",
					"test", ce->exact ? "exact-deterministic" : "welch-log-round-medians",
					"kind", ce->vd.kind == RTB_VD_NOISE ? "noise" :
						rtb_vd_kind_phrase(ce->vd.kind),
					"shift_pct", rtb_render_jnum(ce->vd.shift_pct),
					"ci_lo_pct", rtb_render_jnum(ce->vd.ci_lo_pct),
					"ci_hi_pct", rtb_render_jnum(ce->vd.ci_hi_pct),
					"noise_pct", rtb_render_jnum(ce->vd.noise_pct),
					"t", rtb_render_jnum(ce->vd.t), "df", rtb_render_jnum(ce->vd.df), "p", rtb_render_jnum(ce->vd.p),
					"significant", ce->significant,
					"p99_shift_pct", ce->vd.has_p99 ? rtb_render_jnum(ce->vd.p99_shift_pct) :
						json_null()));
			}
			if (ce->has_diff) {
				json_t *tail = json_object();

				for (int t = 0; tail && t < RTB_CMP_NTAIL; t++) {
					const struct rtb_verdict *tv = &ce->tv[t];

					json_object_set_new(tail, rtb_cmp_tail_name((enum rtb_cmp_tail)t), !ce->has_tv[t] ?
						json_null() : json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}",
						"test", ce->exact ? "exact-deterministic" : "welch-log-round-values",
						"kind", tv->kind == RTB_VD_NOISE ? "noise" :
							rtb_vd_kind_phrase(tv->kind),
						"shift_pct", rtb_render_jnum(tv->shift_pct),
						"noise_pct", tv->noise_pct >= 0 ? rtb_render_jnum(tv->noise_pct) : json_null(),
						"p", rtb_render_jnum(tv->p), "rounds", json_integer((json_int_t)ce->nrt[t])));
				}
				if (tail && ce->has_dv)
					json_object_set_new(tail, "deadline_misses", json_pack(
						"{s:s, s:s, s:o, s:o, s:o}", "test", "welch-round-fractions",
						"kind", ce->dv.kind == RTB_VD_NOISE ? "noise" :
							rtb_vd_kind_phrase(ce->dv.kind),
						"shift_points", rtb_render_jnum(ce->dv.shift_pct),
						"noise_points", ce->dv.noise_pct >= 0 ? rtb_render_jnum(ce->dv.noise_pct) :
							json_null(),
						"p", rtb_render_jnum(ce->dv.p)));
				json_object_set_new(jc, "tail", tail ? tail : json_null());
			}
			if (ce->has_test) {
				json_object_set_new(jc, "superiority", json_pack(
					"{s:s, s:b, s:f, s:f, s:f}",
					"name", "mann-whitney-u effect size",
					"on_histogram", ce->dist.from_hist ||
						cm->cell[cm->base].dist.from_hist,
					"n1", ce->mwu.n1, "n2", ce->mwu.n2,
					"p_lower", ce->p_lower));
			}
			json_array_append_new(cells, jc);
		}
		jm = json_pack("{s:s, s:s, s:o, s:s, s:o, s:o, s:s}",
			       "id", cm->id, "title", cm->title,
			       "study_table", cm->study_table ? json_string(cm->study_table) : json_null(),
			       "unit", cm->unit, "systems", cells,
			       "notes", jstrs(cm->notes, cm->nnotes), "summary", cm->summary);
		if (jm && cm->nthr)
			json_object_set_new(jm, "thresholds", json_thresholds(c, cm));
		if (jm && cm->fit)
			json_object_set_new(jm, "fits", json_fits(c, cm));
		if (jm)
			json_array_append_new(mets, jm);
	}
	json_object_set_new(root, "metrics", mets);
	return rtb_render_json_put(b, root, 2);
}


const struct rtb_render rtb_render_json = { "json", NULL, render_json };
