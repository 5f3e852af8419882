/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the running port's words (rtbench/words.h). */
#include "rtbench/port.h"
#include "rtbench/words.h"

extern const char *const RTB_PORT_WORDS[RTB_NWORDS];

const char *rtb_word_port(enum rtb_word w)
{
	return (unsigned)w < RTB_NWORDS ? RTB_PORT_WORDS[w] : NULL;
}

const char *rtb_word_or(enum rtb_word w, const char *none)
{
	const char *s = rtb_word_port(w);
	return s ? s : none;
}
