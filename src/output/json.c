/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - JSON writer: one rtb_result as docs/json-schema.md describes.
 *
 * Hand-written rather than through a library because the measuring side
 * must build with libc alone (libjansson is a host-side dependency only).
 * Correctness rests on three small pieces: string escaping (RFC 8259, with
 * invalid UTF-8 replaced so the file always parses), number formatting that
 * round-trips, and one nesting helper (struct jw) that places every comma,
 * so no call site prints a separator by hand.
 *
 * Numbers: integers are printed exactly with PRId64. Doubles (mean, stddev,
 * ticks_per_ns, calib_ppm, extras) use the shortest of %.15g, %.16g, %.17g
 * that reads back to the same double: %.17g always round-trips but prints
 * 2.4500000000000002 for 2.45; %.15g is exact for every value that was
 * typed in decimal. NaN and infinities, which JSON cannot represent, are
 * written as null. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/output.h"

#ifndef RTB_VERSION
#define RTB_VERSION ""
#endif

/* JSON key of each rtb_pct_levels entry, same order. */
static const char *const pct_keys[RTB_NPCT] = {
	"p50", "p90", "p99", "p99_9", "p99_99", "p99_999"
};

#define JW_MAXDEPTH 12

/* A JSON writer: per nesting level, how many items were written and how
 * many go on one line (1: one per line; N: N per line; 0: all on one line,
 * for small objects such as "tool"). */
struct jw {
	struct rtb_sink *f;
	int depth;
	struct { long n; int wrap; } lv[JW_MAXDEPTH];
};

static void indent(struct rtb_sink *f, int depth)
{
	for (int i = 0; i < depth; i++)
		rtb_sink_puts(f, "  ");
}

/* sep - what goes before the next item at the current level. */
static void sep(struct jw *w)
{
	int d = w->depth;
	long n = w->lv[d].n++;
	int wrap = w->lv[d].wrap;

	if (n > 0)
		rtb_sink_putc(w->f, ',');
	if (wrap == 0) {
		if (n > 0)
			rtb_sink_putc(w->f, ' ');
	} else if (n % wrap == 0) {
		rtb_sink_putc(w->f, '\n');
		indent(w->f, d);
	} else {
		rtb_sink_putc(w->f, ' ');
	}
}

static void key(struct jw *w, const char *k)
{
	sep(w);
	if (k) {
		rtb_json_escape(w->f, k);
		rtb_sink_puts(w->f, ": ");
	}
}

/* jw_begin - start an object or array right here (key or separator
 * already written) whose items go `wrap` per line. */
static void jw_begin(struct jw *w, char bracket, int wrap)
{
	rtb_sink_putc(w->f, bracket);
	if (w->depth + 1 < JW_MAXDEPTH) {
		w->depth++;
		w->lv[w->depth].n = 0;
		w->lv[w->depth].wrap = wrap;
	}
}

/* jw_open - start an object or array as the value of key k (or as an array
 * element when k is NULL). */
static void jw_open(struct jw *w, const char *k, char bracket, int wrap)
{
	key(w, k);
	jw_begin(w, bracket, wrap);
}

static void jw_close(struct jw *w, char bracket)
{
	int d = w->depth;

	if (w->lv[d].wrap != 0 && w->lv[d].n > 0) {
		rtb_sink_putc(w->f, '\n');
		indent(w->f, d - 1);
	}
	rtb_sink_putc(w->f, bracket);
	if (d > 0)
		w->depth--;
}

