/* SPDX-License-Identifier: Apache-2.0 */
/* test_trace_reader - the streaming trace's reader thread and its glue
 * (src/trace/trace_stream.c, Steps 1-5) with the port's trace replaced at
 * link time (--wrap: begin, end and poll hand it a made-up stream, no
 * kernel): a "measuring thread" (this test) takes its marks ring, pushes
 * one mark per sample while the events become available in bursts, the
 * reader matches and keeps as they come, and after the stop the metric
 * carries its trace: every sample seen and matched, the sample with a known
 * hog the maximum and explained by it, the successive maxima in order with
 * their times, the components as histogram metrics in the result with
 * one value per matched sample; a second start afterwards works from a
 * clean state. */
#include <stdatomic.h>
#include <string.h>
#include "check.h"
#include "fixtures.h"
#include "run/run.h" /* rtb_mode_count */
#include "trace/trace_run.h"
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "rtbench/trace_stream.h"

int __wrap_rtb_port_trace_begin(const struct rtb_cpuset *cpus);
int __wrap_rtb_port_trace_end(void);
int __wrap_rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost,
			       int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg), uint64_t until);

#define TID 50
#define NS 3000
#define MAXEV (NS * 10)

static struct rtb_tev evs[MAXEV];
static size_t nev;
static atomic_size_t avail;     /* events the "kernel" has written */
static size_t delivered;        /* events the reader has polled */
static atomic_int begun, ended, polls;
static int tcpu = 1;            /* the traced CPU, its events' */

int __wrap_rtb_port_trace_begin(const struct rtb_cpuset *cpus)
{
	CHECK_EQ_I(rtb_cpuset_count(cpus), 1);
	CHECK(rtb_cpuset_has(cpus, tcpu));
	atomic_store(&begun, 1);
	return 0;
}

int __wrap_rtb_port_trace_end(void)
{
	atomic_store(&ended, 1);
	return 0;
}

int __wrap_rtb_port_trace_poll(void (*fn)(const struct rtb_tev *e, void *arg), void *arg, uint64_t *lost,
			       int (*want)(int cpu, uint64_t first, uint64_t last, size_t n, void *arg), uint64_t until)
{
	size_t a = atomic_load(&avail);

	(void)want; /* one CPU's timer samples: every event wanted */
	(void)until;
	atomic_fetch_add(&polls, 1);
	for (; delivered < a; delivered++)
		fn(&evs[delivered], arg);
	*lost = 7; /* what the "kernel" says it dropped: reported as is */
	return 0;
}

static void push(uint64_t t, int kind, int cur, int pid, int prev, uint64_t timer, int64_t expiry, const char *comm,
		 const char *prev_comm)
{
	tev_fill(&evs[nev], t, kind, cur, pid, prev, timer, expiry, comm, prev_comm);
	evs[nev++].cpu = tcpu;
}

/* sample - one timer sample's events (expiry x, a hog of `hog` ticks
 * before the switch to TID); returns its stamp. */
static uint64_t sample(uint64_t x, uint64_t hog, uint64_t timer)
{
	push(x - 100010, RTB_TEV_TIMER_ARM, TID, 0, 0, timer, (int64_t)x, NULL, NULL);
	push(x - 100000, RTB_TEV_SWITCH, TID, 0, TID, 0, 0, NULL, "tCyclic");
	push(x + 100, RTB_TEV_TIMER_IRQ, 0, 0, 0, 0, 0, NULL, NULL);
	push(x + 200, RTB_TEV_TIMER_FIRE, 0, 0, 0, timer, 0, NULL, NULL);
	push(x + 300, RTB_TEV_WAKING, 0, TID, 0, 0, 0, NULL, NULL);
	push(x + 301, RTB_TEV_VEC_EXIT, 0, 0, 0, 0, 0, "local_timer", NULL);
	uint64_t sw = x + 400;
	if (hog) {
		push(x + 310, RTB_TEV_SWITCH, 0, 99, 0, 0, 0, "hogger", NULL);
		sw = x + 310 + hog;
	}
	push(sw, RTB_TEV_SWITCH, hog ? 99 : 0, TID, hog ? 99 : 0, 0, 0, "tCyclic", hog ? "hogger" : NULL);
	return sw + 100;
}

