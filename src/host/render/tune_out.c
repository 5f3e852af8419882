/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tune`'s outputs: text, JSON and the drop-in.
 * Every figure printed was measured: a figure with fewer than 2 rounds a
 * side is "untested", never a guess. */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/base/strbuf.h"
#include "host/base/write_atomic.h"
#include "host/render/render.h"
#include "host/render/tune_out.h"
#include "rtbench/err.h"

/* fig - a figure in its unit: us for times, % of samples for "over". */
static void fig(char *out, size_t len, int st, double v)
{
	if (st == RTB_TUS_OVER)
		snprintf(out, len, "%.3g%%", 100.0 * v);
	else
		snprintf(out, len, "%.1f us", v / 1000.0);
}

/* eff - the shift and its interval, signed. */
static void eff(char *out, size_t len, int st, const struct rtb_tune_effect *e)
{
	if (st == RTB_TUS_OVER)
		snprintf(out, len, "%+.3g pts [%+.3g, %+.3g]", 100 * e->shift, 100 * e->lo, 100 * e->hi);
	else
		snprintf(out, len, "%+.1f us [%+.4g, %+.4g] (%+.1f%%)", e->shift / 1000, e->lo / 1000, e->hi / 1000,
			 e->vd.shift_pct);
}

/* knob_text - one knob's block. */
static void knob_text(FILE *f, const struct rtb_tune_knob *k)
{
	fprintf(f, "\n%s: %s\n", k->name, k->does);
	if (k->risk[0])
		fprintf(f, "  risk: %s\n", k->risk);
	fprintf(f, "  set: %s\n  read before: %s\n  read after:  %s\n", k->set_to, k->before, k->after);
	fprintf(f, "  rounds as run (A without, B with): %s%s%s\n", k->order, k->failed_rounds ? "; failed rounds: " : "",
		k->failed_rounds ? k->failed_why : "");
	fprintf(f, "  verdict: %s (each test at alpha %.2g)\n", rtb_tune_kind_phrase(k->kind), k->alpha_each);
	fprintf(f, "  %-28s %-6s %11s %11s  %-40s %s\n", "metric", "figure", "A", "B", "B - A [interval]", "verdict");
	for (int i = 0; i < k->ns; i++)
		for (int st = 0; st < RTB_TUS_N; st++) {
			const struct rtb_tune_effect *e = &k->s[i].e[st];
			char a[32], b[32], d[80];
			if (!e->tested) {
				fprintf(f, "  %-28s %-6s %11s %11s  %-40s %s\n", st ? "" : k->s[i].id, rtb_tune_stat_name[st],
					"-", "-", "-", "untested (a round's figure missing or 0)");
				continue;
			}
			fig(a, sizeof(a), st, e->a);
			fig(b, sizeof(b), st, e->b);
			eff(d, sizeof(d), st, e);
			fprintf(f, "  %-28s %-6s %11s %11s  %-40s %s (noise +-%.2g%s)\n", st ? "" : k->s[i].id,
				rtb_tune_stat_name[st], a, b, d, rtb_vd_kind_phrase(e->vd.kind), e->vd.noise_pct,
				st == RTB_TUS_OVER ? " pts" : "%");
		}
	if (k->dropped_metrics)
		fprintf(f, "  (%d metric(s) past the first %d not judged)\n", k->dropped_metrics, RTB_TUNE_MAX_METRICS);
}

void rtb_render_tune_text(FILE *f, const struct rtb_tune_run *t)
{
	fprintf(f, "rtbench tune: %s on CPU %s, %d rounds a side (A without the knob, B with it; each pair's "
		"order by a coin, seed %lu), %d samples a CPU a round, period %d us, crossing = samples over %d us\n",
		t->tests, t->cpus, t->rounds, t->seed, t->samples, t->period_us, t->over_us);
	fprintf(f, "A figure's effect: B's rounds against A's, compare's verdict: p50 Welch's t on log round "
		"figures, p99/p99.9/max also every round of one side beyond the other's, crossing rate Welch's t "
		"on the rounds' fractions; intervals at 1 - alpha/(metrics x 5) (Bonferroni, alpha %.2g a knob); "
		"an effect is called only beyond the rounds' own spread (noise). docs/tuning.md\n", t->alpha);
	fprintf(f, "doctor: %s. wall time %.1f s%s; %s\n", t->doctor, t->wall_s,
		t->complete ? "" : " (STOPPED before every round ran)", t->restored);
	for (int i = 0; i < t->nk; i++)
		if (t->k[i].applicable)
			knob_text(f, &t->k[i]);
	if (t->has_together)
		knob_text(f, &t->together);
	else
		fprintf(f, "\ntogether: %s\n", t->together_why[0] ? t->together_why : "not measured");
	fprintf(f, "\nnot measured:\n");
	for (int i = 0; i < t->nk; i++)
		if (!t->k[i].applicable)
			fprintf(f, "  %s: %s\n", t->k[i].name, t->k[i].why_not);
	fprintf(f, "\nA VM's figures include the host's scheduling of the vCPUs: an effect found here holds for "
		"this guest on this host, not for bare metal (docs/tuning.md).\n");
}

/* num - a finite number or null. */
/* effect_json - one figure's effect. */
static json_t *effect_json(int st, const struct rtb_tune_effect *e)
{
	json_t *o = json_object();

	json_object_set_new(o, "figure", json_string(rtb_tune_stat_name[st]));
	json_object_set_new(o, "tested", json_boolean(e->tested));
	if (!e->tested)
		return o;
	json_object_set_new(o, "unit", json_string(st == RTB_TUS_OVER ? "fraction" : "ns"));
	json_object_set_new(o, "a", rtb_render_jnum(e->a));
	json_object_set_new(o, "b", rtb_render_jnum(e->b));
	json_object_set_new(o, "shift", rtb_render_jnum(e->shift));
	json_object_set_new(o, "lo", rtb_render_jnum(e->lo));
	json_object_set_new(o, "hi", rtb_render_jnum(e->hi));
	json_object_set_new(o, "shift_pct", rtb_render_jnum(e->vd.shift_pct));
	json_object_set_new(o, "lo_pct", rtb_render_jnum(e->vd.ci_lo_pct));
	json_object_set_new(o, "hi_pct", rtb_render_jnum(e->vd.ci_hi_pct));
	json_object_set_new(o, "noise_pct", rtb_render_jnum(e->vd.noise_pct));
	json_object_set_new(o, "p", rtb_render_jnum(e->vd.p));
	json_object_set_new(o, "resolution_ns", rtb_render_jnum(e->resolution_ns));
	json_object_set_new(o, "verdict", json_string(e->vd.kind == RTB_VD_LOWER ? "lower" :
						       e->vd.kind == RTB_VD_HIGHER ? "higher" : "noise"));
	return o;
}

/* knob_json - one knob. */
static json_t *knob_json(const struct rtb_tune_knob *k)
{
	json_t *o = json_object(), *ms = json_array();

	json_object_set_new(o, "name", json_string(k->name));
	json_object_set_new(o, "doctor_check", k->check[0] ? json_string(k->check) : json_null());
	json_object_set_new(o, "does", json_string(k->does));
	json_object_set_new(o, "risk", json_string(k->risk));
	json_object_set_new(o, "applicable", json_boolean(k->applicable));
	json_object_set_new(o, "verdict", json_string(rtb_tune_kind_key(k->kind)));
	if (!k->applicable) {
		json_object_set_new(o, "why_not", json_string(k->why_not));
		return o;
	}
	json_object_set_new(o, "set", json_string(k->set_to));
	json_object_set_new(o, "read_before", json_string(k->before));
	json_object_set_new(o, "read_after", json_string(k->after));
	json_object_set_new(o, "order", json_string(k->order));
	json_object_set_new(o, "failed_rounds", json_integer(k->failed_rounds));
	json_object_set_new(o, "alpha_each", rtb_render_jnum(k->alpha_each));
	json_object_set_new(o, "sysctl", k->sysctl[0] ? json_string(k->sysctl) : json_null());
	json_object_set_new(o, "commands", json_string(k->cmd));
	for (int i = 0; i < k->ns; i++) {
		json_t *m = json_object(), *fs = json_array();
		json_object_set_new(m, "id", json_string(k->s[i].id));
		json_object_set_new(m, "rounds_a", json_integer((json_int_t)k->s[i].n[0]));
		json_object_set_new(m, "rounds_b", json_integer((json_int_t)k->s[i].n[1]));
		for (int st = 0; st < RTB_TUS_N; st++)
			json_array_append_new(fs, effect_json(st, &k->s[i].e[st]));
		json_object_set_new(m, "effects", fs);
		json_array_append_new(ms, m);
	}
	json_object_set_new(o, "metrics", ms);
	return o;
}

int rtb_render_tune_json(const char *path, const struct rtb_tune_run *t)
{
	json_t *o = json_object(), *ks = json_array(), *s = json_object();
	char *text;
	int rc;

	json_object_set_new(o, "schema", json_string(RTB_TUNE_SCHEMA));
	json_object_set_new(o, "schema_version", json_integer(RTB_TUNE_SCHEMA_VERSION));
	json_object_set_new(o, "tool", json_pack("{s:s,s:s}", "name", "rtbench", "version", t->version));
	json_object_set_new(o, "date_utc", json_string(t->date_utc));
	json_object_set_new(o, "command_line", json_string(t->command_line));
	json_object_set_new(o, "complete", json_boolean(t->complete));
	json_object_set_new(o, "stop_signal", t->stop_signal ? json_integer(t->stop_signal) : json_null());
	json_object_set_new(o, "wall_s", rtb_render_jnum(t->wall_s));
	json_object_set_new(o, "restored", json_string(t->restored));
	json_object_set_new(o, "doctor", json_string(t->doctor));
	json_object_set_new(s, "tests", json_string(t->tests));
	json_object_set_new(s, "cpus", json_string(t->cpus));
	json_object_set_new(s, "samples", json_integer(t->samples));
	json_object_set_new(s, "period_us", json_integer(t->period_us));
	json_object_set_new(s, "over_us", json_integer(t->over_us));
	json_object_set_new(s, "rounds", json_integer(t->rounds));
	json_object_set_new(s, "seed", json_integer((json_int_t)t->seed));
	json_object_set_new(s, "alpha", rtb_render_jnum(t->alpha));
	json_object_set_new(s, "test_knobs", json_boolean(t->test_knobs));
	json_object_set_new(s, "test_delay_ns", t->test_knobs ? json_integer(t->test_delay_ns) : json_null());
	json_object_set_new(o, "settings", s);
	for (int i = 0; i < t->nk; i++)
		json_array_append_new(ks, knob_json(&t->k[i]));
	json_object_set_new(o, "knobs", ks);
	json_object_set_new(o, "together", t->has_together ? knob_json(&t->together) : json_null());
	json_object_set_new(o, "together_why", json_string(t->has_together ? "" : t->together_why));
	text = json_dumps(o, JSON_INDENT(1) | JSON_ENSURE_ASCII);
	json_decref(o);
	if (!text)
		return RTB_ENOMEM;
	struct rtb_sb b = { 0 };
	rtb_sb_printf(&b, "%s\n", text);
	free(text);
	rc = b.failed ? RTB_ENOMEM : rtb_atomic_write(path, rtb_sb_cstr(&b), b.len);
	rtb_sb_free(&b);
	return rc;
}

int rtb_render_tune_dropin(const char *prefix, const struct rtb_tune_run *t)
{
	struct rtb_sb c = { 0 }, s = { 0 };
	char path[1024];
	int n = 0, rc;

	rtb_sb_printf(&c, "# rtbench tune %s: the knobs that helped here (verdict \"helps\"), as sysctl.d lines.\n"
		      "# Measured on CPU %s with %s; docs/tuning.md says what each risks.\n", t->date_utc, t->cpus,
		      t->tests);
	rtb_sb_printf(&s, "#!/bin/sh\n# rtbench tune %s: the knobs that helped here (verdict \"helps\"), as commands\n"
		      "# (as root; lost at reboot). Measured on CPU %s with %s; docs/tuning.md says what each risks.\n"
		      "set -e\n", t->date_utc, t->cpus, t->tests);
	for (int i = 0; i < t->nk; i++) {
		const struct rtb_tune_knob *k = &t->k[i];
		if (k->kind != RTB_TUK_HELPS || !strncmp(k->name, "test.", 5))
			continue;
		n++;
		if (k->sysctl[0])
			rtb_sb_printf(&c, "# %s\n%s\n", k->does, k->sysctl);
		rtb_sb_printf(&s, "# %s (risk: %s)\n%s", k->does, k->risk, k->cmd);
	}
	if (!n) {
		rtb_sb_puts(&c, "# no knob helped beyond run-to-run noise: nothing to set\n");
		rtb_sb_puts(&s, "# no knob helped beyond run-to-run noise: nothing to set\n");
	}
	snprintf(path, sizeof(path), "%s.sysctl.conf", prefix);
	rc = c.failed ? RTB_ENOMEM : rtb_atomic_write(path, rtb_sb_cstr(&c), c.len);
	snprintf(path, sizeof(path), "%s.sh", prefix);
	if (!rc)
		rc = s.failed ? RTB_ENOMEM : rtb_atomic_write(path, rtb_sb_cstr(&s), s.len);
	rtb_sb_free(&c);
	rtb_sb_free(&s);
	return rc;
}
