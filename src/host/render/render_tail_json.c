/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tail`'s JSON ("schema":
 * "rtbench-tail", docs/json-schema.md, docs/rtbench-tail.schema.json):
 * only what tail.c computed. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/render/render.h"
#include "host/render/tail_view.h"

/* jend - an interval end: a number, or "unbounded" where the likelihood
 * does not close it. */
static json_t *jend(double v)
{
	return isinf(v) ? json_string(v > 0 ? "unbounded" : "-unbounded") : rtb_render_jnum(v);
}

static json_t *json_exc(const struct rtb_tail_exc *e)
{
	json_t *o = json_pack("{s:I, s:I, s:I, s:I, s:b, s:s}", "threshold_ns", (json_int_t)e->thr_ns,
			      "samples", (json_int_t)e->n, "count_lo", (json_int_t)e->k_lo,
			      "count_hi", (json_int_t)e->k_hi, "exact", e->exact, "how", e->how);
	if (!o)
		return NULL;
	json_object_set_new(o, "p_lo", rtb_render_jnum(e->p_lo));
	json_object_set_new(o, "p_hi", rtb_render_jnum(e->p_hi));
	json_object_set_new(o, "per_million", rtb_render_jnum(e->per_m));
	json_object_set_new(o, "per_million_lo", rtb_render_jnum(e->per_m_lo));
	json_object_set_new(o, "per_million_hi", rtb_render_jnum(e->per_m_hi));
	json_object_set_new(o, "hours", e->hours > 0 ? json_real(e->hours) : json_null());
	json_object_set_new(o, "per_hour", e->hours > 0 ? rtb_render_jnum(e->per_h) : json_null());
	json_object_set_new(o, "per_hour_lo", e->hours > 0 ? rtb_render_jnum(e->per_h_lo) : json_null());
	json_object_set_new(o, "per_hour_hi", e->hours > 0 ? rtb_render_jnum(e->per_h_hi) : json_null());
	json_object_set_new(o, "zero_p_hi", e->k_hi ? json_null() : rtb_render_jnum(e->zero_p_hi));
	json_object_set_new(o, "zero_mtbc_h", !e->k_hi && e->zero_mtbc_h > 0 ? rtb_render_jnum(e->zero_mtbc_h)
			    : json_null());
	return o;
}

static json_t *json_steady(const struct rtb_tail_steady *s)
{
	json_t *o = json_pack("{s:I, s:s}", "blocks", (json_int_t)s->nblocks, "blocks_are", s->blocks_are ?
			      s->blocks_are : "intervals");

	if (!o)
		return NULL;
	json_object_set_new(o, "block_s", s->block_s > 0 ? json_real(s->block_s) : json_null());
	json_object_set_new(o, "ljung_box", s->has_lb ? json_pack("{s:i, s:f, s:f}", "lags", s->lb_lags,
				"q", s->lb_q, "p", s->lb_p) : json_null());
	json_object_set_new(o, "mann_kendall", s->has_mk ? json_pack("{s:f, s:f}", "z", s->mk_z, "p",
				s->mk_p) : json_null());
	json_object_set_new(o, "occupancy", s->has_occ ? json_pack("{s:I, s:I, s:I, s:f, s:f}",
				"threshold_ns", (json_int_t)s->occ_thr_ns, "crossings", (json_int_t)s->occ_k,
				"hit", (json_int_t)s->occ_hit, "expected", s->occ_expect, "p", s->occ_p)
			    : json_null());
	json_object_set_new(o, "dispersion", s->has_disp ? json_pack("{s:f, s:f, s:I}", "chi2", s->disp_chi2,
				"p", s->disp_p, "threshold_ns", (json_int_t)s->disp_thr_ns) : json_null());
	json_object_set_new(o, "scan", s->has_scan ? json_pack("{s:I, s:I, s:f, s:f}", "worst",
				(json_int_t)s->scan_n, "k", (json_int_t)s->scan_k, "width", s->scan_w,
				"p", s->scan_p) : json_null());
	json_object_set_new(o, "rate_spread", s->has_spread ? json_pack("{s:f, s:f, s:f, s:f, s:f, s:f, s:f}",
				"quantile", 1 - s->spread_pq, "tau", s->spread_tau, "sampling",
				s->spread_sampling, "rho", s->spread_rho, "effective_intervals", s->spread_beff,
				"chi2", s->spread_chi2, "p", s->spread_p) : json_null());
	if (s->has_spread) {
		json_t *rs = json_object_get(o, "rate_spread");
		json_object_set_new(rs, "threshold_ns", s->spread_thr_ns > 0 ?
				    json_integer((json_int_t)s->spread_thr_ns) : json_null());
		json_object_set_new(rs, "vt_slope", s->has_vt ? json_real(s->spread_slope) : json_null());
		json_object_set_new(rs, "vt_v1", s->has_vt ? json_real(s->spread_v1) : json_null());
		json_object_set_new(rs, "halves", s->has_halves ? json_real(sqrt(s->spread_halves2)) : json_null());
	}
	json_object_set_new(o, "steady", json_boolean(!s->failed[0] && s->has_lb && s->has_mk && s->has_occ));
	json_object_set_new(o, "failed", s->failed[0] ? json_string(s->failed) : json_null());
	json_object_set_new(o, "burst", s->burst[0] ? json_string(s->burst) : json_null());
	return o;
}

json_t *rtb_render_tail_fit_json(const struct rtb_tail_fit *f)
{
	json_t *o, *rl;

	if (!f->done)
		return json_pack("{s:b, s:s}", "estimated", 0, "why", f->why);
	o = json_pack("{s:b, s:s, s:s, s:I, s:I, s:I}", "estimated", 1, "model", "generalized Pareto",
		      "shape_says", f->shape, "threshold_ns", (json_int_t)f->u_ns,
		      "exceedances", (json_int_t)f->n_u, "samples", (json_int_t)f->n);
	if (o)
		json_object_set_new(o, "thresholds_tried", json_integer(f->tries));
	rl = json_array();
	if (!o || !rl) {
		json_decref(o);
		json_decref(rl);
		return NULL;
	}
	json_object_set_new(o, "shape", rtb_render_jnum(f->g.xi));
	json_object_set_new(o, "shape_lo", jend(f->g.xi_lo));
	json_object_set_new(o, "shape_hi", jend(f->g.xi_hi));
	json_object_set_new(o, "scale_ns", rtb_render_jnum(f->g.sigma));
	json_object_set_new(o, "scale_lo_ns", jend(f->g.sigma_lo));
	json_object_set_new(o, "scale_hi_ns", jend(f->g.sigma_hi));
	json_object_set_new(o, "endpoint_ns", rtb_render_jnum(f->endpoint_ns));
	json_object_set_new(o, "gof", json_pack("{s:s, s:f, s:i, s:f}", "test", "chi-square",
						 "chi2", f->gof_chi2, "df", f->gof_df, "p", f->gof_p));
	for (int i = 0; i < RTB_TAIL_NRL; i++) {
		json_t *x;
		if (!f->rl_has[i])
			continue;
		x = json_pack("{s:f}", "p", f->rl_p[i]);
		json_object_set_new(x, "ns", rtb_render_jnum(f->rl_ns[i]));
		json_object_set_new(x, "lo_ns", jend(f->rl_lo_ns[i]));
		json_object_set_new(x, "hi_ns", jend(f->rl_hi_ns[i]));
		json_array_append_new(rl, x);
	}
	json_object_set_new(o, "return_levels", rl);
	return o;
}

static json_t *json_plan(const struct rtb_tail *t)
{
	const struct rtb_tail_plan *p = &t->plan;
	json_t *o = json_object(), *ex;

	if (!o)
		return NULL;
	if (p->has_target) {
		json_t *tg = json_pack("{s:f, s:f, s:o, s:o, s:i, s:f}", "p", p->target_p, "per_cpu_hour",
				       p->target_per_h, "samples", rtb_render_jnum(p->zero_n), "hours", rtb_render_jnum(p->zero_h),
				       "cpus", p->cpus, "period_ns", p->period_ns), *nm = json_array();
		for (size_t i = 0; tg && nm && i < t->nexc; i++)
			if (p->not_met[i])
				json_array_append_new(nm, json_pack("{s:I, s:o, s:o}", "threshold_ns",
						      (json_int_t)t->exc[i].thr_ns, "times", rtb_render_jnum(p->by[i]),
						      "times_lo", rtb_render_jnum(p->by_lo[i])));
		/* the thresholds whose rate already refutes the target */
		json_object_set_new(tg, "not_met", nm);
		json_object_set_new(o, "target", tg);
	}
	if (p->has_run) {
		json_t *r = json_pack("{s:f, s:f, s:i}", "hours", p->run_h, "samples", p->run_n,
				      "cpus", p->cpus);
		ex = json_array();
		for (size_t i = 0; r && ex && i < t->nexc; i++)
		{
			json_t *c = json_pack("{s:I, s:f, s:f, s:f}", "threshold_ns",
					      (json_int_t)t->exc[i].thr_ns, "expected", p->exp_k[i],
					      "lo", p->exp_k_lo[i], "hi", p->exp_k_hi[i]);
			int has = p->has_fit_k && isfinite(p->fit_k[i]);
			json_object_set_new(c, "pred_lo", rtb_render_jnum(p->pred_k_lo[i]));
			json_object_set_new(c, "pred_hi", rtb_render_jnum(p->pred_k_hi[i]));
			json_object_set_new(c, "pred_why", p->pred_why[i][0] ? json_string(p->pred_why[i]) :
					    json_null());
			json_object_set_new(c, "pred_spread", rtb_render_jnum(p->pred_spread));
			json_object_set_new(c, "fit_expected", has ? json_real(p->fit_k[i]) : json_null());
			json_object_set_new(c, "fit_lo", has ? json_real(p->fit_k_lo[i]) : json_null());
			json_object_set_new(c, "fit_hi", has ? json_real(p->fit_k_hi[i]) : json_null());
			json_array_append_new(ex, c);
		}
		json_object_set_new(r, "crossings", ex);
		json_object_set_new(r, "max", p->has_max ? json_pack("{s:f, s:f, s:f, s:f, s:f}", "median_ns",
				    p->max_med_ns, "lo_ns", p->max_lo_ns, "hi_ns", p->max_hi_ns,
				    "plug_lo_ns", p->max_plug_lo_ns, "plug_hi_ns", p->max_plug_hi_ns) :
				    json_null());
		/* the maximum from the blocks' maxima (order statistics) */
		if (p->has_free) {
			json_t *fr = json_pack("{s:b, s:I, s:f, s:f}", "given", 1, "blocks", (json_int_t)p->free_m,
					       "next_blocks", p->free_blocks, "beyond_max", p->free_beyond);
			json_object_set_new(fr, "lo_ns", rtb_render_jnum(p->free_lo_ns));
			json_object_set_new(fr, "below_lo", rtb_render_jnum(p->free_below));
			json_object_set_new(fr, "median_ns", rtb_render_jnum(p->free_med_ns));
			json_object_set_new(fr, "hi_ns", rtb_render_jnum(p->free_hi_ns));
			json_object_set_new(fr, "why", json_null());
			json_object_set_new(r, "max_free", fr);
		} else if (p->free_why[0])
			json_object_set_new(r, "max_free", json_pack("{s:b, s:s}", "given", 0, "why", p->free_why));
		else
			json_object_set_new(r, "max_free", json_null());
		json_object_set_new(r, "max_method", json_string(p->has_max ? "fit" : p->has_free ?
					"order statistics" : "none"));
		json_object_set_new(r, "covers", json_string(p->covers));
		json_object_set_new(o, "run", r);
	}
	return o;
}

static int render_json(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_tail_run *r = h->priv;
	json_t *root = json_pack("{s:s, s:i, s:f}", "schema", "rtbench-tail", "schema_version", 1,
				 "confidence", 0.95), *files = json_array();

	if (!root || !files) {
		json_decref(root);
		json_decref(files);
		return RTB_ENOMEM;
	}
	json_object_set_new(root, "test_alpha", json_real(RTB_TAIL_ALPHA));
	for (size_t i = 0; i < r->nf; i++) {
		const struct rtb_tail_file *f = &r->f[i];
		json_t *jf = json_pack("{s:s, s:s}", "file", f->r->path, "label", f->r->label),
		       *mets = json_array();
		for (size_t k = 0; jf && mets && k < f->nt; k++) {
			const struct rtb_tail *t = &f->t[k];
			json_t *jm = json_pack("{s:s, s:I, s:I}", "id", t->m->id, "count",
					       (json_int_t)t->m->count, "max_ns", (json_int_t)t->m->max), *ex = json_array();
			json_object_set_new(jm, "period_ns", t->period_ns > 0 ? json_real(t->period_ns) : json_null());
			json_object_set_new(jm, "hours", t->hours > 0 ? json_real(t->hours) : json_null());
			json_object_set_new(jm, "hours_from", json_string(t->hours_from_period ? "count x period" :
					    t->hours > 0 ? "elapsed" : "unknown"));
			for (size_t e = 0; ex && e < t->nexc; e++)
				json_array_append_new(ex, json_exc(&t->exc[e]));
			json_object_set_new(jm, "exceedances", ex);
			json_object_set_new(jm, "steadiness", json_steady(&t->st));
			json_object_set_new(jm, "fit", rtb_render_tail_fit_json(&t->fit));
			json_object_set_new(jm, "plan", json_plan(t));
			json_array_append_new(mets, jm);
		}
		json_object_set_new(jf, "metrics", mets);
		json_array_append_new(files, jf);
	}
	json_object_set_new(root, "files", files);
	json_t *cmp = json_array();
	for (size_t k = 0; cmp && r->nf > 1 && k < r->f[0].nt; k++) {
		const struct rtb_tail *ta = &r->f[0].t[k];
		for (size_t i = 1; i < r->nf; i++) {
			const struct rtb_tail *tb = rtb_render_tail_find(&r->f[i], ta->m->id);
			for (size_t e = 0; tb && e < ta->nexc && e < tb->nexc; e++) {
				double q, lo, hi;
				if (ta->exc[e].thr_ns != tb->exc[e].thr_ns)
					continue;
				rtb_tail_exc_ratio(&ta->exc[e], &tb->exc[e], &q, &lo, &hi);
				json_t *c = json_pack("{s:s, s:s, s:s, s:I}", "id", ta->m->id, "baseline",
						      r->f[0].r->label, "label", r->f[i].r->label,
						      "threshold_ns", (json_int_t)ta->exc[e].thr_ns);
				json_object_set_new(c, "ratio", jend(q));
				json_object_set_new(c, "ratio_lo", jend(lo));
				json_object_set_new(c, "ratio_hi", jend(hi));
				json_array_append_new(cmp, c);
			}
		}
	}
	json_t *spa = json_array();
	for (size_t k = 0; spa && r->nf > 1 && k < r->f[0].nt; k++) {
		const struct rtb_tail *ta = &r->f[0].t[k];
		for (size_t e = 0; e < ta->nexc; e++) {
			double sp;
			size_t m = rtb_render_tail_spread(r, ta, e, &sp);
			json_array_append_new(spa, json_pack("{s:s, s:I, s:I, s:o}", "id", ta->m->id,
							     "threshold_ns", (json_int_t)ta->exc[e].thr_ns,
							     "runs", (json_int_t)m, "run_spread",
							     m ? json_real(sp) : json_null()));
		}
	}
	json_object_set_new(root, "comparison", cmp);
	json_object_set_new(root, "run_spread", spa);
	return rtb_render_json_put(b, root, 1);
}

const struct rtb_render rtb_render_tail_json = { "json", NULL, render_json };
