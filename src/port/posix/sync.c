/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - binary semaphore, mutex with protocol, message queue.
 *
 * The binary semaphore is a POSIX counting semaphore that the benchmarks
 * never give twice without a take; the mutex takes its protocol
 * (none / priority inheritance / priority ceiling) explicitly; the message
 * queue is a POSIX mqueue, unlinked at once so a crashed run leaves no
 * name behind. Timed waits use CLOCK_REALTIME deadlines because that is
 * what sem_timedwait and mq_timedreceive take; they only bound waits (a
 * watchdog), they never time a measurement. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

/* deadline_after - CLOCK_REALTIME ns from now (sem_timedwait and
 * mq_timedreceive take an absolute realtime deadline). */
static struct timespec deadline_after(int64_t ns)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	int64_t t = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec + ns;
	ts.tv_sec = t / 1000000000;
	ts.tv_nsec = t % 1000000000;
	return ts;
}

int rtb_bsem_init(rtb_bsem_t *s, int available)
{
	return sem_init(rtb_posix_sem(s), 0, available ? 1 : 0) ? RTB_ESYS : 0;
}

int rtb_bsem_give(rtb_bsem_t *s)
{
	return sem_post(rtb_posix_sem(s)) ? RTB_ESYS : 0;
}

/* rtb_bsem_give_isr - sem_post is async-signal-safe: the same call. */
int rtb_bsem_give_isr(rtb_bsem_t *s)
{
	return rtb_bsem_give(s);
}

int rtb_bsem_take(rtb_bsem_t *s)
{
	while (sem_wait(rtb_posix_sem(s)))
		if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_bsem_take_timed(rtb_bsem_t *s, int64_t timeout_ns)
{
	struct timespec ts = deadline_after(timeout_ns);
	while (sem_timedwait(rtb_posix_sem(s), &ts))
		if (errno == ETIMEDOUT)
			return RTB_ETIMEDOUT;
		else if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_bsem_destroy(rtb_bsem_t *s)
{
	return sem_destroy(rtb_posix_sem(s)) ? RTB_ESYS : 0;
}

/* rtb_mutex_init - pthread mutex with PTHREAD_PRIO_NONE / _INHERIT /
 * _PROTECT. RTB_ENOTSUP if the library lacks the protocol. */
int rtb_mutex_init(rtb_mutex_t *m, enum rtb_mutex_proto proto, enum rtb_prio ceiling)
{
	pthread_mutexattr_t a;
	int p = proto == RTB_PROTO_INHERIT ? PTHREAD_PRIO_INHERIT :
		proto == RTB_PROTO_CEILING ? PTHREAD_PRIO_PROTECT : PTHREAD_PRIO_NONE;
	int rc;

	pthread_mutexattr_init(&a);
	rc = pthread_mutexattr_setprotocol(&a, p);
	if (!rc && proto == RTB_PROTO_CEILING)
		rc = pthread_mutexattr_setprioceiling(&a, rtb_prio_native(ceiling));
	if (!rc)
		rc = pthread_mutex_init(rtb_posix_mutex(m), &a);
	pthread_mutexattr_destroy(&a);
	return rc == ENOTSUP ? RTB_ENOTSUP : rc ? RTB_EINVAL : 0;
}

int rtb_mutex_lock(rtb_mutex_t *m)
{
	int rc = pthread_mutex_lock(rtb_posix_mutex(m));
	return rc == EINVAL ? RTB_EPERM : rc ? RTB_ESYS : 0;
}

int rtb_mutex_unlock(rtb_mutex_t *m)
{
	return pthread_mutex_unlock(rtb_posix_mutex(m)) ? RTB_ESYS : 0;
}

int rtb_mutex_destroy(rtb_mutex_t *m)
{
	return pthread_mutex_destroy(rtb_posix_mutex(m)) ? RTB_ESYS : 0;
}

/* rtb_mq_open - a private, empty queue of depth messages of msg_bytes. */
int rtb_mq_open(rtb_mq_t *q, size_t msg_bytes, size_t depth)
{
	static atomic_int seq;
	struct mq_attr attr = { .mq_maxmsg = (long)depth, .mq_msgsize = (long)msg_bytes };

	snprintf(q->name, sizeof(q->name), "/rtbench-%ld-%d", (long)getpid(),
		 atomic_fetch_add(&seq, 1));
	q->msg_bytes = msg_bytes;
	*rtb_posix_mqd(q) = mq_open(q->name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	if (*rtb_posix_mqd(q) == (mqd_t)-1)
		return rtb_err_from_errno(errno);
	mq_unlink(q->name);
	return 0;
}

int rtb_mq_send(rtb_mq_t *q, const void *msg, size_t len)
{
	while (mq_send(*rtb_posix_mqd(q), msg, len, 0))
		if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_mq_receive(rtb_mq_t *q, void *msg, size_t len)
{
	while (mq_receive(*rtb_posix_mqd(q), msg, len, NULL) < 0)
		if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_mq_receive_timed(rtb_mq_t *q, void *msg, size_t len, int64_t timeout_ns)
{
	struct timespec ts = deadline_after(timeout_ns);
	while (mq_timedreceive(*rtb_posix_mqd(q), msg, len, NULL, &ts) < 0)
		if (errno == ETIMEDOUT)
			return RTB_ETIMEDOUT;
		else if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_mq_close(rtb_mq_t *q)
{
	return mq_close(*rtb_posix_mqd(q)) ? RTB_ESYS : 0;
}

int rtb_pipe_open(rtb_pipe_t *p)
{
	return pipe(p->fd) ? RTB_ESYS : 0;
}

int rtb_pipe_write(rtb_pipe_t *p, const void *buf, size_t len)
{
	ssize_t n;
	while ((n = write(p->fd[1], buf, len)) < 0)
		if (errno != EINTR)
			return RTB_ESYS;
	return (size_t)n == len ? 0 : RTB_ESYS;
}

/* rtb_pipe_read - exactly len bytes (0 bytes read: the pipe was closed). */
int rtb_pipe_read(rtb_pipe_t *p, void *buf, size_t len)
{
	ssize_t n;
	while ((n = read(p->fd[0], buf, len)) < 0)
		if (errno != EINTR)
			return RTB_ESYS;
	return (size_t)n == len ? 0 : RTB_EIO;
}

void rtb_pipe_close(rtb_pipe_t *p)
{
	close(p->fd[0]);
	close(p->fd[1]);
}
