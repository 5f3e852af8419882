/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the one device runner (run/runner.c) and its drivers.
 *
 * rtb_run owns a run's life in one loop, as rtla's run_tool: select the
 * driver, set up (run_setup.c), plan the rounds, run them (round 1 of
 * every selected measurement, then round 2, ...), stop, finish (teardown,
 * the tracer's close, the --break-us line, the report, the final files,
 * the exit code). A driver is one measuring mode: by count on one CPU
 * (drv_count.c), by count on several CPUs at once (drv_cpus.c), for a
 * time (drv_time.c); whether a measurement is traced is its driver's
 * business (run_trace.c, long_trace.c). A new mode is one driver file and
 * one line in RTB_DRIVER_LIST below. */
#ifndef RTB_RUN_RUNNER_H
#define RTB_RUN_RUNNER_H
#include "run/run.h"

struct rtb_driver;

/* struct rtb_runner - one run as its loop and its driver see it. */
struct rtb_runner {
	const struct rtb_opts *o;
	const struct rtb_run_out *out;
	struct rtb_result *res;
	struct rtb_ctx c;             /* the run's context (rtb_run_setup) */
	const struct rtb_driver *drv; /* the mode that measures */
	void *priv;                   /* the driver's own state (its init's) */
	int stopped;                  /* a measurement ended by a stop (Ctrl-C,
				       * SIGTERM, the watchdog, --break-us) */
	int k, total;                 /* this is round k of total planned (all
				       * measurements' rounds, progress lines) */
};

/* struct rtb_driver - one measuring mode's hooks, called by the runner's
 * loop in this order: selects (which driver), init (after set-up), say
 * and round (each planned round of each measurement), finish (after the
 * teardown and the tracer's close), release. */
struct rtb_driver {
	const char *name;
	/* the services its measurements' contexts carry (rtbench/ctx.h);
	 * .until_stopped: it measures for a time, one round per measurement,
	 * and a stop (Ctrl-C, SIGTERM) is its end, not an early one */
	const struct rtb_mode *mode;
	/* break_window: with --trace, the --break-us window goes beside the
	 * result file (the whole-pass tracer's; a streamed one keeps none) */
	int break_window;
	/* selects - 1 if this driver runs options o (the first that says so) */
	int (*selects)(const struct rtb_opts *o);
	/* init - after set-up, before the first round: its state (r->priv),
	 * its settings; 0 or an rtb_err (the run ends, nothing measured).
	 * NULL: none */
	int (*init)(struct rtb_runner *r);
	/* say - the progress line before round `round` of b (not --quiet) */
	void (*say)(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds);
	/* round - round `round` of nrounds of b into r->res; *measured 0 when
	 * b measured nothing (skipped or failed: no more rounds of it); a stop
	 * either sets r->stopped or is returned (RTB_EINTR). 0 or an rtb_err
	 * (the run ends there) */
	int (*round)(struct rtb_runner *r, const struct rtb_bench *b, int round, int nrounds,
		     int *measured);
	/* finish - how the run ended, into the settings (stopped early,
	 * ended, the --break-us record brk to keep) */
	void (*finish)(struct rtb_runner *r, const struct rtb_break *brk);
	/* release - its state freed (NULL: none) */
	void (*release)(struct rtb_runner *r);
};

/* The drivers, in the order the runner asks them (selects): the first
 * that takes the options runs. */
#define RTB_DRIVER_LIST(X) \
	X(time)            \
	X(cpus)            \
	X(count)
#define RTB_DRIVER_DECL(name) extern const struct rtb_driver rtb_driver_##name;
RTB_DRIVER_LIST(RTB_DRIVER_DECL)
#undef RTB_DRIVER_DECL
#endif
