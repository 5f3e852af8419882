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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "rtbench/longopt.h"
#include "rtbench/output.h"
#include "rtbench/rawfmt.h"
#include "output/json_w.h"

#ifndef RTB_VERSION
#define RTB_VERSION ""
#endif

/* jw_pos - a figure, null when not known (0). */
static void jw_pos(struct rtb_jw *w, const char *k, double v)
{
	if (v > 0)
		rtb_jw_dbl(w, k, v);
	else
		rtb_jw_null(w, k);
}

/* write_trace_choices - settings.trace.choices: who chose each traced
 * measurement's explained CPUs, the cost model's figures and this run's
 * (docs/scale.md); a figure not known is null. */
static void write_trace_choices(struct rtb_jw *w, const struct rtb_settings *s)
{
	rtb_jw_open(w, "choices", '[', 1);
	for (int i = 0; i < s->ntrace_choice; i++) {
		const struct rtb_trace_choice *c = &s->trace_choice[i];
		rtb_jw_open(w, NULL, '{', 0);
		RTB_JW_STR(w, "id", c->id);
		RTB_JW_STR(w, "by", c->by);
		RTB_JW_STR(w, "explained_cpus", c->explained);
		rtb_jw_int(w, "ncpus", c->ncpus);
		rtb_jw_int(w, "nexplained", c->nexplained);
		rtb_jw_int_or_null(w, "n_max", c->n_max, -1);
		jw_pos(w, "events_per_cpu_s", c->events_per_cpu_s);
		jw_pos(w, "reader_events_s", c->reader_events_s);
		rtb_jw_dbl(w, "reader_share", c->share);
		RTB_JW_STR(w, "reader_events_s_from", c->from);
		jw_pos(w, "run_events_per_cpu_s", c->run_events_per_cpu_s);
		jw_pos(w, "run_reader_events_s", c->run_reader_events_s);
		rtb_jw_int_or_null(w, "run_n_max", c->run_n_max, -1);
		rtb_jw_uint(w, "run_events_lost", c->run_lost);
		RTB_JW_STR(w, "explain_all", "--trace-cpus all");
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	if (s->trace_choice_over)
		rtb_jw_int(w, "choices_unlisted", s->trace_choice_over);
}

/* write_emulation - "emulation": null on real hardware, else the emulator
 * (docs/json-schema.md); version/machine/accel "" and vcpus 0 are unknown:
 * null. */
static void write_emulation(struct rtb_jw *w, const struct rtb_emulation *e)
{
	if (!e->present) {
		rtb_jw_null(w, "emulation");
		return;
	}
	rtb_jw_open(w, "emulation", '{', 0);
	RTB_JW_STR(w, "emulator", e->emulator);
	if (e->version[0])
		RTB_JW_STR(w, "version", e->version);
	else
		rtb_jw_null(w, "version");
	if (e->machine[0])
		RTB_JW_STR(w, "machine", e->machine);
	else
		rtb_jw_null(w, "machine");
	rtb_jw_int(w, "icount_shift", e->icount_shift);
	rtb_jw_int_or_null(w, "vcpus", e->vcpus, 0);
	if (e->accel[0])
		RTB_JW_STR(w, "accel", e->accel);
	else
		rtb_jw_null(w, "accel");
	rtb_jw_close(w, '}');
}

static void write_system(struct rtb_jw *w, const struct rtb_fingerprint *fp)
{
	rtb_jw_open(w, "system", '{', 1);
	RTB_JW_STR(w, "os", fp->os);
	RTB_JW_STR(w, "hostname", fp->hostname);
	RTB_JW_STR(w, "kernel_release", fp->os_release);  /* the OS release */
	RTB_JW_STR(w, "machine", fp->machine);
	RTB_JW_STR(w, "preempt_model", fp->preempt_model);
	if (fp->realtime < 0)
		rtb_jw_null(w, "realtime_kernel");
	else
		rtb_jw_bool(w, "realtime_kernel", fp->realtime);
	RTB_JW_STR(w, "cpu_model", fp->cpu_model);
	rtb_jw_int(w, "ncpus", fp->ncpus);
	RTB_JW_STR(w, "clocksource", fp->clocksource);
	RTB_JW_STR(w, "virtualization", fp->virt);
	rtb_jw_int_or_null(w, "rr_timeslice_ms", fp->rr_quantum_ms, -2);
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
			rtb_jw_strn(w, f->key, f->value, sizeof(f->value));
			continue;
		}
		/* -2 / empty = could not be read; -1 is a real value (Linux:
		 * no RT throttling) */
		char *end;
		long long v = strtoll(f->value, &end, 10);
		if (!f->value[0] || *end)
			rtb_jw_null(w, f->key);
		else
			rtb_jw_int(w, f->key, v);
	}
	write_emulation(w, &fp->emulation);
	rtb_jw_close(w, '}');
}

