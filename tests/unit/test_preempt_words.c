/* SPDX-License-Identifier: Apache-2.0 */
/* test_preempt_words - the run's warning about a kernel that is not
 * real-time says what the kernel is: preempt=full (or a PREEMPT kernel)
 * is preemptible, held off only by handlers, softirqs and spinlocked
 * sections; none and voluntary are not fully preemptible. (It said "not
 * fully preemptible (PREEMPT_DYNAMIC (full))".)
 * rtb-test: side */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "rtbench/platform.h"

static const char *warn(const char *model)
{
	static struct rtb_fingerprint fp;
	static char out[256];

	memset(&fp, 0, sizeof(fp));
	snprintf(fp.preempt_model, sizeof(fp.preempt_model), "%s", model);
	rtb_fp_preempt_warning(&fp, out, sizeof(out));
	return out;
}

int main(void)
{
	const char *w = warn("PREEMPT_DYNAMIC (full)");

	CHECK(strstr(w, "not fully preemptible") == NULL);
	CHECK(strstr(w, "the kernel is preemptible but not real-time (PREEMPT_DYNAMIC (full), not PREEMPT_RT)") == w);
	CHECK(strstr(warn("PREEMPT"), "preemptible but not real-time") != NULL);
	CHECK(strstr(warn("PREEMPT_DYNAMIC (none)"), "the kernel is not fully preemptible (PREEMPT_DYNAMIC (none))") != NULL);
	CHECK(strstr(warn("PREEMPT_DYNAMIC (voluntary)"), "not fully preemptible") != NULL);
	CHECK(strstr(warn("none or voluntary"), "not fully preemptible") != NULL);
	return check_done();
}
