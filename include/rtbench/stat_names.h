/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the statistics a metric reports, by name: the one table the
 * writers (JSON keys, CSV columns, the text table's headings) and the
 * readers (the result-file reader, `check`'s STAT names, `compare`'s rows)
 * take their names from, so that a key cannot be spelt two ways (the
 * percentile keys and the statistic names were written out in three
 * places each). tests/unit/test_stat_names.c writes a metric with the JSON
 * writer, reads it back with the host reader and finds every key of this
 * table on both sides with the same value.
 *
 * A static const table (each user gets its own few hundred bytes) so that
 * the measuring core, the firmware and the host side share it without a
 * definition to link. */
#ifndef RTBENCH_STAT_NAMES_H
#define RTBENCH_STAT_NAMES_H

#include "rtbench/stats.h"

/* Every statistic of a metric, in the order the result file lists them. */
enum rtb_stat {
	RTB_STAT_COUNT,
	RTB_STAT_MIN,
	RTB_STAT_MEAN,
	RTB_STAT_STDDEV,
	RTB_STAT_P50,   /* the percentiles: rtb_pct_level(k) is RTB_STAT_P50 + k */
	RTB_STAT_P90,
	RTB_STAT_P99,
	RTB_STAT_P99_9,
	RTB_STAT_P99_99,
	RTB_STAT_P99_999,
	RTB_STAT_MAX,
	RTB_STAT_INVALID,
	RTB_STAT_OVERRUNS,
	RTB_STAT_MISSED,
	RTB_STAT_OVER_DEADLINE,
	RTB_NSTAT
};

_Static_assert(RTB_STAT_P99_999 - RTB_STAT_P50 + 1 == RTB_NPCT,
	       "one table entry per percentile level");

#define RTB_STATF_TIME 1u /* a time in ns; else a count of samples */
#define RTB_STATF_REAL 2u /* a real number in JSON; else an integer */
#define RTB_STATF_STATS 4u /* only where the metric measured something (json-schema.md) */

struct rtb_stat_name {
	const char *key;    /* JSON key, CSV column, `check` STAT: "p99_9" */
	const char *label;  /* a table's heading (text, markdown, HTML): "p99.9" */
	double pct;         /* the percentile level (99.9); 0: not a percentile */
	unsigned flags;     /* RTB_STATF_* */
};

#define RTB_STAT_T_ (RTB_STATF_TIME | RTB_STATF_STATS)
static const struct rtb_stat_name rtb_stat_names[RTB_NSTAT] = {
	[RTB_STAT_COUNT] = { "count", "count", 0, 0 },
	[RTB_STAT_MIN] = { "min", "min", 0, RTB_STAT_T_ },
	[RTB_STAT_MEAN] = { "mean", "mean", 0, RTB_STAT_T_ | RTB_STATF_REAL },
	[RTB_STAT_STDDEV] = { "stddev", "stddev", 0, RTB_STAT_T_ | RTB_STATF_REAL },
	[RTB_STAT_P50] = { "p50", "p50", 50, RTB_STAT_T_ },
	[RTB_STAT_P90] = { "p90", "p90", 90, RTB_STAT_T_ },
	[RTB_STAT_P99] = { "p99", "p99", 99, RTB_STAT_T_ },
	[RTB_STAT_P99_9] = { "p99_9", "p99.9", 99.9, RTB_STAT_T_ },
	[RTB_STAT_P99_99] = { "p99_99", "p99.99", 99.99, RTB_STAT_T_ },
	[RTB_STAT_P99_999] = { "p99_999", "p99.999", 99.999, RTB_STAT_T_ },
	[RTB_STAT_MAX] = { "max", "max", 0, RTB_STAT_T_ },
	[RTB_STAT_INVALID] = { "invalid", "invalid", 0, 0 },
	[RTB_STAT_OVERRUNS] = { "overruns", "overruns", 0, 0 },
	[RTB_STAT_MISSED] = { "missed", "missed", 0, 0 },
	[RTB_STAT_OVER_DEADLINE] = { "over_deadline", "over_deadline", 0, 0 },
};
#undef RTB_STAT_T_

/* RTB_STAT_KEY(P99_9) - the result-file key of statistic RTB_STAT_P99_9 */
#define RTB_STAT_KEY(s) (rtb_stat_names[RTB_STAT_##s].key)

/* rtb_pct_level - percentile level k (0 <= k < RTB_NPCT) in percent: 50,
 * 90, 99, 99.9, 99.99, 99.999. */
static inline double rtb_pct_level(int k)
{
	return rtb_stat_names[RTB_STAT_P50 + k].pct;
}

/* rtb_pct_key - the result-file key of level k: "p50" ... "p99_999". */
static inline const char *rtb_pct_key(int k)
{
	return rtb_stat_names[RTB_STAT_P50 + k].key;
}

/* rtb_stat_is_pct - s is one of the percentiles (its level is
 * rtb_stat_names[s].pct, its index s - RTB_STAT_P50). */
static inline int rtb_stat_is_pct(enum rtb_stat s)
{
	return s >= RTB_STAT_P50 && s <= RTB_STAT_P99_999;
}

#endif