static void write_clock(struct rtb_jw *w, const struct rtb_result *r)
{
	const struct rtb_clock_info *c = &r->clock;

	rtb_jw_open(w, "clock", '{', 1);
	RTB_JW_STR(w, "source", c->source);
	rtb_jw_bool(w, "invariant", c->invariant);
	rtb_jw_dbl(w, "ticks_per_ns", c->ticks_per_ns);
	rtb_jw_int(w, "calib_window_ns", c->calib_window_ns);
	rtb_jw_dbl(w, "calib_ppm", c->calib_ppm);
	rtb_jw_int(w, "timer_resolution_ns", c->mono_res_ns);
	rtb_jw_int(w, "read_ns", r->clock_read_ns);
	rtb_jw_int(w, "bare_read_ns", r->clock_bare_read_ns);
	rtb_jw_int(w, "loop_overhead_ns", r->loop_overhead_ns);
	if (r->xcpu.measured) {
		rtb_jw_open(w, "xcpu", '{', 0);
		rtb_jw_int(w, "cpu_a", r->xcpu.cpu_a);
		rtb_jw_int(w, "cpu_b", r->xcpu.cpu_b);
		rtb_jw_int(w, "offset_ns", r->xcpu.offset_ns);
		rtb_jw_int(w, "rtt_ns", r->xcpu.rtt_ns);
		rtb_jw_uint(w, "rounds", r->xcpu.rounds);
		rtb_jw_uint(w, "violations", r->xcpu.violations);
		rtb_jw_close(w, '}');
	} else {
		rtb_jw_null(w, "xcpu");
	}
	RTB_JW_STR(w, "note", c->note);
	rtb_jw_close(w, '}');
}

