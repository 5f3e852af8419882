/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the comparison model shared by compare (text, markdown,
 * CSV, JSON) and report (HTML): which metrics are compared, each system's
 * figures as read from its file, the differences against the first system,
 * the significance test, the "measured differently" notes and the summary.
 *
 * Every figure shown comes from the input files; the only numbers computed
 * here are differences between them and the test result. */
#ifndef RTB_HOST_COMPARE_H
#define RTB_HOST_COMPARE_H

#include <stddef.h>

#include "host/read/resultfile.h"
#include "host/stats/stats_test.h"
#include "host/stats/verdict.h"
#include "host/base/strbuf.h"
#include "host/stats/tail.h"

#define RTB_CMP_MAX_SYS 16
#define RTB_CMP_DEFAULT_ALPHA 0.01

/* The tail statistics judged like the median, each on its per-round
 * values against its own run-to-run noise. */
enum rtb_cmp_tail { RTB_CMP_TAIL_P99, RTB_CMP_TAIL_P999, RTB_CMP_TAIL_MAX, RTB_CMP_NTAIL };
extern const enum rtb_stat rtb_cmp_tail_stat[RTB_CMP_NTAIL]; /* p99, p99.9, max */
/* rtb_cmp_tail_name - a tail statistic's name in prose and compare's JSON:
 * its label in rtbench/stat_names.h ("p99.9") */
static inline const char *rtb_cmp_tail_name(enum rtb_cmp_tail t)
{
	return rtb_stat_names[rtb_cmp_tail_stat[t]].label;
}

/* One metric on one system. */
struct rtb_cmp_cell {
	const struct rtb_rf_metric *m;  /* NULL: the file has no such metric */
	int usable;                     /* m has statistics */
	int summary;                    /* m has only the file's count, min, mean, max (rt-tests
	                                 * min/avg/max, an overflowed histogram): shown and
	                                 * compared on those, never tested */
	int has_dist;
	struct rtb_dist dist;           /* samples, else histogram */
	int has_diff;                   /* vs the baseline (not on the baseline) */
	double d_mean, d_p99, d_max;    /* relative: (this - base) / base; NAN if base is 0 */
	int has_test;                   /* mwu ran (for P(this < first) only) */
	struct rtb_mwu mwu;
	double p_lower;                 /* P(this < first) + P(tie)/2, from mwu */
	double d_p50, d_p999;           /* relative, as d_mean */
	/* the verdict: a test on the round medians against run-to-run noise */
	int has_vd;
	struct rtb_verdict vd;
	double *r50, *r99;              /* this file's round medians and p99s */
	size_t nr;
	int significant;                /* vd says lower or higher (beyond noise) */
	/* the tail: each round's p99, p99.9 and max (from the samples, or the
	 * rounds' own keys), and their verdicts against the baseline's */
	double *rt[RTB_CMP_NTAIL];      /* NULL: not known per round */
	size_t nrt[RTB_CMP_NTAIL];
	int has_tv[RTB_CMP_NTAIL];
	struct rtb_verdict tv[RTB_CMP_NTAIL];
	/* deadline misses (run --deadline-us): each round's fraction of samples
	 * over the deadline, and its verdict (percentage points) */
	double *rmiss;
	size_t nrmiss;
	int has_dv;
	struct rtb_verdict dv;
	/* against the baseline: its figures are of another kind (instruction
	 * counts against real time: rtb_rf_kind), so no percentage, verdict
	 * or test; each side's own figures only */
	int other_kind;
	/* both sides shown deterministic: emulated with -icount at one shift,
	 * and each side's rounds (2 or more) agree to one counter tick on the
	 * median, p99 and every tail figure known per round: the verdicts are
	 * the exact rule's (rtb_cmp_exact_verdict), not the rounds'; a tail
	 * figure not known per round is not judged then */
	int exact;
};

/* One threshold compare was asked about (--threshold-us), on one
 * measurement: each system's exceedances (exact where counted, else
 * bracketed by the buckets) and its rate against the baseline's. */
