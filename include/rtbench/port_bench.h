/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the part of the porting layer a benchmark uses.
 *
 * rtbench/bench.h includes this header, not rtbench/port.h: a benchmark
 * gets the port's objects (rtb_port_types.h: opaque storage, no OS API),
 * time, priority levels, the objects' operations and the periodic timer,
 * and nothing that changes the process or the system: no thread of its own
 * making (rtb_spawn: on the pool's stacks, known to the watchdog), no
 * change of its own scheduling (rtb_self_rt), no system knob set behind
 * the settings record (rtb_knob_change records and restores it), no
 * output, no load process. Those are rtbench/port.h's, for the runner,
 * the environment, the watchdog and the entry. The conventions are
 * port.h's: 0 or a negative rtb_err; RTB_ENOTSUP for what the OS lacks;
 * nanoseconds unless the name says otherwise. */
#ifndef RTBENCH_PORT_BENCH_H
#define RTBENCH_PORT_BENCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "rtb_port_types.h" /* from src/port/<port>/: objects, constants, time */

/* ---- time ------------------------------------------------------------ */

/* Inline in rtb_port_types.h:
 *   static inline uint64_t rtb_port_ticks(void);  - cheapest monotonic counter
 *   static inline int64_t rtb_port_mono_ns(void); - the clock timers expire on
 *   static inline int rtb_port_sleep_until_ns(int64_t t_ns); - sleep until an
 *       absolute rtb_port_mono_ns() time (0, or RTB_ESYS)
 *
 * rtb_stamp_t - a tick value one thread publishes and another reads (a
 * stamp taken before a context switch, read after it). Benchmarks use
 * only these, never a plain C11 atomic: a 64-bit atomic is not lock-free
 * on ARMv6-M/v7-M.
 *   void rtb_stamp_set(rtb_stamp_t *, uint64_t);   sequentially consistent
 *   uint64_t rtb_stamp_get(rtb_stamp_t *);
 *   void rtb_stamp_set_relaxed(rtb_stamp_t *, uint64_t);   no ordering
 *   uint64_t rtb_stamp_get_relaxed(rtb_stamp_t *);
 * Defined once, below, as a C11 _Atomic uint64_t (lock-free on x86-64,
 * AArch64 and ARMv7-A; on ARMv7-M the toolchain calls __atomic_*_8, which
 * the FreeRTOS board provides with interrupts masked). A port that needs
 * another form (a 32-bit counter value) defines RTB_PORT_STAMP and all
 * four in rtb_port_types.h (docs/porting.md).
 */

#ifndef RTB_PORT_STAMP
typedef _Atomic uint64_t rtb_stamp_t;
static inline void rtb_stamp_set(rtb_stamp_t *p, uint64_t v) { atomic_store(p, v); }
static inline uint64_t rtb_stamp_get(rtb_stamp_t *p) { return atomic_load(p); }
static inline void rtb_stamp_set_relaxed(rtb_stamp_t *p, uint64_t v)
{
	atomic_store_explicit(p, v, memory_order_relaxed);
}
static inline uint64_t rtb_stamp_get_relaxed(rtb_stamp_t *p)
{
	return atomic_load_explicit(p, memory_order_relaxed);
}
#endif

/* rtb_port_sleep_ns - relative sleep. */
int rtb_port_sleep_ns(int64_t ns);

/* ---- hardware and firmware latency (bench/hwlat.c) ----------------- */

/* struct rtb_hwlat_cfg - the OS's hardware-latency detector's settings: in
 * every window_ns it spins width_ns with interrupts off reading the clock;
 * a gap between two reads over threshold_ns is a latency the hardware or
 * firmware took (an SMI, the hypervisor), not the OS */
struct rtb_hwlat_cfg {
	int64_t width_ns, window_ns, threshold_ns;
};
/* rtb_port_hwlat_begin - start the OS's hardware-latency detector (Linux:
 * the hwlat tracer, as rt-tests' hwlatdetect uses it; its settings saved
 * to be put back). RTB_ENOTSUP with why where the OS has none ("this
 * kernel has no hwlat tracer"), RTB_EBUSY when it is in use; 0: started. */
int rtb_port_hwlat_begin(const struct rtb_hwlat_cfg *cfg, char *why, size_t len);
/* rtb_port_hwlat_end - stop it, hand each latency it reported since begin
 * to fn (ns: the larger of the gap inside a sample and between samples;
 * cpu, -1 unknown), put its settings back; *windows_over: reports read;
 * *nmi: NMIs it saw during them (-1 unknown). 0 or a negative rtb_err. */
int rtb_port_hwlat_end(void (*fn)(int64_t ns, int cpu, void *arg), void *arg, uint64_t *windows_over,
		       int64_t *nmi);
/* rtb_port_smi_count - the count of system-management interrupts CPU cpu
 * (-1: every online CPU, summed) has taken since reset (x86: MSR_SMI_COUNT, 0x34, read through the msr
 * driver, /dev/cpu/N/msr; never written). RTB_ENOTSUP with why ("not
 * readable here: ...", naming `modprobe msr` when the driver is not
 * loaded) where none can be read. */
int rtb_port_smi_count(int cpu, uint64_t *count, char *why, size_t len);

/* rtb_port_duty_rest - the pause a continuous real-time loop takes every
 * RTB_PORT_DUTY_RUN_NS (a macro of rtb_port_types.h; 0: the OS has no limit
 * on real-time running and loops never pause) so that the OS never
 * throttles it (Linux: sleep 10 ms, below RT throttling's 95%). */
void rtb_port_duty_rest(void);

/* rtb_port_rt_throttle - whether the OS stops a real-time task that runs
 * on without a pause: 1 (why: the setting, e.g. "sched_rt_runtime_us
 * 950000 of 1000000"), 0 (no such limit: a loop may spin without
 * rtb_port_duty_rest), or a negative rtb_err when it cannot tell. */
int rtb_port_rt_throttle(char *why, size_t len);

/* ---- priorities ------------------------------------------------------ */

/* Benchmarks never name a native priority: they ask for a level, and the
 * port maps the levels onto its own numbers (higher level = more urgent,
 * whatever the OS's numbering: on VxWorks, Zephyr and RTEMS a lower number
 * is more urgent; FreeRTOS has configMAX_PRIORITIES levels). Every level is
 * strictly more urgent than the one before it. */
enum rtb_prio {
	RTB_PRIO_LOW = 0,   /* the lowest measurement task; the runner itself */
	RTB_PRIO_MID,       /* above LOW */
	RTB_PRIO_HIGH,      /* above MID */
	RTB_PRIO_CTRL,      /* a benchmark's controller: above all its tasks */
	RTB_PRIO_WATCHDOG,  /* above everything else rtbench runs */
	RTB_NPRIO
};

/* rtb_prio_native - the native number a level maps to (for the record:
 * methods, settings and tests; never for arithmetic). */
int rtb_prio_native(enum rtb_prio p);

/* ---- threads --------------------------------------------------------- */

/* RTB_SCHED_NORMAL: time-shared, no real-time priority (the level is
 * ignored); FIFO: fixed priority, runs until it blocks or a more urgent
 * task is ready; RR: as FIFO, with a quantum among equal priorities. A
 * port without the distinction maps FIFO and RR to its one policy and says
 * so (rtb_rr_interval_ns). */
enum rtb_policy { RTB_SCHED_NORMAL = 0, RTB_SCHED_FIFO, RTB_SCHED_RR };

/* A thread's entry. It returns when its work is done: the port ends the
 * thread in its own way after that (an RTOS task never returns from its
 * entry function; the port's wrapper signals completion and parks it). */
typedef void (*rtb_thread_fn)(void *arg);

/* rtb_thread_effective_prio - the native priority the scheduler currently
 * uses for thread t (NULL: the caller), including any inheritance boost.
 * RTB_ENOTSUP where the OS cannot tell. */
int rtb_thread_effective_prio(const rtb_thread_t *t, int *prio);
/* rtb_thread_is_blocked - 1 if thread t is blocked (waiting on an object
 * or sleeping), 0 if it is running or ready, negative on error /
 * RTB_ENOTSUP. */
int rtb_thread_is_blocked(const rtb_thread_t *t);

void rtb_yield(void);
/* rtb_rr_interval_ns - the round-robin quantum the OS gives the caller;
 * RTB_ENOTSUP where there is none (no time slicing). */
int rtb_rr_interval_ns(int64_t *ns);
/* ---- synchronisation ------------------------------------------------- */

/* Binary semaphore: never given twice without a take in between. */
int rtb_bsem_init(rtb_bsem_t *s, int available);
int rtb_bsem_give(rtb_bsem_t *s);
int rtb_bsem_take(rtb_bsem_t *s);
/* rtb_bsem_give_isr - give from interrupt context (an rtb_ptimer handler);
 * the port switches to the woken task on the way out of the interrupt if
 * it outranks the interrupted one. */
int rtb_bsem_give_isr(rtb_bsem_t *s);
/* rtb_bsem_take_timed - RTB_ETIMEDOUT after timeout_ns. */
int rtb_bsem_take_timed(rtb_bsem_t *s, int64_t timeout_ns);
int rtb_bsem_destroy(rtb_bsem_t *s);

enum rtb_mutex_proto { RTB_PROTO_NONE = 0, RTB_PROTO_INHERIT, RTB_PROTO_CEILING };
/* rtb_mutex_init - mutex with an explicit protocol; ceiling is the level
 * for RTB_PROTO_CEILING (ignored otherwise). RTB_ENOTSUP for a protocol
 * the OS lacks (FreeRTOS: the ceiling). */
int rtb_mutex_init(rtb_mutex_t *m, enum rtb_mutex_proto proto, enum rtb_prio ceiling);
int rtb_mutex_lock(rtb_mutex_t *m);
int rtb_mutex_unlock(rtb_mutex_t *m);
int rtb_mutex_destroy(rtb_mutex_t *m);

/* Message queue of fixed-size messages. */
int rtb_mq_open(rtb_mq_t *q, size_t msg_bytes, size_t depth);
int rtb_mq_send(rtb_mq_t *q, const void *msg, size_t len);
/* rtb_mq_receive - len must be at least the queue's msg_bytes. */
int rtb_mq_receive(rtb_mq_t *q, void *msg, size_t len);
/* rtb_mq_receive_timed - RTB_ETIMEDOUT after timeout_ns. */
int rtb_mq_receive_timed(rtb_mq_t *q, void *msg, size_t len, int64_t timeout_ns);
int rtb_mq_close(rtb_mq_t *q);

/* Byte pipe (one direction), for the pipe round trip that `perf bench
 * sched pipe` measures. */
int rtb_pipe_open(rtb_pipe_t *p);
int rtb_pipe_write(rtb_pipe_t *p, const void *buf, size_t len);
int rtb_pipe_read(rtb_pipe_t *p, void *buf, size_t len);
void rtb_pipe_close(rtb_pipe_t *p);

/* Condition variable used with an rtb_mutex_t (a mutex of RTB_PROTO_NONE).
 * rtb_cond_wait releases m, blocks until signalled, and returns with m
 * held again (spurious returns allowed: callers loop on their predicate).
 * RTB_ENOTSUP where the OS has none (FreeRTOS). */
int rtb_cond_init(rtb_cond_t *cv);
int rtb_cond_wait(rtb_cond_t *cv, rtb_mutex_t *m);
int rtb_cond_signal(rtb_cond_t *cv);
int rtb_cond_destroy(rtb_cond_t *cv);

/* Event flags: a task waits until any of `bits` is set; the wait clears
 * what it returns. kind RTB_EVENT_OBJECT: the OS's event object (Linux:
 * an eventfd, whose counter is the flags; FreeRTOS: an event group);
 * RTB_EVENT_WORD: a word in the tasks' own memory that the kernel waits
 * on (Linux: a futex word, FUTEX_WAIT/FUTEX_WAKE); RTB_ENOTSUP for a kind
 * the OS lacks. One waiter at a time; bits within 0x00ffffff. */
enum rtb_event_kind { RTB_EVENT_OBJECT = 0, RTB_EVENT_WORD };
int rtb_event_init(rtb_event_t *e, enum rtb_event_kind kind);
int rtb_event_set(rtb_event_t *e, uint32_t bits);
/* rtb_event_wait - block until any of bits is set; *got (may be NULL):
 * the bits that were set, cleared on return. */
int rtb_event_wait(rtb_event_t *e, uint32_t bits, uint32_t *got);
int rtb_event_destroy(rtb_event_t *e);

/* Task signal: one task is signalled by another and waits for it, the
 * path rt-tests' sigwaittest times (POSIX: SIGUSR1 sent with
 * pthread_kill to a thread blocked in sigwait; FreeRTOS: a direct-to-task
 * notification, xTaskNotifyGiveIndexed / ulTaskNotifyTakeIndexed).
 * rtb_tsig_init - by anyone, before the waiter attaches.
 * rtb_tsig_attach - by the waiting task itself, once, before the first
 *   send can come (POSIX: blocks the signal in that thread).
 * rtb_tsig_wait - the attached task blocks until signalled.
 * rtb_tsig_send - another task signals it (a send before the wait is
 *   kept: the wait then returns at once).
 * rtb_tsig_destroy - the waiter is gone; nothing pending is left. */
int rtb_tsig_init(rtb_tsig_t *s);
int rtb_tsig_attach(rtb_tsig_t *s);
int rtb_tsig_wait(rtb_tsig_t *s);
int rtb_tsig_send(rtb_tsig_t *s);
int rtb_tsig_destroy(rtb_tsig_t *s);

/* SysV semaphore (semget/semop), the object rt-tests' svsematest times:
 * a set of one semaphore, private to the run, removed (IPC_RMID) by
 * rtb_svsem_close. Linux and other System V heirs only: RTB_ENOTSUP
 * elsewhere (FreeRTOS). */
int rtb_svsem_open(rtb_svsem_t *s);
int rtb_svsem_post(rtb_svsem_t *s);
int rtb_svsem_wait(rtb_svsem_t *s);
int rtb_svsem_close(rtb_svsem_t *s);

/* ---- memory a real-time task allocates ------------------------------- */

/* rtb_heap_alloc / rtb_heap_free - the OS's general-purpose heap as an
 * application task calls it (POSIX: malloc/free; FreeRTOS: pvPortMalloc /
 * vPortFree). Unlike rtb_port_alloc (the core's, never in a loop) these
 * are what a benchmark times. NULL when exhausted. */
void *rtb_heap_alloc(size_t n);
void rtb_heap_free(void *p);

/* ---- deadline scheduling ---------------------------------------------- */

/* rtb_deadline_yield - a task under deadline scheduling (rtb_self_deadline,
 * bench.h) ends its job: it sleeps until its next period (Linux: sched_yield
 * under SCHED_DEADLINE). RTB_ENOTSUP where there is no such class. */
int rtb_deadline_yield(void);

/* ---- periodic hardware event -> handler in interrupt context ------------
 * rtb_ptimer_start arms a periodic event; at each expiry the port runs
 * fn(stamp_ns, overruns, ctx) in interrupt context: on a board the timer's
 * ISR itself (FreeRTOS on mps2: TIMER0), on POSIX the timer signal's
 * handler, taken on the thread blocked in rtb_ptimer_wait (the closest a
 * user-space task gets to an ISR). stamp_ns: rtb_port_mono_ns() taken as
 * the port handler's first instruction (before any system call or pointer
 * chase, so the figure ends at handler entry). overruns: expiries the OS
 * merged into this one.
 * The handler may stamp, count and call rtb_bsem_give_isr; nothing that
 * blocks. When it returns, the port wakes the task blocked in
 * rtb_ptimer_wait: the time from the handler's stamp to that return is the
 * ISR -> task path. A board has one such timer (one at a time); the POSIX
 * port gives every thread its own (the signal of each is directed at the
 * thread that armed it), so a --cpus run's CPUs each run one.
 * RTB_PORT_PTIMER_ON_WAITER (a macro of rtb_port_types.h): 1 where the
 * handler runs on the waiting thread itself (POSIX: a signal handler inside
 * sigsuspend), so no task is woken by it and that path is only the
 * handler's return; 0 where it runs in a real interrupt that wakes the
 * waiting task (FreeRTOS). */
typedef void (*rtb_ptimer_handler)(int64_t stamp_ns, int overruns, void *ctx);
int rtb_ptimer_start(rtb_ptimer_t *t, int64_t first_abs_ns, int64_t period_ns,
		     rtb_ptimer_handler fn, void *ctx);
/* rtb_ptimer_wait - block until the handler has run once more on this
 * thread (the timer is periodic, so this always returns). */
int rtb_ptimer_wait(rtb_ptimer_t *t);
int rtb_ptimer_stop(rtb_ptimer_t *t);

/* System knobs a benchmark may ask to change (rtb_knob_change); the core records the old value
 * and restores it (rtb_env_* in core). Only what a benchmark asks for is a
 * knob; the port names it (rtb_port_knob_name: POSIX gives the /proc path) and
 * answers RTB_ENOTSUP where the OS has no such setting. What a port merely
 * reports (Linux RT throttling, governor, ...) is in its fingerprint
 * facts, not here. */
enum rtb_knob {
	RTB_KNOB_RR_TIMESLICE_MS = 0, /* round-robin quantum, ms */
	/* the rest are changed only by `rtbench tune` (one at a time, for a
	 * round, and put back after it): the doctor's fixes that can be applied
	 * and reversed while the system runs (docs/tuning.md) */
	RTB_KNOB_TIMER_MIGRATION,     /* 0 off, 1 on */
	RTB_KNOB_RT_RUNTIME_US,       /* RT throttling's runtime, us; -1 off */
	RTB_KNOB_WATCHDOG,            /* soft-lockup (and NMI) watchdog, 0/1 */
	RTB_KNOB_NMI_WATCHDOG,        /* the NMI watchdog alone, 0/1 */
	RTB_KNOB_THP,                 /* transparent huge pages: 0 always, 1 madvise, 2 never */
	RTB_KNOB_KSM_RUN,             /* KSM's scanner: 0 stopped, 1 running, 2 unmerge */
	RTB_KNOB_WQ_CPUMASK,          /* unbound workqueues' CPUs, a mask of CPUs 0-61 */
	RTB_KNOB_IDLE1,               /* idle state 1 disabled on these CPUs (a mask, 0-61) */
	RTB_KNOB_IDLE2,               /* idle state 2, the same */
	RTB_KNOB_IDLE3,               /* idle state 3, the same */
	RTB_KNOB_IRQ0,                /* + N: IRQ N's smp_affinity (a mask of CPUs 0-61) */
	RTB_NKNOBS = RTB_KNOB_IRQ0 + 128 /* IRQs 0-127 */
};
#define RTB_KNOB_NIRQ 128
/* RTB_KNOB_MASK_CPUS - a mask knob holds CPUs 0 to this - 1 (a positive long) */
#define RTB_KNOB_MASK_CPUS 62

#endif