static void write_settings(struct rtb_jw *w, const struct rtb_settings *s)
{
	rtb_jw_open(w, "settings", '{', 1);
	rtb_jw_int(w, "samples", s->samples);
	rtb_jw_int(w, "rounds", s->rounds > 0 ? s->rounds : 1);
	rtb_jw_int(w, "period_ns", s->period_ns);
	rtb_jw_int(w, "deadline_ns", s->deadline_ns);
	rtb_jw_int(w, "cpu", s->cpu);
	rtb_jw_int(w, "prio", s->prio);
	/* what compare sets beside cyclictest's -p: the thread's own */
	rtb_jw_int_or_null(w, "measuring_prio", s->rt_requested ? s->measuring_prio : 0, 0);
	rtb_jw_bool(w, "rt_requested", s->rt_requested);
	rtb_jw_bool(w, "rt_granted", s->rt_granted);
	rtb_jw_bool(w, "mlocked", s->mlocked);
	rtb_jw_int_or_null(w, "idle_latency_held_us", s->idle_latency_held_us, -1);
	rtb_jw_int_or_null(w, "rr_timeslice_ms_used", s->rr_timeslice_ms_used, -1);
	rtb_jw_int(w, "rr_interval_ns", s->rr_interval_ns);
	rtb_jw_int_or_null(w, "rt_runtime_us_used", s->rt_runtime_us_used, -2);
	RTB_JW_STR(w, "load", s->load);
	if (s->smi_read) { /* SMIs on every CPU during the run; null: not readable (smi_note) */
		rtb_jw_int_or_null(w, "smi_count", s->smi_read > 0 ? (int64_t)s->smi_count : -1, -1);
		if (s->smi_read < 0)
			RTB_JW_STR(w, "smi_note", s->smi_note);
	}
	if (s->raw.on) { /* run --duration --raw FILE: every sample streamed (docs/long-runs.md) */
		rtb_jw_open(w, "raw", '{', 0);
		RTB_JW_STR(w, "file", s->raw.file);
		rtb_jw_int(w, "format_version", RTB_RAWF_VERSION);
		rtb_jw_int(w, "bytes_per_sample", RTB_RAWF_SAMPLE_BYTES);
		rtb_jw_uint(w, "samples", s->raw.samples);
		rtb_jw_uint(w, "lost", s->raw.lost);
		rtb_jw_uint(w, "unwritten", s->raw.unwritten);
		rtb_jw_uint(w, "bytes", s->raw.bytes);
		if (s->raw.error[0])
			RTB_JW_STR(w, "error", s->raw.error);
		else
			rtb_jw_null(w, "error");
		rtb_jw_close(w, '}');
	}
	rtb_jw_bool(w, "load_failed", s->load_failed);
	if (!s->trace_requested) {
		rtb_jw_null(w, "trace");
	} else {
		rtb_jw_open(w, "trace", '{', 0);
		rtb_jw_bool(w, "traced", s->traced);
		RTB_JW_STR(w, "note", s->trace_note);
		if (s->trace_unexplained[0]) { /* docs/scale.md: sampled, and said */
			RTB_JW_STR(w, "explained_cpus", s->trace_explained);
			RTB_JW_STR(w, "unexplained_cpus", s->trace_unexplained);
			RTB_JW_STR(w, "unexplained_why", s->trace_unexplained_why);
		}
		if (s->ntrace_choice)
			write_trace_choices(w, s);
		rtb_jw_close(w, '}');
	}
	if (s->brk.ns > 0) {
		/* --break-us: and the sample that stopped the run */
		rtb_jw_open(w, "break", '{', 0);
		rtb_jw_int(w, "us", s->brk.ns / 1000);
		rtb_jw_bool(w, "hit", s->brk.hit);
		if (s->brk.hit) {
			RTB_JW_STR(w, "metric", s->brk.id);
			rtb_jw_int(w, "sample_ns", s->brk.sample_ns);
			/* with --trace: its window of events, beside the result */
			if (s->brk.evidence[0]) {
				rtb_jw_open(w, "evidence", '{', 0);
				RTB_JW_STR(w, "file", s->brk.evidence);
				rtb_jw_strn(w, "format", "trace-event-json", SIZE_MAX);
				rtb_jw_uint(w, "events", s->brk.evidence_events);
				rtb_jw_int(w, "cpu", s->brk.evidence_cpu);
				rtb_jw_close(w, '}');
			} else {
				rtb_jw_null(w, "evidence");
			}
			/* with --trace: the blocker's kernel stack at it */
			if (s->brk.stack_kept || s->brk.stack_note[0]) {
				rtb_jw_open(w, "stack", '{', 0);
				if (s->brk.stack_comm[0] || s->brk.stack_pid) {
					RTB_JW_STR(w, "task", s->brk.stack_comm);
					rtb_jw_int(w, "pid", s->brk.stack_pid);
					rtb_jw_int(w, "prio", s->brk.stack_prio);
				}
				rtb_jw_open(w, "frames", '[', 0);
				for (int i = 0; i < s->brk.nstack; i++)
					RTB_JW_STR(w, NULL, s->brk.stack[i]);
				rtb_jw_close(w, ']');
				RTB_JW_STR(w, "note", s->brk.stack_note);
				rtb_jw_close(w, '}');
			}
		}
		rtb_jw_close(w, '}');
	}
	if (s->duration_ns <= 0 && s->ncpus_measured > 1) {
		/* run --cpus LIST by count: every CPU at once (run/long.c) */
		rtb_jw_open(w, "count_cpus", '{', 1);
		RTB_JW_STR(w, "cpus", s->cpus);
		rtb_jw_int(w, "ncpus", s->ncpus_measured);
		rtb_jw_int_or_null(w, "housekeeping_cpu", s->housekeeping_cpu, -1);
		rtb_jw_close(w, '}');
	}
	if (s->duration_ns > 0) {
		/* run --duration (run/long.c; docs/long-runs.md) */
		rtb_jw_open(w, "long_run", '{', 1);
		rtb_jw_int(w, "duration_ns", s->duration_ns);
		rtb_jw_int(w, "interval_ns", s->interval_ns);
		rtb_jw_bool(w, "interval_grown", s->interval_grown);
		rtb_jw_int(w, "max_intervals", RTB_MAX_INTERVALS);
		rtb_jw_int(w, "measured_ns", s->measured_ns);
		RTB_JW_STR(w, "ended", s->ended);
		rtb_jw_int_or_null(w, "signal", s->end_signal, 0);
		RTB_JW_STR(w, "cpus", s->cpus);
		rtb_jw_int(w, "ncpus", s->ncpus_measured);
		/* CPUs whose measuring thread began after the stop, or measured
		 * less than half a measurement (run/long_cover.c; "" none) */
		RTB_JW_STR(w, "cpus_not_measured", s->cpus_not_measured);
		RTB_JW_STR(w, "cpus_late", s->cpus_late);
		rtb_jw_int_or_null(w, "housekeeping_cpu", s->housekeeping_cpu, -1);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, '}');
}

