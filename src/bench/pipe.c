/* SPDX-License-Identifier: Apache-2.0 */
/* ipc.pipe.roundtrip - pipe ping-pong round trip, `perf bench sched pipe`'s
 * figure, with a distribution instead of one average.
 *
 * What it measures: one round trip between two tasks of equal priority on
 * one CPU through two pipes. Includes two context switches, two 1-byte
 * writes and two reads (each read blocks, then returns), and one counter
 * read. perf reports the same round trip as "usecs/op".
 *
 * Thread protocol:
 *   Step 1: tPong blocks reading pipe A.
 *   Step 2: tPing stamps t0, writes one byte to A, and blocks reading pipe B
 *           (equal priority: tPong runs only once tPing blocks).
 *   Step 3: tPong's read returns; it writes one byte to B and blocks reading A.
 *   Step 4: tPing's read returns; it stamps t1: one sample, t1 - t0.
 * Every 100 ms of this the pair rests 10 ms (RT throttling never reached). */
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/words.h"

struct pp {
	rtb_pipe_t a, b;
	struct rtb_trace_marks *tm; /* run --trace: per-sample marks, else NULL */
};

/* pong - tPong: echoes each byte from pipe A back on B until a 0
 * (Steps 1, 3). */
static void pong(void *p)
{
	struct pp *s = p;
	char ch;

	if (s->tm)
		s->tm->peer_tid = rtb_port_trace_self(); /* run --trace */
	while (!rtb_pipe_read(&s->a, &ch, 1) && ch)   /* Step 1, 3 */
		if (rtb_pipe_write(&s->b, &ch, 1))
			break;
}

/* run_pipe - the round trip: a byte out and back through two pipes. */
static int run_pipe(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct pp s;
	struct rtb_metric *m = rtb_measure_metric(c, b, b->id, b->title, rtb_samples(c, b));
	rtb_thread_t th;
	struct rtb_duty d;
	char ch = 1;
	int rc;

	if (!m)
		return RTB_ENOMEM;
	s.tm = rtb_marks_new(c, m, RTB_TRACE_PINGPONG);
	if (s.tm)
		s.tm->tid = rtb_port_trace_self();
	/* a port without pipes: RTB_ENOTSUP, and the runner marks m skipped */
	if ((rc = rtb_pipe_open(&s.a)))
		return rc;
	if ((rc = rtb_pipe_open(&s.b)))
		goto out_a;
	rtb_self_rt(c, RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu);
	rc = rtb_spawn(c, &th, "tPong", RTB_SCHED_FIFO, RTB_PRIO_LOW, c->cpu, pong, &s);
	if (rc)
		goto out_b;
	rtb_watchdog_arm(c, 10000000000LL + (int64_t)m->capacity * 200000);
	rtb_duty_start(&d);
	int64_t start = rtb_port_mono_ns();
	for (size_t k = 0; k <= m->capacity && !rtb_stopped(c); k++) {
		const uint64_t inj = rtb_inject_due(c, m);
		/* selftest: a baseline sample spins the delay before its stamp
		 * (rtb_inject_pre), so every write follows the same spin: beside
		 * a half-busy CPU a write right after a 20 us spin took ~20 us
		 * longer in some passes, and only the injected half had one */
		rtb_inject_spin(rtb_inject_pre(c, m));
		uint64_t t0 = rtb_port_ticks();        /* Step 2 */
		rtb_inject_spin(inj);
		if ((rc = rtb_pipe_write(&s.a, &ch, 1)) || (rc = rtb_pipe_read(&s.b, &ch, 1))) {
			rtb_metric_error(m, rc, "pipe I/O");
			rc = 0;
			break;
		}
		uint64_t t1 = rtb_port_ticks();        /* Step 4 */
		rtb_record_span(c, m, k, t0, t1);
		rtb_duty_check(&d);
	}
	int64_t elapsed = rtb_port_mono_ns() - start;
	ch = 0;
	rtb_pipe_write(&s.a, &ch, 1);
	rtb_join(&th);
	rtb_metric_set_method(m, "two %ss, tPing and tPong %s %d on CPU %d; sample = one "
			      "round trip (2 switches, 2 one-byte writes, 2 blocking reads), as perf bench "
			      "sched pipe's usecs/op", rtb_word_or(RTB_W_PIPE, "pipe"),
			      rtb_word_or(RTB_W_FIFO, "priority"), rtb_prio_native(RTB_PRIO_LOW), c->cpu);
	rtb_measure_metric_end(c, m, elapsed);
out_b:
	rtb_pipe_close(&s.b);
out_a:
	rtb_pipe_close(&s.a);
	return rc;
}

const struct rtb_bench rtb_bench_pipe = {
	.id = "ipc.pipe.roundtrip",
	.title = "Pipe round trip (2 switches)",
	.summary = "ping-pong through two pipes between equal-priority tasks on one CPU (perf bench sched pipe's op)",
	.default_samples = 10000,
	.injectable = 1,
	.threads = 1,
	.run = run_pipe,
	.trace_kind = RTB_TRACE_PINGPONG,
	.can = RTB_CAN_TIME | RTB_CAN_CPUS,
};
