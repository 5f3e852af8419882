/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tail`'s text (its JSON: render_tail_json.c):
 * only what tail.c computed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/read/resultfile.h"
#include "host/render/render.h"
#include "host/render/tail_view.h"

/* ---- text ---- */

/* sig - a rate with 3 significant digits, plain for everyday sizes. */
static const char *sig(char *buf, size_t len, double v)
{
	if (v == 0)
		snprintf(buf, len, "0");
	else if (fabs(v) >= 1e-3 && fabs(v) < 1e7)
		snprintf(buf, len, "%.3g", v);
	else
		snprintf(buf, len, "%.2e", v);
	return buf;
}

static void text_exc(struct rtb_sb *b, const struct rtb_tail_exc *e)
{
	char t[32], a[32], c[32], d[32], x[32], y[32];

	rtb_tail_fmt_ns(t, sizeof(t), (double)e->thr_ns);
	if (e->k_hi == 0) {
		rtb_sb_printf(b, "  over %s: none in %llu samples (%s): fewer than %s per million "
			      "(95%%, one-sided, 1 in %s)", t, (unsigned long long)e->n, e->how,
			      sig(a, sizeof(a), 1e6 * e->zero_p_hi), sig(c, sizeof(c), 1 / e->zero_p_hi));
		if (e->zero_mtbc_h > 0)
			rtb_sb_printf(b, "; mean time between crossings at least %s h",
				      sig(d, sizeof(d), e->zero_mtbc_h));
		rtb_sb_puts(b, "\n");
		return;
	}
	if (e->exact)
		rtb_sb_printf(b, "  over %s: %llu of %llu samples (%s)", t, (unsigned long long)e->k_lo,
			      (unsigned long long)e->n, e->how);
	else
		rtb_sb_printf(b, "  over %s: between %llu (over %s) and %llu (over %s) of %llu samples "
			      "(%s)", t, (unsigned long long)e->k_lo,
			      rtb_tail_fmt_ns(x, sizeof(x), (double)e->edge_hi_ns - 1), (unsigned long long)e->k_hi,
			      rtb_tail_fmt_ns(y, sizeof(y), (double)e->edge_lo_ns - 1), (unsigned long long)e->n, e->how);
	rtb_sb_printf(b, "\n      %s per million [%s, %s]", sig(a, sizeof(a), e->per_m),
		      sig(c, sizeof(c), e->per_m_lo), sig(d, sizeof(d), e->per_m_hi));
	if (e->hours > 0)
		rtb_sb_printf(b, ", %s per CPU-hour [%s, %s]", sig(a, sizeof(a), e->per_h),
			      sig(c, sizeof(c), e->per_h_lo), sig(d, sizeof(d), e->per_h_hi));
	rtb_sb_puts(b, " (exact 95% intervals)\n");
}

static void text_steady(struct rtb_sb *b, const struct rtb_tail_steady *s)
{
	char t[32];

	if (!s->nblocks) {
		rtb_sb_puts(b, "  steady? not testable: the file has no interval series\n");
		return;
	}
	if (s->nblocks < 8) {
		rtb_sb_printf(b, "  steady? not testable: %zu %s (8 needed)\n", s->nblocks, s->blocks_are);
		return;
	}
	rtb_sb_printf(b, "  steady? %zu %s", s->nblocks, s->blocks_are);
	if (s->block_s > 0)
		rtb_sb_printf(b, " of %.3g s", s->block_s);
	rtb_sb_puts(b, ":");
	if (s->has_lb)
		rtb_sb_printf(b, " independence (Ljung-Box, %d lags) p = %.2g;", s->lb_lags, s->lb_p);
	if (s->has_mk)
		rtb_sb_printf(b, " trend in maxima (Mann-Kendall) z = %+.2f p = %.2g;", s->mk_z, s->mk_p);
	if (s->has_occ)
		rtb_sb_printf(b, "\n          crossings of %s: %llu, in %zu of %zu %s (%.1f expected if steady) "
			      "p = %.2g", rtb_tail_fmt_ns(t, sizeof(t), (double)s->occ_thr_ns),
			      (unsigned long long)s->occ_k, s->occ_hit, s->nblocks, s->blocks_are,
			      s->occ_expect, s->occ_p);
	if (s->has_disp && s->disp_thr_ns != s->occ_thr_ns)
		rtb_sb_printf(b, ";\n          the %s' counts over %s (counted in the loop): dispersion "
			      "chi2 = %.1f p = %.2g", s->blocks_are, rtb_tail_fmt_ns(t, sizeof(t), (double)s->disp_thr_ns),
			      s->disp_chi2, s->disp_p);
	else if (s->has_disp)
		rtb_sb_printf(b, "; dispersion chi2 = %.1f p = %.2g", s->disp_chi2, s->disp_p);
	if (s->has_scan)
		rtb_sb_printf(b, ";\n          %zu of the %zu worst samples within %.1f%% of the run p = %.2g",
			      s->scan_k, s->scan_n, 100 * s->scan_w, s->scan_p);
	char over[64];
	if (s->spread_thr_ns > 0)
		snprintf(over, sizeof(over), "over %s (counted in the loop)",
			 rtb_tail_fmt_ns(t, sizeof(t), (double)s->spread_thr_ns));
	else
		snprintf(over, sizeof(over), "over each interval's %s", s->spread_pq < 0.005 ? "p99.9" : "p99");
	if (s->has_spread && s->spread_tau > 0)
		rtb_sb_printf(b, ";\n          the rate %s varies by %.0f%% between "
			      "intervals beyond sampling's %.0f%% (chi2 = %.1f p = %.2g; worth %.1f independent "
			      "intervals): predictions widened by it", over,
			      100 * s->spread_tau, 100 * s->spread_sampling, s->spread_chi2, s->spread_p,
			      s->spread_beff);
	else if (s->has_spread)
		rtb_sb_printf(b, ";\n          the rate %s varies no more than "
			      "sampling's %.0f%% (chi2 = %.1f p = %.2g)", over,
			      100 * s->spread_sampling, s->spread_chi2, s->spread_p);
	if (s->has_vt || s->has_halves) {
		rtb_sb_puts(b, ";\n          at the run's scale:");
		if (s->has_vt)
			rtb_sb_printf(b, " variance-time slope %.2f (-1: the intervals independent)%s", s->spread_slope,
				      s->has_halves ? ";" : "");
		if (s->has_halves)
			rtb_sb_printf(b, " the halves' rates differ by %.0f%% beyond sampling",
				      100 * sqrt(s->spread_halves2));
		rtb_sb_puts(b, " (predictions: at least the halves' change)");
	}
	rtb_sb_puts(b, "\n");
	if (s->failed[0])
		rtb_sb_printf(b, "  NOT STEADY: %s\n", s->failed);
	if (s->burst[0])
		rtb_sb_printf(b, "  burst: %s\n", s->burst);
}

static void text_fit(struct rtb_sb *b, const struct rtb_tail_fit *f)
{
	char u[32], a[32], c[32], d[32];

	if (!f->done) {
		rtb_sb_printf(b, "  extreme-value fit: %s\n", f->why);
		return;
	}
	rtb_sb_printf(b, "  extreme-value fit: generalized Pareto over %s (%llu samples, %s of all), "
		      "maximum likelihood", rtb_tail_fmt_ns(u, sizeof(u), (double)f->u_ns),
		      (unsigned long long)f->n_u, sig(a, sizeof(a), f->zeta));
	if (f->tries > 1)
		rtb_sb_printf(b, "; the lowest of %d thresholds whose fit passed", f->tries);
	rtb_sb_puts(b, "\n");
	rtb_sb_printf(b, "      shape %.3f [%.3f, %.3f]: %s", f->g.xi, f->g.xi_lo, f->g.xi_hi, f->shape);
	if (isfinite(f->endpoint_ns))
		rtb_sb_printf(b, ", upper end about %s", rtb_tail_fmt_ns(a, sizeof(a), f->endpoint_ns));
	rtb_sb_printf(b, "; scale %s [%s, %s]; fit chi2 = %.1f, %d df, p = %.2g\n",
		      rtb_tail_fmt_ns(a, sizeof(a), f->g.sigma), rtb_tail_fmt_ns(c, sizeof(c), f->g.sigma_lo),
		      rtb_tail_fmt_ns(d, sizeof(d), f->g.sigma_hi), f->gof_chi2, f->gof_df, f->gof_p);
	for (int i = 0; i < RTB_TAIL_NRL; i++) {
		if (!f->rl_has[i])
			continue;
		rtb_sb_printf(b, "      exceeded with probability %.0e per sample: %s [%s, %s]\n", f->rl_p[i],
			      rtb_tail_fmt_ns(a, sizeof(a), f->rl_ns[i]), rtb_tail_fmt_ns(c, sizeof(c), f->rl_lo_ns[i]),
			      rtb_tail_fmt_ns(d, sizeof(d), f->rl_hi_ns[i]));
	}
}

/* text_target - "how long": the run with no crossing that shows a rate
 * below the target, or, where this run's rate is already above it, that
 * the target is not met, by how much, with the rate and its interval. */
static void text_target(struct rtb_sb *b, const struct rtb_tail *t)
{
	const struct rtb_tail_plan *p = &t->plan;
	char a[32], c[32], d[32], e[32], f[32], g[32];
	int any = 0;

	for (size_t i = 0; i < t->nexc; i++) {
		const struct rtb_tail_exc *x = &t->exc[i];

		if (!p->not_met[i])
			continue;
		any = 1;
		rtb_sb_printf(b, "  target not met over %s: a rate below %s per CPU-hour (%s per sample) is "
			      "refuted by this run: ", rtb_tail_fmt_ns(a, sizeof(a), (double)x->thr_ns),
			      sig(c, sizeof(c), p->target_per_h), sig(d, sizeof(d), p->target_p));
		if (x->hours > 0)
			rtb_sb_printf(b, "%s per CPU-hour [%s, %s]", sig(e, sizeof(e), x->per_h),
				      sig(f, sizeof(f), x->per_h_lo), sig(g, sizeof(g), x->per_h_hi));
		else
			rtb_sb_printf(b, "%s per sample [%s, %s]", sig(e, sizeof(e), x->per_m / 1e6),
				      sig(f, sizeof(f), x->p_lo), sig(g, sizeof(g), x->p_hi));
		if (isfinite(p->by[i]))
			rtb_sb_printf(b, " (95%%), %s times the target (at least %s times); no run length "
				      "shows it\n", sig(a, sizeof(a), p->by[i]), sig(c, sizeof(c), p->by_lo[i]));
		else
			rtb_sb_puts(b, " (95%), above a target of 0 per sample; no run length shows it\n");
	}
	if (any && t->nexc == 1)
		return;
	rtb_sb_printf(b, "  how long%s: a rate below %s per sample (%s per CPU-hour) is shown at 95%% by ",
		      any ? " (thresholds not refuted)" : "", sig(a, sizeof(a), p->target_p),
		      sig(c, sizeof(c), p->target_per_h));
	if (isfinite(p->zero_n))
		rtb_sb_printf(b, "%s samples with no crossing: ", sig(d, sizeof(d), p->zero_n));
	else
		rtb_sb_puts(b, "no crossing in ");
	rtb_sb_printf(b, "%s h at %.0f us on %d CPU%s", sig(e, sizeof(e), p->zero_h),
		      p->period_ns / 1e3, p->cpus, p->cpus == 1 ? "" : "s");
	/* a century is longer than any run: say so rather than plan it */
	if (p->zero_h > 24 * 365.25 * 100)
		rtb_sb_printf(b, " (%s years: no run can show it)", sig(f, sizeof(f), p->zero_h / (24 * 365.25)));
	rtb_sb_puts(b, "\n");
}

static void text_plan(struct rtb_sb *b, const struct rtb_tail *t)
{
	const struct rtb_tail_plan *p = &t->plan;
	char a[32], c[32], d[32], e[32], f[32], g[32];

	if (p->has_target)
		text_target(b, t);
	if (!p->has_run)
		return;
	rtb_sb_printf(b, "  a run of %s h on %d CPU%s (%s samples):", sig(a, sizeof(a), p->run_h), p->cpus,
		      p->cpus == 1 ? "" : "s", sig(c, sizeof(c), p->run_n));
	for (size_t i = 0; i < t->nexc; i++) {
		rtb_sb_printf(b, "\n      over %s: %s crossings expected [%s, %s] (this run's rate), ",
			      rtb_tail_fmt_ns(a, sizeof(a), (double)t->exc[i].thr_ns), sig(c, sizeof(c), p->exp_k[i]),
			      sig(d, sizeof(d), p->exp_k_lo[i]), sig(e, sizeof(e), p->exp_k_hi[i]));
		if (isfinite(p->pred_k_hi[i]))
			rtb_sb_printf(b, "90%% between %s and %s", sig(f, sizeof(f), p->pred_k_lo[i]),
				      sig(g, sizeof(g), p->pred_k_hi[i]));
		else
			rtb_sb_printf(b, "count %s", p->pred_why[i]);
	}
	for (size_t i = 0; p->has_fit_k && i < t->nexc; i++)
		if (isfinite(p->fit_k[i]))
			rtb_sb_printf(b, "\n      over %s: %s crossings expected from the fit, 90%% between %s and %s",
				      rtb_tail_fmt_ns(a, sizeof(a), (double)t->exc[i].thr_ns), sig(c, sizeof(c), p->fit_k[i]),
				      sig(d, sizeof(d), p->fit_k_lo[i]), sig(e, sizeof(e), p->fit_k_hi[i]));
	if (p->has_max)
		rtb_sb_printf(b, "\n      its maximum: median %s, 90%% between %s and %s (from the fit, "
			      "its uncertainty included; %s to %s from its parameters alone)",
			      rtb_tail_fmt_ns(a, sizeof(a), p->max_med_ns), rtb_tail_fmt_ns(c, sizeof(c), p->max_lo_ns),
			      rtb_tail_fmt_ns(d, sizeof(d), p->max_hi_ns), rtb_tail_fmt_ns(e, sizeof(e), p->max_plug_lo_ns),
			      rtb_tail_fmt_ns(f, sizeof(f), p->max_plug_hi_ns));
	else
		/* said plainly: without a fit nothing bounds the run's
		 * maximum from above but the order statistics, and those only
		 * for a run at most 1/19 as long as this one */
		rtb_sb_printf(b, "\n      its maximum from a fit: not estimated (no fit: no upper end "
			      "but the order statistics', if they give one)");
	/* whatever the law, from this run's blocks' maxima */
	if (p->has_free) {
		rtb_sb_printf(b, "\n      its maximum whatever the tail's law (order statistics of this run's %zu "
			      "%s' maxima, if the next run's are exchangeable with them; %s of them): ", p->free_m,
			      t->st.blocks_are, sig(a, sizeof(a), p->free_blocks));
		if (isfinite(p->free_hi_ns))
			rtb_sb_printf(b, "90%% between %s and %s", isfinite(p->free_lo_ns) ?
				      rtb_tail_fmt_ns(c, sizeof(c), p->free_lo_ns) : "0", rtb_tail_fmt_ns(d, sizeof(d), p->free_hi_ns));
		else if (isfinite(p->free_lo_ns))
			rtb_sb_printf(b, "at least %s (90%%), no upper end: it passes this run's maximum %s "
				      "with probability %.0f%%", rtb_tail_fmt_ns(c, sizeof(c), p->free_lo_ns),
				      rtb_tail_fmt_ns(d, sizeof(d), (double)t->m->max), 100 * p->free_beyond);
		else
			rtb_sb_printf(b, "no interval: the run is too long for %zu maxima", p->free_m);
		if (!p->has_max)
			rtb_sb_puts(b, " - the prediction given, no fit made");
	} else if (p->free_why[0])
		rtb_sb_printf(b, "\n      its maximum whatever the tail's law: %s", p->free_why);
	rtb_sb_printf(b, "\n      (%s)\n", p->covers);
}

/* text_compare - each later file against the first: the rates' ratio
 * with its interval, the fits side by side. */
static void text_compare(struct rtb_sb *b, const struct rtb_tail_run *r)
{
	char x[32], y[32], z[32], w[32];

	rtb_sb_printf(b, "\nagainst %s (exact 95%% intervals of the ratio of rates):\n", r->f[0].r->label);
	for (size_t k = 0; k < r->f[0].nt; k++) {
		const struct rtb_tail *ta = &r->f[0].t[k];
		for (size_t i = 1; i < r->nf; i++) {
			const struct rtb_tail *tb = rtb_render_tail_find(&r->f[i], ta->m->id);
			if (!tb)
				continue;
			for (size_t e = 0; e < ta->nexc && e < tb->nexc; e++) {
				double q, lo, hi;
				const struct rtb_tail_exc *ea = &ta->exc[e], *eb = &tb->exc[e];
				if (ea->thr_ns != eb->thr_ns)
					continue;
				rtb_tail_exc_ratio(ea, eb, &q, &lo, &hi);
				if (!isfinite(q) && !(ea->k_hi + eb->k_hi)) {
					rtb_sb_printf(b, "  %s: %s: neither crosses %s\n", ta->m->id, r->f[i].r->label,
						      rtb_tail_fmt_ns(x, sizeof(x), (double)ea->thr_ns));
					continue;
				}
				rtb_sb_printf(b, "  %s: %s crosses %s %sx as often as %s [%s, %s]\n", ta->m->id,
					      r->f[i].r->label, rtb_tail_fmt_ns(x, sizeof(x), (double)ea->thr_ns),
					      sig(y, sizeof(y), q), r->f[0].r->label, sig(z, sizeof(z), lo),
					      isinf(hi) ? "unbounded" : sig(w, sizeof(w), hi));
			}
			const struct rtb_tail *side[2] = { ta, tb };
			for (int j = 0; j < 2; j++) {
				char line[400];
				rtb_tail_fit_line(line, sizeof(line), &side[j]->fit);
				rtb_sb_printf(b, "      fit, %s: %s\n", r->f[j ? i : 0].r->label, line);
			}
		}
		for (size_t e = 0; r->nf > 1 && e < ta->nexc; e++) {
			double sp;
			size_t m = rtb_render_tail_spread(r, ta, e, &sp);
			if (m)
				rtb_sb_printf(b, "  %s: between these %zu runs the rate over %s varies by %.0f%% "
					      "beyond sampling (log sd; --run-spread %.2f adds it to a plan)\n",
					      ta->m->id, m, rtb_tail_fmt_ns(x, sizeof(x), (double)ta->exc[e].thr_ns), 100 * sp, sp);
			else if (sp < 0)
				rtb_sb_printf(b, "  %s: the rate's spread between the runs over %s: not estimated "
					      "(a run without crossings)\n",
					      ta->m->id, rtb_tail_fmt_ns(x, sizeof(x), (double)ta->exc[e].thr_ns));
		}
	}
}

static int render_text(struct rtb_sb *b, const struct rtb_host *h)
{
	const struct rtb_tail_run *r = h->priv;

	for (size_t i = 0; i < r->nf; i++) {
		const struct rtb_tail_file *f = &r->f[i];
		for (size_t k = 0; k < f->nt; k++) {
			const struct rtb_tail *t = &f->t[k];
			char a[32];
			rtb_sb_printf(b, "%s: %s: %llu samples, max %s", f->r->label, t->m->id,
				      (unsigned long long)t->m->count, rtb_tail_fmt_ns(a, sizeof(a), (double)t->m->max));
			if (t->hours > 0)
				rtb_sb_printf(b, ", %s CPU-h %s%s", sig(a, sizeof(a), t->hours),
					      t->hours_from_period ? "(count x period)" : "measured",
					      t->ncpus > 1 && !t->hours_from_period ? " (time x CPUs)" : "");
			if (t->period_ns > 0)
				rtb_sb_printf(b, ", period %.0f us", t->period_ns / 1e3);
			rtb_sb_puts(b, "\n");
			for (size_t e = 0; e < t->nexc; e++)
				text_exc(b, &t->exc[e]);
			text_steady(b, &t->st);
			text_fit(b, &t->fit);
			text_plan(b, t);
		}
	}
	if (r->nf > 1)
		text_compare(b, r);
	return 0;
}

const struct rtb_render rtb_render_tail_text = { "text", "txt", render_text };
