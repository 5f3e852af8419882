/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the comparison's tail (split out of compare.c): each
 * round's p99, p99.9 and max of a file, and their verdicts against the
 * baseline's (verdict.c: rtb_verdict_tail), with deadline misses. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "rtbench/err.h"
#include "rtbench/stats.h"
#include "host/compare/compare.h"
#include "host/compare/compare_int.h"

/* rtb_cmp_cell_tail_rounds - each round's p99, p99.9 and max, and its fraction of
 * samples over the deadline: from the samples where the file has them (in
 * run order, round after round, as the rounds' counts say), else p99 from
 * the rounds and p99.9 / max where the rounds carry them (histogram-mode
 * runs), else not known per round. A one-round file has its whole run as
 * its one round (untested). */
int rtb_cmp_cell_tail_rounds(struct rtb_cmp_cell *ce)
{
	const struct rtb_rf_metric *m = ce->m;
	size_t nr = m->nrounds ? m->nrounds : 1, k, t, off = 0;
	uint64_t sum = 0;
	int from_samples;

	for (k = 0; k < m->nrounds; k++)
		sum += m->rounds[k].count;
	from_samples = m->samples && m->nsamples == m->count && (!m->nrounds || sum == m->count);
	for (t = 0; t < RTB_CMP_NTAIL; t++) {
		ce->rt[t] = malloc(nr * sizeof(double));
		if (!ce->rt[t])
			return RTB_ENOMEM;
		ce->nrt[t] = nr;
	}
	if (from_samples && m->deadline_ns > 0) {
		ce->rmiss = malloc(nr * sizeof(double));
		if (!ce->rmiss)
			return RTB_ENOMEM;
		ce->nrmiss = nr;
	}
	if (from_samples) {
		int64_t *scratch = malloc((m->nsamples ? m->nsamples : 1) * sizeof(*scratch));
		if (!scratch)
			return RTB_ENOMEM;
		for (k = 0; k < nr; k++) {
			size_t n = m->nrounds ? (size_t)m->rounds[k].count : m->nsamples, j, over = 0;
			struct rtb_stats st;

			rtb_stats_compute(m->samples + off, n, scratch, &st);
			ce->rt[RTB_CMP_TAIL_P99][k] = (double)st.pct[2];
			ce->rt[RTB_CMP_TAIL_P999][k] = (double)st.pct[3];
			ce->rt[RTB_CMP_TAIL_MAX][k] = (double)st.max;
			for (j = 0; ce->rmiss && j < n; j++)
				over += m->samples[off + j] > m->deadline_ns;
			if (ce->rmiss)
				ce->rmiss[k] = n ? (double)over / (double)n : 0;
			off += n;
		}
		free(scratch);
		return 0;
	}
	if (!m->nrounds) {
		ce->rt[RTB_CMP_TAIL_P99][0] = (double)m->pct[2];
		ce->rt[RTB_CMP_TAIL_P999][0] = m->has_pct[3] ? (double)m->pct[3] : NAN;
		ce->rt[RTB_CMP_TAIL_MAX][0] = (double)m->max;
	}
	for (k = 0; k < m->nrounds; k++) {
		const struct rtb_rf_round *rd = &m->rounds[k];

		ce->rt[RTB_CMP_TAIL_P99][k] = (double)rd->p99;
		ce->rt[RTB_CMP_TAIL_P999][k] = rd->has_p999 ? (double)rd->p999 : NAN;
		ce->rt[RTB_CMP_TAIL_MAX][k] = rd->has_max ? (double)rd->max : NAN;
	}
	/* a statistic some round lacks is not known per round */
	for (t = 0; t < RTB_CMP_NTAIL; t++) {
		for (k = 0; k < nr && isfinite(ce->rt[t][k]); k++)
			;
		if (k < nr) {
			free(ce->rt[t]);
			ce->rt[t] = NULL;
			ce->nrt[t] = 0;
		}
	}
	return 0;
}

/* rtb_cmp_tail_verdicts - ce's tail against the baseline bc: each statistic
 * known per round on both sides is judged like the median; deadline misses
 * where both counted them against the same deadline. */
void rtb_cmp_tail_verdicts(const struct rtb_cmp *c, struct rtb_cmp_cell *ce,
			   const struct rtb_cmp_cell *bc)
{
	for (int t = 0; t < RTB_CMP_NTAIL; t++)
		ce->has_tv[t] = bc->rt[t] && ce->rt[t] &&
			rtb_verdict_tail(bc->rt[t], bc->nrt[t], ce->rt[t], ce->nrt[t], c->alpha,
					 &ce->tv[t]) == 0;
	ce->has_dv = bc->rmiss && ce->rmiss && bc->m->deadline_ns == ce->m->deadline_ns &&
		rtb_verdict_count(bc->rmiss, bc->nrmiss, ce->rmiss, ce->nrmiss, c->alpha,
				  &ce->dv) == 0;
}
