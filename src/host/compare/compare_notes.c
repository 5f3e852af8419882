/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the comparison's "note:" lines: where the runs were
 * measured differently (settings, configuration facts of the fingerprint,
 * emulation, sample counts, methods), degraded or incomplete runs and each
 * file's own warnings. Split out of compare.c; the model is built there. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/result.h"
#include "host/compare/compare.h"
#include "host/stats/tail.h"
#include "host/compare/compare_int.h"
#include "host/stats/judge.h"

/* Settings whose difference between two runs changes what a figure means;
 * a difference is printed as a note instead of being compared silently. */
static const char *const cmp_settings_keys[] = {
	"samples", "period_ns", "deadline_ns", "cpu", "measuring_prio", "rt_requested",
	"rt_granted", "mlocked", "idle_latency_held_us", "rr_timeslice_ms_used",
	"rt_runtime_us_used", "load",
};

/* cmp_emulation_notes - the EMULATED sentence per emulated system, and a
 * note where emulated and real results meet or icount shifts differ. */
static int cmp_emulation_notes(struct rtb_cmp *c)
{
	struct rtb_sb b = { 0 };
	char line[320];
	size_t i, nemu = 0, nreal = 0;
	int shift = -2, shifts_differ = 0, rc;

	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];

		if (!r->emu.present) {
			nreal++;
			continue;
		}
		nemu++;
		if (shift != -2 && shift != r->emu.icount_shift)
			shifts_differ = 1;
		shift = r->emu.icount_shift;
		if ((rc = rtb_cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			     "%s: %s (%s%s%s%s%s)", c->labels[i],
			     rtb_rf_emulation_line(r, line, sizeof(line)), r->emu.emulator,
			     r->emu.version[0] ? " " : "", r->emu.version,
			     r->emu.machine[0] ? " -M " : "", r->emu.machine))))
			return rc;
	}
	if (nemu && nreal) {
		rtb_sb_printf(&b, "emulated and real results meet:");
		for (i = 0; i < c->nsys; i++)
			rtb_sb_printf(&b, "%s %s %s", i ? "," : "", c->labels[i],
				      c->sys[i].emu.present ? "(emulated)" : "(real time)");
		rtb_sb_printf(&b, "; an emulated figure counts instructions on the emulator's "
			      "model, so differences against hardware are not latency differences: "
			      "each side's own figures are shown, never a percentage or verdict "
			      "between them");
		if (b.failed) {
			rtb_sb_free(&b);
			return RTB_ENOMEM;
		}
		if ((rc = rtb_cmp_push(&c->notes, &c->nnotes, b.s)))
			return rc;
	}
	if (c->any_exact && (rc = rtb_cmp_push(&c->notes, &c->nnotes, strdup(
			"deterministic runs (emulated with -icount at one shift, and each side's "
			"rounds agree to one counter tick on every figure judged): a figure that "
			"differs by more than one counter tick is called lower or higher (exact), "
			"the rest the same"))))
		return rc;
	if (c->any_icount_rounds && (rc = rtb_cmp_push(&c->notes, &c->nnotes, strdup(
			"emulated with -icount at one shift, but not shown deterministic (a side "
			"with one round, or rounds more than one counter tick apart): judged on the "
			"rounds like real time, untested with one round (run-to-run spread unknown)"))))
		return rc;
	if (shifts_differ && (rc = rtb_cmp_push(&c->notes, &c->nnotes, strdup(
			"emulated results with different icount shifts (or with and without "
			"-icount): one instruction is a different virtual time in each"))))
		return rc;
	return 0;
}

/* Port-neutral fingerprint keys (docs/json-schema.md, "system") that say
 * which machine a run was on, not how it was configured: never compared.
 * "hostname" differs between any two boards or hosts; "emulation" has its
 * own notes (cmp_emulation_notes). Every other key - the configuration keys
 * preempt_model, realtime_kernel, rr_timeslice_ms and each port's own facts
 * (Linux kernel_version, rt_runtime_us, ...; FreeRTOS preemption,
 * time_slicing, port_task_selection, tick_hz, max_priorities; any key this
 * reader does not know) - is compared by cmp_fact_notes. */
static const char *const cmp_identity_keys[] = {
	"os", "hostname", "kernel_release", "machine", "cpu_model", "ncpus",
	"clocksource", "virtualization", "emulation",
};

