/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `check`'s rules on the tail (check_int.h,
 * docs/tail.md): a crossing rate shown below a limit at 95%, a fitted
 * return level shown below a limit at 95%. Both fail closed: what the run
 * cannot show below the limit fails, with the figure that says why. */
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/compare/check_int.h"
#include "host/stats/tail.h"

/* split - "[GLOB:]A:B" into glob, a, b (the glob is "*" when there are
 * two parts). 0, or -1 when it is not that shape. */
static int split(const char *arg, char *glob, size_t gl, char *a, char *b, size_t l)
{
	const char *c2 = strrchr(arg, ':'), *c1;

	if (!c2)
		return -1;
	for (c1 = c2; c1 > arg && c1[-1] != ':'; c1--)
		;
	if (c1 > arg) {
		if ((size_t)(c1 - 1 - arg) >= gl)
			return -1;
		memcpy(glob, arg, (size_t)(c1 - 1 - arg));
		glob[c1 - 1 - arg] = 0;
	} else {
		snprintf(glob, gl, "*");
	}
	if ((size_t)(c2 - c1) >= l || strlen(c2 + 1) >= l || c2 == c1 || !c2[1])
		return -1;
	memcpy(a, c1, (size_t)(c2 - c1));
	a[c2 - c1] = 0;
	snprintf(b, l, "%s", c2 + 1);
	return 0;
}

static int num(const char *s, double *v, const char **rest)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	*rest = end;
	return errno || end == s || !isfinite(*v) ? -1 : 0;
}

int rtb_chk_tail_parse(struct check *k, int level, const char *arg, char *err, size_t errlen)
{
	const char *opt = level ? "--level-below" : "--rate-below";
	struct tail_rule *r;
	char a[64], b[64];
	const char *rest;
	double x, y;

	if (k->ntrules >= CHECK_MAX_RULES)
	{
		snprintf(err, errlen, "%s: at most %d tail rules", opt, CHECK_MAX_RULES);
		return RTB_EINVAL;
	}
	r = &k->trules[k->ntrules];
	memset(r, 0, sizeof(*r));
	if (split(arg, r->glob, sizeof(r->glob), a, b, sizeof(a)) || num(a, &x, &rest) || *rest ||
	    num(b, &y, &rest))
		goto bad;
	r->level = level;
	if (level) {
		if (!(x > 0 && x < 1) || *rest || !(y > 0))
			goto bad;
		r->p = x;
		r->level_ns = y * 1e3;
	} else {
		if (x < 0 || !(y > 0))
			goto bad;
		r->thr_ns = (int64_t)llround(x * 1e3);
		if (!strcmp(rest, "/h"))
			r->per_h = 1;
		else if (!strcmp(rest, "/d"))
			r->per_h = 1, y /= 24;
		else if (*rest || !(y < 1))
			goto bad;
		r->rate = y;
	}
	snprintf(r->text, sizeof(r->text), "%s %s", opt, arg);
	k->ntrules++;
	return 0;
bad:
	snprintf(err, errlen, level ? "--level-below %s: not [GLOB:]P:LEVEL_US (P a probability per "
		 "sample, 0 < P < 1; e.g. 1e-9:150)" : "--rate-below %s: not [GLOB:]THRESHOLD_US:RATE "
		 "(RATE per sample below 1, or N/h, N/d; e.g. 100:1e-6, 'irq.*:50:2/h')", arg);
	return RTB_EINVAL;
}

int rtb_chk_tail_matches(const struct check *k, const char *id)
{
	int n = 0;

	for (size_t i = 0; i < k->ntrules; i++)
		n += fnmatch(k->trules[i].glob, id, 0) == 0;
	return n;
}

