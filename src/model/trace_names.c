/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the names and words of the second analyzer's findings
 * (rtbench/trace_model.h): why a sample disagrees, a kind's components, a
 * cause's kind, a phase. Here, not in the trace room, because the writers
 * and the result name them without reaching the analyzer that found them. */
#include <stdio.h>
#include <string.h>
#include "rtbench/trace_model.h"

const char *rtb_finding_why_name(enum rtb_trace_why w)
{
	switch (w) {
	case RTB_TW_OK: return "ok";
	case RTB_TW_NO_EVENTS: return "no matching events";
	case RTB_TW_ORDER: return "events out of order or outside the window";
	case RTB_TW_TOLERANCE: return "outside the tolerance";
	case RTB_TW_NOT_PREEMPTION: return "switch was not a preemption";
	case RTB_TW_LONGER: return "trace's interval longer than rtbench's";
	}
	return "?";
}

struct comp_def { const char *name, *what; };

static const struct comp_def timer_comps[] = {
	{ "expiry_to_irq", "programmed expiry -> timer interrupt entry (the study's timer assertion -> ISR entry)" },
	{ "irq_to_handler", "interrupt entry -> the expired timer's handler runs" },
	{ "handler_to_waking", "timer handler -> waking the sleeping task" },
	{ "waking_to_switch", "waking -> the CPU switches to the task" },
	{ "switch_to_stamp", "switch -> the task's stamp in user space (return from the sleep call)" },
};
static const struct comp_def wake_comps[] = {
	{ "call_to_waking", "stamp before the waking call -> the kernel starts waking the waiter" },
	{ "waking_to_switch", "waking -> the waiter's CPU switches to it" },
	{ "switch_to_stamp", "switch -> the waiter's stamp (return from its blocking call)" },
};
static const struct comp_def slice_comps[] = {
	{ "stamp_to_irq", "outgoing task's last stamp -> timer interrupt that ends its quantum" },
	{ "irq_to_switch", "timer interrupt entry -> switch to the peer (the preemption)" },
	{ "switch_to_stamp", "switch -> the peer's first stamp" },
};

static const struct comp_def pingpong_comps[] = {
	{ "call_to_waking", "stamp before the write -> the kernel starts waking the peer" },
	{ "waking_to_block", "-> the stamping task blocks in its read and the CPU switches to the peer" },
	{ "peer_turn", "-> the peer's read returns, it writes back: the kernel starts waking the first task" },
	{ "waking_to_switch", "-> the peer blocks and the CPU switches back" },
	{ "switch_to_stamp", "-> the read returns and the stamp is taken" },
};

static void set_names(struct rtb_trace_out *o, const struct comp_def *d, int n)
{
	o->ncomp = n;
	for (int i = 0; i < n; i++) {
		o->comp_name[i] = d[i].name;
		o->comp_what[i] = d[i].what;
	}
}

void rtb_finding_comp_names(enum rtb_trace_kind kind, struct rtb_trace_out *out)
{
	switch (kind) {
	case RTB_TRACE_TIMER: set_names(out, timer_comps, 5); break;
	case RTB_TRACE_WAKE: set_names(out, wake_comps, 3); break;
	case RTB_TRACE_SLICE: set_names(out, slice_comps, 3); break;
	case RTB_TRACE_PINGPONG: set_names(out, pingpong_comps, 5); break;
	default: out->ncomp = 0; break;
	}
}

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

const char *rtb_phase_name(enum rtb_phase_kind k)
{
	switch (k) {
	case RTB_PHASE_PRE_IRQ: return "before_irq";
	case RTB_PHASE_IRQ: return "irq";
	case RTB_PHASE_CALL: return "before_waking";
	case RTB_PHASE_WAKE: return "after_wakeup";
	case RTB_PHASE_SELF: return "self";
	case RTB_PHASE_PEER: return "peer_turn";
	case RTB_PHASE_WAKE_BACK: return "after_wakeup_back";
	}
	return "?";
}

/* phase_words - a phase as the line says it. */
static const char *phase_words(enum rtb_phase_kind k)
{
	switch (k) {
	case RTB_PHASE_PRE_IRQ: return "before the interrupt";
	case RTB_PHASE_IRQ: return "in the interrupt";
	case RTB_PHASE_CALL: return "before the wake-up";
	case RTB_PHASE_WAKE: return "after the wake-up";
	case RTB_PHASE_SELF: return "after the switch to the task";
	case RTB_PHASE_PEER: return "in the peer's turn";
	case RTB_PHASE_WAKE_BACK: return "after the peer woke the task";
	}
	return "?";
}

