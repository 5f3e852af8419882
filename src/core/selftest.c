/* rtbench core - selftest: a known-answer check of every measured path.
 *
 * For each injectable measurement, a busy delay of known length (a spin on
 * the calibrated counter) is placed inside the measured interval of every
 * other sample (rtb_inject: odd sample indexes), so baseline and injected
 * samples alternate one by one (A B A B ...) and a drifting host moves both
 * alike. The injected median must exceed the baseline median by the delay.
 * Each delay is measured in ROUNDS passes; the reported shift is the median
 * of the per-pass shifts. A measurement whose median does not move by the
 * delay is not measuring the path it claims: the check fails and the
 * command exits 1.
 * Tolerance: max(TOL_MIN_NS, TOL_FRAC * delay, 3 standard errors of the
 * shift), stated in the output. The standard error comes from the baseline's
 * own spread (normal approximation: SE(median) = 1.2533 sigma / sqrt(n),
 * sigma = IQR / 1.349), for the difference of two halves, over ROUNDS
 * passes. A delay smaller than twice the tolerance cannot be resolved on
 * this path: it is reported "unresolved" and neither passes nor fails. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/run.h"
#include "core/selftest.h"
#include "core/watchdog.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"

#define ROUNDS 3
#define TOL_MIN_NS 300
#define TOL_FRAC 0.10
#define DEFAULT_SAMPLES 2000
#define DEFAULT_SAMPLES_PI 100

_Static_assert(ROUNDS == 3, "median3 takes three rounds");

/* median3 - median of the three rounds. */
static int64_t median3(const int64_t v[ROUNDS])
{
	int64_t a = v[0], b = v[1], c = v[2];
	if (a > b) { int64_t t = a; a = b; b = t; }
	if (b > c) { int64_t t = b; b = c; c = t; }
	if (a > b) { int64_t t = a; a = b; b = t; }
	return b;
}

struct half {
	int64_t median;
	double se;     /* standard error of the median (normal approximation) */
};

/* parity_half - the samples at even (odd = 0) or odd indexes. */
static struct half parity_half(const struct rtb_metric *m, int odd, int64_t *scratch)
{
	struct half h;
	size_t n = 0;

	for (size_t i = (size_t)odd; i < m->count; i += 2)
		scratch[n++] = m->samples[i];
	rtb_stats_sort(scratch, n);
	h.median = rtb_stats_percentile_sorted(scratch, n, 50.0);
	double iqr = (double)(rtb_stats_percentile_sorted(scratch, n, 75.0) -
			      rtb_stats_percentile_sorted(scratch, n, 25.0));
	h.se = 1.2533 * (iqr / 1.349) / sqrt((double)n);
	return h;
}

/* one_pass - run b once with inject_ns on odd samples: medians of both. */
static int one_pass(struct rtb_ctx *c, struct rtb_opts *o, const struct rtb_bench *b,
		    int64_t inject_ns, struct half *base, struct half *inj, const char **why)
{
	struct rtb_result tmp;
	struct rtb_result *keep = c->res;
	const char *mid = b->selftest_metric ? b->selftest_metric : b->id;
	int rc;

	memset(&tmp, 0, sizeof(tmp));
	tmp.clock = keep->clock;
	c->res = &tmp;
	o->inject_ns = inject_ns;
	rc = rtb_run_bench(c, b);
	c->res = keep;
	o->inject_ns = 0;
	struct rtb_metric *m = rtb_metric_find(&tmp, mid);
	if (!rc && (!m || m->status == RTB_STATUS_SKIPPED || m->status == RTB_STATUS_FAILED || m->count < 4)) {
		*why = "measurement skipped, failed or stopped";
		rc = RTB_ENOTSUP;
	}
	if (!rc) {
		int64_t *scratch = rtb_alloc(m->count * sizeof(*scratch));
		if (!scratch) {
			rc = RTB_ENOMEM;
		} else {
			*base = parity_half(m, 0, scratch);
			*inj = parity_half(m, 1, scratch);
			rtb_free(scratch);
		}
	}
	rtb_result_free(&tmp);
	return rc;
}

