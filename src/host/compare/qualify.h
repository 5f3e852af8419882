/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench report --qualify`: what the qualification page
 * needs beyond the result files' loaded metrics (qualify.c), handed to its
 * renderer (render_qualify.c) as the command's own state. */
#ifndef RTB_HOST_QUALIFY_H
#define RTB_HOST_QUALIFY_H

#include <stddef.h>
#include <stdint.h>

#include "host/stats/tail.h"

/* One of the doctor's findings as the run recorded it ("doctor" in the
 * result file: docs/json-schema.md). */
struct rtb_qual_finding {
	char *check, *verdict, *read, *why, *fix;
};

struct rtb_qual {
	int64_t thr_ns[RTB_TAIL_MAX_THR]; /* crossing rates at these (report --threshold-us) */
	size_t nthr;
	double plan_h;                    /* the plan: a run this long (h) */
	/* the first file's doctor (has_doctor 0: the file has none) */
	int has_doctor, weakens, unknown;
	char *doctor_cpus;
	struct rtb_qual_finding *f;
	size_t nf;
};

/* rtb_qual_load_doctor - the doctor's findings of the result file at path
 * into q. 0 (none there: has_doctor 0), RTB_EIO / RTB_EFORMAT with why in
 * err, RTB_ENOMEM. */
int rtb_qual_load_doctor(const char *path, struct rtb_qual *q, char *err, size_t errlen);

/* rtb_qual_free - what rtb_qual_load_doctor allocated. */
void rtb_qual_free(struct rtb_qual *q);

#endif
