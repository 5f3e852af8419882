/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the porting layer.
 *
 * Everything rtbench needs from the OS goes through these functions, so
 * the same benchmark files run on every port. A benchmark sees the part in
 * rtbench/port_bench.h only (included here); the rest is for the runner,
 * the environment, the watchdog and the program entry. A port is one directory under
 * src/port/<name>/ providing rtb_port_types.h (the objects a benchmark
 * allocates, as opaque storage, the port's constants and the inline counter
 * read: no OS API, so a benchmark cannot reach one behind the port) and the
 * functions declared here. The build picks the port
 * (PORT=posix by default); no other file tests an OS macro.
 *
 * Conventions: functions return 0 or a negative rtb_err code; RTB_ENOTSUP
 * for what the OS lacks (the benchmark that needs it is then SKIPPED with
 * the reason, and the run goes on). Priorities are abstract levels the
 * port maps (enum rtb_prio). Times are nanoseconds unless the name says
 * otherwise. docs/porting.md describes the contract function by function. */
#ifndef RTBENCH_PORT_H
#define RTBENCH_PORT_H

#include <stddef.h>
#include <stdint.h>
#include "rtbench/platform.h"
#include "rtbench/port_bench.h" /* what a benchmark uses: time, objects, timer */
#include "rtbench/sink.h"

/* ---- time (the rest: rtbench/port_bench.h) ------------------------- */

/* rtb_port_clock_init - choose and calibrate the tick counter (takes ~100 ms). */
int rtb_port_clock_init(struct rtb_clock_info *ci);

/* rtb_port_date_utc - the wall-clock date as ISO 8601 UTC
 * ("2026-12-02T16:09:25Z") into buf. RTB_ENOTSUP (buf "") where the
 * platform has no calendar clock (a board without an RTC). */
int rtb_port_date_utc(char *buf, size_t len);

/* ---- priorities (the levels: rtbench/port_bench.h) ------------------- */

/* rtb_port_prio_init - map the levels from base, the native priority of
 * RTB_PRIO_LOW (-1: the port's default; POSIX: SCHED_FIFO 80). Once,
 * before any thread. RTB_ERANGE if the levels do not fit above base. */
int rtb_port_prio_init(int base);
/* ---- threads (their types and queries: rtbench/port_bench.h) ---------- */

struct rtb_thread_attr {
	const char *name;       /* shown by the OS where it can (<= 15 chars) */
	enum rtb_policy policy;
	enum rtb_prio prio;     /* ignored for RTB_SCHED_NORMAL */
	int cpu;                /* -1: no pinning */
	void *stack;            /* caller storage (model/stack.c pool), 16-byte
				 * aligned; NULL: the port's own allocation,
				 * where it has one (POSIX), else RTB_EINVAL */
	size_t stack_bytes;     /* size of stack; the port pre-faults it */
	int nowait;             /* 1: return as soon as the OS has the thread
				 * (no pre-fault, no wait for it to start: a
				 * measured creation, bench.h rtb_spawn_stamped;
				 * the stack must be resident already) */
};

/* rtb_thread_create - start fn(arg) with exactly the attributes asked for,
 * on the caller's stack. RTB_EPERM if the OS refuses the policy or
 * priority (callers decide whether to fall back); RTB_ENOMEM if the OS has
 * no room for another thread. */
int rtb_thread_create(rtb_thread_t *t, const struct rtb_thread_attr *a,
		      rtb_thread_fn fn, void *arg);
/* rtb_thread_join - wait until fn has returned; after it the thread is
 * gone and its stack may be reused. */
int rtb_thread_join(rtb_thread_t *t);

/* rtb_thread_demote - set a started thread to the normal policy; used by
 * the watchdog to take the CPU back from a runaway real-time thread.
 * Callable from another thread at any time while t runs. */
int rtb_thread_demote(rtb_thread_t *t);
/* rtb_thread_self - t names the calling thread (one not made by
 * rtb_thread_create: the main thread), for rtb_thread_raise from another;
 * never joined. */
int rtb_thread_self(rtb_thread_t *t);
/* rtb_thread_raise - set thread t (started, or named by rtb_thread_self)
 * to RTB_SCHED_FIFO at level prio; used by the watchdog to let a starved
 * supervisor wind a stopped run down. Callable from another thread. */
int rtb_thread_raise(rtb_thread_t *t, enum rtb_prio prio);
/* rtb_port_self_sched - set the calling thread's policy, level and CPU (-1:
 * leave the CPU as it is). */
