/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - periodic timer delivered as a signal.
 *
 * The nearest user-space analogue of the study's timer ISR: a POSIX timer
 * on CLOCK_MONOTONIC with an absolute first expiry raises RTB_TIMER_SIG;
 * the signal is blocked in every thread (rtb_port_init) and unblocked only
 * inside sigsuspend() by the waiting thread, so the handler always runs on
 * that thread, in signal context, like an ISR runs on the interrupted CPU. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include "rtb_port_impl.h"
#include "rtbench/err.h"

#define RTB_TIMER_SIG (SIGRTMIN + 1)

/* One timer per process: the signal handler finds it here. Written before
 * the timer is armed, read only in the handler. */
static rtb_ptimer_handler volatile cur_fn;
static void *volatile cur_ctx;

/* on_timer - the stamp first: nothing but the counter read before it. The
 * overrun count comes with the signal (si_overrun, filled by the kernel for
 * POSIX timers), so no timer_getoverrun system call sits in the window. */
static void on_timer(int sig, siginfo_t *si, void *uc)
{
	int64_t now = rtb_port_mono_ns(); /* first: the figure ends here */
	(void)sig; /* one signal, one handler (sigaction's signature) */
	(void)uc;
	int saved = errno;
	int ov = si->si_code == SI_TIMER ? si->si_overrun : 0;
	rtb_ptimer_handler fn = cur_fn;

	if (fn)
		fn(now, ov < 0 ? 0 : ov, cur_ctx);
	errno = saved;
}

/* ts_of - ns as a timespec. */
static struct timespec ts_of(int64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };
	return ts;
}

/* rtb_ptimer_start - arm a periodic timer; first expiry at first_abs_ns. */
int rtb_ptimer_start(rtb_ptimer_t *t, int64_t first_abs_ns, int64_t period_ns,
		     rtb_ptimer_handler fn, void *ctx)
{
	struct sigaction sa;
	struct sigevent sev;
	struct itimerspec its;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	if (sigaction(RTB_TIMER_SIG, &sa, NULL))
		return RTB_ESYS;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = RTB_TIMER_SIG;
	if (timer_create(CLOCK_MONOTONIC, &sev, rtb_posix_timer(t)))
		return rtb_err_from_errno(errno);
	cur_ctx = ctx;
	cur_fn = fn;

	its.it_value = ts_of(first_abs_ns);
	its.it_interval = ts_of(period_ns);
	if (timer_settime(*rtb_posix_timer(t), TIMER_ABSTIME, &its, NULL)) {
		timer_delete(*rtb_posix_timer(t));
		cur_fn = NULL;
		return RTB_EINVAL;
	}
	t->armed = 1;
	return 0;
}

/* rtb_ptimer_wait - unblock the timer signal only while waiting. */
int rtb_ptimer_wait(rtb_ptimer_t *t)
{
	(void)t; /* one timer at a time (port.h): its state is this file's */
	sigset_t m;

	pthread_sigmask(SIG_BLOCK, NULL, &m);
	sigdelset(&m, RTB_TIMER_SIG);
	sigsuspend(&m); /* returns -1/EINTR after the handler ran */
	return 0;
}

/* rtb_ptimer_stop - disarm and delete; drops a signal still pending. */
int rtb_ptimer_stop(rtb_ptimer_t *t)
{
	sigset_t pend;
	struct timespec zero = { 0, 0 };
	sigset_t one;

	if (!t->armed)
		return 0;
	t->armed = 0;
	timer_delete(*rtb_posix_timer(t));
	cur_fn = NULL;
	sigemptyset(&one);
	sigaddset(&one, RTB_TIMER_SIG);
	while (sigpending(&pend) == 0 && sigismember(&pend, RTB_TIMER_SIG))
		if (sigtimedwait(&one, NULL, &zero) < 0)
			break;
	return 0;
}

/* rtb_posix_timer_signal - the signal number, for rtb_port_init. */
int rtb_posix_timer_signal(void);
int rtb_posix_timer_signal(void)
{
	return RTB_TIMER_SIG;
}
