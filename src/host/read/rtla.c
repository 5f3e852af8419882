/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtla timerlat hist` output read as a result file.
 *
 * rtla (the kernel's tools/tracing/rtla) has no JSON: its histogram is text,
 * as rteval reads it. A file that holds `# RTLA timerlat histogram` in its
 * first lines (bench/kernels.sh keeps one per kernel and load) is read into
 * the shape rt-tests' --json has, one "thread" per rtla column, and handed
 * to the rt-tests importer (host/rttests.c), so the statistics are made one
 * way; the result is then marked "from rtla" wherever that importer says
 * "from rt-tests":
 *   - the `Thr-NNN` columns (timerlat's thread latency: the kernel's
 *     timerlat thread woken by its hrtimer) -> irq.timer.nanosleep, the
 *     rtbench figure measuring the same path from user space;
 *   - the `IRQ-NNN` columns (timerlat's IRQ latency: the hrtimer's expiry
 *     -> timerlat's handler running in the interrupt) -> timerlat.irq, for
 *     which rtbench's nearest figure is its trace components expiry_to_irq
 *     + irq_to_handler (no id of its own: compare shows it alone).
 * Statistics come from the histogram (nearest rank at the bucket's lower
 * edge: its resolution is rtla's -b), a percentile a lower bound within
 * one bucket of the value, never below rtla's exact min (raised_pct), and
 * the note says so; an `over:` count above 0 makes the
 * metric summary-only (rtla's own count, min, avg, max), as an overflowed
 * cyclictest histogram does. A file that says rtla was not run (the
 * kernel has no timerlat tracer) is refused with that reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtbench/escape.h"
#include "rtbench/stat_names.h"
#include "rtbench/stats.h"
#include "host/read/rttests.h"
#include "host/read/rtla.h"

#define RTLA_MAX_COLS 64

int rtb_rtla_detect(const char *buf, size_t len)
{
	size_t n = len < 2048 ? len : 2048;

	if (!n || buf[0] != '#')
		return 0;
	for (size_t i = 0; i + 12 < n; i++)
		if (!memcmp(buf + i, "# RTLA timer", 12) || !memcmp(buf + i, "# rtla: not ", 12))
			return 1;
	return 0;
}

/* marked - s with every "rt-tests" made "rtla", a new string. */
static json_t *marked(const char *s)
{
	char buf[1024];
	const char *p;
	size_t l = 0;

	while ((p = strstr(s, "rt-tests")) && l + (size_t)(p - s) + 5 < sizeof(buf)) {
		l += (size_t)snprintf(buf + l, sizeof(buf) - l, "%.*srtla", (int)(p - s), s);
		s = p + 8;
	}
	snprintf(buf + l, sizeof(buf) - l, "%s", s);
	return json_string(buf);
}

/* mark - every string of v (recursively) marked. */
static void mark(json_t *v)
{
	const char *k;
	json_t *x;
	size_t i;

	if (json_is_object(v)) {
		json_object_foreach(v, k, x) {
			if (json_is_string(x))
				json_object_set_new(v, k, marked(json_string_value(x)));
			else
				mark(x);
		}
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, x) {
			if (json_is_string(x))
				json_array_set_new(v, i, marked(json_string_value(x)));
			else
				mark(x);
		}
	}
}

struct col {
	char name[16];          /* IRQ-000, Thr-000 */
	long long cpu, over, count, min, max;
	double avg;
	int has_summary;
	json_t *hist;
};

/* tok - the next whitespace-separated word of *p into w. */
static int tok(const char **p, char *w, size_t len)
{
	const char *s = *p;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '\n')
		return 0;
	while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
		if (n + 1 < len)
			w[n++] = *s;
		s++;
	}
	w[n] = '\0';
	*p = s;
	return 1;
}

static int num(const char *w, long long *v)
{
	char *end;
	*v = strtoll(w, &end, 10);
	return end != w && !*end && *v >= 0;
}

/* one_kind - an rt-tests-shaped root of the columns whose name starts with
 * `kind` ("Thr", "IRQ"), converted; NULL (err set) on failure. */