int rtb_port_self_sched(enum rtb_policy policy, enum rtb_prio prio, int cpu);
/* rtb_port_self_sched_deadline - the calling thread to deadline scheduling:
 * runtime_ns of CPU in every period_ns, each job due deadline_ns after its
 * period starts (Linux: SCHED_DEADLINE through sched_setattr). RTB_ENOTSUP
 * where the OS has no such class; RTB_EPERM where it refuses (privilege,
 * a thread pinned to fewer CPUs than its root domain); RTB_EBUSY where
 * admission control has no bandwidth left. why (len bytes): one line. */
int rtb_port_self_sched_deadline(int64_t runtime_ns, int64_t deadline_ns, int64_t period_ns,
				 char *why, size_t len);
int rtb_ncpus(void);

/* ---- process set-up and system settings ------------------------------ */

/* rtb_port_init - once, before any thread: blocks asynchronous signals the
 * port uses so that only the intended thread takes them. */
int rtb_port_init(void);
/* rtb_port_alloc / rtb_port_free - memory for the core's allocator
 * (rtbench/mem.h; never called in a measurement loop). POSIX: malloc and
 * free; a board: its static arena (FreeRTOS: pvPortMalloc over heap_4's
 * static ucHeap). Blocks at least 8-byte aligned; NULL when exhausted. */
void *rtb_port_alloc(size_t n);
void rtb_port_free(void *p);
/* rtb_port_exit - end the whole program at once with status, without
 * unwinding or flushing (the watchdog's last resort when a phase will not
 * stop; POSIX: _exit; a board: halt or reset). Never returns. */
void rtb_port_exit(int status) __attribute__((noreturn));
/* rtb_port_process_check - can this process run rtbench at all? POSIX:
 * the stack limit (ulimit -s) holds what the main thread and the threads
 * on the default stack need (ulimit -s 16 crashed in the first function
 * with a large local). 0, or RTB_ERANGE with the one-line reason in why. */
int rtb_port_process_check(char *why, size_t len);
/* rtb_port_lock_memory - keep every page resident (POSIX: mlockall);
 * 0 where memory is never paged. */
int rtb_port_lock_memory(void);

const char *rtb_port_knob_name(enum rtb_knob k);
int rtb_port_knob_get(enum rtb_knob k, long *v);
int rtb_port_knob_set(enum rtb_knob k, long v);

/* Crash-safe record of changed knobs (a state file and a lock; POSIX:
 * $RTB_STATE_DIR or /run/rtbench). The core writes the original values
 * before each change, so that the next run can restore what a killed one
 * left.
 * rtb_port_journal_trylock - take the machine-wide settings lock now (one
 *   lock for every run, wherever its record is kept); RTB_EBUSY (holder:
 *   who has it, one line) if another live run does; another error: no
 *   record can be kept (holder: why, one line).
 * rtb_port_journal_write - record old[k] (the original) and set[k] (what
 *   the run sets) for every changed[k] durably (nothing changed: remove
 *   the record). Needs the lock. Never overwrites a record another run
 *   left that was not settled: that one is kept aside first.
 * rtb_port_journal_read - 1 and the values a dead run left, 0 if none, a
 *   negative rtb_err if there is one not to be trusted (not the port's own
 *   safe file, or a value the knob cannot hold; rtb_port_journal_error
 *   says which). The record stays until _settle.
 * rtb_port_journal_settle - the record read was acted on (acted: removed)
 *   or not (kept under another name, given in kept; never deleted).
 * rtb_port_journal_unlock - release the lock.
 * rtb_port_journal_error - why the last refusal (one line). */
int rtb_port_journal_trylock(const char *what, char *holder, size_t len);
/* rtb_port_cpu_claim - mark CPU cpu as measured by this run until
 *   rtb_port_cpu_release (what: this run, one line). Returns 0, or
 *   RTB_EBUSY with holder (one line) when another live run measures it now
 *   (that run is told, at its release); RTB_ENOMEM past the port's table
 *   of claims; another rtb_err when no claim can be kept.
 * rtb_port_cpu_release - release every claim; 1 (who: which CPU, which
 *   run) if another run met one of them while it was held, else 0. */
int rtb_port_cpu_claim(int cpu, const char *what, char *holder, size_t len);
int rtb_port_cpu_release(char *who, size_t len);
int rtb_port_journal_write(const long *old, const long *set, const unsigned char *changed, int n);
int rtb_port_journal_read(long *old, long *set, unsigned char *changed, int n, long *pid);
int rtb_port_journal_settle(int acted, char *kept, size_t len);
void rtb_port_journal_unlock(void);
const char *rtb_port_journal_where(void);
const char *rtb_port_journal_error(void);

