/* SPDX-License-Identifier: Apache-2.0 */
/* mem.heap.alloc, mem.heap.free, mem.pool.get, mem.pool.put - memory
 * allocation in a real-time task (Thread-Metric's memory allocation test,
 * Zephyr latency_measure's heap figures, rtos-benchmark's malloc/free).
 *
 * What it measures: the time of each call, in a task at the run's HIGH
 * level on the measured CPU, after the run's memory locking (when it
 * locks: `run:` in the output and settings.mlocked say so), for a
 * 128-byte block (Thread-Metric's size):
 *   mem.heap.alloc / mem.heap.free   the OS's general-purpose heap, as an
 *                                    application calls it (POSIX: malloc
 *                                    and free; FreeRTOS: pvPortMalloc and
 *                                    vPortFree, the build's heap_N);
 *   mem.pool.get / mem.pool.put      a fixed-block pool of 128-byte blocks:
 *                                    rtbench's own free list under the
 *                                    port's mutex without protocol (POSIX:
 *                                    a pthread mutex; FreeRTOS: a binary
 *                                    semaphore as a lock), as an
 *                                    application writes one where the OS
 *                                    has none in its kernel (neither POSIX
 *                                    nor FreeRTOS has).
 * Each sample is one call between two counter reads (includes the call
 * and one counter read). The task keeps HOLD blocks live, freeing the one
 * it took HOLD samples before, so the heap works past its per-thread
 * cache of a few free blocks of one size and its bins are exercised as a
 * program's are; the pool does the same. The heap's tail is the point:
 * its p99.9 and max (a lock taken, a search, a trim, the system call that
 * grows or shrinks the heap), against the pool's bounded path.
 *
 * Run for a time (--duration) the loop goes on until the stop and every
 * sample still frees a block it took HOLD samples before: the heap holds
 * HOLD blocks the whole run, and the figures are per interval as any
 * long run's; on several CPUs at once (--cpus) each CPU's task has its own
 * pool (the heap is the OS's, shared as an application's threads share
 * it).
 *
 * Thread protocol (one task, tAlloc, HIGH level, measured CPU):
 *   Step 1: the pool is laid out in storage taken before the task starts
 *           (one a CPU); HOLD blocks are taken from each (outside the
 *           samples).
 *   Step 2: per round of samples, heap then pool: stamp, allocate one
 *           block, stamp (alloc / get sample); stamp, free the block
 *           taken HOLD samples ago, stamp (free / put sample); the new
 *           block takes its slot.
 *   Step 3: at the end every live block is given back (outside samples). */
#include <stdio.h>
#include <string.h>
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/words.h"

#define BLOCK_BYTES 128
#define HOLD 32
#define POOL_BLOCKS (HOLD + 2)

enum { HEAP_ALLOC, HEAP_FREE, POOL_GET, POOL_PUT, NMET };

/* its metrics (struct rtb_bench .metrics: a long run makes them all) */
static const char *const ids[NMET + 1] = { "mem.heap.alloc", "mem.heap.free", "mem.pool.get", "mem.pool.put",
					   NULL };

/* pool - a fixed-block free list in static storage, under a lock */
struct pool {
	rtb_mutex_t lock;
	void *free;
};

struct ma {
	struct rtb_ctx *c;
	struct rtb_metric *m[NMET];
	struct pool pool;
	unsigned char *store;  /* the pool's blocks (rtb_alloc: 16-byte aligned) */
	void *heap_live[HOLD], *pool_live[HOLD];
	uint64_t failed;       /* allocations that returned nothing */
	int rc;
};

/* pool_init - every block of the storage on the free list. */
static int pool_init(struct pool *p, unsigned char *store, size_t nblocks)
{
	int rc = rtb_mutex_init(&p->lock, RTB_PROTO_NONE, 0);

	p->free = NULL;
	for (size_t i = nblocks; !rc && i-- > 0;) {
		*(void **)(void *)(store + i * BLOCK_BYTES) = p->free;
		p->free = store + i * BLOCK_BYTES;
	}
	return rc;
}

/* pool_get - the first free block, or NULL. */
static void *pool_get(struct pool *p)
{
	rtb_mutex_lock(&p->lock);
	void *b = p->free;
	if (b)
		p->free = *(void **)b;
	rtb_mutex_unlock(&p->lock);
	return b;
}

/* pool_put - a block back on the free list (NULL: nothing). */
static void pool_put(struct pool *p, void *b)
{
	if (!b)
		return;
	rtb_mutex_lock(&p->lock);
	*(void **)b = p->free;
	p->free = b;
	rtb_mutex_unlock(&p->lock);
}

/* one - sample k of metric pair (a: alloc/get, f: free/put): take a block,
 * give back slot's, keep the new one in the slot (Step 2). */