/* write_footprint - what the run held (schema 2; all null when unknown). */
static void write_footprint(struct rtb_jw *w, const struct rtb_footprint *f)
{
	rtb_jw_open(w, "footprint", '{', 1);
	rtb_jw_int_or_null(w, "heap_peak_bytes", (int64_t)f->heap_peak_bytes, 0);
	rtb_jw_int_or_null(w, "stack_pool_bytes", (int64_t)f->stack_pool_bytes, 0);
	rtb_jw_int_or_null(w, "stacks", f->stacks, 0);
	rtb_jw_int_or_null(w, "stack_bytes", f->stack_bytes, 0);
	rtb_jw_int_or_null(w, "metric_bytes", (int64_t)f->metric_bytes, 0);
	rtb_jw_close(w, '}');
}

/* write_self_cost - what rtbench itself cost so far (rtbench/selfcost.h);
 * a value the port cannot tell is null. */
static void write_self_cost(struct rtb_jw *w, const struct rtb_self_cost *c)
{
	rtb_jw_open(w, "self_cost", '{', 1);
	rtb_jw_int_or_null(w, "supervisor_cpu_ns", c->supervisor_cpu_ns, -1);
	rtb_jw_int_or_null(w, "process_cpu_ns", c->process_cpu_ns, -1);
	rtb_jw_int_or_null(w, "peak_rss_bytes", c->peak_rss_bytes, -1);
	if (!c->reader) {
		rtb_jw_null(w, "trace_reader");
	} else {
		rtb_jw_open(w, "trace_reader", '{', 0);
		rtb_jw_uint(w, "cpu_ns", c->reader_cpu_ns);
		rtb_jw_uint(w, "events", c->reader_events);
		rtb_jw_uint(w, "skipped", c->reader_skipped);
		rtb_jw_uint(w, "polls", c->reader_polls);
		rtb_jw_uint(w, "events_lost", c->events_lost);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, '}');
}