/* escape_n - s[0..n) as a JSON string literal. */
static void escape_n(struct rtb_sink *f, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;

	rtb_sink_putc(f, '"');
	while (i < n) {
		unsigned c = p[i];
		size_t len;
		uint32_t cp;

		if (c < 0x80) {
			switch (c) {
			case '"':  rtb_sink_puts(f, "\\\""); break;
			case '\\': rtb_sink_puts(f, "\\\\"); break;
			case '\n': rtb_sink_puts(f, "\\n"); break;
			case '\r': rtb_sink_puts(f, "\\r"); break;
			case '\t': rtb_sink_puts(f, "\\t"); break;
			case '\b': rtb_sink_puts(f, "\\b"); break;
			case '\f': rtb_sink_puts(f, "\\f"); break;
			default:
				if (c < 0x20)
					rtb_sink_printf(f, "\\u%04x", c);
				else
					rtb_sink_putc(f, (char)c);
			}
			i++;
			continue;
		}
		/* Valid UTF-8 passes through unchanged. Anything else (a
		 * Latin-1 hostname, a truncated sequence at the end of a fixed
		 * char array) becomes U+FFFD so the file still parses. */
		if (c >= 0xc2 && c <= 0xdf) {
			len = 2;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			len = 3;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			len = 4;
			cp = c & 0x07;
		} else {
			len = 0;
			cp = 0;
		}
		if (len && i + len <= n) {
			size_t k;
			for (k = 1; k < len && (p[i + k] & 0xc0) == 0x80; k++)
				cp = (cp << 6) | (p[i + k] & 0x3f);
			/* reject short sequences, overlong 3/4-byte forms,
			 * surrogates and code points past U+10FFFF */
			if (k < len || (len == 3 && cp < 0x800) ||
			    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
			    (cp >= 0xd800 && cp <= 0xdfff))
				len = 0;
		} else {
			len = 0;
		}
		if (len) {
			rtb_sink_write(f, p + i, len);
			i += len;
		} else {
			rtb_sink_puts(f, "\\ufffd");
			i++;
		}
	}
	rtb_sink_putc(f, '"');
}

/* rtb_json_escape - s as a JSON string literal; NULL is written as null. */
void rtb_json_escape(struct rtb_sink *f, const char *s)
{
	if (!s) {
		rtb_sink_puts(f, "null");
		return;
	}
	escape_n(f, s, strlen(s));
}

