/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what the comparison's files (compare.c: the model,
 * compare_notes.c: the notes, compare_summary.c: the prose) share with each
 * other and with no one else. */
#ifndef RTB_HOST_COMPARE_INT_H
#define RTB_HOST_COMPARE_INT_H

#include <stddef.h>

#include "host/compare/compare.h"

/* rtb_cmp_push - append s (owned; NULL = out of memory) to a note list.
 * Returns 0 or RTB_ENOMEM (s freed). */
int rtb_cmp_push(char ***list, size_t *n, char *s);
/* rtb_cmp_noisy - 1 if system i was emulated without -icount. */
int rtb_cmp_noisy(const struct rtb_cmp *c, size_t i);
/* rtb_cmp_run_notes - the run-wide notes into c->notes. */
int rtb_cmp_run_notes(struct rtb_cmp *c);
/* rtb_cmp_metric_notes - the per-measurement notes into cm->notes. */
int rtb_cmp_metric_notes(struct rtb_cmp *c, struct rtb_cmp_metric *cm);
/* rtb_cmp_cell_tail_rounds - the cell's per-round tail figures (and
 * deadline-miss fractions), from its samples or its rounds (compare_tail.c).
 * 0 or RTB_ENOMEM. */
int rtb_cmp_cell_tail_rounds(struct rtb_cmp_cell *ce);
/* rtb_cmp_tail_verdicts - ce's tail verdicts against the baseline bc. */
void rtb_cmp_tail_verdicts(const struct rtb_cmp *c, struct rtb_cmp_cell *ce,
			   const struct rtb_cmp_cell *bc);
/* rtb_cmp_summary - the measurement's prose summary into cm->summary. */
int rtb_cmp_summary(struct rtb_cmp *c, struct rtb_cmp_metric *cm);

#endif
