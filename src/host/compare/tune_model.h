/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tune`'s model: each knob's rounds with (B) and
 * without (A) it, and the effect on each figure with its interval and
 * compare's verdict (host/stats/verdict.h). Pure: no files, no knobs; the
 * entry (src/cli/tune_*.c) runs the rounds and hands each round's result
 * file in. docs/tuning.md says what the figures can and cannot say. */
#ifndef RTB_HOST_TUNE_MODEL_H
#define RTB_HOST_TUNE_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include "host/read/resultfile.h"
#include "host/stats/verdict.h"

/* The figures judged for each metric, from each round's result. */
enum rtb_tune_stat { RTB_TUS_P50, RTB_TUS_P99, RTB_TUS_P999, RTB_TUS_MAX, RTB_TUS_OVER, RTB_TUS_N };
extern const char *const rtb_tune_stat_name[RTB_TUS_N]; /* "p50" ... "over" */

#define RTB_TUNE_MAX_ROUNDS 32   /* rounds a side */
#define RTB_TUNE_MAX_METRICS 24  /* metrics a knob (the merged and per-CPU ones) */
#define RTB_TUNE_MAX_KNOBS 24
#define RTB_TUNE_DEFAULT_ALPHA 0.05

/* One figure's effect: B (with the knob) against A (without). */
struct rtb_tune_effect {
	int tested;            /* a verdict was computed (>= 2 rounds a side, values usable) */
	struct rtb_verdict vd; /* kind, shift_pct and its interval, noise_pct, p */
	double a, b;           /* A's and B's centre: geometric mean of the rounds' figures
			        * (ns); "over": the mean fraction of samples */
	double shift, lo, hi;  /* the shift and its interval in ns (a * pct / 100); "over":
			        * in fractions of the samples */
	double resolution_ns;  /* the percentiles' bucket width at B (a figure is at most
			        * this far below the true value); 0 for max and over */
};

/* One metric's rounds under one knob. */
struct rtb_tune_series {
	char id[64];
	double v[2][RTB_TUS_N][RTB_TUNE_MAX_ROUNDS]; /* [0] A, [1] B */
	size_t n[2];
	double res_pct;        /* the file's percentile resolution, % (0: exact) */
	struct rtb_tune_effect e[RTB_TUS_N];
};

/* The knob's verdict over every figure of every metric. */
enum rtb_tune_kind {
	RTB_TUK_NA = 0,        /* not applicable here (why_not says why) */
	RTB_TUK_HELPS,         /* some figure lower beyond noise, none higher */
	RTB_TUK_HURTS,         /* some figure higher, none lower */
	RTB_TUK_MIXED,         /* some lower, some higher */
	RTB_TUK_NOISE,         /* no effect beyond run-to-run noise */
	RTB_TUK_UNTESTED,      /* fewer than 2 rounds a side (stopped, failed rounds) */
};
const char *rtb_tune_kind_phrase(enum rtb_tune_kind k);
const char *rtb_tune_kind_key(enum rtb_tune_kind k); /* "helps", ... for JSON */

struct rtb_tune_knob {
	char name[32];         /* "timer_migration", "together" */
	char check[24];        /* the doctor's check it fixes ("" none) */
	char does[240];        /* what B is, in words */
	char risk[200];
	int applicable;
	char why_not[320];     /* "not applicable: ..." */
	char before[256];      /* the knob read before the tune touched it */
	char after[256];       /* read again at the end */
	char set_to[256];      /* what B sets */
	char order[2 * RTB_TUNE_MAX_ROUNDS + 1]; /* the rounds as run: "ABBA..." */
	int failed_rounds;     /* rounds whose run failed or could not be read */
	char failed_why[200];
	struct rtb_tune_series *s;
	int ns;
	int dropped_metrics;   /* metrics past RTB_TUNE_MAX_METRICS */
	double alpha_each;     /* alpha / the knob's number of tests (Bonferroni) */
	enum rtb_tune_kind kind;
	char sysctl[160];      /* the drop-in's sysctl.d line ("" none) */
	char cmd[1024];        /* the drop-in's shell command(s) */
};

/* One `rtbench tune`: its settings and every knob's result. */
struct rtb_tune_run {
	char date_utc[40], command_line[512], version[32], system[256];
	char tests[256], cpus[256];
	int samples, period_us, over_us, rounds, test_knobs;
	int64_t test_delay_ns;
	unsigned long seed;
	double alpha;
	double wall_s;          /* the whole tune, start to end */
	int complete;           /* every planned round ran */
	int stop_signal;        /* the signal that stopped it (0 none) */
	char doctor[200];       /* the doctor's summary line */
	struct rtb_tune_knob k[RTB_TUNE_MAX_KNOBS];
	int nk;
	struct rtb_tune_knob together; /* the helpful knobs at once */
	int has_together;
	char together_why[240]; /* why it was not measured, when not */
	char restored[512];     /* what the end of the tune read back */
};

/* rtb_tune_round - add one round's result file to knob k's side b (0 A,
 * 1 B): every metric with statistics; "over" is over_deadline / count (the
 * run counted the samples over --deadline-us in its measuring loop).
 * Returns 0, RTB_ERANGE (the side's rounds are full) or RTB_ENOMEM. */
int rtb_tune_round(struct rtb_tune_knob *k, int b, const struct rtb_rf *rf);

/* rtb_tune_judge - every figure's effect and the knob's verdict at
 * family-wise level alpha: each of the knob's tests is made at alpha /
 * (metrics x figures) (Bonferroni), so an A/A knob is called "no effect"
 * with probability at least 1 - alpha whatever the number of metrics.
 * p50: rtb_verdict_stat (Welch's t on log round figures, its interval,
 * and the noise band); p99, p99.9, max: rtb_verdict_tail (also every round
 * of one side beyond the other's, chance 2 / C(na + nb, na)); over:
 * rtb_verdict_count (Welch's t on the fractions). */
void rtb_tune_judge(struct rtb_tune_knob *k, double alpha);

/* rtb_tune_free - the knob's series. */
void rtb_tune_free(struct rtb_tune_knob *k);

/* rtb_tune_is_file - 1 if path is a JSON file of schema "rtbench-tune". */
int rtb_tune_is_file(const char *path);
/* rtb_tune_load - a `rtbench tune --json` file into *t (tune_read.c): 0,
 * RTB_EFORMAT (not such a file: why in err) or RTB_ENOMEM. */
int rtb_tune_load(const char *path, struct rtb_tune_run *t, char *err, size_t len);
/* rtb_tune_run_free - every knob's series of t. */
void rtb_tune_run_free(struct rtb_tune_run *t);

#endif
