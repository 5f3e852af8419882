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
 *  - one metric per CPU the tool's threads ran on (`<id>@cpu<N>`, the
 *    shared per-CPU id scheme) and the all-CPU `<id>` (threads merged,
 *    the CPU of its maximum in its note), or only `<id>` when every thread
 *    ran on one CPU; the rtbench id is the one measuring the same thing
 *    (docs/validation.md): cyclictest -> irq.timer.nanosleep
 *    (irq.timer.signal with -x/--posix_timers), ptsematest ->
 *    sync.mutex.wakeup, svsematest -> sync.sem.wakeup, pmqtest ->
 *    ipc.mqueue.wakeup (".xcpu" when sender and receiver ran on different
 *    CPUs); sigwaittest -> rttests.sigwaittest (no rtbench equivalent).
 *  - marked "from rt-tests" in the tool name, the metric's method and note,
 *    and a warning; "source": "rt-tests" on the metric.
 *  - statistics only where the file has them: from cyclictest's histogram
 *    count, min, max, percentiles (nearest rank, at the histogram's
 *    resolution: the value cyclictest itself reports) and stddev; its avg
 *    as the mean. An overflowed histogram (-h too small) still gives each
 *    percentile whose nearest rank its counted samples reach, exactly (the
 *    overflowed values lie above every counted one): those are kept, the
 *    others omitted, the note says which, stddev a lower bound. When the
 *    overflow reaches p99, or for the tools that report only min/avg/max,
 *    the metric is "summary_only": the file's own min, avg (as mean) and
 *    max, and an overflowed histogram kept with its overflow count, so it
 *    is compared on what it has.
 *  - the settings its command line states (interval, priority, affinity,
 *    duration, loops, mlock, histogram size) in "settings", under
 *    rtbench's keys where they mean the same (period_ns, prio, cpu,
 *    mlocked). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/err.h"
#include "host/read/rttests.h"
#include "host/read/rttests_int.h"

