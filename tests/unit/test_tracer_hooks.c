/* SPDX-License-Identifier: Apache-2.0 */
/* test_tracer_hooks - the runner's traced count mode (run/run_trace.c)
 * reaches a tracer only through struct rtb_tracer's hooks
 * (rtbench/tracer.h): a stand-in tracer here, not the trace room, sees
 * them in order (start, marks for the traced pass only, stop, attach with
 * the untraced passes around it); a failed streamed start falls back to a
 * whole pass; a kind the tracer does not stream starts a whole pass. Links
 * without src/trace (make TRACE=0 builds it too). No timing. */
#include <stdatomic.h>
#include <string.h>
#include "check.h"
#include "run/run.h" /* rtb_mode_count */
#include "run/run_trace.h"
#include "rtbench/bench.h"
#include "rtbench/err.h"
#include "rtbench/tracer.h"

static char calls[256];          /* the hooks called, one letter each */
static struct rtb_tpass last;    /* the last start's pass */
static int fail_streamed;        /* start refuses a streamed pass */
static struct rtb_trace_marks ring; /* what marks hands out */
static int attached_n, attached_around;

static void called(char c)
{
	size_t n = strlen(calls);
	if (n + 1 < sizeof(calls))
		calls[n] = c, calls[n + 1] = '\0';
}

static int f_start(struct rtb_ctx *c, const struct rtb_tpass *p)
{
	(void)c;
	called(p->streamed ? 'S' : 'W');
	last = *p;
	return p->streamed && fail_streamed ? RTB_ENOTSUP : 0;
}

static struct rtb_trace_marks *f_marks(struct rtb_ctx *c, struct rtb_metric *m, enum rtb_trace_kind kind,
				       int *streamed)
{
	(void)c;
	(void)kind;
	called('m');
	*streamed = last.streamed;
	if (!last.streamed)
		return NULL; /* the bench API keeps the whole pass's marks */
	m->tm = &ring;
	return &ring;
}

static int f_stop(struct rtb_ctx *c)
{
	(void)c;
	called('s');
	return 0;
}

static void f_attach(struct rtb_ctx *c, const struct rtb_tattach *a)
{
	(void)c;
	called('a');
	attached_n = a->n;
	attached_around = a->before != NULL && a->after != NULL;
}

static const struct rtb_tracer fake = {
	.name = "stand-in",
	.stream_kinds = 1u << RTB_TRACE_TIMER,
	.start = f_start,
	.marks = f_marks,
	.stop = f_stop,
	.attach = f_attach,
};

/* once - one pass of a bench: a metric, its marks when traced */
static int once(struct rtb_ctx *c, const struct rtb_bench *b)
{
	struct rtb_metric *m;
	int rc = rtb_metric_new(c->res, b->id, b->title, 4, &m);

	if (rc)
		return rc;
	called(c->tracing ? 'T' : 'u');
	rtb_marks_new(c, m, b->trace_kind);
	return 0;
}

/* traced - rtb_run_trace_bench of a bench of this kind; the hooks called */
static const char *traced(enum rtb_trace_kind kind, struct rtb_result *res)
{
	static const struct rtb_opts o = { .samples = 4, .quiet = 1, .trace.tracer = &fake };
	static atomic_int stop;
	const struct rtb_bench b = { .id = "x.traced", .title = "x", .default_samples = 4, .trace_kind = kind };
	struct rtb_ctx c = { .o = &o, .res = res, .clk = &res->clock, .stop = &stop, .cpu = 0, .other_cpu = -1,
			     .trace_ready = 1, .mode = &rtb_mode_count, .tracer = &fake };

	calls[0] = '\0';
	CHECK_EQ_I(rtb_run_trace_bench(&c, &b, once), 0);
	return calls;
}

int main(void)
{
	static struct rtb_result res;

	/* streamed: untraced, then traced with the reader, then untraced */
	CHECK(!strcmp(traced(RTB_TRACE_TIMER, &res), "uSTmsua"));
	CHECK_EQ_I(rtb_cpuset_count(&last.cpus), 1);
	CHECK(rtb_cpuset_has(&last.cpus, 0));
	CHECK_EQ_I(last.nwatch, 1);
	CHECK_EQ_I(attached_n, 1);
	CHECK(attached_around);
	CHECK(res.metrics[0]->tm == NULL); /* the reader's marks are let go */
	rtb_result_free(&res);
	memset(&res, 0, sizeof(res));

	/* the reader cannot start: the whole pass instead, said */
	fail_streamed = 1;
	CHECK(!strcmp(traced(RTB_TRACE_TIMER, &res), "uSWTmsua"));
	CHECK_EQ_I(res.nwarnings, 1);
	fail_streamed = 0;
	rtb_result_free(&res);
	memset(&res, 0, sizeof(res));

	/* a kind the tracer does not stream: a whole pass, the marks freed */
	CHECK(!strcmp(traced(RTB_TRACE_WAKE, &res), "uWTmsua"));
	CHECK(res.metrics[0]->tm == NULL);
	rtb_result_free(&res);
	return check_failures ? 1 : 0;
}
