/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - what the second analyzer's findings are made of, as the result
 * model keeps them: port-neutral trace events (struct rtb_tev), the marks a
 * benchmark keeps per sample (struct rtb_trace_marks), the matcher's output
 * and the worst samples' explanations (causes, phases), with their names.
 * Data and names only (src/model/trace_names.c): the writers and the result
 * read these without reaching the trace room (rtbench/trace.h), which fills
 * them. */
#ifndef RTBENCH_TRACE_MODEL_H
#define RTBENCH_TRACE_MODEL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* ---- port-neutral events --------------------------------------------- */

enum rtb_tev_kind {
	RTB_TEV_TIMER_IRQ = 1,  /* the timer interrupt's handler is entered on cpu */
	RTB_TEV_TIMER_ARM,      /* cur arms timer `timer` to expire at expiry_ns */
	RTB_TEV_TIMER_FIRE,     /* timer `timer`'s handler runs (expiry_ns: clock read) */
	RTB_TEV_WAKING,         /* cur starts waking task pid (target cpu: a) */
	RTB_TEV_WAKEUP,         /* task pid is runnable on cpu */
	RTB_TEV_SWITCH,         /* cpu switches from task prev to task pid */
	RTB_TEV_PRIO,           /* task pid's priority changes old_prio -> new_prio
				 * by the priority-inheritance machinery */
	/* what else ran on a CPU (the worst events' explanation,
	 * trace/trace_explain.c); comm names it */
	RTB_TEV_IRQ_ENTER,      /* a device interrupt's handler starts (a: irq) */
	RTB_TEV_IRQ_EXIT,
	RTB_TEV_SOFTIRQ_ENTER,  /* a softirq starts (a: vector, comm: its name) */
	RTB_TEV_SOFTIRQ_EXIT,
	RTB_TEV_VEC_ENTER,      /* a system vector (reschedule, call_function,
				 * irq_work, ...) starts; comm names it */
	RTB_TEV_VEC_EXIT,       /* a system vector (or the timer interrupt) ends */
	RTB_TEV_NMI,            /* an NMI handler ended; expiry_ns: its length */
	RTB_TEV_STACK,          /* the kernel stack of task cur as it switched
				 * to a real-time task (recorded only when
				 * rtb_trace_cfg.stacks): timer = its number for
				 * rtb_port_trace_stack, a = its frames */
};

struct rtb_tev {
	uint64_t t;             /* trace clock (ticks of rtb_port_ticks) */
	uint64_t timer;         /* TIMER_ARM/FIRE: the timer's identity */
	int64_t expiry_ns;      /* TIMER_ARM: programmed expiry (timer clock, ns) */
	int32_t cpu;
	int32_t cur;            /* task running when the event happened */
	int32_t pid;            /* WAKING/WAKEUP/PRIO: the task; SWITCH: next */
	int32_t prev;           /* SWITCH: the task switched out */
	int32_t old_prio, new_prio; /* PRIO; SWITCH: prev's and next's priority */
	int32_t a;              /* WAKING: target cpu */
	char comm[16];          /* SWITCH: next's name; IRQ/SOFTIRQ/VEC_ENTER:
				 * the handler's or vector's name */
	char prev_comm[16];     /* SWITCH: prev's name (a switch out of the
				 * idle task may be missing from the trace:
				 * a task is then known by its switch out) */
	uint8_t kind;           /* enum rtb_tev_kind */
	uint8_t prev_runnable;  /* SWITCH: prev was still runnable (preempted),
				 * not blocked */
	uint8_t lost_before;    /* the OS dropped events of this CPU just
				 * before this one (its buffer was full) */
};

/* ---- marks a benchmark keeps per sample ------------------------------ */

