/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the worst events, explained: what held a CPU during one
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
 * that much is moved from whatever the stretch was charged to.
 *
 * Once the phases are cut (rtb_trace_phases), the window's list follows
 * their rule: before a timer sample's interrupt no task is a cause, so the
 * time there outside every handler, whoever was current (on a KVM guest
 * often tens of ms with no event at all), is one entry of its own
 * (RTB_CAUSE_UNSEEN, "none seen"), the same time as that phase's
 * unseen_ns, never a task's share. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "rtbench/trace.h"
#include "rtbench/err.h"

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
	int noev;               /* stretches outside every handler before
				 * noev_to are no event seen (the phases'
				 * before-the-interrupt rule) */
	uint64_t noev_to;
	uint64_t from;
	double tpn;
};

static int64_t to_ns(const struct walk *w, uint64_t dt)
{
	return (int64_t)((double)dt / w->tpn + 0.5);
}

/* cause_of - the index of the cause of the running context (unseen: the
 * no-event entry instead) into *idx, added if new (*is_new); false when the
 * table of causes is full. */
static bool cause_of(struct walk *w, uint64_t t, int unseen, int *idx, int *is_new)
{
	struct rtb_cause c = { 0 };

	if (unseen) {
		c.kind = RTB_CAUSE_UNSEEN;
		snprintf(c.name, sizeof(c.name), "none seen");
		c.pid = -1;
		c.prio = -1;
	} else if (w->depth) {
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

/* charge_to - the stretch [t0, t1) to the running context, or (unseen) to
 * the no-event entry. */
static void charge_to(struct walk *w, uint64_t t0, uint64_t t1, int entered, int unseen)
{
	int fresh, i;
	int64_t ns = to_ns(w, t1 - t0);

	if (!cause_of(w, t0, unseen, &i, &fresh)) {
		w->last_acc = -1;
		w->lost_ns += ns;
		return;
	}
	w->last_acc = i;
	w->acc[i].ns += ns;
	if (fresh || entered)
		w->acc[i].count++;
}

/* charge - the stretch [t0, t1): outside every handler before noev_to it
 * is no event seen, the rest the running context's. */
static void charge(struct walk *w, uint64_t t0, uint64_t t1, int entered)
{
	if (w->noev && !w->depth && (int64_t)(t0 - w->noev_to) < 0) {
		uint64_t m = (int64_t)(t1 - w->noev_to) > 0 ? w->noev_to : t1;
		charge_to(w, t0, m, entered, 1);
		if (m == t1)
			return;
		t0 = m;
		entered = 1;
	}
	charge_to(w, t0, t1, entered, 0);
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
	case RTB_TEV_TIMER_IRQ: /* x86's vector, or the interrupt named (arm64's arch_timer) */
		push(w, RTB_CAUSE_VEC, e->comm[0] ? e->comm : "local_timer", -1);
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
	bool known = cause_of(w, e->t, 0, &i, &fresh);
	w->depth--;
	if (known) {
		w->acc[i].ns += ns;
		w->acc[i].count++;
	} else {
		w->lost_ns += ns;
	}
}

/* replay - set w up for a window [from, to] on cpu: the context at `from`
 * rebuilt from the last switch before it. *a, *b: the window's events. */
static void replay(struct walk *w, const struct rtb_tev *ev, size_t nev, uint64_t from, uint64_t to, int cpu,
		   long tid, double tpn, size_t *a, size_t *b)
{
	size_t k;

	memset(w, 0, sizeof(*w));
	w->tid = tid;
	w->from = from;
	w->tpn = tpn;
	w->task = -1;
	w->prio = -1;
	w->last_acc = -1;
	snprintf(w->comm, sizeof(w->comm), "?");
	*a = rtb_tev_lower(ev, nev, from);
	*b = rtb_tev_lower(ev, nev, to + 1);
	size_t s = *a, lim = *a > BACK ? *a - BACK : 0;
	while (s > lim && !(ev[s - 1].kind == RTB_TEV_SWITCH && ev[s - 1].cpu == cpu))
		s--;
	if (s > lim)
		s--;
	size_t lastk = (size_t)-1;
	for (k = s; k < *a; k++)
		if (ev[k].cpu == cpu) {
			step(w, &ev[k]);
			lastk = k;
		}
	/* the task the last event before the window ran in, if the switch
	 * to it was not recorded (out of the idle task) */
	if (lastk != (size_t)-1 && ev[lastk].kind != RTB_TEV_SWITCH && ev[lastk].cur != w->task) {
		w->task = ev[lastk].cur;
		learn(w, ev, nev, lastk, w->task);
	}
	if (w->task < 0) /* no switch seen: the task the first event ran in */
		for (k = *a; k < *b && w->task < 0; k++)
			if (ev[k].cpu == cpu) {
				w->task = ev[k].kind == RTB_TEV_SWITCH ? ev[k].prev : ev[k].cur;
				learn(w, ev, nev, k, w->task);
			}
}

/* walk_window - charge every stretch of [from, to] on cpu to the context
 * running then (w set up by replay); returns the events seen. */
static uint32_t walk_window(struct walk *w, const struct rtb_tev *ev, size_t nev, size_t a, size_t b,
			    uint64_t from, uint64_t to, int cpu)
{
	uint64_t last = from;
	uint32_t seen = 0;
	int entered = 1;

	for (size_t k = a; k < b; k++) {
		const struct rtb_tev *e = &ev[k];
		if (e->cpu != cpu)
			continue;
		seen++;
		/* the task an event ran in (a switch: the one leaving) is who
		 * held the CPU since the last event: a switch this trace did
		 * not record (out of the idle task, on some kernels) shows so */
		int32_t in = e->kind == RTB_TEV_SWITCH ? e->prev : e->cur;
		if (in != w->task && in >= 0) {
			w->task = in;
			learn(w, ev, nev, k, in);
			entered = 1;
		}
		if (e->t != last) {
			charge(w, last, e->t, entered);
			entered = 0;
		}
		last = e->t;
		if (e->kind == RTB_TEV_NMI) {
			nmi(w, e);
			continue;
		}
		if (step(w, e))
			entered = 1;
	}
	if (to != last)
		charge(w, last, to, entered);
	return seen;
}

/* sort_acc - the causes, largest first. */
static void sort_acc(struct walk *w)
{
	for (int i = 0; i < w->nacc; i++)
		for (int j = i + 1; j < w->nacc; j++)
			if (w->acc[j].ns > w->acc[i].ns) {
				struct rtb_cause t = w->acc[i];
				w->acc[i] = w->acc[j];
				w->acc[j] = t;
			}
}

/* list_causes - x's list from w: largest first, the rest lumped in other_ns;
 * the no-event entry is never lumped (it is no holder: "held by causes past
 * the 8" would misname it), it takes the last place instead. */
static void list_causes(struct walk *w, struct rtb_explain *x)
{
	sort_acc(w);
	x->ncause = 0;
	x->other_ns = w->lost_ns;
	for (int i = 0; i < w->nacc; i++) {
		const struct rtb_cause *c = &w->acc[i];
		if (c->ns <= 0 && c->kind != RTB_CAUSE_NMI)
			continue;
		if (x->ncause < RTB_CAUSE_MAX) {
			x->cause[x->ncause++] = *c;
			continue;
		}
		if (c->kind == RTB_CAUSE_UNSEEN) {
			x->other_ns += x->cause[RTB_CAUSE_MAX - 1].ns;
			x->cause[RTB_CAUSE_MAX - 1] = *c;
		} else {
			x->other_ns += c->ns;
		}
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
	if (cpu < 0)
		for (k = rtb_tev_lower(ev, nev, to + 1); k-- > 0 && cpu < 0;)
			if (ev[k].kind == RTB_TEV_SWITCH && ev[k].pid == tid)
				cpu = ev[k].cpu;
	if (cpu < 0)
		return RTB_EINVAL;
	replay(&w, ev, nev, from, to, cpu, tid, ticks_per_ns, &a, &b);
	x->cpu = cpu;
	x->window_ns = to_ns(&w, to - from);
	x->nev = walk_window(&w, ev, nev, a, b, from, to, cpu);
	list_causes(&w, x);
	/* events the OS dropped on the CPU between two of its events: the
	 * first one after the drop says so; a drop inside (from, to] shows
	 * on an event in the window or on the CPU's first one after it */
	for (k = rtb_tev_lower(ev, nev, from + 1); k < nev && !x->events_lost; k++)
		if (ev[k].cpu == cpu) {
			x->events_lost = ev[k].lost_before;
			if ((int64_t)(ev[k].t - to) > 0)
				break;
		}
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

/* ---- phases first, then holders ------------------------------------------ */


/* is_handler - a cause that runs with the CPU taken from every task: it can
 * hold an interrupt off (an interrupt handler, a system vector, an NMI) or
 * run inside one (a softirq on interrupt exit). */
static int is_handler(uint8_t kind)
{
	return kind == RTB_CAUSE_IRQ || kind == RTB_CAUSE_VEC || kind == RTB_CAUSE_NMI || kind == RTB_CAUSE_SOFTIRQ;
}

/* phase_cuts - the phase boundaries of a sample from its components
 * (comp_ns, the matcher's; NULL: found from the events here, TIMER only):
 * cut[0] = from ... cut[n] = to, kinds kind[0..n). Returns n, 0 when the
 * kind has no phases or the events to cut it are missing. */
static int phase_cuts(enum rtb_trace_kind kind, const struct rtb_tev *ev, size_t nev, uint64_t from,
		      uint64_t to, int cpu, long tid, double tpn, const int64_t *comp_ns, uint64_t *cut,
		      uint8_t *pk)
{
	int64_t len[RTB_PHASE_MAX] = { 0 };
	int n = 0;

	if (kind == RTB_TRACE_TIMER) {
		pk[0] = RTB_PHASE_PRE_IRQ, pk[1] = RTB_PHASE_IRQ, pk[2] = RTB_PHASE_WAKE, pk[3] = RTB_PHASE_SELF;
		n = 4;
		if (comp_ns) {
			len[0] = comp_ns[0], len[1] = comp_ns[1] + comp_ns[2], len[2] = comp_ns[3];
		} else {
			/* unmatched: the task's waking in the window, the
			 * timer interrupt it ran in, the switch to it after */
			size_t a = rtb_tev_lower(ev, nev, from), b = rtb_tev_lower(ev, nev, to + 1);
			size_t wk = (size_t)-1, irq = (size_t)-1, sw = (size_t)-1;
			for (size_t k = a; k < b && wk == (size_t)-1; k++)
				if (ev[k].kind == RTB_TEV_WAKING && ev[k].pid == tid && ev[k].cpu == cpu)
					wk = k;
			if (wk == (size_t)-1)
				return 0;
			for (size_t k = wk; k-- > 0 && irq == (size_t)-1;)
				if (ev[k].cpu == cpu && ev[k].kind == RTB_TEV_TIMER_IRQ)
					irq = k;
			for (size_t k = wk + 1; k < b && sw == (size_t)-1; k++)
				if (ev[k].kind == RTB_TEV_SWITCH && ev[k].pid == tid)
					sw = k;
			if (irq == (size_t)-1)
				return 0;
			uint64_t it = (int64_t)(ev[irq].t - from) < 0 ? from : ev[irq].t;
			uint64_t st = sw == (size_t)-1 ? ev[wk].t : ev[sw].t;
			len[0] = (int64_t)((double)(it - from) / tpn + 0.5);
			len[1] = (int64_t)((double)(int64_t)(ev[wk].t - it) / tpn + 0.5);
			len[2] = (int64_t)((double)(int64_t)(st - ev[wk].t) / tpn + 0.5);
		}
	} else if (kind == RTB_TRACE_WAKE && comp_ns) {
		pk[0] = RTB_PHASE_CALL, pk[1] = RTB_PHASE_WAKE, pk[2] = RTB_PHASE_SELF;
		n = 3;
		len[0] = comp_ns[0], len[1] = comp_ns[1];
	} else if (kind == RTB_TRACE_SLICE && comp_ns) {
		/* a quantum's end (trace_match.c): the outgoing task's last
		 * stamp -> the tick's interrupt (its loop stamps every few ns:
		 * a long one is time nothing in the trace ran in), the
		 * interrupt -> the switch, the switch -> the incoming stamp */
		pk[0] = RTB_PHASE_PRE_IRQ, pk[1] = RTB_PHASE_IRQ, pk[2] = RTB_PHASE_SELF;
		n = 3;
		len[0] = comp_ns[0], len[1] = comp_ns[1];
	} else if (kind == RTB_TRACE_PINGPONG && comp_ns) {
		/* the round trip's components, in order (trace_match.c) */
		pk[0] = RTB_PHASE_CALL, pk[1] = RTB_PHASE_WAKE, pk[2] = RTB_PHASE_PEER;
		pk[3] = RTB_PHASE_WAKE_BACK, pk[4] = RTB_PHASE_SELF;
		n = 5;
		for (int i = 0; i < 4; i++)
			len[i] = comp_ns[i];
	} else {
		return 0;
	}
	/* the cuts, kept in order and inside the window (a component of a
	 * disagreeing sample can be negative) */
	cut[0] = from;
	for (int i = 1; i < n; i++) {
		int64_t l = len[i - 1] > 0 ? len[i - 1] : 0;
		uint64_t c = cut[i - 1] + (uint64_t)((double)l * tpn + 0.5);
		cut[i] = (int64_t)(c - to) > 0 ? to : c;
	}
	cut[n] = to;
	return n;
}

int rtb_trace_phases(const struct rtb_tev *ev, size_t nev, enum rtb_trace_kind kind, uint64_t from, uint64_t to,
		     long tid, const int64_t *comp_ns, double ticks_per_ns, struct rtb_explain *x)
{
	static struct walk w;
	uint64_t cut[RTB_PHASE_MAX + 1];
	uint8_t pk[RTB_PHASE_MAX];
	size_t a, b;

	if (!x || (!ev && nev) || ticks_per_ns <= 0 || (int64_t)(to - from) < 0)
		return RTB_EINVAL;
	x->nphase = 0;
	x->main_phase = -1;
	memset(x->phase, 0, sizeof(x->phase));
	int n = phase_cuts(kind, ev, nev, from, to, x->cpu, tid, ticks_per_ns, comp_ns, cut, pk);
	for (int i = 0; i < n; i++) {
		struct rtb_phase *p = &x->phase[x->nphase++];
		replay(&w, ev, nev, cut[i], cut[i + 1], x->cpu, tid, ticks_per_ns, &a, &b);
		if (i + 1 < n) /* an event on a cut belongs to the phase it starts */
			b = rtb_tev_lower(ev, nev, cut[i + 1]);
		p->kind = pk[i];
		p->events_lost = x->events_lost;
		p->virt = x->virt;
		p->ns = to_ns(&w, cut[i + 1] - cut[i]);
		/* who was current when the phase began (inside a handler
		 * or not): idle there, before the interrupt, is an exit
		 * from idle */
		p->cur.kind = w.task == 0 ? RTB_CAUSE_IDLE : w.task == tid ? RTB_CAUSE_SELF : RTB_CAUSE_TASK;
		snprintf(p->cur.name, sizeof(p->cur.name), "%s", w.task == 0 ? "idle" : w.comm);
		p->cur.pid = w.task;
		p->cur.prio = w.prio;
		p->nev = walk_window(&w, ev, nev, a, b, cut[i], cut[i + 1], x->cpu);
		sort_acc(&w);
		for (int q = 0; q < w.nacc; q++) {
			const struct rtb_cause *c = &w.acc[q];
			if (c->ns <= 0 && c->kind != RTB_CAUSE_NMI)
				continue;
			/* Before the interrupt a task cannot be the cause: the
			 * interrupt was held off (interrupts off, an SMI, the
			 * vCPU not running) whoever was current; that time is
			 * said as such, the task named as current only. */
			if (p->kind == RTB_PHASE_PRE_IRQ && !is_handler(c->kind)) {
				p->unseen_ns += c->ns;
				if (c->kind == RTB_CAUSE_IDLE)
					p->idle_exit = 1;
				continue;
			}
			if (p->nheld < RTB_PHASE_TOP)
				p->held[p->nheld++] = *c;
		}
		if (p->kind == RTB_PHASE_PRE_IRQ && p->cur.kind == RTB_CAUSE_IDLE)
			p->idle_exit = 1;
		if (x->main_phase < 0 || p->ns > x->phase[x->main_phase].ns)
			x->main_phase = x->nphase - 1;
	}
	/* the window's list by the same rule: the time before the interrupt
	 * outside every handler is no event seen, never a task's share (the
	 * whole-window walk charged it to the task current then) */
	if (n && pk[0] == RTB_PHASE_PRE_IRQ && cut[1] != cut[0]) {
		replay(&w, ev, nev, from, to, x->cpu, tid, ticks_per_ns, &a, &b);
		w.noev = 1;
		w.noev_to = cut[1];
		walk_window(&w, ev, nev, a, b, from, to, x->cpu);
		list_causes(&w, x);
	}
	return 0;
}


void rtb_explain_line(const char *id, const char *what, int64_t sample_ns, const struct rtb_explain *x,
		      char *out, size_t len)
{
	size_t l;
	int w = snprintf(out, len, "%s %s %.1f us on CPU %d:", id, what, (double)sample_ns / 1000.0, x->cpu);

	l = w > 0 ? (size_t)w : 0;
	if (x->nphase > 0 && x->main_phase >= 0) {
		/* phases first, largest first: the largest in full, the
		 * others over a tenth of the sample by their top holder */
		int order[RTB_PHASE_MAX], n = 0;
		for (int i = 0; i < x->nphase; i++)
			order[n++] = i;
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++)
				if (x->phase[order[j]].ns > x->phase[order[i]].ns) {
					int t = order[i];
					order[i] = order[j];
					order[j] = t;
				}
		for (int i = 0; i < n && l + 1 < len; i++) {
			const struct rtb_phase *p = &x->phase[order[i]];
			if (i && p->ns * 10 < sample_ns)
				break;
			if (l + 1 < len)
				l += (size_t)snprintf(out + l, len - l, "%s ", i ? ";" : "");
			if (l + 1 < len)
				l += (size_t)rtb_phase_text(out + l, len - l, p, sample_ns, i ? 1 : 3);
		}
		if (l >= len && len > 4)
			memcpy(out + len - 4, "...", 4);
		return;
	}
	for (int i = 0; i < x->ncause && i < 4 && l + 1 < len; i++) {
		char c[96];
		const struct rtb_cause *k = &x->cause[i];
		rtb_cause_text(c, sizeof(c), k);
		w = snprintf(out + l, len - l, "%s %.1f us (%.0f%%) %s", i ? "," : "", (double)k->ns / 1000.0,
			     sample_ns > 0 ? 100.0 * (double)k->ns / (double)sample_ns : 0.0, c);
		l += w > 0 ? (size_t)w : 0;
	}
	if (!x->ncause && l + 1 < len)
		l += (size_t)snprintf(out + l, len - l, " no events on that CPU in the window");
	/* a VM: a handler or task that held the CPU for milliseconds may be
	 * the host's stop of the vCPU, which the guest's trace cannot see */
	if (x->virt && x->ncause && l + 1 < len)
		snprintf(out + l, len - l, " (a VM: any of it may be the vCPU not running)");
}
