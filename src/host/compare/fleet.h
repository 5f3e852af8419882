/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the fleet view of `rtbench compare --fleet`: one row per
 * system (result file), one column pair per measurement (median, p99),
 * rows sorted by a chosen column. Built from the files' own figures only. */
#ifndef RTB_HOST_FLEET_H
#define RTB_HOST_FLEET_H

#include <stddef.h>

#include "host/read/resultfile.h"

struct rtb_fleet {
	const struct rtb_rf *sys;   /* the loaded files */
	size_t nsys;
	const char **ids;           /* every measurement with figures somewhere, first-seen order */
	const char **units;
	size_t nids;
	double *p50, *p99;          /* [sys * nids + k], in the metric's unit; NAN: no figure */
	size_t *order;              /* rows in display order */
	char **why;                 /* [sys]: NULL for a whole run, else why it is not one
	                             * (judge.h); such a row sorts after the whole ones */
	char sort[128];             /* how rows are sorted, for the header */
};

/* rtb_fleet_build - the fleet of files[0..n), rows sorted by `key`:
 * "file" (default, name order), "label", "ID" or "ID:p50" / "ID:p99"
 * (ascending; systems without that figure, then runs that are not whole,
 * last). Returns 0, RTB_ENOMEM,
 * or RTB_EINVAL when key names no measurement in the files. */
int rtb_fleet_build(struct rtb_fleet *f, const struct rtb_rf *files, size_t n, const char *key);
void rtb_fleet_free(struct rtb_fleet *f);

#endif