static int cmp_identity_key(const char *key)
{
	size_t k;

	for (k = 0; k < sizeof(cmp_identity_keys) / sizeof(cmp_identity_keys[0]); k++)
		if (!strcmp(key, cmp_identity_keys[k]))
			return 1;
	return 0;
}

/* cmp_fact_note - "system.<key> differs: A=<x>, B=<y>" when the fact under
 * key has a value in every file (absent or null: not recorded, so not known
 * to differ) and the values are not all the same. Keys and values were
 * escaped as the files were read (rtb_rf_strdup), so no control character from
 * a file reaches the terminal. */
static int cmp_fact_note(struct rtb_cmp *c, const char *key)
{
	const char *v0 = rtb_rf_kv_get(&c->sys[0].system, key);
	struct rtb_sb b = { 0 };
	int differ = 0;
	size_t i;

	for (i = 0; i < c->nsys; i++) {
		const char *vi = rtb_rf_kv_get(&c->sys[i].system, key);

		if (!vi || !strcmp(vi, "null"))
			return 0;
		if (strcmp(v0, vi))
			differ = 1;
	}
	if (!differ)
		return 0;
	rtb_sb_printf(&b, "system.%s differs:", key);
	for (i = 0; i < c->nsys; i++)
		rtb_sb_printf(&b, "%s %s=%s", i ? "," : "", c->labels[i],
			      rtb_rf_kv_get(&c->sys[i].system, key));
	if (b.failed) {
		rtb_sb_free(&b);
		return RTB_ENOMEM;
	}
	return rtb_cmp_push(&c->notes, &c->nnotes, b.s);
}

/* cmp_fact_notes - a note per configuration fact of the fingerprint that
 * differs (a FreeRTOS build with time slicing off against one with it on,
 * a PREEMPT_RT kernel against a stock one), in the first file's key order;
 * each key once. */
static int cmp_fact_notes(struct rtb_cmp *c)
{
	const struct rtb_rf_kvlist *l = &c->sys[0].system;
	size_t k, j;
	int rc;

	for (k = 0; k < l->n; k++) {
		const char *key = l->kv[k].key;

		if (cmp_identity_key(key))
			continue;
		for (j = 0; j < k && strcmp(l->kv[j].key, key); j++)
			;
		if (j < k)
			continue;
		if ((rc = cmp_fact_note(c, key)))
			return rc;
	}
	return 0;
}

/* rtb_cmp_setting - compare_int.h. A file of rtbench from before
 * "measuring_prio" gets base + 2 (the POSIX levels; a port of another
 * numbering writes the key). */
const char *rtb_cmp_setting(const struct rtb_rf *r, const char *key, char *buf, size_t len)
{
	const char *v = rtb_rf_kv_get(&r->settings, key);
	long long x;
	char *end;

	if (!v && !strcmp(key, "measuring_prio") && !rtb_rf_kv_get(&r->settings, "source") &&
	    (v = rtb_rf_kv_get(&r->settings, "prio"))) {
		x = strtoll(v, &end, 10);
		if (end == v || *end)
			return NULL;
		snprintf(buf, len, "%lld", x + 2);
		return buf;
	}
	if (v && !strcmp(key, "samples") && !strcmp(v, "-1"))
		return "each measurement's default";
	return v;
}

/* rtb_cmp_run_notes - run-wide differences: settings and configuration facts
 * that differ, degraded or incomplete runs, and each file's own warnings. */
