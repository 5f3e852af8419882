/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the port-neutral half of `rtbench doctor` (rtbench/doctor.h):
 * findings, CPU lists, and the text every finding prints as. The checks
 * themselves are the port's (Linux: src/port/posix/doctor.c). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/doctor.h"
#include "rtbench/err.h"
#include "rtbench/escape.h"

/* rtb_doc_verdict_name - "ok", "weakens" or "unknown" (JSON and text). */
const char *rtb_doc_verdict_name(enum rtb_doc_verdict v)
{
	switch (v) {
	case RTB_DOC_OK: return "ok";
	case RTB_DOC_WEAKENS: return "weakens";
	case RTB_DOC_UNKNOWN: return "unknown";
	}
	return "?";
}

/* rtb_doc_add - append one finding; `read` is what the check read, and is
 * escaped here (it quotes files), as are why and fix (they may too). */
struct rtb_finding *rtb_doc_add(struct rtb_doctor *d, const char *check, enum rtb_doc_verdict v,
				const char *why, const char *fix, const char *read_fmt, ...)
{
	struct rtb_finding *f;
	va_list ap;

	if (d->n >= RTB_MAX_FINDINGS)
		return NULL;
	f = &d->f[d->n++];
	memset(f, 0, sizeof(*f));
	snprintf(f->check, sizeof(f->check), "%s", check);
	f->verdict = (uint8_t)v;
	va_start(ap, read_fmt);
	vsnprintf(f->read, sizeof(f->read), read_fmt, ap);
	va_end(ap);
	snprintf(f->why, sizeof(f->why), "%s", why ? why : "");
	snprintf(f->fix, sizeof(f->fix), "%s", fix && v != RTB_DOC_OK ? fix : "");
	rtb_esc_in_place(f->read, sizeof(f->read));
	rtb_esc_in_place(f->why, sizeof(f->why));
	rtb_esc_in_place(f->fix, sizeof(f->fix));
	d->weakens += v == RTB_DOC_WEAKENS;
	d->unknown += v == RTB_DOC_UNKNOWN;
	return f;
}

/* number - a decimal CPU number at *p (advanced past it), or -1. */
static long number(const char **p)
{
	long v = 0;
	int n = 0;

	while (**p >= '0' && **p <= '9' && n < 6) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n && !(**p >= '0' && **p <= '9') ? v : -1;
}

int rtb_doc_cpulist_any(const char *s, uint64_t *mask, long *beyond)
{
	uint64_t m = 0;
	const char *p = s;
	long over = 0;

	if (!s || !*s)
		return RTB_EINVAL;
	for (;;) {
		long a = number(&p), b = a;
		if (a < 0)
			return RTB_EINVAL;
		if (*p == '-') {
			p++;
			if ((b = number(&p)) < a)
				return RTB_EINVAL;
		}
		for (long c = a; c <= b && c < 64; c++)
			m |= 1ull << c;
		if (b > 63)
			over += b - (a > 64 ? a : 64) + 1;
		if (*p == '\n' || !*p)
			break;
		if (*p++ != ',')
			return RTB_EINVAL;
	}
	*mask = m;
	if (beyond)
		*beyond = over;
	return 0;
}

int rtb_doc_cpulist(const char *s, uint64_t *mask)
{
	long beyond;
	int rc = rtb_doc_cpulist_any(s, mask, &beyond);

	return rc ? rc : beyond ? RTB_ERANGE : 0;
}

void rtb_doc_cpulist_str(uint64_t mask, char *out, size_t len)
{
	size_t l = 0;

	out[0] = '\0';
	for (int c = 0; c < 64 && l + 1 < len; c++) {
		if (!(mask >> c & 1))
			continue;
		int e = c;
		while (e < 63 && (mask >> (e + 1) & 1))
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