static void one(struct ma *s, int heap, uint64_t k, void **slot)
{
	struct rtb_ctx *c = s->c;
	struct rtb_metric *ma = s->m[heap ? HEAP_ALLOC : POOL_GET], *mf = s->m[heap ? HEAP_FREE : POOL_PUT];
	const uint64_t ia = rtb_inject_due(c, ma), iff = rtb_inject_due(c, mf);
	void *old = *slot, *p;

	uint64_t t0 = rtb_port_ticks();
	rtb_inject_spin(ia);
	p = heap ? rtb_heap_alloc(BLOCK_BYTES) : pool_get(&s->pool);
	uint64_t t1 = rtb_port_ticks();
	rtb_inject_spin(iff);
	if (heap)
		rtb_heap_free(old);
	else
		pool_put(&s->pool, old);
	uint64_t t2 = rtb_port_ticks();
	if (!p) {
		s->failed++;
		ma->invalid++;
		mf->invalid++;
		*slot = NULL;
		return;
	}
	/* touch the block as its user would, outside the window */
	memset(p, (int)(k & 0xff), BLOCK_BYTES);
	*slot = p;
	if (!rtb_metric_full(ma))
		rtb_record_span(c, ma, k, t0, t1);
	if (!rtb_metric_full(mf))
		rtb_record_span(c, mf, k, t1, t2);
}

/* alloc_main - tAlloc: Steps 1-3. */
static void alloc_main(void *p)
{
	struct ma *s = p;
	struct rtb_duty d;
	size_t i;

	s->rc = pool_init(&s->pool, s->store, POOL_BLOCKS);
	if (s->rc)
		return;
	for (i = 0; i < HOLD; i++) {                                   /* Step 1 */
		s->heap_live[i] = rtb_heap_alloc(BLOCK_BYTES);
		s->pool_live[i] = pool_get(&s->pool);
	}
	rtb_duty_start(&d);
	for (uint64_t k = 0; !rtb_stopped(s->c); k++) {
		int full = 1;
		for (int j = 0; j < NMET; j++)
			full &= rtb_metric_full(s->m[j]);
		if (full)
			break;
		one(s, 1, k, &s->heap_live[k % HOLD]);
		one(s, 0, k, &s->pool_live[k % HOLD]);
		rtb_duty_check(&d);
	}
	for (i = 0; i < HOLD; i++) {                                   /* Step 3 */
		rtb_heap_free(s->heap_live[i]);
		pool_put(&s->pool, s->pool_live[i]);
	}
	rtb_mutex_destroy(&s->pool.lock);
}

static int run(struct rtb_ctx *c, const struct rtb_bench *b)
{
	static const char *const titles[NMET] = { "Heap: allocate a 128-byte block", "Heap: free a 128-byte block",
						  "Fixed-block pool: get a 128-byte block",
						  "Fixed-block pool: put a 128-byte block back" };
	struct ma s = { .c = c };
	size_t n = rtb_samples(c, b);
	rtb_thread_t t;
	int rc;

	for (int i = 0; i < NMET; i++) {
		s.m[i] = rtb_measure_metric(c, b, ids[i], titles[i], n);
		if (!s.m[i])
			return RTB_ENOMEM;
	}
	s.store = rtb_alloc(POOL_BLOCKS * BLOCK_BYTES);
	if (!s.store)
		return RTB_ENOMEM;
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)n * 100000);
	int64_t t0 = rtb_port_mono_ns();
	rc = rtb_spawn(c, &t, "tAlloc", RTB_SCHED_FIFO, RTB_PRIO_HIGH, c->cpu, alloc_main, &s);
	if (rc) {
		rtb_free(s.store);
		return rc;
	}
	rtb_join(&t);
	rtb_free(s.store);
	int64_t elapsed = rtb_port_mono_ns() - t0;
	for (int i = 0; i < NMET; i++) {
		if (s.rc) {
			rtb_metric_error(s.m[i], s.rc, "cannot create the pool's lock");
			continue;
		}
		char what[160];
		if (i < POOL_GET)
			snprintf(what, sizeof(what), "%s", rtb_word_or(RTB_W_HEAP, "the heap"));
		else
			snprintf(what, sizeof(what), "rtbench's fixed-block free list under a %s",
				 rtb_word_or(RTB_W_MUTEX_NONE, "lock"));
		rtb_metric_set_method(s.m[i], "%s; %d-byte blocks, %d kept live (each sample frees the one taken %d "
			"samples before); task %s %d on CPU %d, memory %s; sample = one call between two stamps",
			what,
			BLOCK_BYTES, HOLD, HOLD, c->rt ? rtb_word_or(RTB_W_FIFO, "priority") : "time-shared",
			rtb_prio_native(RTB_PRIO_HIGH), c->cpu, c->mlocked ? "locked" : "NOT locked");
		if (s.failed)
			rtb_metric_note(s.m[i], "%llu allocations returned nothing (not samples)",
					(unsigned long long)s.failed);
		rtb_metric_extra(s.m[i], "block_bytes", BLOCK_BYTES, "bytes");
		rtb_measure_metric_end(c, s.m[i], elapsed);
	}
	return 0;
}

const struct rtb_bench rtb_bench_mem_alloc = {
	.id = "mem",
	.title = "Memory allocation in a real-time task (heap and fixed-block pool)",
	.group = RTB_GROUP_SUITES,
	.not_default = 1,
	.summary = "a real-time task allocates and frees 128-byte blocks from the heap and from a fixed-block "
		   "pool, after memory locking; the heap's tail is the point (Thread-Metric)",
	.default_samples = 20000,
	.injectable = 1,
	.selftest_metric = "mem.heap.alloc,mem.heap.free,mem.pool.get,mem.pool.put",
	.threads = 1,
	.run = run,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
	.metrics = ids,
};
