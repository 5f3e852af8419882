/* SPDX-License-Identifier: Apache-2.0 */
/* test_idset - the host side's one id set (src/host/base/idset.c): ids found
 * with their numbers, a second add refused with the first number, growth
 * past many doublings keeps every id, owned keys are copies, and a zeroed
 * set is empty.
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "host/base/idset.h"

static void test_empty(void)
{
	struct rtb_idset s = { 0 };
	size_t v = 7;

	CHECK_EQ_I(rtb_idset_find(&s, "a", &v), 0);
	CHECK_EQ_I((int)v, 7);
	rtb_idset_free(&s);
	CHECK_EQ_I((int)s.n, 0);
}

static void test_many(void)
{
	static char ids[20000][32];
	struct rtb_idset s = { 0 };
	size_t v = 0;

	for (size_t i = 0; i < 20000; i++) {
		snprintf(ids[i], sizeof(ids[i]), "ipc.mqueue.wakeup@cpu%zu", i);
		CHECK_EQ_I(rtb_idset_add(&s, ids[i], i, NULL), 0);
	}
	CHECK_EQ_I((int)s.n, 20000);
	CHECK(s.cap >= 2 * s.n);
	for (size_t i = 0; i < 20000; i += 997) {
		CHECK_EQ_I(rtb_idset_find(&s, ids[i], &v), 1);
		CHECK_EQ_I((int)v, (int)i);
	}
	CHECK_EQ_I(rtb_idset_add(&s, ids[4242], 1, &v), 1);
	CHECK_EQ_I((int)v, 4242);
	CHECK_EQ_I(rtb_idset_find(&s, "ipc.mqueue.wakeup@cpu20000", NULL), 0);
	CHECK_EQ_I(rtb_idset_find(&s, "", NULL), 0);
	rtb_idset_free(&s);
}

static void test_owned(void)
{
	struct rtb_idset s = { .own = 1 };
	char name[16] = "keep.txt";

	CHECK_EQ_I(rtb_idset_reserve(&s, 3), 0);
	CHECK_EQ_I(rtb_idset_add(&s, name, 0, NULL), 0);
	strcpy(name, "other");
	CHECK_EQ_I(rtb_idset_find(&s, "keep.txt", NULL), 1);
	CHECK_EQ_I(rtb_idset_find(&s, "other", NULL), 0);
	CHECK_EQ_I(rtb_idset_add(&s, "", 0, NULL), 0);
	CHECK_EQ_I(rtb_idset_find(&s, "", NULL), 1);
	rtb_idset_free(&s);
	CHECK_EQ_I(s.own, 1);
	CHECK_EQ_I(rtb_idset_find(&s, "keep.txt", NULL), 0);
}

int main(void)
{
	test_empty();
	test_many();
	test_owned();
	return check_done();
}
