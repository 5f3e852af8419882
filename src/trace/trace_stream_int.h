/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the streaming reader's state, shared by its two files:
 * the reader itself, Steps 1-4 (trace_stream.c), and what it hands over
 * after the stop, Step 5 and the queries (trace_stream_attach.c). The
 * thread protocol is written at the top of trace_stream.c. */
#ifndef RTB_TRACE_STREAM_INT_H
#define RTB_TRACE_STREAM_INT_H

#include <stdatomic.h>
#include "rtbench/port.h"
#include "rtbench/trace_stream.h"

#define POLL_NS 50000000LL      /* how often the reader drains the trace */
#define MARGIN_NS 1000000LL     /* events after a stamp before it is served */
#define NWATCH RTB_MAX_CPUS     /* measuring threads at once (one a CPU) */
#define NWIN RTB_MAX_CPUS       /* traced CPUs (each a window, allocated
				 * at the start for the CPUs traced) */
#define CTX_NS 2000000LL        /* a candidate's events wanted from before its
				 * start (the context; a break's 1 ms) */
#define FRESH_NS 5000000LL      /* behind, the events this close to a poll's
				 * start are parsed all the same (a sample
				 * that began before it and ends after it) */
#define NCAND 512               /* candidates a poll looks for, at most */
#define DRAIN_NS 10000000000LL  /* the reader's time after the stop: what it
				 * has not read and matched by then it passes
				 * over, counted (a reader that fell minutes
				 * behind, 64 emulated CPUs, never ended) */

struct ts_watch {
	struct rtb_trace_marks tm;      /* what the benchmark gets (m->tm) */
	const struct rtb_metric *m;     /* whose marks */
	struct rtb_tkeep keep;
	const struct rtb_twin *w[2];
	int nw;
	struct rtb_metric *comp[RTB_TRACE_MAX_COMP + 1]; /* the last: the difference */
	atomic_int ready;               /* published whole (Step 2) */
	int alone_next;                 /* the next watch (+1, 0: none) read
					 * from the same one window alone */
	int64_t cand_floor;             /* behind: a mark at or below it at the
					 * poll's start was no candidate */
};

struct rtb_ts_state {
	int on;                 /* Steps 1-4: marks go to watches */
	atomic_int stop;
	atomic_llong drain_by;   /* mono ns the reader's work ends by (0: none) */
	int cut;                 /* it did not end by then: the rest passed over */
	uint64_t unread;         /* events left in the buffer then */
	int started;
	rtb_thread_t th;
	enum rtb_trace_kind kind;
	int xcpu;               /* a sample's events on two CPUs (.xcpu) */
	double tpn;
	uint64_t t0;            /* the first traced measurement's start */
	int64_t break_ns, tol_ns;
	struct rtb_twin win[NWIN];
	int winof[NWIN];        /* CPU -> window, -1 none */
	/* each window's first watch read from it alone (+1, 0: none), a
	 * list through alone_next: an event serves its window's watches,
	 * not a scan of all of them (O(CPUs) an event, O(CPUs^2) a run) */
	atomic_int alone[NWIN];
	int nwin;
	struct rtb_tev *store, *slot;
	struct rtb_tev *evid;   /* --trace-dat: RTB_WORST_N * RTB_TS_EVID a watch */
	struct rtb_tmark *rings;
	struct rtb_result *cres; /* the component metrics, until Step 5 */
	struct ts_watch *watch;
	int cap;                /* watches allocated */
	atomic_int taken;       /* watches handed out (Step 2) */
	uint64_t lost;          /* events the OS dropped (buffer full) */
	uint64_t lost_cpu[NWIN]; /* the same per CPU, read at the stop */
	int lost_cpu_ok;
	struct rtb_cpuset explain; /* CPUs whose samples are explained */
	int explain_all;        /* every CPU's (explain not used) */
	int poll_err;
	uint64_t polls, events;
	/* the reader behind (lazy kinds only: a round trip's or a wake-up's
	 * events lie between its own stamps): this poll parses only the
	 * pages a candidate for the worst needs (cand: its events' stretch,
	 * on the CPUs of mask) and those written since it began (poll_t) */
	int lazy, behind;
	uint64_t poll_t;
	struct { uint64_t from, to; int cpu[2]; } cand[NCAND]; /* cpu: -1 none */
	int ncand;
	uint64_t skipped_ev;    /* events passed over unparsed */
};

/* the one streaming reader's state (trace_stream.c; Step 5 and the
 * queries after the stop: trace_stream_attach.c) */
extern struct rtb_ts_state rtb_ts;

#endif
