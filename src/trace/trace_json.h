/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the Trace Event Format (JSON: Perfetto's UI,
 * chrome://tracing) as both writers of it draw a CPU: run --trace-dat's
 * .json (trace_export.c, a track per CPU) and --break-us's window
 * (trace_break.c, its one CPU). trace_json.c. */
#ifndef RTB_TRACE_JSON_H
#define RTB_TRACE_JSON_H
#include <stddef.h>
#include <stdint.h>
#include "rtbench/sink.h"
#include "rtbench/trace_model.h"

/* One process's events: every event after the file's first (",\n" ahead
 * of each), timestamps in us of (t - zero) trace ticks. */
struct rtb_tjson {
	struct rtb_sink *s;
	int pid;
	double tpn;     /* trace ticks per ns */
	uint64_t zero;  /* the trace time that is ts 0 */
	int args;       /* instants: the name alone with cur and pid as args
			 * (1), or "name pid N" (0) */
	long measured;  /* the measured thread's id, marked in its slices */
};

/* One CPU's track: a task open (from its switch in), handlers nested. */
struct rtb_tjson_cpu {
	int open_task, depth;
};

/* rtb_tjson_str - str (at most len bytes, to its NUL) as a JSON string's
 * contents: quotes and backslashes escaped, other bytes outside printable
 * ASCII as \u00XX. */
void rtb_tjson_str(struct rtb_sink *s, const char *str, size_t len);
/* rtb_tjson_us - trace time t as ts. */
double rtb_tjson_us(const struct rtb_tjson *j, uint64_t t);
/* rtb_tjson_slice - one event ph ('B', 'E', 'i') on track tid at t. */
void rtb_tjson_slice(const struct rtb_tjson *j, char ph, int tid, uint64_t t, const char *name, size_t len);
/* rtb_tjson_sample - the sample from `from` to `to` as a slice named
 * name, its phases (x) nested under it, on track tid. */
void rtb_tjson_sample(const struct rtb_tjson *j, int tid, uint64_t from, uint64_t to, const char *name, size_t len,
		      const struct rtb_explain *x);
/* rtb_tjson_event - event e on CPU track c (tid): a switch ends the
 * handlers and the task and begins the next task; a handler's entry and
 * exit nest; the others that have a name are instants. */
void rtb_tjson_event(const struct rtb_tjson *j, struct rtb_tjson_cpu *c, int tid, const struct rtb_tev *e);
/* rtb_tjson_close - end what is open on CPU track c (tid) at t. */
void rtb_tjson_close(const struct rtb_tjson *j, struct rtb_tjson_cpu *c, int tid, uint64_t t);

#endif
