/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - a run of the selected measurements: what the entry
 * hands it and what the runner's parts share (run/runner.h: the loop and
 * its drivers). */
#ifndef RTB_CORE_RUN_H
#define RTB_CORE_RUN_H
#include "rtbench/bench.h"
#include "rtbench/port.h" /* rtb_output_fn */

struct rtb_run_out;
/* rtb_report_fn - what the run's caller shows of the finished run (its
 * text tables on the console), called once at the end, before the final
 * files are written. The runner never calls a text writer itself: the
 * entry that asked for the run chooses (rtb_cli_report, the firmware's). */
typedef void (*rtb_report_fn)(const struct rtb_result *r, const struct rtb_run_out *out);

/* struct rtb_writer - one result file the run keeps up to date: where,
 * and the writer (src/output) that fills it. */
struct rtb_writer {
	const char *path;
	rtb_output_fn fn;
};
#define RTB_MAX_WRITERS 4

struct rtb_run_out {
	const char *json, *csv, *raw; /* files asked for, NULL: none (json: the
				       * break window goes beside it; raw: the
				       * samples keep their times) */
	/* the writers the entry picked for them (rtb_cli_writers): the
	 * runner writes each after every benchmark (count) or interval
	 * (duration) and at the end, through one loop (rtb_run_write) */
	struct rtb_writer writers[RTB_MAX_WRITERS];
	int nwriters;
	const char *ready;            /* --ready: says when measuring begins (run/ready.h) */
	int text;                     /* print the tables to stdout */
	int histogram;                /* and a text histogram per measurement */
	int hist_max_us;              /* its bins (-h US); 0: to the largest */
	rtb_report_fn report;         /* NULL: nothing shown */
};

/* rtb_tests_selects - 1 if bench b is chosen by the comma list `tests`
 * ("all": every bench; NULL or empty: every bench not marked not_default)
 * An item selects a bench when one of the two ids is a prefix
 * of the other at a '.' boundary ("sync" and "sync.prio_inv.none.blocking"
 * both select sync.prio_inv). */
int rtb_tests_selects(const struct rtb_bench *b, const char *tests);
/* rtb_tests_check - 0 when every item of `tests` selects a measurement,
 * else RTB_EINVAL with the first that selects nothing in bad (of size len). */
int rtb_tests_check(const char *tests, char *bad, size_t len);

/* rtb_run - set up, run, restore, write. Returns 0, RTB_EINTR if stopped
 * early (results written), or an rtb_err. res is filled either way. */
int rtb_run(const struct rtb_opts *o, const struct rtb_run_out *out,
	    const char *command_line, struct rtb_result *res);

/* rtb_run_write - every result file of out->writers, each replaced whole;
 * a failure is said once per file (with the reason; again at the end) and
 * returns RTB_EIO. The run's one write loop (by count and for a time). */
int rtb_run_write(const struct rtb_run_out *out, struct rtb_result *r);

/* rtb_run_footprint - what the run holds now (memory), into its result. */
void rtb_run_footprint(struct rtb_result *r);

/* rtb_run_setup / rtb_run_teardown - the environment part of rtb_run,
 * shared with selftest: fingerprint, clock, scheduling, watchdog. */
int rtb_run_setup(const struct rtb_opts *o, const char *command_line,
		  struct rtb_result *res, struct rtb_ctx *c);
void rtb_run_teardown(struct rtb_ctx *c);
/* rtb_run_bench - run one benchmark in an already set-up context. */
int rtb_run_bench(struct rtb_ctx *c, const struct rtb_bench *b);
/* rtb_round_result - tmp made empty for one round of a measurement, with
 * what it shares with the run's res (clock, fingerprint, keeping times). */
void rtb_round_result(const struct rtb_result *res, struct rtb_result *tmp);
/* rtb_round_merge - a round's own result tmp into the run's (c->res):
 * its warnings once; a metric first seen moves over as it is (its round
 * 0), a later round's is merged (the tracer's part first, then
 * rtb_metric_merge_round); what did not move is freed with tmp. *measured:
 * 1 if a metric of it measured (ok or partial). 0 or an rtb_err. */
int rtb_round_merge(struct rtb_ctx *c, struct rtb_result *tmp, int *measured);
/* the measuring modes, each in its driver's file (drv_count.c, drv_cpus.c,
 * drv_time.c): every context the runner makes carries one (rtb_ctx.mode) */
extern const struct rtb_mode rtb_mode_count, rtb_mode_duration, rtb_mode_count_cpus;
/* the services they share (run/modes.c): --samples or the bench's own
 * default; a streamed pass's marks when the tracer reads one */
size_t rtb_mode_count_samples(const struct rtb_ctx *c, const struct rtb_bench *b);
/* rtb_mode_thread_started - a count run's: the watchdog knows the thread. */
void rtb_mode_thread_started(struct rtb_ctx *c, rtb_thread_t *t);
struct rtb_trace_marks *rtb_mode_stream_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind,
					      int *streamed);
#endif
