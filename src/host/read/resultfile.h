/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - one result file (docs/json-schema.md) loaded and validated.
 *
 * The loader checks everything compare and report rely on, so they never
 * meet a missing key or a wrong type: a file either loads completely or is
 * refused with a one-line reason (which key, which metric, which line and
 * column of a syntax error). Keys it does not know are ignored, as the
 * schema's compatibility rule asks. */
#ifndef RTB_HOST_RESULTFILE_H
#define RTB_HOST_RESULTFILE_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"
#include "host/base/idset.h"

/* The newest schema version this reader understands. */
#define RTB_RF_SCHEMA "rtbench-result"
#define RTB_RF_SCHEMA_VERSION 3

/* Percentiles of a metric, in this order (as in the file): their levels
 * and keys are the writer's (rtbench/stat_names.h): one table. */
#define RTB_RF_NPCT RTB_NPCT

/* the most thresholds a metric's file counts (rtbench/hmetric.h RTB_HM_MAX_THR) */
#define RTB_RF_MAX_COUNTED 8

/* One histogram bucket: `count` values in [lo, hi). */
struct rtb_rf_bucket {
	int64_t lo, hi;
	uint64_t count;
};

/* One key of an object (system, clock, settings) as display text. Values
 * keep their JSON meaning: strings as is, numbers in decimal, null as "null". */
struct rtb_rf_kv {
	char *key;
	char *value;
};

/* One round's statistics (schema 2: "rounds"). */
struct rtb_rf_round {
	uint64_t count;
	int64_t p50, p99;
	double mean;
	int64_t p999, max;    /* "p99_9_ns", "max_ns": optional (has_*) */
	int has_p999, has_max;
};

struct rtb_rf_metric {
	char *id;             /* "ipc.mqueue.wakeup" */
	char *title;          /* "" if absent */
	char *study_table;    /* NULL if absent or null */
	char *group;          /* a table of its own after the study's; NULL if absent */
	char *unit;           /* "ns" if absent */
	char *status;         /* "ok", "partial", "skipped", "failed" */
	char *method, *note;  /* "" if absent */
	/* the benchmark's answer ("verdict": {"value", "reason"}); NULL both
	 * when the file has none (every file before it, most metrics) */
	char *verdict, *verdict_reason;

	int has_stats;        /* count > 0 and status ok/partial */
	int summary_only;     /* "summary_only": no distribution (rt-tests min/avg/max, overflow) */
	int has_summary;      /* summary_only with the file's own count, min, mean, max */
	uint64_t count;
	int64_t min, max;
	double mean, stddev;
	int64_t pct[RTB_RF_NPCT];
	int has_pct[RTB_RF_NPCT]; /* p50, p99 always present when has_stats */
	int has_first;
	int64_t first;
	uint64_t invalid, overruns, missed, over_deadline;
	int has_missed;       /* the file counts missed periods ("missed" present;
			       * rt-tests files do not: unknown, never 0) */
	int64_t deadline_ns, elapsed_ns;
	/* "thresholds" (a histogram-mode metric; docs/tail.md): the samples over
	 * each threshold the run counted in its measuring loop (the deadline,
	 * --count-over-us), exact; ascending; 0 when the file has none */
	int64_t counted_ns[RTB_RF_MAX_COUNTED];
	uint64_t counted_over[RTB_RF_MAX_COUNTED];
	int ncounted;

	int has_hist;
	struct rtb_rf_bucket *buckets; /* ascending, non-overlapping */
	size_t nbuckets;
	uint64_t underflow, overflow;
	int64_t hist_top;     /* overflow values are >= hist_top (0 if unknown) */

	int64_t *samples;     /* NULL if the file has none; else `count` values */
	size_t nsamples;

	struct rtb_rf_round *rounds; /* NULL for a schema-1 file or one round */
	size_t nrounds;

