/* SPDX-License-Identifier: Apache-2.0 */
/* tail_fit - rtbench's generalized Pareto maximum likelihood (src/host/
 * tail_gpd.c) on exact exceedances read from stdin (one per line, > 0),
 * for bench/tail_scipy.py to hold against scipy's genpareto.fit on the same
 * values. Prints "sigma xi nll". Built by bench/tail_scipy.py:
 *   cc -O2 -Isrc -Iinclude bench/tail_fit.c build/librtbench.a -ljansson -lm */
#include <stdio.h>
#include <stdlib.h>

#include "host/stats/tail.h"

int main(void)
{
	size_t n = 0, cap = 1024;
	double *y = malloc(cap * sizeof(*y)), v;
	struct rtb_gpd_data d = { 0 };
	struct rtb_gpd_fit f;

	while (y && scanf("%lf", &v) == 1) {
		if (n == cap && !(y = realloc(y, (cap *= 2) * sizeof(*y))))
			break;
		y[n++] = v;
	}
	if (!y || !n)
		return 2;
	d.y = y;
	d.ny = n;
	if (rtb_gpd_mle(&d, 0, &f))
		return 1;
	printf("%.10g %.10g %.10g\n", f.sigma, f.xi, f.nll);
	free(y);
	return 0;
}
