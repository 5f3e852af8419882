/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - condition variable, event flags (eventfd and a futex
 * word), task signal (sigwait) and the SysV semaphore.
 *
 * The event object is an eventfd: its 64-bit counter holds the flags
 * (write adds the bits, read returns and clears them), the way programs
 * that poll file descriptors signal "something happened". The event word
 * is a 32-bit futex word the two tasks share: set ORs the bits in and
 * wakes one waiter (FUTEX_WAKE_PRIVATE); wait sleeps in FUTEX_WAIT_PRIVATE
 * while none of its bits is set, then clears them. The task signal is
 * SIGUSR1 sent with pthread_kill to a thread blocked in sigwait, as
 * rt-tests' sigwaittest does (its threads variant). The SysV semaphore is
 * a private set of one (semget IPC_PRIVATE), removed at close: a run
 * killed in between leaves it behind (ipcs -s shows it; ipcrm removes). */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/eventfd.h>
#include <sys/ipc.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/futex.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

#define TSIG SIGUSR1

int rtb_cond_init(rtb_cond_t *cv)
{
	pthread_condattr_t a;
	int rc;

	/* CLOCK_MONOTONIC: no timed wait is used, but a realtime-clock
	 * condvar would follow a clock step if one ever were */
	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	rc = pthread_cond_init(rtb_posix_cond(cv), &a);
	pthread_condattr_destroy(&a);
	return rc ? RTB_ESYS : 0;
}

int rtb_cond_wait(rtb_cond_t *cv, rtb_mutex_t *m)
{
	return pthread_cond_wait(rtb_posix_cond(cv), rtb_posix_mutex(m)) ? RTB_ESYS : 0;
}

int rtb_cond_signal(rtb_cond_t *cv)
{
	return pthread_cond_signal(rtb_posix_cond(cv)) ? RTB_ESYS : 0;
}

int rtb_cond_destroy(rtb_cond_t *cv)
{
	return pthread_cond_destroy(rtb_posix_cond(cv)) ? RTB_ESYS : 0;
}

/* futex - the futex system call (glibc has no wrapper). */
static long futex(volatile uint32_t *w, int op, uint32_t val)
{
	return syscall(SYS_futex, w, op, val, NULL, NULL, 0);
}

int rtb_event_init(rtb_event_t *e, enum rtb_event_kind kind)
{
	e->kind = kind;
	e->word = 0;
	e->fd = -1;
	if (kind == RTB_EVENT_WORD)
		return 0;
	if (kind != RTB_EVENT_OBJECT)
		return RTB_EINVAL;
	e->fd = eventfd(0, EFD_CLOEXEC);
	return e->fd < 0 ? rtb_err_from_errno(errno) : 0;
}

int rtb_event_set(rtb_event_t *e, uint32_t bits)
{
	if (e->kind == RTB_EVENT_WORD) {
		__atomic_fetch_or(&e->word, bits, __ATOMIC_SEQ_CST);
		return futex(&e->word, FUTEX_WAKE_PRIVATE, 1) < 0 ? RTB_ESYS : 0;
	}
	uint64_t v = bits;
	while (write(e->fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_event_wait(rtb_event_t *e, uint32_t bits, uint32_t *got)
{
	uint32_t v;

	if (e->kind == RTB_EVENT_WORD) {
		while (!((v = __atomic_load_n(&e->word, __ATOMIC_SEQ_CST)) & bits))
			if (futex(&e->word, FUTEX_WAIT_PRIVATE, v) < 0 && errno != EAGAIN && errno != EINTR)
				return RTB_ESYS;
		v = __atomic_fetch_and(&e->word, ~bits, __ATOMIC_SEQ_CST) & bits;
	} else {
		/* the counter is the flags: one waiter, bits set once each
		 * before it reads (the benchmarks' protocol), so the sum of
		 * the writes is their OR */
		uint64_t c;
		while (read(e->fd, &c, sizeof(c)) != (ssize_t)sizeof(c))
			if (errno != EINTR)
				return RTB_ESYS;
		v = (uint32_t)c & bits;
	}
	if (got)
		*got = v;
	return 0;
}

int rtb_event_destroy(rtb_event_t *e)
{
	if (e->fd >= 0)
		close(e->fd);
	e->fd = -1;
	return 0;
}

int rtb_tsig_init(rtb_tsig_t *s)
{
	s->attached = 0;
	return 0;
}

/* rtb_tsig_attach - the waiting thread: the signal blocked here (sigwait
 * takes only a blocked signal; pthread_kill directs it at this thread, so
 * no other thread's mask matters). */
int rtb_tsig_attach(rtb_tsig_t *s)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, TSIG);
	if (pthread_sigmask(SIG_BLOCK, &set, NULL))
		return RTB_ESYS;
	*rtb_posix_tsig_thread(s) = pthread_self();
	atomic_thread_fence(memory_order_seq_cst);
	s->attached = 1;
	return 0;
}

int rtb_tsig_wait(rtb_tsig_t *s)
{
	sigset_t set;
	int sig;

	(void)s;
	sigemptyset(&set);
	sigaddset(&set, TSIG);
	while (sigwait(&set, &sig) || sig != TSIG)
		;
	return 0;
}

int rtb_tsig_send(rtb_tsig_t *s)
{
	if (!s->attached)
		return RTB_EINVAL;
	return pthread_kill(*rtb_posix_tsig_thread(s), TSIG) ? RTB_ESYS : 0;
}

/* rtb_tsig_destroy - nothing pending may outlive the waiter: a signal sent
 * after its last wait would be taken by the next thread on that id. The
 * benchmarks never send after the last wait, so nothing is done here. */
int rtb_tsig_destroy(rtb_tsig_t *s)
{
	s->attached = 0;
	return 0;
}

/* union semun - semctl's fourth argument, which the caller must define
 * (semctl(2)). */
union semun { int val; struct semid_ds *buf; unsigned short *array; };

int rtb_svsem_open(rtb_svsem_t *s)
{
	union semun a = { .val = 0 };

	s->id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
	if (s->id < 0)
		return errno == ENOSYS ? RTB_ENOTSUP : rtb_err_from_errno(errno);
	if (semctl(s->id, 0, SETVAL, a)) {
		semctl(s->id, 0, IPC_RMID);
		return RTB_ESYS;
	}
	return 0;
}

int rtb_svsem_post(rtb_svsem_t *s)
{
	struct sembuf op = { .sem_num = 0, .sem_op = 1, .sem_flg = 0 };

	while (semop(s->id, &op, 1))
		if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_svsem_wait(rtb_svsem_t *s)
{
	struct sembuf op = { .sem_num = 0, .sem_op = -1, .sem_flg = 0 };

	while (semop(s->id, &op, 1))
		if (errno != EINTR)
			return RTB_ESYS;
	return 0;
}

int rtb_svsem_close(rtb_svsem_t *s)
{
	if (s->id < 0)
		return 0;
	int rc = semctl(s->id, 0, IPC_RMID) ? RTB_ESYS : 0;
	s->id = -1;
	return rc;
}
