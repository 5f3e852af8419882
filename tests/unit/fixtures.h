/* SPDX-License-Identifier: Apache-2.0 */
/* fixtures.h - the unit tests' recorded fixtures (tests/data): where they
 * are, and the recorded-trace format (src/trace/tracer.c writes it)
 * read back. One copy for test_doctor, test_trace, test_trace_explain and
 * test_trace_stream (each had its own). Header-only: a unit test is one
 * .c file linked with librtbench.a. tev_fill makes the hand-made events
 * of test_trace_break and test_trace_reader. */
#ifndef RTB_TEST_FIXTURES_H
#define RTB_TEST_FIXTURES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rtbench/trace_model.h"

/* fixture_path - tests/data/SUB/NAME: under $RTB_TEST_DATA when set, else
 * beside this header's tests/ folder, else relative to the tree's top */
static inline const char *fixture_path(const char *sub, const char *name)
{
	static char buf[1024];
	const char *dir = getenv("RTB_TEST_DATA");
	const char *src = __FILE__, *cut = strstr(src, "unit/fixtures.h");

	if (dir)
		snprintf(buf, sizeof(buf), "%s/%s/%s", dir, sub, name);
	else if (cut)
		snprintf(buf, sizeof(buf), "%.*sdata/%s/%s", (int)(cut - src), src, sub, name);
	else
		snprintf(buf, sizeof(buf), "tests/data/%s/%s", sub, name);
	return buf;
}

/* tev_fill - one hand-made event on CPU 1 (the unit tests' streams):
 * comm/prev_comm NULL leave the names empty */
static inline void tev_fill(struct rtb_tev *e, uint64_t t, int kind, int cur, int pid, int prev, uint64_t timer,
			    int64_t expiry_ns, const char *comm, const char *prev_comm)
{
	memset(e, 0, sizeof(*e));
	e->t = t;
	e->kind = (uint8_t)kind;
	e->cpu = 1;
	e->cur = cur;
	e->pid = pid;
	e->prev = prev;
	e->timer = timer;
	e->expiry_ns = expiry_ns;
	if (comm)
		snprintf(e->comm, sizeof(e->comm), "%s", comm);
	if (prev_comm)
		snprintf(e->prev_comm, sizeof(e->prev_comm), "%s", prev_comm);
}

/* a recorded trace: rtbench's samples (ns, window stamps, expiry) and the
 * kernel events of their windows */
struct rec {
	double tpn;
	long tid;
	size_t n, nev;
	int64_t *samples, *expiry;
	uint64_t *start, *end;
	struct rtb_tev *ev;
};

/* rec_unname - an events-file name back ("-" empty, \xHH a byte) */
static inline void rec_unname(const char *s, char *out, size_t len)
{
	size_t o = 0;

	if (!strcmp(s, "-")) {
		out[0] = '\0';
		return;
	}
	for (; *s && o + 1 < len; s++) {
		unsigned v;
		if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &v) == 1) {
			out[o++] = (char)v;
			s += 3;
		} else {
			out[o++] = *s;
		}
	}
	out[o] = '\0';
}

/* rec_load - tests/data/trace/NAME into r; 0, or -1 when unreadable */
static inline int rec_load(const char *name, struct rec *r)
{
	FILE *f = fopen(fixture_path("trace", name), "r");
	char line[600], c1[80], c2[80];
	size_t cap = 0;
	int kind;
	long peer;

	memset(r, 0, sizeof(*r));
	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f) || !fgets(line, sizeof(line), f) ||
	    sscanf(line, "clock %*s %lf", &r->tpn) != 1 || !fgets(line, sizeof(line), f) ||
	    sscanf(line, "metric %*s %d %ld %ld %zu", &kind, &r->tid, &peer, &r->n) != 4) {
		fclose(f);
		return -1;
	}
	r->samples = calloc(r->n, sizeof(*r->samples));
	r->expiry = calloc(r->n, sizeof(*r->expiry));
	r->end = calloc(r->n, sizeof(*r->end));
	r->start = calloc(r->n, sizeof(*r->start));
	while (fgets(line, sizeof(line), f)) {
		size_t i;
		long long smp, exp;
		unsigned long long st, en, t, timer;
		int k, cpu, cur, pid, prev, op, np, a, run;
		if (line[0] == 's' && sscanf(line, "s %zu %lld %llu %llu %lld", &i, &smp, &st, &en, &exp) == 5 &&
		    i < r->n) {
			r->samples[i] = smp;
			r->start[i] = st;
			r->end[i] = en;
			r->expiry[i] = exp;
		} else if (line[0] == 'e') {
			c1[0] = c2[0] = '\0';
			int got = sscanf(line, "e %llu %d %d %d %d %d %d %d %d %d %llx %lld %79s %79s", &t, &k, &cpu,
					 &cur, &pid, &prev, &op, &np, &a, &run, &timer, &exp, c1, c2);
			if (got < 12)
				continue;
			if (r->nev == cap) {
				cap = cap ? cap * 2 : 4096;
				r->ev = realloc(r->ev, cap * sizeof(*r->ev));
			}
			struct rtb_tev *e = &r->ev[r->nev++];
			memset(e, 0, sizeof(*e));
			e->t = t; e->kind = (uint8_t)k; e->cpu = cpu; e->cur = cur; e->pid = pid;
			e->prev = prev; e->old_prio = op; e->new_prio = np; e->a = a;
			e->prev_runnable = (uint8_t)run; e->timer = timer; e->expiry_ns = exp;
			rec_unname(c1, e->comm, sizeof(e->comm));
			rec_unname(c2, e->prev_comm, sizeof(e->prev_comm));
		}
	}
	fclose(f);
	return 0;
}

/* rec_unload - free what rec_load took */
static inline void rec_unload(struct rec *r)
{
	free(r->samples);
	free(r->expiry);
	free(r->start);
	free(r->end);
	free(r->ev);
}

#endif
