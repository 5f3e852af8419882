/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what the rt-tests reader's files share (rttests.c: the
 * file's threads and the result; rttests_cmdline.c: what its command line
 * and date say; rttests_metric.c: a group of threads as one metric). */
#ifndef RTB_HOST_RTTESTS_INT_H
#define RTB_HOST_RTTESTS_INT_H

#include <stddef.h>
#include <jansson.h>

/* Figures at most this many units (1 us or 1 ns): a latency of 10^12 us
 * is 11 days; above it a file is refused, so no product overflows. */
#define RTB_RTT_MAX_VALUE 1000000000000LL

/* An rt-tests tool and the rtbench metric measuring the same thing. */
struct rtb_rtt_tool {
	const char *tool, *id, *title;
};

struct rtb_rtt_bucket {
	long long v;
	long long n;
};

/* One thread's figures (the receiver's, for the two-thread tools). */
struct rtb_rtt_thr {
	long long cpu, n, mn, mx;
	double avg;
	size_t b0, nb;            /* its buckets in the bucket array */
};

/* The figures of one metric: the threads of one CPU, or all of them. */
struct rtb_rtt_group {
	long long count, hcount, vmin, vmax, max_cpu;
	double wsum;
	int nthreads, has_hist;
	struct rtb_rtt_bucket *bk;
	size_t nbk;
};

/* rtb_rtt_digits - s (n bytes) is a decimal number of digits only ("",
 * " 7", "+8", "1e3" are not), at most RTB_RTT_MAX_VALUE; into *v. */
int rtb_rtt_digits(const char *s, size_t n, long long *v);
/* rtb_rtt_iso_date - "Wed, 02 Dec 2026 16:29:01 +0000" as
 * "2026-12-02T16:29:01Z" (a new JSON string; "" when not that form). */
json_t *rtb_rtt_iso_date(const char *s);
/* rtb_rtt_cmdline_settings - what the tool's command line cmd says, into
 * settings (rttests_cmdline.c lists the options). */
void rtb_rtt_cmdline_settings(const char *cmd, json_t *set);
/* rtb_rtt_group_of - the threads t[0..nt) on `cpu` (all of them if cpu
 * == -2) merged into g (its buckets, from all, allocated: free g->bk).
 * 0 or RTB_ENOMEM. */
int rtb_rtt_group_of(const struct rtb_rtt_thr *t, int nt, const struct rtb_rtt_bucket *all, long long cpu,
		     struct rtb_rtt_group *g);
/* rtb_rtt_group_metric - one metric object of group g under id (agg: the
 * all-CPU figure of several CPUs; top: the histogram's size in units, -h
 * N, 0 unknown); NULL when out of memory. */
json_t *rtb_rtt_group_metric(const struct rtb_rtt_tool *map, const char *ver, const char *cmd, const char *id,
			     const struct rtb_rtt_group *g, long long unit_ns, int agg, long long top);

#endif
