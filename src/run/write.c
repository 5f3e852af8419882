/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the result files: every writer the entry picked
 * (struct rtb_run_out), written after each round (by count), each
 * interval (for a time) and at the end, through one loop. Calls nothing
 * else of the runner (the runner and the drivers both call it). */
#include <stdio.h>
#include <string.h>
#include "run/run.h"
#include "run/run_kagg.h"
#include "model/stack.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/output.h"

void rtb_run_footprint(struct rtb_result *r)
{
	r->mem.heap_peak_bytes = rtb_mem_peak();
	r->mem.stack_pool_bytes = rtb_stack_pool_bytes();
	r->mem.stacks = RTB_THREADS_MAX;
	r->mem.stack_bytes = RTB_STACK_BYTES;
	r->mem.metric_bytes = sizeof(struct rtb_metric);
	rtb_selfcost_fill(&r->self);
}

/* rtb_run_write - every result file; a failure is said once per file
 * (with the reason) and makes the run's exit status nonzero. The file it
 * failed to replace is left as it was (rtb_port_output). */
int rtb_run_write(const struct rtb_run_out *out, struct rtb_result *r)
{
	static unsigned said;
	int rc = 0;

	rtb_run_footprint(r);
	rtb_run_kagg_refresh(r); /* --trace-bpf: the aggregate so far */
	for (int i = 0; i < out->nwriters && i < RTB_MAX_WRITERS; i++) {
		const struct rtb_writer *w = &out->writers[i];
		/* standard output ("-") takes the whole file once, at the end */
		if (!w->path || (!strcmp(w->path, "-") && !r->set.final) || !rtb_port_output(w->path, w->fn, r))
			continue;
		rc = RTB_EIO;
		if (r->set.final || !(said & (1u << i)))
			fprintf(stderr, "rtbench: cannot write %s%s\n", rtb_port_output_error(),
				r->set.final ? "" : " (will try again after the next benchmark or interval)");
		said |= 1u << i;
	}
	return rc;
}
