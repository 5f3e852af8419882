/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - watchdog and stop handling.
 *
 * One thread, at the highest real-time priority, on a CPU other than the
 * measurement CPU where there is one. It takes the stop signals
 * synchronously (rtb_port_stop_wait: no asynchronous handler writes
 * any state), and enforces the deadline each phase arms:
 *   1. Ctrl-C / SIGTERM (any signal that would end the process; POSIX's
 *      SIGUSR1 asks for a status line instead) or an overrun deadline sets the stop flag; every
 *      benchmark loop polls it and winds down, keeping what it measured.
 *   2. If the phase has not ended STOP_GRACE_NS later, every registered
 *      measurement thread is demoted to SCHED_OTHER, so a thread stuck
 *      spinning at real-time priority can no longer starve the machine.
 *   3. If it still has not ended after KILL_GRACE_NS, the system settings are
 *      restored and the process exits with status 3: results already written
 *      (the runner writes after each benchmark) are kept.
 * A second Ctrl-C goes straight to step 3. Step 3 runs beside threads that
 * may still use what the restore puts away (the streaming trace reader, a
 * whole pass's collect, the runner's own teardown restore): the trace port
 * waits for its users to leave before it frees their state, and the exit
 * waits (bounded) for a restore under way in another thread
 * (rtb_env_restore_exit). */
#include <stdio.h>
#include "run/watchdog.h"
#include "run/ready.h"
#include "run/env.h"
#include "model/stack.h"
#include "rtbench/err.h"
#include "rtbench/port.h"

#define MAX_IDS 600 /* a long run: two threads on each of up to 256 CPUs */
#define POLL_NS 100000000LL       /* deadline check granularity */
#define STOP_GRACE_NS 2000000000LL
#define KILL_GRACE_NS 3000000000LL
/* the exit waits this long for a restore another thread has under way
 * (the runner's teardown) before it ends the process */
#define EXIT_WAIT_NS 2000000000LL
/* the supervisor is starved when it has not reached a phase's planned end
 * this long after it */
#define END_GRACE_NS 1000000000LL

/* result's owner (rtb_wd_result_enter) */
enum { RES_FREE = 0, RES_SUPERVISOR, RES_WATCHDOG };

static struct {
	atomic_int stop;
	atomic_int reason;
	/* the deadline in whole ms after base_ns, rounded up; 0: disarmed.
	 * 32 bits, because a 64-bit atomic is not lock-free on every target
	 * (ARMv7-M); 2^32 ms is 49 days of run. */
	atomic_uint deadline_ms;
	int64_t base_ns;         /* set before the thread starts, then read-only */
	_Atomic(rtb_thread_t *) ids[MAX_IDS];
	atomic_int sig;          /* the stop signal's number */
	atomic_int nids;
	atomic_int quit;
	atomic_int status;       /* a status line asked, not yet given in full */
	rtb_thread_t th;
	int running;
	/* the supervisor's side of a phase (rtb_wd_phase): its own stop flag,
	 * set with wd.stop; its planned end (ms after base_ns, 0: none); its
	 * progress count; who is inside the result; the write of a forced
	 * exit; the supervisor's thread, raised when it is starved */
	_Atomic(atomic_int *) phase_stop;
	atomic_uint end_ms;
	atomic_uint progress;
	atomic_int result;
	_Atomic(rtb_wd_kill_fn) kill_write;
	_Atomic(void *) kill_arg;
	rtb_thread_t sup;
	atomic_int sup_ok;
	atomic_int raised;       /* the supervisor raised (1), and at the end (2) */
	atomic_llong late_ns;    /* how late the supervisor was at the end */
	atomic_llong phase_stopped_ns; /* when the watchdog set the phase's flag */
} wd;

/* demote_all - every registered measurement thread to SCHED_OTHER (the
 * stop's second stage: they ignored the stop flag). */