	/* histogram mode (a --duration run; resultfile_long.c): percentiles
	 * from the histogram, samples only a reservoir (not in `samples`), the
	 * interval series and the worst sample's CPU */
	int hist_mode;
	double pct_resolution_pct;
	int64_t *reservoir;
	size_t nreservoir;
	/* "histogram_1us" (run --histogram / -h US): the 1 us bins counted as
	 * measured, lin[i] values in [i, i + 1) us for i < nlin (the bins up
	 * to lin_bins past nlin are 0), lin_overflow at or past lin_bins us;
	 * NULL when the file has none */
	uint64_t *lin;
	size_t nlin;
	int64_t lin_bins;
	uint64_t lin_overflow;
	struct rtb_rf_interval *intervals;
	size_t nintervals;
	int worst_cpu;        /* -1: unknown */
	/* "worst": the largest samples, descending, with when (t_ns, the
	 * port's monotonic clock) and where; NULL / 0 when the file has none */
	struct rtb_rf_worst *worst;
	size_t nworst_s;
	/* run --trace: the worst samples' one-line explanations
	 * (resultfile_worst.c); NULL / 0 when the file has none */
	char **worst_lines;
	size_t nworst;
	/* a trace read while it ran: the successive new maxima's lines
	 * ("trace.maxima", oldest first) */
	char **max_lines;
	size_t nmax;
};

/* One of a histogram-mode metric's worst samples. */
struct rtb_rf_worst {
	int64_t ns, t_ns;
	int cpu;
};

/* One interval of a long run's metric. */
struct rtb_rf_interval {
	int64_t start_ns, end_ns;
	uint64_t count;
	int64_t p50_ns, p99_ns, max_ns; /* 0 when count is 0 */
	int64_t p999_ns;          /* 0 when count is 0 or the file has none (before round 5) */
	uint64_t over[RTB_RF_MAX_COUNTED]; /* its samples over each of the metric's
					    * counted_ns (0 when it counted none) */
	int64_t smi;              /* SMIs its CPU(s) counted in it; -1: not readable
				   * or not in the file ("smi": null or absent) */
};

struct rtb_rf_kvlist {
	struct rtb_rf_kv *kv;
	size_t n;
};

/* "system.emulation" (schema 2): the emulator a result was measured under. */
struct rtb_rf_emulation {
	int present;          /* 0: absent or null (real hardware, or a schema-1 file) */
	char *emulator;       /* required when present */
	char *version, *machine, *accel; /* "" if null */
	int icount_shift;     /* -1: no -icount (timings are noise) */
	int vcpus;            /* 0 if null */
};

struct rtb_rf {
	char *path;           /* as given on the command line */
	char *label;          /* "label", else "<hostname>-<kernel_release>", else the file name */
	char *date_utc, *command_line, *tool_name, *tool_version; /* "" if absent */
	int schema_version;
	int complete, degraded;
	/* "progress" (schema 2; has_progress 0 when absent): how far the run
	 * got when the file was written */
	int has_progress;
	int64_t benches_done, benches_planned;
	/* settings.long_run (a run --duration; has_long 0 otherwise) and
	 * settings.load_failed: what the gate's run judgement reads (judge.h) */
	int has_long, load_failed;
	char long_ended[16];      /* "duration", "signal", "running", ... */
	int64_t long_measured_ns, long_duration_ns, long_signal;
	int64_t long_ncpus;       /* long_run.ncpus: the CPUs measured (0: not said) */
	char **warnings;
	size_t nwarnings;
	struct rtb_rf_kvlist system, clock, settings;
	struct rtb_rf_emulation emu;
	struct rtb_rf_metric *metrics;
	size_t nmetrics;
	/* the metrics' ids -> their index: finding a metric by id is O(1),
	 * so 100k metrics read in linear time */
	struct rtb_idset idx;
};

/* rtb_rf_load - read and validate the result file `path` into *out.
 * Returns 0, or RTB_EIO (cannot read) / RTB_EFORMAT (not a valid result
 * file) / RTB_ENOMEM with a one-line reason in err (without the path; the
 * caller prefixes it). On failure *out is left empty (safe to free). */
int rtb_rf_load(const char *path, struct rtb_rf *out, char *err, size_t errlen);

/* rtb_rf_parse - as rtb_rf_load, from a buffer; `name` becomes out->path. */
int rtb_rf_parse(const char *buf, size_t len, const char *name,
		 struct rtb_rf *out, char *err, size_t errlen);

