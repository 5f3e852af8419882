/* SPDX-License-Identifier: Apache-2.0 */
/* check.h - minimal assertions for rtbench's test programs.
 *
 * Each test program is one process: exit 0 = pass, 77 = skip (with the
 * reason on stdout), anything else = fail. tests/run.sh runs them. */
#ifndef RTB_CHECK_H
#define RTB_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
		check_failures++; \
	} } while (0)

#define CHECK_EQ_I(a, b) do { \
	long long check_a_ = (long long)(a), check_b_ = (long long)(b); \
	if (check_a_ != check_b_) { \
		fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld != %lld)\n", \
			__FILE__, __LINE__, #a, #b, check_a_, check_b_); \
		check_failures++; \
	} } while (0)

#define CHECK_NEAR(a, b, tol) do { \
	double check_a_ = (double)(a), check_b_ = (double)(b); \
	if (!(check_a_ - check_b_ <= (tol) && check_b_ - check_a_ <= (tol))) { \
		fprintf(stderr, "%s:%d: CHECK failed: %s ~= %s (%g vs %g, tol %g)\n", \
			__FILE__, __LINE__, #a, #b, check_a_, check_b_, (double)(tol)); \
		check_failures++; \
	} } while (0)

#define CHECK_STR(a, b) do { \
	const char *check_a_ = (a), *check_b_ = (b); \
	if (strcmp(check_a_, check_b_) != 0) { \
		fprintf(stderr, "%s:%d: CHECK failed: %s == %s (\"%s\" vs \"%s\")\n", \
			__FILE__, __LINE__, #a, #b, check_a_, check_b_); \
		check_failures++; \
	} } while (0)

#define SKIP(...) do { printf("SKIP: " __VA_ARGS__); printf("\n"); exit(77); } while (0)

static inline int check_done(void)
{
	return check_failures ? 1 : 0;
}

#endif