static void demote_all(void)
{
	int n = atomic_load(&wd.nids);
	for (int i = 0; i < n && i < MAX_IDS; i++) {
		rtb_thread_t *t = atomic_load(&wd.ids[i]);
		if (t)
			rtb_thread_demote(t);
	}
}

/* deadline - the armed deadline in mono ns, 0 if disarmed. */
static int64_t deadline(void)
{
	unsigned ms = atomic_load(&wd.deadline_ms);
	return ms ? wd.base_ns + (int64_t)ms * 1000000 : 0;
}

/* status_line - the user asked how the run stands (POSIX: SIGUSR1, as
 * cyclictest takes it): one line now; a --duration run adds its figures
 * line at its next tick (rtb_wd_status_asked). */
static void status_line(void)
{
	char now[200];

	rtb_ready_status(now, sizeof(now));
	fprintf(stderr, "rtbench: status: %s%s\n", now,
		atomic_load(&wd.stop) ? " (stopping)" : "");
	atomic_store(&wd.status, 1);
}

int rtb_wd_status_asked(void)
{
	return atomic_exchange(&wd.status, 0);
}

/* stop_phase - the run's stop flag and the phase's own: the measuring
 * threads see the stop without the supervisor passing it on (a starved
 * supervisor would, only when it next runs). */
static void stop_phase(void)
{
	atomic_int *ps = atomic_load(&wd.phase_stop);

	atomic_store(&wd.stop, 1);
	if (ps && !atomic_exchange(ps, 1))
		atomic_store(&wd.phase_stopped_ns, rtb_port_mono_ns());
}

/* raise_supervisor - the supervisor above the measuring threads, once:
 * the measurement is over (stopped, or past its planned end), what is
 * left is its wind-down, which a real-time thread on its CPU must not
 * starve. */
static void raise_supervisor(int at_end)
{
	if (atomic_load(&wd.raised) || !atomic_load(&wd.sup_ok))
		return;
	if (!rtb_thread_raise(&wd.sup, RTB_PRIO_CTRL))
		atomic_store(&wd.raised, at_end ? 2 : 1);
}

/* planned_end - past the phase's planned end by END_GRACE_NS, the
 * supervisor has not taken it (rtb_wd_phase(.., 0) at its Step 5): it is
 * starved; the phase's threads are stopped (their time is up) and the
 * supervisor raised. Not a watchdog stop: the run ended by its duration,
 * and the result says how late (rtb_wd_starved_ns). */
static void planned_end(int64_t now)
{
	unsigned ms = atomic_load(&wd.end_ms);
	int64_t end = ms ? wd.base_ns + (int64_t)ms * 1000000 : 0;

	if (!end || now - end < END_GRACE_NS || atomic_load(&wd.raised))
		return;
	atomic_store(&wd.late_ns, now - end);
	atomic_int *ps = atomic_load(&wd.phase_stop);
	if (ps && !atomic_exchange(ps, 1))
		atomic_store(&wd.phase_stopped_ns, now);
	raise_supervisor(1);
	fprintf(stderr, "rtbench: watchdog: the supervisor has not ended the measurement %.1f s after its "
		"planned end (starved of its CPU): stopping the measuring threads, raising it above them\n",
		(double)(now - end) / 1e9);
}

/* kill_write - the forced exit's last write: when the supervisor is not
 * inside the result (waited for up to EXIT_WAIT_NS), the result is taken
 * from it for good and the phase's writer (rtb_wd_phase) writes it whole,
 * saying why. */
static void kill_write(const char *why)
{
	rtb_wd_kill_fn fn = atomic_load(&wd.kill_write);
	int64_t until = rtb_port_mono_ns() + EXIT_WAIT_NS;

	if (!fn)
		return;
	for (;;) {
		int free_ = RES_FREE;
		if (atomic_compare_exchange_strong(&wd.result, &free_, RES_WATCHDOG))
			break;
		if (rtb_port_mono_ns() >= until) {
			fprintf(stderr, "rtbench: watchdog: the supervisor stayed inside the result; the files "
				"written so far are kept\n");
			return;
		}
		rtb_port_sleep_ns(1000000);
	}
	fn(atomic_load(&wd.kill_arg), why);
}

