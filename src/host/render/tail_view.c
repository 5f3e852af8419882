/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what both of `rtbench tail`'s formats read across the
 * files of one call (tail_view.h): a metric's analysis in another file,
 * and the rate's spread between the files' runs. */
#include <string.h>

#include "host/read/resultfile.h"
#include "host/render/tail_view.h"
#include "host/stats/tail.h"

const struct rtb_tail *rtb_render_tail_find(const struct rtb_tail_file *f, const char *id)
{
	for (size_t k = 0; k < f->nt; k++)
		if (!strcmp(f->t[k].m->id, id))
			return &f->t[k];
	return NULL;
}

size_t rtb_render_tail_spread(const struct rtb_tail_run *r, const struct rtb_tail *ta, size_t e, double *sp)
{
	double k[64], n[64];
	size_t m = 0, seen = 0;

	*sp = 0;
	for (size_t i = 0; i < r->nf && i < 64; i++) {
		const struct rtb_tail *tb = rtb_render_tail_find(&r->f[i], ta->m->id);
		if (!tb || e >= tb->nexc || tb->exc[e].thr_ns != ta->exc[e].thr_ns)
			continue;
		seen++;
		if (!tb->exc[e].k_lo)
			continue;
		/* a bracketed count at its middle (the buckets are 1.6% wide) */
		k[m] = ((double)tb->exc[e].k_lo + (double)tb->exc[e].k_hi) / 2;
		n[m] = (double)tb->exc[e].n;
		m++;
	}
	if (m < 2 || m < seen || rtb_tstat_run_spread(k, n, m, sp)) {
		*sp = seen >= 2 ? -1 : 0;
		return 0;
	}
	return m;
}
