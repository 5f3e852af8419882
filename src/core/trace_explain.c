/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - the worst events, explained: what held a CPU during one
 * sample (rtbench/trace.h, rtb_trace_explain).
 *
 * A pure function over the port-neutral events (no OS, no allocation, no
 * I/O), after what `rtla timerlat -a` reports: the window runs from the
 * start of the sample's period (a timer sample: its programmed expiry) to
 * its stamp, on the CPU it ended on. Walking that CPU's events in time
 * order, every stretch between two events is charged to the innermost
 * context running then: an NMI, a device interrupt's handler, a softirq, a
 * system vector (the timer interrupt, reschedule, call_function, irq_work)
 * or, outside all of them, the task the CPU had switched to (the measured
 * task itself, another task, or the idle task: then nothing was seen to
 * run, and the time is the idle exit's, the hardware's or the
 * hypervisor's). The context at the window's start is rebuilt from the
 * last switch before it. An NMI's event comes at its end with its length:
 * that much is moved from whatever the stretch was charged to. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/trace.h"
#include "rtbench/err.h"

const char *rtb_cause_kind_name(enum rtb_cause_kind k)
{
	switch (k) {
	case RTB_CAUSE_SELF: return "self";
	case RTB_CAUSE_TASK: return "task";
	case RTB_CAUSE_IRQ: return "irq";
	case RTB_CAUSE_SOFTIRQ: return "softirq";
	case RTB_CAUSE_VEC: return "vector";
	case RTB_CAUSE_NMI: return "nmi";
	case RTB_CAUSE_IDLE: return "idle";
	case RTB_CAUSE_UNSEEN: return "unseen";
	}
	return "?";
}

#define NCTX 8          /* nesting depth kept (deeper: charged to the top) */
#define NACC 32         /* distinct causes tracked in one window */
#define BACK 200000     /* events looked back for the window's first context */

struct ctx { uint8_t kind; char name[16]; int32_t id; };

struct walk {
	struct rtb_cause acc[NACC];
	int nacc;
	int64_t lost_ns;        /* causes past NACC */
	struct ctx stack[NCTX];
	int depth;
	int32_t task, prio;     /* the task switched to */
	char comm[16];
	long tid;
	int last_acc;           /* cause charged last (for an NMI), -1 none */
	uint64_t from;
	double tpn;
};

static int64_t to_ns(const struct walk *w, uint64_t dt)
{
	return (int64_t)((double)dt / w->tpn + 0.5);
}

/* cause_of - the index of the cause of the running context into *idx,
 * added if new (*is_new); false when the table of causes is full. */
static bool cause_of(struct walk *w, uint64_t t, int *idx, int *is_new)
{
	struct rtb_cause c = { 0 };

	if (w->depth) {
		const struct ctx *x = &w->stack[w->depth - 1];
		c.kind = x->kind;
		snprintf(c.name, sizeof(c.name), "%s", x->name);
		c.pid = x->id;
		c.prio = -1;
	} else {
		c.kind = w->task == 0 ? RTB_CAUSE_IDLE : w->task == w->tid ? RTB_CAUSE_SELF : RTB_CAUSE_TASK;
		snprintf(c.name, sizeof(c.name), "%s", w->task == 0 ? "idle" : w->comm);
		c.pid = w->task;
		c.prio = w->prio;
	}
	*is_new = 0;
	for (int i = 0; i < w->nacc; i++)
		if (w->acc[i].kind == c.kind && w->acc[i].pid == c.pid && !strcmp(w->acc[i].name, c.name)) {
			*idx = i;
			return true;
		}
	if (w->nacc == NACC)
		return false;
	c.first_ns = to_ns(w, t - w->from);
	w->acc[w->nacc] = c;
	*is_new = 1;
	*idx = w->nacc++;
	return true;
}

/* charge - the stretch [t0, t1) to the running context. */
static void charge(struct walk *w, uint64_t t0, uint64_t t1, int entered)
{
	int fresh, i;
	int64_t ns = to_ns(w, t1 - t0);

	if (!cause_of(w, t0, &i, &fresh)) {
		w->last_acc = -1;
		w->lost_ns += ns;
		return;
	}
	w->last_acc = i;
	w->acc[i].ns += ns;
	if (fresh || entered)
		w->acc[i].count++;
}

static void push(struct walk *w, uint8_t kind, const char *name, int32_t id)
{
	if (w->depth == NCTX)
		return;
	struct ctx *x = &w->stack[w->depth++];
	x->kind = kind;
	snprintf(x->name, sizeof(x->name), "%s", name && name[0] ? name : "?");
	x->id = id;
}

/* step - event e changes the running context. Returns 1 when a new
 * context was entered (its next stretch starts a new entry). */
static int step(struct walk *w, const struct rtb_tev *e)
{
	switch (e->kind) {
	case RTB_TEV_SWITCH:
		w->task = e->pid;
		w->prio = e->new_prio;
		snprintf(w->comm, sizeof(w->comm), "%s", e->comm[0] ? e->comm : "?");
		w->depth = 0;   /* a switch happens outside every handler */
		return 1;
	case RTB_TEV_TIMER_IRQ:
		push(w, RTB_CAUSE_VEC, "local_timer", -1);
		return 1;
	case RTB_TEV_VEC_ENTER:
		push(w, RTB_CAUSE_VEC, e->comm, -1);
		return 1;
	case RTB_TEV_IRQ_ENTER:
		push(w, RTB_CAUSE_IRQ, e->comm, e->a);
		return 1;
	case RTB_TEV_SOFTIRQ_ENTER:
		push(w, RTB_CAUSE_SOFTIRQ, e->comm, -1);
		return 1;
	case RTB_TEV_VEC_EXIT:
	case RTB_TEV_IRQ_EXIT:
	case RTB_TEV_SOFTIRQ_EXIT:
		if (w->depth)
			w->depth--;
		return 1;
	default:
		return 0;
	}
}

/* learn - name and priority of task pid from the nearest switch that
 * names it: out of it after k (prev), else into it before k (next). */
static void learn(struct walk *w, const struct rtb_tev *ev, size_t nev, size_t k, int32_t pid)
{
	snprintf(w->comm, sizeof(w->comm), "?");
	w->prio = -1;
	for (size_t q = k, n = 0; q < nev && n < BACK; q++, n++)
		if (ev[q].kind == RTB_TEV_SWITCH && ev[q].prev == pid) {
			snprintf(w->comm, sizeof(w->comm), "%s", ev[q].prev_comm[0] ? ev[q].prev_comm : "?");
			w->prio = ev[q].old_prio;
			return;
		}
	for (size_t q = k, n = 0; q-- > 0 && n < BACK; n++)
		if (ev[q].kind == RTB_TEV_SWITCH && ev[q].pid == pid) {
			snprintf(w->comm, sizeof(w->comm), "%s", ev[q].comm[0] ? ev[q].comm : "?");
			w->prio = ev[q].new_prio;
			return;
		}
}

/* nmi - an NMI of length ns ended at e: move it from the last charge. */
static void nmi(struct walk *w, const struct rtb_tev *e)
{
	int64_t ns = e->expiry_ns > 0 ? e->expiry_ns : 0;
	int fresh, i;

	if (w->last_acc >= 0) {
		if (ns > w->acc[w->last_acc].ns)
			ns = w->acc[w->last_acc].ns;
		w->acc[w->last_acc].ns -= ns;
	}
	push(w, RTB_CAUSE_NMI, "NMI", -1);
	bool known = cause_of(w, e->t, &i, &fresh);
	w->depth--;
	if (known) {
		w->acc[i].ns += ns;
		w->acc[i].count++;
	} else {
		w->lost_ns += ns;
	}
}

int rtb_trace_explain(const struct rtb_tev *ev, size_t nev, uint64_t from, uint64_t to, int cpu,
		      long tid, double ticks_per_ns, struct rtb_explain *x)
{
	static struct walk w;
	size_t a, b, k;

	if (!x || (!ev && nev) || ticks_per_ns <= 0 || (int64_t)(to - from) < 0)
		return RTB_EINVAL;
	memset(x, 0, sizeof(*x));
	memset(&w, 0, sizeof(w));
	w.tid = tid;
	w.from = from;
	w.tpn = ticks_per_ns;
	w.task = -1;
	w.prio = -1;
	w.last_acc = -1;
	snprintf(w.comm, sizeof(w.comm), "?");
	a = rtb_tev_lower(ev, nev, from);
	b = rtb_tev_lower(ev, nev, to + 1);
	if (cpu < 0)
		for (k = b; k-- > 0 && cpu < 0;)
			if (ev[k].kind == RTB_TEV_SWITCH && ev[k].pid == tid)
				cpu = ev[k].cpu;
	if (cpu < 0)
		return RTB_EINVAL;
	x->cpu = cpu;
	x->window_ns = to_ns(&w, to - from);
	/* the context at `from`: the last switch before it, replayed up */
	size_t s = a, lim = a > BACK ? a - BACK : 0;
	while (s > lim && !(ev[s - 1].kind == RTB_TEV_SWITCH && ev[s - 1].cpu == cpu))
		s--;
	if (s > lim)
		s--;
	size_t lastk = (size_t)-1;
	for (k = s; k < a; k++)
		if (ev[k].cpu == cpu) {
			step(&w, &ev[k]);
			lastk = k;
		}
	/* the task the last event before the window ran in, if the switch
	 * to it was not recorded (out of the idle task) */
	if (lastk != (size_t)-1 && ev[lastk].kind != RTB_TEV_SWITCH && ev[lastk].cur != w.task) {
		w.task = ev[lastk].cur;
		learn(&w, ev, nev, lastk, w.task);
	}
	if (w.task < 0) /* no switch seen: the task the first event ran in */
		for (k = a; k < b && w.task < 0; k++)
			if (ev[k].cpu == cpu) {
				w.task = ev[k].kind == RTB_TEV_SWITCH ? ev[k].prev : ev[k].cur;
				learn(&w, ev, nev, k, w.task);
			}
	uint64_t last = from;
	int entered = 1;
	for (k = a; k < b; k++) {
		const struct rtb_tev *e = &ev[k];
		if (e->cpu != cpu)
			continue;
		x->nev++;
		/* the task an event ran in (a switch: the one leaving) is who
		 * held the CPU since the last event: a switch this trace did
		 * not record (out of the idle task, on some kernels) shows so */
		int32_t in = e->kind == RTB_TEV_SWITCH ? e->prev : e->cur;
		if (in != w.task && in >= 0) {
			w.task = in;
			learn(&w, ev, nev, k, in);
			entered = 1;
		}
		if (e->t != last) {
			charge(&w, last, e->t, entered);
			entered = 0;
		}
		last = e->t;
		if (e->kind == RTB_TEV_NMI) {
			nmi(&w, e);
			continue;
		}
		if (step(&w, e))
			entered = 1;
	}
	if (to != last)
		charge(&w, last, to, entered);
	/* largest first; the rest lumped */
	for (int i = 0; i < w.nacc; i++)
		for (int j = i + 1; j < w.nacc; j++)
			if (w.acc[j].ns > w.acc[i].ns) {
				struct rtb_cause t = w.acc[i];
				w.acc[i] = w.acc[j];
				w.acc[j] = t;
			}
	for (int i = 0; i < w.nacc; i++) {
		if (w.acc[i].ns <= 0 && w.acc[i].kind != RTB_CAUSE_NMI)
			continue;
		if (x->ncause < RTB_CAUSE_MAX)
			x->cause[x->ncause++] = w.acc[i];
		else
			x->other_ns += w.acc[i].ns;
	}
	x->other_ns += w.lost_ns;
	return 0;
}

void rtb_explain_noise_gap(struct rtb_explain *x)
{
	for (int q = 0; q < x->ncause; q++)
		if (x->cause[q].kind == RTB_CAUSE_SELF) {
			x->cause[q].kind = RTB_CAUSE_UNSEEN;
			snprintf(x->cause[q].name, sizeof(x->cause[q].name), "none seen");
		}
}

/* cause_text - one cause as words. */
static int cause_text(char *out, size_t len, const struct rtb_cause *c)
{
	switch (c->kind) {
	case RTB_CAUSE_TASK:
		if (c->prio >= 0 && c->prio < 100)
			return snprintf(out, len, "task %s (pid %d) RT prio %d", c->name, (int)c->pid, 99 - (int)c->prio);
		if (c->prio >= 100)
			return snprintf(out, len, "task %s (pid %d) prio %d", c->name, (int)c->pid, (int)c->prio);
		return snprintf(out, len, "task %s (pid %d)", c->name, (int)c->pid);
	case RTB_CAUSE_SELF:
		return snprintf(out, len, "the measured task %s (pid %d) itself", c->name, (int)c->pid);
	case RTB_CAUSE_IRQ:
		return snprintf(out, len, "irq %d %s", (int)c->pid, c->name);
	case RTB_CAUSE_SOFTIRQ:
		return snprintf(out, len, "softirq %s", c->name);
	case RTB_CAUSE_VEC:
		return snprintf(out, len, "interrupt %s", c->name);
	case RTB_CAUSE_NMI:
		return snprintf(out, len, "NMI");
	case RTB_CAUSE_UNSEEN:
		return snprintf(out, len, "no event seen (hardware or hypervisor)");
	case RTB_CAUSE_IDLE:
		return snprintf(out, len, "idle, no event seen (idle exit, hardware or hypervisor)");
	}
	return snprintf(out, len, "?");
}

void rtb_explain_line(const char *id, const char *what, int64_t sample_ns, const struct rtb_explain *x,
		      char *out, size_t len)
{
	size_t l;
	int w = snprintf(out, len, "%s %s %.1f us on CPU %d:", id, what, (double)sample_ns / 1000.0, x->cpu);

	l = w > 0 ? (size_t)w : 0;
	for (int i = 0; i < x->ncause && i < 4 && l + 1 < len; i++) {
		char c[96];
		const struct rtb_cause *k = &x->cause[i];
		cause_text(c, sizeof(c), k);
		w = snprintf(out + l, len - l, "%s %.1f us (%.0f%%) %s", i ? "," : "", (double)k->ns / 1000.0,
			     sample_ns > 0 ? 100.0 * (double)k->ns / (double)sample_ns : 0.0, c);
		l += w > 0 ? (size_t)w : 0;
	}
	if (!x->ncause && l + 1 < len)
		snprintf(out + l, len - l, " no events on that CPU in the window");
}
