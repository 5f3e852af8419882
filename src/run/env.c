/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - the journal of system settings a run changes.
 *
 * Every change to a system knob goes through rtb_env_set(), which keeps the
 * value found first; rtb_env_restore() puts every one back, once, whoever
 * calls it first (the runner at the end, or the watchdog on its way out).
 * A background load started for the run is ended there too, and the
 * kernel trace (run --trace) is put away (the tracer's shut hook, handed
 * in by rtb_env_trace_shut).
 *
 * Crash safety: before the first change the original value is also written
 * to the port's state record (POSIX: /run/rtbench/state), under a lock that
 * a run holds for as long as any knob is changed. A run killed by SIGKILL
 * leaves the record and a free lock behind; rtb_env_begin() of the next run
 * finds them, restores the values and says so. Two runs never change knobs
 * at the same time: the second waits (bounded) or refuses. */
#include <stdatomic.h>
#include <stdio.h>
#include "run/env.h"
#include "rtbench/err.h"
#include "rtbench/selfcost.h"

static long old[RTB_NKNOBS], set[RTB_NKNOBS]; /* found first; what we set */
static unsigned char changed[RTB_NKNOBS];
static int locked;              /* we hold the port's settings lock */
static char who[240];           /* this run, for the holder line */
static atomic_flag restored = ATOMIC_FLAG_INIT;
/* restores under way (rtb_env_restore_exit waits for another thread's) */
static atomic_int restoring;
static atomic_long load_id;     /* a background load process to end */
static struct rtb_result *env_res; /* where put_back's warnings go */
static int stop_sig;              /* the signal that ended the lock wait */
static int hold_lock;             /* keep the lock while nothing is changed (tune) */
/* the tracer's shut hook (run --trace): set before the watchdog starts,
 * which is the only other thread that restores */
static void (*trace_shut)(void);

#define POLL_NS 200000000LL

/* rtb_env_load - remember the load process rtb_env_restore must end. */
void rtb_env_load(long id)
{
	atomic_store(&load_id, id);
}

/* any_changed - 1 if this run changed a knob it has not put back. */
static int any_changed(void)
{
	for (int k = 0; k < RTB_NKNOBS; k++)
		if (changed[k])
			return 1;
	return 0;
}

/* sync_record - the state record says what is changed now; once nothing
 * is, the lock goes too. */
static int sync_record(void)
{
	int rc;

	if (!locked)
		return 0;
	rc = rtb_port_journal_write(old, set, changed, RTB_NKNOBS);
	if (!any_changed() && !hold_lock) {
		rtb_port_journal_unlock();
		locked = 0;
	}
	return rc;
}

/* repair - restore what a run that died left in the record (we hold the
 * lock, so its writer is gone). The record is evidence, not orders: a
 * value is put back only if the port trusts the record (its own file,
 * plausible values) and the knob still holds what the dead run set;
 * anything else is said and left alone, and the record is kept (under
 * another name) unless every knob in it was put back. */
static void repair(struct rtb_result *res)
{
	long o[RTB_NKNOBS], w[RTB_NKNOBS], pid, cur;
	unsigned char ch[RTB_NKNOBS];
	char kept[320];
	int rc = rtb_port_journal_read(o, w, ch, RTB_NKNOBS, &pid), acted = 1;

	if (rc < 0) {
		char why[400];

		snprintf(why, sizeof(why), "%s", rtb_port_journal_error());
		rtb_port_journal_settle(0, kept, sizeof(kept));
		fprintf(stderr, "rtbench: settings record not used (%s): nothing restored, the record %s%s\n",
			why, kept[0] ? "kept as " : "left as it is", kept);
		if (res)
			rtb_result_warn(res, "a settings record was found and not used (%s): nothing restored",
					why);
		return;
	}
	if (rc == 0)
		return;
	for (int k = 0; k < RTB_NKNOBS; k++) {
		if (!ch[k])
			continue;
		if (rtb_port_knob_get((enum rtb_knob)k, &cur))
			cur = -1;
		if (cur != w[k]) {
			/* changed again since (by hand, another tool): theirs now */
			fprintf(stderr, "rtbench: %s is %ld, not the %ld that rtbench pid %ld (which did not end "
				"cleanly) set: someone changed it since, so it is left as it is (the original was %ld)\n",
				rtb_port_knob_name((enum rtb_knob)k), cur, w[k], pid, o[k]);
			acted = 0;
			continue;
		}
		rc = rtb_port_knob_set((enum rtb_knob)k, o[k]);
		if (rc) {
			fprintf(stderr, "rtbench: could not restore %s to %ld (left at %ld by rtbench pid %ld, "
				"which did not end cleanly): %s\n", rtb_port_knob_name((enum rtb_knob)k), o[k], cur,
				pid, rtb_strerror(rc));
			acted = 0;
			continue;
		}
		fprintf(stderr, "rtbench: restored %s to %ld (left at %ld by rtbench pid %ld, which did not end cleanly)\n",
			rtb_port_knob_name((enum rtb_knob)k), o[k], cur, pid);
		if (res)
			rtb_result_warn(res, "restored %s to %ld before this run: left at %ld by rtbench pid %ld, "
					"which did not end cleanly", rtb_port_knob_name((enum rtb_knob)k), o[k], cur, pid);
	}
	rtb_port_journal_settle(acted, kept, sizeof(kept));
	if (kept[0])
		fprintf(stderr, "rtbench: the settings record of rtbench pid %ld is kept as %s\n", pid, kept);
}

