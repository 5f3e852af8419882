/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the watchdog that bounds every real-time phase and turns
 * Ctrl-C into an orderly stop (see watchdog.c). */
#ifndef RTB_CORE_WATCHDOG_H
#define RTB_CORE_WATCHDOG_H
#include <stdatomic.h>
#include <stdint.h>
#include "rtbench/port.h"

enum rtb_wd_reason { RTB_WD_NONE = 0, RTB_WD_SIGNAL, RTB_WD_TIMEOUT };

/* rtb_wd_start - start the watchdog on cpu, at RTB_PRIO_WATCHDOG if rt. */
int rtb_wd_start(int cpu, int rt);
void rtb_wd_shutdown(void);
/* rtb_wd_arm - the current phase must end within ns (0 disarms). */
void rtb_wd_arm(int64_t ns);
/* rtb_wd_register - a thread the watchdog demotes if a stop is ignored. */
void rtb_wd_register(rtb_thread_t *t);
void rtb_wd_forget_all(void);
/* rtb_wd_take_pending - set-up's check for a stop signal that came before
 * the watchdog runs (watchdog.c); 1 if the run is stopped. */
int rtb_wd_take_pending(void);
atomic_int *rtb_wd_stop_flag(void);
enum rtb_wd_reason rtb_wd_reason(void);
/* rtb_wd_signal - number of the signal that stopped the run, 0 if none. */
int rtb_wd_signal(void);
void rtb_wd_note_signal(int sig);
/* rtb_wd_status_asked - 1 once after the user asked for a status line
 * (the watchdog said what is measured; a --duration run adds its figures). */
int rtb_wd_status_asked(void);

/* The supervisor's side of a phase. rtb_wd_kill_fn - the write of a forced
 * exit: the result whole as far as it got, saying why (one line) the
 * watchdog ended the process; called on the watchdog's thread, the
 * supervisor kept out of the result (rtb_wd_result_enter). */
typedef void (*rtb_wd_kill_fn)(void *arg, const char *why);
/* rtb_wd_phase - from the calling thread (the supervisor, raised when it
 * is starved): the phase's own stop flag, set whenever the watchdog stops
 * the run (NULL: none); its planned end in mono ns (0: none; past it by
 * a second the supervisor counts as starved: the flag is set and it is
 * raised); fn(arg) for a forced exit (NULL: none). */
void rtb_wd_phase(atomic_int *stop, int64_t end_ns, rtb_wd_kill_fn fn, void *arg);
/* rtb_wd_progress - the supervisor took a step: a forced exit waits while
 * it keeps taking them. */
void rtb_wd_progress(void);
/* rtb_wd_result_enter / leave - around the supervisor's changes to the
 * result; enter returns 0 only after the watchdog took the result for a
 * forced exit (it then never returns: the process ends). */
int rtb_wd_result_enter(void);
void rtb_wd_result_leave(void);
/* rtb_wd_starved_ns - how late past its planned end the supervisor was
 * when the watchdog raised it (0: it was not). */
int64_t rtb_wd_starved_ns(void);
/* rtb_wd_phase_stopped_ns - when (mono ns) the watchdog set the phase's
 * stop flag (0: it did not). */
int64_t rtb_wd_phase_stopped_ns(void);
/* rtb_wd_settle - after a phase: the supervisor back to policy/prio if
 * it was raised. */
void rtb_wd_settle(enum rtb_policy policy, enum rtb_prio prio);
#endif
