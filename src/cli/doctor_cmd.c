/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench doctor [--cpus LIST|all] [--budget-us N]
 * [--root DIR] [--json]`: prints what in the system weakens latency on the
 * CPUs a run would measure, each finding with what was read, why, and the
 * setting that fixes it (--json: the result's "doctor" object). Reads
 * only. Exit status, so that a script tells a finding from a failure:
 * 0 nothing weakens, 3 a finding weakens, 1 the checks could not run,
 * 2 bad arguments (a --root that is no directory, or too long to read
 * under without cutting). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/doctor_cmd.h"
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"
#include "rtbench/output.h"
#include "rtbench/sink.h"

/* rtb_cmd_doctor_print - every finding, weakening ones first. */
void rtb_cmd_doctor_print(FILE *f, const struct rtb_doctor *d)
{
	static const uint8_t order[] = { RTB_DOC_WEAKENS, RTB_DOC_UNKNOWN, RTB_DOC_OK };
	char cpus[1024];

	rtb_cpuset_str(&d->cpus, cpus, sizeof(cpus));
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
	fputs("usage: rtbench doctor [--cpus LIST|all] [--budget-us N] [--root DIR] [--json]\n"
	      "What in this system weakens real-time latency on the CPUs a run measures, each\n"
	      "finding ok / weakens / unknown with what was read, why, and the setting that fixes it:\n"
	      "preemption model, isolcpus, nohz_full, rcu_nocbs, IRQ affinity, cpufreq governor, idle\n"
	      "states deeper than the budget, SMT siblings, transparent huge pages, RT throttling, timer\n"
	      "migration, watchdog, virtualization. Reads only; changes nothing.\n"
	      "  --cpus LIST|all  CPUs to judge (\"1\", \"2-3\", every online CPU: \"all\", as run --cpus\n"
	      "                   all; its fixes keep the lowest CPU for housekeeping; default: the last\n"
	      "                   online CPU, as run)\n"
	      "  --budget-us N    latency budget for idle-state exit latency (default 10)\n"
	      "  --root DIR       read /proc and /sys under DIR (a recorded snapshot)\n"
	      "  --json           the findings as JSON (the result's \"doctor\" object)\n"
	      "Exit 0 when nothing weakens, 3 when a finding weakens, 1 when the checks could not\n"
	      "run, 2 on bad arguments.\n"
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

/* to_stdout - a sink's bytes onto standard output. */
static int to_stdout(void *ctx, const void *buf, size_t len)
{
	(void)ctx;
	return fwrite(buf, 1, len, stdout) == len ? 0 : RTB_EIO;
}

int rtb_cmd_doctor(int argc, char **argv)
{
	static struct rtb_doctor d;
	struct rtb_doctor_cfg cfg = { .root = "", .budget_ns = 10000, .idle_held_us = -1 };
	int rc, json = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--json")) {
			json = 1;
			continue;
		}
		if (strcmp(a, "--cpus") && strcmp(a, "--budget-us") && strcmp(a, "--root"))
			return bad("unknown option", a);
		if (!v)
			return bad("needs a value", a);
		i++;
		if (!strcmp(a, "--cpus") && !strcmp(v, "all")) {
			cfg.all_cpus = 1;
			memset(&cfg.cpus, 0, sizeof(cfg.cpus));
		} else if (!strcmp(a, "--cpus")) {
			char why[160];
			cfg.all_cpus = 0;
			/* the one parser, as run --cpus takes it */
			rc = rtb_parse_cpulist(v, &cfg.cpus, why, sizeof(why));
			if (rc || rtb_cpuset_first(&cfg.cpus) < 0)
				return bad("--cpus: not a CPU list (\"1\", \"0-3,6\", all)", v);
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
			/* never cut (it would read another tree), never a
			 * missing one (every check would say "unknown" and the
			 * doctor exit 0, as if it had found nothing) */
			_Static_assert(RTB_DOC_ROOT_MAX == 3072, "the message says 3072");
			if (strlen(v) > RTB_DOC_ROOT_MAX)
				return bad("--root: longer than 3072 characters", NULL);
			cfg.root = v; /* a directory: the port says (RTB_EINVAL) */
		}
	}
	rc = rtb_port_doctor(&cfg, &d);
	if (rc == RTB_EINVAL)
		return bad("--root: not a directory", cfg.root);
	if (rc == RTB_ERANGE)
		return bad("--cpus: names a CPU that is not online (/sys/devices/system/cpu/online)", NULL);
	if (rc) {
		fprintf(stderr, "rtbench doctor: the checks could not run: %s\n", rtb_strerror(rc));
		return rc;
	}
	if (json) {
		struct rtb_sink out;
		rtb_sink_init(&out, to_stdout, NULL);
		if (rtb_write_doctor_json(&out, &d))
			return RTB_EIO;
	} else {
		rtb_cmd_doctor_print(stdout, &d);
	}
	return d.weakens ? RTB_EFINDING : 0;
}
