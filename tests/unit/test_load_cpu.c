/* SPDX-License-Identifier: Apache-2.0 */
/* test_load_cpu - `--load cpu` starts one walker on every CPU the system
 * has, however many (a table of 64 once gave a 100-CPU machine 64
 * walkers and said nothing), and a walker that cannot start ends the ones
 * started. src/run/load.c is compiled into this test with the port's
 * thread calls replaced by counters (no thread runs, nothing sleeps) and a
 * 4 KiB walk instead of 4 MiB. */
#define rtb_ncpus fake_ncpus
#define rtb_thread_create fake_create
#define rtb_thread_join fake_join
#define rtb_port_sleep_ns fake_sleep
#define WALK_BYTES 4096u
#include "run/load.c"

#include <string.h>
#include "check.h"

#define NCPU 100

static int ncreated, njoined, fail_at = -1, on_cpu[NCPU + 1];

int fake_ncpus(void)
{
	return NCPU;
}

int fake_create(rtb_thread_t *t, const struct rtb_thread_attr *a, void (*fn)(void *), void *arg)
{
	(void)t;
	(void)fn;
	(void)arg;
	if (ncreated == fail_at)
		return RTB_ENOMEM;
	if (a->cpu >= 0 && a->cpu < NCPU)
		on_cpu[a->cpu]++;
	ncreated++;
	return 0;
}

int fake_join(rtb_thread_t *t)
{
	(void)t;
	njoined++;
	return 0;
}

int fake_sleep(int64_t ns)
{
	(void)ns;
	return 0;
}

int main(void)
{
	struct rtb_opts o;
	struct rtb_result r;

	memset(&o, 0, sizeof(o));
	memset(&r, 0, sizeof(r));
	o.load.cpu = 1;
	CHECK_EQ_I(rtb_load_start(&o, &r), 0);
	CHECK_EQ_I(ncreated, NCPU);
	int once = 1;
	for (int i = 0; i < NCPU; i++)
		once &= on_cpu[i] == 1;
	CHECK(once);                                   /* one walker on each CPU */
	CHECK(strstr(r.set.load, "cpu: 100 SCHED_OTHER threads") != NULL);
	rtb_load_stop();
	CHECK_EQ_I(njoined, NCPU);

	/* the 71st walker cannot start: the 70 started are ended, an error */
	ncreated = njoined = 0;
	fail_at = 70;
	CHECK_EQ_I(rtb_load_start(&o, &r), RTB_ENOMEM);
	CHECK_EQ_I(njoined, 70);
	rtb_load_stop();                               /* again: nothing left */
	CHECK_EQ_I(njoined, 70);
	return check_failures ? 1 : 0;
}