static void one_run(struct rtb_ctx *c, struct rtb_result *res, uint64_t base, uint64_t hog_at)
{
	struct rtb_metric *m;
	const uint64_t P = 200000;

	nev = delivered = 0;
	atomic_store(&avail, 0);
	CHECK_EQ_I(rtb_metric_new(res, "irq.timer.nanosleep", "t", NS, &m), 0);
	struct rtb_cpuset one = { 0 };
	rtb_cpuset_set(&one, c->cpu);
	CHECK_EQ_I(rtb_ts_start(c, RTB_TRACE_TIMER, &one, 1, -1, 0, NULL), 0);      /* Step 1 */
	CHECK(rtb_ts_on());
	struct rtb_trace_marks *tm = rtb_ts_marks(c, m, RTB_TRACE_TIMER);        /* Step 2 */
	CHECK(tm && tm->ring && m->tm == tm);
	if (!tm)
		return;
	tm->tid = TID;
	for (uint64_t i = 0; i < NS; i++) {
		uint64_t x = base + i * P, hog = i == hog_at ? 80000 : i % 500 == 7 ? 3000 + i : 0;
		uint64_t end = sample(x, hog, 100 + i);
		/* the events come in bursts, a little after their marks */
		if (i % 64 == 63)
			atomic_store(&avail, nev);
		rtb_metric_record(m, 1, (int64_t)(end - x));
		rtb_tmark_push(tm, 0, end, (int64_t)x, (int64_t)(end - x));
		if (i % 256 == 0)
			rtb_port_sleep_ns(2000000);
	}
	atomic_store(&avail, nev);
	CHECK_EQ_I(rtb_ts_stop(), 0);                                           /* Step 4 */
	CHECK(!rtb_ts_on());
	CHECK_EQ_I(delivered, nev);
	CHECK_EQ_I(rtb_ts_attach(m, m, res), 0);                                /* Step 5 */
	m->tm = NULL;
	rtb_ts_release();
	const struct rtb_metric_trace *t = m->trace;
	CHECK(t && t->streamed);
	if (!t)
		return;
	CHECK_EQ_I(t->samples, NS);
	CHECK_EQ_I(t->matched, NS);
	CHECK_EQ_I(t->marks_lost, 0);
	CHECK_EQ_I(t->incomplete, 0);
	CHECK_EQ_I(t->lost_events, 7);
	CHECK_EQ_I(t->nworst, RTB_WORST_N);
	CHECK_EQ_I(t->worst[0].index, hog_at);
	CHECK(t->worst[0].x.ncause > 0 && !strcmp(t->worst[0].x.cause[0].name, "hogger"));
	CHECK_EQ_I(t->worst[0].x.cause[0].ns, 80000);
	/* phases first: the hog held the CPU after the wake-up */
	char want_line[160];
	snprintf(want_line, sizeof(want_line), "irq.timer.nanosleep max 80.4 us on CPU %d: after the wake-up 80.0 us "
		 "(100%%): task hogger (pid 99) RT prio 99 80.0 us", c->cpu);
	CHECK(strstr(t->worst[0].line, want_line) == t->worst[0].line);
	CHECK(t->worst[0].x.nphase == 4 && t->worst[0].x.phase[t->worst[0].x.main_phase].kind == RTB_PHASE_WAKE);
	CHECK(t->nmax >= 2 && t->nmax_total >= (uint64_t)t->nmax);
	CHECK_EQ_I(t->maxima[t->nmax - 1].w.index, hog_at);
	for (int k = 1; k < t->nmax; k++)
		CHECK(t->maxima[k].w.sample_ns > t->maxima[k - 1].w.sample_ns && t->maxima[k].t_ns > t->maxima[k - 1].t_ns);
	CHECK_EQ_I(t->ncomp, 5);
	struct rtb_metric *cm = rtb_metric_find(res, "irq.timer.nanosleep.trace.waking_to_switch");
	CHECK(cm && cm->hm && cm->count == NS && !strcmp(cm->trace_parent, "irq.timer.nanosleep"));
	CHECK(cm && cm->stats.max == 80010);
	/* a timer's rtbench minus trace is switch_to_stamp: no metric repeats it */
	CHECK(rtb_metric_find(res, "irq.timer.nanosleep.trace.rtbench_minus_trace") == NULL);
	CHECK(rtb_metric_find(res, "irq.timer.nanosleep.trace.switch_to_stamp") != NULL);
}

int main(void)
{
	struct rtb_opts o;
	struct rtb_clock_info clk;
	static struct rtb_result res, res2;
	struct rtb_ctx c;
	atomic_int stop = 0;

	memset(&o, 0, sizeof(o));
	memset(&clk, 0, sizeof(clk));
	memset(&c, 0, sizeof(c));
	clk.ticks_per_ns = 1.0;
	c.o = &o;
	c.res = &res;
	c.clk = &clk;
	c.cpu = 1;
	c.other_cpu = 0;
	c.stop = &stop;
	c.mode = &rtb_mode_count;
	c.tracing = 1;
	/* the made-up events lie in the future of the counter: the reader's
	 * rule "every event before this poll began is in it" holds for a
	 * kernel, not for a stream this test makes available in bursts, so
	 * its marks are served as the events pass them and at the stop */
	uint64_t base = rtb_port_ticks() + 20000000000ull;
	one_run(&c, &res, base, 1234);
	CHECK(atomic_load(&begun) && atomic_load(&ended) && atomic_load(&polls) >= 2);
	/* a second traced measurement starts clean */
	c.res = &res2;
	one_run(&c, &res2, base + 2000000000ull, 2999);
	CHECK(rtb_ts_marks(&c, res2.metrics[0], RTB_TRACE_TIMER) == NULL); /* not on */
	/* the last CPU of the widest machine: read and explained the same */
	static struct rtb_result res3;
	c.res = &res3;
	c.cpu = tcpu = RTB_MAX_CPUS - 1;
	one_run(&c, &res3, base + 4000000000ull, 777);
	rtb_result_free(&res);
	rtb_result_free(&res2);
	rtb_result_free(&res3);
	return check_done();
}
