/* rtbench core - the journal of system settings a run changes.
 *
 * Every change to a system knob goes through rtb_env_set(), which keeps the
 * value found first; rtb_env_restore() puts every one back, once, whoever
 * calls it first (the runner at the end, or the watchdog on its way out).
 * A background load started for the run is ended there too. */
#include <stdatomic.h>
#include <stdio.h>
#include "core/env.h"
#include "rtbench/err.h"

static struct {
	int changed;
	long old;
} journal[RTB_NKNOBS];
static atomic_flag restored = ATOMIC_FLAG_INIT;
static atomic_long load_id;     /* a background load process to end */

/* rtb_env_load - remember the load process rtb_env_restore must end. */
void rtb_env_load(long id)
{
	atomic_store(&load_id, id);
}

/* rtb_env_set - set knob k to v, remembering the first old value. */
int rtb_env_set(enum rtb_knob k, long v)
{
	long old;
	int rc = rtb_knob_get(k, &old);

	if (rc)
		return rc;
	if (!journal[k].changed) {
		journal[k].old = old;
		journal[k].changed = 1;
		atomic_flag_clear(&restored);
	}
	return rtb_knob_set(k, v);
}

/* rtb_env_restore_one - put knob k back now, if it was changed. */
int rtb_env_restore_one(enum rtb_knob k)
{
	int rc;

	if (!journal[k].changed)
		return 0;
	rc = rtb_knob_set(k, journal[k].old);
	if (!rc)
		journal[k].changed = 0;
	return rc;
}

/* rtb_env_restore - put back every knob changed (reverse order) and drop
 * the idle-latency request. Returns the first error, after trying all. */
int rtb_env_restore(void)
{
	int err = 0;

	if (atomic_flag_test_and_set(&restored))
		return 0;
	long id = atomic_exchange(&load_id, 0);
	if (id > 0)
		rtb_port_kill_load(id);
	for (int k = RTB_NKNOBS - 1; k >= 0; k--) {
		if (!journal[k].changed)
			continue;
		int rc = rtb_knob_set((enum rtb_knob)k, journal[k].old);
		if (rc && !err)
			err = rc;
		if (!rc)
			journal[k].changed = 0;
		else
			fprintf(stderr, "rtbench: could not restore %s to %ld: %s\n",
				rtb_knob_name((enum rtb_knob)k), journal[k].old, rtb_strerror(rc));
	}
	rtb_port_idle_latency_release();
	return err;
}