struct rtb_cmp_thr {
	int64_t thr_ns;
	int has[RTB_CMP_MAX_SYS];       /* the system's file can count it */
	struct rtb_tail_exc e[RTB_CMP_MAX_SYS];
	/* the rate's ratio to the baseline's, its exact 95% interval widened
	 * by a bracketed count (NAN: the baseline itself, or neither crossed) */
	double ratio[RTB_CMP_MAX_SYS], lo[RTB_CMP_MAX_SYS], hi[RTB_CMP_MAX_SYS];
};

struct rtb_cmp_metric {
	const char *id, *title, *study_table, *unit; /* from the first file that has it */
	const char *group;    /* its table after the study's (NULL: none), likewise */
	int base;                       /* index of the baseline system, -1 if none usable */
	int nusable;
	int nshown;                     /* usable + summary cells */
	struct rtb_cmp_cell cell[RTB_CMP_MAX_SYS];
	char **notes;                   /* "how these were measured differently" */
	size_t nnotes;
	char *summary;                  /* the study-style sentence(s); "" if nothing to say */
	struct rtb_cmp_thr *thr;        /* compare --threshold-us (rtb_cmp_thresholds); NULL: none */
	size_t nthr;
	/* with --threshold-us: each system's tail fit side by side (the
	 * analysis `rtbench tail` makes, tail.c; has_fit[i] 0: the system has
	 * no such metric); NULL: none */
	struct rtb_tail_fit *fit;
	int has_fit[RTB_CMP_MAX_SYS];
};

struct rtb_cmp {
	struct rtb_rf *sys;             /* the loaded files, in command-line order */
	size_t nsys;
	char *labels[RTB_CMP_MAX_SYS];  /* unique display labels */
	double alpha;
	struct rtb_cmp_metric *metrics;
	size_t nmetrics;
	char **notes;                   /* run-wide differences and warnings */
	size_t nnotes;
	int any_hist_test;              /* some test ran on histogram buckets */
	int any_exact, any_other_kind;  /* a cell judged by the exact rule; a cell of another kind */
	int any_icount_rounds;          /* a cell of two -icount sides at one shift whose rounds did
	                                 * not show them deterministic: judged on the rounds */
};

/* rtb_cmp_share_metric - 1 if a and b both have statistics for some metric. */
int rtb_cmp_share_metric(const struct rtb_rf *a, const struct rtb_rf *b);
/* rtb_cmp_free_files - free an array of n loaded files. */
void rtb_cmp_free_files(struct rtb_rf *f, size_t n);

/* rtb_cmp_build - the comparison of files[0..n) (first = baseline).
 * Returns 0 or RTB_ENOMEM. */
int rtb_cmp_build(struct rtb_cmp *c, struct rtb_rf *files, size_t n, double alpha);
/* rtb_cmp_thresholds - after rtb_cmp_build: each measurement's
 * exceedances of thr[0..n) on every system, their rates side by side and
 * each rate's ratio to the baseline's with its exact 95% interval; a count
 * the buckets only bound is said so and widens the interval
 * (compare_notes.c); and each system's tail fit (or why none was made).
 * Adds a note per system. Returns 0 or RTB_ENOMEM. */
int rtb_cmp_thresholds(struct rtb_cmp *c, const int64_t *thr, size_t n);
/* rtb_cmp_exact_verdict - the verdict between two deterministic figures a
 * (baseline) and b, ns: lower or higher when they differ by more than
 * tol_ns, else "within" (noise_pct: tol_ns as % of a); no interval, no p. */
void rtb_cmp_exact_verdict(double a, double b, double tol_ns, struct rtb_verdict *v);
/* rtb_cmp_free - free the model (not the files). */
void rtb_cmp_free(struct rtb_cmp *c);

/* rtb_cmp_pct_legend - what the two kinds of percentage in a table are:
 * the "vs first" column's (whole-run figures) and the shift and verdict
 * rows' (the rounds' figures), which differ for one statistic. */
extern const char rtb_cmp_pct_legend[];

/* rtb_cmp_test_name - how the significance test was run, one phrase. */
const char *rtb_cmp_test_name(const struct rtb_cmp *c);

/* rtb_cmp_fmt_time - a time of unit `unit` for humans: ns shown in
 * microseconds with 3 decimals (no unit suffix); other units as %.4g. */
