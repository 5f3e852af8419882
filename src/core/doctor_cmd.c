/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - `rtbench doctor [--cpus LIST] [--budget-us N] [--root DIR]`:
 * prints what in the system weakens latency on the CPUs a run would
 * measure, each finding with what was read, why, and the setting that
 * fixes it. Reads only; exit 0 when the checks ran (whatever they found),
 * 1 when they could not run, 2 on bad arguments. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/doctor_cmd.h"
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"

/* rtb_doc_print - every finding, weakening ones first. */
void rtb_doc_print(FILE *f, const struct rtb_doctor *d)
{
	static const uint8_t order[] = { RTB_DOC_WEAKENS, RTB_DOC_UNKNOWN, RTB_DOC_OK };
	char cpus[64];

	rtb_doc_cpulist_str(d->cpus, cpus, sizeof(cpus));
	fprintf(f, "rtbench doctor: what weakens latency on CPU %s (idle-exit budget %lld us): "
		"%d weaken, %d unknown, %d ok\n", cpus, (long long)(d->budget_ns / 1000), d->weakens,
		d->unknown, d->n - d->weakens - d->unknown);
	for (size_t o = 0; o < sizeof(order); o++)
		for (int i = 0; i < d->n; i++) {
			const struct rtb_finding *x = &d->f[i];
			if (x->verdict != order[o])
				continue;
			fprintf(f, "\n  %-8s %s\n           read: %s\n", rtb_doc_verdict_name(x->verdict), x->check, x->read);
			if (x->verdict != RTB_DOC_OK)
				fprintf(f, "           why:  %s\n           fix:  %s\n", x->why, x->fix);
		}
}

/* usage - `rtbench doctor --help`. */
static void usage(FILE *f)
{
	fputs("usage: rtbench doctor [--cpus LIST] [--budget-us N] [--root DIR]\n"
	      "What in this system weakens real-time latency on the CPUs a run measures, each\n"
	      "finding ok / weakens / unknown with what was read, why, and the setting that fixes it:\n"
	      "preemption model, isolcpus, nohz_full, rcu_nocbs, IRQ affinity, cpufreq governor, idle\n"
	      "states deeper than the budget, SMT siblings, transparent huge pages, RT throttling, timer\n"
	      "migration, watchdog, virtualization. Reads only; changes nothing.\n"
	      "  --cpus LIST      CPUs to judge (\"1\", \"2-3\"; default: the last online CPU, as run)\n"
	      "  --budget-us N    latency budget for idle-state exit latency (default 10)\n"
	      "  --root DIR       read /proc and /sys under DIR (a recorded snapshot)\n"
	      "Exit 0 when the checks ran, 1 when they could not, 2 on bad arguments.\n"
	      "The same findings are in every run's result (\"doctor\").\n", f);
}

/* bad - one line naming the argument (escaped); RTB_EINVAL. */
static int bad(const char *what, const char *arg)
{
	char e[128];

	rtb_esc_ctl(e, sizeof(e), arg ? arg : "");
	fprintf(stderr, "rtbench doctor: %s%s%s\n", what, arg ? ": " : "", arg ? e : "");
	return RTB_EINVAL;
}

int rtb_cmd_doctor(int argc, char **argv)
{
	static struct rtb_doctor d;
	struct rtb_doctor_cfg cfg = { .root = "", .budget_ns = 10000, .idle_held_us = -1 };
	int rc;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (strcmp(a, "--cpus") && strcmp(a, "--budget-us") && strcmp(a, "--root"))
			return bad("unknown option", a);
		if (!v)
			return bad("needs a value", a);
		i++;
		if (!strcmp(a, "--cpus")) {
			rc = rtb_doc_cpulist(v, &cfg.cpus);
			if (rc == RTB_ERANGE)
				return bad("--cpus: CPUs above 63 are not supported", v);
			if (rc || !cfg.cpus)
				return bad("--cpus: not a CPU list (\"1\", \"0-3,6\")", v);
		} else if (!strcmp(a, "--budget-us")) {
			char *end;
			errno = 0;
			long long b = strtoll(v, &end, 10);
			if (errno || end == v || *end || *v < '0' || *v > '9' || b < 0 || b > 1000000)
				return bad("--budget-us: a whole number of us, 0..1000000", v);
			cfg.budget_ns = b * 1000;
		} else {
			if (!*v)
				return bad("--root: empty", v);
			cfg.root = v;
		}
	}
	rc = rtb_port_doctor(&cfg, &d);
	if (rc) {
		fprintf(stderr, "rtbench doctor: the checks could not run: %s\n", rtb_strerror(rc));
		return rc;
	}
	rtb_doc_print(stdout, &d);
	return 0;
}