static json_t *one_kind(struct col *c, int nc, const char *kind, const char *tool, const char *cmd,
			int ns, char *err, size_t errlen)
{
	json_t *root, *th = json_object(), *out;
	char key[16], line[300];
	int n = 0;

	for (int i = 0; i < nc; i++) {
		if (strncmp(c[i].name, kind, 3) || !c[i].has_summary || c[i].count <= 0)
			continue;
		snprintf(key, sizeof(key), "%d", n++);
		/* an overflowed column: an empty histogram (summary only) */
		json_t *h = c[i].over ? json_object() : json_incref(c[i].hist);
		json_t *t = json_pack("{s:I, s:I, s:I, s:I, s:f, s:o}", "cpu", (json_int_t)c[i].cpu, "cycles",
				      (json_int_t)c[i].count, "min", (json_int_t)c[i].min, "max", (json_int_t)c[i].max,
				      "avg", c[i].avg, "histogram", h);
		json_object_set_new(th, key, t);
	}
	if (!n) {
		json_decref(th);
		snprintf(err, errlen, "rtla file: no %s column with samples", kind);
		return NULL;
	}
	/* the tool's word only: its options are rtla's, not rt-tests' (rtla's
	 * -p is the period, cyclictest's the priority); set after */
	snprintf(line, sizeof(line), "%s", tool);
	(void)cmd;
	root = json_pack("{s:s, s:s, s:I, s:o}", "cmdline:", line, "rt_test_version:", "rtla", "resolution_in_ns",
			 (json_int_t)(ns ? 1 : 0), "thread", th);
	if (!root) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	out = rtb_rttests_convert(root, err, errlen);
	json_decref(root);
	return out;
}

/* opt - the value after option `o` in cmd ("-p 1000" -> "1000"), or NULL. */
static const char *opt(const char *cmd, const char *o)
{
	const char *p = cmd;
	size_t n = strlen(o);

	while ((p = strstr(p, o))) {
		if ((p == cmd || p[-1] == ' ') && p[n] == ' ')
			return p + n + 1;
		p += n;
	}
	return NULL;
}

/* settings - what rtla's command line (bench/kernels.sh's "# rtla-cmd:"
 * line) states, under rtbench's keys: period_ns (-p us), measuring_prio
 * (-P f:N or r:N), cpu (-c N, one CPU); command_line; and
 * system.emulation from a "# rtla-emu:" line (bench/kernels.sh: the
 * guest's key=value list, as rtbench's --emulation takes it). */
