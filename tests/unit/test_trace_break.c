/* SPDX-License-Identifier: Apache-2.0 */
/* test_trace_break - the blocking task's kernel stack kept at a break
 * (src/trace/trace_break.c), on hand-made events, with the port's stack
 * store and symbol table replaced at link time (--wrap): the stack taken at
 * the last switch to the measured task before the sample's stamp is the
 * one kept (not an earlier switch's, not one after the stamp), with the
 * task it belongs to; the tracing's and __schedule's frames are left out;
 * a switch out of idle keeps none and says so, as does a stack the port
 * no longer holds; the break's event file marks the stack. */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "fixtures.h"
#include "trace/trace_run.h"
#include "rtbench/result.h"

int __wrap_rtb_port_trace_stack(uint64_t id, uint64_t *addr, int cap);
int __wrap_rtb_port_trace_symbols(const uint64_t *addr, int n, char *name, size_t len);

#define TID 77
static uint64_t asked;

/* stack 42 holds five frames; any other number is gone */
int __wrap_rtb_port_trace_stack(uint64_t id, uint64_t *addr, int cap)
{
	asked = id;
	if (id != 42 || cap < 5)
		return 0;
	for (int i = 0; i < 5; i++)
		addr[i] = 0x1000 + (uint64_t)i;
	return 5;
}

int __wrap_rtb_port_trace_symbols(const uint64_t *addr, int n, char *name, size_t len)
{
	static const char *const sym[] = { "trace_event_raw_event_sched_switch+0x9", "__schedule+0x2f1",
					   "schedule+0x23", "do_nanosleep+0x5e", "entry_SYSCALL_64+0x76" };
	for (int i = 0; i < n; i++)
		snprintf(name + (size_t)i * len, len, "%s", sym[addr[i] - 0x1000]);
	return 0;
}

static struct rtb_tev ev[16];
static size_t nev;

/* add - an event of the break's CPU (1); the measured task is tCyclic */
static void add(uint64_t t, int kind, int prev, int pid, uint64_t timer, const char *prev_comm)
{
	struct rtb_tev *e = &ev[nev++];

	tev_fill(e, t, kind, prev, pid, prev, timer, 0, "tCyclic", prev_comm);
	e->old_prio = 3;
}

/* keep - the break over events ev, the sample from 1000 to 5000 ns */
static void keep(struct rtb_break *b, const char *path)
{
	struct rtb_explain x;

	memset(&x, 0, sizeof(x));
	x.cpu = 1;
	memset(b, 0, sizeof(*b));
	b->hit = 1;
	CHECK_EQ_I(rtb_break_prepare(), 0);
	rtb_break_keep(ev, nev, 1000, 5000, TID, 1.0, 4000, &x);
	CHECK_EQ_I(rtb_break_evidence(path, b), 0);
	rtb_break_forget();
}

int main(void)
{
	struct rtb_break b;
	char path[256], file[300], buf[8192];

	/* an earlier switch to the task with its own stack, then the blocker
	 * "rtbspike" leaves the CPU to it with stack 42, then after the stamp
	 * another switch and stack: the one at the sample's end is kept */
	add(500, RTB_TEV_SWITCH, 9, TID, 0, "early");
	add(501, RTB_TEV_STACK, 0, 0, 41, "");
	add(3000, RTB_TEV_SWITCH, 66, TID, 0, "rtbspike");
	add(3001, RTB_TEV_STACK, 0, 0, 42, "");
	add(6000, RTB_TEV_SWITCH, 67, TID, 0, "later");
	add(6001, RTB_TEV_STACK, 0, 0, 43, "");
	snprintf(path, sizeof(path), "%s/test_trace_break.json", getenv("RTB_TEST_OUT") ? getenv("RTB_TEST_OUT") : "/tmp");
	keep(&b, path);
	CHECK_EQ_I((int)asked, 42);
	CHECK_EQ_I(b.stack_kept, 1);
	CHECK_STR(b.stack_comm, "rtbspike");
	CHECK_EQ_I(b.stack_pid, 66);
	CHECK_EQ_I(b.stack_prio, 3);
	CHECK_EQ_I(b.nstack, 3); /* tracing and __schedule left out */
	CHECK_STR(b.stack[0], "schedule+0x23");
	CHECK_STR(b.stack[1], "do_nanosleep+0x5e");
	CHECK_STR(b.stack[2], "entry_SYSCALL_64+0x76");
	CHECK_STR(b.stack_note, "");
	/* the event file marks it, with the frames */
	snprintf(file, sizeof(file), "%s.break-trace.json", path);
	FILE *f = fopen(file, "r");
	CHECK(f != NULL);
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
	CHECK(strstr(buf, "\"name\":\"kernel stack of rtbspike (pid 66)\",\"args\":{\"frames\":[\"schedule+0x23\","
			  "\"do_nanosleep+0x5e\",\"entry_SYSCALL_64+0x76\"]}") != NULL);
	remove(file);

	/* the port no longer holds it: none, and why */
	ev[3].timer = 40;
	keep(&b, NULL);
	CHECK_EQ_I(b.stack_kept, 0);
	CHECK_EQ_I(b.nstack, 0);
	CHECK_STR(b.stack_note, "the trace no longer kept it");

	/* out of idle: no blocker at the end, no stack asked for */
	nev = 0;
	asked = 0;
	add(3000, RTB_TEV_SWITCH, 0, TID, 0, "swapper/1");
	keep(&b, NULL);
	CHECK_EQ_I((int)asked, 0);
	CHECK_EQ_I(b.stack_kept, 0);
	CHECK(strstr(b.stack_note, "idle task") != NULL);

	/* a task, but the kernel wrote no stack at that switch */
	nev = 0;
	add(3000, RTB_TEV_SWITCH, 66, TID, 0, "rtbspike");
	add(3500, RTB_TEV_SWITCH, TID, 5, 0, "tCyclic");
	add(3501, RTB_TEV_STACK, 0, 0, 42, "");
	keep(&b, NULL);
	CHECK_EQ_I(b.stack_kept, 0);
	CHECK_STR(b.stack_note, "the kernel recorded none at that switch");
	return check_done();
}
