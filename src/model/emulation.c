/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - parse and describe the emulation fingerprint
 * (include/rtbench/emulation.h). Strict: an unknown key, a repeated key, an
 * empty or out-of-range value or a character outside [A-Za-z0-9._+-] is
 * refused with one line naming it, because a mislabelled emulated result
 * would later be compared as if it were hardware. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/emulation.h"
#include "rtbench/err.h"

/* emu_fail - the one-line reason into err; RTB_EINVAL. */
static __attribute__((format(printf, 3, 4))) int emu_fail(char *err, size_t len,
							 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return RTB_EINVAL;
}

/* emu_int - the whole of s as an integer in [lo, hi]. */
static int emu_int(const char *s, long lo, long hi, int *v)
{
	char *end;
	long x;

	errno = 0;
	x = strtol(s, &end, 10);
	if (errno || end == s || *end || x < lo || x > hi)
		return RTB_EINVAL;
	*v = (int)x;
	return 0;
}

/* emu_token_ok - 1 if s is a plain token ([A-Za-z0-9._+-]): what an
 * emulator name or version may hold in the result. */
static int emu_token_ok(const char *s)
{
	for (; *s; s++) {
		char c = *s;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '+' || c == '-'))
			return 0;
	}
	return 1;
}

/* rtb_emulation_parse - see emulation.h. */
int rtb_emulation_parse(const char *s, struct rtb_emulation *e, char *err, size_t errlen)
{
	static const char *const keys[] = {
		"emulator", "version", "machine", "icount_shift", "vcpus", "accel",
	};
	char buf[512], *save = NULL;
	unsigned seen = 0;

	memset(e, 0, sizeof(*e));
	e->icount_shift = -1;
	if (!s || !*s)
		return emu_fail(err, errlen, "--emulation: empty; give 'emulator=NAME,icount_shift=N,...'");
	if (strlen(s) >= sizeof(buf))
		return emu_fail(err, errlen, "--emulation: longer than %zu characters", sizeof(buf) - 1);
	memcpy(buf, s, strlen(s) + 1);
	if (buf[0] == ',' || buf[strlen(buf) - 1] == ',' || strstr(buf, ",,"))
		return emu_fail(err, errlen, "--emulation: '%s' has an empty item", s);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *v = strchr(t, '=');
		size_t k;

		if (!v)
			return emu_fail(err, errlen, "--emulation: '%s' is not key=value", t);
		*v++ = 0;
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (!strcmp(t, keys[k]))
				break;
		if (k == sizeof(keys) / sizeof(keys[0]))
			return emu_fail(err, errlen, "--emulation: unknown key '%s' (emulator, version, "
					"machine, icount_shift, vcpus, accel)", t);
		if (seen & (1u << k))
			return emu_fail(err, errlen, "--emulation: key '%s' given twice", t);
		seen |= 1u << k;
		if (!*v || !emu_token_ok(v))
			return emu_fail(err, errlen, "--emulation: %s='%s': give 1 or more of "
					"A-Z a-z 0-9 . _ + -", t, v);
		switch (k) {
		case 0: case 1: case 2: case 5: {
			char *dst = k == 0 ? e->emulator : k == 1 ? e->version :
				    k == 2 ? e->machine : e->accel;
			size_t cap = k == 0 ? sizeof(e->emulator) : k == 1 ? sizeof(e->version) :
				     k == 2 ? sizeof(e->machine) : sizeof(e->accel);
			if (strlen(v) >= cap)
				return emu_fail(err, errlen, "--emulation: %s='%s' is longer than %zu characters",
						t, v, cap - 1);
			memcpy(dst, v, strlen(v) + 1);
			break;
		}
		case 3:
			if (emu_int(v, -1, 20, &e->icount_shift))
				return emu_fail(err, errlen, "--emulation: icount_shift='%s' is not -1 (no icount) "
						"or a whole number from 0 to 20", v);
			break;
		case 4:
			if (emu_int(v, 1, 4096, &e->vcpus))
				return emu_fail(err, errlen, "--emulation: vcpus='%s' is not a whole number "
						"from 1 to 4096", v);
			break;
		}
	}
	if (!(seen & 1u))
		return emu_fail(err, errlen, "--emulation: 'emulator=NAME' is required");
	e->present = 1;
	return 0;
}

/* rtb_emulation_line - the EMULATED sentence, or "". */
const char *rtb_emulation_line(const struct rtb_emulation *e, char *buf, size_t len)
{
	if (!len)
		return buf;
	buf[0] = 0;
	if (!e || !e->present)
		return buf;
	if (e->icount_shift >= 0)
		snprintf(buf, len, RTB_EMULATED_FMT, e->icount_shift);
	else
		snprintf(buf, len, "%s", RTB_EMULATED_NOICOUNT);
	return buf;
}
