/* test_compare - `rtbench compare` and `rtbench report` end to end inside
 * one process: exit codes, the one-line error naming the file for every
 * kind of bad input, the tables and summary on the fixtures, and that a
 * report is never half-written. */
#include <sys/stat.h>

#include "check.h"
#include "host_testutil.h"
#include "host/host.h"

/* bad_input - `compare vx.json <name>` exits 2 with exactly one stderr
 * line "rtbench compare: <path>: ..." containing want. */
static void bad_input(const char *name, const char *want)
{
	char path[512], *out, *err, prefix[600];
	char *argv[] = { "compare", NULL, path, NULL };
	int rc;

	snprintf(path, sizeof(path), "%s", tu_data(name));
	argv[1] = (char *)tu_data("vx.json");
	rc = tu_run(rtb_host_compare, 3, argv, &out, &err);
	snprintf(prefix, sizeof(prefix), "rtbench compare: %s: ", path);
	CHECK_EQ_I(rc, 2);
	CHECK_EQ_I(tu_lines(err), 1);
	CHECK(strncmp(err, prefix, strlen(prefix)) == 0);
	CHECK(strstr(err, want) != NULL);
	CHECK(out[0] == 0);
	if (rc != 2 || !strstr(err, want))
		fprintf(stderr, "%s: got rc %d, \"%s\"\n", name, rc, err);
	free(out);
	free(err);
}

static int run(int (*fn)(int, char **), char **argv, char **out, char **err)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	return tu_run(fn, argc, argv, out, err);
}

