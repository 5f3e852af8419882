/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - selftest (see selftest.c). */
#ifndef RTB_CORE_SELFTEST_H
#define RTB_CORE_SELFTEST_H
#include "rtbench/bench.h"
/* rtb_selftest - the known-answer check of every injectable measurement
 * with the delays in o->selftest.delays_ns. Returns 0 every check passed,
 * RTB_ECHECK a check failed or the run stopped early, or the rtb_err that
 * stopped it from starting (RTB_EBUSY: another run holds the lock). */
int rtb_selftest(const struct rtb_opts *o, const char *command_line);
#endif