/* check_bench - every delay for one benchmark; returns the failures. */
static int check_bench(struct rtb_ctx *c, struct rtb_opts *o,
		       const struct rtb_bench *b, int *checked)
{
	const char *mid = b->selftest_metric ? b->selftest_metric : b->id;
	int failed = 0;

	for (int d = 0; d < o->ndelays && !rtb_stopped(c); d++) {
		int64_t base[ROUNDS], inj[ROUNDS], sh[ROUNDS];
		const int64_t want = o->delays_ns[d];
		const char *why = NULL;
		double var = 0;
		int rc = 0;

		for (int r = 0; r < ROUNDS && !rc; r++) {
			struct half hb, hi;
			rc = one_pass(c, o, b, want, &hb, &hi, &why);
			base[r] = hb.median;
			inj[r] = hi.median;
			sh[r] = inj[r] - base[r];
			var += 2 * hb.se * hb.se; /* both halves spread like the baseline */
		}
		if (rc) {
			printf("%-32s %9.3f  FAIL: %s\n", d ? "" : mid, want / 1000.0,
			       why ? why : rtb_strerror(rc));
			failed++;
			break;
		}
		int64_t shift = median3(sh);
		/* the median of three shifts: ~1.2x the standard error of their mean */
		double tol = (double)want * TOL_FRAC, se3 = 3.0 * 1.2 * sqrt(var) / ROUNDS;
		if (tol < TOL_MIN_NS)
			tol = TOL_MIN_NS;
		if (tol < se3)
			tol = se3;
		int resolved = 2.0 * tol <= (double)want;
		int ok = (double)llabs(shift - want) <= tol;
		printf("%-32s %9.3f %12.3f %12.3f %9.3f %9.3f  %s\n", d ? "" : mid, want / 1000.0,
		       median3(base) / 1000.0, median3(inj) / 1000.0, shift / 1000.0, tol / 1000.0,
		       !resolved ? "unresolved (noise)" : ok ? "pass" : "FAIL");
		if (resolved) {
			(*checked)++;
			failed += !ok;
		}
	}
	return failed;
}

/* rtb_selftest - run the check; returns the exit status (0 pass, 1 fail). */
int rtb_selftest(const struct rtb_opts *opts, const char *command_line)
{
	struct rtb_result res;
	struct rtb_ctx c;
	struct rtb_opts o = *opts;
	int failed = 0, checked = 0;
	int rc;

	memset(&res, 0, sizeof(res));
	rc = rtb_run_setup(&o, command_line, &res, &c);
	if (rc == RTB_EBUSY)
		return 2; /* the line naming the holder is printed */
	if (rc == RTB_EINTR)
		return 128 + rtb_wd_signal();
	if (rc) {
		fprintf(stderr, "rtbench selftest: set-up failed: %s\n", rtb_strerror(rc));
		return 1;
	}
	printf("rtbench selftest: a known busy delay inside each measured path must raise the median by that delay\n"
	       "(injected into every other sample, so baseline and injected samples alternate; %d passes per\n"
	       " delay, shift = median of the passes' shifts; tolerance max(%.1f us, %.0f%% of the delay,\n"
	       " 3 standard errors of the shift); a delay below twice its tolerance is unresolved)\n",
	       ROUNDS, TOL_MIN_NS / 1000.0, TOL_FRAC * 100);
	for (int i = 0; i < res.nwarnings; i++)
		printf("WARNING: %s\n", res.warnings[i]);
	printf("\n%-32s %9s %12s %12s %9s %9s  %s\n", "measurement", "injected", "baseline p50",
	       "injected p50", "shift", "tolerance", "verdict");
	for (size_t i = 0; i < rtb_nbenches && !rtb_stopped(&c); i++) {
		const struct rtb_bench *b = rtb_benches[i];
		const char *mid = b->selftest_metric ? b->selftest_metric : b->id;
		if (!rtb_bench_selected(b, o.tests))
			continue;
		if (!b->injectable) {
			printf("%-32s %9s  not injectable: %s\n", mid, "-",
			       b->not_injectable_why ? b->not_injectable_why : "no measured code path");
			continue;
		}
		if (b->needs_rt && !c.rt) {
			printf("%-32s %9s  skipped: needs real-time priorities\n", mid, "-");
			continue;
		}
		if (opts->samples <= 0)
			o.samples = 2 * (b->needs_rt ? DEFAULT_SAMPLES_PI : DEFAULT_SAMPLES);
		if (!o.quiet)
			fprintf(stderr, "rtbench selftest: %s ...\n", b->id);
		failed += check_bench(&c, &o, b, &checked);
	}
	rtb_run_teardown(&c);
	if (res.set.stopped_early)
		printf("stopped early: not every measurement was checked\n");
	printf("\n%d checks, %d failed: %s\n", checked, failed,
	       failed || res.set.stopped_early ? "do not trust the failing figures on this platform"
					       : "every measured path responds to a known delay by that delay");
	rtb_result_free(&res);
	return failed || res.set.stopped_early ? 1 : 0;
}
