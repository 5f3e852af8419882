/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the matcher: rtbench's samples against the OS's event trace.
 *
 * A pure function (no OS, no allocation, no I/O): a time-sorted array of
 * port-neutral events and, per sample, its absolute marks on the trace clock,
 * in; per sample the components of the interval and whether the trace agrees
 * with rtbench, out. Windows never overlap and come in time order, so one
 * binary search per sample finds its events.
 *
 * What the trace can see and rtbench cannot (and the reverse):
 *   TIMER  programmed expiry (rtbench's, checked equal to the expiry the
 *          kernel was given: the timer-arm event's) -> timer interrupt entry
 *          -> the timer's handler -> waking the task -> switch to it ->
 *          rtbench's stamp. When the interrupt that ran the handler had
 *          entered before the expiry (the tick's, or another timer's, still
 *          running when this one came due), expiry -> interrupt is 0 and
 *          the handling starts at the expiry. The trace's interval is expiry -> switch; the
 *          rest (switch -> stamp) is the return to user space: a
 *          component (switch_to_stamp), part of the latency, not a
 *          disagreement; the two disagree only when the switch comes
 *          after rtbench's stamp.
 *   WAKE   rtbench's stamp before the waking call -> the kernel starts
 *          waking the waiter -> switch to the waiter -> the waiter's stamp.
 *          The trace's interval is waking -> switch.
 *   SLICE  the outgoing task's last stamp -> the timer interrupt that ends
 *          its quantum -> switch to the peer -> the peer's first stamp;
 *          each switch is checked to be a preemption (outgoing task still
 *          runnable), not a block or a migration.
 *   PINGPONG  a pipe round trip: stamp -> waking the peer -> the stamping
 *          task blocks, switch to the peer -> the peer wakes it back ->
 *          switch back -> stamp. The trace's interval is first waking ->
 *          switch back.
 *   PI     per trial (tSlowTask holds the mutex -> its release stamp), whether
 *          the holder's priority was raised by the inheritance machinery,
 *          and whether the middle task (peer) preempted the holder (switched it
 *          out still runnable) while it held the mutex: without a protocol
 *          it does; with inheritance or a ceiling it must not.
 * Component values are in ns; the last component is the sample minus the
 * others, so the components add up to the sample exactly. */
#include <string.h>
#include "rtbench/trace.h"
#include "rtbench/err.h"

/* Conversion slack: expiry positions come from rtbench's CLOCK_MONOTONIC
 * stamps converted to the trace clock over one sample's length; allow this
 * much before calling an event "before the expiry". */
#define SLACK_NS 100

int rtb_trace_diff_metric(enum rtb_trace_kind kind)
{
	/* a timer's difference is its last component, switch_to_stamp, to the
	 * ns: a metric of it would repeat that one in every table */
	return kind != RTB_TRACE_TIMER && kind != RTB_TRACE_PI && kind != RTB_TRACE_NOISE;
}

/* rtb_tev_lower - first index of ev[0..n) (in time order) with t >= x,
 * n when none; the trace clock may wrap, so times compare as differences. */
size_t rtb_tev_lower(const struct rtb_tev *ev, size_t n, uint64_t x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if ((int64_t)(ev[mid].t - x) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int64_t ns(const struct rtb_trace_in *in, int64_t ticks)
{
	return (int64_t)((double)ticks / in->ticks_per_ns + (ticks >= 0 ? 0.5 : -0.5));
}

/* agrees - a matched sample's verdict from rtbench's interval minus the
 * trace's: the trace's interval must lie inside rtbench's (a negative
 * difference: the two clocks disagree). The difference itself is the
 * components outside the trace's interval (a timer's switch_to_stamp, a
 * wake-up's call_to_waking + switch_to_stamp): a real part of the latency,
 * shown as components, not a disagreement, so no upper bound unless the
 * caller sets one (tol_ns > 0: an offline check). */
static enum rtb_trace_why agrees(const struct rtb_trace_in *in, int64_t diff_ns)
{
	if (diff_ns < 0)
		return RTB_TW_LONGER;
	return in->tol_ns > 0 && diff_ns > in->tol_ns ? RTB_TW_TOLERANCE : RTB_TW_OK;
}

/* finish - the last component is the sample minus the others (an absent
 * one adds nothing). */
static void finish(const struct rtb_trace_in *in, struct rtb_trace_out *o, size_t i,
		   const int64_t *c, int nc)
{
	int64_t sum = 0;
	for (int k = 0; k < nc - 1; k++) {
		o->comp[k][i] = c[k];
		sum += c[k] != RTB_COMP_ABSENT ? c[k] : 0;
	}
	o->comp[nc - 1][i] = in->sample_ns[i] - sum;
}

/* match_timer - sample i of a task sleeping until an absolute expiry. */
static enum rtb_trace_why match_timer(const struct rtb_trace_in *in, struct rtb_trace_out *o,
				      size_t i, uint64_t after)
{
	const struct rtb_tev *ev = in->ev;
	const struct rtb_trace_marks *mk = in->mk;
	const uint64_t e = mk->end[i];
	const uint64_t s = e - (uint64_t)((double)in->sample_ns[i] * in->ticks_per_ns + 0.5);
	const uint64_t slack = (uint64_t)(SLACK_NS * in->ticks_per_ns);
	size_t from = rtb_tev_lower(ev, in->nev, after), to = rtb_tev_lower(ev, in->nev, e + 1);
	size_t arm = (size_t)-1, fire = (size_t)-1, irq = (size_t)-1, wk = (size_t)-1, sw = (size_t)-1;

	/* the task armed its timer for exactly this expiry after its last wake */
	for (size_t k = from; k < to; k++)
		if (ev[k].kind == RTB_TEV_TIMER_ARM && ev[k].cur == mk->tid &&
		    ev[k].expiry_ns == mk->expiry_ns[i])
			arm = k;
	if (arm == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	for (size_t k = arm + 1; k < to && fire == (size_t)-1; k++)
		if (ev[k].kind == RTB_TEV_TIMER_FIRE && ev[k].timer == ev[arm].timer)
			fire = k;
	if (fire == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	for (size_t k = fire; k-- > arm;)
		if (ev[k].kind == RTB_TEV_TIMER_IRQ && ev[k].cpu == ev[fire].cpu) {
			irq = k;
			break;
		}
	for (size_t k = fire + 1; k < to && wk == (size_t)-1; k++)
		if (ev[k].kind == RTB_TEV_WAKING && ev[k].pid == mk->tid)
			wk = k;
	if (irq == (size_t)-1 || wk == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	for (size_t k = wk + 1; k < to && sw == (size_t)-1; k++)
		if (ev[k].kind == RTB_TEV_SWITCH && ev[k].pid == mk->tid)
			sw = k;
	/* woken while still on its CPU (it had not switched out yet: it
	 * armed the timer late, for an expiry already past): no switch */
	if (sw == (size_t)-1 && ev[wk].cur == mk->tid)
		sw = wk;
	if (sw == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	if ((int64_t)(ev[fire].t + slack - s) < 0)
		return RTB_TW_ORDER;          /* the handler ran before the expiry */
	/* An interrupt that entered before the expiry (the tick's, or another
	 * timer's) and found this timer expired by the time it looked: no
	 * interrupt latency of its own; expiry -> handler is all handling. */
	const uint64_t irq_t = (int64_t)(ev[irq].t - s) < 0 ? s : ev[irq].t;
	/* The handler's event can precede the expiry as placed from rtbench's
	 * clock by tens of ns (up to SLACK_NS is let through above): the
	 * kernel read its own clock, rtbench's expiry is converted to the
	 * trace clock. Not a negative duration: irq_to_handler is then 0 and
	 * handler_to_waking starts at the expiry (the sum is unchanged). */
	const uint64_t fire_t = (int64_t)(ev[fire].t - irq_t) < 0 ? irq_t : ev[fire].t;
	int64_t c[5] = {
		ns(in, (int64_t)(irq_t - s)), ns(in, (int64_t)(fire_t - irq_t)),
		ns(in, (int64_t)(ev[wk].t - fire_t)), ns(in, (int64_t)(ev[sw].t - ev[wk].t)), 0,
	};
	/* what did not happen is absent, not a measured 0: an interrupt
	 * already running at the expiry had no latency of its own; a task
	 * woken on its own CPU was not switched to */
	if (irq_t != ev[irq].t)
		c[0] = RTB_COMP_ABSENT;
	if (sw == wk)
		c[3] = RTB_COMP_ABSENT;
	finish(in, o, i, c, 5);
	o->diff_ns[i] = ns(in, (int64_t)(e - ev[sw].t));
	return agrees(in, o->diff_ns[i]);
}

/* match_wake - sample i of a task waking another: [start, end] holds the
 * waking of tid and the switch to it. */
static enum rtb_trace_why match_wake(const struct rtb_trace_in *in, struct rtb_trace_out *o, size_t i)
{
	const struct rtb_tev *ev = in->ev;
	const struct rtb_trace_marks *mk = in->mk;
	const uint64_t s = mk->start[i], e = mk->end[i];
	size_t from = rtb_tev_lower(ev, in->nev, s), to = rtb_tev_lower(ev, in->nev, e + 1);
	size_t wk = (size_t)-1, sw = (size_t)-1;

	for (size_t k = from; k < to && wk == (size_t)-1; k++)
		if (ev[k].kind == RTB_TEV_WAKING && ev[k].pid == mk->tid)
			wk = k;
	if (wk == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	for (size_t k = wk + 1; k < to && sw == (size_t)-1; k++)
		if (ev[k].kind == RTB_TEV_SWITCH && ev[k].pid == mk->tid)
			sw = k;
	if (sw == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	int64_t c[3] = { ns(in, (int64_t)(ev[wk].t - s)), ns(in, (int64_t)(ev[sw].t - ev[wk].t)), 0 };
	finish(in, o, i, c, 3);
	o->diff_ns[i] = in->sample_ns[i] - c[1];
	return agrees(in, o->diff_ns[i]);
}

/* first_of - index of the first event of kind k about task pid in
 * [from, to), or (size_t)-1. */
static size_t first_of(const struct rtb_tev *ev, size_t from, size_t to, int kind, long pid)
{
	for (size_t k = from; k < to; k++)
		if (ev[k].kind == kind && ev[k].pid == pid)
			return k;
	return (size_t)-1;
}

/* match_pingpong - sample i of a round trip: tid wakes peer, blocks, the
 * CPU switches to peer, peer wakes tid, switches back. */
static enum rtb_trace_why match_pingpong(const struct rtb_trace_in *in, struct rtb_trace_out *o, size_t i)
{
	const struct rtb_tev *ev = in->ev;
	const struct rtb_trace_marks *mk = in->mk;
	const uint64_t s = mk->start[i], e = mk->end[i];
	size_t to = rtb_tev_lower(ev, in->nev, e + 1);
	size_t w1 = first_of(ev, rtb_tev_lower(ev, in->nev, s), to, RTB_TEV_WAKING, mk->peer_tid);
	size_t s1 = w1 == (size_t)-1 ? w1 : first_of(ev, w1 + 1, to, RTB_TEV_SWITCH, mk->peer_tid);
	size_t w2 = s1 == (size_t)-1 ? s1 : first_of(ev, s1 + 1, to, RTB_TEV_WAKING, mk->tid);
	size_t s2 = w2 == (size_t)-1 ? w2 : first_of(ev, w2 + 1, to, RTB_TEV_SWITCH, mk->tid);

	if (s2 == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	int64_t c[5] = {
		ns(in, (int64_t)(ev[w1].t - s)), ns(in, (int64_t)(ev[s1].t - ev[w1].t)),
		ns(in, (int64_t)(ev[w2].t - ev[s1].t)), ns(in, (int64_t)(ev[s2].t - ev[w2].t)), 0,
	};
	finish(in, o, i, c, 5);
	o->diff_ns[i] = in->sample_ns[i] - (c[1] + c[2] + c[3]);
	return agrees(in, o->diff_ns[i]);
}

/* match_slice - sample i of two spinning tasks: one switch between them in
 * the window, a preemption, after the interrupt that ended the quantum. */
static enum rtb_trace_why match_slice(const struct rtb_trace_in *in, struct rtb_trace_out *o, size_t i)
{
	const struct rtb_tev *ev = in->ev;
	const struct rtb_trace_marks *mk = in->mk;
	const uint64_t s = mk->start[i], e = mk->end[i];
	size_t from = rtb_tev_lower(ev, in->nev, s), to = rtb_tev_lower(ev, in->nev, e + 1);
	size_t sw = (size_t)-1, irq = (size_t)-1;

	for (size_t k = from; k < to && sw == (size_t)-1; k++)
		if (ev[k].kind == RTB_TEV_SWITCH &&
		    (ev[k].prev == mk->tid || ev[k].prev == mk->peer_tid))
			sw = k;
	if (sw == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	for (size_t k = sw; k-- > from;)
		if (ev[k].kind == RTB_TEV_TIMER_IRQ && ev[k].cpu == ev[sw].cpu) {
			irq = k;
			break;
		}
	if (irq == (size_t)-1)
		return RTB_TW_NO_EVENTS;
	int64_t c[3] = { ns(in, (int64_t)(ev[irq].t - s)), ns(in, (int64_t)(ev[sw].t - ev[irq].t)), 0 };
	finish(in, o, i, c, 3);
	o->diff_ns[i] = in->sample_ns[i] - c[1];
	/* a preemption: the outgoing task was runnable, and the incoming one is
	 * its peer on the same CPU (not a migration, not a third task) */
	int peer = ev[sw].prev == mk->tid ? (int)mk->peer_tid : (int)mk->tid;
	if (!ev[sw].prev_runnable || ev[sw].pid != peer)
		return RTB_TW_NOT_PREEMPTION;
	return agrees(in, o->diff_ns[i]);
}

/* match_pi - trial i: was the holder (tid) boosted inside it? */
static void match_pi(const struct rtb_trace_in *in, struct rtb_trace_out *o, size_t i)
{
	const struct rtb_tev *ev = in->ev;
	const struct rtb_trace_marks *mk = in->mk;
	size_t from = rtb_tev_lower(ev, in->nev, mk->start[i]), to = rtb_tev_lower(ev, in->nev, mk->end[i] + 1);
	int boosted = 0, preempted = 0;

	/* kernel-side priorities: a smaller number is a higher priority */
	for (size_t k = from; k < to; k++) {
		boosted |= ev[k].kind == RTB_TEV_PRIO && ev[k].pid == mk->tid &&
			   ev[k].new_prio < ev[k].old_prio;
		preempted |= ev[k].kind == RTB_TEV_SWITCH && ev[k].prev == mk->tid &&
			     ev[k].prev_runnable && ev[k].pid == mk->peer_tid;
	}
	if (boosted)
		o->boosted++;
	else
		o->not_boosted++;
	o->preempted += (uint64_t)preempted;
	o->why[i] = RTB_TW_OK;
}

int rtb_trace_match(const struct rtb_trace_in *in, struct rtb_trace_out *o)
{
	if (!in || !o || !in->mk || (in->n && (!in->sample_ns || !o->why)))
		return RTB_EINVAL;
	rtb_finding_comp_names(in->kind, o);
	if (in->kind != RTB_TRACE_PI && in->n && !o->diff_ns)
		return RTB_EINVAL;
	for (int k = 0; k < o->ncomp; k++)
		if (in->n && !o->comp[k])
			return RTB_EINVAL;
	o->matched = o->agree = 0;
	o->boosted = o->not_boosted = o->preempted = 0;
	for (size_t i = 0; i < in->n; i++) {
		enum rtb_trace_why w = RTB_TW_NO_EVENTS;
		switch (in->kind) {
		case RTB_TRACE_TIMER:
			/* events of sample i come after the previous sample's end */
			w = match_timer(in, o, i, i ? in->mk->end[i - 1] : 0);
			break;
		case RTB_TRACE_WAKE:
			w = match_wake(in, o, i);
			break;
		case RTB_TRACE_SLICE:
			w = match_slice(in, o, i);
			break;
		case RTB_TRACE_PINGPONG:
			w = match_pingpong(in, o, i);
			break;
		case RTB_TRACE_PI:
			match_pi(in, o, i);
			continue;
		default:
			return RTB_EINVAL;
		}
		o->why[i] = (uint8_t)w;
		if (w != RTB_TW_NO_EVENTS && w != RTB_TW_ORDER)
			o->matched++;
		if (w == RTB_TW_OK)
			o->agree++;
	}
	return 0;
}