enum rtb_trace_kind {
	RTB_TRACE_NONE = 0,
	RTB_TRACE_TIMER,        /* a task sleeping until a timer expiry wakes */
	RTB_TRACE_WAKE,         /* a task wakes another blocked task */
	RTB_TRACE_SLICE,        /* a task preempted by its peer at quantum end */
	RTB_TRACE_PI,           /* priority inversion trials: boosts of the holder
				 * and preemptions of it counted */
	RTB_TRACE_PINGPONG,     /* a round trip: tid wakes its peer, blocks, the
				 * peer wakes it back */
	RTB_TRACE_NOISE,        /* gaps in a spinning task: [start, end] of each
				 * is what else held its CPU (not matched;
				 * explained, trace/trace_worst.c) */
};

/* One sample's marks as the streaming path hands them over. */
struct rtb_tmark {
	uint64_t start, end;    /* trace clock; TIMER: start unused */
	int64_t expiry_ns;      /* TIMER: the programmed expiry */
	int64_t ns;             /* the sample */
};

struct rtb_trace_marks {
	enum rtb_trace_kind kind;
	uint64_t *start, *end;  /* per sample, trace clock; TIMER: start unused */
	int64_t *expiry_ns;     /* TIMER: programmed expiry per sample */
	long tid;               /* the task whose run ends the sample
				 * (PI: the low-priority holder) */
	long peer_tid;          /* SLICE: the other spinning task; PI: the
				 * middle-priority task; PINGPONG: the peer */
	size_t capacity;
	/* the streaming path (rtbench/trace_stream.h): instead of the arrays,
	 * a ring of ring_mask + 1 marks that the measuring thread fills
	 * (head) and the reader empties (tail); NULL on the whole-pass path */
	struct rtb_tmark *ring;
	size_t ring_mask;
	atomic_size_t head, tail;
	atomic_uint_fast64_t ring_lost; /* marks dropped: the ring was full */
	/* the reader behind (the ring over half full): a sample at or below
	 * floor_ns, which the reader publishes (the smallest of the worst it
	 * keeps; 0: none yet, every sample could be kept), cannot enter the
	 * worst and is not handed over, only counted in below_floor */
	atomic_int_fast64_t floor_ns;
	atomic_uint_fast64_t below_floor;
};

/* rtb_tmark_push - the streaming path's mark: into the ring, or
 * counted below the floor (the reader behind, the sample unable to enter
 * the worst), or counted lost when the reader is that far behind. No call, no system
 * call: it runs in the measuring loop, after the sample's stamps. */
static inline void rtb_tmark_push(struct rtb_trace_marks *tm, uint64_t start, uint64_t end,
				  int64_t expiry_ns, int64_t ns)
{
	size_t h = atomic_load_explicit(&tm->head, memory_order_relaxed);
	size_t used = h - atomic_load_explicit(&tm->tail, memory_order_acquire);
	int64_t floor_ns = atomic_load_explicit(&tm->floor_ns, memory_order_relaxed);

	if (floor_ns > 0 && used > tm->ring_mask / 2 && ns <= floor_ns) {
		atomic_fetch_add_explicit(&tm->below_floor, 1, memory_order_relaxed);
		return;
	}
	if (used > tm->ring_mask) {
		atomic_fetch_add_explicit(&tm->ring_lost, 1, memory_order_relaxed);
		return;
	}
	tm->ring[h & tm->ring_mask] = (struct rtb_tmark){ start, end, expiry_ns, ns };
	atomic_store_explicit(&tm->head, h + 1, memory_order_release);
}

/* ---- the matcher (pure) ---------------------------------------------- */

#define RTB_TRACE_MAX_COMP 6
/* a component that did not happen in a sample (a timer's interrupt that
 * had entered before the expiry: no expiry_to_irq of its own; a task woken
 * while still on its CPU: no switch): absent, never a 0 that would read as
 * a measured one. Not stored in the component's metric, null in JSON. */
#define RTB_COMP_ABSENT INT64_MIN

/* Why a sample disagrees (or was not matched). */
enum rtb_trace_why {
	RTB_TW_OK = 0,
	RTB_TW_NO_EVENTS,       /* the events that end the sample were not found */
	RTB_TW_ORDER,           /* found, but out of order or outside the window */
	RTB_TW_TOLERANCE,       /* rtbench minus trace over a tolerance the
				 * caller set (tol_ns > 0; the runner sets none) */
	RTB_TW_NOT_PREEMPTION,  /* SLICE: the switch was a block or a migration */
	RTB_TW_LONGER,          /* the trace's interval is longer than
				 * rtbench's (rtbench minus trace < 0): the
				 * two clocks or the events disagree */
};
const char *rtb_finding_why_name(enum rtb_trace_why w);

