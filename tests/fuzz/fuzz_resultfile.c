/* fuzz_resultfile - libFuzzer target for the result-file reader.
 *
 * Parses the input as a result file; when it loads, also builds the
 * comparison of the file against itself (distributions from samples or
 * histogram, Mann-Whitney, notes, summary), so the code that trusts the
 * validated structure is exercised with whatever the validator let through.
 * Build and run: make fuzz (clang -fsanitize=fuzzer,address). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "host/compare.h"
#include "host/resultfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rtb_rf f[2];
	struct rtb_cmp c;
	char err[320];

	if (rtb_rf_parse((const char *)data, size, "fuzz.json", &f[0], err, sizeof(err))) {
		/* a refusal is one line */
		if (!err[0] || strchr(err, '\n'))
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
		}
		rtb_cmp_free(&c);
		rtb_rf_free(&f[1]);
	}
	rtb_rf_free(&f[0]);
	return 0;
}