/* rtb_port_leftovers_remove - remove what a run of rtbench killed before
 * it could clean up left running in the OS besides settings (Linux: its
 * trace instance "rtbench-PID-START", whose process, that pid with that
 * start time, is gone, with its events and stack trigger, which slow
 * every later run; its private tracefs mount). Each removal is said as
 * one line to say (NULL: silent). Returns how many were removed. Every
 * run calls it before measuring; needs the privileges that made them
 * (nothing done otherwise). */
int rtb_port_leftovers_remove(void (*say)(const char *line, void *arg), void *arg);

/* rtb_port_idle_latency_hold - ask the OS to keep CPU idle-exit latency
 * at most us (Linux: /dev/cpu_dma_latency). Held until _release. */
int rtb_port_idle_latency_hold(int us);
void rtb_port_idle_latency_release(void);

/* rtb_port_spawn_load - run `cmd` through the shell as a background load:
 * normal scheduling, every CPU allowed, no signals blocked, its own process
 * group. *id identifies it for rtb_port_kill_load (which ends every
 * process the command started, whatever group or session it made: TERM,
 * then KILL after a second). RTB_ENOTSUP where processes
 * cannot be spawned. */
int rtb_port_spawn_load(const char *cmd, long *id);
void rtb_port_kill_load(long id);
/* rtb_port_load_status - 1 if the load ended by itself, nothing of it left
 * (*status: its exit status, or -N if signal N ended it); 0 while it runs
 * or where the port cannot tell. */
int rtb_port_load_status(long id, int *status);

/* rtb_port_self_start - run this program again as a child process with
 * argv (argv[0] its name), stdout and stderr into the new file `log` (made
 * here, never over an existing one or through a link), the stop signals
 * still blocked (the child's own set-up takes them); *id names it for
 * _wait and _stop. POSIX: posix_spawn of /proc/self/exe. For `rtbench
 * tune` (host-only), which runs each round as a child `run`; RTB_ENOTSUP
 * on a port without processes. */
int rtb_port_self_start(char *const argv[], const char *log, long *id);
/* rtb_port_self_name - name this process after argv0 (its last part) where
 * the exec path gave it another: a child of rtb_port_self_start, run as
 * /proc/self/exe, is "exe" in ps -o comm, top and every trace event
 * otherwise. Called first by the entry; nothing where a name is not the
 * exec's. POSIX: PR_SET_NAME (15 characters). */
void rtb_port_self_name(const char *argv0);
/* rtb_port_self_wait - 1 once child id ended (*status: its exit status,
 * or 128 + the signal that ended it), reaped; 0 while it runs. */
int rtb_port_self_wait(long id, int *status);
/* rtb_port_self_stop - stop child id: SIGTERM (a run ends with a whole
 * result), SIGKILL if it has not ended after wait_ns; reaped. */
void rtb_port_self_stop(long id, int64_t wait_ns);

/* rtb_port_stop_wait - wait up to timeout_ns for a request to stop the
 * run from outside: POSIX, Ctrl-C/SIGTERM, taken synchronously here (they
 * are blocked in every thread by rtb_port_init; no asynchronous handler);
 * a board, whatever its console offers, or nothing (sleep the timeout and
 * return 0). A positive number if one arrived (POSIX: the signal; the exit
 * status is 128 + it), 0 on timeout. Only the watchdog calls it: it is
 * also how the watchdog bounds a phase (it wakes at least every timeout).
 * RTB_STATUS_ASKED when the user asked for a status line instead (POSIX:
 * SIGUSR1, as cyclictest takes it); every other signal whose default
 * action would end the process is a stop (POSIX: SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGXCPU,
 * SIGXFSZ, SIGSTKFLT, the real-time signals rtbench does not use itself).
 * One stop delivered twice is one stop: POSIX swallows the same signal from
 * the same sender within 1 s of the one it returned (`timeout -s INT`
 * signals the child, then its process group). */
#define RTB_STATUS_ASKED (-1)
int rtb_port_stop_wait(int64_t timeout_ns);
/* rtb_port_stop_wake - make thread t's rtb_port_stop_wait (the watchdog's)
 * return 0 now rather than at its timeout: the watchdog's shutdown, which
 * otherwise waits up to that timeout (0.1 s) at the end of every run. A
 * port that cannot does nothing (the timeout is waited out). */
