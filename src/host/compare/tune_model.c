/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tune`'s model (tune_model.h): the rounds of each
 * knob and compare's verdicts on them. The unit of replication is the
 * round (one whole child run), as compare's: the samples of one run share
 * its placement and host state, so only rounds carry run-to-run noise. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/compare/tune_model.h"
#include "rtbench/err.h"

const char *const rtb_tune_stat_name[RTB_TUS_N] = { "p50", "p99", "p99.9", "max", "over" };

const char *rtb_tune_kind_phrase(enum rtb_tune_kind k)
{
	switch (k) {
	case RTB_TUK_HELPS: return "helps (some figure lower beyond run-to-run noise, none higher)";
	case RTB_TUK_HURTS: return "hurts (some figure higher beyond run-to-run noise, none lower)";
	case RTB_TUK_MIXED: return "mixed (some figures lower, some higher)";
	case RTB_TUK_NOISE: return "no effect beyond run-to-run noise";
	case RTB_TUK_UNTESTED: return "untested (fewer than 2 rounds a side)";
	default: return "not applicable";
	}
}

const char *rtb_tune_kind_key(enum rtb_tune_kind k)
{
	static const char *const key[] = { "not_applicable", "helps", "hurts", "mixed", "no_effect", "untested" };
	return (unsigned)k < sizeof(key) / sizeof(key[0]) ? key[k] : "?";
}

/* series - knob k's series for metric id, added if new; NULL when full. */
static struct rtb_tune_series *series(struct rtb_tune_knob *k, const char *id)
{
	for (int i = 0; i < k->ns; i++)
		if (!strcmp(k->s[i].id, id))
			return &k->s[i];
	if (!k->s && !(k->s = calloc(RTB_TUNE_MAX_METRICS, sizeof(*k->s))))
		return NULL;
	if (k->ns >= RTB_TUNE_MAX_METRICS) {
		k->dropped_metrics++;
		return NULL;
	}
	struct rtb_tune_series *s = &k->s[k->ns++];
	memset(s, 0, sizeof(*s));
	snprintf(s->id, sizeof(s->id), "%s", id);
	return s;
}

int rtb_tune_round(struct rtb_tune_knob *k, int b, const struct rtb_rf *rf)
{
	b = !!b;
	for (size_t i = 0; i < rf->nmetrics; i++) {
		const struct rtb_rf_metric *m = &rf->metrics[i];
		if (!m->has_stats || m->summary_only || !m->count)
			continue;
		struct rtb_tune_series *s = series(k, m->id);
		if (!s) {
			if (!k->s)
				return RTB_ENOMEM;
			continue;
		}
		if (s->n[b] >= RTB_TUNE_MAX_ROUNDS)
			return RTB_ERANGE;
		size_t r = s->n[b]++;
		s->v[b][RTB_TUS_P50][r] = (double)m->pct[RTB_STAT_P50 - RTB_STAT_P50];
		s->v[b][RTB_TUS_P99][r] = (double)m->pct[RTB_STAT_P99 - RTB_STAT_P50];
		s->v[b][RTB_TUS_P999][r] = m->has_pct[RTB_STAT_P99_9 - RTB_STAT_P50] ?
			(double)m->pct[RTB_STAT_P99_9 - RTB_STAT_P50] : NAN;
		s->v[b][RTB_TUS_MAX][r] = (double)m->max;
		s->v[b][RTB_TUS_OVER][r] = (double)m->over_deadline / (double)m->count;
		if (m->pct_resolution_pct > s->res_pct)
			s->res_pct = m->pct_resolution_pct;
	}
	return 0;
}

/* usable - every value finite, and > 0 unless zero_ok. */
static int usable(const double *v, size_t n, int zero_ok)
{
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]) || v[i] < 0 || (!zero_ok && v[i] == 0))
			return 0;
	return n >= 2;
}

/* centre - the geometric mean (logs) or the mean. */
static double centre(const double *v, size_t n, int logs)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += logs ? log(v[i]) : v[i];
	return logs ? exp(s / (double)n) : s / (double)n;
}

/* effect - one figure's verdict and its shift in the figure's unit. */
static void effect(struct rtb_tune_series *s, int st, double alpha)
{
	struct rtb_tune_effect *e = &s->e[st];
	const double *a = s->v[0][st], *b = s->v[1][st];
	size_t na = s->n[0], nb = s->n[1];
	int over = st == RTB_TUS_OVER, rc;

	memset(e, 0, sizeof(*e));
	if (!usable(a, na, over) || !usable(b, nb, over))
		return;
	if (over)
		rc = rtb_verdict_count(a, na, b, nb, alpha, &e->vd);
	else if (st == RTB_TUS_P50)
		rc = rtb_verdict_stat(a, na, b, nb, alpha, &e->vd);
	else
		rc = rtb_verdict_tail(a, na, b, nb, alpha, &e->vd);
	if (rc || e->vd.kind == RTB_VD_UNTESTED)
		return;
	e->tested = 1;
	e->a = centre(a, na, !over);
	e->b = centre(b, nb, !over);
	/* the shift is the ratio of the geometric means - 1 (a percentage
	 * of A's); in A's unit: A's centre times it. "over": percentage
	 * points of the samples, as fractions */
	double scale = over ? 0.01 : e->a / 100.0;
	e->shift = e->vd.shift_pct * scale;
	e->lo = e->vd.ci_lo_pct * scale;
	e->hi = e->vd.ci_hi_pct * scale;
	if (st == RTB_TUS_P50 || st == RTB_TUS_P99 || st == RTB_TUS_P999)
		e->resolution_ns = e->b * s->res_pct / 100.0;
}

void rtb_tune_judge(struct rtb_tune_knob *k, double alpha)
{
	int lower = 0, higher = 0, tested = 0;

	if (!k->applicable) {
		k->kind = RTB_TUK_NA;
		return;
	}
	k->alpha_each = k->ns ? alpha / (double)(k->ns * RTB_TUS_N) : alpha;
	for (int i = 0; i < k->ns; i++)
		for (int st = 0; st < RTB_TUS_N; st++) {
			effect(&k->s[i], st, k->alpha_each);
			const struct rtb_tune_effect *e = &k->s[i].e[st];
			tested += e->tested;
			lower += e->tested && e->vd.kind == RTB_VD_LOWER;
			higher += e->tested && e->vd.kind == RTB_VD_HIGHER;
		}
	k->kind = !tested ? RTB_TUK_UNTESTED : lower && higher ? RTB_TUK_MIXED : lower ? RTB_TUK_HELPS :
		  higher ? RTB_TUK_HURTS : RTB_TUK_NOISE;
}

void rtb_tune_free(struct rtb_tune_knob *k)
{
	free(k->s);
	k->s = NULL;
	k->ns = 0;
}
