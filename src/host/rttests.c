/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - rt-tests --json output read as a result file.
 *
 * cyclictest, ptsematest, pmqtest, svsematest and sigwaittest (rt-tests
 * 2.x) write `--json=FILE`: sysinfo, the command line and, per thread,
 * min/avg/max (cyclictest: also a histogram, one bucket per microsecond, or
 * per nanosecond with -N). rtb_rttests_convert() turns that into an
 * rtbench-result object (docs/json-schema.md) that the ordinary reader then
 * validates, so compare, report and check take it beside rtbench runs:
 *
 *  - one metric per file, threads merged, under the rtbench id measuring
 *    the same thing (docs/validation.md): cyclictest -> irq.timer.nanosleep
 *    (irq.timer.signal with -x/--posix_timers), ptsematest ->
 *    sync.mutex.wakeup, svsematest -> sync.sem.wakeup, pmqtest ->
 *    ipc.mqueue.wakeup (".xcpu" when sender and receiver ran on different
 *    CPUs); sigwaittest -> rttests.sigwaittest (no rtbench equivalent).
 *  - marked "from rt-tests" in the tool name, the metric's method and note,
 *    and a warning; "source": "rt-tests" on the metric.
 *  - statistics only where the file has them: from cyclictest's histogram
 *    count, min, max, percentiles (nearest rank, at the histogram's
 *    resolution: the value cyclictest itself reports) and stddev; its avg
 *    as the mean. When the histogram overflowed (-h too small), or for the
 *    tools that report only min/avg/max, the metric is "summary_only": the
 *    figures are in its note and nothing is compared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#include "rtbench/err.h"
#include "host/rttests.h"

struct tool_map {
	const char *tool, *id, *title;
};

static const struct tool_map tools[] = {
	{ "cyclictest", "irq.timer.nanosleep", "Timer wake-up latency (cyclictest)" },
	{ "ptsematest", "sync.mutex.wakeup", "Mutex unlock to waiter wake-up (ptsematest)" },
	{ "svsematest", "sync.sem.wakeup", "SysV semaphore post to waiter wake-up (svsematest)" },
	{ "pmqtest", "ipc.mqueue.wakeup", "Message queue send to receiver wake-up (pmqtest)" },
	{ "sigwaittest", "rttests.sigwaittest", "Signal to sigwait() wake-up (sigwaittest)" },
};

int rtb_rttests_detect(json_t *root)
{
	return json_is_object(root) && !json_object_get(root, "schema") &&
		json_object_get(root, "rt_test_version:") && json_is_object(json_object_get(root, "thread"));
}

static void fail(char *err, size_t len, const char *msg)
{
	snprintf(err, len, "rt-tests --json file: %s", msg);
}

/* iso_date - "Wed, 02 Dec 2026 16:29:01 +0000" -> "2026-12-02T16:29:01Z" */
static json_t *iso_date(const char *s)
{
	struct tm tm;
	char buf[32];
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = s ? strptime(s, "%a, %d %b %Y %H:%M:%S", &tm) : NULL;
	if (!end || !strstr(end, "+0000"))
		return json_string("");
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_string(buf);
}

struct bucket {
	long long v;
	long long n;
};

static int cmp_bucket(const void *a, const void *b)
{
	const struct bucket *x = a, *y = b;

	return x->v < y->v ? -1 : x->v > y->v;
}

/* part - the sender/receiver/thread object's integer `key`, or -1 */
static long long geti(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_integer(v) ? (long long)json_integer_value(v) : -1;
}

