/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - system settings journal (see env.c). */
#ifndef RTB_CORE_ENV_H
#define RTB_CORE_ENV_H
#include "rtbench/port.h"
#include "rtbench/result.h"
int rtb_env_begin(const char *what, int need_lock, int64_t wait_ns, struct rtb_result *res);
/* rtb_env_stop_signal - the stop signal that ended rtb_env_begin's wait for
 * the settings lock (RTB_EINTR), 0 if none: the runner hands it to the
 * watchdog, which owns the exit status (env.c calls no watchdog). */
int rtb_env_stop_signal(void);
/* rtb_env_hold - keep the settings lock until rtb_env_restore, even while
 * nothing is changed (before rtb_env_begin). */
void rtb_env_hold(void);
int rtb_env_set(enum rtb_knob k, long v);
int rtb_env_restore(void);
int rtb_env_restore_one(enum rtb_knob k);
int rtb_env_restore_exit(int64_t wait_ns);
void rtb_env_load(long id);
/* rtb_env_trace_shut - rtb_env_restore also calls shut (run --trace: the
 * tracer's recorder put away on every exit path); NULL: none. Call before
 * the watchdog starts. */
void rtb_env_trace_shut(void (*shut)(void));
#endif
