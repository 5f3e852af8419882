/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench POSIX/Linux port - the port's own view of its objects.
 *
 * For src/port/posix/ only (never included by a benchmark, the core or a
 * writer: they see rtb_port_types.h through rtbench/port.h). The opaque
 * storage of each object in rtb_port_types.h is the POSIX object named
 * here; the checks below fail the build on a C library whose type does not
 * fit (then raise the size there). */
#ifndef RTB_PORT_INT_H
#define RTB_PORT_INT_H

#include <mqueue.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdalign.h>
#include <time.h>
#include "rtbench/port.h"

#define RTB_POSIX_FITS(obj, type) \
	(sizeof(type) <= sizeof(obj) && alignof(type) <= alignof(union rtb_posix_align))
_Static_assert(RTB_POSIX_FITS(((rtb_thread_t *)0)->th, pthread_t), "pthread_t: raise RTB_POSIX_PTHREAD_BYTES");
_Static_assert(RTB_POSIX_FITS(((rtb_bsem_t *)0)->sem, sem_t), "sem_t: raise RTB_POSIX_SEM_BYTES");
_Static_assert(RTB_POSIX_FITS(((rtb_mutex_t *)0)->mtx, pthread_mutex_t), "pthread_mutex_t: raise RTB_POSIX_MUTEX_BYTES");
_Static_assert(RTB_POSIX_FITS(((rtb_mq_t *)0)->mq, mqd_t), "mqd_t: raise RTB_POSIX_MQD_BYTES");
_Static_assert(RTB_POSIX_FITS(((rtb_ptimer_t *)0)->id, timer_t), "timer_t: raise RTB_POSIX_TIMER_BYTES");
_Static_assert(RTB_POSIX_FITS(((rtb_cond_t *)0)->cv, pthread_cond_t), "pthread_cond_t: raise RTB_POSIX_COND_BYTES");
_Static_assert(RTB_POSIX_FITS(((rtb_tsig_t *)0)->th, pthread_t), "pthread_t: raise RTB_POSIX_PTHREAD_BYTES");

/* The POSIX object inside each rtbench object (its storage is only ever
 * used as this type, by the port's files). */
static inline pthread_t *rtb_posix_thread(rtb_thread_t *t) { return (pthread_t *)(void *)t->th.bytes; }
static inline sem_t *rtb_posix_sem(rtb_bsem_t *s) { return (sem_t *)(void *)s->sem.bytes; }
static inline pthread_mutex_t *rtb_posix_mutex(rtb_mutex_t *m)
{
	return (pthread_mutex_t *)(void *)m->mtx.bytes;
}
static inline mqd_t *rtb_posix_mqd(rtb_mq_t *q) { return (mqd_t *)(void *)q->mq.bytes; }
static inline pthread_cond_t *rtb_posix_cond(rtb_cond_t *c) { return (pthread_cond_t *)(void *)c->cv.bytes; }
static inline pthread_t *rtb_posix_tsig_thread(rtb_tsig_t *s) { return (pthread_t *)(void *)s->th.bytes; }
static inline timer_t *rtb_posix_timer(rtb_ptimer_t *t) { return (timer_t *)(void *)t->id.bytes; }

#endif