/* write_doctor - what weakens latency on the measured CPUs (rtbench/doctor.h). */
static void write_doctor(struct rtb_jw *w, const struct rtb_doctor *d)
{
	char cpus[1024];

	rtb_cpuset_str(&d->cpus, cpus, sizeof(cpus));
	rtb_jw_open(w, "doctor", '{', 1);
	RTB_JW_STR(w, "cpus", cpus);
	rtb_jw_int(w, "budget_ns", d->budget_ns);
	rtb_jw_int(w, "weakens", d->weakens);
	rtb_jw_int(w, "unknown", d->unknown);
	rtb_jw_open(w, "findings", '[', 1);
	for (int i = 0; i < d->n && i < RTB_MAX_FINDINGS; i++) {
		const struct rtb_finding *f = &d->f[i];
		rtb_jw_open(w, NULL, '{', 0);
		RTB_JW_STR(w, "check", f->check);
		rtb_jw_strn(w, "verdict", rtb_doc_verdict_name(f->verdict), SIZE_MAX);
		RTB_JW_STR(w, "read", f->read);
		RTB_JW_STR(w, "why", f->why);
		RTB_JW_STR(w, "fix", f->fix);
		rtb_jw_close(w, '}');
	}
	rtb_jw_close(w, ']');
	rtb_jw_close(w, '}');
}

int rtb_write_doctor_json(struct rtb_sink *f, const struct rtb_doctor *d)
{
	struct rtb_jw w = { .f = f, .depth = 0 };

	w.lv[0].n = 0;
	w.lv[0].wrap = 1;
	rtb_jw_begin(&w, '{', 1);
	write_doctor(&w, d);
	rtb_jw_close(&w, '}');
	rtb_sink_puts(f, "\n");
	return rtb_sink_error(f) ? RTB_EIO : 0;
}

/* rtb_write_json - the result as docs/json-schema.md describes. */
int rtb_write_json(struct rtb_sink *f, const struct rtb_result *r)
{
	struct rtb_jw w = { .f = f, .depth = 0 };

	if (!f || !r)
		return RTB_EINVAL;
	w.lv[0].n = 0;
	w.lv[0].wrap = 1;

	rtb_jw_begin(&w, '{', 1);
	rtb_jw_strn(&w, "schema", RTB_SCHEMA, SIZE_MAX);
	rtb_jw_int(&w, "schema_version", RTB_SCHEMA_VERSION);
	rtb_jw_open(&w, "tool", '{', 0);
	rtb_jw_strn(&w, "name", "rtbench", SIZE_MAX);
	rtb_jw_strn(&w, "version", r->set.rtbench_version[0] ?
		 r->set.rtbench_version : RTB_VERSION,
		 sizeof(r->set.rtbench_version));
	rtb_jw_close(&w, '}');
	RTB_JW_STR(&w, "label", r->set.label);
	RTB_JW_STR(&w, "date_utc", r->set.date_utc);
	RTB_JW_STR(&w, "command_line", r->set.command_line);
	/* complete only in the file written at the very end of a whole run:
	 * the files written after each round say false, and how far it got */
	rtb_jw_bool(&w, "complete", rtb_result_complete(r));
	rtb_jw_open(&w, "progress", '{', 0);
	rtb_jw_int(&w, "benchmarks_done", r->set.benches_done);
	rtb_jw_int(&w, "benchmarks_planned", r->set.benches_planned);
	rtb_jw_int(&w, "rounds_done", r->set.rounds_done);
	rtb_jw_int(&w, "rounds_planned", r->set.rounds_planned);
	rtb_jw_bool(&w, "final", r->set.final);
	rtb_jw_close(&w, '}');
	rtb_jw_bool(&w, "degraded", r->nwarnings > 0);
	rtb_jw_open(&w, "warnings", '[', 1);
	for (int i = 0; i < r->nwarnings && i < RTB_MAX_WARNINGS; i++)
		RTB_JW_STR(&w, NULL, r->warnings[i]);
	rtb_jw_close(&w, ']');
	write_system(&w, &r->fp);
	write_clock(&w, r);
	write_settings(&w, &r->set);
	write_footprint(&w, &r->mem);
	if (r->self.known)
		write_self_cost(&w, &r->self);
	if (r->doctor.done)
		write_doctor(&w, &r->doctor);
	rtb_json_kagg(&w, r);
	rtb_jw_open(&w, "metrics", '[', 1);
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++)
		if (r->metrics[i])
			rtb_json_metric(&w, r->metrics[i]);
	rtb_jw_close(&w, ']');
	rtb_jw_close(&w, '}');
	rtb_sink_putc(f, '\n');
	return rtb_sink_error(f);
}

