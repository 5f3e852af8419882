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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

#include "rtbench/stat_names.h"
#include "rtbench/stats.h"
#include "rtbench/err.h"
#include "host/read/rttests.h"


struct tool_map {
	const char *tool, *id, *title;
};

static const struct tool_map tools[] = {
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

/* One thread's figures (the receiver's, for the two-thread tools). */
struct thr {
	long long cpu, n, mn, mx;
	double avg;
	size_t b0, nb;            /* its buckets in the bucket array */
};

/* Figures at most this many units (1 us or 1 ns): a latency of 10^12 us
 * is 11 days; above it a file is refused, so no product overflows. */
#define RTT_MAX_VALUE 1000000000000LL

static int cmp_bucket(const void *a, const void *b)
{
	const struct bucket *x = a, *y = b;

	return x->v < y->v ? -1 : x->v > y->v;
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

/* digits - s is a decimal number of digits only ("", " 7", "+8", "1e3"
 * are not), at most RTT_MAX_VALUE; into *v. */
static int digits(const char *s, size_t n, long long *v)
{
	long long x = 0;
	size_t i;

	if (!n)
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		x = x * 10 + (s[i] - '0');
		if (x > RTT_MAX_VALUE)
			return 0;
	}
	*v = x;
	return 1;
}

/* opt_value - the value of option `sh` (-p80, -p 80) or `lg` (--priority=80,
 * --priority 80) in the command line's words w[0..n), or NULL. */
static const char *opt_value(char **w, int n, const char *sh, const char *lg)
{
	size_t ls = strlen(lg);

	for (int i = 1; i < n; i++) {
		if (sh && !strcmp(w[i], sh))
			return i + 1 < n ? w[i + 1] : NULL;
		if (sh && !strncmp(w[i], sh, 2) && w[i][1] != '-' && w[i][2])
			return w[i] + 2;
		if (!strncmp(w[i], lg, ls) && w[i][ls] == '=')
			return w[i] + ls + 1;
		if (!strcmp(w[i], lg))
			return i + 1 < n ? w[i + 1] : NULL;
	}
	return NULL;
}

static int opt_flag(char **w, int n, const char *sh, const char *lg)
{
	for (int i = 1; i < n; i++)
		if ((sh && !strcmp(w[i], sh)) || !strcmp(w[i], lg))
			return 1;
	return 0;
}

/* cmdline_settings - what the tool's command line says into settings:
 * -i/--interval (us) as period_ns, -p/--priority as prio (and
 * rt_requested), -a/--affinity as cpu (one CPU) or cpus (a list),
 * -D/--duration as duration ("10", "5m" as written), -l/--loops,
 * -m/--mlockall as mlocked, -h/--histogram as histogram_us. Options not
 * given are not recorded (the tool's defaults are its own). */
static void cmdline_settings(const char *cmd, json_t *set)
{
	char buf[1024], *w[64], *save = NULL, *tok;
	const char *v;
	long long x;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", cmd);
	for (tok = strtok_r(buf, " \t", &save); tok && n < 64; tok = strtok_r(NULL, " \t", &save))
		w[n++] = tok;
	if ((v = opt_value(w, n, "-i", "--interval")) && digits(v, strlen(v), &x))
		json_object_set_new(set, "period_ns", json_integer((json_int_t)(x * 1000)));
	/* cyclictest's -p is the measuring thread's own priority: rtbench's
	 * measuring_prio, not its --prio base (the thread runs 2 above it) */
	if ((v = opt_value(w, n, "-p", "--priority")) && digits(v, strlen(v), &x)) {
		json_object_set_new(set, "measuring_prio", json_integer((json_int_t)x));
		json_object_set_new(set, "rt_requested", json_boolean(x > 0));
	}
	if ((v = opt_value(w, n, "-a", "--affinity")) && v[0] != '-') {
		if (digits(v, strlen(v), &x))
			json_object_set_new(set, "cpu", json_integer((json_int_t)x));
		else
			json_object_set_new(set, "cpus", json_string(v));
	}
	if ((v = opt_value(w, n, "-D", "--duration")))
		json_object_set_new(set, "duration", json_string(v));
	if ((v = opt_value(w, n, "-l", "--loops")) && digits(v, strlen(v), &x))
		json_object_set_new(set, "loops", json_integer((json_int_t)x));
	if ((v = opt_value(w, n, "-h", "--histogram")) && digits(v, strlen(v), &x))
		json_object_set_new(set, "histogram_us", json_integer((json_int_t)x));
	if (opt_flag(w, n, "-m", "--mlockall"))
		json_object_set_new(set, "mlocked", json_true());
}

/* hist_merge - sort a[0..n) by value and add up equal values in one pass;
 * returns the new count. */
static size_t hist_merge(struct bucket *a, size_t n)
{
	size_t o = 0;

	if (n > 1)
		qsort(a, n, sizeof(*a), cmp_bucket);
	for (size_t i = 0; i < n; i++) {
		if (o && a[o - 1].v == a[i].v)
			a[o - 1].n += a[i].n;
		else
			a[o++] = a[i];
	}
	return o;
}

/* The figures of one metric: the threads of one CPU, or all of them. */
struct group {
	long long count, hcount, vmin, vmax, max_cpu;
	double wsum;
	int nthreads, has_hist;
	struct bucket *bk;
	size_t nbk;
};

/* group_of - the threads on `cpu` (all threads if cpu == -2) merged. */
static int group_of(const struct thr *t, int nt, const struct bucket *all, long long cpu,
		    struct group *g)
{
	size_t nb = 0, k = 0;

	memset(g, 0, sizeof(*g));
	g->vmin = g->vmax = g->max_cpu = -1;
	for (int i = 0; i < nt; i++)
		if (cpu == -2 || t[i].cpu == cpu)
			nb += t[i].nb;
	g->bk = malloc((nb ? nb : 1) * sizeof(*g->bk));
	if (!g->bk)
		return RTB_ENOMEM;
	for (int i = 0; i < nt; i++) {
		if (cpu != -2 && t[i].cpu != cpu)
			continue;
		g->nthreads++;
		g->count += t[i].n;
		g->wsum += t[i].avg * (double)t[i].n;
		g->vmin = g->vmin < 0 || t[i].mn < g->vmin ? t[i].mn : g->vmin;
		if (t[i].mx > g->vmax) {
			g->vmax = t[i].mx;
			g->max_cpu = t[i].cpu;
		}
		g->has_hist |= t[i].nb > 0 || t[i].b0 == (size_t)-1;
		for (size_t j = 0; j < t[i].nb; j++) {
			g->bk[k] = all[t[i].b0 + j];
			g->hcount += g->bk[k++].n;
		}
	}
	g->nbk = hist_merge(g->bk, k);
	return 0;
}

/* hist_json - g's buckets as a "histogram" object: linear 1-unit buckets,
 * the values above them counted in "overflow", and (known) where the
 * overflow begins ("top_ns": -h N). */
static json_t *hist_json(const struct group *g, long long unit_ns, long long overflow, long long top)
{
	json_t *hist, *buckets;

	hist = json_pack("{s:s, s:i, s:I}", "layout", "linear", "underflow", 0,
			 "overflow", (json_int_t)overflow);
	buckets = json_array();
	if (!hist || !buckets) {
		json_decref(hist);
		json_decref(buckets);
		return NULL;
	}
	for (size_t i = 0; i < g->nbk; i++)
		json_array_append_new(buckets, json_pack("[I, I, I]", (json_int_t)(g->bk[i].v * unit_ns),
							 (json_int_t)((g->bk[i].v + 1) * unit_ns),
							 (json_int_t)g->bk[i].n));
	json_object_set_new(hist, "buckets", buckets);
	if (overflow && top > 0)
		json_object_set_new(hist, "top_ns", json_integer((json_int_t)(top * unit_ns)));
	return hist;
}

/* reached - the percentile levels whose nearest rank the in-range counts
 * reach: an overflowed sample lies above the histogram's top, above every
 * counted one, so the value at any rank up to the counted samples is the
 * histogram's, exact; above that rank it is unknown. */
static int reached(const struct group *g)
{
	int k = 0;

	while (k < RTB_NPCT && rtb_stats_rank(rtb_pct_level(k), (uint64_t)g->count) <= (uint64_t)g->hcount)
		k++;
	return k;
}

/* pct_at - the value (units) at the nearest rank of level k: the smallest
 * value with at least ceil(p/100 * N) at or below it, the rank in integers
 * as the core takes it (99.9% of 1000 is rank 999). */
static long long pct_at(const struct group *g, int k)
{
	uint64_t rank = rtb_stats_rank(rtb_pct_level(k), (uint64_t)g->count), cum = 0;

	for (size_t i = 0; i < g->nbk; i++)
		if ((cum += (uint64_t)g->bk[i].n) >= rank)
			return g->bk[i].v;
	return g->vmax;
}

/* group_metric - one metric object of group g under id. top: the
 * histogram's size in units (-h N; 0 unknown). */
static json_t *group_metric(const struct tool_map *map, const char *ver, const char *cmd,
			    const char *id, const struct group *g, long long unit_ns, int agg, long long top)
{
	char note[900], method[400], where[64] = "", known[200] = "";
	const char *u = unit_ns == 1 ? "ns" : "us";
	json_t *m, *hist;
	double sum = 0, ssq = 0, n = (double)g->count;
	long long overflow = g->count > g->hcount ? g->count - g->hcount : 0;
	int nk = g->has_hist ? reached(g) : 0;
	size_t i;

	if (overflow && top <= 0)     /* unknown -h: above the highest counted value at least */
		top = g->nbk ? g->bk[g->nbk - 1].v + 1 : 0;
	snprintf(method, sizeof(method), "from rt-tests: %s (%s); %s", map->tool, map->title, cmd);
	m = json_pack("{s:s, s:s, s:n, s:s, s:s, s:s, s:s}", "id", id, "title", map->title,
		      "study_table", "unit", "ns", "status", "ok", "method", method, "source", "rt-tests");
	if (!m)
		return NULL;
	if (agg && g->max_cpu >= 0)
		snprintf(where, sizeof(where), " (on CPU %lld)", g->max_cpu);
	json_object_set_new(m, RTB_STAT_KEY(COUNT), json_integer(g->count));
	json_object_set_new(m, RTB_STAT_KEY(MIN), json_integer(g->vmin * unit_ns));
	json_object_set_new(m, RTB_STAT_KEY(MAX), json_integer(g->vmax * unit_ns));
	json_object_set_new(m, RTB_STAT_KEY(MEAN), json_real(g->wsum / n * (double)unit_ns));
	/* which percentiles an overflowed histogram still gives exactly */
	if (overflow && nk) {
		size_t l = (size_t)snprintf(known, sizeof(known), "%s", rtb_stat_names[RTB_STAT_P50].label);
		for (int k = 1; k < nk && l < sizeof(known); k++)
			l += (size_t)snprintf(known + l, sizeof(known) - l, "/%s",
					      rtb_stat_names[RTB_STAT_P50 + k].label);
	}
	/* a distribution needs p50 and p99 (the reader's rule): without a
	 * histogram, or with one whose overflow reaches p99, a summary */
	if (!g->has_hist || nk < 3) {
		char p50[64] = "";

		if (nk >= 1)
			snprintf(p50, sizeof(p50), "; its p50 %lld %s is exact from the histogram", pct_at(g, 0), u);
		snprintf(note, sizeof(note), "from rt-tests %s %s: min %.3f us, avg %.3f us, max %.3f us%s "
			 "over %lld samples%s; %s%s, so compared on its max%s only", map->tool, ver,
			 (double)(g->vmin * unit_ns) / 1e3, g->wsum / n * (double)unit_ns / 1e3,
			 (double)(g->vmax * unit_ns) / 1e3, where, g->count,
			 g->nthreads > 1 ? ", threads merged" : "",
			 !g->has_hist ? "its --json output has no histogram" :
			 "its histogram overflowed past p99 (run it with a larger -h)", p50,
			 g->has_hist ? " and overflow count" : "");
		json_object_set_new(m, "summary_only", json_true());
		json_object_set_new(m, "note", json_string(note));
		if (g->has_hist && (hist = hist_json(g, unit_ns, overflow, top)))
			json_object_set_new(m, "histogram", hist);
		return m;
	}
	for (i = 0; i < g->nbk; i++) {
		double v = (double)(g->bk[i].v * unit_ns);

		sum += v * (double)g->bk[i].n;
		ssq += v * v * (double)g->bk[i].n;
	}
	if (overflow) {
		/* the overflowed samples' sum is the file's avg x count less the
		 * counted ones'; at their mean (within top..max) they give the
		 * least variance that sum allows: stddev is a lower bound */
		double mo = (g->wsum * (double)unit_ns - sum) / (double)overflow;

		mo = fmin(fmax(mo, (double)(top * unit_ns)), (double)(g->vmax * unit_ns));
		sum += mo * (double)overflow;
		ssq += mo * mo * (double)overflow;
		snprintf(note, sizeof(note), "from rt-tests %s %s: %s exact from its histogram (%s "
			 "buckets, nearest rank): its %lld overflowed samples (%.3g%%) all lie above its top "
			 "%lld %s (-h), beyond these ranks; %s not known; min, max and mean (its avg) are the "
			 "file's, stddev a lower bound (the overflowed samples at their mean)%s%s", map->tool,
			 ver, known, unit_ns == 1 ? "1 ns" : "1 us", overflow, 100.0 * (double)overflow / n,
			 top, u, nk < RTB_NPCT ? rtb_stat_names[RTB_STAT_P50 + nk].label : "none",
			 agg && g->max_cpu >= 0 ? "; max" : "", where);
	} else {
		snprintf(note, sizeof(note), "from rt-tests %s %s: statistics from its histogram (%s "
			 "buckets), mean is its avg%s%s", map->tool, ver, unit_ns == 1 ? "1 ns" : "1 us",
			 agg && g->max_cpu >= 0 ? "; max" : "", where);
	}
	json_object_set_new(m, "note", json_string(note));
	json_object_set_new(m, RTB_STAT_KEY(STDDEV), json_real(sqrt(fmax(0, ssq / n - (sum / n) * (sum / n)))));
	for (int k = 0; k < nk; k++)
		json_object_set_new(m, rtb_pct_key(k), json_integer(pct_at(g, k) * unit_ns));
	json_object_set_new(m, "first", json_null());
	if ((hist = hist_json(g, unit_ns, overflow, top)))
		json_object_set_new(m, "histogram", hist);
	return m;
}

/* cmp_thr_cpu - threads by CPU (then by where their buckets are, the
 * file's order), so one CPU's threads are one run: grouping per CPU is
 * then linear (it was threads x CPUs: 400k threads on as many CPUs took
 * over 120 s). */
static int cmp_thr_cpu(const void *a, const void *b)
{
	const struct thr *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->b0 < y->b0 ? -1 : x->b0 > y->b0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

json_t *rtb_rttests_convert(json_t *root, char *err, size_t errlen)
{
	const char *cmd = json_string_value(json_object_get(root, "cmdline:"));
	const char *ver = json_string_value(json_object_get(root, "rt_test_version:"));
	json_t *sys = json_object_get(root, "sysinfo"), *threads = json_object_get(root, "thread");
	json_t *out = NULL, *t, *jsys, *warn, *mets = NULL, *set;
	const struct tool_map *map = NULL;
	struct bucket *bk = NULL;
	struct thr *th = NULL;
	long long *cpus = NULL, unit_ns, count = 0, top;
	size_t nbk = 0, capbk = 0, i, nth = json_object_size(threads);
	const char *key, *base, *nodename, *release;
	int xcpu = 0, nt = 0, ncpu = 0;
	char id[96], tname[64], label[160], prog[128];

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
	th = calloc(nth ? nth : 1, sizeof(*th));
	cpus = calloc(nth ? nth : 1, sizeof(*cpus));
	if (!th || !cpus)
		goto nomem;

	json_object_foreach(threads, key, t) {
		json_t *rx = json_object_get(t, "receiver"), *tx = json_object_get(t, "sender");
		json_t *h = json_object_get(t, "histogram"), *hv;
		struct thr *p = &th[nt];
		const char *hk;

		if (!json_is_object(t)) {
			fail(err, errlen, "a \"thread\" entry is not an object");
			goto fail;
		}
		if (rx) {       /* the two-thread tools: the receiver has the figures */
			p->n = geti(tx, "samples");
			if (geti(tx, "cpu") >= 0 && geti(rx, "cpu") >= 0 && geti(tx, "cpu") != geti(rx, "cpu"))
				xcpu = 1;
			t = rx;
		} else {
			p->n = geti(t, "cycles");
		}
		p->cpu = geti(t, "cpu");
		p->mn = geti(t, "min");
		p->mx = geti(t, "max");
		p->avg = getn(t, "avg");
		if (p->n < 0 || p->mn < 0 || p->mx < p->mn || !isfinite(p->avg) ||
		    p->n > RTT_MAX_VALUE || p->mx > RTT_MAX_VALUE || count > RTT_MAX_VALUE - p->n) {
			fail(err, errlen, "a thread lacks samples/cycles, min, avg or max (or they are "
			     "beyond 10^12)");
			goto fail;
		}
		/* an average is between the minimum and the maximum (an avg
		 * of 1e308 was refused later, wrongly, as "mean is missing") */
		if (p->n > 0 && (p->avg < (double)p->mn || p->avg > (double)p->mx)) {
			char why[160];
			snprintf(why, sizeof(why), "a thread's avg %g is outside its min %lld .. max %lld",
				 p->avg, (long long)p->mn, (long long)p->mx);
			fail(err, errlen, why);
			goto fail;
		}
		/* a CPU number a machine can have (Linux: NR_CPUS <= 8192):
		 * each CPU becomes a figure of its own */
		if (p->cpu < -1 || p->cpu > 8191) {
			fail(err, errlen, "a thread's \"cpu\" is not a CPU number (0 to 8191)");
			goto fail;
		}
		count += p->n; /* the total stays in range */
		p->b0 = nbk;
		if (json_is_object(h)) {
			if (!json_object_size(h))
				p->b0 = (size_t)-1; /* a histogram, empty: all overflowed */
			json_object_foreach(h, hk, hv) {
				long long v;

				if (!digits(hk, strlen(hk), &v) || !json_is_integer(hv) ||
				    json_integer_value(hv) < 0 || json_integer_value(hv) > RTT_MAX_VALUE) {
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
				p->nb++;
			}
		}
		nt++;
	}
	if (!nt || count <= 0) {
		fail(err, errlen, "no thread with samples");
		goto fail;
	}
	/* the CPUs the threads ran on (-1: not said) */
	qsort(th, (size_t)nt, sizeof(*th), cmp_thr_cpu);
	for (int k = 0; k < nt; k++)
		cpus[k] = th[k].cpu;
	qsort(cpus, (size_t)nt, sizeof(*cpus), cmp_ll);
	for (int k = 0; k < nt; k++)
		if (!k || cpus[k] != cpus[k - 1])
			cpus[ncpu++] = cpus[k];
	if (!strcmp(map->tool, "cyclictest") &&
	    (strstr(cmd, " -x") || strstr(cmd, "--posix_timers")))
		snprintf(id, sizeof(id), "irq.timer.signal");
	else
		snprintf(id, sizeof(id), "%s%s", map->id, xcpu ? ".xcpu" : "");
	snprintf(tname, sizeof(tname), "rt-tests %s", map->tool);
	nodename = json_string_value(json_object_get(sys, "nodename"));
	release = json_string_value(json_object_get(sys, "release"));
	snprintf(label, sizeof(label), "%s-%s", nodename ? nodename : "host", map->tool);

	out = json_pack("{s:s, s:i, s:{s:s, s:s}, s:s, s:o, s:s, s:b, s:b}",
			"schema", "rtbench-result", "schema_version", 1,
			"tool", "name", tname, "version", ver,
			"label", label, "date_utc", iso_date(json_string_value(json_object_get(root, "start_time"))),
			"command_line", cmd, "complete", 1, "degraded", 0);
	if (!out)
		goto nomem;
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
		cmdline_settings(cmd, set);
	json_object_set_new(out, "settings", set ? set : json_object());

	mets = json_array();
	if (!mets || json_object_set_new(out, "metrics", mets))
		goto nomem;
	/* the histogram's size (-h N): where its overflow begins */
	top = json_is_integer(json_object_get(set, "histogram_us")) ?
		(long long)json_integer_value(json_object_get(set, "histogram_us")) : 0;
	/* the all-CPU figure, then one per CPU when the threads ran on several */
	for (int k = -1, run = 0; k < (ncpu > 1 ? ncpu : 0); k++) {
		struct group g;
		char mid[112];
		json_t *m;
		int len = nt;

		if (k >= 0) /* CPU k's threads: the next run of the sorted threads */
			for (len = 0; run + len < nt && th[run + len].cpu == cpus[k]; len++)
				;
		if (group_of(k < 0 ? th : th + run, len, bk, -2, &g))
			goto nomem;
		if (k >= 0)
			run += len;
		if (k < 0)
			snprintf(mid, sizeof(mid), "%s", id);
		else if (cpus[k] >= 0)
			snprintf(mid, sizeof(mid), "%s@cpu%lld", id, cpus[k]);
		else
			snprintf(mid, sizeof(mid), "%s@cpu-unknown", id);
		m = g.count > 0 ? group_metric(map, ver, cmd, mid, &g, unit_ns, k < 0 && ncpu > 1, top) : NULL;
		free(g.bk);
		if (g.count > 0 && (!m || json_array_append_new(mets, m)))
			goto nomem;
	}
	free(bk);
	free(th);
	free(cpus);
	return out;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	json_decref(out);
	free(bk);
	free(th);
	free(cpus);
	return NULL;
}
