/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the evidence kept at a break (run --trace --break-us N).
 *
 * The first sample over --break-us stops the run (cyclictest -b); with
 * --trace its window of events, the CPU's events from 1 ms before the
 * sample's period began to 200 us after its stamp, at most RTB_BREAK_EVENTS
 * of them (the latest kept when there are more), is copied here when the
 * sample is explained, and written beside the result when the run ends:
 * `<result>.break-trace.json`, named in the result (settings.break.evidence).
 *
 * The form: the Trace Event Format (JSON, "traceEvents"), which Perfetto
 * (ui.perfetto.dev) and chrome://tracing open: one track per CPU with the
 * tasks as slices from switch to switch and the interrupt handlers,
 * softirqs and system vectors nested in them, the wake-ups and timer events
 * as instants, and a track with the sample and its phases. Beside it the
 * same window as `<result>.break-trace.dat`, the trace.dat trace-cmd and
 * KernelShark open, its sample's start and stamp as print events: written
 * by the port from the parsed events (rtb_port_trace_dat), since by the
 * time the break is known the streaming reader has consumed the kernel's
 * raw pages (trace_pipe_raw).
 *
 * With it, the kernel stack of the task the CPU left for the measured task
 * at the sample's end: after the wake-up that is the blocker, and its stack
 * says where it gave the CPU up (a sleep, a preemption point in a long
 * kernel path, the return to user space). The port records a stack at each
 * switch to a real-time task from anything but idle, only in a run with
 * --break-us (the stack walk lengthens that switch); it is named in the
 * result (settings.break.stack), in the text and as an instant in the file.
 * No allocation at the break (
 * it is taken in the reader thread: rtb_break_prepare allocates it before
 * measuring, when --trace and --break-us are both given); the file is at most about
 * RTB_BREAK_EVENTS * 200 bytes. Names from the kernel are JSON-escaped. */
#include <stdio.h>
#include <string.h>
#include "trace/trace_json.h"
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/port.h"
#include "rtbench/sink.h"

#define BEFORE_NS 1000000
#define AFTER_NS 200000

static struct {
	struct rtb_tev *ev;     /* RTB_BREAK_EVENTS, allocated before measuring */
	size_t n;
	uint64_t from, to;
	int cpu;
	long tid;
	double tpn;
	int64_t sample_ns;
	struct rtb_explain x;
	int have;
	/* the blocker's kernel stack (keep_stack) */
	uint64_t stack[RTB_TRACE_FRAMES];
	int nstack, stack_pid, stack_prio, stack_seen;
	uint64_t stack_t;
	char stack_comm[16];
	const char *stack_why;
} bk;

int rtb_break_prepare(void)
{
	if (!bk.ev)
		bk.ev = rtb_alloc(RTB_BREAK_EVENTS * sizeof(*bk.ev));
	return bk.ev ? 0 : RTB_ENOMEM;
}

/* keep_stack - the kernel stack of the task the CPU left for the measured
 * task at the sample's end: the last switch to tid at or before `to` in
 * the kept window, and the stack event the kernel wrote at that switch
 * (the next RTB_TEV_STACK before the CPU's next switch; the port records
 * one only when asked, for a real-time next task, not out of idle).
 * Copied now: the port keeps only its latest stacks. */
static void keep_stack(uint64_t to)
{
	size_t sw = bk.n;

	bk.nstack = 0;
	bk.stack_seen = 0;
	for (size_t i = 0; i < bk.n && bk.ev[i].t <= to; i++)
		if (bk.ev[i].kind == RTB_TEV_SWITCH && bk.ev[i].pid == bk.tid)
			sw = i;
	if (sw == bk.n) {
		bk.stack_why = "the switch to the measured task is not in the kept window";
		return;
	}
	bk.stack_pid = bk.ev[sw].prev;
	bk.stack_prio = bk.ev[sw].old_prio;
	snprintf(bk.stack_comm, sizeof(bk.stack_comm), "%s", bk.ev[sw].prev_comm);
	if (!bk.ev[sw].prev) {
		bk.stack_why = "the CPU left the idle task for it: no task held it at the end";
		return;
	}
	for (size_t i = sw + 1; i < bk.n && bk.ev[i].kind != RTB_TEV_SWITCH; i++)
		if (bk.ev[i].kind == RTB_TEV_STACK) {
			bk.stack_seen = 1;
			bk.stack_t = bk.ev[i].t;
			bk.nstack = rtb_port_trace_stack(bk.ev[i].timer, bk.stack, RTB_TRACE_FRAMES);
			bk.stack_why = bk.nstack ? NULL : "the trace no longer kept it";
			return;
		}
	bk.stack_why = "the kernel recorded none at that switch";
}