/* wd_main - the watchdog thread: waits for a stop request or the phase's
 * deadline, then sets the stop flag, demotes threads that ignore it, and
 * at last restores the settings and ends the process (rtb_port_exit: the
 * one exit below main, because the threads that should return to it are
 * stuck, or the user asked twice). */
static void wd_main(void *arg)
{
	(void)arg; /* a thread entry's argument: the watchdog's state is global */
	int64_t stop_at = 0; /* when the stop was asked */
	int64_t forced_from = 0; /* when a phase was armed with the stop set */
	unsigned seen = 0;       /* the supervisor's progress count ... */
	int64_t seen_at = 0;     /* ... when it last moved */

	if (atomic_load(&wd.reason) == RTB_WD_SIGNAL)
		stop_at = rtb_port_mono_ns(); /* taken in set-up (rtb_wd_take_pending) */
	int demoted = 0;

	while (!atomic_load(&wd.quit)) {
		int64_t now = rtb_port_mono_ns();
		int64_t dl = deadline();
		int64_t wait = POLL_NS;

		if (dl > now && dl - now < wait)
			wait = dl - now;
		int sig = rtb_port_stop_wait(wait);
		if (sig == RTB_STATUS_ASKED) {
			status_line();
			sig = 0;
		}
		if (sig) {
			if (stop_at) {
				fprintf(stderr, "rtbench: second stop signal: restoring settings and exiting now\n");
				rtb_env_restore_exit(EXIT_WAIT_NS);
				rtb_port_exit(128 + sig);
			}
			atomic_store(&wd.sig, sig);
			atomic_store(&wd.reason, RTB_WD_SIGNAL);
			stop_phase();
			raise_supervisor(0);
			stop_at = rtb_port_mono_ns();
			fprintf(stderr, "\nrtbench: stopping (signal); keeping what was measured\n");
		}
		now = rtb_port_mono_ns();
		dl = deadline();
		if (!stop_at)
			planned_end(now);
		if (!stop_at && dl && now > dl) {
			atomic_store(&wd.reason, RTB_WD_TIMEOUT);
			stop_phase();
			raise_supervisor(0);
			stop_at = now;
			fprintf(stderr, "\nrtbench: watchdog: phase overran its time bound; stopping it\n");
		}
		if (!stop_at)
			continue;
		if (!deadline()) {
			/* the phase ended in time after the stop, or none is
			 * measuring (set-up, the trace's start, the teardown:
			 * the runner's own steps, which see the flag): nothing
			 * to force */
			forced_from = 0;
			continue;
		}
		/* the graces run from when a stopped run is in a bounded
		 * phase: a stop taken during set-up is not "ignored" by the
		 * measurement that starts after it */
		if (!forced_from)
			forced_from = now > stop_at ? now : stop_at;
		/* the last grace runs from the supervisor's last step: a
		 * starved one that winds down slowly (64 emulated CPUs) is not
		 * stuck */
		unsigned pr = atomic_load(&wd.progress);
		if (pr != seen || !seen_at) {
			seen = pr;
			seen_at = now;
		}
		if (!demoted && now - forced_from > STOP_GRACE_NS) {
			fprintf(stderr, "rtbench: watchdog: measurement threads ignore the stop; demoting them to SCHED_OTHER\n");
			demote_all();
			demoted = 1;
		}
		if (demoted && now - forced_from > STOP_GRACE_NS + KILL_GRACE_NS && now - seen_at > KILL_GRACE_NS) {
			char why[200];
			snprintf(why, sizeof(why), "the %s and the phase had not ended %.1f s later (its supervisor "
				 "made no progress for %.1f s)", atomic_load(&wd.reason) == RTB_WD_SIGNAL ?
				 "run was stopped by a signal" : "phase overran its time bound",
				 (double)(now - forced_from) / 1e9, (double)(now - seen_at) / 1e9);
			fprintf(stderr, "rtbench: watchdog: still stuck; writing the result, restoring settings and "
				"exiting\n");
			kill_write(why);
			rtb_env_restore_exit(EXIT_WAIT_NS);
			rtb_port_exit(3);
		}
	}
}