/* rate_rule - fail unless the rate over r->thr_ns is shown below r->rate. */
static int rate_rule(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m,
		     const struct rtb_tail *t, const struct tail_rule *r)
{
	const struct rtb_tail_exc *e = &t->exc[0];
	double hi = r->per_h ? e->per_h_hi : e->p_hi;
	char cnt[64];

	if (r->per_h && !(e->hours > 0))
		return rtb_case_fail(&k->cases, c, "%s: the rate over %.3f us per CPU-hour cannot be shown: "
				     "the file says neither the time measured nor the period (%s)", m->id,
				     (double)r->thr_ns / 1e3, r->text);
	if (hi < r->rate)
		return 0;
	if (e->exact)
		snprintf(cnt, sizeof(cnt), "%llu", (unsigned long long)e->k_lo);
	else
		snprintf(cnt, sizeof(cnt), "%llu to %llu", (unsigned long long)e->k_lo,
			 (unsigned long long)e->k_hi);
	/* fail closed: would the fewest crossings the buckets allow pass?
	 * then it is the buckets that cannot show it, and that is said */
	double a, b, lo_hi;
	rtb_tstat_binom_ci(e->k_lo, e->n, 0.95, &a, &b);
	lo_hi = r->per_h ? b * (double)e->n / e->hours : b;
	if (!e->exact && lo_hi < r->rate)
		return rtb_case_fail(&k->cases, c, "%s: the rate over %.3f us cannot be shown below %g%s: "
				     "between %llu and %llu of %llu samples (%s); 95%% upper bound %.3g at the "
				     "fewest, %.3g at the most: the buckets cannot show it (count it in the "
				     "loop: run --count-over-us %g) (%s)", m->id, (double)r->thr_ns / 1e3, r->rate,
				     r->per_h ? " per CPU-hour" : " per sample", (unsigned long long)e->k_lo,
				     (unsigned long long)e->k_hi, (unsigned long long)e->n,
				     e->how, lo_hi, hi, (double)r->thr_ns / 1e3, r->text);
	return rtb_case_fail(&k->cases, c, "%s: the rate over %.3f us is not shown below %g%s: %s of "
			     "%llu samples (%s), 95%% upper bound %.3g%s (%s)", m->id,
			     (double)r->thr_ns / 1e3, r->rate, r->per_h ? " per CPU-hour" : " per sample", cnt,
			     (unsigned long long)e->n, e->how, hi, r->per_h ? " per CPU-hour" : " per sample",
			     r->text);
}

/* level_rule - fail unless the fit's level at r->p is shown below r->level_ns. */
static int level_rule(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m,
		      const struct rtb_tail *t, const struct tail_rule *r)
{
	const struct rtb_tail_fit *f = &t->fit;
	double y = f->lv_ns, lo = f->lv_lo_ns, hi = f->lv_hi_ns;

	if (!f->done)
		return rtb_case_fail(&k->cases, c, "%s: the level at %g per sample cannot be shown below "
				     "%.3f us: %s (%s)", m->id, r->p, r->level_ns / 1e3, f->why, r->text);
	if (!f->lv_has)
		return rtb_case_fail(&k->cases, c, "%s: the level at %g per sample cannot be shown below "
				     "%.3f us: %g is not below the fit's threshold rate %.3g (%s)", m->id, r->p,
				     r->level_ns / 1e3, r->p, f->zeta, r->text);
	if (hi < r->level_ns)
		return 0;
	char h2[32];
	if (isinf(hi))
		snprintf(h2, sizeof(h2), "unbounded");
	else
		snprintf(h2, sizeof(h2), "%.3f", hi / 1e3);
	return rtb_case_fail(&k->cases, c, "%s: the level exceeded with probability %g per sample is "
			     "%.3f us [%.3f, %s] (95%%), not shown below %.3f us (%s)", m->id, r->p, y / 1e3,
			     lo / 1e3, h2, r->level_ns / 1e3, r->text);
}

int rtb_chk_tail(struct check *k, struct rtb_case *c, const struct rtb_rf_metric *m)
{
	struct rtb_tail *t;
	int rc = 0;

	if (!rtb_chk_tail_matches(k, m->id))
		return 0;
	t = malloc(sizeof(*t));
	if (!t)
		return RTB_ENOMEM;
	for (size_t i = 0; i < k->ntrules && !rc; i++) {
		const struct tail_rule *r = &k->trules[i];
		struct rtb_tail_opts o = { .nthr = 1, .thr_ns = { r->thr_ns }, .no_fit = !r->level,
					   .level_p = r->level ? r->p : 0 };

		if (fnmatch(r->glob, m->id, 0))
			continue;
		if (rtb_tail_analyze(k->res, m, &o, t)) {
			rc = rtb_case_fail(&k->cases, c, "%s: %s cannot be shown: the metric measured nothing "
					   "(%s)", m->id, r->level ? "its tail" : "its crossing rate", r->text);
			continue;
		}
		rc = r->level ? level_rule(k, c, m, t, r) : rate_rule(k, c, m, t, r);
	}
	free(t);
	return rc;
}
