/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - parsing of --duration, --interval and --cpus values. */
#include <stdio.h>
#include <string.h>
#include "rtbench/err.h"
#include "rtbench/longopt.h"

/* digits - a whole number of at most 18 digits at *p (advanced past it):
 * 0 and the value, or RTB_EINVAL (no digit, or too many to fit). */
static int digits(const char **p, int64_t *v)
{
	int64_t x = 0;
	int n = 0;

	while (**p >= '0' && **p <= '9') {
		if (++n > 18)
			return RTB_EINVAL;
		x = x * 10 + (**p - '0');
		(*p)++;
	}
	*v = x;
	return n ? 0 : RTB_EINVAL;
}

int rtb_parse_time_ns(const char *s, int64_t max_ns, int64_t *ns, char *err, size_t len)
{
	const char *p = s;
	int64_t v, unit;

	if (!s || !*s) {
		snprintf(err, len, "empty");
		return RTB_EINVAL;
	}
	if (*p == '-') {
		snprintf(err, len, "'%s' is negative", s);
		return RTB_EINVAL;
	}
	if (digits(&p, &v)) {
		snprintf(err, len, "'%s' is not a whole number with a unit (90s, 30m, 24h, 2d)", s);
		return RTB_EINVAL;
	}
	if (*p == '.' || *p == ',') {
		/* "1.5h" is a fraction the user meant, not "a unit rtbench
		 * does not know" (what it was told before) */
		snprintf(err, len, "'%s' is not a whole number: give whole seconds, minutes, hours or "
			 "days (90s, 30m, 24h, 2d)", s);
		return RTB_EINVAL;
	}
	switch (*p) {
	case '\0': case 's': unit = 1; break;
	case 'm': unit = 60; break;
	case 'h': unit = 3600; break;
	case 'd': unit = 86400; break;
	default: unit = 0;
	}
	if (!unit || (*p && p[1])) {
		snprintf(err, len, "'%s' has no unit rtbench knows (s, m, h, d: 90s, 30m, 24h, 2d)", s);
		return RTB_EINVAL;
	}
	if (v == 0) {
		snprintf(err, len, "'%s' is no time at all (at least 1s)", s);
		return RTB_EINVAL;
	}
	if (v > max_ns / 1000000000LL / unit) {
		snprintf(err, len, "'%s' is longer than the most rtbench measures (%lld days)", s,
			 (long long)(max_ns / 1000000000LL / 86400));
		return RTB_ERANGE;
	}
	*ns = v * unit * 1000000000LL;
	return 0;
}

/* rtb_parse_interval - the long run's interval, chosen or checked (see
 * rtbench/longopt.h). */
int rtb_parse_interval(int64_t duration_ns, int given, int64_t *interval_ns, int *grown,
		       char *err, size_t len)
{
	const int64_t s_ns = 1000000000LL;
	int64_t iv = *interval_ns, n;

	*grown = 0;
	if (!given) {
		/* a run of up to ten default intervals gets ten of whole
		 * seconds (at least 1 s), so compare and check have rounds to
		 * judge and a plot has points: a 60 s run 6 s ones, a 3 min
		 * run 18 s ones (before: one 60 s interval, "untested") */
		iv = duration_ns / 10 / s_ns * s_ns;
		if (iv < s_ns)
			iv = s_ns;
		if (iv > RTB_DEFAULT_INTERVAL_NS)
			iv = RTB_DEFAULT_INTERVAL_NS;
		if ((duration_ns + iv - 1) / iv > RTB_MAX_INTERVALS) {
			/* whole seconds, so ceil(duration / iv) <= the cap */
			iv = (duration_ns + RTB_MAX_INTERVALS * s_ns - 1) / (RTB_MAX_INTERVALS * s_ns) * s_ns;
			*grown = 1;
		}
		*interval_ns = iv;
		return 0;
	}
	if (iv <= 0 || iv > duration_ns) {
		snprintf(err, len, "longer than the --duration");
		return RTB_EINVAL;
	}
	n = (duration_ns + iv - 1) / iv;
	if (n > RTB_MAX_INTERVALS) {
		snprintf(err, len, "%lld s gives %lld intervals in the --duration; a run keeps at most %d "
			 "(its memory and result file do not grow with it): give %lld s or longer, or leave "
			 "--interval out", (long long)(iv / s_ns), (long long)n, RTB_MAX_INTERVALS,
			 (long long)((duration_ns + RTB_MAX_INTERVALS * s_ns - 1) / (RTB_MAX_INTERVALS * s_ns)));
		return RTB_EINVAL;
	}
	return 0;
}

/* rtb_parse_tests_cpus - "<id>@cpu<N>" items of --tests (see
 * rtbench/longopt.h). */
int rtb_parse_tests_cpus(const char *tests, char *out, size_t outlen, struct rtb_cpuset *cpus,
			 int *named, char *err, size_t len)
{
	enum { MAXI = 64 };
	struct { char id[64]; struct rtb_cpuset set; } ids[MAXI];
	int nids = 0, with = 0, without = 0;
	const char *p = tests;
	size_t ol = 0;

	memset(cpus, 0, sizeof(*cpus));
	*named = 0;
	if (outlen)
		out[0] = 0;
	while (p && *p) {
		size_t n = strcspn(p, ","), idn = n;
		const char *at = memchr(p, '@', n);
		int64_t cpu = -1;
		int k;

		if (at) {
			const char *q = at + 4;
			idn = (size_t)(at - p);
			if ((size_t)(at - p) + 4 > n || strncmp(at, "@cpu", 4) || digits(&q, &cpu) ||
			    q != p + n || cpu >= RTB_MAX_CPUS) {
				snprintf(err, len, "'%.*s' is not <id>@cpu<N> (a CPU's metric, N below %d)",
					 (int)(n < 80 ? n : 80), p, RTB_MAX_CPUS);
				return RTB_EINVAL;
			}
		}
		with += cpu >= 0;
		without += cpu < 0 && n > 0;
		for (k = 0; k < nids && (strlen(ids[k].id) != idn || strncmp(ids[k].id, p, idn)); k++)
			;
		if (n && k == nids) {
			if (nids == MAXI || idn >= sizeof(ids[0].id)) {
				snprintf(err, len, "too many items, or one too long");
				return RTB_EINVAL;
			}
			memcpy(ids[k].id, p, idn);
			ids[k].id[idn] = 0;
			memset(&ids[k].set, 0, sizeof(ids[k].set));
			nids++;
			ol += (size_t)snprintf(out + ol, ol < outlen ? outlen - ol : 0, "%s%s",
					       ol ? "," : "", ids[k].id);
		}
		if (cpu >= 0)
			ids[k].set.bits[cpu / 64] |= 1ull << (cpu % 64);
		p += n;
		if (*p == ',')
			p++;
	}
	if (ol >= outlen) {
		snprintf(err, len, "too long");
		return RTB_EINVAL;
	}
	if (!with)
		return 0;
	if (without) {
		snprintf(err, len, "some items name a CPU (<id>@cpu<N>) and some do not: the CPUs "
			 "apply to every measurement of the run, so name them in every item or in none "
			 "(--cpus)");
		return RTB_EINVAL;
	}
	for (int k = 1; k < nids; k++)
		if (memcmp(&ids[k].set, &ids[0].set, sizeof(ids[0].set))) {
			snprintf(err, len, "%s and %s name different CPUs: a run measures every selected "
				 "measurement on the same CPUs", ids[0].id, ids[k].id);
			return RTB_EINVAL;
		}
	*cpus = ids[0].set;
	*named = 1;
	return 0;
}
