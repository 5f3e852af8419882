/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - tune's test-only knob (tune_test.c). */
#ifndef RTB_CLI_TUNE_TEST_H
#define RTB_CLI_TUNE_TEST_H
#include <stddef.h>
#include "rtbench/ctx.h"
/* RTB_TUNE_TEST_ENV - the variable: "in:NS" or "out:NS" */
#define RTB_TUNE_TEST_ENV "RTB_TUNE_TEST_DELAY"
/* rtb_cmd_tune_test_delay - a `run` with RTB_TUNE_TEST_DELAY set spins NS ns
 * in every irq.timer.nanosleep sample, inside the measured window (in) or
 * right after it (out); unset: nothing. 0, or RTB_EINVAL with the one-line
 * reason in err (a value that is not "in:NS"/"out:NS", NS 1..10000000). */
int rtb_cmd_tune_test_delay(struct rtb_opts *o, char *err, size_t len);
#endif