void rtb_port_stop_wake(rtb_thread_t *t);

/* ---- output ----------------------------------------------------------- */

/* rtb_output_fn - a writer: fills sink s from arg; 0 or an rtb_err. */
typedef int (*rtb_output_fn)(struct rtb_sink *s, const void *arg);
/* rtb_port_output - one named output (a result file) written by fn, all or
 * nothing: POSIX writes the file `name` atomically (temp file, fsync,
 * rename), so a reader never sees half of it; a board frames it on its
 * console (RTBF1, docs/serial.md) under that name. 0, RTB_EINVAL (no name
 * or fn), RTB_EIO (cannot write, or fn / the sink failed; `name` is then
 * left as it was). */
int rtb_port_output(const char *name, rtb_output_fn fn, const void *arg);
/* rtb_port_output_check - could `name` be written (absent or a regular
 * file, a file can be created beside it)? Before measuring. 0, or
 * RTB_EINVAL (reason: rtb_port_output_error()). A port without files: 0.
 * rtb_port_output_same - 1 if two names are the same file.
 * rtb_port_output_error - one line: why the last output or check failed.
 * rtb_port_output_follow_symlinks - write through a symlink at a target
 * (default: refuse it). */
int rtb_port_output_check(const char *name);
int rtb_port_output_same(const char *a, const char *b);
const char *rtb_port_output_error(void);
void rtb_port_output_follow_symlinks(int on);
/* A stream: a file written as the run goes (run --duration --raw FILE,
 * run/raw.c), not replaced whole. rtb_port_stream_open makes a new file
 * and puts it at `name` (absent, or a regular file it replaces; never a
 * symlink unless followed as rtb_port_output's, never a device node: the
 * same checks), 0 and *h, or RTB_EIO (reason: rtb_port_output_error());
 * rtb_port_stream_write - all n bytes or RTB_EIO; rtb_port_stream_close -
 * synced and closed (RTB_EIO if either failed). A port without files:
 * RTB_ENOTSUP. rtb_port_free_bytes - the bytes a file at name may still
 * take on its file system (what an unprivileged writer may use), or
 * RTB_ENOTSUP / RTB_EIO. */
int rtb_port_stream_open(const char *name, int *h);
int rtb_port_stream_write(int h, const void *buf, size_t n);
int rtb_port_stream_close(int h);
int rtb_port_free_bytes(const char *name, uint64_t *bytes);
/* rtb_port_console - the sink for human-readable output (POSIX: stdout; a
 * board: its console UART). Never NULL. */
struct rtb_sink *rtb_port_console(void);

/* ---- what the command-line entry asks (src/cli) ------------------------ */

struct rtb_cpuset;
/* rtb_port_cpus_online - the CPUs the OS has online into on, and in
 * *nconf how many it knows of (online or not; at least one past the
 * highest online in on), in *beyond how many online CPUs are numbered
 * RTB_MAX_CPUS or above (not in on: this build cannot measure them).
 * POSIX: the kernel's list (/sys/devices/system/cpu/online, or the file
 * RTB_CPU_ONLINE_FILE names, for the tests), every configured CPU when it
 * cannot be read; a single-core RTOS: CPU 0. */
void rtb_port_cpus_online(struct rtb_cpuset *on, int *nconf, long *beyond);
/* rtb_port_console_is_tty - 1 if the error console is a terminal, so a
 * status line may be refreshed in place; 0 otherwise (a file, a pipe, a
 * board's serial log). */
int rtb_port_console_is_tty(void);
/* rtb_port_dir_writable - 1 if the directory a file at path would be
 * created in exists and may be written (the prefix of a set of files that
 * rtb_port_output_check cannot try one by one); 0 otherwise, and on a port
 * without files. */
int rtb_port_dir_writable(const char *path);

/* ---- what rtbench itself costs (rtbench/selfcost.h) ------------------ */

/* rtb_port_usage - this process so far: the calling thread's CPU time,
 * every thread's (user + system, ns), the resident set's peak (bytes);
 * -1 in each the port cannot tell. 0, or a negative rtb_err when it can
 * tell none. */
int rtb_port_usage(int64_t *thread_cpu_ns, int64_t *process_cpu_ns, int64_t *peak_rss_bytes);
/* rtb_port_thread_cpu_ns - the calling thread's CPU time (ns), -1 unknown. */
int64_t rtb_port_thread_cpu_ns(void);

/* ---- platform fingerprint -------------------------------------------- */

int rtb_port_fingerprint(struct rtb_fingerprint *fp);

#endif
