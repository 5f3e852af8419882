/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench compare`: the study's side-by-side tables for any
 * number of systems.
 *
 * One table per measurement (rows = statistics, columns = systems, like the
 * study's Tables 1-5), the first system as baseline for relative
 * differences, a Mann-Whitney U test per later system, "note:" lines where
 * the runs were measured differently, and a sentence in the study's words
 * ("about 18% higher ... greater variation"). Output as text, markdown, CSV
 * or JSON; all four render the same model (compare.h). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rtbench/port.h"

#include "rtbench/err.h"
#include "host/compare.h"
#include "host/host.h"

/* Settings whose difference between two runs changes what a figure means;
 * a difference is printed as a note instead of being compared silently. */
static const char *const cmp_settings_keys[] = {
	"samples", "period_ns", "deadline_ns", "cpu", "prio", "rt_requested",
	"rt_granted", "mlocked", "idle_latency_held_us", "rr_timeslice_ms_used",
	"rt_runtime_us_used", "load",
};

/* ---- shared helpers ---------------------------------------------------- */

void rtb_cmp_fmt_time(char *buf, size_t len, double v, const char *unit)
{
	if (!strcmp(unit, "ns"))
		snprintf(buf, len, "%.3f", v / 1000.0);
	else
		snprintf(buf, len, "%.4g", v);
}

const char *rtb_cmp_time_unit(const char *unit, int utf8)
{
	if (!strcmp(unit, "ns"))
		return utf8 ? "\xc2\xb5s" : "us";
	return unit;
}

void rtb_cmp_fmt_pct(char *buf, size_t len, double frac)
{
	if (!isfinite(frac))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%+.1f%%", frac * 100.0);
}

void rtb_cmp_fmt_p(char *buf, size_t len, double p)
{
	if (p < 1e-300)
		snprintf(buf, len, "<1e-300");
	else if (p < 0.001)
		snprintf(buf, len, "%.1e", p);
	else
		snprintf(buf, len, "%.3f", p);
}

struct atomic_buf { const char *data; size_t len; };

static int buf_out(struct rtb_sink *s, const void *arg)
{
	const struct atomic_buf *b = arg;
	return rtb_sink_write(s, b->data, b->len);
}

/* rtb_write_atomic - through the port's one output file (unique O_EXCL
 * temporary, no symlink or device replaced, fsync, rename): -1 with errno
 * on failure, the old file left whole. */
int rtb_write_atomic(const char *path, const char *data, size_t len)
{
	struct atomic_buf b = { data, len };
	int saved;

	errno = 0;
	if (rtb_port_output(path, buf_out, &b) == 0)
		return 0;
	saved = errno ? errno : EIO;
	errno = saved;
	return -1;
}

const char *rtb_cmp_test_name(const struct rtb_cmp *c)
{
	return c->any_hist_test ?
		"Welch's t-test on the logarithm of the rounds' medians (the run, not the sample, is "
		"the unit); a difference is called only beyond run-to-run noise (the larger "
		"between-round half range of the medians); P(this < first) from the samples, or from "
		"histogram buckets (both files binned alike) where a file has no samples" :
		"Welch's t-test on the logarithm of the rounds' medians (the run, not the sample, is "
		"the unit); a difference is called only beyond run-to-run noise (the larger "
		"between-round half range of the medians); P(this < first) from the samples";
}

/* ---- loading ----------------------------------------------------------- */

void rtb_cmp_free_files(struct rtb_rf *f, size_t n)
{
	size_t i;

	if (!f)
		return;
	for (i = 0; i < n; i++)
		rtb_rf_free(&f[i]);
	free(f);
}

int rtb_cmp_share_metric(const struct rtb_rf *a, const struct rtb_rf *b)
{
	size_t i;

	for (i = 0; i < a->nmetrics; i++) {
		const struct rtb_rf_metric *m = rtb_rf_find(b, a->metrics[i].id);

		if (a->metrics[i].has_stats && m && m->has_stats)
			return 1;
		/* a summary (rt-tests min/avg/max) is shown beside the same id */
		if (m && (a->metrics[i].summary_only || m->summary_only))
			return 1;
	}
	return 0;
}

/* ---- the statistic rows every table shows ------------------------------ */

const char *const rtb_cmp_row_names[RTB_CMP_NROWS] = {
	"count", "mean", "stddev", "p50", "p99", "p99.9", "max",
};

const char *const rtb_cmp_vrow_names[RTB_CMP_NVROWS] = {
	"p50 shift", "verdict", "P(this<first)",
};

double rtb_cmp_row_value(const struct rtb_rf_metric *m, enum rtb_cmp_row r)
{
	switch (r) {
	case RTB_CMP_ROW_COUNT: return (double)m->count;
	case RTB_CMP_ROW_MEAN: return m->mean;
	case RTB_CMP_ROW_STDDEV: return m->stddev;
	case RTB_CMP_ROW_P50: return (double)m->pct[0];
	case RTB_CMP_ROW_P99: return (double)m->pct[2];
	case RTB_CMP_ROW_P999: return m->has_pct[3] ? (double)m->pct[3] : NAN;
	default: return (double)m->max;
	}
}

double rtb_cmp_row_diff(const struct rtb_cmp_cell *ce, enum rtb_cmp_row r)
{
	if (!ce->has_diff)
		return NAN;
	switch (r) {
	case RTB_CMP_ROW_MEAN: return ce->d_mean;
	case RTB_CMP_ROW_P50: return ce->d_p50;
	case RTB_CMP_ROW_P99: return ce->d_p99;
	case RTB_CMP_ROW_P999: return ce->d_p999;
	case RTB_CMP_ROW_MAX: return ce->d_max;
	default: return NAN;
	}
}

void rtb_cmp_fmt_row(char *buf, size_t len, const struct rtb_cmp_metric *cm,
		     const struct rtb_cmp_cell *ce, enum rtb_cmp_row r)
{
	if (!ce->usable)
		snprintf(buf, len, "-");
	else if (r == RTB_CMP_ROW_COUNT)
		snprintf(buf, len, "%llu", (unsigned long long)ce->m->count);
	else if (!isfinite(rtb_cmp_row_value(ce->m, r)))
		snprintf(buf, len, "-");
	else
		rtb_cmp_fmt_time(buf, len, rtb_cmp_row_value(ce->m, r), cm->unit);
}

void rtb_cmp_fmt_vrow(char *buf, size_t len, const struct rtb_cmp *c,
		      const struct rtb_cmp_metric *cm, const struct rtb_cmp_cell *ce,
		      enum rtb_cmp_vrow r)
{
	(void)cm;
	if (!ce->has_diff) {
		snprintf(buf, len, "-");
		return;
	}
	switch (r) {
	case RTB_CMP_VROW_SHIFT:
		if (ce->has_vd && ce->vd.kind != RTB_VD_UNTESTED && isfinite(ce->vd.ci_lo_pct))
			snprintf(buf, len, "%+.1f%% [%+.1f,%+.1f]", ce->vd.shift_pct,
				 ce->vd.ci_lo_pct, ce->vd.ci_hi_pct);
		else if (ce->has_vd)
			snprintf(buf, len, "%+.1f%%", ce->vd.shift_pct);
		else
			snprintf(buf, len, "-");
		break;
	case RTB_CMP_VROW_VERDICT:
		if (!ce->has_vd || ce->vd.kind == RTB_VD_UNTESTED)
			snprintf(buf, len, "untested");
		else if (ce->vd.kind == RTB_VD_NOISE)
			snprintf(buf, len, "noise +-%.1f%%", ce->vd.noise_pct);
		else
			snprintf(buf, len, "%s", rtb_vd_kind_phrase(ce->vd.kind));
		break;
	default:
		if (ce->has_test)
			snprintf(buf, len, "%.2f", ce->p_lower);
		else
			snprintf(buf, len, "-");
		break;
	}
	(void)c;
}

/* ---- the model --------------------------------------------------------- */

static int cmp_push(char ***list, size_t *n, char *s)
{
	char **nl;

	if (!s)
		return RTB_ENOMEM;
	nl = realloc(*list, (*n + 1) * sizeof(**list));
	if (!nl) {
		free(s);
		return RTB_ENOMEM;
	}
	nl[(*n)++] = s;
	*list = nl;
	return 0;
}

/* cmp_noisy - system i was emulated without -icount: its times are the
 * host's emulation noise, so no timing verdict is drawn from it. */
static int cmp_noisy(const struct rtb_cmp *c, size_t i)
{
	return c->sys[i].emu.present && c->sys[i].emu.icount_shift < 0;
}

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
		if ((rc = cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
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
				      c->sys[i].emu.present ? "(emulated)" : "(hardware)");
		rtb_sb_printf(&b, "; an emulated figure counts instructions on the emulator's "
			      "model, so differences against hardware are not latency differences");
		if (b.failed) {
			rtb_sb_free(&b);
			return RTB_ENOMEM;
		}
		if ((rc = cmp_push(&c->notes, &c->nnotes, b.s)))
			return rc;
	}
	if (shifts_differ && (rc = cmp_push(&c->notes, &c->nnotes, strdup(
			"emulated results with different icount shifts (or with and without "
			"-icount): one instruction is a different virtual time in each"))))
		return rc;
	return 0;
}

static double cmp_rel(double v, double base)
{
	return base != 0 ? (v - base) / base : NAN;
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
 * escaped as the files were read (rf_strdup), so no control character from
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
	return cmp_push(&c->notes, &c->nnotes, b.s);
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

/* cmp_run_notes - run-wide differences: settings and configuration facts
 * that differ, degraded or incomplete runs, and each file's own warnings. */
static int cmp_run_notes(struct rtb_cmp *c)
{
	size_t k, i;
	int rc;

	if ((rc = cmp_emulation_notes(c)))
		return rc;
	for (k = 0; k < sizeof(cmp_settings_keys) / sizeof(cmp_settings_keys[0]); k++) {
		const char *key = cmp_settings_keys[k];
		const char *v0 = rtb_rf_kv_get(&c->sys[0].settings, key);
		struct rtb_sb b = { 0 };
		int differ = 0;

		for (i = 1; i < c->nsys; i++) {
			const char *vi = rtb_rf_kv_get(&c->sys[i].settings, key);

			if ((v0 == NULL) != (vi == NULL) || (v0 && strcmp(v0, vi)))
				differ = 1;
		}
		if (!differ)
			continue;
		rtb_sb_printf(&b, "settings.%s differs:", key);
		for (i = 0; i < c->nsys; i++) {
			const char *vi = rtb_rf_kv_get(&c->sys[i].settings, key);

			rtb_sb_printf(&b, "%s %s %s", i ? "," : "", c->labels[i], vi ? vi : "(absent)");
		}
		if (b.failed) {
			rtb_sb_free(&b);
			return RTB_ENOMEM;
		}
		if ((rc = cmp_push(&c->notes, &c->nnotes, b.s)))
			return rc;
	}
	if ((rc = cmp_fact_notes(c)))
		return rc;
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_rf *r = &c->sys[i];
		const char *g = rtb_rf_kv_get(&r->settings, "rt_granted");
		size_t w;

		if (g && !strcmp(g, "false") &&
		    (rc = cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: real-time scheduling was not granted (degraded scheduling)",
			    c->labels[i]))))
			return rc;
		if (r->degraded &&
		    (rc = cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: run marked degraded (a warning weakens every figure)", c->labels[i]))))
			return rc;
		if (!r->complete && r->has_progress &&
		    (rc = cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: INCOMPLETE run (%lld of %lld benchmarks measured when the file was written); "
			    "its figures cover only what was measured", c->labels[i],
			    (long long)r->benches_done, (long long)r->benches_planned))))
			return rc;
		if (!r->complete && !r->has_progress &&
		    (rc = cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
			    "%s: INCOMPLETE run (stopped early); its figures cover only what was measured",
			    c->labels[i]))))
			return rc;
		for (w = 0; w < r->nwarnings; w++) {
			if ((rc = cmp_push(&c->notes, &c->nnotes, rtb_sb_strdup_printf(
				    "%s: warning: %s", c->labels[i], r->warnings[w]))))
				return rc;
		}
	}
	return 0;
}

/* cmp_metric_notes - how this metric was measured differently per system. */
static int cmp_metric_notes(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_rf_metric *bm = cm->base >= 0 ? cm->cell[cm->base].m : NULL;
	size_t i;
	int rc = 0;

	for (i = 0; i < c->nsys && !rc; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];
		const struct rtb_rf_metric *m = ce->m;
		const char *l = c->labels[i];

		if (!m) {
			rc = cmp_push(&cm->notes, &cm->nnotes,
				      rtb_sb_strdup_printf("%s: not in its result file", l));
			continue;
		}
		if (!ce->usable) {
			rc = cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %s%s%s", l, m->status, m->note[0] ? ": " : "", m->note));
			continue;
		}
		if (!strcmp(m->status, "partial"))
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: partial (stopped early) after %llu samples", l,
				(unsigned long long)m->count));
		if (bm && m != bm && m->count != bm->count)
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %llu samples vs %llu on %s", l, (unsigned long long)m->count,
				(unsigned long long)bm->count, c->labels[cm->base]));
		if (bm && m != bm && m->method[0] && bm->method[0] && strcmp(m->method, bm->method))
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: measured differently: \"%.160s\" (%s: \"%.160s\")", l,
				m->method, c->labels[cm->base], bm->method));
		if (m->note[0])
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes,
						rtb_sb_strdup_printf("%s: %s", l, m->note));
		/* the counters, unless the file's own note already explains them */
		if ((m->invalid || m->missed || m->overruns) && !m->note[0])
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: %llu invalid samples discarded, %llu missed periods, %llu timer overruns",
				l, (unsigned long long)m->invalid, (unsigned long long)m->missed,
				(unsigned long long)m->overruns));
		if (ce->has_dist && ce->dist.from_hist)
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: no samples in the file; P(this<first) uses histogram buckets, every file binned alike", l));
		if (!ce->has_dist)
			rc = rc ? rc : cmp_push(&cm->notes, &cm->nnotes, rtb_sb_strdup_printf(
				"%s: neither samples nor histogram in the file; not tested", l));
	}
	return rc;
}

static void cmp_pct_phrase(struct rtb_sb *b, double d, const char *more, const char *less)
{
	double a = fabs(d) * 100;

	if (!isfinite(d))
		rtb_sb_printf(b, "different");
	else if (a < 5)
		rtb_sb_printf(b, "slightly %s (%+.1f%%)", d > 0 ? more : less, d * 100);
	else
		rtb_sb_printf(b, "about %.0f%% %s", a, d > 0 ? more : less);
}

/* spread_ns - p99 - p50: the robust spread "more consistent" is judged by
 * (the stddev is one host spike's plaything on a shared machine) */
static double spread_ns(const struct rtb_rf_metric *m)
{
	return (double)(m->pct[2] - m->pct[0]);
}

/* cmp_tails - the tails as tails: differences shown, never tested. */
static void cmp_tails(struct rtb_sb *b, const struct rtb_cmp_metric *cm,
		      const struct rtb_cmp_cell *ce, const struct rtb_cmp_cell *bc)
{
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	char v1[32], v2[32], d[32];

	rtb_sb_printf(b, "Tails (reported, not tested): p99 ");
	rtb_cmp_fmt_pct(d, sizeof(d), ce->d_p99);
	rtb_sb_printf(b, "%s", d);
	if (ce->has_vd && ce->vd.has_p99 && ce->vd.p99_noise_pct >= 0 && ce->nr >= 2 && bc->nr >= 2)
		rtb_sb_printf(b, " (rounds' p99 spread +-%.1f%%)", ce->vd.p99_noise_pct);
	if (isfinite(ce->d_p999)) {
		rtb_cmp_fmt_pct(d, sizeof(d), ce->d_p999);
		rtb_sb_printf(b, ", p99.9 %s", d);
	}
	rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->max, cm->unit);
	rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->max, cm->unit);
	rtb_sb_printf(b, ", max %s vs %s %s. ", v1, v2, tu);
}

/* cmp_summary - one verdict per system against the first: the direction
 * and size of the median shift with its interval, judged against the
 * run-to-run noise of the rounds; the probability of superiority; the
 * tails as tails. "Lower latency" and "more consistent" come from the
 * medians and p99 - p50, never from mean and stddev. */
static int cmp_summary(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	const struct rtb_cmp_cell *bc;
	const char *tu = rtb_cmp_time_unit(cm->unit, 0);
	struct rtb_sb b = { 0 };
	char v1[32], v2[32], s1[32], s2[32];
	size_t i, ncmp = 0, ndiff = 0;
	int fast = -1, steady = -1;
	double ci_level = 100.0 * (1 - c->alpha);

	if (cm->base < 0 || cm->nusable < 2) {
		cm->summary = strdup("");
		return cm->summary ? 0 : RTB_ENOMEM;
	}
	bc = &cm->cell[cm->base];
	for (i = 0; i < c->nsys; i++) {
		const struct rtb_cmp_cell *ce = &cm->cell[i];

		if (!ce->usable)
			continue;
		if (cmp_noisy(c, i) || cmp_noisy(c, (size_t)cm->base)) {
			if ((int)i != cm->base)
				rtb_sb_printf(&b, "%s vs %s: no timing verdict (emulated without "
					      "-icount: the times are host noise). ",
					      c->labels[i], c->labels[cm->base]);
			continue;
		}
		if (fast < 0 || ce->m->pct[0] < cm->cell[fast].m->pct[0])
			fast = (int)i;
		if (steady < 0 || spread_ns(ce->m) < spread_ns(cm->cell[steady].m))
			steady = (int)i;
		if ((int)i == cm->base)
			continue;
		ncmp++;
		rtb_cmp_fmt_time(v1, sizeof(v1), (double)ce->m->pct[0], cm->unit);
		rtb_cmp_fmt_time(v2, sizeof(v2), (double)bc->m->pct[0], cm->unit);
		if (!ce->has_vd || ce->vd.kind == RTB_VD_UNTESTED) {
			rtb_sb_printf(&b, "%s vs %s: median %s vs %s %s (%+.1f%%); no verdict: %s has "
				      "fewer than two rounds, so its run-to-run noise is unknown "
				      "(schema-1 file or --rounds 1). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu,
				      100.0 * ce->d_p50,
				      ce->nr < 2 ? c->labels[i] : c->labels[cm->base]);
		} else if (ce->vd.kind == RTB_VD_NOISE) {
			rtb_sb_printf(&b, "%s and %s: median %s vs %s %s (%+.1f%%, %.0f%% CI %+.1f%% to "
				      "%+.1f%%), within run-to-run noise (+-%.1f%%). ",
				      c->labels[i], c->labels[cm->base], v1, v2, tu,
				      ce->vd.shift_pct, ci_level, ce->vd.ci_lo_pct, ce->vd.ci_hi_pct,
				      ce->vd.noise_pct);
		} else {
			char pv[32];
			rtb_cmp_fmt_p(pv, sizeof(pv), ce->vd.p);
			ndiff++;
			rtb_sb_printf(&b, "%s has ", c->labels[i]);
			cmp_pct_phrase(&b, ce->vd.shift_pct / 100.0, "higher", "lower");
			rtb_sb_printf(&b, " median latency than %s (%s vs %s %s; %.0f%% CI %+.1f%% to "
				      "%+.1f%%, Welch p %s on %zu and %zu round medians; beyond "
				      "run-to-run noise +-%.1f%%). ",
				      c->labels[cm->base], v1, v2, tu, ci_level, ce->vd.ci_lo_pct,
				      ce->vd.ci_hi_pct, pv, ce->nr, bc->nr, ce->vd.noise_pct);
		}
		if (ce->has_test)
			rtb_sb_printf(&b, "P(%s < %s) = %.2f. ", c->labels[i], c->labels[cm->base],
				      ce->p_lower);
		cmp_tails(&b, cm, ce, bc);
	}
	if (ncmp == 1 && cm->nusable == 2 && fast >= 0 && steady >= 0) {
		int other = -1;

		for (i = 0; other < 0 && i < c->nsys; i++)
			if (cm->cell[i].usable && (int)i != steady)
				other = (int)i;
		int steadier = other >= 0 &&
			spread_ns(cm->cell[steady].m) * 1.1 < spread_ns(cm->cell[other].m);
		if (steadier) {
			rtb_cmp_fmt_time(s1, sizeof(s1), spread_ns(cm->cell[steady].m), cm->unit);
			rtb_cmp_fmt_time(s2, sizeof(s2), spread_ns(cm->cell[other].m), cm->unit);
		}
		if (ndiff && steadier)
			rtb_sb_printf(&b, "%s has the lower latency; %s is more consistent (p99-p50 %s vs %s %s).",
				      c->labels[fast], c->labels[steady], s1, s2, tu);
		else if (ndiff)
			rtb_sb_printf(&b, "%s has the lower latency; both are about as consistent (p99-p50).",
				      c->labels[fast]);
		else if (steadier)
			rtb_sb_printf(&b, "Neither is shown to have lower latency; %s is more consistent "
				      "(p99-p50 %s vs %s %s).", c->labels[steady], s1, s2, tu);
		else
			rtb_sb_printf(&b, "Neither is shown to have lower latency; both are about as "
				      "consistent (p99-p50).");
	} else if (ncmp > 1) {
		rtb_sb_printf(&b, "Lowest median: %s; smallest p99-p50 (most consistent): %s.",
			      c->labels[fast], c->labels[steady]);
	}
	if (b.failed) {
		rtb_sb_free(&b);
		return RTB_ENOMEM;
	}
	/* trim a trailing space */
	if (b.len && b.s[b.len - 1] == ' ')
		b.s[--b.len] = 0;
	cm->summary = b.s ? b.s : strdup("");
	return cm->summary ? 0 : RTB_ENOMEM;
}

/* cell_rounds - the file's round medians and p99s as doubles. */
static int cell_rounds(struct rtb_cmp_cell *ce)
{
	const struct rtb_rf_metric *m = ce->m;

	ce->nr = 0;
	if (!m->nrounds) {
		/* one round: the whole run is its only round */
		ce->r50 = malloc(sizeof(double));
		ce->r99 = malloc(sizeof(double));
		if (!ce->r50 || !ce->r99)
			return RTB_ENOMEM;
		ce->r50[0] = (double)m->pct[0];
		ce->r99[0] = (double)m->pct[2];
		ce->nr = 1;
		return 0;
	}
	ce->r50 = malloc(m->nrounds * sizeof(double));
	ce->r99 = malloc(m->nrounds * sizeof(double));
	if (!ce->r50 || !ce->r99)
		return RTB_ENOMEM;
	for (size_t k = 0; k < m->nrounds; k++) {
		ce->r50[k] = (double)m->rounds[k].p50;
		ce->r99[k] = (double)m->rounds[k].p99;
	}
	ce->nr = m->nrounds;
	return 0;
}

static int cmp_metric(struct rtb_cmp *c, struct rtb_cmp_metric *cm)
{
	struct rtb_cmp_cell *bc;
	size_t i;
	int rc;

	cm->base = -1;
	for (i = 0; i < c->nsys; i++) {
		struct rtb_cmp_cell *ce = &cm->cell[i];

		ce->m = rtb_rf_find(&c->sys[i], cm->id);
		ce->usable = ce->m && ce->m->has_stats;
		if (!ce->usable)
			continue;
		cm->nusable++;
		if (cm->base < 0)
			cm->base = (int)i;
		rc = rtb_dist_from_metric(ce->m, &ce->dist);
		if (rc == RTB_ENOMEM)
			return rc;
		ce->has_dist = rc == 0;
		if ((rc = cell_rounds(ce)))
			return rc;
	}
	/* Mixed inputs: when a file has only a histogram, every file is taken
	 * from its histogram, so both sides are binned the same way (samples
	 * against bucket midpoints make ties and offsets that a rank statistic
	 * reads as a difference). */
	int any_hist = 0;
	for (i = 0; i < c->nsys; i++)
		any_hist |= cm->cell[i].has_dist && cm->cell[i].dist.from_hist;
	for (i = 0; i < c->nsys && any_hist; i++) {
		struct rtb_cmp_cell *ce = &cm->cell[i];
		struct rtb_dist h;

		if (!ce->has_dist || ce->dist.from_hist)
			continue;
		rc = rtb_dist_from_hist(ce->m, &h);
		if (rc == RTB_ENOMEM)
			return rc;
		rtb_dist_free(&ce->dist);
		ce->dist = h;
		ce->has_dist = rc == 0;
	}
	if (cm->base >= 0) {
		bc = &cm->cell[cm->base];
		for (i = 0; i < c->nsys; i++) {
			struct rtb_cmp_cell *ce = &cm->cell[i];

			if (!ce->usable || (int)i == cm->base)
				continue;
			ce->has_diff = 1;
			ce->d_mean = cmp_rel(ce->m->mean, bc->m->mean);
			ce->d_p50 = cmp_rel((double)ce->m->pct[0], (double)bc->m->pct[0]);
			ce->d_p99 = cmp_rel((double)ce->m->pct[2], (double)bc->m->pct[2]);
			ce->d_p999 = ce->m->has_pct[3] && bc->m->has_pct[3] ?
				cmp_rel((double)ce->m->pct[3], (double)bc->m->pct[3]) : NAN;
			if (!cmp_noisy(c, i) && !cmp_noisy(c, (size_t)cm->base)) {
				struct rtb_vd_side sa = { bc->r50, bc->r99, bc->nr };
				struct rtb_vd_side sb = { ce->r50, ce->r99, ce->nr };
				ce->has_vd = rtb_verdict_compute(&sa, &sb, c->alpha, &ce->vd) == 0;
				ce->significant = ce->has_vd && (ce->vd.kind == RTB_VD_LOWER ||
								 ce->vd.kind == RTB_VD_HIGHER);
			}
			ce->d_max = cmp_rel((double)ce->m->max, (double)bc->m->max);
			if (ce->has_dist && bc->has_dist && !cmp_noisy(c, i) &&
			    !cmp_noisy(c, (size_t)cm->base)) {
				rc = rtb_mwu_test(&bc->dist, &ce->dist, &ce->mwu);
				if (rc == RTB_ENOMEM)
					return rc;
				ce->has_test = rc == 0;
				/* mwu's effect size is P(B > A) + ties/2 with A the
				 * baseline: this system lower = 1 - that */
				ce->p_lower = 1 - ce->mwu.p_b_gt_a;
				if (ce->has_test && (ce->dist.from_hist || bc->dist.from_hist))
					c->any_hist_test = 1;
			}
		}
	}
	if ((rc = cmp_metric_notes(c, cm)))
		return rc;
	return cmp_summary(c, cm);
}

/* cmp_labels - each system's label, made unique so columns can be told apart. */
static int cmp_labels(struct rtb_cmp *c)
{
	size_t i, j;

	for (i = 0; i < c->nsys; i++) {
		int dup = 0;

		for (j = 0; j < c->nsys; j++)
			dup |= j != i && !strcmp(c->sys[i].label, c->sys[j].label);
		c->labels[i] = dup ? rtb_sb_strdup_printf("%s#%zu", c->sys[i].label, i + 1) :
			strdup(c->sys[i].label);
		if (!c->labels[i])
			return RTB_ENOMEM;
	}
	return 0;
}

int rtb_cmp_build(struct rtb_cmp *c, struct rtb_rf *files, size_t n, double alpha)
{
	size_t i, j, k, cap = 0;
	int rc;

	memset(c, 0, sizeof(*c));
	c->sys = files;
	c->nsys = n > RTB_CMP_MAX_SYS ? RTB_CMP_MAX_SYS : n;
	c->alpha = alpha;
	if ((rc = cmp_labels(c)))
		return rc;
	for (i = 0; i < c->nsys; i++)
		cap += files[i].nmetrics;
	c->metrics = calloc(cap + 1, sizeof(*c->metrics));
	if (!c->metrics)
		return RTB_ENOMEM;
	/* metrics in order of first appearance, first file first; ids seen
	 * are hashed (pairwise matching was quadratic: 100k metrics, 100 s) */
	size_t hcap = 16, *seen, h;
	while (hcap < 2 * cap + 2)
		hcap *= 2;
	seen = calloc(hcap, sizeof(*seen));
	if (!seen)
		return RTB_ENOMEM;
	for (i = 0; i < c->nsys; i++) {
		for (j = 0; j < files[i].nmetrics; j++) {
			const struct rtb_rf_metric *m = &files[i].metrics[j];

			for (h = rtb_id_hash(m->id) & (hcap - 1); seen[h]; h = (h + 1) & (hcap - 1))
				if (!strcmp(c->metrics[seen[h] - 1].id, m->id))
					break;
			if (seen[h])
				continue;
			k = c->nmetrics;
			seen[h] = k + 1;
			c->metrics[k].id = m->id;
			c->metrics[k].title = m->title;
			c->metrics[k].study_table = m->study_table;
			c->metrics[k].unit = m->unit;
			c->nmetrics++;
		}
	}
	free(seen);
	for (k = 0; k < c->nmetrics; k++) {
		if ((rc = cmp_metric(c, &c->metrics[k])))
			return rc;
	}
	return cmp_run_notes(c);
}

static void cmp_free_list(char **l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

void rtb_cmp_free(struct rtb_cmp *c)
{
	size_t i, k;

	for (k = 0; k < c->nmetrics; k++) {
		struct rtb_cmp_metric *cm = &c->metrics[k];

		for (i = 0; i < RTB_CMP_MAX_SYS; i++) {
			rtb_dist_free(&cm->cell[i].dist);
			free(cm->cell[i].r50);
			free(cm->cell[i].r99);
		}
		cmp_free_list(cm->notes, cm->nnotes);
		free(cm->summary);
	}
	free(c->metrics);
	cmp_free_list(c->notes, c->nnotes);
	for (i = 0; i < RTB_CMP_MAX_SYS; i++)
		free(c->labels[i]);
	memset(c, 0, sizeof(*c));
}