int rtb_cmp_run_notes(struct rtb_cmp *c)
{
	size_t k, i;
	int rc;

	if ((rc = cmp_emulation_notes(c)))
		return rc;
	for (k = 0; k < sizeof(cmp_settings_keys) / sizeof(cmp_settings_keys[0]); k++) {
		const char *key = cmp_settings_keys[k];
		char b0[32], bi[32];
		const char *v0 = rtb_cmp_setting(&c->sys[0], key, b0, sizeof(b0));
		struct rtb_sb b = { 0 };
		int differ = 0;

		/* absent: not recorded (another tool's file, an older schema), so
		 * not known to differ - as the fingerprint's facts */
		for (i = 0; i < c->nsys; i++)
			if (!rtb_cmp_setting(&c->sys[i], key, bi, sizeof(bi)))
				break;
		if (i < c->nsys)
			continue;
		for (i = 1; i < c->nsys; i++)
			if (strcmp(v0, rtb_cmp_setting(&c->sys[i], key, bi, sizeof(bi))))
				differ = 1;
		if (!differ)
			continue;
		rtb_sb_printf(&b, "settings.%s differs:", key);
		for (i = 0; i < c->nsys; i++)
			rtb_sb_printf(&b, "%s %s %s", i ? "," : "", c->labels[i],
				      rtb_cmp_setting(&c->sys[i], key, bi, sizeof(bi)));
		if (b.failed) {
			rtb_sb_free(&b);
			return RTB_ENOMEM;
		}
		if ((rc = rtb_cmp_push(&c->notes, &c->nnotes, b.s)))
			return rc;
	}
	if ((rc = cmp_fact_notes(c)))
		return rc;
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];
		const char *g = rtb_rf_kv_get(&r->settings, "rt_granted");
		char why[400];
		size_t w;

		if (g && !strcmp(g, "false") &&
		    (rc = rtb_cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: real-time scheduling was not granted (degraded scheduling)",
			    c->labels[i]))))
			return rc;
		if (r->degraded &&
		    (rc = rtb_cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: run marked degraded (a warning weakens every figure)", c->labels[i]))))
			return rc;
		/* not a whole run (judge.h: the gate's one rule): said, with why */
		if (!rtb_judge_run(r, why, sizeof(why)) &&
		    (rc = rtb_cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: INCOMPLETE run (%s); its figures cover only what was measured",
			    c->labels[i], why))))
			return rc;
		for (w = 0; w < r->nwarnings; w++) {
			if ((rc = rtb_cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
				    "%s: warning: %s", c->labels[i], r->warnings[w]))))
				return rc;
		}
	}
	return 0;
}

/* words - s shortened to fit buf at a word boundary, "..." where cut
 * (never mid-word: "(cyclictest m"). Returns buf. */
static const char *words(char *buf, size_t len, const char *s)
{
	rtb_fit_words(buf, len, snprintf(buf, len, "%s", s));
	return buf;
}

/* rtb_cmp_metric_notes - how this metric was measured differently per system. */
/* kcount - "116" (exact) or "92-100" (bracketed by the buckets). */
static const char *kcount(char *buf, size_t len, const struct rtb_tail_exc *e)
{
	if (e->exact)
		snprintf(buf, len, "%llu", (unsigned long long)e->k_lo);
	else
		snprintf(buf, len, "%llu-%llu", (unsigned long long)e->k_lo, (unsigned long long)e->k_hi);
	return buf;
}

