/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_resultfile - libFuzzer target for the result-file reader and the
 * renderers that show what it accepts.
 *
 * Parses the input as a result file; a refusal must be one non-empty line.
 * When it loads, also builds the comparison of the file against itself
 * (distributions from samples or histogram, verdicts, notes, summary), so
 * the code that trusts the validated structure is exercised with whatever
 * the validator let through, and renders that comparison as compare's text
 * and report's HTML: the text may hold no control byte but the newline
 * (strings from files are escaped: a file must not drive the terminal), the page no script but the
 * two it ships (every string from the file is escaped).
 * Build and run: make fuzz (clang -fsanitize=fuzzer,address,undefined). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "host/compare/compare.h"
#include "host/render/render.h"
#include "host/read/resultfile.h"
#include "host/cmd/runner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t count(const char *s, size_t len, const char *what)
{
	size_t n = 0, wl = strlen(what);

	for (size_t i = 0; i + wl <= len; i++)
		if (!memcmp(s + i, what, wl))
			n++;
	return n;
}

static void render_both(struct rtb_cmp *c, struct rtb_rf *f)
{
	struct rtb_host h;
	struct rtb_sb b;

	memset(&h, 0, sizeof(h));
	h.files = f;
	h.nfiles = 2;
	h.cmp = *c;
	h.have_cmp = 1;
	h.alpha = 0.01;

	memset(&b, 0, sizeof(b));
	if (rtb_render_text.render(&b, &h) == 0 && !b.failed) {
		for (size_t i = 0; i < b.len; i++) {
			unsigned char ch = (unsigned char)b.s[i];
			if ((ch < 0x20 && ch != '\n') || ch == 0x7f)
				__builtin_trap(); /* a control byte reached the terminal text */
		}
	}
	rtb_sb_free(&b);

	memset(&b, 0, sizeof(b));
	if (rtb_render_html.render(&b, &h) == 0 && !b.failed) {
		if (count(b.s, b.len, "<script") != 2 || count(b.s, b.len, "<img") != 0 ||
		    memchr(b.s, 0, b.len))
			__builtin_trap(); /* markup from the file became markup */
	}
	rtb_sb_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rtb_rf f[2];
	struct rtb_cmp c;
	char err[320];

	if (rtb_rf_parse((const char *)data, size, "fuzz.json", &f[0], err, sizeof(err))) {
		/* a refusal is one line of printable text */
		if (!err[0] || strchr(err, '\n') || strchr(err, '\r') || strchr(err, '\x1b'))
			__builtin_trap();
		return 0;
	}
	if (rtb_rf_parse((const char *)data, size, "fuzz2.json", &f[1], err, sizeof(err)) == 0) {
		if (rtb_cmp_build(&c, f, 2, 0.01) == 0) {
			/* every compared metric has its own figures */
			size_t k;

			for (k = 0; k < c.nmetrics; k++) {
				if (c.metrics[k].summary == NULL)
					__builtin_trap();
			}
			render_both(&c, f);
		}
		rtb_cmp_free(&c);
		rtb_rf_free(&f[1]);
	}
	rtb_rf_free(&f[0]);
	return 0;
}
