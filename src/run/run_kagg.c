/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - run --trace-bpf: the port's in-kernel aggregation is
 * attached once before the first measurement and read once after the last
 * (rtbench/kagg.h): no events reach user space while rtbench measures. The
 * CPUs read are the measured ones: each histogram-mode metric's CPU (a run
 * on several CPUs or for a time), else the run's measurement CPU. */
#include <stdio.h>
#include "run/run_kagg.h"
#include "rtbench/err.h"
#include "rtbench/hmetric.h"
#include "rtbench/kagg.h"
#include "rtbench/port.h"

/* one run's aggregate (RTB_MAX_CPUS entries: static, never grown) */
static struct rtb_kagg store;
static int opened;
static const struct rtb_kagg_ops *ops; /* the one opened */

void rtb_run_kagg_open(const struct rtb_opts *o, struct rtb_result *res)
{
	char why[200] = "";
	int rc;

	if (!o->trace.bpf || !o->trace.kagg)
		return;
	store.on = 0;
	store.note[0] = 0;
	res->kagg = &store;
	rc = o->trace.kagg->open(why, sizeof(why));
	if (rc) {
		snprintf(store.note, sizeof(store.note), "--trace-bpf: %s", why);
		fprintf(stderr, "rtbench: %s: the run goes on without it\n", store.note);
		rtb_result_warn(res, "%s: nothing aggregated in the kernel", store.note);
		return;
	}
	opened = 1;
	ops = o->trace.kagg;
	store.start_ns = rtb_port_mono_ns();
}

/* measured_cpus - the CPUs whose samples the result holds, ascending */
static int measured_cpus(const struct rtb_result *res, int *cpus)
{
	static unsigned char seen[RTB_MAX_CPUS];
	int n = 0;

	for (int i = 0; i < RTB_MAX_CPUS; i++)
		seen[i] = 0;
	for (int i = 0; i < res->nmetrics; i++) {
		const struct rtb_hm *h = res->metrics[i]->hm;
		if (h && h->cpu >= 0 && h->cpu < RTB_MAX_CPUS)
			seen[h->cpu] = 1;
	}
	for (int i = 0; i < RTB_MAX_CPUS; i++)
		if (seen[i])
			cpus[n++] = i;
	if (!n && res->set.cpu >= 0 && res->set.cpu < RTB_MAX_CPUS)
		cpus[n++] = res->set.cpu;
	return n;
}

/* take - read the aggregate so far; 0 or the port's rtb_err */
static int take(const struct rtb_result *res)
{
	static int cpus[RTB_MAX_CPUS];
	int rc;

	store.end_ns = rtb_port_mono_ns();
	rc = ops->read(&store, cpus, measured_cpus(res, cpus));
	store.on = !rc;
	return rc;
}

void rtb_run_kagg_refresh(struct rtb_result *res)
{
	if (opened && !res->set.final)
		take(res);
}

void rtb_run_kagg_read(const struct rtb_opts *o, struct rtb_result *res)
{
	int rc;

	/* --trace explained some CPUs only (--trace-cpus, or past what the
	 * reader holds): the in-kernel aggregation covers every one */
	if (!o->trace.bpf && o->trace.kagg && res->set.trace_unexplained[0])
		rtb_result_warn(res, "CPUs %s: samples not explained by --trace; --trace-bpf aggregates in the kernel "
				"what interrupted every measured CPU (docs/tracing-bpf.md)", res->set.trace_unexplained);
	if (!opened)
		return;
	rc = take(res);
	ops->close();
	opened = 0;
	if (rc)
		rtb_result_warn(res, "--trace-bpf: %s", store.note);
	else if (store.missed)
		rtb_result_warn(res, "--trace-bpf: the kernel skipped %llu runs of the aggregation (an event came "
				"while another of its programs ran on that CPU): counts and times are low by those events",
				(unsigned long long)store.missed);
}