int rtb_cmp_metric_notes(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_rf_metric *bm = cm->base >= 0 ? cm->cell[cm->base].m : NULL;
	size_t i;
	int rc = 0;

	for (i = 0; i < c->nsys && !rc; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];
		const struct rtb_rf_metric *m = ce->m;
		const char *l = c->labels[i];

		if (!m) {
			rc = rtb_cmp_push(&cm->notes, &cm->nnotes,
				      rtb_sb_strdup_printf("%s: not in its result file", l));
			continue;
		}
		if (ce->summary) {
			rc = rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf("%s: %s", l,
				m->note[0] ? m->note : "the file's count, min, mean and max only"));
			continue;
		}
		if (!ce->usable) {
			rc = rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %s%s%s", l, m->status, m->note[0] ? ": " : "", m->note));
			continue;
		}
		if (!strcmp(m->status, "partial"))
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: partial (stopped early) after %llu samples", l,
				(unsigned long long)m->count));
		if (bm && m != bm && m->count != bm->count)
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %llu samples vs %llu on %s", l, (unsigned long long)m->count,
				(unsigned long long)bm->count, c->labels[cm->base]));
		if (bm && m != bm && m->method[0] && bm->method[0] && strcmp(m->method, bm->method)) {
			char m1[168], m2[168];

			/* another OS: each side's own mechanism (a POSIX signal
			 * handler against a hardware ISR, a pthread mutex against
			 * a binary semaphore), a different kind of figure */
			const char *o1 = rtb_rf_kv_get(&c->sys[i].system, "os");
			const char *o2 = rtb_rf_kv_get(&c->sys[cm->base].system, "os");
			const int other_os = o1 && o2 && strcmp(o1, o2);
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %s: \"%s\" (%s: \"%s\")", l,
				other_os ? "a different kind of measurement (each OS's own mechanism)" :
				"measured differently", words(m1, sizeof(m1), m->method), c->labels[cm->base],
				words(m2, sizeof(m2), bm->method)));
		}
		if (m->note[0])
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes,
						rtb_sb_strdup_printf("%s: %s", l, m->note));
		/* the benchmark's own answer (its file's "verdict"), beside
		 * compare's: it says what this system's run concluded */
		if (m->verdict)
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: the benchmark's verdict: %s%s%s", l, m->verdict,
				m->verdict_reason[0] ? ": " : "", m->verdict_reason));
		/* the deadlines either file declared: how often each crossed
		 * it, as a ratio of rates with its exact interval (docs/tail.md);
		 * counted in the loop where a file did, else from its histogram,
		 * bracketed by the buckets (which widens the interval) */
		for (int j = 0; bm && m != bm && m->count && bm->count && j < 2; j++) {
			int64_t dl = j ? m->deadline_ns : bm->deadline_ns;
			struct rtb_tail_exc ea, eb;
			char ka[48], kb[48];
			double q, lo, hi;
			if (dl <= 0 || (j && dl == bm->deadline_ns))
				continue;
			rtb_tail_count(bm, dl, &ea);
			rtb_tail_count(m, dl, &eb);
			if (!ea.k_hi && !eb.k_hi)
				continue;
			rtb_tail_exc_ratio(&ea, &eb, &q, &lo, &hi);
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: crosses %s %.1f us %.3gx as often as %s [%.3g, %.3g] (%s of %llu vs %s of "
				"%llu; exact 95%%%s; rtbench tail says more)", l,
				dl == m->deadline_ns && dl == bm->deadline_ns ? "the deadline" :
				j ? "its deadline" : "the first's deadline", (double)dl / 1e3, q,
				c->labels[cm->base], lo, hi, kcount(kb, sizeof(kb), &eb),
				(unsigned long long)m->count, kcount(ka, sizeof(ka), &ea),
				(unsigned long long)bm->count, ea.exact && eb.exact ? "" :
				", widened by the histogram's buckets"));
		}
		/* the counters, unless the file's own note already explains them */
		if ((m->invalid || m->missed || m->overruns) && !m->note[0])
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %llu invalid samples discarded, %llu missed periods, %llu timer overruns",
				l, (unsigned long long)m->invalid, (unsigned long long)m->missed,
				(unsigned long long)m->overruns));
		/* binned: every file of a mixed comparison is taken from its
		 * histogram, so "no samples" only for the file that has none */
		if (ce->has_dist && ce->dist.from_hist && !m->samples)
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: no samples in the file (histogram only); P(this<first) uses histogram "
				"buckets, every file binned alike", l));
		else if (ce->has_dist && ce->dist.from_hist)
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: P(this<first) from its histogram buckets, not its %zu samples, so every "
				"file is binned alike", l, m->nsamples));
		if (!ce->has_dist)
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: neither samples nor histogram in the file; not tested", l));
		/* why a long run's verdict says untested (check --baseline fails on it) */
		if (m->hist_mode && m->has_stats && m->nrounds < 2)
			rc = rc ? rc : rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %zu %s%s: the verdicts need at least 2 in each run (no between-interval "
				"spread to judge a change against), so they are untested", l, m->nrounds,
				m->nintervals ? "interval" : "round", m->nrounds == 1 ? "" : "s"));
	}
	return rc;
}

/* sig3 - a rate for the notes: "%.3g". */
static const char *sig3(char *buf, size_t len, double v)
{
	snprintf(buf, len, "%.3g", v);
	return buf;
}

/* thr_note - system i's exceedances of t, and its rate against the
 * baseline's, as one note. */
static int thr_note(struct rtb_cmp *c, struct rtb_cmp_metric *cm, const struct rtb_cmp_thr *t, size_t i)
{
	const struct rtb_tail_exc *e = &t->e[i], *b = &t->e[cm->base];
	char k[64], r1[24], r2[24], r3[24], ratio[200] = "";

	if (!t->has[i])
		return rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
			"%s: over %.1f us: cannot be counted (the file holds neither samples nor a histogram "
			"of them)", c->labels[i], (double)t->thr_ns / 1e3));
	if ((int)i != cm->base && t->has[cm->base]) {
		if (isnan(t->ratio[i]) && !e->k_hi && !b->k_hi)
			snprintf(ratio, sizeof(ratio), "; neither crossed it");
		else if (isnan(t->ratio[i]))
			snprintf(ratio, sizeof(ratio), "; no ratio to %s (it never crossed it)", c->labels[cm->base]);
		else
			snprintf(ratio, sizeof(ratio), "; %.3gx as often as %s [%.3g, %.3g] (exact 95%%%s)",
				 t->ratio[i], c->labels[cm->base], t->lo[i], t->hi[i], e->exact && b->exact ? "" :
				 ", widened: a count the buckets only bound");
	}
	if (!e->k_hi)
		return rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
			"%s: over %.1f us: none of %llu samples, fewer than %s per million (95%%, one-sided; "
			"%s)%s", c->labels[i], (double)t->thr_ns / 1e3, (unsigned long long)e->n,
			sig3(r3, sizeof(r3), 1e6 * e->zero_p_hi), e->how, ratio));
	if (e->exact)
		snprintf(k, sizeof(k), "%llu", (unsigned long long)e->k_lo);
	else
		snprintf(k, sizeof(k), "between %llu and %llu", (unsigned long long)e->k_lo,
			 (unsigned long long)e->k_hi);
	return rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
		"%s: over %.1f us: %s of %llu samples, %s per million [%s, %s] (%s)%s", c->labels[i],
		(double)t->thr_ns / 1e3, k, (unsigned long long)e->n, sig3(r1, sizeof(r1), e->per_m),
		sig3(r2, sizeof(r2), e->per_m_lo), sig3(r3, sizeof(r3), e->per_m_hi), e->how, ratio));
}