void rtb_break_keep(const struct rtb_tev *ev, size_t nev, uint64_t from, uint64_t to, long tid, double tpn,
		    int64_t sample_ns, const struct rtb_explain *x)
{
	if (bk.have || !bk.ev || !ev || tpn <= 0)
		return;
	size_t a = rtb_tev_lower(ev, nev, from - (uint64_t)(BEFORE_NS * tpn));
	size_t b = rtb_tev_lower(ev, nev, to + (uint64_t)(AFTER_NS * tpn) + 1);
	bk.n = 0;
	/* the CPU's events; when there are more than fit, the latest */
	size_t k = b;
	while (k > a && bk.n < RTB_BREAK_EVENTS) {
		k--;
		if (ev[k].cpu == x->cpu)
			bk.n++;
	}
	for (size_t q = k, i = 0; q < b && i < bk.n; q++)
		if (ev[q].cpu == x->cpu)
			bk.ev[i++] = ev[q];
	bk.from = from;
	bk.to = to;
	bk.cpu = x->cpu;
	bk.tid = tid;
	bk.tpn = tpn;
	bk.sample_ns = sample_ns;
	bk.x = *x;
	bk.have = 1;
	keep_stack(to);
}

void rtb_break_forget(void)
{
	rtb_free(bk.ev);
	bk.ev = NULL;
	bk.have = 0;
	bk.n = 0;
}

/* stack_json - the blocker's kernel stack b, where it was taken, as an
 * instant with its frames */
static void stack_json(struct rtb_sink *s, const struct rtb_tjson *j, const struct rtb_break *b)
{
	rtb_sink_printf(s, ",\n{\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":1,\"ts\":%.3f,\"name\":\"kernel stack of ",
			rtb_tjson_us(j, bk.stack_t));
	rtb_tjson_str(s, b->stack_comm, sizeof(b->stack_comm));
	rtb_sink_printf(s, " (pid %d)\",\"args\":{\"frames\":[", b->stack_pid);
	for (int i = 0; i < b->nstack; i++) {
		rtb_sink_puts(s, i ? ",\"" : "\"");
		rtb_tjson_str(s, b->stack[i], sizeof(b->stack[i]));
		rtb_sink_putc(s, '"');
	}
	rtb_sink_puts(s, "]}}");
}

static int write_window(struct rtb_sink *s, const void *arg)
{
	const struct rtb_tjson j = { .s = s, .pid = 1, .tpn = bk.tpn, .args = 1, .measured = bk.tid,
				     .zero = bk.from - (uint64_t)(BEFORE_NS * bk.tpn) };
	struct rtb_tjson_cpu cpu = { 0, 0 };
	char name[64];

	rtb_sink_puts(s, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"rtbench\",\"what\":\"the events of the "
			 "CPU around the sample over --break-us; ts in us from 1 ms before its period began\"},"
			 "\"traceEvents\":[");
	rtb_sink_printf(s, "\n{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"CPU %d\"}},",
			bk.cpu);
	rtb_sink_printf(s, "\n{\"ph\":\"M\",\"pid\":1,\"tid\":1,\"name\":\"thread_name\",\"args\":{\"name\":\"CPU %d: "
			"tasks, interrupts\"}},", bk.cpu);
	rtb_sink_puts(s, "\n{\"ph\":\"M\",\"pid\":1,\"tid\":2,\"name\":\"thread_name\",\"args\":{\"name\":\"the sample "
			 "and its phases\"}}");
	/* the sample, and its phases under it */
	snprintf(name, sizeof(name), "sample %.1f us (over --break-us)", (double)bk.sample_ns / 1000.0);
	rtb_tjson_sample(&j, 2, bk.from, bk.to, name, sizeof(name), &bk.x);
	/* the CPU: tasks from switch to switch, handlers nested */
	for (size_t i = 0; i < bk.n; i++)
		rtb_tjson_event(&j, &cpu, 1, &bk.ev[i]);
	rtb_tjson_close(&j, &cpu, 1, bk.n ? bk.ev[bk.n - 1].t : bk.to);
	if (bk.stack_seen && arg)
		stack_json(s, &j, arg);
	rtb_sink_puts(s, "\n]}\n");
	return rtb_sink_error(s);
}

