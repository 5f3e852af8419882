/* SPDX-License-Identifier: Apache-2.0 */
/* test_compare_formats - what the machine-readable outputs of `rtbench
 * compare` promise a spreadsheet or a script: every CSV row has exactly the
 * header's fields (baseline rows once had one more, shifting every
 * column after max); the report colours a difference green or red only
 * where a verdict called it (an A/A pair once got a green p99).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include "check.h"
#include "host_testutil.h"
#include "host/cmd/host.h"

/* csv_fields - fields of the RFC 4180 record starting at *p; *p is moved to
 * the next record. */
static int csv_fields(const char **p)
{
	const char *s = *p;
	int n = 1, q = 0;

	for (; *s; s++) {
		if (*s == '"')
			q = !q;
		else if (!q && *s == ',')
			n++;
		else if (!q && *s == '\n')
			break;
	}
	*p = *s ? s + 1 : s;
	return n;
}

static int run(char **argv, char **out, char **err)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	return tu_run(rtb_host_compare, argc, argv, out, err);
}

/* csv_rows_match_header - compare -f csv on the files: each record as many
 * fields as the header, and baseline and compared rows both present. */
static void csv_rows_match_header(char **files, int nfiles)
{
	char *argv[8] = { "compare", "-f", "csv" }, *out, *err;
	const char *p;
	int i, want, rows = 0, base = 0;

	for (i = 0; i < nfiles; i++)
		argv[3 + i] = files[i];
	argv[3 + nfiles] = NULL;
	CHECK_EQ_I(run(argv, &out, &err), 0);
	p = out;
	want = csv_fields(&p);
	CHECK(want > 20);
	while (*p) {
		const char *line = p;
		int n = csv_fields(&p);

		rows++;
		base += strstr(line, ",baseline,") && strstr(line, ",baseline,") < p;
		if (n != want)
			fprintf(stderr, "row %d: %d fields, header %d: %.*s\n", rows, n, want,
				(int)(p - line), line);
		CHECK_EQ_I(n, want);
	}
	CHECK(rows > 2);
	CHECK(base > 0);
	free(out);
	free(err);
}

/* report_html - the page `rtbench report` writes for files a, b. */
static char *report_html(const char *a, const char *b)
{
	const char *tmp = getenv("RTB_TEST_OUT") ? getenv("RTB_TEST_OUT") : "/tmp";
	char path[512], *out, *err, *page;
	char *argv[] = { "report", (char *)a, (char *)b, "-o", path, NULL };

	snprintf(path, sizeof(path), "%s/test_compare_formats.html", tmp);
	CHECK_EQ_I(tu_run(rtb_host_report, 5, argv, &out, &err), 0);
	page = tu_slurp(path);
	free(out);
	free(err);
	return page;
}

/* report_colours - an A/A pair (the same system run twice) has no green
 * or red cell, whatever the signs of its differences; where the tail's
 * verdict called a difference (vx against rtl: p99, p99.9 and max higher
 * beyond the rounds' own spread) it is red, and the untested mean beside
 * it stays neutral. */
static void report_colours(const char *vx, const char *rerun, const char *rtl)
{
	char *page = report_html(vx, rerun);
	const char *sec;

	CHECK(strstr(page, "</html>") != NULL);
	CHECK(strstr(page, "class=\"better") == NULL);
	CHECK(strstr(page, "class=\"worse") == NULL);
	free(page);
	page = report_html(vx, rtl);
	sec = strstr(page, "data-metric=\"ctxsw.rr.yield\"");
	CHECK(sec != NULL);
	if (sec) {
		const char *mean = strstr(sec, "<td>mean</td>"), *p99 = strstr(sec, "<td>p99</td>");

		CHECK(mean && strstr(mean, "<td class=\"\">+18.1%</td>") != NULL &&
		      strstr(mean, "<td class=\"\">+18.1%</td>") < p99);
		CHECK(p99 && strncmp(strstr(p99, "<td class="), "<td class=\"worse sig\">+216.1%", 29) == 0);
	}
	free(page);
}

/* url_decode - %XX in place. */
static void url_decode(char *s)
{
	char *w = s;

	for (; *s; s++) {
		unsigned x;

		if (*s == '%' && sscanf(s + 1, "%2x", &x) == 1) {
			*w++ = (char)x;
			s += 2;
		} else {
			*w++ = *s;
		}
	}
	*w = 0;
}

/* report_csv - each plot's data as CSV: the histogram link of a
 * measurement decodes to bins whose counts add up to each file's count. */
static void report_csv(const char *vx, const char *rtl)
{
	char *page = report_html(vx, rtl), *a, *e, *row;
	const char *key = "download=\"ctxsw.rr.yield.histogram.csv\" href=\"data:text/csv;charset=utf-8,";
	double sum_vx = 0, sum_rtl = 0;

	a = strstr(page, key);
	CHECK(a != NULL);
	CHECK(strstr(page, "download=\"ctxsw.rr.yield.percentiles.csv\"") != NULL);
	CHECK(strstr(page, "download=\"ctxsw.rr.yield.series.csv\"") != NULL);
	if (a) {
		a += strlen(key);
		e = strchr(a, '"');
		*e = 0;
		url_decode(a);
		CHECK(strncmp(a, "system,bin_lo_us,bin_hi_us,count,share\n", 39) == 0);
		for (row = strchr(a, '\n'); row && row[1]; row = strchr(row + 1, '\n')) {
			double lo, hi, n;
			char sys[64];

			if (sscanf(row + 1, "%63[^,],%lf,%lf,%lf", sys, &lo, &hi, &n) != 4)
				continue;
			if (!strcmp(sys, "vxworks-like"))
				sum_vx += n;
			else
				sum_rtl += n;
		}
		CHECK_NEAR(sum_vx, 400, 0);
		CHECK_NEAR(sum_rtl, 400, 0);
	}
	free(page);
}

int main(void)
{
	char vx[512], rtl[512], hist[512];

	snprintf(vx, sizeof(vx), "%s", tu_data("vx.json"));
	snprintf(rtl, sizeof(rtl), "%s", tu_data("rtl.json"));
	snprintf(hist, sizeof(hist), "%s", tu_data("rtl_hist.json"));
	{
		char *f[] = { vx, rtl };
		char *g[] = { vx, rtl, hist };

		csv_rows_match_header(f, 2);
		csv_rows_match_header(g, 3);
	}
	{
		char rerun[512];

		snprintf(rerun, sizeof(rerun), "%s", tu_data("vx_rerun.json"));
		report_colours(vx, rerun, rtl);
		report_csv(vx, rtl);
	}
	return check_done();
}
