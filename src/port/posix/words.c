/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX port - its words for what it uses (rtbench/words.h): the calls in
 * sync.c, thread.c and timer.c. */
#include "rtbench/words.h"

extern const char *const rtb_words_posix[RTB_NWORDS];
const char *const rtb_words_posix[RTB_NWORDS] = {
	[RTB_W_PORT] = "POSIX (Linux)",
	[RTB_W_BSEM] = "binary semaphore (POSIX sem_t)",
	[RTB_W_BSEM_GIVE] = "sem_post",
	[RTB_W_BSEM_TAKE] = "sem_wait",
	[RTB_W_MUTEX_NONE] = "pthread mutex (no protocol)",
	[RTB_W_MUTEX_INHERIT] = "pthread mutex (PTHREAD_PRIO_INHERIT)",
	[RTB_W_MUTEX_CEILING] = "pthread mutex (PTHREAD_PRIO_PROTECT, priority ceiling)",
	[RTB_W_MQ] = "POSIX message queue",
	[RTB_W_MQ_SEND] = "mq_send",
	[RTB_W_MQ_RECEIVE] = "mq_receive",
	[RTB_W_PIPE] = "pipe",
	[RTB_W_FIFO] = "SCHED_FIFO",
	[RTB_W_RR] = "SCHED_RR",
	[RTB_W_RR_SWITCH] = "quantum expiry",
	[RTB_W_YIELD] = "sched_yield()",
	[RTB_W_NORT] = "SCHED_OTHER (time-shared)",
	[RTB_W_PTIMER] = "POSIX timer signal on CLOCK_MONOTONIC directed at the waiting thread, "
			 "stamp first thing in the port's signal handler (before any system call), "
			 "overruns from si_overrun",
	[RTB_W_SLEEP_ABS] = "task sleeping in clock_nanosleep(TIMER_ABSTIME) on CLOCK_MONOTONIC, "
			    "stamp on wake-up (cyclictest method)",
	[RTB_W_ISR_TASK] = "here the handler is a signal handler on the waiting thread: its return -> "
			   "the thread resuming, no wake-up or switch",
	[RTB_W_COND] = "pthread_cond_signal to a thread in pthread_cond_wait (pthread mutex, no protocol)",
	[RTB_W_EVENT] = "eventfd (write of the flags; the waiter blocked in read)",
	[RTB_W_EVENT_WORD] = "futex word (atomic OR of the flags and FUTEX_WAKE_PRIVATE; the waiter "
			     "in FUTEX_WAIT_PRIVATE)",
	[RTB_W_TSIG] = "SIGUSR1 by pthread_kill to a thread blocked in sigwait (sigwaittest's path)",
	[RTB_W_SVSEM] = "SysV semaphore (semget IPC_PRIVATE; semop +1 to a thread blocked in semop -1)",
	[RTB_W_HEAP] = "malloc / free (the C library's heap)",
	[RTB_W_CREATE] = "pthread_create (explicit SCHED_FIFO priority and CPU, stack given)",
	[RTB_W_DEADLINE] = "SCHED_DEADLINE (sched_setattr; a job ends with sched_yield)",
};