/* cause_text - one cause as words. */
int rtb_cause_text(char *out, size_t len, const struct rtb_cause *c)
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

const char *rtb_phase_no_event_words(const struct rtb_phase *p)
{
	return p->idle_exit ? "exit from idle (or an SMI, or the vCPU not running)"
			    : "interrupts off, an SMI, or the vCPU not running";
}

/* phase_text - one phase as words: its length and share, then who held
 * the CPU in it (before the interrupt: the handlers seen, and the rest said
 * as time with no event, the task current then named as current only). */
int rtb_phase_text(char *out, size_t len, const struct rtb_phase *p, int64_t sample_ns, int nheld)
{
	char c[96];
	size_t l = 0;
	int said = 0; /* the vCPU already named for the holders */
	int w = snprintf(out, len, "%s %.1f us (%.0f%%)", phase_words((enum rtb_phase_kind)p->kind),
			 (double)p->ns / 1000.0, sample_ns > 0 ? 100.0 * (double)p->ns / (double)sample_ns : 0.0);

#define ADD(...) do { \
		if (l < len) { w = snprintf(out + l, len - l, __VA_ARGS__); l += w > 0 ? (size_t)w : 0; } \
	} while (0)
	l = w > 0 ? (size_t)w : 0;
	if (p->kind == RTB_PHASE_PRE_IRQ && p->unseen_ns * 2 >= p->ns) {
		if (p->nheld)
			ADD(", %.1f us of it", (double)p->unseen_ns / 1000.0);
		ADD(" no event: %s", rtb_phase_no_event_words(p));
		if (p->events_lost)
			ADD(" (but the OS dropped events in this window: no evidence)");
		if (p->cur.kind && !p->idle_exit) {
			rtb_cause_text(c, sizeof(c), &p->cur);
			ADD(" (current: %s)", c);
		}
		for (int i = 0; i < p->nheld && i < nheld; i++) {
			if (p->held[i].ns * 20 < p->ns)
				break;
			rtb_cause_text(c, sizeof(c), &p->held[i]);
			ADD("%s %s %.1f us", i ? "," : "; handlers:", c, (double)p->held[i].ns / 1000.0);
		}
		if (p->virt && p->nheld)
			ADD(" (a VM: the handlers' time too may be the vCPU not running)");
		return (int)l;
	}
	for (int i = 0; i < p->nheld && i < nheld; i++) {
		if (i && p->held[i].ns * 20 < p->ns)
			break;  /* under 5% of the phase: the JSON has them */
		rtb_cause_text(c, sizeof(c), &p->held[i]);
		ADD("%s %s %.1f us", i ? "," : ":", c, (double)p->held[i].ns / 1000.0);
		/* the task "itself" with nothing else seen: its own return to
		 * user space, or time the trace cannot see (the vCPU not
		 * running): said, not left to read as the task's own work */
		if (!i && p->kind == RTB_PHASE_SELF && p->held[i].kind == RTB_CAUSE_SELF && p->held[i].count <= 1 &&
		    p->held[i].ns * 2 > p->ns) {
			ADD(" (no other event: its return to user space, or the vCPU not running%s)",
			    p->events_lost ? "; but the OS dropped events in this window: no evidence" : "");
			said = 1;
		}
	}
	if (p->kind == RTB_PHASE_PRE_IRQ && p->unseen_ns > 0)
		ADD("%s %.1f us with no event: %s%s", p->nheld ? ";" : ":", (double)p->unseen_ns / 1000.0,
		    rtb_phase_no_event_words(p),
		    p->events_lost ? " (but the OS dropped events in this window: no evidence)" : "");
	/* on a VM the host can stop the vCPU in any phase, unseen by the
	 * trace: a handler or task "holding" the CPU for milliseconds may be
	 * that stop */
	if (p->virt && p->nheld && !said)
		ADD(" (a VM: or the vCPU not running)");
#undef ADD
	return (int)l;
}

void rtb_finding_set_virt(struct rtb_explain *x, int virt)
{
	x->virt = (uint8_t)!!virt;
	for (int i = 0; i < RTB_PHASE_MAX; i++)
		x->phase[i].virt = x->virt;
}

void rtb_phase_line(const struct rtb_phase *p, int64_t sample_ns, char *out, size_t len)
{
	if (len && rtb_phase_text(out, len, p, sample_ns, RTB_PHASE_TOP) >= (int)len && len > 4)
		memcpy(out + len - 4, "...", 4);
}
