/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - what a benchmark sees of the port: the
 * objects it allocates statically, the port's constants and the inline
 * time reads.
 *
 * Included by include/rtbench/port_bench.h only. No OS header but <time.h> (the
 * inline clock reads): the objects are opaque storage of the size and
 * alignment of the POSIX object inside (a thread, sem_t, a pthread mutex,
 * a message queue descriptor, a timer), so a benchmark can place them on
 * its stack or in static storage without seeing pthread.h, semaphore.h or
 * mqueue.h, and so cannot call POSIX behind the port (FreeRTOS's Static*
 * types do the same). rtb_port_int.h, for the port's own files, gives
 * the POSIX object inside each and checks at compile time that it fits.
 *
 * The counter is the x86 TSC where the CPU declares it invariant (checked
 * and calibrated in clock.c) and CLOCK_MONOTONIC otherwise;
 * rtb_port_ticks() reads whichever was chosen. */
#ifndef RTB_PORT_TYPES_H
#define RTB_PORT_TYPES_H

#include <stdint.h>
#include <time.h>

/* RTB_POSIX_OPAQUE(n) - n bytes aligned for any scalar or pointer (what
 * glibc's and musl's pthread types need: rtb_port_int.h checks). The
 * sizes are glibc's on 64-bit Linux, so the objects' layout is what it
 * was when they held the POSIX types themselves. */
union rtb_posix_align { long long ll; void *p; double d; };
#define RTB_POSIX_OPAQUE(n) union { unsigned char bytes[n]; union rtb_posix_align align_; }
#define RTB_POSIX_PTHREAD_BYTES 8   /* pthread_t */
#define RTB_POSIX_SEM_BYTES     32  /* sem_t */
/* glibc's pthread_mutex_t is 40 bytes on x86-64 and 48 on aarch64 (its
 * generic layout); rtb_port_int.h checks whichever is built */
#if defined(__aarch64__)
#define RTB_POSIX_MUTEX_BYTES   48  /* pthread_mutex_t */
#else
#define RTB_POSIX_MUTEX_BYTES   40  /* pthread_mutex_t */
#endif
#define RTB_POSIX_MQD_BYTES     4   /* mqd_t (an int on Linux) */
#define RTB_POSIX_TIMER_BYTES   8   /* timer_t (a pointer on glibc) */
#define RTB_POSIX_COND_BYTES    48  /* pthread_cond_t */

typedef struct {
	RTB_POSIX_OPAQUE(RTB_POSIX_PTHREAD_BYTES) th;
	long os_id;
	int started;
	void (*fn)(void *);  /* a thread started without waiting (attr.nowait) */
	void *arg;
} rtb_thread_t;
typedef struct { RTB_POSIX_OPAQUE(RTB_POSIX_SEM_BYTES) sem; } rtb_bsem_t;
typedef struct { RTB_POSIX_OPAQUE(RTB_POSIX_MUTEX_BYTES) mtx; } rtb_mutex_t;
typedef struct { RTB_POSIX_OPAQUE(RTB_POSIX_MQD_BYTES) mq; char name[48]; size_t msg_bytes; } rtb_mq_t;
typedef struct { RTB_POSIX_OPAQUE(RTB_POSIX_TIMER_BYTES) id; int armed; } rtb_ptimer_t;
typedef struct { int fd[2]; } rtb_pipe_t;
typedef struct { RTB_POSIX_OPAQUE(RTB_POSIX_COND_BYTES) cv; } rtb_cond_t;
/* an eventfd (fd) or a futex word (word), by kind */
typedef struct { int kind; int fd; _Alignas(4) volatile uint32_t word; } rtb_event_t;
/* the waiting thread (pthread_t), once attached */
typedef struct { RTB_POSIX_OPAQUE(RTB_POSIX_PTHREAD_BYTES) th; int attached; } rtb_tsig_t;
typedef struct { int id; } rtb_svsem_t;

/* rtb_ptimer's handler is a signal handler run on the very thread blocked
 * in rtb_ptimer_wait (inside sigsuspend): no other task is woken, so the
 * handler's stamp -> rtb_ptimer_wait's return is the handler's own return
 * (sigreturn) and sigsuspend's, not an ISR -> task wake-up (port.h). */
#define RTB_PORT_PTIMER_ON_WAITER 1
/* one CPU online is a weakened run here: the rest of Linux shares it */
#define RTB_PORT_ONE_CORE 0
/* the port's words for what it used (words.c, rtbench/words.h) */
#define RTB_PORT_WORDS rtb_words_posix

/* Thread stacks the core's pool holds (src/model/stack.h): the most threads
 * rtbench runs at once (3 of a benchmark, the watchdog, room to spare), and
 * 256 KiB each: with mlockall every stack is locked, and an unprivileged
 * user's RLIMIT_MEMLOCK (8 MiB on Debian) must still hold them all. */
#define RTB_PORT_THREADS_MAX 6
#if defined(__SANITIZE_THREAD__)
#define RTB_PORT_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RTB_PORT_TSAN 1
#endif
#endif
#ifdef RTB_PORT_TSAN
/* ThreadSanitizer keeps per-thread state on the stack and refuses a thread
 * below about 900 KiB (make check-sanitize-tsan). */
#define RTB_PORT_STACK_BYTES (2 * 1024 * 1024)
#else
#define RTB_PORT_STACK_BYTES (256 * 1024)
#endif

/* Linux throttles real-time tasks that run over sched_rt_runtime_us of each
 * sched_rt_period_us (95% by default): loops rest 10 ms every 100 ms of
 * running (rtb_duty in bench.h, rtb_port_duty_rest in clock.c). */
#define RTB_PORT_DUTY_RUN_NS 100000000LL

/* 1 when rtb_port_ticks() reads the TSC, 0 for CLOCK_MONOTONIC. Set once by
 * rtb_port_clock_init() before any measurement. */
extern int rtb_posix_use_tsc;

static inline int64_t rtb_port_mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__i386__)
/* Plain rdtsc with a compiler barrier. Not fenced: lfence+rdtsc costs
 * ~20 ns a read on the development machine against ~11 ns, and the
 * benchmark paths are system calls and context switches (hundreds of ns to
 * microseconds), where the CPU can overlap a read with the operation by a
 * few ns at most. docs/measurements.md states this for the one short path
 * (the uncontended semaphore take). */
static inline uint64_t rtb_posix_rdtsc(void)
{
	uint32_t lo, hi;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi) :: "memory");
	return ((uint64_t)hi << 32) | lo;
}
#define RTB_POSIX_HAVE_TSC 1
#else
static inline uint64_t rtb_posix_rdtsc(void) { return 0; }
#define RTB_POSIX_HAVE_TSC 0
#endif

/* rtb_port_sleep_until_ns - absolute sleep on CLOCK_MONOTONIC. Inline: a
 * task woken by its timer then runs no code page but its own before it
 * stamps (each page first touched after a sleep can cost a TLB walk, which
 * under virtualisation is microseconds). */
static inline int rtb_port_sleep_until_ns(int64_t t_ns)
{
	struct timespec ts = { .tv_sec = t_ns / 1000000000, .tv_nsec = t_ns % 1000000000 };
	int rc;

	while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)) == 4 /* EINTR */)
		;
	return rc ? -4 /* RTB_ESYS */ : 0;
}

static inline uint64_t rtb_port_ticks(void)
{
	if (rtb_posix_use_tsc)
		return rtb_posix_rdtsc();
	return (uint64_t)rtb_port_mono_ns();
}

#endif