int main(void)
{
	char vx[512], rtl[512], hist[512], rerun[512], html[512], *out, *err;
	const char *tmp = getenv("RTB_TEST_OUT") ? getenv("RTB_TEST_OUT") : "/tmp";
	struct stat st;
	int rc;

	snprintf(vx, sizeof(vx), "%s", tu_data("vx.json"));
	snprintf(rtl, sizeof(rtl), "%s", tu_data("rtl.json"));
	snprintf(hist, sizeof(hist), "%s", tu_data("rtl_hist.json"));
	snprintf(rerun, sizeof(rerun), "%s", tu_data("vx_rerun.json"));

	/* bad input: one line, naming the file, exit 2 */
	bad_input("no_such_file.json", "cannot open");
	bad_input("bad_empty.json", "empty file");
	bad_input("bad_truncated.json", "truncated JSON");
	bad_input("bad_malformed.json", "malformed JSON at line 4");
	bad_input("bad_newer.json", "newer");
	bad_input("bad_other_tool.json", "not an rtbench result file");
	bad_input("bad_type.json", "must be an integer");
	bad_input("bad_nocommon.json", "no measurement in common with");

	/* bad options */
	{
		char *a1[] = { "compare", vx, NULL };
		char *a2[] = { "compare", "--format", "xml", vx, rtl, NULL };
		char *a3[] = { "compare", "--alpha", "2", vx, rtl, NULL };
		char *a4[] = { "compare", "--bogus", vx, rtl, NULL };
		char *a5[] = { "compare", vx, rtl, "-f", NULL };
		char **bad[] = { a1, a2, a3, a4, a5 };
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			rc = run(rtb_host_compare, bad[i], &out, &err);
			CHECK_EQ_I(rc, 2);
			CHECK_EQ_I(tu_lines(err), 1);
			CHECK(strncmp(err, "rtbench compare: ", 17) == 0);
			free(out);
			free(err);
		}
	}
	{
		char *a[] = { "compare", "--help", NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK(strstr(out, "usage: rtbench compare") != NULL);
		CHECK(err[0] == 0);
		free(out);
		free(err);
	}

	/* the study-shaped comparison */
	{
		char *a[] = { "compare", vx, rtl, NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK(strstr(out, "Table 1 - Context switch") != NULL);
		CHECK(strstr(out, "times in us") != NULL);
		CHECK(strstr(out, "+18.1%") != NULL);   /* 1420.7 vs 1202.9 in the files */
		CHECK(strstr(out, "Mann-Whitney U test") != NULL);
		CHECK(strstr(out, "about 18% higher mean latency") != NULL);
		CHECK(strstr(out, "greater variation (stddev 0.559 vs 0.038 us)") != NULL);
		CHECK(strstr(out, "vxworks-like is faster and more consistent.") != NULL);
		CHECK(strstr(out, "slightly lower (-3.7%)") != NULL); /* message queue */
		CHECK(strstr(out, "sync.mutex.pi.inversion: vxworks-like: skipped") != NULL);
		CHECK(strstr(out, "note:") == NULL);   /* measured alike */
		CHECK(err[0] == 0);
		free(out);
		free(err);
	}
	/* the same system twice: no significant difference */
	{
		char *a[] = { "compare", vx, rerun, NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK(strstr(out, "do not differ significantly") != NULL);
		CHECK(strstr(out, "significant          yes") == NULL);
		free(out);
		free(err);
	}
	/* measured differently: notes instead of a silent comparison */
	{
		char *a[] = { "compare", vx, hist, NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK(strstr(out, "note: settings.period_ns differs: vxworks-like 200000, "
			     "rtlbox2-6.1.0-nort 1000000") != NULL);
		CHECK(strstr(out, "note: settings.cpu differs") != NULL);
		CHECK(strstr(out, "degraded scheduling") != NULL);
		CHECK(strstr(out, "1000 samples vs 400 on vxworks-like") != NULL);
		CHECK(strstr(out, "the test uses its histogram buckets") != NULL);
		CHECK(strstr(out, "on histogram buckets where a file has no samples") != NULL);
		free(out);
		free(err);
	}
	/* other formats */
	{
		char *a[] = { "compare", "-f", "csv", vx, rtl, NULL };
		char *b[] = { "compare", "--format=json", vx, rtl, NULL };
		char *c[] = { "compare", "--format", "markdown", vx, rtl, NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK_EQ_I(tu_lines(out), 1 + 4 * 2);   /* header + 4 metrics x 2 systems */
		CHECK(strstr(out, "ctxsw.rr.yield,Table 1,rtlinux-like,") != NULL);
		free(out);
		free(err);
		CHECK_EQ_I(run(rtb_host_compare, b, &out, &err), 0);
		CHECK(strstr(out, "\"schema\": \"rtbench-compare\"") != NULL);
		CHECK(strstr(out, "\"name\": \"mann-whitney-u\"") != NULL);
		free(out);
		free(err);
		CHECK_EQ_I(run(rtb_host_compare, c, &out, &err), 0);
		CHECK(strstr(out, "## Table 1 - Context switch") != NULL);
		CHECK(strstr(out, "| mean | 1.203 | 1.421 | +18.1% |") != NULL);
		free(out);
		free(err);
	}

	/* report: bad input leaves an existing output untouched */
	snprintf(html, sizeof(html), "%s/test_compare_report.html", tmp);
	{
		FILE *f = fopen(html, "w");
		char bad[512];
		char *a[] = { "report", vx, bad, "-o", html, NULL };
		char *s;

		snprintf(bad, sizeof(bad), "%s", tu_data("bad_truncated.json"));
		CHECK(f != NULL);
		if (f) {
			fputs("old", f);
			fclose(f);
		}
		CHECK_EQ_I(run(rtb_host_report, a, &out, &err), 2);
		CHECK(strncmp(err, "rtbench report: ", 16) == 0 && strstr(err, "bad_truncated.json: "));
		CHECK_EQ_I(tu_lines(err), 1);
		s = tu_slurp(html);
		CHECK_STR(s, "old");
		free(s);
		free(out);
		free(err);
	}
	{
		char *a[] = { "report", vx, NULL };

		CHECK_EQ_I(run(rtb_host_report, a, &out, &err), 2);   /* no -o */
		CHECK(strstr(err, "-o") != NULL);
		free(out);
		free(err);
	}
	{
		char *a[] = { "report", vx, rtl, hist, "-o", html, NULL };
		char *s;

		CHECK_EQ_I(run(rtb_host_report, a, &out, &err), 0);
		CHECK(stat(html, &st) == 0 && st.st_size > 10000);
		s = tu_slurp(html);
		CHECK(strstr(s, "<svg class=\"plot\"") != NULL);
		CHECK(strstr(s, "id=\"hist-ctxsw.rr.yield\"") != NULL);
		CHECK(strstr(s, "id=\"pct-irq.timer.nanosleep\"") != NULL);
		CHECK(strstr(s, "id=\"series-ipc.mqueue.wakeup\"") != NULL);
		CHECK(strstr(s, "id=\"fingerprints\"") != NULL);
		CHECK(strstr(s, "http://") == NULL || strstr(s, "http://www.w3.org/2000/svg"));
		CHECK(strstr(s, "<script src") == NULL && strstr(s, "<link") == NULL);
		free(s);
		free(out);
		free(err);
	}
	return check_done();
}