/* put_double - shortest round-tripping %g form, or null (see top). */
static void put_double(struct rtb_sink *f, double x)
{
	char buf[40];

	if (!isfinite(x)) {
		rtb_sink_puts(f, "null");
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	/* A locale with a decimal comma would make this invalid JSON. */
	for (char *c = buf; *c; c++)
		if (*c == ',')
			*c = '.';
	rtb_sink_puts(f, buf);
}

/* Key-value helpers. String fields are fixed char arrays that might not be
 * terminated if a filler got it wrong, so they are read up to their size. */
#define STR(w, k, field) put_strn((w), (k), (field), sizeof(field))

static void put_strn(struct jw *w, const char *k, const char *s, size_t max)
{
	key(w, k);
	if (s)
		escape_n(w->f, s, strnlen(s, max));
	else
		rtb_sink_puts(w->f, "null");
}

static void put_int(struct jw *w, const char *k, int64_t v)
{
	key(w, k);
	rtb_sink_printf(w->f, "%" PRId64, v);
}

static void put_uint(struct jw *w, const char *k, uint64_t v)
{
	key(w, k);
	rtb_sink_printf(w->f, "%" PRIu64, v);
}

/* put_int_or_null - v, or null when v is the field's "unknown / not
 * applicable" sentinel. */
static void put_int_or_null(struct jw *w, const char *k, int64_t v,
			    int64_t null_value)
{
	key(w, k);
	if (v == null_value)
		rtb_sink_puts(w->f, "null");
	else
		rtb_sink_printf(w->f, "%" PRId64, v);
}

static void put_dbl(struct jw *w, const char *k, double v)
{
	key(w, k);
	put_double(w->f, v);
}

static void put_bool(struct jw *w, const char *k, int v)
{
	key(w, k);
	rtb_sink_puts(w->f, v ? "true" : "false");
}

static void put_null(struct jw *w, const char *k)
{
	key(w, k);
	rtb_sink_puts(w->f, "null");
}

/* write_emulation - "emulation": null on real hardware, else the emulator
 * (docs/json-schema.md); version/machine/accel "" and vcpus 0 are unknown:
 * null. */
static void write_emulation(struct jw *w, const struct rtb_emulation *e)
{
	if (!e->present) {
		put_null(w, "emulation");
		return;
	}
	jw_open(w, "emulation", '{', 0);
	STR(w, "emulator", e->emulator);
	if (e->version[0])
		STR(w, "version", e->version);
	else
		put_null(w, "version");
	if (e->machine[0])
		STR(w, "machine", e->machine);
	else
		put_null(w, "machine");
	put_int(w, "icount_shift", e->icount_shift);
	put_int_or_null(w, "vcpus", e->vcpus, 0);
	if (e->accel[0])
		STR(w, "accel", e->accel);
	else
		put_null(w, "accel");
	jw_close(w, '}');
}

static void write_system(struct jw *w, const struct rtb_fingerprint *fp)
{
	jw_open(w, "system", '{', 1);
	STR(w, "os", fp->os);
	STR(w, "hostname", fp->hostname);
	STR(w, "kernel_release", fp->os_release);  /* the OS release */
	STR(w, "machine", fp->machine);
	STR(w, "preempt_model", fp->preempt_model);
	if (fp->realtime < 0)
		put_null(w, "realtime_kernel");
	else
		put_bool(w, "realtime_kernel", fp->realtime);
	STR(w, "cpu_model", fp->cpu_model);
	put_int(w, "ncpus", fp->ncpus);
	STR(w, "clocksource", fp->clocksource);
	STR(w, "virtualization", fp->virt);
	put_int_or_null(w, "rr_timeslice_ms", fp->rr_quantum_ms, -2);
	/* the port's own facts, each under its key (a fact that would repeat
	 * a key above is left out) */
	for (int i = 0; i < fp->nfacts && i < RTB_MAX_FACTS; i++) {
		static const char *const taken[] = {
			"os", "hostname", "kernel_release", "machine", "preempt_model",
			"realtime_kernel", "cpu_model", "ncpus", "clocksource",
			"virtualization", "rr_timeslice_ms", "emulation",
		};
		const struct rtb_fact *f = &fp->facts[i];
		int dup = 0;
		for (size_t k = 0; k < sizeof(taken) / sizeof(taken[0]) && !dup; k++)
			dup = !strncmp(f->key, taken[k], sizeof(f->key));
		for (int k = 0; k < i && !dup; k++)
			dup = !strncmp(f->key, fp->facts[k].key, sizeof(f->key));
		if (dup || !f->key[0])
			continue;
		if (!f->integer) {
			put_strn(w, f->key, f->value, sizeof(f->value));
			continue;
		}
		/* -2 / empty = could not be read; -1 is a real value (Linux:
		 * no RT throttling) */
		char *end;
		long long v = strtoll(f->value, &end, 10);
		if (!f->value[0] || *end)
			put_null(w, f->key);
		else
			put_int(w, f->key, v);
	}
	write_emulation(w, &fp->emulation);
	jw_close(w, '}');
}

static void write_clock(struct jw *w, const struct rtb_result *r)
{
	const struct rtb_clock_info *c = &r->clock;

	jw_open(w, "clock", '{', 1);
	STR(w, "source", c->source);
	put_bool(w, "invariant", c->invariant);
	put_dbl(w, "ticks_per_ns", c->ticks_per_ns);
	put_int(w, "calib_window_ns", c->calib_window_ns);
	put_dbl(w, "calib_ppm", c->calib_ppm);
	put_int(w, "timer_resolution_ns", c->mono_res_ns);
	put_int(w, "read_ns", r->clock_read_ns);
	put_int(w, "bare_read_ns", r->clock_bare_read_ns);
	put_int(w, "loop_overhead_ns", r->loop_overhead_ns);
	if (r->xcpu.measured) {
		jw_open(w, "xcpu", '{', 0);
		put_int(w, "cpu_a", r->xcpu.cpu_a);
		put_int(w, "cpu_b", r->xcpu.cpu_b);
		put_int(w, "offset_ns", r->xcpu.offset_ns);
		put_int(w, "rtt_ns", r->xcpu.rtt_ns);
		put_uint(w, "rounds", r->xcpu.rounds);
		put_uint(w, "violations", r->xcpu.violations);
		jw_close(w, '}');
	} else {
		put_null(w, "xcpu");
	}
	STR(w, "note", c->note);
	jw_close(w, '}');
}

static void write_settings(struct jw *w, const struct rtb_settings *s)
{
	jw_open(w, "settings", '{', 1);
	put_int(w, "samples", s->samples);
	put_int(w, "rounds", s->rounds > 0 ? s->rounds : 1);
	put_int(w, "period_ns", s->period_ns);
	put_int(w, "deadline_ns", s->deadline_ns);
	put_int(w, "cpu", s->cpu);
	put_int(w, "prio", s->prio);
	put_bool(w, "rt_requested", s->rt_requested);
	put_bool(w, "rt_granted", s->rt_granted);
	put_bool(w, "mlocked", s->mlocked);
	put_int_or_null(w, "idle_latency_held_us", s->idle_latency_held_us, -1);
	put_int_or_null(w, "rr_timeslice_ms_used", s->rr_timeslice_ms_used, -1);
	put_int(w, "rr_interval_ns", s->rr_interval_ns);
	put_int_or_null(w, "rt_runtime_us_used", s->rt_runtime_us_used, -2);
	STR(w, "load", s->load);
	if (!s->trace_requested) {
		put_null(w, "trace");
	} else {
		jw_open(w, "trace", '{', 0);
		put_bool(w, "traced", s->traced);
		STR(w, "note", s->trace_note);
		jw_close(w, '}');
	}
	if (s->brk.ns > 0) {
		/* --break-us: and the sample that stopped the run */
		jw_open(w, "break", '{', 0);
		put_int(w, "us", s->brk.ns / 1000);
		put_bool(w, "hit", s->brk.hit);
		if (s->brk.hit) {
			STR(w, "metric", s->brk.id);
			put_int(w, "sample_ns", s->brk.sample_ns);
		}
		jw_close(w, '}');
	}
	if (s->duration_ns > 0) {
		/* run --duration (core/long.c; docs/long-runs.md) */
		jw_open(w, "long_run", '{', 1);
		put_int(w, "duration_ns", s->duration_ns);
		put_int(w, "interval_ns", s->interval_ns);
		put_int(w, "measured_ns", s->measured_ns);
		STR(w, "ended", s->ended);
		put_int_or_null(w, "signal", s->end_signal, 0);
		STR(w, "cpus", s->cpus);
		put_int(w, "ncpus", s->ncpus_measured);
		put_int_or_null(w, "housekeeping_cpu", s->housekeeping_cpu, -1);
		jw_close(w, '}');
	}
	jw_close(w, '}');
}

/* write_hm - what a histogram-mode metric adds (rtbench/hmetric.h): where
 * its percentiles come from and how fine they are, the worst samples with
 * their time and CPU, its interval series. */
static void write_hm(struct jw *w, const struct rtb_metric *m)
{
	const struct rtb_hm *h = m->hm;

	put_strn(w, "mode", "histogram", SIZE_MAX);
	jw_open(w, "percentiles", '{', 0);
	put_strn(w, "from", "histogram", SIZE_MAX);
	put_dbl(w, "resolution_pct", rtb_hist_resolution_pct(&m->hist));
	put_strn(w, "reported_as", "lower edge of the bucket, clamped to min..max", SIZE_MAX);
	jw_close(w, '}');
	put_uint(w, "samples_kept", h->nres);
	jw_open(w, "worst", '[', 2);
	for (int i = 0; i < h->nworst; i++) {
		jw_open(w, NULL, '{', 0);
		put_int(w, "ns", h->worst[i].ns);
		put_int(w, "t_ns", h->worst[i].t_ns);
		put_int(w, "cpu", h->worst[i].cpu);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	if (!h->series) {
		put_null(w, "intervals");
		return;
	}
	jw_open(w, "intervals", '[', 1);
	for (size_t i = 0; i < h->nseries; i++) {
		const struct rtb_hm_interval *iv = &h->series[i];
		jw_open(w, NULL, '{', 0);
		put_int(w, "start_ns", iv->start_ns);
		put_int(w, "end_ns", iv->end_ns);
		put_uint(w, "count", iv->count);
		if (iv->count) {
			put_int(w, "p50_ns", iv->p50_ns);
			put_int(w, "p99_ns", iv->p99_ns);
			put_int(w, "max_ns", iv->max_ns);
		} else {
			put_null(w, "p50_ns");
			put_null(w, "p99_ns");
			put_null(w, "max_ns");
		}
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

static const char *const trace_kinds[] = { "none", "timer", "wake", "slice", "pi", "pingpong" };

/* write_trace - what the kernel's trace said about a metric (run --trace). */
/* write_worst - the worst samples explained (core/trace_worst.c). */
static void write_worst(struct jw *w, const struct rtb_metric_trace *t)
{
	struct rtb_trace_out names = { 0 };

	rtb_trace_comp_names(t->kind, &names);
	jw_open(w, "worst", '[', 1);
	for (int k = 0; k < t->nworst; k++) {
		const struct rtb_worst *x = &t->worst[k];
		jw_open(w, NULL, '{', 1);
		put_uint(w, "index", x->index);
		put_int(w, "sample_ns", x->sample_ns);
		put_bool(w, "break", x->broke);
		put_int(w, "cpu", x->x.cpu);
		put_int(w, "window_ns", x->x.window_ns);
		STR(w, "line", x->line);
		if (x->matched) {
			jw_open(w, "components", '{', 0);
			for (int q = 0; q < names.ncomp; q++)
				put_int(w, names.comp_name[q], x->comp_ns[q]);
			jw_close(w, '}');
		} else {
			put_null(w, "components");
		}
		jw_open(w, "held_by", '[', 1);
		for (int q = 0; q < x->x.ncause; q++) {
			const struct rtb_cause *c = &x->x.cause[q];
			jw_open(w, NULL, '{', 0);
			put_strn(w, "kind", rtb_cause_kind_name((enum rtb_cause_kind)c->kind), SIZE_MAX);
			STR(w, "name", c->name);
			put_int(w, "id", c->pid);
			put_int(w, "prio", c->prio);
			put_int(w, "ns", c->ns);
			put_dbl(w, "share", x->sample_ns > 0 ? (double)c->ns / (double)x->sample_ns : 0);
			put_uint(w, "count", c->count);
			put_int(w, "first_ns", c->first_ns);
			jw_close(w, '}');
		}
		jw_close(w, ']');
		put_int(w, "other_ns", x->x.other_ns);
		jw_close(w, '}');
	}
	jw_close(w, ']');
}

static void write_trace(struct jw *w, const struct rtb_metric_trace *t)
{
	jw_open(w, "trace", '{', 1);
	put_strn(w, "kind", trace_kinds[t->kind <= RTB_TRACE_PINGPONG ? t->kind : 0], SIZE_MAX);
	STR(w, "clock", t->clock);
	put_int(w, "tolerance_ns", t->tolerance_ns);
	put_uint(w, "samples", t->samples);
	put_uint(w, "matched", t->matched);
	put_uint(w, "agreeing", t->agree);
	put_dbl(w, "agreement", t->agreement);
	put_uint(w, "lost_events", t->lost_events);
	jw_open(w, "components", '[', 0);
	for (int k = 0; k < t->ncomp; k++)
		STR(w, NULL, t->components[k]);
	jw_close(w, ']');
	if (t->diff_id[0])
		STR(w, "difference", t->diff_id);
	else
		put_null(w, "difference");
	if (t->kind == RTB_TRACE_PI) {
		put_uint(w, "trials_boosted", t->boosted);
		put_uint(w, "trials_not_boosted", t->not_boosted);
		put_uint(w, "trials_holder_preempted", t->preempted);
	}
	/* the cost of watching: the untraced passes, pooled */
	jw_open(w, "untraced", '{', 0);
	put_int(w, "passes", t->untraced_passes);
	put_uint(w, "count", t->nuntraced);
	if (t->nuntraced) {
		put_int(w, "p50_ns", t->untraced_p50_ns);
		put_int(w, "p99_ns", t->untraced_p99_ns);
	} else {
		put_null(w, "p50_ns");
		put_null(w, "p99_ns");
	}
	jw_close(w, '}');
	/* every disagreeing sample, by index: never dropped silently */
	jw_open(w, "disagreements", '[', 4);
	for (size_t i = 0; i < t->ndis; i++) {
		const struct rtb_trace_disagreement *d = &t->dis[i];
		jw_open(w, NULL, '{', 0);
		put_uint(w, "index", d->index);
		put_strn(w, "why", rtb_trace_why_name((enum rtb_trace_why)d->why), SIZE_MAX);
		put_int_or_null(w, "diff_ns", d->diff_ns, INT64_MIN);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	write_worst(w, t);
	jw_close(w, '}');
}

/* write_footprint - what the run held (schema 2; all null when unknown). */
static void write_footprint(struct jw *w, const struct rtb_footprint *f)
{
	jw_open(w, "footprint", '{', 1);
	put_int_or_null(w, "heap_peak_bytes", (int64_t)f->heap_peak_bytes, 0);
	put_int_or_null(w, "stack_pool_bytes", (int64_t)f->stack_pool_bytes, 0);
	put_int_or_null(w, "stacks", f->stacks, 0);
	put_int_or_null(w, "stack_bytes", f->stack_bytes, 0);
	put_int_or_null(w, "metric_bytes", (int64_t)f->metric_bytes, 0);
	jw_close(w, '}');
}

static void write_histogram(struct jw *w, const struct rtb_hist *h, int with_counts)
{
	int have = with_counts && h->counts && h->nbuckets > 0;

	jw_open(w, "histogram", '{', 1);
	put_strn(w, "layout", "log-linear", SIZE_MAX);
	/* an unset histogram (metric never finished) still names the layout
	 * every metric uses */
	put_uint(w, "sub_bits", have ? h->sub_bits : RTB_HIST_SUB_BITS);
	put_uint(w, "top_bit", have ? h->top_bit : RTB_HIST_TOP_BIT);
	put_uint(w, "underflow", have ? h->underflow : 0);
	put_uint(w, "overflow", have ? h->overflow : 0);
	jw_open(w, "buckets", '[', 4);
	for (size_t i = 0; have && i < h->nbuckets; i++) {
		if (h->counts[i] == 0)
			continue;
		key(w, NULL);
		rtb_sink_printf(w->f, "[%" PRId64 ", %" PRId64 ", %" PRIu64 "]",
		    rtb_hist_bucket_lo(h, i), rtb_hist_bucket_hi(h, i),
		    h->counts[i]);
	}
	jw_close(w, ']');
	jw_close(w, '}');
}

static void write_metric(struct jw *w, const struct rtb_metric *m)
{
	/* Skipped and failed metrics measured nothing: count 0 and no
	 * statistics keys, whatever their arrays hold (json-schema.md). */
	int has_stats = (m->status == RTB_STATUS_OK ||
			 m->status == RTB_STATUS_PARTIAL) &&
			m->count > 0 && (m->samples || m->hm);
	size_t count = has_stats ? m->count : 0;
	const struct rtb_stats *st = &m->stats;

	jw_open(w, NULL, '{', 1);
	STR(w, "id", m->id);
	STR(w, "title", m->title);
	put_strn(w, "study_table", m->study_table, SIZE_MAX);
	put_strn(w, "unit", "ns", SIZE_MAX);
	put_strn(w, "status", rtb_status_name(m->status), SIZE_MAX);
	STR(w, "method", m->method);
	STR(w, "note", m->note);
	put_uint(w, "count", count);
	if (has_stats) {
		put_int(w, "min", st->min);
		put_dbl(w, "mean", st->mean);
		put_dbl(w, "stddev", st->stddev);
		for (int k = 0; k < RTB_NPCT; k++)
			put_int(w, pct_keys[k], st->pct[k]);
		put_int(w, "max", st->max);
	}
	if (m->has_first)
		put_int(w, "first", m->first_ns);
	else
		put_null(w, "first");
	put_uint(w, "invalid", m->invalid);
	put_uint(w, "overruns", m->overruns);
	put_uint(w, "missed", m->missed);
	put_int(w, "deadline_ns", m->deadline_ns);
	put_uint(w, "over_deadline", m->over_deadline);
	put_int(w, "elapsed_ns", m->elapsed_ns);

	/* rounds: each round's own statistics, and the between-round spread
	 * of the median and p99 (schema 2) */
	/* a long run's intervals are its rounds (compare and check judge
	 * them as they judge rounds); empty intervals are not rounds */
	jw_open(w, "rounds", '[', 1);
	for (size_t i = 0; m->hm && m->hm->series && has_stats && i < m->hm->nseries; i++) {
		const struct rtb_hm_interval *iv = &m->hm->series[i];
		if (!iv->count)
			continue;
		jw_open(w, NULL, '{', 0);
		put_uint(w, "count", iv->count);
		put_int(w, "p50_ns", iv->p50_ns);
		put_int(w, "p99_ns", iv->p99_ns);
		put_dbl(w, "mean_ns", iv->mean_ns);
		jw_close(w, '}');
	}
	for (int i = 0; i < m->nrounds && has_stats && !(m->hm && m->hm->series); i++) {
		const struct rtb_round *rd = &m->rounds[i];
		jw_open(w, NULL, '{', 0);
		put_uint(w, "count", rd->count);
		put_int(w, "p50_ns", rd->p50_ns);
		put_int(w, "p99_ns", rd->p99_ns);
		put_dbl(w, "mean_ns", rd->mean_ns);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	if (has_stats && m->nrounds >= 2 && !(m->hm && m->hm->series)) {
		jw_open(w, "round_spread", '{', 0);
		put_int(w, "p50_lo_ns", m->p50_spread.lo_ns);
		put_int(w, "p50_hi_ns", m->p50_spread.hi_ns);
		put_int(w, "p99_lo_ns", m->p99_spread.lo_ns);
		put_int(w, "p99_hi_ns", m->p99_spread.hi_ns);
		jw_close(w, '}');
	} else {
		put_null(w, "round_spread");
	}

	jw_open(w, "extras", '{', 0);
	for (int i = 0; i < m->nextra && i < RTB_MAX_EXTRAS; i++) {
		const struct rtb_extra *e = &m->extra[i];
		sep(w);
		escape_n(w->f, e->name, strnlen(e->name, sizeof(e->name)));
		rtb_sink_puts(w->f, ": ");
		jw_begin(w, '{', 0);
		put_dbl(w, "value", e->value);
		STR(w, "unit", e->unit);
		jw_close(w, '}');
	}
	jw_close(w, '}');
	if (m->trace_parent[0])
		STR(w, "trace_of", m->trace_parent);
	if (m->trace)
		write_trace(w, m->trace);

	write_histogram(w, &m->hist, has_stats);
	if (m->hm)
		write_hm(w, m);

	/* histogram mode: the reservoir (samples_kept of count), else all */
	const int64_t *sv = m->hm ? m->hm->res : m->samples;
	size_t sn = m->hm ? (has_stats ? m->hm->nres : 0) : count;
	jw_open(w, "samples", '[', 16);
	for (size_t i = 0; i < sn; i++) {
		key(w, NULL);
		rtb_sink_printf(w->f, "%" PRId64, sv[i]);
	}
	jw_close(w, ']');
	jw_close(w, '}');
}

/* write_doctor - what weakens latency on the measured CPUs (rtbench/doctor.h). */
static void write_doctor(struct jw *w, const struct rtb_doctor *d)
{
	char cpus[64];

	rtb_doc_cpulist_str(d->cpus, cpus, sizeof(cpus));
	jw_open(w, "doctor", '{', 1);
	STR(w, "cpus", cpus);
	put_int(w, "budget_ns", d->budget_ns);
	put_int(w, "weakens", d->weakens);
	put_int(w, "unknown", d->unknown);
	jw_open(w, "findings", '[', 1);
	for (int i = 0; i < d->n && i < RTB_MAX_FINDINGS; i++) {
		const struct rtb_finding *f = &d->f[i];
		jw_open(w, NULL, '{', 0);
		STR(w, "check", f->check);
		put_strn(w, "verdict", rtb_doc_verdict_name(f->verdict), SIZE_MAX);
		STR(w, "read", f->read);
		STR(w, "why", f->why);
		STR(w, "fix", f->fix);
		jw_close(w, '}');
	}
	jw_close(w, ']');
	jw_close(w, '}');
}

/* rtb_write_json - the result as docs/json-schema.md describes. */
int rtb_write_json(struct rtb_sink *f, const struct rtb_result *r)
{
	struct jw w = { .f = f, .depth = 0 };

	if (!f || !r)
		return RTB_EINVAL;
	w.lv[0].n = 0;
	w.lv[0].wrap = 1;

	jw_begin(&w, '{', 1);
	put_strn(&w, "schema", RTB_SCHEMA, SIZE_MAX);
	put_int(&w, "schema_version", RTB_SCHEMA_VERSION);
	jw_open(&w, "tool", '{', 0);
	put_strn(&w, "name", "rtbench", SIZE_MAX);
	put_strn(&w, "version", r->set.rtbench_version[0] ?
		 r->set.rtbench_version : RTB_VERSION,
		 sizeof(r->set.rtbench_version));
	jw_close(&w, '}');
	STR(&w, "label", r->set.label);
	STR(&w, "date_utc", r->set.date_utc);
	STR(&w, "command_line", r->set.command_line);
	/* complete only in the file written at the very end of a whole run:
	 * the files written after each round say false, and how far it got */
	put_bool(&w, "complete", rtb_result_complete(r));
	jw_open(&w, "progress", '{', 0);
	put_int(&w, "benchmarks_done", r->set.benches_done);
	put_int(&w, "benchmarks_planned", r->set.benches_planned);
	put_int(&w, "rounds_done", r->set.rounds_done);
	put_int(&w, "rounds_planned", r->set.rounds_planned);
	put_bool(&w, "final", r->set.final);
	jw_close(&w, '}');
	put_bool(&w, "degraded", r->nwarnings > 0);
	jw_open(&w, "warnings", '[', 1);
	for (int i = 0; i < r->nwarnings && i < RTB_MAX_WARNINGS; i++)
		STR(&w, NULL, r->warnings[i]);
	jw_close(&w, ']');
	write_system(&w, &r->fp);
	write_clock(&w, r);
	write_settings(&w, &r->set);
	write_footprint(&w, &r->mem);
	if (r->doctor.done)
		write_doctor(&w, &r->doctor);
	jw_open(&w, "metrics", '[', 1);
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++)
		if (r->metrics[i])
			write_metric(&w, r->metrics[i]);
	jw_close(&w, ']');
	jw_close(&w, '}');
	rtb_sink_putc(f, '\n');
	return rtb_sink_error(f);
}
