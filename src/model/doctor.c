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
