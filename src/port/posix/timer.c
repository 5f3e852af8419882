/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - periodic timer delivered as a signal.
 *
 * The nearest user-space analogue of the study's timer ISR: a POSIX timer
 * on CLOCK_MONOTONIC with an absolute first expiry raises RTB_TIMER_SIG;
 * the signal is blocked in every thread (rtb_port_init) and unblocked only
 * inside sigsuspend() by the waiting thread, so the handler always runs on
 * that thread, in signal context, like an ISR runs on the interrupted CPU.
 *
 * Several timers at once (a long run's --cpus: one measuring thread per
 * CPU, each with its own timer, as cyclictest -S): each timer's signal is
 * directed at the thread that armed it (Linux SIGEV_THREAD_ID), so each
 * CPU's handler runs on its own pinned thread, and the handler finds its
 * timer's callback from the signal's value (a slot of this file's table),
 * never from a process-wide variable. Without SIGEV_THREAD_ID the signal
 * is process-directed: a single timer still runs on its waiting thread
 * (the only one with the signal unblocked), several may not. */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

#define RTB_TIMER_SIG (SIGRTMIN + 1)
/* glibc before 2.37 has SIGEV_THREAD_ID but names its field only inside
 * the union (the kernel's sigevent layout, man 2 timer_create) */
#if defined(SIGEV_THREAD_ID) && !defined(sigev_notify_thread_id)
#define sigev_notify_thread_id _sigev_un._tid
#endif
/* timers armed at once: one a measured CPU (rtbench/longopt.h's 256) */
#define RTB_PTIMER_SLOTS 256

/* The armed timers' callbacks. A slot is taken (busy) before the timer is
 * created and its fn/ctx written before the timer is armed; the handler
 * reads only its own slot, named by the signal's value. */
static struct ptimer_slot {
	atomic_int busy;
	rtb_ptimer_handler volatile fn;
	void *volatile ctx;
} slots[RTB_PTIMER_SLOTS];

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
	int k = si->si_code == SI_TIMER ? si->si_value.sival_int : -1;
	rtb_ptimer_handler fn = k >= 0 && k < RTB_PTIMER_SLOTS ? slots[k].fn : NULL;

	if (fn)
		fn(now, ov < 0 ? 0 : ov, slots[k].ctx);
	errno = saved;
}

/* ts_of - ns as a timespec. */
static struct timespec ts_of(int64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000, .tv_nsec = ns % 1000000000 };
	return ts;
}

/* rtb_ptimer_start - arm a periodic timer directed at the calling thread;
 * first expiry at first_abs_ns. t->armed is 0, or 1 + the timer's slot. */
int rtb_ptimer_start(rtb_ptimer_t *t, int64_t first_abs_ns, int64_t period_ns,
		     rtb_ptimer_handler fn, void *ctx)
{
	struct sigaction sa;
	struct sigevent sev;
	struct itimerspec its;
	int k, rc;

	for (k = 0; k < RTB_PTIMER_SLOTS; k++) {
		int idle = 0;
		if (atomic_compare_exchange_strong(&slots[k].busy, &idle, 1))
			break;
	}
	if (k == RTB_PTIMER_SLOTS)
		return RTB_ENOMEM; /* every slot armed: more timers than CPUs */
	slots[k].fn = fn;
	slots[k].ctx = ctx;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_timer;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	if (sigaction(RTB_TIMER_SIG, &sa, NULL)) {
		rc = RTB_ESYS;
		goto out_free;
	}

	memset(&sev, 0, sizeof(sev));
#ifdef SIGEV_THREAD_ID
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_notify_thread_id = gettid();
#else
	sev.sigev_notify = SIGEV_SIGNAL;
#endif
	sev.sigev_signo = RTB_TIMER_SIG;
	sev.sigev_value.sival_int = k;
	if (timer_create(CLOCK_MONOTONIC, &sev, rtb_posix_timer(t))) {
		rc = rtb_err_from_errno(errno);
		goto out_free;
	}

	its.it_value = ts_of(first_abs_ns);
	its.it_interval = ts_of(period_ns);
	if (timer_settime(*rtb_posix_timer(t), TIMER_ABSTIME, &its, NULL)) {
		timer_delete(*rtb_posix_timer(t));
		rc = RTB_EINVAL;
		goto out_free;
	}
	t->armed = 1 + k;
	return 0;
out_free:
	slots[k].fn = NULL;
	atomic_store(&slots[k].busy, 0);
	return rc;
}

/* rtb_ptimer_wait - unblock the timer signal only while waiting. */
int rtb_ptimer_wait(rtb_ptimer_t *t)
{
	(void)t; /* its signal is directed here; the handler finds the timer */
	sigset_t m;

	pthread_sigmask(SIG_BLOCK, NULL, &m);
	sigdelset(&m, RTB_TIMER_SIG);
	sigsuspend(&m); /* returns -1/EINTR after the handler ran */
	return 0;
}

/* rtb_ptimer_stop - disarm and delete; drops a signal still pending on
 * this thread (its own timer's: the signal was directed here), then frees
 * the slot. */
int rtb_ptimer_stop(rtb_ptimer_t *t)
{
	sigset_t pend;
	struct timespec zero = { 0, 0 };
	sigset_t one;
	int k = t->armed - 1;

	if (!t->armed)
		return 0;
	t->armed = 0;
	timer_delete(*rtb_posix_timer(t));
	sigemptyset(&one);
	sigaddset(&one, RTB_TIMER_SIG);
	while (sigpending(&pend) == 0 && sigismember(&pend, RTB_TIMER_SIG))
		if (sigtimedwait(&one, NULL, &zero) < 0)
			break;
	if (k >= 0 && k < RTB_PTIMER_SLOTS) {
		slots[k].fn = NULL;
		atomic_store(&slots[k].busy, 0);
	}
	return 0;
}

/* rtb_posix_timer_signal - the signal number, for rtb_port_init. */
int rtb_posix_timer_signal(void);
int rtb_posix_timer_signal(void)
{
	return RTB_TIMER_SIG;
}