/* say_left - a killed run's leftover removed (rtb_port_leftovers_remove):
 * said on stderr and in the result, as a repaired setting is. */
static void say_left(const char *line, void *arg)
{
	struct rtb_result *res = arg;

	fprintf(stderr, "rtbench: %s\n", line);
	if (res)
		rtb_result_warn(res, "before this run: %s", line);
}

/* rtb_env_begin - before anything is changed or measured: repair what a
 * killed run left, and, when this run will change a knob (need_lock), take
 * the settings lock, waiting up to wait_ns for another run to finish
 * (0: refuse at once). Returns 0, RTB_EBUSY (the line is printed) or
 * RTB_EINTR (a stop signal while waiting). */
int rtb_env_begin(const char *what, int need_lock, int64_t wait_ns, struct rtb_result *res)
{
	char holder[256];
	int64_t until = rtb_port_mono_ns() + wait_ns;
	int said = 0;

	snprintf(who, sizeof(who), "%s", what ? what : "rtbench");
	env_res = res;
	/* whether or not this run traces: a killed traced run's instance
	 * left recording slows every context switch (2.5x a wake-up's p50) */
	rtb_port_leftovers_remove(say_left, res);
	for (;;) {
		int rc = rtb_port_journal_trylock(who, holder, sizeof(holder));
		if (rc == 0) {
			locked = 1;
			repair(res);
			if (!need_lock)
				sync_record();
			return 0;
		}
		if (rc != RTB_EBUSY) {
			/* no record can be kept: rtb_env_set will refuse; say why
			 * (the port's reason, not "operation not permitted") */
			if (need_lock) {
				fprintf(stderr, "rtbench: no settings record can be kept (%s): system settings "
					"are left unchanged\n", holder[0] ? holder : rtb_strerror(rc));
				if (res)
					rtb_result_warn(res, "no settings record can be kept (%s): system "
							"settings were left unchanged",
							holder[0] ? holder : rtb_strerror(rc));
			}
			return 0;
		}
		if (!need_lock) {
			if (res)
				rtb_result_warn(res, "another rtbench run held the settings lock when this one "
						"started (%s): it may have changed system settings during this run", holder);
			return 0;
		}
		if (wait_ns <= 0) {
			fprintf(stderr, "rtbench: another run is changing system settings (%s): "
				"refused (--no-wait)\n", holder);
			return RTB_EBUSY;
		}
		if (rtb_port_mono_ns() >= until) {
			fprintf(stderr, "rtbench: gave up after %lld s waiting for the settings lock held by %s\n",
				(long long)(wait_ns / 1000000000), holder);
			return RTB_EBUSY;
		}
		if (!said) {
			fprintf(stderr, "rtbench: waiting up to %lld s for the settings lock held by %s "
				"(--no-wait refuses instead)\n", (long long)(wait_ns / 1000000000), holder);
			said = 1;
		}
		int sig = rtb_port_stop_wait(POLL_NS);
		if (sig == RTB_STATUS_ASKED) {
			fprintf(stderr, "rtbench: status: waiting for the settings lock held by %s\n", holder);
			continue;
		}
		if (sig) {
			stop_sig = sig; /* the runner passes it on (rtb_env_stop_signal) */
			if (res)
				rtb_result_warn(res, "stopped by signal %d while waiting for the settings lock "
						"held by %s: nothing was measured or changed", sig, holder);
			return RTB_EINTR;
		}
	}
}

/* rtb_env_hold - keep the settings lock from rtb_env_begin to
 * rtb_env_restore even while no knob is changed: `rtbench tune` changes
 * knobs round after round, and another run taking the lock between two
 * rounds would make the next round's change fail. */
void rtb_env_hold(void)
{
	hold_lock = 1;
}

int rtb_env_stop_signal(void)
{
	return stop_sig;
}

/* rtb_env_set - set knob k to v, remembering (in memory and in the state
 * record, before the change) the first old value. No record, no change. */
int rtb_env_set(enum rtb_knob k, long v)
{
	long cur;
	int rc, first = !changed[k];

	if (changed[k] && set[k] != v) {
		set[k] = v;
		rc = rtb_port_journal_write(old, set, changed, RTB_NKNOBS);
		if (rc)
			return rc;
	}
	if (!changed[k]) {
		if (!locked) {
			rc = rtb_port_journal_trylock(who, NULL, 0);
			if (rc)
				return rc;
			locked = 1;
		}
		rc = rtb_port_knob_get(k, &cur);
		if (!rc) {
			old[k] = cur;
			set[k] = v;
			changed[k] = 1;
			rc = rtb_port_journal_write(old, set, changed, RTB_NKNOBS);
			if (rc)
				changed[k] = 0;
		}
		if (rc) {
			sync_record();
			return rc;
		}
		atomic_flag_clear(&restored);
	}
	rc = rtb_port_knob_set(k, v);
	if (rc && first) {
		/* refused (an IRQ the kernel will not move): nothing changed,
		 * so nothing to put back or repair */
		changed[k] = 0;
		sync_record();
		return rc;
	}
	/* the kernel may round what it was given: record what it reads back,
	 * which is what the repair compares against */
	if (!rc && !rtb_port_knob_get(k, &cur) && cur != set[k]) {
		set[k] = cur;
		rtb_port_journal_write(old, set, changed, RTB_NKNOBS);
	}
	return rc;
}

