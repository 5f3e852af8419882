/* SPDX-License-Identifier: Apache-2.0 */
/* rng.h - the unit tests' random numbers, the same every run from the
 * test's own seed: xorshift64* (Marsaglia 2003, "Xorshift RNGs"; the
 * multiplier from Vigna 2016) as 53-bit uniforms in [0, 1), and standard
 * normals by the Box-Muller transform (Box and Muller 1958). */
#ifndef RTB_TEST_RNG_H
#define RTB_TEST_RNG_H

#include <math.h>
#include <stdint.h>

/* tu_unif - the next uniform in [0, 1) from state *s (never 0 itself) */
static inline double tu_unif(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return (double)((*s * 2685821657736338717ull) >> 11) * (1.0 / 9007199254740992.0);
}

/* tu_gauss - a standard normal from two uniforms of *s */
static inline double tu_gauss(uint64_t *s)
{
	double u = tu_unif(s), v = tu_unif(s);

	return sqrt(-2 * log(u > 1e-300 ? u : 1e-300)) * cos(2 * M_PI * v);
}

#endif