struct rtb_trace_out {
	int ncomp;
	const char *comp_name[RTB_TRACE_MAX_COMP]; /* "expiry_to_irq", ... */
	const char *comp_what[RTB_TRACE_MAX_COMP]; /* one line each */
	/* caller-allocated, n entries each: component ns of sample i (valid
	 * where why[i] != RTB_TW_NO_EVENTS && why[i] != RTB_TW_ORDER;
	 * RTB_COMP_ABSENT where that part did not happen) */
	int64_t *comp[RTB_TRACE_MAX_COMP];
	int64_t *diff_ns;       /* n: rtbench's sample minus the trace's interval */
	uint8_t *why;           /* n: enum rtb_trace_why */
	size_t matched, agree;
	uint64_t boosted, not_boosted; /* PI: trials with / without a boost */
	uint64_t preempted;     /* PI: trials in which the holder was preempted
				 * (switched out still runnable) while holding */
};

/* rtb_finding_comp_names - component names of a kind (out->ncomp etc. set),
 * without matching: lets a caller size its storage. */
void rtb_finding_comp_names(enum rtb_trace_kind kind, struct rtb_trace_out *out);
/* ---- the worst events, explained (trace/trace_explain.c, pure) -------- */

/* What held a CPU during a sample's window. */
enum rtb_cause_kind {
	RTB_CAUSE_SELF = 1,     /* the measured task itself */
	RTB_CAUSE_TASK,         /* another task (name, pid, kernel prio) */
	RTB_CAUSE_IRQ,          /* a device interrupt's handler (name, irq in pid) */
	RTB_CAUSE_SOFTIRQ,      /* a softirq (name: NET_RX, TIMER, ...) */
	RTB_CAUSE_VEC,          /* a system vector: the timer interrupt,
				 * reschedule, call_function, irq_work, ... */
	RTB_CAUSE_NMI,          /* NMI handlers */
	RTB_CAUSE_IDLE,         /* the idle task (pid 0) held the CPU: the
				 * time includes the idle exit; no event seen
				 * there may also be hardware or the host */
	RTB_CAUSE_UNSEEN,       /* no event seen while the measured task, which
				 * was running, did not run (a noise gap):
				 * hardware or the hypervisor running
				 * something else, as rtla hwnoise calls it;
				 * never "idle", which the CPU was not. With
				 * phases: the time before the interrupt
				 * outside every handler (the PRE_IRQ phase's
				 * unseen_ns), whoever was current */
};
const char *rtb_cause_kind_name(enum rtb_cause_kind k);

#define RTB_CAUSE_MAX 8
struct rtb_cause {
	uint8_t kind;           /* enum rtb_cause_kind */
	char name[16];
	int32_t pid;            /* TASK/SELF: pid; IRQ: irq number; else -1 */
	int32_t prio;           /* TASK/SELF: kernel priority (0-99 RT, 100-139
				 * normal), -1 unknown */
	uint32_t count;         /* separate stretches (entries) in the window */
	int64_t ns;             /* how long it held the CPU in the window */
	int64_t first_ns;       /* when it first ran, from the window's start */
};

/* The phases of a sample's path, as `rtla timerlat -a` separates them: which
 * part took the time comes first, who held the CPU in it second. */
