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
#endif
