/* rtbench - CSV writers (summary and raw samples) and the atomic file
 * writer every output file goes through.
 *
 * CSV follows RFC 4180 for quoting: a text field containing a comma, a
 * double quote, CR or LF is enclosed in double quotes with inner quotes
 * doubled; other fields are written bare. Lines end in "\n", not the RFC's
 * CRLF, so that line-oriented tools (cut, awk, grep) see clean last fields;
 * every CSV reader we target accepts both. Numbers are formatted as in the
 * JSON writer (json.c): integers exactly, doubles in the shortest %g form
 * that reads back to the same value. A metric without statistics (skipped,
 * failed or no samples) gets count 0 and empty statistic cells, never zeros
 * that would read as measured. */
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtbench/err.h"
#include "rtbench/output.h"

/* put_text - one RFC 4180 text field from s[0..strnlen(s, max)). */
static void put_text(FILE *f, const char *s, size_t max)
{
	size_t n = s ? strnlen(s, max) : 0, i;

	for (i = 0; i < n; i++)
		if (s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n')
			break;
	if (i == n) {
		fwrite(s, 1, n, f);
		return;
	}
	fputc('"', f);
	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			fputc('"', f);
		fputc(s[i], f);
	}
	fputc('"', f);
}

/* put_double - shortest round-tripping %g form; empty cell if not finite. */
static void put_double(FILE *f, double x)
{
	char buf[40];

	if (!isfinite(x))
		return;
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	for (char *c = buf; *c; c++) /* decimal-comma locales */
		if (*c == ',')
			*c = '.';
	fputs(buf, f);
}

/* has_stats - the metric measured something (same rule as the JSON). */
static int has_stats(const struct rtb_metric *m)
{
	return (m->status == RTB_STATUS_OK || m->status == RTB_STATUS_PARTIAL) &&
	       m->count > 0 && m->samples;
}

/* rtb_write_csv - one row per metric, header first. */
int rtb_write_csv(FILE *f, const struct rtb_result *r)
{
	if (!f || !r)
		return RTB_EINVAL;
	fputs("label,id,status,count,min,mean,stddev,p50,p90,p99,p99_9,p99_99,"
	      "max,first,invalid,overruns,missed,over_deadline\n", f);
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++) {
		const struct rtb_metric *m = r->metrics[i];
		int ok;

		if (!m)
			continue;
		ok = has_stats(m);
		put_text(f, r->set.label, sizeof(r->set.label));
		fputc(',', f);
		put_text(f, m->id, sizeof(m->id));
		fputc(',', f);
		put_text(f, rtb_status_name(m->status), SIZE_MAX);
		fprintf(f, ",%zu,", ok ? m->count : (size_t)0);
		if (ok) {
			const struct rtb_stats *st = &m->stats;
			fprintf(f, "%" PRId64 ",", st->min);
			put_double(f, st->mean);
			fputc(',', f);
			put_double(f, st->stddev);
			/* p50 .. p99_99: the first five levels; the CSV has
			 * no p99_999 column (see output.h) */
			for (int k = 0; k < 5; k++)
				fprintf(f, ",%" PRId64, st->pct[k]);
			fprintf(f, ",%" PRId64 ",", st->max);
		} else {
			fputs(",,,,,,,,,", f); /* min mean stddev p50..p99_99 max */
		}
		if (m->has_first)
			fprintf(f, "%" PRId64, m->first_ns);
		fprintf(f, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
		    m->invalid, m->overruns, m->missed, m->over_deadline);
	}
	return ferror(f) ? RTB_EIO : RTB_OK;
}

/* rtb_write_raw - every kept sample as "metric,index,ns", header first.
 * Metrics without statistics contribute no rows, matching their count 0. */
int rtb_write_raw(FILE *f, const struct rtb_result *r)
{
	if (!f || !r)
		return RTB_EINVAL;
	fputs("metric,index,ns\n", f);
	for (int i = 0; i < r->nmetrics && i < RTB_MAX_METRICS; i++) {
		const struct rtb_metric *m = r->metrics[i];

		if (!m || !has_stats(m))
			continue;
		for (size_t j = 0; j < m->count; j++) {
			put_text(f, m->id, sizeof(m->id));
			fprintf(f, ",%zu,%" PRId64 "\n", j, m->samples[j]);
		}
		if (ferror(f))
			break; /* a full disk: stop early, not after 10M writes */
	}
	return ferror(f) ? RTB_EIO : RTB_OK;
}

/* sync_dir - best-effort fsync of the directory holding path, so that the
 * rename itself survives a power cut. Failure is ignored: the file content
 * is already safe, and some file systems refuse fsync on directories. */
static void sync_dir(const char *path)
{
	char *copy = strdup(path);
	int fd;

	if (!copy)
		return;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(copy);
}

/* rtb_write_file_atomic - write PATH.tmp through fn, flush, fsync, rename.
 *
 * The temporary file is in the same directory as PATH so that rename() is
 * an atomic replace on one file system: a reader sees the old file or the
 * complete new one, never half of one. On any failure the temporary file is
 * removed and PATH is left as it was. */
int rtb_write_file_atomic(const char *path,
			  int (*fn)(FILE *f, const struct rtb_result *r),
			  const struct rtb_result *r)
{
	size_t len;
	char *tmp = NULL;
	FILE *f = NULL;
	int fd, ret = RTB_EIO;

	if (!path || !*path || !fn)
		return RTB_EINVAL;
	len = strlen(path);
	tmp = malloc(len + sizeof(".tmp"));
	if (!tmp)
		return RTB_EIO;
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp", sizeof(".tmp"));

	/* O_TRUNC: a .tmp left by a crashed earlier run is simply replaced */
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		goto out_free;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		goto out_unlink;
	}
	if (fn(f, r) != 0 || fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0)
		goto out_close;
	if (fclose(f) != 0) {
		f = NULL;
		goto out_unlink;
	}
	f = NULL;
	if (rename(tmp, path) != 0)
		goto out_unlink;
	sync_dir(path);
	ret = RTB_OK;
	goto out_free;

out_close:
	fclose(f);
out_unlink:
	unlink(tmp);
out_free:
	free(tmp);
	return ret;
}