enum rtb_phase_kind {
	RTB_PHASE_PRE_IRQ = 1,  /* TIMER: expiry -> the timer interrupt's entry.
				 * No task can cause it: the interrupt was held
				 * off (interrupts off, an SMI, the vCPU not
				 * running, the CPU leaving idle) or another
				 * handler ran; the task current then is named
				 * as current, never as a cause */
	RTB_PHASE_IRQ,          /* TIMER: the interrupt and the timer's handler
				 * -> waking the task (NMIs, other handlers,
				 * softirqs inside it) */
	RTB_PHASE_CALL,         /* WAKE: the waker's call -> the kernel wakes
				 * the waiter */
	RTB_PHASE_WAKE,         /* waking -> the switch to the task: the
				 * threads (with priority) that held the CPU */
	RTB_PHASE_SELF,         /* switch -> the stamp: the measured task's own
				 * return to user space */
	RTB_PHASE_PEER,         /* PINGPONG: the switch to the peer -> the peer
				 * starts waking the task back (its read returns,
				 * it writes back) */
	RTB_PHASE_WAKE_BACK,    /* PINGPONG: the peer wakes the task -> the
				 * switch back to it */
};
const char *rtb_phase_name(enum rtb_phase_kind k);

#define RTB_PHASE_MAX 5         /* a round trip's five (PINGPONG) */
#define RTB_PHASE_TOP 3
struct rtb_phase {
	uint8_t kind;           /* enum rtb_phase_kind */
	uint8_t idle_exit;      /* PRE_IRQ: the CPU was idle (an exit from
				 * idle is part of the phase) */
	uint8_t events_lost;    /* the sample's window lost events (its
				 * rtb_explain's): "no event" is no evidence */
	uint8_t virt;           /* on a VM (its rtb_explain's): any of the
				 * phase may be the vCPU not running */
	uint32_t nev;           /* events on the CPU in the phase */
	int64_t ns;             /* the phase's length */
	int64_t unseen_ns;      /* PRE_IRQ: time charged to no handler (no
				 * event: interrupts off, an SMI, the vCPU not
				 * running, or the exit from idle) */
	struct rtb_cause cur;   /* the task current when the phase began
				 * (kind SELF/TASK/IDLE; ns, count unused) */
	struct rtb_cause held[RTB_PHASE_TOP]; /* who held the CPU in it,
				 * largest first (PRE_IRQ: handlers only) */
	int nheld;
};

struct rtb_explain {
	int cpu;                /* the CPU the sample ended on */
	int64_t window_ns;      /* the window: start of the sample's period
				 * (TIMER: its expiry) -> its stamp */
	uint32_t nev;           /* events seen on that CPU in the window */
	struct rtb_cause cause[RTB_CAUSE_MAX]; /* largest first */
	int ncause;
	int64_t other_ns;       /* held by causes beyond RTB_CAUSE_MAX */
	/* the phases (rtb_trace_phases; nphase 0: the kind has none, or
	 * the events to cut them were missing) */
	struct rtb_phase phase[RTB_PHASE_MAX];
	int nphase;
	int main_phase;         /* index of the longest, -1 none */
	uint8_t events_lost;    /* the OS dropped events of this CPU inside
				 * the window: a phase's "no event" is then
				 * no evidence that nothing ran */
	uint8_t virt;           /* measured on a VM whose host can stop the
				 * vCPU: every cause and phase may hide that
				 * (rtb_finding_set_virt) */
};
/* rtb_finding_set_virt - x and its phases measured on a VM (virt 1): the
 * words of each then say the vCPU may not have been running. */
void rtb_finding_set_virt(struct rtb_explain *x, int virt);
/* rtb_phase_line - one phase in words: its length and share of sample_ns,
 * who held the CPU in it (before the interrupt: the handlers, and the time
 * with no event, the task current then named as current only). */
void rtb_phase_line(const struct rtb_phase *p, int64_t sample_ns, char *out, size_t len);

/* rtb_phase_text - rtb_phase_line's words with the top nheld holders;
 * returns what snprintf would (the length wanted). */
int rtb_phase_text(char *out, size_t len, const struct rtb_phase *p, int64_t sample_ns, int nheld);
/* rtb_phase_no_event_words - what time with no event before the interrupt
 * can be (p a PRE_IRQ phase: its idle_exit decides), in the words the phase
 * line and the window's list both use. */
const char *rtb_phase_no_event_words(const struct rtb_phase *p);
/* rtb_cause_text - one cause in words (snprintf's return). */
int rtb_cause_text(char *out, size_t len, const struct rtb_cause *c);

#endif