/* skipped - 1 for the frames of the tracing itself and of __schedule,
 * where every such stack starts: not the blocker's doing. */
static int skipped(const char *f)
{
	return !strncmp(f, "trace_", 6) || !strncmp(f, "__traceiter_", 12) || !strncmp(f, "__bpf_trace", 11) ||
	       !strncmp(f, "perf_trace", 10) || !strncmp(f, "__schedule+", 11);
}

/* break_stack - the kept stack by name into b (the port reads the kernel's
 * symbols: after measuring), or why there is none. */
static void break_stack(struct rtb_break *b)
{
	char names[RTB_TRACE_FRAMES][RTB_BREAK_FRAME_LEN];
	int i = 0;

	b->stack_kept = 0;
	b->nstack = 0;
	b->stack_pid = bk.stack_pid;
	b->stack_prio = bk.stack_prio;
	snprintf(b->stack_comm, sizeof(b->stack_comm), "%s", bk.stack_comm);
	if (!bk.nstack) {
		snprintf(b->stack_note, sizeof(b->stack_note), "%s",
			 bk.stack_why ? bk.stack_why : "the kernel recorded none");
		return;
	}
	if (rtb_port_trace_symbols(bk.stack, bk.nstack, &names[0][0], sizeof(names[0])))
		snprintf(b->stack_note, sizeof(b->stack_note), "the kernel's symbols were not readable: addresses");
	/* the frames down to __schedule are the tracing's and the switch's */
	for (int k = 0; k < bk.nstack; k++)
		if (!strncmp(names[k], "__schedule+", 11)) {
			i = k + 1;
			break;
		}
	while (i < bk.nstack && skipped(names[i]))
		i++;
	for (; i < bk.nstack && b->nstack < RTB_BREAK_FRAMES; i++)
		snprintf(b->stack[b->nstack++], sizeof(b->stack[0]), "%s", names[i]);
	b->stack_kept = 1;
}

int rtb_break_evidence(const char *result_path, struct rtb_break *b)
{
	char name[sizeof(b->evidence)];

	if (!bk.have || !b->hit)
		return 0;
	break_stack(b);
	if (!result_path)
		return 0;
	if (snprintf(name, sizeof(name), "%s.break-trace.json", result_path) >= (int)sizeof(name))
		return RTB_EINVAL;
	int rc = rtb_port_output(name, write_window, b);
	if (rc)
		return rc;
	snprintf(b->evidence, sizeof(b->evidence), "%s", name);
	b->evidence_events = (uint32_t)bk.n;
	b->evidence_cpu = bk.cpu;
	/* the same window as the OS's trace file (trace-cmd, KernelShark),
	 * with the sample's start and stamp as print events */
	struct rtb_trace_xmark mk[2] = { { .t = bk.from, .cpu = bk.cpu, .pid = (int32_t)bk.tid },
					 { .t = bk.to, .cpu = bk.cpu, .pid = (int32_t)bk.tid } };
	char why[200];
	snprintf(mk[0].text, sizeof(mk[0].text), "rtbench: the sample over --break-us (%.1f us): its period begins",
		 (double)bk.sample_ns / 1000.0);
	snprintf(mk[1].text, sizeof(mk[1].text), "rtbench: the sample over --break-us (%.1f us) ends (its stamp)",
		 (double)bk.sample_ns / 1000.0);
	if (snprintf(name, sizeof(name), "%s.break-trace.dat", result_path) < (int)sizeof(name))
		if (rtb_port_trace_dat(name, bk.ev, bk.n, mk, 2, bk.tpn, why, sizeof(why)))
			fprintf(stderr, "rtbench: --break-us: %s not written: %s\n", name, why);
	return 0;
}