void rtb_cmp_fmt_time(char *buf, size_t len, double v, const char *unit);
/* rtb_cmp_time_unit - the unit rtb_cmp_fmt_time shows: "us"/"µs" for ns. */
const char *rtb_cmp_time_unit(const char *unit, int utf8);
/* rtb_cmp_fmt_pct - a relative difference as "+18.2%" ("n/a" if not finite). */
void rtb_cmp_fmt_pct(char *buf, size_t len, double frac);
/* rtb_cmp_fmt_p - a p-value as "0.412", "3.2e-05" or "<1e-300". */
void rtb_cmp_fmt_p(char *buf, size_t len, double p);

/* The statistic rows of every table (text, markdown, HTML), in order. */
enum rtb_cmp_row {
	RTB_CMP_ROW_COUNT, RTB_CMP_ROW_MEAN, RTB_CMP_ROW_STDDEV,
	RTB_CMP_ROW_P50, RTB_CMP_ROW_P99, RTB_CMP_ROW_P999, RTB_CMP_ROW_MAX, RTB_CMP_NROWS
};
extern const enum rtb_stat rtb_cmp_row_stat[RTB_CMP_NROWS]; /* the statistic of each */
/* rtb_cmp_row_name - a row's heading: its statistic's label in
 * rtbench/stat_names.h */
static inline const char *rtb_cmp_row_name(enum rtb_cmp_row r)
{
	return rtb_stat_names[rtb_cmp_row_stat[r]].label;
}
/* rtb_cmp_row_value - the row's figure of m (in m's unit; count as is),
 * NAN where the file does not have it. */
double rtb_cmp_row_value(const struct rtb_rf_metric *m, enum rtb_cmp_row r);
/* rtb_cmp_row_diff - the relative difference shown beside a row (NAN: none). */
double rtb_cmp_row_diff(const struct rtb_cmp_cell *ce, enum rtb_cmp_row r);
/* The verdict rows under the statistics (text, markdown, HTML). */
enum rtb_cmp_vrow {
	RTB_CMP_VROW_SHIFT, RTB_CMP_VROW_VERDICT,
	RTB_CMP_VROW_P99, RTB_CMP_VROW_P999, RTB_CMP_VROW_MAX, /* the tail's verdicts */
	RTB_CMP_VROW_PLOWER, RTB_CMP_NVROWS
};
extern const char *const rtb_cmp_vrow_names[RTB_CMP_NVROWS];
/* rtb_cmp_row_kind - the verdict behind a row's difference: the median's
 * for p50, the tail's for p99, p99.9 and max, RTB_VD_UNTESTED for the rest
 * (mean, stddev and count are shown, never judged). Colours and words
 * follow it: only LOWER/HIGHER is better/worse. */
enum rtb_vd_kind rtb_cmp_row_kind(const struct rtb_cmp_cell *ce, enum rtb_cmp_row r);
/* rtb_cmp_fmt_verdict - one verdict as a short cell: "higher +850.1%",
 * "noise +-75.2%", "untested". */
void rtb_cmp_fmt_verdict(char *buf, size_t len, int has, const struct rtb_verdict *v);
/* rtb_cmp_fmt_vrow - a verdict row's cell: "-" on the baseline. */
void rtb_cmp_fmt_vrow(char *buf, size_t len, const struct rtb_cmp *c,
		      const struct rtb_cmp_metric *cm, const struct rtb_cmp_cell *ce,
		      enum rtb_cmp_vrow r);
/* rtb_cmp_fmt_row - the row's figure as shown: "-" when not usable. */
void rtb_cmp_fmt_row(char *buf, size_t len, const struct rtb_cmp_metric *cm,
		     const struct rtb_cmp_cell *ce, enum rtb_cmp_row r);


/* rtb_cmp_setting - settings key of r as compare and report show it, or
 * NULL when the file does not record it (buf: room for a derived value).
 * "measuring_prio" (the measuring thread's own priority, cyclictest's -p)
 * is what is compared, not rtbench's --prio base, which the thread runs 2
 * above; "samples" -1 (--samples not given) is said in words, never shown
 * as the sentinel. */
const char *rtb_cmp_setting(const struct rtb_rf *r, const char *key, char *buf, size_t len);

#endif
