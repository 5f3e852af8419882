/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the tracer: the one way the runner reaches the second analyzer
 * (src/trace), as rtla's timerlat_aa.h is the one way timerlat reaches its
 * auto-analysis. The entry hands it in (rtb_opts.tracer): src/cli gives
 * the trace room's rtb_tracer_trace (rtbench/trace.h) when the build has
 * one, NULL otherwise. A build without tracing (FreeRTOS, `make TRACE=0`)
 * leaves src/trace out entirely: the runner then traces nothing and says
 * why in one line; no port carries a stub and no no-op tracer is linked.
 *
 * Data only (the model): the runner (src/run) includes this, never a
 * header of src/trace; e2e/rooms fails on any other reach.
 *
 * The hooks, in the order a run calls them:
 *   run:     open                       (before the first benchmark)
 *   a pass:  start, marks (per metric), stop
 *            attach                     (what the pass kept, onto the result)
 *   rounds:  merge                      (a later round into the run's metric)
 *   run:     close                      (after the last; shut: any exit path) */
#ifndef RTBENCH_TRACER_H
#define RTBENCH_TRACER_H

#include <stdint.h>
#include "rtbench/cpuset.h"
#include "rtbench/trace_model.h"

struct rtb_ctx;
struct rtb_metric;
struct rtb_result;
struct rtb_break;

/* struct rtb_tpass - one traced pass as the runner starts it */
struct rtb_tpass {
	const char *id;         /* the benchmark (warnings name it) */
	enum rtb_trace_kind kind;
	struct rtb_cpuset cpus; /* the CPUs to record */
	struct rtb_cpuset explain; /* streamed: the CPUs whose samples are matched
				 * and explained (empty: all); a thread on another
				 * gets no marks (--trace-cpus, docs/scale.md) */
	int nwatch;             /* measuring threads whose marks are read (streamed) */
	int reader_cpu;         /* where the streaming reader runs; -1: anywhere */
	int xcpu;               /* a sample's tasks span its CPU and the next
				 * (rtb_bench.trace_xcpu): its events are read
				 * from both CPUs' windows; else from its own */
	int streamed;           /* 1: read while it runs, bounded memory;
				 * 0: every event kept, matched after the pass */
};

/* struct rtb_tattach - what a pass kept goes onto the result: live[i]'s
 * onto dst[i] (the same metric in a count run; the shown one of a CPU in
 * a run for a time) */
struct rtb_tattach {
	struct rtb_metric *const *live;
	struct rtb_metric *const *dst;
	int n;
	struct rtb_result *before, *after; /* the untraced passes around it, for
					    * the cost of watching (NULL: none) */
	struct rtb_metric *agg;  /* several CPUs: their aggregate, which gets the
				  * largest of every CPU's worst and the run's
				  * successive maxima (NULL: one CPU) */
};

struct rtb_tracer {
	const char *name;
	/* the kinds a pass can read while it runs (bit 1u << kind); the
	 * others are traced by count only, every event kept */
	unsigned stream_kinds;
	/* open - the run is about to measure (c->o: --trace, --break-us,
	 * --samples, --duration): the port's recorder opened, room made for
	 * --break-us's window. On failure says why in one line (stderr, a run
	 * warning, settings.trace_note) and returns the rtb_err; the run goes
	 * on untraced. */
	int (*open)(struct rtb_ctx *c);
	/* start - a traced pass begins (streamed: the reader runs; else the
	 * recording starts). 0 or an rtb_err (said by the runner). */
	int (*start)(struct rtb_ctx *c, const struct rtb_tpass *p);
	/* marks - metric m's per-sample marks in a streamed pass: a ring the
	 * reader empties, *streamed 1 (NULL: no room left for m); *streamed 0
	 * when no pass is read while it runs (the bench API allocates them) */
	struct rtb_trace_marks *(*marks)(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind,
					 int *streamed);
	/* stop - the pass has ended: the reader drained, or the pass's events
	 * collected. 0 or an rtb_err (said in the result by the tracer). */
	int (*stop)(struct rtb_ctx *c);
	/* attach - a's metrics get what the pass kept: matched components,
	 * worst samples explained, the cost of watching; the events file
	 * (--trace-events) is written; then the pass's storage is released. */
	void (*attach)(struct rtb_ctx *c, const struct rtb_tattach *a);
	/* merge - a later round's trace summary of src into the run's metric
	 * dst, before src's samples are appended (b: the --break-us record).
	 * 0 or RTB_ENOMEM. */
	int (*merge)(struct rtb_metric *dst, struct rtb_metric *src, const struct rtb_break *b);
	/* close - the run has ended: --break-us's kept window written beside
	 * result_path (NULL: none) and its blocker's stack named in b, the
	 * storage dropped. Returns RTB_EIO if a --trace-events file could not
	 * be written (said where it failed), else 0. */
	int (*close)(struct rtb_ctx *c, const char *result_path, struct rtb_break *b);
	/* shut - the port's recorder put away (its instance, a mount);
	 * idempotent, no allocation: the settings' restore calls it on every
	 * exit path (end of run, Ctrl-C, the watchdog) */
	void (*shut)(void);
};

#endif
