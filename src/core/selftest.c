/* rtbench core - selftest: a known-answer check of every measured path.
 *
 * For each injectable measurement, a busy delay of known length (a spin on
 * the calibrated counter) is placed inside the measured interval, and the
 * median must rise by that delay. Baseline and injected passes alternate
 * (A B A B A B) so drift of a noisy host hits both alike; the shift is the
 * median of the per-round shifts (injected median - baseline median of the
 * same round), so a slow drift across rounds cancels. A measurement whose
 * median does not move by the delay is not measuring the path it claims:
 * the check fails and the command exits 1.
 * Tolerance: max(TOL_MIN_NS, TOL_FRAC * delay, the spread of the baseline
 * medians across rounds), stated in the output: a shift cannot be resolved
 * more finely than the measurement reproduces its own median. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/cli.h"
#include "core/run.h"
#include "core/selftest.h"
#include "rtbench/err.h"

#define ROUNDS 3
#define TOL_MIN_NS 300
#define TOL_FRAC 0.10
#define DEFAULT_SAMPLES 2000
#define DEFAULT_SAMPLES_PI 100

struct pool {
	int64_t *v;
	size_t n;
};

static int pool_add(struct pool *p, const struct rtb_metric *m)
{
	int64_t *nv = realloc(p->v, (p->n + m->count + 1) * sizeof(*nv));
	if (!nv)
		return RTB_ENOMEM;
	p->v = nv;
	memcpy(p->v + p->n, m->samples, m->count * sizeof(*nv));
	p->n += m->count;
	return 0;
}

static int64_t pool_median(struct pool *p)
{
	if (!p->n)
		return 0;
	rtb_stats_sort(p->v, p->n);
	return rtb_stats_percentile_sorted(p->v, p->n, 50.0);
}

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

/* one_pass - run b once with inject_ns; add the checked metric's samples. */
static int one_pass(struct rtb_ctx *c, struct rtb_opts *o, const struct rtb_bench *b,
		    int64_t inject_ns, struct pool *p, const char **why)
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
	if (!rc && (!m || m->status == RTB_STATUS_SKIPPED || m->status == RTB_STATUS_FAILED || !m->count)) {
		*why = m && m->note[0] ? "measurement skipped or failed" : "no samples";
		rc = RTB_ENOTSUP;
	}
	if (!rc)
		rc = pool_add(p, m);
	rtb_result_free(&tmp);
	return rc;
}

/* rtb_selftest - run the check; returns the exit status (0 pass, 1 fail). */
int rtb_selftest(struct rtb_cli *cl, const char *command_line)
{
	struct rtb_result res;
	struct rtb_ctx c;
	struct rtb_opts o = cl->o;
	int failed = 0, checked = 0;
	int rc;

	memset(&res, 0, sizeof(res));
	rc = rtb_run_setup(&o, command_line, &res, &c);
	if (rc) {
		fprintf(stderr, "rtbench selftest: set-up failed: %s\n", rtb_strerror(rc));
		return 1;
	}
	printf("rtbench selftest: a known busy delay inside each measured path must raise the median by that delay\n");
	printf("(%d rounds of baseline and injected passes, interleaved; shift = median of the per-round\n"
	       " shifts of the median; tolerance max(%.1f us, %.0f%% of the delay, spread of the baseline\n"
	       " medians across rounds))\n",
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
		if (cl->o.samples <= 0)
			o.samples = b->needs_rt ? DEFAULT_SAMPLES_PI : DEFAULT_SAMPLES;
		if (!o.quiet)
			fprintf(stderr, "rtbench selftest: %s ...\n", b->id);
		struct pool base[ROUNDS], inj[ROUNDS][RTB_MAX_DELAYS];
		const char *why = NULL;
		memset(base, 0, sizeof(base));
		memset(inj, 0, sizeof(inj));
		for (int r = 0; r < ROUNDS && !rc; r++) {
			rc = one_pass(&c, &o, b, 0, &base[r], &why);
			for (int d = 0; d < cl->ndelays && !rc; d++)
				rc = one_pass(&c, &o, b, cl->delays_ns[d], &inj[r][d], &why);
		}
		if (rc) {
			printf("%-32s %9s  FAIL: %s\n", mid, "-", why ? why : rtb_strerror(rc));
			failed++;
			rc = 0;
		} else {
			int64_t m0r[ROUNDS];
			for (int r = 0; r < ROUNDS; r++)
				m0r[r] = pool_median(&base[r]);
			int64_t m0 = median3(m0r), lo = m0r[0], hi = m0r[0];
			for (int r = 1; r < ROUNDS; r++) {
				lo = m0r[r] < lo ? m0r[r] : lo;
				hi = m0r[r] > hi ? m0r[r] : hi;
			}
			for (int d = 0; d < cl->ndelays; d++) {
				int64_t m1r[ROUNDS], sh[ROUNDS];
				for (int r = 0; r < ROUNDS; r++) {
					m1r[r] = pool_median(&inj[r][d]);
					sh[r] = m1r[r] - m0r[r];
				}
				int64_t m1 = median3(m1r);
				int64_t shift = median3(sh), want = cl->delays_ns[d];
				double tol = (double)want * TOL_FRAC;
				if (tol < TOL_MIN_NS)
					tol = TOL_MIN_NS;
				if (tol < (double)(hi - lo))
					tol = (double)(hi - lo);
				int ok = (double)llabs(shift - want) <= tol;
				printf("%-32s %9.3f %12.3f %12.3f %9.3f %9.3f  %s\n", d ? "" : mid,
				       want / 1000.0, m0 / 1000.0, m1 / 1000.0, shift / 1000.0, tol / 1000.0,
				       ok ? "pass" : "FAIL");
				checked++;
				failed += !ok;
			}
		}
		for (int r = 0; r < ROUNDS; r++) {
			free(base[r].v);
			for (int d = 0; d < cl->ndelays; d++)
				free(inj[r][d].v);
		}
	}
	rtb_run_teardown(&c);
	if (res.set.stopped_early)
		printf("stopped early: not every measurement was checked\n");
	printf("\n%d checks, %d failed: %s\n", checked, failed,
	       failed || res.set.stopped_early ? "do not trust the failing figures on this platform" : "every measured path responds to a known delay by that delay");
	rtb_result_free(&res);
	return failed || res.set.stopped_early ? 1 : 0;
}