/* rtb_wd_start - start the watchdog thread on cpu, at RTB_PRIO_WATCHDOG
 * when rt (normal scheduling otherwise, or if that is refused), on a stack
 * from the pool. */
int rtb_wd_start(int cpu, int rt)
{
	struct rtb_thread_attr a = {
		.name = "rtb-watchdog",
		.policy = rt ? RTB_SCHED_FIFO : RTB_SCHED_NORMAL,
		.prio = RTB_PRIO_WATCHDOG, .cpu = cpu,
	};
	int rc;

	if (!wd.base_ns)
		wd.base_ns = rtb_port_mono_ns() - 1000000;
	a.stack = rtb_stack_get(&wd.th, &a.stack_bytes);
	if (!a.stack)
		return RTB_ENOMEM;
	rc = rtb_thread_create(&wd.th, &a, wd_main, NULL);
	if (rc && rt) {
		a.policy = RTB_SCHED_NORMAL;
		rc = rtb_thread_create(&wd.th, &a, wd_main, NULL);
	}
	if (rc)
		rtb_stack_put(&wd.th);
	wd.running = rc == 0;
	return rc;
}

/* rtb_wd_shutdown - stop and join the watchdog thread (if it runs). */
void rtb_wd_shutdown(void)
{
	if (!wd.running)
		return;
	atomic_store(&wd.quit, 1);
	rtb_port_stop_wake(&wd.th); /* not its next poll, up to POLL_NS later */
	rtb_thread_join(&wd.th);
	rtb_stack_put(&wd.th);
	wd.running = 0;
}

/* rtb_wd_arm - bound the current phase to ns from now (0: unbounded). */
void rtb_wd_arm(int64_t ns)
{
	int64_t ms = 0;

	if (!wd.base_ns) /* armed before the watchdog started: no reader yet */
		wd.base_ns = rtb_port_mono_ns() - 1000000;
	if (ns > 0) {
		ms = (rtb_port_mono_ns() + ns - wd.base_ns + 999999) / 1000000;
		if (ms < 1)
			ms = 1;
		if (ms > (int64_t)UINT32_MAX)
			ms = UINT32_MAX;
	}
	atomic_store(&wd.deadline_ms, (unsigned)ms);
}

/* rtb_wd_phase - the supervisor's phase (watchdog.h). */
void rtb_wd_phase(atomic_int *stop, int64_t end_ns, rtb_wd_kill_fn fn, void *arg)
{
	int64_t ms = 0;

	if (!atomic_load(&wd.sup_ok) && !rtb_thread_self(&wd.sup))
		atomic_store(&wd.sup_ok, 1);
	if (!wd.base_ns)
		wd.base_ns = rtb_port_mono_ns() - 1000000;
	if (end_ns > 0) {
		ms = (end_ns - wd.base_ns + 999999) / 1000000;
		ms = ms < 1 ? 1 : ms > (int64_t)UINT32_MAX ? (int64_t)UINT32_MAX : ms;
	}
	atomic_store(&wd.kill_arg, arg);
	atomic_store(&wd.kill_write, fn);
	if (stop)
		atomic_store(&wd.phase_stopped_ns, 0);
	atomic_store(&wd.end_ms, (unsigned)ms);
	atomic_store(&wd.phase_stop, stop);
	if (stop && atomic_load(&wd.stop))
		atomic_store(stop, 1); /* stopped before it began */
}