/* put_back - knob k to its original, unless someone else changed it
 * during the run (it no longer holds what we set): then theirs stands,
 * with a WARNING. */
static int put_back(enum rtb_knob k)
{
	long cur;
	int rc;

	if (!rtb_port_knob_get(k, &cur) && cur != set[k]) {
		fprintf(stderr, "rtbench: %s is %ld, not the %ld this run set: changed by someone else "
			"during the run, left as they set it (the original was %ld)\n",
			rtb_port_knob_name(k), cur, set[k], old[k]);
		if (env_res)
			rtb_result_warn(env_res, "%s was changed by someone else during this run (to %ld; "
					"rtbench had set %ld): left as they set it, not restored to %ld",
					rtb_port_knob_name(k), cur, set[k], old[k]);
		changed[k] = 0;
		return 0;
	}
	rc = rtb_port_knob_set(k, old[k]);
	if (!rc)
		changed[k] = 0;
	return rc;
}

/* rtb_env_restore_one - put knob k back now, if it was changed. */
int rtb_env_restore_one(enum rtb_knob k)
{
	int rc;

	if (!changed[k])
		return 0;
	rc = put_back(k);
	if (!rc)
		sync_record();
	return rc;
}

/* restore - rtb_env_restore on the supervisor's thread (thread NULL) or
 * on the one named (the watchdog's, at a forced exit: its step is said as
 * that thread's, on that thread's CPU clock). */
static int restore(const char *thread)
{
	int err = 0;

	/* counted before the flag is taken: a forced exit that finds the
	 * flag taken always sees the restore that took it under way */
	atomic_fetch_add(&restoring, 1);
	if (atomic_flag_test_and_set(&restored)) {
		atomic_fetch_sub(&restoring, 1);
		return 0;
	}
	long id = atomic_exchange(&load_id, 0);
	if (id > 0)
		rtb_port_kill_load(id);
	for (int k = RTB_NKNOBS - 1; k >= 0; k--) {
		if (!changed[k])
			continue;
		int rc = put_back((enum rtb_knob)k);
		if (rc && !err)
			err = rc;
		if (rc)
			fprintf(stderr, "rtbench: could not restore %s to %ld: %s\n",
				rtb_port_knob_name((enum rtb_knob)k), old[k], rtb_strerror(rc));
	}
	if (locked) {
		rtb_port_journal_write(old, set, changed, RTB_NKNOBS);
		rtb_port_journal_unlock();
		locked = 0;
	}
	rtb_port_idle_latency_release();
	if (trace_shut) {
		rtb_selfcost_step_other("finish: trace instance removed", thread);
		trace_shut();    /* run --trace: the trace instance, a mount */
		if (thread)
			rtb_selfcost_step_other(NULL, thread); /* nothing else steps there */
	}
	atomic_fetch_sub(&restoring, 1);
	return err;
}

/* rtb_env_restore - put back every knob changed (reverse order), drop the
 * idle-latency request and the settings lock. Returns the first error,
 * after trying all; what could not be restored stays in the record. */
int rtb_env_restore(void)
{
	return restore(NULL);
}

/* rtb_env_restore_exit - the forced exit's restore (the watchdog's, just
 * before it ends the process, on its thread: the trace's step is said as
 * the watchdog thread's): rtb_env_restore, and when another thread's
 * restore is under way (the runner's teardown: a knob, the trace instance
 * being removed), a wait of up to wait_ns for it to end, so the exit
 * never cuts it short. Returns 0, or RTB_ETIMEDOUT when the other restore
 * had not ended by then (it is said). */
int rtb_env_restore_exit(int64_t wait_ns)
{
	int64_t until = rtb_port_mono_ns() + wait_ns;

	restore("watchdog");
	while (atomic_load(&restoring)) {
		if (rtb_port_mono_ns() >= until) {
			fprintf(stderr, "rtbench: the settings' restore under way did not end within %lld ms: "
				"exiting all the same (the next run repairs what is left)\n",
				(long long)(wait_ns / 1000000));
			return RTB_ETIMEDOUT;
		}
		rtb_port_sleep_ns(1000000);
	}
	return 0;
}

/* rtb_env_trace_shut - the tracer's recorder is put away with the settings
 * (shut: idempotent; NULL: nothing to put away) */
void rtb_env_trace_shut(void (*shut)(void))
{
	trace_shut = shut;
}
