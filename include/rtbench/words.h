/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the port's words for what it used.
 *
 * A figure's method text says what it includes, in the words of the port
 * that ran it: a FreeRTOS result names xSemaphoreTake on a binary
 * semaphore, a POSIX one sem_wait on a sem_t. Benchmark files never write
 * an OS's words; they ask for them here. Each port keeps its table in
 * src/port/<port>/words.c, which includes nothing but this header (so a
 * host-side test reads every port's table without that OS), and names it
 * in rtb_port_types.h: #define RTB_PORT_WORDS rtb_words_<port>
 * Every entry is a phrase that fits into a sentence; NULL where the port
 * has no such primitive (the benchmark that needs it is SKIPPED). */
#ifndef RTBENCH_WORDS_H
#define RTBENCH_WORDS_H

enum rtb_word {
	RTB_W_PORT = 0,         /* the port itself: "POSIX (Linux)", "FreeRTOS" */
	RTB_W_BSEM,             /* the binary semaphore, as created */
	RTB_W_BSEM_GIVE,        /* its give call */
	RTB_W_BSEM_TAKE,        /* its take call */
	RTB_W_MUTEX_NONE,       /* a lock with no protocol */
	RTB_W_MUTEX_INHERIT,    /* a lock with priority inheritance */
	RTB_W_MUTEX_CEILING,    /* a lock with the priority ceiling */
	RTB_W_MQ,               /* the message queue, as created */
	RTB_W_MQ_SEND,          /* its send call */
	RTB_W_MQ_RECEIVE,       /* its receive call */
	RTB_W_PIPE,             /* a byte pipe between tasks */
	RTB_W_FIFO,             /* fixed-priority scheduling, before a priority number */
	RTB_W_RR,               /* equal priorities sharing the CPU by quantum */
	RTB_W_RR_SWITCH,        /* what ends a quantum */
	RTB_W_YIELD,            /* the yield call */
	RTB_W_NORT,             /* the scheduling a run without RT priority has,
				 * after "every task" */
	RTB_W_PTIMER,           /* the periodic event and where its handler stamps */
	RTB_W_SLEEP_ABS,        /* a task sleeping until an absolute expiry */
	RTB_W_ISR_TASK,         /* what lies between the handler and its task */
	RTB_W_COND,             /* a condition variable: signal and wait */
	RTB_W_EVENT,            /* the OS's event-flags object: set and wait */
	RTB_W_EVENT_WORD,       /* a memory word the kernel waits on: set and wait */
	RTB_W_TSIG,             /* a signal to a task waiting for it: send and wait */
	RTB_W_SVSEM,            /* a System V semaphore: post and wait */
	RTB_W_HEAP,             /* the general-purpose heap: allocate and free */
	RTB_W_CREATE,           /* creating a task */
	RTB_W_DEADLINE,         /* deadline scheduling: the class and the end of a job */
	RTB_W_MEM_RESIDENT,     /* the run line's memory phrase where nothing pages
				 * (NULL: "memory locked" / "not locked") */
	RTB_W_NO_IDLE,          /* the run line's idle phrase where the port
				 * controls no idle states (NULL: "idle latency
				 * held" / "not held") */
	RTB_NWORDS
};

/* rtb_word_port - the running port's phrase for w; NULL where it has no
 * such thing (src/model/words.c, from the port's table). */
const char *rtb_word_port(enum rtb_word w);
/* rtb_word_or - the phrase, or `none` where the port has none. */
const char *rtb_word_or(enum rtb_word w, const char *none);

#endif
