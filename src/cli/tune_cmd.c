/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench tune`: for each of the doctor's findings whose
 * fix can be applied and reversed while the system runs, the user's
 * measurement with (B) and without (A) it, in interleaved rounds (each
 * pair AB or BA by a seeded coin, the seed said), each round one child
 * `rtbench run`; the effect on p50, p99, p99.9, max and the crossing rate
 * with compare's intervals and verdicts; then the helpful knobs together;
 * text, JSON (docs/rtbench-tune.schema.json) and a drop-in of only the
 * knobs that helped. Every knob goes through the settings journal
 * (src/run/env.c): put back after each round, on a stop signal before the
 * exit, and by the next rtbench run after a SIGKILL. docs/tuning.md.
 *
 * Steps: 1 options; 2 the journal (repairs a killed run's knobs, takes the
 * settings lock); 3 the doctor; 4 each knob made ready or said not
 * applicable; 5 each knob's rounds; 6 the helpful knobs together; 7 every
 * knob read back; 8 the outputs. */
#ifdef RTB_HAVE_HOST
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli/tune.h"
#include "cli/tune_cmd.h"
#include "host/render/tune_out.h"
#include "run/env.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"

static struct rtb_tune_run run;
static struct rtb_tune_plan plans[RTB_TUNE_MAX_KNOBS], all_plan;
/* the plans as made ready, before a knob the kernel refused was dropped:
 * what is read before and after */
static struct rtb_tune_plan read_plans[RTB_TUNE_MAX_KNOBS];

/* usage - `rtbench tune --help`. */
static void usage(FILE *f)
{
	fputs("usage: rtbench tune [options]\n"
	      "Which of the doctor's fixes lowers latency here, measured: each fix that can be applied and\n"
	      "reversed while the system runs (timer migration, RT throttling, watchdogs, THP, KSM, IRQ and\n"
	      "workqueue affinity away from the measured CPUs, idle states, /dev/cpu_dma_latency), measured\n"
	      "with (B) and without (A) it in interleaved rounds, each round one `rtbench run`; per knob the\n"
	      "effect on p50, p99, p99.9, max and the crossing rate with intervals and compare's verdict\n"
	      "(\"no effect beyond run-to-run noise\" is a result), then the helpful knobs together. Every\n"
	      "knob is put back after each round (the settings journal: Ctrl-C restores, a SIGKILL is\n"
	      "repaired by the next run). Root. docs/tuning.md.\n"
	      "  --tests LIST      the measurements (default irq.timer.nanosleep,noise.gap)\n"
	      "  --cpus LIST|all   the measured CPUs (default all; IRQ and workqueue affinity need a CPU\n"
	      "                    left unmeasured to move to)\n"
	      "  --samples N       samples a CPU in each round's run (default 2000)\n"
	      "  -i, --period-us N timer period (default 200)\n"
	      "  --over-us N       the crossing threshold: a round's crossing rate is its samples over N us\n"
	      "                    per sample (default 100)\n"
	      "  --rounds N        rounds a side, 2-32 (default 8)\n"
	      "  --seed N          the order of each A/B pair (default: from the clock; said)\n"
	      "  --alpha A         family-wise level of each knob's tests (default 0.05; Bonferroni)\n"
	      "  --knobs LIST      only these knobs (names as printed)\n"
	      "  --test-knobs      TEST ONLY: add test.delay (a known delay moved into the measured\n"
	      "                    window: the known answer) and test.aa (B = A: no effect)\n"
	      "  --test-delay-us N test.delay's delay (default 50)\n"
	      "  --no-together     do not measure the helpful knobs together\n"
	      "  --json FILE       the result as JSON (docs/rtbench-tune.schema.json)\n"
	      "  --dropin PREFIX   PREFIX.sysctl.conf and PREFIX.sh: only the knobs that helped\n"
	      "  --keep DIR        keep each round's result file in DIR (a new directory)\n"
	      "Exit 0 done, 1 failed, 2 bad option or the settings lock held, 128+N stopped by signal N\n"
	      "(every knob restored; what was measured is written).\n", f);
}

/* bad - one line naming what is wrong; RTB_EINVAL. */
static int bad(const char *what, const char *arg)
{
	char e[128];

	snprintf(e, sizeof(e), "%s", arg ? arg : "");
	rtb_esc_in_place(e, sizeof(e));
	fprintf(stderr, "rtbench tune: %s%s%s\n", what, arg ? ": " : "", arg ? e : "");
	return RTB_EINVAL;
}

/* num - a whole number in [lo, hi]. */
static int num(const char *s, long lo, long hi, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return !*s || *end || errno || *v < lo || *v > hi ? -1 : 0;
}

/* parse - the options into o. */
static int parse(int argc, char **argv, struct rtb_tune_opts *o, int *help)
{
	long v;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			*help = 1;
			return 0;
		}
		if (!strcmp(a, "--test-knobs")) {
			o->test_knobs = 1;
			continue;
		}
		if (!strcmp(a, "--no-together")) {
			o->together = 0;
			continue;
		}
		if (i + 1 >= argc)
			return bad("needs a value (or is not an option)", a);
		const char *val = argv[++i];
		if (!strcmp(a, "--tests"))
			o->tests = val;
		else if (!strcmp(a, "--cpus")) {
			char e[96];
			snprintf(o->cpus, sizeof(o->cpus), "%s", val);
			o->all = !strcmp(val, "all");
			if (strlen(val) >= sizeof(o->cpus) || (!o->all && rtb_parse_cpulist(val, &o->set, e, sizeof(e))))
				return bad("--cpus: a CPU list or all", val);
		} else if (!strcmp(a, "--samples") && !num(val, 10, 10000000, &v))
			o->samples = (int)v;
		else if ((!strcmp(a, "--period-us") || !strcmp(a, "-i")) && !num(val, 10, 1000000, &v))
			o->period_us = (int)v;
		else if (!strcmp(a, "--over-us") && !num(val, 1, 10000000, &v))
			o->over_us = (int)v;
		else if (!strcmp(a, "--rounds") && !num(val, 2, RTB_TUNE_MAX_ROUNDS, &v))
			o->rounds = (int)v;
		else if (!strcmp(a, "--seed") && !num(val, 0, 2147483647L, &v))
			o->seed = (unsigned long)v;
		else if (!strcmp(a, "--test-delay-us") && !num(val, 1, 10000, &v))
			o->test_delay_ns = v * 1000;
		else if (!strcmp(a, "--alpha")) {
			char *end;
			o->alpha = strtod(val, &end);
			if (*end || !(o->alpha > 0 && o->alpha < 0.5))
				return bad("--alpha: a level between 0 and 0.5", val);
		} else if (!strcmp(a, "--knobs"))
			o->knobs = val;
		else if (!strcmp(a, "--json"))
			o->json = val;
		else if (!strcmp(a, "--dropin"))
			o->dropin = val;
		else if (!strcmp(a, "--keep")) {
			snprintf(o->dir, sizeof(o->dir), "%s", val);
			o->keep = 1;
		} else
			return bad("unknown option or value out of range (rtbench tune --help)", a);
	}
	return 0;
}

/* wanted - knob d is asked for (--knobs; test knobs only with --test-knobs). */
static int wanted(const struct rtb_tune_opts *o, const struct rtb_tune_def *d)
{
	int test = d->kind == RTB_TK_TEST_DELAY || d->kind == RTB_TK_TEST_AA;

	if (test && !o->test_knobs)
		return 0;
	if (!o->knobs)
		return 1;
	size_t n = strlen(d->name);
	for (const char *s = o->knobs; (s = strstr(s, d->name)); s += n)
		if ((s == o->knobs || s[-1] == ',') && (s[n] == ',' || !s[n]))
			return 1;
	return 0;
}

/* check_knobs - every name in --knobs is a knob. */
static int check_knobs(const struct rtb_tune_opts *o)
{
	char buf[512], *save = NULL;

	if (!o->knobs)
		return 0;
	snprintf(buf, sizeof(buf), "%s", o->knobs);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		int found = 0;
		for (int i = 0; i < rtb_cmd_tune_ndefs; i++)
			found |= !strcmp(t, rtb_cmd_tune_defs[i].name);
		if (!found)
			return bad("--knobs: no such knob (rtbench tune prints them all)", t);
		if (!strncmp(t, "test.", 5) && !o->test_knobs)
			return bad("--knobs: a test knob needs --test-knobs", t);
	}
	return 0;
}

/* coin - xorshift64*: the seeded order of each pair. */
static int coin(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return (int)((*s * 2685821657736338717ULL) >> 63);
}

/* one_round - side b of plan p: set, run, put back, read the result. */
static int one_round(const struct rtb_tune_opts *o, struct rtb_tune_plan *p, struct rtb_tune_knob *k, int b,
		     int idx)
{
	char json[400], log[400], why[400], note[300], err[256];
	struct rtb_rf rf;
	int sig = 0, rc = 0;

	snprintf(json, sizeof(json), "%s/%s.r%02d%c.json", o->dir, k->name, idx, b ? 'B' : 'A');
	snprintf(log, sizeof(log), "%s/%s.r%02d%c.log", o->dir, k->name, idx, b ? 'B' : 'A');
	if (b && (rc = rtb_cmd_tune_apply(p, note, sizeof(note)))) {
		snprintf(k->failed_why, sizeof(k->failed_why), "could not set it: %s", note);
		k->failed_rounds++;
		return rc;
	}
	if (b && note[0]) {
		size_t l = strlen(k->set_to);
		fprintf(stderr, "rtbench tune: %s: left out (the kernel refused): %s\n", k->name, note);
		snprintf(k->set_to + l, sizeof(k->set_to) - l, "; refused by the kernel, left as found: %s", note);
	}
	rc = rtb_cmd_tune_child(o, p, b, json, log, &sig, why, sizeof(why));
	if (b)
		rtb_cmd_tune_undo(p);
	if (rc == RTB_EINTR) {
		run.stop_signal = sig;
		return rc;
	}
	if (!rc && !(rc = rtb_rf_load(json, &rf, err, sizeof(err)))) {
		rc = rtb_tune_round(k, b, &rf);
		rtb_rf_free(&rf);
	} else if (!why[0] || rc != RTB_ESYS) {
		snprintf(why, sizeof(why), "%s: %s", json, err);
	}
	if (rc) {
		k->failed_rounds++;
		snprintf(k->failed_why, sizeof(k->failed_why), "%s", why);
	}
	if (!o->keep) {
		unlink(json);
		if (!rc)
			unlink(log);
	}
	return rc;
}

/* rounds - every round of knob k: pairs in a seeded order. RTB_EINTR when
 * a stop came (everything is put back by then). */
static int rounds(const struct rtb_tune_opts *o, struct rtb_tune_plan *p, struct rtb_tune_knob *k, uint64_t *rng)
{
	size_t l = 0;

	for (int i = 0; i < o->rounds; i++) {
		int first_b = coin(rng);
		for (int j = 0; j < 2; j++) {
			int b = j ? !first_b : first_b;
			k->order[l++] = b ? 'B' : 'A';
			k->order[l] = '\0';
			if (one_round(o, p, k, b, i) == RTB_EINTR)
				return RTB_EINTR;
		}
		if (k->failed_rounds > o->rounds) {
			fprintf(stderr, "rtbench tune: %s: %d rounds failed (%s): left\n", k->name, k->failed_rounds,
				k->failed_why);
			break;
		}
	}
	rtb_tune_judge(k, o->alpha);
	return 0;
}

/* together - the helpful knobs at once, when two or more helped. */
static int together(const struct rtb_tune_opts *o, uint64_t *rng)
{
	struct rtb_tune_knob *t = &run.together;
	int n = 0;
	size_t l = 0;

	memset(&all_plan, 0, sizeof(all_plan));
	snprintf(t->name, sizeof(t->name), "together");
	for (int i = 0; i < run.nk; i++)
		if (run.k[i].kind == RTB_TUK_HELPS && strncmp(run.k[i].name, "test.", 5)) {
			rtb_cmd_tune_merge(&all_plan, &plans[i]);
			l += (size_t)snprintf(t->does + l, l < sizeof(t->does) ? sizeof(t->does) - l : 0, "%s%s",
					      n++ ? ", " : "", run.k[i].name);
		}
	if (n < 2) {
		snprintf(run.together_why, sizeof(run.together_why), n ? "one knob helped: together is that knob" :
			 "no knob helped beyond run-to-run noise");
		return 0;
	}
	if (!o->together) {
		snprintf(run.together_why, sizeof(run.together_why), "not measured (--no-together)");
		return 0;
	}
	all_plan.d = NULL;
	t->applicable = 1;
	run.has_together = 1;
	rtb_cmd_tune_read(&all_plan, t->before, sizeof(t->before));
	fprintf(stderr, "rtbench tune: together (%s): %d rounds a side\n", t->does, o->rounds);
	return rounds(o, &all_plan, t, rng);
}

/* begin - the run's header fields; the rounds' directory. */
static int begin(struct rtb_tune_opts *o, int argc, char **argv)
{
	size_t l = 0;

	l = (size_t)snprintf(run.command_line, sizeof(run.command_line), "rtbench tune");
	for (int i = 1; i < argc && l < sizeof(run.command_line); i++)
		l += (size_t)snprintf(run.command_line + l, sizeof(run.command_line) - l, " %s", argv[i]);
	rtb_esc_in_place(run.command_line, sizeof(run.command_line));
	rtb_port_date_utc(run.date_utc, sizeof(run.date_utc));
	snprintf(run.version, sizeof(run.version), "%s", RTB_VERSION);
	snprintf(run.tests, sizeof(run.tests), "%s", o->tests);
	snprintf(run.cpus, sizeof(run.cpus), "%s", o->cpus);
	run.samples = o->samples;
	run.period_us = o->period_us;
	run.over_us = o->over_us;
	run.rounds = o->rounds;
	run.seed = o->seed;
	run.alpha = o->alpha;
	run.test_knobs = o->test_knobs;
	run.test_delay_ns = o->test_delay_ns;
	if (o->keep) {
		if (mkdir(o->dir, 0700))
			return bad("--keep: cannot make the directory (it must be new)", o->dir);
		return 0;
	}
	snprintf(o->dir, sizeof(o->dir), "/tmp/rtbench-tune.XXXXXX");
	if (!mkdtemp(o->dir)) {
		fprintf(stderr, "rtbench tune: cannot make a directory for the rounds: %s\n", strerror(errno));
		return RTB_EIO;
	}
	return 0;
}

/* measure - steps 4 to 6: each knob ready or not applicable, its rounds,
 * the helpful ones together. RTB_EINTR when a stop came. */
static int measure(const struct rtb_tune_opts *o, const struct rtb_doctor *doc, uint64_t *rng)
{
	int napp = 0;

	for (int i = 0; i < rtb_cmd_tune_ndefs && run.nk < RTB_TUNE_MAX_KNOBS; i++) {
		if (!wanted(o, &rtb_cmd_tune_defs[i]))
			continue;
		struct rtb_tune_knob *k = &run.k[run.nk];
		napp += rtb_cmd_tune_prepare(&rtb_cmd_tune_defs[i], o, doc, &plans[run.nk], k);
		read_plans[run.nk] = plans[run.nk];
		run.nk++;
	}
	fprintf(stderr, "rtbench tune: %d knob(s) to measure on CPU %s, %d rounds a side of %d samples a CPU "
		"(seed %lu)\n", napp, o->cpus, o->rounds, o->samples, o->seed);
	for (int i = 0; i < run.nk; i++) {
		struct rtb_tune_knob *k = &run.k[i];
		if (!k->applicable) {
			rtb_tune_judge(k, o->alpha);
			continue;
		}
		fprintf(stderr, "rtbench tune: %s: B sets %s\n", k->name, k->set_to);
		if (rounds(o, &plans[i], k, rng) == RTB_EINTR)
			return RTB_EINTR;
		fprintf(stderr, "rtbench tune: %s: %s\n", k->name, rtb_tune_kind_phrase(k->kind));
	}
	return together(o, rng);
}

/* read_back - step 7: every knob read again, against its first read. */
static void read_back(void)
{
	int same = 0, n = 0;

	for (int i = 0; i < run.nk; i++) {
		if (!run.k[i].applicable)
			continue;
		rtb_cmd_tune_read(&read_plans[i], run.k[i].after, sizeof(run.k[i].after));
		n++;
		same += !strcmp(run.k[i].after, run.k[i].before);
	}
	if (run.has_together)
		rtb_cmd_tune_read(&all_plan, run.together.after, sizeof(run.together.after));
	snprintf(run.restored, sizeof(run.restored), "%d of %d knob(s) read back as found", same, n);
}

/* outputs - step 8. */
static int outputs(const struct rtb_tune_opts *o)
{
	int rc = 0;

	rtb_render_tune_text(stdout, &run);
	if (o->json && rtb_render_tune_json(o->json, &run)) {
		fprintf(stderr, "rtbench tune: cannot write %s\n", o->json);
		rc = RTB_EIO;
	}
	if (o->dropin && rtb_render_tune_dropin(o->dropin, &run)) {
		fprintf(stderr, "rtbench tune: cannot write the drop-in %s.*\n", o->dropin);
		rc = RTB_EIO;
	}
	return rc;
}

int rtb_cmd_tune(int argc, char **argv)
{
	static struct rtb_doctor doc;
	struct rtb_tune_opts o = { .tests = "irq.timer.nanosleep,noise.gap", .cpus = "all", .all = 1,
				   .samples = 2000, .period_us = 200, .over_us = 100, .rounds = 8,
				   .seed = (unsigned long)time(NULL) % 1000000, .alpha = RTB_TUNE_DEFAULT_ALPHA,
				   .test_delay_ns = 50000, .together = 1 };
	struct rtb_doctor_cfg cfg = { .root = "", .budget_ns = 10000, .idle_held_us = -1 };
	int help = 0, rc;
	int64_t t0;

	rc = rtb_port_init(); /* Step 1: stops wait for the stop wait */
	if (rc)
		return rc;
	if ((rc = parse(argc, argv, &o, &help)) || (rc = check_knobs(&o)))
		return rc;
	if (help) {
		usage(stdout);
		return 0;
	}
	t0 = rtb_port_mono_ns();
	if ((rc = begin(&o, argc, argv)))
		return rc;
	if (geteuid()) {
		fprintf(stderr, "rtbench tune: it changes system settings: run it as root\n");
		rmdir(o.dir);
		return RTB_EPERM;
	}
	/* Step 2: a killed run's knobs put back; the lock ours to the end */
	rtb_env_hold();
	rc = rtb_env_begin(run.command_line, 1, 300000000000LL, NULL);
	if (rc) {
		run.stop_signal = rtb_env_stop_signal();
		if (!o.keep)
			rmdir(o.dir);
		return rc == RTB_EINTR ? RTB_EINTR : RTB_EBUSY;
	}
	/* Step 3: the doctor on the measured CPUs */
	rtb_port_doctor_begin();
	cfg.cpus = o.set;
	cfg.all_cpus = o.all;
	if ((rc = rtb_port_doctor(&cfg, &doc))) {
		rtb_env_restore();
		return bad("the doctor could not run on these CPUs", o.cpus);
	}
	o.set = doc.cpus;
	snprintf(run.doctor, sizeof(run.doctor), "%d weaken, %d unknown, %d ok", doc.weakens, doc.unknown,
		 doc.n - doc.weakens - doc.unknown);
	uint64_t rng = 0x9e3779b97f4a7c15ULL ^ (uint64_t)o.seed;
	rc = measure(&o, &doc, &rng); /* Steps 4-6 */
	int err = rtb_env_restore();
	read_back();                  /* Step 7 */
	run.complete = rc != RTB_EINTR;
	run.wall_s = (double)(rtb_port_mono_ns() - t0) / 1e9;
	if (!o.keep)
		rmdir(o.dir);         /* empty unless a round failed: then its log stays */
	int orc = outputs(&o);        /* Step 8 */
	for (int i = 0; i < run.nk; i++)
		rtb_tune_free(&run.k[i]);
	rtb_tune_free(&run.together);
	if (rc == RTB_EINTR) {
		fprintf(stderr, "rtbench tune: stopped by signal %d: every knob restored (%s)\n", run.stop_signal,
			run.restored);
		return RTB_EINTR;
	}
	return err ? err : orc;
}

/* rtb_cmd_tune_stop_signal - the signal that stopped the last tune (0 none). */
int rtb_cmd_tune_stop_signal(void)
{
	return run.stop_signal;
}
#endif