static double getn(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

json_t *rtb_rttests_convert(json_t *root, char *err, size_t errlen)
{
	const char *cmd = json_string_value(json_object_get(root, "cmdline:"));
	const char *ver = json_string_value(json_object_get(root, "rt_test_version:"));
	json_t *sys = json_object_get(root, "sysinfo"), *threads = json_object_get(root, "thread");
	json_t *out = NULL, *m = NULL, *t, *jsys, *hist, *buckets, *warn;
	const struct tool_map *map = NULL;
	struct bucket *bk = NULL;
	size_t nbk = 0, capbk = 0, i;
	const char *key, *base, *nodename, *release;
	long long count = 0, hcount = 0, vmin = -1, vmax = -1, unit_ns;
	double wsum = 0, ssq = 0, sum = 0;
	int xcpu = 0, nthreads = 0, has_hist = 0, summary_only;
	char id[96], note[512], method[400], tname[64], label[160], prog[128];

	if (!cmd || !ver) {
		fail(err, errlen, "no \"cmdline:\" or \"rt_test_version:\"");
		return NULL;
	}
	/* the program: the command line's first word, without its directory */
	snprintf(prog, sizeof(prog), "%.*s", (int)strcspn(cmd, " "), cmd);
	base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
	for (i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		size_t n = strlen(tools[i].tool);

		if (!strncmp(base, tools[i].tool, n) && !base[n])
			map = &tools[i];
	}
	if (!map) {
		snprintf(err, errlen, "rt-tests --json file from \"%.40s\": not cyclictest, ptsematest, "
			 "pmqtest, svsematest or sigwaittest", base);
		return NULL;
	}
	/* microseconds unless cyclictest ran with -N/--nsecs */
	unit_ns = geti(root, "resolution_in_ns") == 1 ? 1 : 1000;

	json_object_foreach(threads, key, t) {
		json_t *rx = json_object_get(t, "receiver"), *tx = json_object_get(t, "sender");
		json_t *h = json_object_get(t, "histogram"), *hv;
		const char *hk;
		long long n, mn, mx;
		double avg;

		if (!json_is_object(t)) {
			fail(err, errlen, "a \"thread\" entry is not an object");
			goto fail;
		}
		nthreads++;
		if (rx) {       /* the two-thread tools: the receiver has the figures */
			n = geti(tx, "samples");
			if (geti(tx, "cpu") >= 0 && geti(rx, "cpu") >= 0 && geti(tx, "cpu") != geti(rx, "cpu"))
				xcpu = 1;
			t = rx;
		} else {
			n = geti(t, "cycles");
		}
		mn = geti(t, "min");
		mx = geti(t, "max");
		avg = getn(t, "avg");
		if (n < 0 || mn < 0 || mx < mn || !isfinite(avg)) {
			fail(err, errlen, "a thread lacks samples/cycles, min, avg or max");
			goto fail;
		}
		count += n;
		wsum += avg * (double)n;
		vmin = vmin < 0 || mn < vmin ? mn : vmin;
		vmax = mx > vmax ? mx : vmax;
		if (json_is_object(h)) {
			has_hist = 1;
			json_object_foreach(h, hk, hv) {
				char *e;
				long long v = strtoll(hk, &e, 10);

				if (*e || v < 0 || !json_is_integer(hv) || json_integer_value(hv) < 0) {
					fail(err, errlen, "a histogram key or count is not a non-negative integer");
					goto fail;
				}
				if (nbk == capbk) {
					struct bucket *nb = realloc(bk, (capbk = capbk ? capbk * 2 : 256) * sizeof(*nb));

					if (!nb)
						goto nomem;
					bk = nb;
				}
				bk[nbk].v = v;
				bk[nbk++].n = (long long)json_integer_value(hv);
				hcount += (long long)json_integer_value(hv);
			}
		}
	}
	if (!nthreads || count <= 0) {
		fail(err, errlen, "no thread with samples");
		goto fail;
	}
	if (!strcmp(map->tool, "cyclictest") && cmd &&
	    (strstr(cmd, " -x") || strstr(cmd, "--posix_timers")))
		snprintf(id, sizeof(id), "irq.timer.signal");
	else
		snprintf(id, sizeof(id), "%s%s", map->id, xcpu ? ".xcpu" : "");
	snprintf(tname, sizeof(tname), "rt-tests %s", map->tool);
	nodename = json_string_value(json_object_get(sys, "nodename"));
	release = json_string_value(json_object_get(sys, "release"));
	snprintf(label, sizeof(label), "%s-%s", nodename ? nodename : "host", map->tool);

	/* merge the threads' buckets */
	if (nbk > 1) /* bk is NULL when no thread had a histogram */
		qsort(bk, nbk, sizeof(*bk), cmp_bucket);
	for (i = 0; i + 1 < nbk; ) {
		if (bk[i].v == bk[i + 1].v) {
			bk[i].n += bk[i + 1].n;
			memmove(&bk[i + 1], &bk[i + 2], (nbk - i - 2) * sizeof(*bk));
			nbk--;
		} else {
			i++;
		}
	}
	summary_only = !has_hist || hcount != count;

	out = json_pack("{s:s, s:i, s:{s:s, s:s}, s:s, s:o, s:s, s:b, s:b}",
			"schema", "rtbench-result", "schema_version", 1,
			"tool", "name", tname, "version", ver,
			"label", label, "date_utc", iso_date(json_string_value(json_object_get(root, "start_time"))),
			"command_line", cmd, "complete", 1, "degraded", 0);
	if (!out)
		goto nomem;
	warn = json_array();
	json_array_append_new(warn, json_sprintf("from rt-tests: %s %s --json output, %d thread%s "
						 "merged; no samples, figures at %s resolution",
						 map->tool, ver, nthreads, nthreads == 1 ? "" : "s",
						 unit_ns == 1 ? "1 ns" : "1 us"));
	json_object_set_new(out, "warnings", warn);
	jsys = json_pack("{s:s?, s:s?, s:s?, s:s?, s:s?, s:o}",
			 "os", json_string_value(json_object_get(sys, "sysname")),
			 "hostname", nodename, "kernel_release", release,
			 "kernel_version", json_string_value(json_object_get(sys, "version")),
			 "machine", json_string_value(json_object_get(sys, "machine")),
			 "realtime_kernel", json_is_integer(json_object_get(sys, "realtime")) ?
			 json_boolean(json_integer_value(json_object_get(sys, "realtime"))) : json_null());
	json_object_set_new(out, "system", jsys ? jsys : json_object());
	json_object_set_new(out, "settings", json_pack("{s:I, s:s}", "samples", (json_int_t)count,
						       "source", "rt-tests"));

	snprintf(method, sizeof(method), "from rt-tests: %s (%s); %s", map->tool, map->title, cmd);
	m = json_pack("{s:s, s:s, s:n, s:s, s:s, s:s, s:s}", "id", id, "title", map->title,
		      "study_table", "unit", "ns", "status", "ok", "method", method, "source", "rt-tests");
	if (!m)
		goto nomem;
	if (summary_only) {
		snprintf(note, sizeof(note), "from rt-tests %s %s: min %.3f us, avg %.3f us, max %.3f us "
			 "over %lld samples; %s, so no distribution to compare", map->tool, ver,
			 (double)(vmin * unit_ns) / 1e3, wsum / (double)count * (double)unit_ns / 1e3,
			 (double)(vmax * unit_ns) / 1e3, count,
			 has_hist ? "its histogram overflowed (run it with a larger -h)" :
			 "its --json output has no histogram");
		json_object_set_new(m, "summary_only", json_true());
		json_object_set_new(m, "count", json_integer(count));
		json_object_set_new(m, "note", json_string(note));
	} else {
		static const double q[] = { 0.5, 0.9, 0.99, 0.999, 0.9999, 0.99999 };
		static const char *const qk[] = { "p50", "p90", "p99", "p99_9", "p99_99", "p99_999" };
		long long cum = 0;
		size_t k = 0;

		for (i = 0; i < nbk; i++) {
			double v = (double)(bk[i].v * unit_ns);

			sum += v * (double)bk[i].n;
			ssq += v * v * (double)bk[i].n;
		}
		snprintf(note, sizeof(note), "from rt-tests %s %s: statistics from its histogram (%s "
			 "buckets), mean is its avg", map->tool, ver, unit_ns == 1 ? "1 ns" : "1 us");
		json_object_set_new(m, "note", json_string(note));
		json_object_set_new(m, "count", json_integer(count));
		json_object_set_new(m, "min", json_integer(vmin * unit_ns));
		json_object_set_new(m, "max", json_integer(vmax * unit_ns));
		json_object_set_new(m, "mean", json_real(wsum / (double)count * (double)unit_ns));
		json_object_set_new(m, "stddev", json_real(sqrt(fmax(0, ssq / (double)count -
						(sum / (double)count) * (sum / (double)count)))));
		for (i = 0; i < nbk && k < 6; i++) {
			cum += bk[i].n;
			/* nearest rank: the smallest value with at least ceil(q*N) at or below */
			while (k < 6 && (double)cum >= ceil(q[k] * (double)count)) {
				json_object_set_new(m, qk[k], json_integer(bk[i].v * unit_ns));
				k++;
			}
		}
		json_object_set_new(m, "first", json_null());
		hist = json_pack("{s:s, s:i, s:i}", "layout", "linear", "underflow", 0, "overflow", 0);
		buckets = json_array();
		for (i = 0; hist && buckets && i < nbk; i++)
			json_array_append_new(buckets, json_pack("[I, I, I]", (json_int_t)(bk[i].v * unit_ns),
								 (json_int_t)((bk[i].v + 1) * unit_ns),
								 (json_int_t)bk[i].n));
		json_object_set_new(hist, "buckets", buckets);
		json_object_set_new(m, "histogram", hist);
	}
	json_object_set_new(out, "metrics", json_pack("[o]", m));
	free(bk);
	return out;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	json_decref(m);
	json_decref(out);
	free(bk);
	return NULL;
}
