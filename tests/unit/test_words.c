/* SPDX-License-Identifier: Apache-2.0 */
/* test_words - every port names what it used in its own words: the
 * FreeRTOS port's table (src/port/freertos/words.c, compiled in here: it
 * includes no FreeRTOS header, so this runs on a host without a kernel)
 * holds no POSIX word, the POSIX table has a phrase for every primitive,
 * and the running port's accessor serves its own table. What a method text
 * adds around the words is checked by tests/e2e/port_words.sh (no port
 * word in src/bench's strings). */
#include <string.h>
#include "check.h"
#include "rtbench/words.h"
#include "port/freertos/words.c"

extern const char *const rtb_words_posix[RTB_NWORDS];

/* words a non-POSIX port's text must never contain */
static const char *const posix_words[] = {
	"POSIX", "posix", "sem_t", "sem_post", "sem_wait", "pthread", "PTHREAD", "SCHED_",
	"mq_", "mqueue", "sched_yield", "clock_nanosleep", "CLOCK_MONOTONIC", "TIMER_ABSTIME",
	"signal", "si_overrun", "futex", "Linux", "errno",
};

int main(void)
{
	for (int w = 0; w < RTB_NWORDS; w++) {
		const char *f = rtb_words_freertos[w], *p = rtb_words_posix[w];

		/* POSIX has every primitive rtbench uses */
		CHECK(p != NULL && *p);
		/* short enough for a method text (320 characters) around it */
		CHECK(!p || strlen(p) <= 150);
		CHECK(!f || strlen(f) <= 150);
		if (!f)
			continue; /* FreeRTOS lacks it: the benchmark is SKIPPED */
		CHECK(*f);
		for (size_t i = 0; i < sizeof(posix_words) / sizeof(posix_words[0]); i++)
			if (strstr(f, posix_words[i])) {
				fprintf(stderr, "FreeRTOS word %d \"%s\" has \"%s\"\n", w, f, posix_words[i]);
				CHECK(0);
			}
	}
	/* what FreeRTOS really lacks */
	CHECK(rtb_words_freertos[RTB_W_PIPE] == NULL);
	CHECK(rtb_words_freertos[RTB_W_MUTEX_CEILING] == NULL);
	/* and what it really uses */
	CHECK(strstr(rtb_words_freertos[RTB_W_BSEM_TAKE], "xSemaphoreTake"));
	CHECK(strstr(rtb_words_freertos[RTB_W_MQ], "queue"));
	CHECK(strstr(rtb_words_freertos[RTB_W_RR], "time slicing"));
	CHECK(strstr(rtb_words_freertos[RTB_W_FIFO], "priorit"));
	/* this build's port (POSIX here) serves its own table */
	CHECK_STR(rtb_port_word(RTB_W_BSEM), rtb_words_posix[RTB_W_BSEM]);
	CHECK(rtb_port_word(RTB_NWORDS) == NULL);
	CHECK_STR(rtb_word_or(RTB_NWORDS, "x"), "x");
	return check_done();
}