static const struct rtb_rtt_tool tools[] = {
	{ "cyclictest", "irq.timer.nanosleep", "Timer wake-up latency (cyclictest)" },
	{ "ptsematest", "sync.mutex.wakeup", "Mutex unlock to waiter wake-up (ptsematest)" },
	{ "svsematest", "sync.sem.wakeup", "SysV semaphore post to waiter wake-up (svsematest)" },
	{ "pmqtest", "ipc.mqueue.wakeup", "Message queue send to receiver wake-up (pmqtest)" },
	{ "sigwaittest", "rttests.sigwaittest", "Signal to sigwait() wake-up (sigwaittest)" },
	/* rtla timerlat hist text, shaped as rt-tests' JSON by host/rtla.c */
	{ "rtla-timerlat-thread", "irq.timer.nanosleep", "Timer wake-up latency (rtla timerlat, thread)" },
	{ "rtla-timerlat-irq", "timerlat.irq", "Timer expiry -> timerlat's IRQ handler (rtla timerlat, IRQ)" },
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

/* geti - the object's integer `key`, or -1 */
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

/* cmp_thr_cpu - threads by CPU (then by where their buckets are, the
 * file's order), so one CPU's threads are one run: grouping per CPU is
 * then linear (it was threads x CPUs: 400k threads on as many CPUs took
 * over 120 s). */
static int cmp_thr_cpu(const void *a, const void *b)
{
	const struct rtb_rtt_thr *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->b0 < y->b0 ? -1 : x->b0 > y->b0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* The file's threads as read: their figures and all their buckets. */
struct rtt_read {
	struct rtb_rtt_thr *th;
	int nt;
	struct rtb_rtt_bucket *bk;
	size_t nbk, capbk;
	long long count;        /* samples in all threads */
	int xcpu;               /* a sender and its receiver on different CPUs */
};

/* pick_tool - the tool that wrote the file, from its command line's first
 * word (without its directory); NULL with the reason in err */
static const struct rtb_rtt_tool *pick_tool(const char *cmd, char *err, size_t errlen)
{
	const struct rtb_rtt_tool *map = NULL;
	char prog[128];
	const char *base;

	snprintf(prog, sizeof(prog), "%.*s", (int)strcspn(cmd, " "), cmd);
	base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		size_t n = strlen(tools[i].tool);

		if (!strncmp(base, tools[i].tool, n) && !base[n])
			map = &tools[i];
	}
	if (!map)
		snprintf(err, errlen, "rt-tests --json file from \"%.40s\": not cyclictest, ptsematest, "
			 "pmqtest, svsematest or sigwaittest", base);
	return map;
}

/* read_hist - thread p's histogram h (an object of "value": count) into
 * the buckets; 0, RTB_EINVAL (said in err) or RTB_ENOMEM */
static int read_hist(struct rtt_read *r, struct rtb_rtt_thr *p, json_t *h, char *err, size_t errlen)
{
	const char *hk;
	json_t *hv;

	if (!json_object_size(h))
		p->b0 = (size_t)-1; /* a histogram, empty: all overflowed */
	json_object_foreach(h, hk, hv) {
		long long v;

		if (!rtb_rtt_digits(hk, strlen(hk), &v) || !json_is_integer(hv) ||
		    json_integer_value(hv) < 0 || json_integer_value(hv) > RTB_RTT_MAX_VALUE) {
			fail(err, errlen, "a histogram key or count is not a non-negative integer");
			return RTB_EINVAL;
		}
		if (r->nbk == r->capbk) {
			struct rtb_rtt_bucket *nb = realloc(r->bk, (r->capbk = r->capbk ? r->capbk * 2 : 256) * sizeof(*nb));

			if (!nb)
				return RTB_ENOMEM;
			r->bk = nb;
		}
		r->bk[r->nbk].v = v;
		r->bk[r->nbk++].n = (long long)json_integer_value(hv);
		p->nb++;
	}
	return 0;
}

/* check_thread - p's figures are ones a thread can have; 0 or RTB_EINVAL
 * (said in err) */
static int check_thread(const struct rtt_read *r, const struct rtb_rtt_thr *p, char *err, size_t errlen)
{
	char why[160];

	if (p->n < 0 || p->mn < 0 || p->mx < p->mn || !isfinite(p->avg) ||
	    p->n > RTB_RTT_MAX_VALUE || p->mx > RTB_RTT_MAX_VALUE || r->count > RTB_RTT_MAX_VALUE - p->n) {
		fail(err, errlen, "a thread lacks samples/cycles, min, avg or max (or they are beyond 10^12)");
		return RTB_EINVAL;
	}
	/* an average is between the minimum and the maximum (an avg of
	 * 1e308 was refused later, wrongly, as "mean is missing") */
	if (p->n > 0 && (p->avg < (double)p->mn || p->avg > (double)p->mx)) {
		snprintf(why, sizeof(why), "a thread's avg %g is outside its min %lld .. max %lld", p->avg,
			 (long long)p->mn, (long long)p->mx);
		fail(err, errlen, why);
		return RTB_EINVAL;
	}
	/* a CPU number a machine can have (Linux: NR_CPUS <= 8192): each
	 * CPU becomes a figure of its own */
	if (p->cpu < -1 || p->cpu > 8191) {
		fail(err, errlen, "a thread's \"cpu\" is not a CPU number (0 to 8191)");
		return RTB_EINVAL;
	}
	return 0;
}

/* read_thread - one "thread" entry t into r; 0, RTB_EINVAL (said in err)
 * or RTB_ENOMEM */
static int read_thread(struct rtt_read *r, json_t *t, char *err, size_t errlen)
{
	json_t *rx = json_object_get(t, "receiver"), *tx = json_object_get(t, "sender");
	json_t *h = json_object_get(t, "histogram");
	struct rtb_rtt_thr *p = &r->th[r->nt];
	int rc;

	if (!json_is_object(t)) {
		fail(err, errlen, "a \"thread\" entry is not an object");
		return RTB_EINVAL;
	}
	if (rx) {       /* the two-thread tools: the receiver has the figures */
		p->n = geti(tx, "samples");
		if (geti(tx, "cpu") >= 0 && geti(rx, "cpu") >= 0 && geti(tx, "cpu") != geti(rx, "cpu"))
			r->xcpu = 1;
		t = rx;
	} else {
		p->n = geti(t, "cycles");
	}
	p->cpu = geti(t, "cpu");
	p->mn = geti(t, "min");
	p->mx = geti(t, "max");
	p->avg = getn(t, "avg");
	if ((rc = check_thread(r, p, err, errlen)))
		return rc;
	r->count += p->n; /* the total stays in range */
	p->b0 = r->nbk;
	if (json_is_object(h) && (rc = read_hist(r, p, h, err, errlen)))
		return rc;
	r->nt++;
	return 0;
}

/* read_threads - every thread of the file into r; 0, RTB_EINVAL (said in
 * err) or RTB_ENOMEM */
static int read_threads(struct rtt_read *r, json_t *threads, char *err, size_t errlen)
{
	size_t nth = json_object_size(threads);
	const char *key;
	json_t *t;
	int rc;

	if (!(r->th = calloc(nth ? nth : 1, sizeof(*r->th))))
		return RTB_ENOMEM;
	json_object_foreach(threads, key, t)
		if ((rc = read_thread(r, t, err, errlen)))
			return rc;
	if (!r->nt || r->count <= 0) {
		fail(err, errlen, "no thread with samples");
		return RTB_EINVAL;
	}
	return 0;
}

/* result_head - the result object without its metrics: the tool, the
 * label and date, the warning that says where it came from, the system
 * and the settings its command line states; NULL when out of memory */
static json_t *result_head(json_t *root, const struct rtb_rtt_tool *map, const char *cmd, const char *ver,
			   const struct rtt_read *r, int ncpu, long long unit_ns)
{
	json_t *sys = json_object_get(root, "sysinfo"), *out, *warn, *jsys, *set;
	const char *nodename = json_string_value(json_object_get(sys, "nodename"));
	const char *release = json_string_value(json_object_get(sys, "release"));
	char tname[64], label[160];
	int nt = r->nt;

	snprintf(tname, sizeof(tname), "rt-tests %s", map->tool);
	snprintf(label, sizeof(label), "%s-%s", nodename ? nodename : "host", map->tool);
	out = json_pack("{s:s, s:i, s:{s:s, s:s}, s:s, s:o, s:s, s:b, s:b}",
			"schema", "rtbench-result", "schema_version", 1,
			"tool", "name", tname, "version", ver,
			"label", label, "date_utc", rtb_rtt_iso_date(json_string_value(json_object_get(root, "start_time"))),
			"command_line", cmd, "complete", 1, "degraded", 0);
	if (!out)
		return NULL;
	warn = json_array();
	/* "2 threads kept per CPU" read as two threads on every CPU: the
	 * threads are counted, then where their figures went */
	if (ncpu > 1)
		json_array_append_new(warn, json_sprintf("from rt-tests: %s %s --json output, %d threads on %d "
							 "CPUs: each CPU's figure kept as its own metric, all "
							 "merged for the all-CPU figure; no samples, figures at "
							 "%s resolution", map->tool, ver, nt, ncpu,
							 unit_ns == 1 ? "1 ns" : "1 us"));
	else
		json_array_append_new(warn, json_sprintf("from rt-tests: %s %s --json output, %d thread%s%s; "
							 "no samples, figures at %s resolution",
							 map->tool, ver, nt, nt == 1 ? "" : "s",
							 nt == 1 ? "" : " merged", unit_ns == 1 ? "1 ns" : "1 us"));
	json_object_set_new(out, "warnings", warn);
	jsys = json_pack("{s:s?, s:s?, s:s?, s:s?, s:s?, s:o}",
			 "os", json_string_value(json_object_get(sys, "sysname")),
			 "hostname", nodename, "kernel_release", release,
			 "kernel_version", json_string_value(json_object_get(sys, "version")),
			 "machine", json_string_value(json_object_get(sys, "machine")),
			 "realtime_kernel", json_is_integer(json_object_get(sys, "realtime")) ?
			 json_boolean(json_integer_value(json_object_get(sys, "realtime"))) : json_null());
	json_object_set_new(out, "system", jsys ? jsys : json_object());
	/* no "samples": rtbench's is the --samples option (-1: each
	 * measurement's own), the count is the metric's; -l is "loops" */
	set = json_pack("{s:s}", "source", "rt-tests");
	if (set)
		rtb_rtt_cmdline_settings(cmd, set);
	json_object_set_new(out, "settings", set ? set : json_object());
	return out;
}

/* distinct_cpus - the CPUs the threads (sorted by CPU) ran on into cpus
 * (-1: not said); how many */
static int distinct_cpus(const struct rtt_read *r, long long *cpus)
{
	int ncpu = 0;

	for (int k = 0; k < r->nt; k++)
		cpus[k] = r->th[k].cpu;
	qsort(cpus, (size_t)r->nt, sizeof(*cpus), cmp_ll);
	for (int k = 0; k < r->nt; k++)
		if (!k || cpus[k] != cpus[k - 1])
			cpus[ncpu++] = cpus[k];
	return ncpu;
}

/* add_metrics - the all-CPU figure, then one per CPU when the threads
 * ran on several, into mets; 0 or RTB_ENOMEM */
static int add_metrics(json_t *mets, const struct rtt_read *r, const long long *cpus, int ncpu, const char *id,
		       const struct rtb_rtt_tool *map, const char *ver, const char *cmd, long long unit_ns,
		       long long top)
{
	for (int k = -1, run = 0; k < (ncpu > 1 ? ncpu : 0); k++) {
		struct rtb_rtt_group g;
		char mid[112];
		json_t *m;
		int len = r->nt;

		if (k >= 0) /* CPU k's threads: the next run of the sorted threads */
			for (len = 0; run + len < r->nt && r->th[run + len].cpu == cpus[k]; len++)
				;
		if (rtb_rtt_group_of(k < 0 ? r->th : r->th + run, len, r->bk, -2, &g))
			return RTB_ENOMEM;
		if (k >= 0)
			run += len;
		if (k < 0)
			snprintf(mid, sizeof(mid), "%s", id);
		else if (cpus[k] >= 0)
			snprintf(mid, sizeof(mid), "%s@cpu%lld", id, cpus[k]);
		else
			snprintf(mid, sizeof(mid), "%s@cpu-unknown", id);
		m = g.count > 0 ? rtb_rtt_group_metric(map, ver, cmd, mid, &g, unit_ns, k < 0 && ncpu > 1, top) : NULL;
		free(g.bk);
		if (g.count > 0 && (!m || json_array_append_new(mets, m)))
			return RTB_ENOMEM;
	}
	return 0;
}

json_t *rtb_rttests_convert(json_t *root, char *err, size_t errlen)
{
	const char *cmd = json_string_value(json_object_get(root, "cmdline:"));
	const char *ver = json_string_value(json_object_get(root, "rt_test_version:"));
	json_t *out = NULL, *mets, *set;
	const struct rtb_rtt_tool *map;
	struct rtt_read r = { 0 };
	long long *cpus = NULL, unit_ns, top;
	int ncpu, rc;
	char id[96];

	if (!cmd || !ver) {
		fail(err, errlen, "no \"cmdline:\" or \"rt_test_version:\"");
		return NULL;
	}
	if (!(map = pick_tool(cmd, err, errlen)))
		return NULL;
	/* microseconds unless cyclictest ran with -N/--nsecs */
	unit_ns = geti(root, "resolution_in_ns") == 1 ? 1 : 1000;
	if ((rc = read_threads(&r, json_object_get(root, "thread"), err, errlen)))
		goto fail;
	rc = RTB_ENOMEM;
	if (!(cpus = calloc((size_t)r.nt, sizeof(*cpus))))
		goto fail;
	qsort(r.th, (size_t)r.nt, sizeof(*r.th), cmp_thr_cpu);
	ncpu = distinct_cpus(&r, cpus);
	if (!strcmp(map->tool, "cyclictest") && (strstr(cmd, " -x") || strstr(cmd, "--posix_timers")))
		snprintf(id, sizeof(id), "irq.timer.signal");
	else
		snprintf(id, sizeof(id), "%s%s", map->id, r.xcpu ? ".xcpu" : "");
	if (!(out = result_head(root, map, cmd, ver, &r, ncpu, unit_ns)))
		goto fail;
	mets = json_array();
	if (!mets || json_object_set_new(out, "metrics", mets))
		goto fail;
	/* the histogram's size (-h N): where its overflow begins */
	set = json_object_get(out, "settings");
	top = json_is_integer(json_object_get(set, "histogram_us")) ?
		(long long)json_integer_value(json_object_get(set, "histogram_us")) : 0;
	if (add_metrics(mets, &r, cpus, ncpu, id, map, ver, cmd, unit_ns, top))
		goto fail;
	rc = 0;
fail:
	if (rc == RTB_ENOMEM)
		snprintf(err, errlen, "out of memory");
	if (rc) {
		json_decref(out);
		out = NULL;
	}
	free(r.bk);
	free(r.th);
	free(cpus);
	return out;
}
