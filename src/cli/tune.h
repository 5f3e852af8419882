/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench tune`: which of the doctor's fixes lowers
 * latency here, measured (tune_cmd.c the command and its rounds,
 * tune_knobs.c the knobs, tune_child.c one round as a child run;
 * host/compare/tune_model.c the verdicts, host/render/tune_out.c the
 * outputs). docs/tuning.md. */
#ifndef RTB_CLI_TUNE_H
#define RTB_CLI_TUNE_H
#include <stdint.h>
#include "rtbench/cpuset.h"
#include "rtbench/doctor.h"
#include "rtbench/port.h"
#include "host/compare/tune_model.h"

struct rtb_tune_opts {
	const char *tests;      /* the child runs' --tests */
	char cpus[256];         /* their --cpus ("all") */
	struct rtb_cpuset set;  /* the measured CPUs */
	int all;                /* every online CPU measured */
	int samples;            /* --samples of each round's run (per CPU) */
	int period_us;
	int over_us;            /* the crossing threshold (the runs' --deadline-us) */
	int rounds;             /* rounds a side */
	unsigned long seed;
	double alpha;
	const char *knobs;      /* --knobs LIST, NULL: every one */
	int test_knobs;         /* --test-knobs: test.delay and test.aa exist */
	int64_t test_delay_ns;
	int together;           /* measure the helpful knobs together */
	const char *json, *dropin;
	char dir[256];          /* the rounds' result files */
	int keep;               /* --keep: leave dir */
};

enum rtb_tk_kind { RTB_TK_SYSCTL, RTB_TK_IRQ, RTB_TK_WQ, RTB_TK_IDLE, RTB_TK_DMA, RTB_TK_GOVERNOR,
		   RTB_TK_BOOT, RTB_TK_TEST_DELAY, RTB_TK_TEST_AA };

/* One knob as tune knows it. */
struct rtb_tune_def {
	const char *name;       /* "timer_migration" */
	const char *check;      /* the doctor's check it answers ("" none) */
	enum rtb_tk_kind kind;
	enum rtb_knob knob;     /* RTB_TK_SYSCTL */
	long fix;               /* its value with the fix */
	const char *sysctl;     /* "kernel.timer_migration" for the drop-in, or NULL */
	const char *does, *risk;
};
extern const struct rtb_tune_def rtb_cmd_tune_defs[];
extern const int rtb_cmd_tune_ndefs;

#define RTB_TUNE_MAX_SET (RTB_KNOB_NIRQ + 8)
/* A knob made ready: the journal's knobs it sets and the child runs'
 * differences. */
struct rtb_tune_plan {
	const struct rtb_tune_def *d;
	int n;
	enum rtb_knob k[RTB_TUNE_MAX_SET];
	long v[RTB_TUNE_MAX_SET];
	int dma;                /* B rounds' runs hold /dev/cpu_dma_latency at 0 */
	int test_delay;         /* A out:, B in: RTB_TUNE_TEST_DELAY */
};

/* rtb_cmd_tune_prepare - is knob d applicable here (the doctor's finding, the
 * knob's file, the measured CPUs)? Fills r (name, does, risk, before,
 * set_to, why_not, drop-in lines) and p. 1 applicable, 0 not. */
int rtb_cmd_tune_prepare(const struct rtb_tune_def *d, const struct rtb_tune_opts *o,
			 const struct rtb_doctor *doc, struct rtb_tune_plan *p, struct rtb_tune_knob *r);
/* rtb_cmd_tune_apply - set every knob of p through the settings journal; a
 * knob the kernel refuses (an IRQ it will not move) is put back, dropped
 * from p and said in note. 0, or the error when nothing could be set. */
int rtb_cmd_tune_apply(struct rtb_tune_plan *p, char *note, size_t len);
/* rtb_cmd_tune_undo - put every knob of p back (the journal's restore). */
int rtb_cmd_tune_undo(const struct rtb_tune_plan *p);
/* rtb_cmd_tune_read - the knobs of p as read now, as text. */
void rtb_cmd_tune_read(const struct rtb_tune_plan *p, char *out, size_t len);
/* rtb_cmd_tune_merge - p's sets added to all (the helpful knobs together). */
void rtb_cmd_tune_merge(struct rtb_tune_plan *all, const struct rtb_tune_plan *p);

/* rtb_cmd_tune_child - one round: `rtbench run` as a child with o's
 * measurement, side b of plan p (its knobs are set by the caller), its
 * result to json. 0 done, RTB_EINTR a stop signal came (the child was
 * stopped; *sig is the signal), another rtb_err when the run failed (why). */
int rtb_cmd_tune_child(const struct rtb_tune_opts *o, const struct rtb_tune_plan *p, int b, const char *json,
		       const char *log, int *sig, char *why, size_t len);
#endif
