/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the one CPU-list parser and the set it fills
 * (rtbench/cpuset.h). The doctor had its own (64-bit masks: a 128-CPU
 * machine's CPUs 64-127 were not judged and not said) beside --cpus's;
 * now both, and every list the system gives, come through here. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/cpuset.h"
#include "rtbench/err.h"

int rtb_cpuset_count(const struct rtb_cpuset *s)
{
	int n = 0;

	for (int i = 0; i < RTB_CPUSET_WORDS; i++)
		n += __builtin_popcountll(s->bits[i]);
	return n;
}

int rtb_cpuset_first(const struct rtb_cpuset *s)
{
	for (int i = 0; i < RTB_CPUSET_WORDS; i++)
		if (s->bits[i])
			return i * 64 + __builtin_ctzll(s->bits[i]);
	return -1;
}

int rtb_cpuset_last(const struct rtb_cpuset *s)
{
	for (int i = RTB_CPUSET_WORDS - 1; i >= 0; i--)
		if (s->bits[i])
			return i * 64 + 63 - __builtin_clzll(s->bits[i]);
	return -1;
}

void rtb_cpuset_and(struct rtb_cpuset *out, const struct rtb_cpuset *a, const struct rtb_cpuset *b)
{
	for (int i = 0; i < RTB_CPUSET_WORDS; i++)
		out->bits[i] = a->bits[i] & b->bits[i];
}

void rtb_cpuset_andnot(struct rtb_cpuset *out, const struct rtb_cpuset *a, const struct rtb_cpuset *b)
{
	for (int i = 0; i < RTB_CPUSET_WORDS; i++)
		out->bits[i] = a->bits[i] & ~b->bits[i];
}

int rtb_cpuset_subset(const struct rtb_cpuset *a, const struct rtb_cpuset *b)
{
	for (int i = 0; i < RTB_CPUSET_WORDS; i++)
		if (a->bits[i] & ~b->bits[i])
			return 0;
	return 1;
}

/* number - a CPU number of at most 9 digits at *p (advanced past it): 0
 * and the value, or -1 (no digit, or too many). */
static int number(const char **p, long *v)
{
	long x = 0;
	int n = 0;

	while (**p >= '0' && **p <= '9') {
		if (++n > 9)
			return -1;
		x = x * 10 + (**p - '0');
		(*p)++;
	}
	*v = x;
	return n ? 0 : -1;
}

/* bad - why into err (when given); RTB_EINVAL */
static __attribute__((format(printf, 3, 4))) int bad(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (err && len) {
		va_start(ap, fmt);
		vsnprintf(err, len, fmt, ap);
		va_end(ap);
	}
	return RTB_EINVAL;
}

int rtb_cpuset_parse(const char *s, struct rtb_cpuset *out, long *beyond, char *err, size_t len)
{
	const char *p = s;
	long over = 0;

	memset(out, 0, sizeof(*out));
	if (beyond)
		*beyond = 0;
	if (!s || !*s || *s == '\n')
		return bad(err, len, "empty list");
	for (;;) {
		long a, b;
		if (number(&p, &a))
			return bad(err, len, "'%s' is not a CPU list (all, 1-3, 0,2)", s);
		b = a;
		if (*p == '-') {
			p++;
			if (number(&p, &b))
				return bad(err, len, "'%s' is not a CPU list (all, 1-3, 0,2)", s);
			if (b < a)
				return bad(err, len, "'%s': the range %ld-%ld is reversed", s, a, b);
		}
		for (long c = a; c <= b && c < RTB_MAX_CPUS; c++)
			out->bits[c / 64] |= 1ull << (c % 64);
		if (b >= RTB_MAX_CPUS)
			over += b - (a > RTB_MAX_CPUS ? a : RTB_MAX_CPUS) + 1;
		if (!*p || (*p == '\n' && !p[1]))
			break;
		if (*p != ',')
			return bad(err, len, "'%s' is not a CPU list (all, 1-3, 0,2)", s);
		p++;
		if (!*p || *p == ',' || *p == '\n')
			return bad(err, len, "'%s' has an empty item", s);
	}
	if (beyond)
		*beyond = over;
	return 0;
}

int rtb_parse_cpulist(const char *s, struct rtb_cpuset *out, char *err, size_t len)
{
	long beyond;
	int rc = rtb_cpuset_parse(s, out, &beyond, err, len);

	if (!rc && beyond)
		return bad(err, len, "'%s' names a CPU above %d (the most rtbench measures)", s,
			   RTB_MAX_CPUS - 1);
	return rc;
}

void rtb_cpuset_str(const struct rtb_cpuset *s, char *out, size_t len)
{
	size_t l = 0;

	if (!len)
		return;
	out[0] = '\0';
	for (int c = 0; c < RTB_MAX_CPUS && l + 1 < len; c++) {
		if (!rtb_cpuset_has(s, c))
			continue;
		int e = c;
		while (e + 1 < RTB_MAX_CPUS && rtb_cpuset_has(s, e + 1))
			e++;
		int w = e > c ? snprintf(out + l, len - l, "%s%d-%d", l ? "," : "", c, e)
			      : snprintf(out + l, len - l, "%s%d", l ? "," : "", c);
		if (w < 0)
			break;
		l += (size_t)w;
		c = e;
	}
	if (l >= len)
		out[len - 1] = '\0';
}
