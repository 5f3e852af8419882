/* SPDX-License-Identifier: Apache-2.0 */
/* test_compare - `rtbench compare` and `rtbench report` end to end inside
 * one process: exit codes, the one-line error naming the file for every
 * kind of bad input, the tables and summary on the fixtures, and that a
 * report is never half-written.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <sys/stat.h>

#include "check.h"
#include "rtbench/err.h"
#include "host_testutil.h"
#include "host/cmd/host.h"

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
	CHECK_EQ_I(rc, RTB_EFORMAT);                 /* a bad file: exit 2 */
	CHECK_EQ_I(tu_lines(err), 1);
	CHECK(strncmp(err, prefix, strlen(prefix)) == 0);
	CHECK(strstr(err, want) != NULL);
	CHECK(out[0] == 0);
	if (rc != RTB_EFORMAT || !strstr(err, want))
		fprintf(stderr, "%s: got rc %d, \"%s\"\n", name, rc, err);
	free(out);
	free(err);
}

/* squeeze - runs of spaces and newlines to one space in place, so a check
 * can find a phrase the text renderer wrapped over two lines */
static char *squeeze(char *s)
{
	char *w = s;

	for (const char *r = s; *r; r++) {
		if ((*r == ' ' || *r == '\n') && w > s && w[-1] == ' ')
			continue;
		*w++ = *r == '\n' ? ' ' : *r;
	}
	*w = 0;
	return s;
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
			CHECK_EQ_I(rc, RTB_EINVAL);          /* a bad option: exit 2 */
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
		squeeze(out);
		CHECK(strstr(out, "Welch's t-test on the logarithm of the rounds' medians") != NULL);
		/* context switch: the mean is 18% higher, the median only 2.8%,
		 * inside the rounds' noise; the tail is the difference */
		CHECK(strstr(out, "median 1.233 vs 1.203 us (rounds' medians +2.8%") != NULL);
		CHECK(strstr(out, "within run-to-run noise (+-4.2%)") != NULL);
		CHECK(strstr(out, "Tail (whole-run figures): max 5.630 vs 1.307 us (+330.8%), p99.9 "
			      "5.630 vs 1.307 us "
			      "(+330.8%), p99 4.046 vs 1.280 us (+216.1%)") != NULL);
		/* the tail is judged on its rounds, and the summary leads with it */
		CHECK(strstr(out, "summary: Worst case: max 5.630 on rtlinux-like vs 1.307 us on "
			      "vxworks-like: vxworks-like's is lower (rounds' geometric mean +269% on "
			      "rtlinux-like, beyond the "
			      "rounds' own spread +-17%)") != NULL);
		CHECK(strstr(out, "vxworks-like is more consistent (p99-p50 0.077 vs") != NULL);
		/* one p99.9, two percentages (+330.8% in the table, +268.8% in
		 * its verdict row): each says what it is */
		CHECK(strstr(out, "p99.9 1.307 5.630 +330.8%") != NULL);
		CHECK(strstr(out, "p99.9 verdict - higher +268.8%") != NULL);
		CHECK(strstr(out, "percentages: \"vs first\" = (this - first) / first of the whole "
			      "run's figure (every round's samples pooled); \"p50 shift\" and the "
			      "verdict rows' % = the ratio of the rounds' geometric means") != NULL);
		CHECK(strstr(out, "about 52% higher median latency than vxworks-like") != NULL); /* irq */
		CHECK(strstr(out, "slightly lower (-4.0%) median latency") != NULL); /* message queue */
		CHECK(strstr(out, "significant") == NULL); /* a tail is never "significant" */
		/* priority inversion as rtbench writes it: ceiling has no
		 * request-to-release figure, and each blocking figure's verdict
		 * (its note) is passed through per system */
		CHECK(strstr(out, "sync.prio_inv.ceiling.request_to_release: vxworks-like: skipped "
			      "(under the ceiling protocol") != NULL);
		CHECK(strstr(out, "[sync.prio_inv.inherit.blocking]") != NULL);
		CHECK(strstr(out, "note: vxworks-like: verdict unbounded: blocking grows with the load") != NULL);
		CHECK(strstr(out, "note: rtlinux-like: verdict bounded: blocking does not grow") != NULL);
		/* measured alike: no run-wide note, no "measured differently" note */
		CHECK(strstr(out, "differs") == NULL);
		CHECK(strstr(out, "not granted") == NULL);
		CHECK(strstr(out, "degraded") == NULL);
		CHECK(strstr(out, " samples vs ") == NULL);
		CHECK(err[0] == 0);
		free(out);
		free(err);
	}
	/* the same system twice: no significant difference */
	{
		char *a[] = { "compare", vx, rerun, NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK(strstr(out, "within run-to-run noise") != NULL);
		CHECK(strstr(out, "higher median") == NULL);
		CHECK(strstr(out, "lower median") == NULL);
		CHECK(strstr(out, "median: neither is shown lower") != NULL);
		CHECK(strstr(out, "neither is shown lower") != NULL);
		/* an A/A pair: no tail called, so nothing "more consistent" */
		CHECK(strstr(out, "'s is lower") == NULL);
		CHECK(strstr(out, "'s are lower") == NULL);
		CHECK(strstr(out, "more consistent") == NULL);
		free(out);
		free(err);
	}
	/* One 8 ms host spike in 20,000 samples of a run that is 100 ns
	 * faster on every other sample: its mean is 30% higher, but it has
	 * the lower latency. (The old summary said "higher mean latency ...
	 * significant" from the mean and a sample-level rank test.) */
	{
		char a1[512], b1[512];
		char *a[] = { "compare", a1, b1, NULL };

		snprintf(a1, sizeof(a1), "%s", tu_data("spike_a.json"));
		snprintf(b1, sizeof(b1), "%s", tu_data("spike_b.json"));
		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		squeeze(out);
		CHECK(strstr(out, "faster-one-spike has about 10% lower median latency than steady") != NULL);
		CHECK(strstr(out, "higher mean") == NULL);
		CHECK(strstr(out, "median: faster-one-spike's is lower") != NULL);
		/* one round's spike is not shown to be the system's worst case */
		CHECK(strstr(out, "max 8000.918 on faster-one-spike vs 1.088 us on steady: not shown to "
			      "differ") != NULL);
		CHECK(strstr(out, "max 8000.918 vs 1.088 us") != NULL); /* the spike, as a tail */
		free(out);
		free(err);
	}
	/* Mixed raw/histogram inputs of the same samples: binned alike, they
	 * are identical (P = 0.50), not a difference made by the binning. */
	{
		char h1[512];
		char *a[] = { "compare", vx, h1, NULL };

		snprintf(h1, sizeof(h1), "%s", tu_data("vx_hist.json"));
		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		squeeze(out);
		CHECK(strstr(out, "P(vxworks-hist < vxworks-like) = 0.50. Tail") != NULL);
		CHECK(strstr(out, "P(vxworks-hist < vxworks-like) = 0.4") == NULL);
		CHECK(strstr(out, "P(vxworks-hist < vxworks-like) = 0.5") != NULL);
		CHECK(strstr(out, "lower median") == NULL && strstr(out, "higher median") == NULL);
		/* binned alike, but only the histogram-only file lacks samples
		 * (the 20,000-sample file was once said to have none) */
		CHECK(strstr(out, "vxworks-like: no samples in the file") == NULL);
		CHECK(strstr(out, "vxworks-like: P(this<first) from its histogram buckets, not its") != NULL);
		CHECK(strstr(out, "vxworks-hist: no samples in the file") != NULL);
		free(out);
		free(err);
	}
	/* a schema-1 file has no rounds: no verdict, and it says why */
	{
		char o1[512];
		char *a[] = { "compare", vx, o1, NULL };

		snprintf(o1, sizeof(o1), "%s", tu_data("vx_schema1.json"));
		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		squeeze(out);
		CHECK(strstr(out, "no verdict: schema1 has fewer than two rounds") != NULL);
		CHECK(strstr(out, "untested") != NULL);
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
		squeeze(out);
		CHECK(strstr(out, "degraded scheduling") != NULL);
		CHECK(strstr(out, "1000 samples vs 400 on vxworks-like") != NULL);
		CHECK(strstr(out, "P(this<first) uses histogram buckets, every file binned alike") != NULL);
		CHECK(strstr(out, "histogram buckets (both files binned alike) where a file has no samples") != NULL);
		free(out);
		free(err);
	}
	/* two FreeRTOS builds differing in configUSE_TIME_SLICING: a note names
	 * the fact and both values; the hostname, the date and a fact one file
	 * could not read (max_priorities null) are not called differences */
	{
		char s1[512], s0[512];
		char *a[] = { "compare", s1, s0, NULL };
		char *b[] = { "compare", s1, s1, NULL };

		snprintf(s1, sizeof(s1), "%s", tu_data("frt_slicing.json"));
		snprintf(s0, sizeof(s0), "%s", tu_data("frt_noslicing.json"));
		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		CHECK(strstr(out, "note: system.time_slicing differs: frt-slicing=1, "
			     "frt-noslicing=0\n") != NULL);
		CHECK(strstr(out, "max_priorities") == NULL);
		CHECK(strstr(out, "hostname") == NULL);
		CHECK(strstr(out, "date") == NULL);
		/* exactly one note: the one fact that differs */
		{
			const char *p = out;
			int n = 0;

			while ((p = strstr(p, "note:")) != NULL) {
				n++;
				p++;
			}
			CHECK_EQ_I(n, 1);
		}
		free(out);
		free(err);
		/* a file against itself: no fact differs */
		CHECK_EQ_I(run(rtb_host_compare, b, &out, &err), 0);
		CHECK(strstr(out, "differs") == NULL);
		free(out);
		free(err);
	}
	/* other formats */
	{
		char *a[] = { "compare", "-f", "csv", vx, rtl, NULL };
		char *b[] = { "compare", "--format=json", vx, rtl, NULL };
		char *c[] = { "compare", "--format", "markdown", vx, rtl, NULL };

		CHECK_EQ_I(run(rtb_host_compare, a, &out, &err), 0);
		/* header + 9 measured metrics x 2 systems (4 + 5 priority-inversion
		 * figures; ceiling's request-to-release is skipped in both) */
		CHECK_EQ_I(tu_lines(out), 1 + 9 * 2);
		CHECK(strstr(out, "ctxsw.rr.yield,Table 1,rtlinux-like,") != NULL);
		CHECK(strstr(out, "sync.prio_inv.ceiling.blocking,Table 2,rtlinux-like,") != NULL);
		CHECK(strstr(out, "sync.prio_inv.ceiling.request_to_release,") == NULL);
		free(out);
		free(err);
		CHECK_EQ_I(run(rtb_host_compare, b, &out, &err), 0);
		CHECK(strstr(out, "\"schema\": \"rtbench-compare\"") != NULL);
		CHECK(strstr(out, "\"test\": \"welch-log-round-medians\"") != NULL);
		CHECK(strstr(out, "\"p_lower\"") != NULL);
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
		CHECK_EQ_I(run(rtb_host_report, a, &out, &err), RTB_EFORMAT);
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

		CHECK_EQ_I(run(rtb_host_report, a, &out, &err), RTB_EINVAL);   /* no -o */
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