static void settings(json_t *r, const char *cmd, const char *emu)
{
	json_t *set = json_object_get(r, "settings"), *sys = json_object_get(r, "system");
	const char *v;
	char *end;
	long long x;

	json_object_set_new(r, "command_line", json_string(cmd));
	json_object_del(set, "prio");
	json_object_del(set, "measuring_prio");
	if ((v = opt(cmd, "-p")) && (x = strtoll(v, &end, 10)) > 0)
		json_object_set_new(set, "period_ns", json_integer((json_int_t)(x * 1000)));
	if ((v = opt(cmd, "-P")) && (v[0] == 'f' || v[0] == 'r') && v[1] == ':' &&
	    (x = strtoll(v + 2, &end, 10)) > 0)
		json_object_set_new(set, "measuring_prio", json_integer((json_int_t)x));
	if ((v = opt(cmd, "-c")) && (x = strtoll(v, &end, 10)) >= 0 && (*end == ' ' || !*end))
		json_object_set_new(set, "cpu", json_integer((json_int_t)x));
	if (!emu[0] || !json_is_object(sys))
		return;
	json_t *e = json_object();
	char kv[256];
	snprintf(kv, sizeof(kv), "%s", emu);
	for (char *save = NULL, *t = strtok_r(kv, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (!strcmp(t, "icount_shift") || !strcmp(t, "vcpus"))
			json_object_set_new(e, t, json_integer(strtoll(eq + 1, NULL, 10)));
		else if (!strcmp(t, "emulator") || !strcmp(t, "version") || !strcmp(t, "machine") || !strcmp(t, "accel"))
			json_object_set_new(e, t, json_string(eq + 1));
	}
	if (json_object_get(e, "emulator") && json_object_get(e, "icount_shift"))
		json_object_set_new(sys, "emulation", e);
	else
		json_decref(e);
}

/* raised_pct - a histogram metric m's percentiles read for what they are.
 * A percentile from rtla's histogram is its bucket's lower edge, a lower
 * bound within one bucket (-b) of the value; rtla's min is exact. When the
 * minimum lies inside a percentile's bucket the edge is below every value
 * measured (bucket 4600 ns, min 4649 ns), so the best lower bound the file
 * gives is the min itself: the percentile is raised to it. Says which in
 * why ("" when none was). */
static void raised_pct(json_t *m, char *why, size_t len)
{
	json_t *mn = json_object_get(m, RTB_STAT_KEY(MIN));
	size_t l = 0;

	why[0] = '\0';
	if (!json_is_integer(mn))
		return;
	for (int k = 0; k < RTB_NPCT; k++) {
		json_t *v = json_object_get(m, rtb_pct_key(k));
		if (!json_is_integer(v) || json_integer_value(v) >= json_integer_value(mn))
			continue;
		if (l + 1 < len)
			l += (size_t)snprintf(why + l, len - l, "%s%s %lld", l ? ", " : "; raised to rtla's exact min "
					      "(its bucket's edge below it): ", rtb_pct_key(k),
					      (long long)json_integer_value(v));
		json_object_set_new(m, rtb_pct_key(k), json_integer(json_integer_value(mn)));
	}
}

json_t *rtb_rtla_convert(const char *buf, size_t len, const char *name, char *err, size_t errlen)
{
	struct col c[RTLA_MAX_COLS];
	char cmd[256] = "rtla timerlat hist", emu[256] = "", beside[64] = "", w[64];
	int nc = 0, ns = 0, hist = 0, bucket = 0;
	const char *p = buf, *end = buf + len;
	json_t *thr = NULL, *irq = NULL;

	memset(c, 0, sizeof(c));
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *q = p;
		size_t ll = eol ? (size_t)(eol - p) : (size_t)(end - p);
		char line[4096];
		snprintf(line, sizeof(line), "%.*s", (int)(ll < sizeof(line) ? ll : sizeof(line) - 1), p);
		p = eol ? eol + 1 : end;
		q = line;
		if (!strncmp(line, "# rtla: not ", 12)) {
			/* the file's words: one printable line (escaped) */
			line[202] = '\0';
			rtb_esc_ctl(err, errlen, line + 2);
			goto fail;
		}
		if (!strncmp(line, "# rtla-cmd: ", 12)) {
			snprintf(cmd, sizeof(cmd), "%.200s", line + 12);
			continue;
		}
		if (!strncmp(line, "# rtla-emu: ", 12)) {
			snprintf(emu, sizeof(emu), "%.200s", line + 12);
			continue;
		}
		if (!strncmp(line, "# rtla-beside: ", 15)) {
			snprintf(beside, sizeof(beside), "%.63s", line + 15);
			continue;
		}
		if (strstr(line, "# RTLA timerlat histogram"))
			hist = 1;
		if (strstr(line, "Time unit is nanoseconds"))
			ns = 1;
		if (line[0] == '#' || !tok(&q, w, sizeof(w)))
			continue;
		if (!strcmp(w, "Index")) {
			while (nc < RTLA_MAX_COLS && tok(&q, w, sizeof(w))) {
				long long cpu;
				if (strlen(w) < 5 || w[3] != '-' || !num(w + 4, &cpu))
					break;
				snprintf(c[nc].name, sizeof(c[nc].name), "%s", w);
				c[nc].cpu = cpu;
				c[nc].hist = json_object();
				nc++;
			}
			continue;
		}
		long long v, idx = 0;
		int stat = !strcmp(w, "over:") ? 1 : !strcmp(w, "count:") ? 2 : !strcmp(w, "min:") ? 3 :
			   !strcmp(w, "avg:") ? 4 : !strcmp(w, "max:") ? 5 : 0;
		if (!stat && !num(w, &idx))
			continue;       /* a line of words rtla added */
		for (int i = 0; i < nc && tok(&q, w, sizeof(w)); i++) {
			if (!num(w, &v))
				continue;   /* "-": no sample in that column */
			switch (stat) {
			case 0:
				if (v) {
					char k[32];
					snprintf(k, sizeof(k), "%lld", idx);
					json_object_set_new(c[i].hist, k, json_integer(v));
					bucket++;
				}
				break;
			case 1: c[i].over = v; break;
			case 2: c[i].count = v; c[i].has_summary = 1; break;
			case 3: c[i].min = v; break;
			case 4: c[i].avg = (double)v; break;
			case 5: c[i].max = v; break;
			}
		}
	}
	if (!hist || !nc) {
		snprintf(err, errlen, "rtla file: no \"# RTLA timerlat histogram\" with an Index line");
		goto fail;
	}
	thr = one_kind(c, nc, "Thr", "rtla-timerlat-thread", cmd, ns, err, errlen);
	if (!thr)
		goto fail;
	irq = one_kind(c, nc, "IRQ", "rtla-timerlat-irq", cmd, ns, err, errlen);
	if (irq) {   /* its metrics beside the thread's (--no-irq: none) */
		size_t i;
		json_t *m;
		json_array_foreach(json_object_get(irq, "metrics"), i, m)
			json_array_append(json_object_get(thr, "metrics"), m);
		json_decref(irq);
	}
	err[0] = '\0';
	mark(thr);
	/* rtla's words, not the rt-tests importer's: its bucket (-b, in its
	 * unit) is the figures' resolution */
	const char *b = strstr(cmd, " -b ");
	long long bk = b ? strtoll(b + 4, NULL, 10) : 1;
	if (bk < 1)
		bk = 1;
	json_object_set_new(json_object_get(thr, "tool"), "name", json_string("rtla timerlat"));
	/* labelled by its file (several kernels' rtla files side by side):
	 * "rtla:<name without directory and .txt>" */
	const char *base = name && strrchr(name, '/') ? strrchr(name, '/') + 1 : name ? name : "";
	size_t bl = strlen(base);
	if (bl > 4 && !strcmp(base + bl - 4, ".txt"))
		bl -= 4;
	json_object_set_new(thr, "label", bl ? json_sprintf("rtla:%.*s", (int)(bl > 100 ? 100 : bl), base)
					     : json_string("rtla-timerlat"));
	json_object_set_new(thr, "warnings",
			    json_pack("[o]", json_sprintf("from rtla: `%s` text (%d histogram cells read), no samples: "
							  "figures at its bucket's resolution, %lld %s", cmd, bucket, bk,
							  ns ? "ns" : "us")));
	settings(thr, cmd, emu);
	/* the rtbench result of the same boot (its label), for the report's
	 * rtbench-beside-rtla table */
	if (beside[0])
		json_object_set_new(json_object_get(thr, "settings"), "beside", json_string(beside));
	size_t mi;
	json_t *m;
	json_array_foreach(json_object_get(thr, "metrics"), mi, m) {
		const char *note = json_string_value(json_object_get(m, "note"));
		const char *at = note ? strstr(note, ns ? "(1 ns buckets)" : "(1 us buckets)") : NULL;
		char raised[160];
		if (at) {
			raised_pct(m, raised, sizeof(raised));
			json_object_set_new(m, "note", json_sprintf("%.*s(%lld %s buckets)%s; a percentile is its "
								    "bucket's lower edge, up to one bucket below "
								    "the value%s", (int)(at - note), note, bk,
								    ns ? "ns" : "us", at + 14, raised));
		}
	}
	for (int i = 0; i < nc; i++)
		json_decref(c[i].hist);
	return thr;
fail:
	for (int i = 0; i < nc; i++)
		json_decref(c[i].hist);
	json_decref(thr);
	return NULL;
}