void rtb_wd_progress(void)
{
	atomic_fetch_add(&wd.progress, 1);
}

int rtb_wd_result_enter(void)
{
	int free_ = RES_FREE;

	if (atomic_compare_exchange_strong(&wd.result, &free_, RES_SUPERVISOR))
		return 1;
	/* the watchdog took it: the process ends in its hands */
	while (atomic_load(&wd.result) == RES_WATCHDOG)
		rtb_port_sleep_ns(1000000000LL);
	return 0;
}

void rtb_wd_result_leave(void)
{
	int mine = RES_SUPERVISOR;

	atomic_compare_exchange_strong(&wd.result, &mine, RES_FREE);
	rtb_wd_progress();
}

int64_t rtb_wd_phase_stopped_ns(void)
{
	return atomic_load(&wd.phase_stopped_ns);
}

int64_t rtb_wd_starved_ns(void)
{
	return atomic_load(&wd.raised) == 2 ? atomic_load(&wd.late_ns) : 0;
}

/* rtb_wd_settle - the phase's wind-down is over: the supervisor back to
 * the normal policy if it was raised (the next phase measures beside it
 * again). */
void rtb_wd_settle(enum rtb_policy policy, enum rtb_prio prio)
{
	if (atomic_exchange(&wd.raised, 0))
		rtb_port_self_sched(policy, prio, -1);
	atomic_store(&wd.late_ns, 0);
}

/* rtb_wd_register - t is demoted if it ignores a stop. The count stops at
 * MAX_IDS: a long run of task.create registers a thread every sample
 * (each joined before the next), and a count that wrapped would index
 * outside ids[]. */
void rtb_wd_register(rtb_thread_t *t)
{
	int i = atomic_load(&wd.nids);

	while (i < MAX_IDS && !atomic_compare_exchange_weak(&wd.nids, &i, i + 1))
		;
	if (i < MAX_IDS)
		atomic_store(&wd.ids[i], t);
}

/* rtb_wd_forget_all - the phase's threads are gone: demote none. */
void rtb_wd_forget_all(void)
{
	atomic_store(&wd.nids, 0);
}

/* rtb_wd_stop_flag - the flag every measurement loop polls (rtb_stopped). */
atomic_int *rtb_wd_stop_flag(void)
{
	return &wd.stop;
}

/* rtb_wd_signal - the stop signal's number (0: none); also set by a
 * signal taken before the watchdog ran. */
int rtb_wd_signal(void)
{
	return atomic_load(&wd.sig);
}

/* rtb_wd_note_signal - a stop signal taken elsewhere (the settings
 * lock's wait) makes the exit status as the watchdog's would. */
void rtb_wd_note_signal(int sig)
{
	atomic_store(&wd.sig, sig);
}

/* rtb_wd_take_pending - before the watchdog runs (set-up, on the main
 * thread): a stop signal that came meanwhile (blocked, pending) stops the
 * run now, as the watchdog would; so a run stopped during set-up never
 * starts measuring, whatever the race between the watchdog's first wait
 * and the runner's next check. 1 if it did. */
int rtb_wd_take_pending(void)
{
	int sig;

	if (wd.running || atomic_load(&wd.stop))
		return atomic_load(&wd.stop);
	while ((sig = rtb_port_stop_wait(0)) == RTB_STATUS_ASKED)
		status_line();
	if (!sig)
		return 0;
	atomic_store(&wd.sig, sig);
	atomic_store(&wd.reason, RTB_WD_SIGNAL);
	atomic_store(&wd.stop, 1);
	fprintf(stderr, "\nrtbench: stopping (signal); keeping what was measured\n");
	return 1;
}

/* rtb_wd_reason - why the run was stopped (RTB_WD_NONE: it was not). */
enum rtb_wd_reason rtb_wd_reason(void)
{
	return (enum rtb_wd_reason)atomic_load(&wd.reason);
}