/* What a result's times are: real time (hardware, or a VM's clock),
 * instruction counts (an emulator with -icount: 2^shift ns of virtual time
 * an instruction), or an emulator's host noise (no -icount). Figures of
 * two kinds are never put into one percentage or verdict. */
enum rtb_rf_kind { RTB_RF_REAL = 0, RTB_RF_INSNS, RTB_RF_EMU_NOISE };
enum rtb_rf_kind rtb_rf_kind(const struct rtb_rf *r);
/* rtb_rf_kind_word - "real time", "emulated: instruction counts (qemu-
 * system-arm -M mps2-an500, -icount shift 5)" or "emulated without
 * -icount: host noise", into buf. Returns buf. */
const char *rtb_rf_kind_word(const struct rtb_rf *r, char *buf, size_t len);
/* rtb_rf_kind_token - "real", "emulated-icount", "emulated-noicount" (CSV). */
const char *rtb_rf_kind_token(const struct rtb_rf *r);

/* rtb_rf_emulation_line - the EMULATED sentence for r into buf ("" when
 * r was not emulated). Returns buf. */
const char *rtb_rf_emulation_line(const struct rtb_rf *r, char *buf, size_t len);

/* rtb_rf_free - release everything rtb_rf_load allocated. */
void rtb_rf_free(struct rtb_rf *r);

/* rtb_rf_find - metric by id, or NULL. */
const struct rtb_rf_metric *rtb_rf_find(const struct rtb_rf *r, const char *id);
/* rtb_rf_stat - statistic s of m (rtbench/stat_names.h) into *v, as the
 * file gave it; 0 when the file does not have it (a skipped metric's
 * statistics, a summary's percentiles), else 1. */
int rtb_rf_stat(const struct rtb_rf_metric *m, enum rtb_stat s, double *v);

/* rtb_rf_kv_get - value of `key` in a key list, or NULL. */
const char *rtb_rf_kv_get(const struct rtb_rf_kvlist *l, const char *key);

/* rtb_rf_bins_1us - m's samples per 1 us of latency: out[i] the samples in
 * [i, i + 1) us for i < nout, *beyond those at or past nout us (with the
 * histogram's overflow). From "histogram_1us" where the file has it
 * (RTB_RF_1US_LINEAR; past its bins from the log buckets, spread), else
 * from its histogram: RTB_RF_1US_HIST when every bucket with samples lies
 * exactly one 1 us bin (cyclictest -h), RTB_RF_1US_FINE when they are
 * narrower and each inside one (summed: exact), RTB_RF_1US_SPREAD when some are
 * wider (each bucket's count shared over the bins it covers, *widest_us
 * the widest); RTB_RF_1US_NONE (all 0) without a histogram. Counts are
 * doubles only because a spread bucket splits. */
enum { RTB_RF_1US_NONE, RTB_RF_1US_LINEAR, RTB_RF_1US_HIST, RTB_RF_1US_FINE, RTB_RF_1US_SPREAD };
int rtb_rf_bins_1us(const struct rtb_rf_metric *m, double *out, size_t nout, double *beyond,
		    double *widest_us);
/* rtb_rf_1us_kind - what kind of bins rtb_rf_bins_1us's result names */
const char *rtb_rf_1us_kind(int kind);

/* rtb_rf_long_metric - the histogram-mode keys of metric object j (a
 * json_t *) into m, its "intervals" from iv when the reader cut them from
 * the text (rf_int.h; NULL: from j); 0, or RTB_EFORMAT / RTB_ENOMEM with
 * the reason in err. Called by the metric loader before "samples". */
struct rf_rows;
int rtb_rf_long_metric(void *j, const struct rf_rows *iv, struct rtb_rf_metric *m, char *err,
		       size_t errlen);
/* rtb_rf_worst_metric - "trace.worst" of metric object j (a json_t *):
 * the lines into m (resultfile_worst.c); rtb_rf_worst_free frees them. */
int rtb_rf_worst_metric(void *j, struct rtb_rf_metric *m, char *err, size_t errlen);
void rtb_rf_worst_free(struct rtb_rf_metric *m);

#endif
