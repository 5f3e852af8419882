/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the special functions behind the statistics: the
 * regularized incomplete gamma and beta functions, and the one
 * continued-fraction evaluator both use.
 *
 * Written from the definitions in the NIST Digital Library of Mathematical
 * Functions (DLMF, https://dlmf.nist.gov), cited by equation number at each
 * function: the series 8.7.1 and the continued fraction 8.9.2 for the
 * incomplete gamma, the continued fraction of section 8.17(v) for the
 * incomplete beta, Stirling's series 5.11.1 for the log-gamma function's
 * remainder. Continued fractions are evaluated forwards by the modified
 * Lentz method (W. J. Lentz, Appl. Opt. 15 (1976) 668; I. J. Thompson and
 * A. R. Barnett, J. Comput. Phys. 64 (1986) 490).
 *
 * Everything here is a pure function of its arguments; test_special checks
 * it against values from scipy.special and mpmath (tests/data/gen_special.py),
 * well into the tails. */
#ifndef RTB_HOST_SPECIAL_H
#define RTB_HOST_SPECIAL_H

/* rtb_spec_cf_terms - writes the n-th partial numerator *an and partial
 * denominator *bn (n >= 1) of a continued fraction; arg is the caller's. */
typedef void rtb_spec_cf_terms(unsigned long n, const void *arg, double *an, double *bn);

/* rtb_spec_cfrac - the value of b0 + a1/(b1 + a2/(b2 + ...)) into *value,
 * the terms given by terms(n, arg, ...), evaluated forwards (modified
 * Lentz) until a term changes the value by less than the double precision
 * (DBL_EPSILON relative) or max_terms terms were used. Returns 0, or
 * RTB_ERANGE when it had not converged by then (*value holds the last
 * approximant) or an approximant was not finite. */
int rtb_spec_cfrac(double b0, rtb_spec_cf_terms *terms, const void *arg,
		   unsigned long max_terms, double *value);

/* rtb_spec_gamma_p - the regularized lower incomplete gamma function
 * P(a, x) = gamma(a, x) / Gamma(a), a > 0, x >= 0 (NAN otherwise): the
 * chi-square and Poisson distribution functions. */
double rtb_spec_gamma_p(double a, double x);
/* rtb_spec_gamma_q - its complement Q(a, x) = 1 - P(a, x), computed
 * directly where it is small (no 1 - P cancellation). */
double rtb_spec_gamma_q(double a, double x);

/* rtb_spec_beta_i - the regularized incomplete beta function I_x(a, b),
 * a, b > 0, 0 <= x <= 1 (NAN otherwise): Student's t, the binomial and
 * the negative binomial distribution functions. */
double rtb_spec_beta_i(double a, double b, double x);

#endif
