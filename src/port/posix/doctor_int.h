/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what the doctor's files share (not seen outside
 * src/port/posix): the one judgement's state, the snapshot-aware readers
 * (doctor_read.c) and the checks, one per setting, that doctor.c's table
 * runs in order. */
#ifndef RTB_DOCTOR_INT_H
#define RTB_DOCTOR_INT_H

#include <stdbool.h>
#include <stddef.h>
#include "rtbench/doctor.h"

/* One judgement: what is judged and how a fix names the CPUs. */
struct rtb_dr {
	const struct rtb_doctor_cfg *cfg;
	struct rtb_doctor *d;
	struct rtb_cpuset cpus;
	char cpul[160];         /* cpus as a list, for the messages */
	char cmdline[2048];
	/* every online CPU judged (--cpus all): a fix isolates or clears
	 * all but the housekeeping CPU hk, the lowest online (a fix that
	 * isolated every CPU would leave none for the system) */
	int all, hk;
	char fixl[160];         /* the CPUs a fix names: cpul, or all but hk */
	char hknote[96];        /* "" or "; CPU 0 kept for housekeeping ..." */
};

/* Reading (doctor_read.c): every path is under cfg->root. */
int rtb_dr_read(const struct rtb_dr *r, const char *path, char *buf, size_t len);
bool rtb_dr_text(const struct rtb_dr *r, const char *path, char *buf, size_t len);
int rtb_dr_long(const struct rtb_dr *r, const char *path, long *v);
int rtb_dr_cmdline(const struct rtb_dr *r, const char *name, char *out, size_t len);
struct rtb_cpuset rtb_dr_cpus(const char *s);
struct rtb_cpuset rtb_dr_every_cpu(void);
int rtb_dr_live_root(const char *root);
int rtb_dr_live(const struct rtb_dr *r);

/* The checks, each adding one finding to r->d. */
void rtb_dr_check_preemption(struct rtb_dr *r);   /* doctor_kernel.c */
void rtb_dr_check_isolcpus(struct rtb_dr *r);
void rtb_dr_check_nohz_full(struct rtb_dr *r);
void rtb_dr_check_rcu(struct rtb_dr *r);
void rtb_dr_check_throttle(struct rtb_dr *r);
void rtb_dr_check_timer_migration(struct rtb_dr *r);
void rtb_dr_check_watchdog(struct rtb_dr *r);
void rtb_dr_check_irqs(struct rtb_dr *r);         /* doctor_irq.c */
void rtb_dr_check_governor(struct rtb_dr *r);     /* doctor_cpu.c */
void rtb_dr_check_idle(struct rtb_dr *r);
void rtb_dr_check_smt(struct rtb_dr *r);
void rtb_dr_check_thp(struct rtb_dr *r);
void rtb_dr_check_vm(struct rtb_dr *r);
void rtb_dr_check_tracing(struct rtb_dr *r);      /* doctor_trace.c */

#endif