/* fits - each system's tail fit of cm (tail.c, as `rtbench tail` makes
 * it: the steadiness tests first, the generalized Pareto fit only when
 * they pass), side by side, one note each. */
static int fits(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_tail_opts o = { 0 };
	struct rtb_tail *t = malloc(sizeof(*t));
	int rc = 0;

	cm->fit = calloc(c->nsys, sizeof(*cm->fit));
	if (!t || !cm->fit) {
		free(t);
		return RTB_ENOMEM;
	}
	for (size_t i = 0; i < c->nsys && !rc; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];
		char line[400];
		if (!ce->m)
			continue;
		cm->has_fit[i] = 1;
		rc = ce->usable && !ce->summary ? rtb_tail_analyze(&c->sys[i], ce->m, &o, t) : RTB_EINVAL;
		if (rc == RTB_ENOMEM)
			break;
		if (rc) {
			snprintf(cm->fit[i].why, sizeof(cm->fit[i].why), "not estimated: the file holds no "
				 "statistics of it to fit");
			rc = 0;
		} else
			cm->fit[i] = t->fit;
		rtb_tail_fit_line(line, sizeof(line), &cm->fit[i]);
		rc = rtb_cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf("%s: tail fit: %s",
									 c->labels[i], line));
	}
	free(t);
	return rc;
}

int rtb_cmp_thresholds(struct rtb_cmp *c, const int64_t *thr, size_t n)
{
	int rc = 0;

	for (size_t k = 0; k < c->nmetrics && n && !rc; k++) {
		struct rtb_cmp_metric *cm = &c->metrics[k];
		if (cm->base < 0)
			continue;
		cm->thr = calloc(n, sizeof(*cm->thr));
		if (!cm->thr)
			return RTB_ENOMEM;
		cm->nthr = n;
		for (size_t j = 0; j < n && !rc; j++) {
			struct rtb_cmp_thr *t = &cm->thr[j];
			t->thr_ns = thr[j];
			for (size_t i = 0; i < c->nsys; i++) {
				const struct rtb_cmp_cell *ce = &cm->cell[i];
				const struct rtb_rf_metric *m = ce->m;
				t->ratio[i] = t->lo[i] = t->hi[i] = NAN;
				if (!m || !ce->usable || ce->summary || !m->count ||
				    (!m->has_hist && !(m->samples && m->nsamples == m->count)))
					continue;
				t->has[i] = 1;
				rtb_tail_count(m, thr[j], &t->e[i]);
				{
					/* per CPU-hour, as tail says it */
					const char *per = rtb_rf_kv_get(&c->sys[i].settings, "period_ns");
					int fp;
					rtb_tail_rates(&t->e[i], rtb_tail_cpu_hours(&c->sys[i], m,
							per ? strtod(per, NULL) : 0, &fp));
				}
			}
			for (size_t i = 0; i < c->nsys; i++)
				if ((int)i != cm->base && t->has[i] && t->has[cm->base] &&
				    (t->e[i].k_hi || t->e[cm->base].k_hi))
					rtb_tail_exc_ratio(&t->e[cm->base], &t->e[i], &t->ratio[i], &t->lo[i], &t->hi[i]);
			for (size_t i = 0; i < c->nsys && !rc; i++)
				if (cm->cell[i].m)
					rc = thr_note(c, cm, t, i);
		}
		if (!rc)
			rc = fits(c, cm);
	}
	return rc;
}
