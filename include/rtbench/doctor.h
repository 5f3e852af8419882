/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - what in the system weakens latency (`rtbench doctor`, and the
 * same findings in every run's result).
 *
 * Plain data, no OS words: each port knows what to read (Linux: /proc and
 * /sys; a board: its build options) and fills one finding per check, each
 * with what it read, why that matters and the setting that changes it.
 * The checks only read: nothing is written, nothing is changed. */
#ifndef RTBENCH_DOCTOR_H
#define RTBENCH_DOCTOR_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/cpuset.h"

enum rtb_doc_verdict {
	RTB_DOC_OK = 0,         /* nothing here weakens the measured CPUs */
	RTB_DOC_WEAKENS,        /* a setting here adds latency or noise */
	RTB_DOC_UNKNOWN,        /* could not be read or judged */
};
const char *rtb_doc_verdict_name(enum rtb_doc_verdict v);

struct rtb_finding {
	char check[24];         /* stable key: "preemption", "irq_affinity", ... */
	uint8_t verdict;        /* enum rtb_doc_verdict */
	char read[200];         /* what was read, where ("/proc/cmdline: no isolcpus=") */
	char why[200];          /* why it matters for latency */
	char fix[240];          /* the setting that fixes it ("" when ok) */
};

#ifndef RTB_MAX_FINDINGS
#define RTB_MAX_FINDINGS 16
#endif
struct rtb_doctor {
	int done;               /* 1: the checks ran */
	struct rtb_cpuset cpus; /* the CPUs the checks judged; online CPUs
				 * past RTB_MAX_CPUS are said (a finding
				 * "cpus", unknown), never judged by omission */
	int64_t budget_ns;      /* latency budget the idle-state check used */
	struct rtb_finding f[RTB_MAX_FINDINGS];
	int n;
	int weakens, unknown;   /* counts */
};

/* What the checks judge against. */
struct rtb_doctor_cfg {
	const char *root;       /* file-system root to read under ("" or "/":
				 * this system; a directory: a recorded
				 * snapshot, as the unit tests do) */
	struct rtb_cpuset cpus; /* CPUs to judge (empty: the last online CPU) */
	int all_cpus;           /* judge every online CPU (doctor --cpus all, a
				 * run --cpus all): the fixes then keep the
				 * lowest online CPU for housekeeping */
	int64_t budget_ns;      /* idle states with a longer exit latency weaken */
	int idle_held_us;       /* a run holding the idle latency at this many us
				 * (-1: not held) */
};

/* The longest --root the doctor takes (a longer one is refused, never
 * cut: a cut path reads another tree). */
#define RTB_DOC_ROOT_MAX 3072

/* rtb_port_doctor - run every check of the port into d (read-only). Every
 * string in a finding that came from a file is escaped (one printable
 * line). Returns 0, or a negative rtb_err when the checks could not run at
 * all (then d->done is 0): RTB_EINVAL a root that is no directory,
 * RTB_ERANGE a CPU to judge that the system lists as not online. */
int rtb_port_doctor(const struct rtb_doctor_cfg *cfg, struct rtb_doctor *d);
/* rtb_port_doctor_begin - take now the first read of a check that compares
 * the live system over time (IRQ counts), for the next live
 * rtb_port_doctor: the work in between fills the sample's span instead of
 * a sleep (a run calls it as its set-up begins). Optional; nothing to do
 * on a port without such a check. */
void rtb_port_doctor_begin(void);

/* rtb_doc_add - append a finding (printf-style `read`); the port's checks
 * use it. Past RTB_MAX_FINDINGS the finding is dropped. */
struct rtb_finding *rtb_doc_add(struct rtb_doctor *d, const char *check, enum rtb_doc_verdict v,
				const char *why, const char *fix, const char *read_fmt, ...)
	__attribute__((format(printf, 6, 7)));

#endif
