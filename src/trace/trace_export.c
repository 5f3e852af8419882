/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - the kernel's events around the worst samples, in the
 * formats the field's viewers read (run --trace --trace-dat PREFIX):
 *
 *   PREFIX.<id>.r<round>.dat   the OS's own trace file (Linux: trace.dat,
 *                              which `trace-cmd report` and KernelShark open;
 *                              written by the port, rtb_port_trace_dat)
 *   PREFIX.<id>.r<round>.json  the Trace Event Format (JSON), which
 *                              Perfetto's UI and chrome://tracing open
 *
 * Each holds, per traced CPU metric, the events the reader kept around
 * each of its worst samples (struct rtb_tkeep_evid: from the CPU's last
 * switch before the sample's period to just after its stamp, the latest
 * RTB_TS_EVID, copied when the sample was kept: the reader's windows stay
 * as bounded as before) and rtbench's marks: where the sample's period
 * began (a timer's expiry), where each phase ended, and the stamp that
 * ended the sample, as the OS's print events in the .dat and as a track
 * of slices in the .json. After measuring only (allocates). */
#include <stdio.h>
#include <string.h>
#include "trace/trace_json.h"
#include "trace/trace_run.h"
#include "rtbench/err.h"
#include "rtbench/mem.h"
#include "rtbench/port.h"
#include "rtbench/sink.h"
#include "rtbench/trace_stream.h"

struct xwin {
	const struct rtb_tkeep_evid *e;
	const struct rtb_worst *w;
	char label[80];         /* "irq.timer.nanosleep@cpu1 max 123.4 us" */
};

struct xset {
	const struct xwin *w;
	int n;
	double tpn;
};

/* marks - a window's marks into mk (at most cap); how many */
static size_t marks(const struct xwin *x, double tpn, struct rtb_trace_xmark *mk, size_t cap)
{
	size_t n = 0;
	uint64_t t = x->e->from;

	if (n < cap)
		mk[n++] = (struct rtb_trace_xmark){ .t = x->e->from, .cpu = x->e->cpu, .pid = (int32_t)x->e->tid };
	snprintf(mk[0].text, sizeof(mk[0].text), "rtbench %s: the sample's period begins", x->label);
	/* each phase's end but the last's, which is the stamp */
	for (int i = 0; i + 1 < x->w->x.nphase && n + 1 < cap; i++) {
		t += (uint64_t)((double)x->w->x.phase[i].ns * tpn + 0.5);
		mk[n] = (struct rtb_trace_xmark){ .t = t, .cpu = x->e->cpu, .pid = (int32_t)x->e->tid };
		snprintf(mk[n].text, sizeof(mk[n].text), "rtbench %s: phase %s ends", x->label,
			 rtb_phase_name((enum rtb_phase_kind)x->w->x.phase[i].kind));
		n++;
	}
	if (n < cap) {
		mk[n] = (struct rtb_trace_xmark){ .t = x->e->end, .cpu = x->e->cpu, .pid = (int32_t)x->e->tid };
		snprintf(mk[n].text, sizeof(mk[n].text), "rtbench %s: the sample ends (its stamp)", x->label);
		n++;
	}
	return n;
}

/* json_window - window x as process pid: a track per CPU (tasks from
 * switch to switch, handlers nested in them, instants) and one of the
 * sample and its phases */
static void json_window(struct rtb_sink *s, int pid, const struct xwin *x, double tpn)
{
	struct rtb_tjson_cpu cpu[RTB_MAX_CPUS] = { { 0, 0 } };
	int named[RTB_MAX_CPUS] = { 0 };
	const struct rtb_tjson j = { .s = s, .pid = pid, .tpn = tpn, .measured = (long)x->e->tid };
	const struct rtb_tev *ev = x->e->ev;
	size_t n = x->e->n;

	rtb_sink_printf(s, ",\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":\"", pid);
	rtb_tjson_str(s, x->label, sizeof(x->label));
	rtb_sink_puts(s, "\"}}");
	rtb_sink_printf(s, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":1,\"name\":\"thread_name\",\"args\":{\"name\":"
			"\"rtbench: the sample and its phases\"}}", pid);
	rtb_tjson_sample(&j, 1, x->e->from, x->e->end, x->label, sizeof(x->label), &x->w->x);
	for (size_t i = 0; i < n; i++) {
		int c = ev[i].cpu;
		if (c < 0 || c >= RTB_MAX_CPUS)
			continue;
		if (!named[c]) {
			rtb_sink_printf(s, ",\n{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_name\",\"args\":{"
					"\"name\":\"CPU %d: tasks, interrupts\"}}", pid, 100 + c, c);
			named[c] = 1;
		}
		rtb_tjson_event(&j, &cpu[c], 100 + c, &ev[i]);
	}
	for (int c = 0; c < RTB_MAX_CPUS; c++)
		rtb_tjson_close(&j, &cpu[c], 100 + c, n ? ev[n - 1].t : x->e->end);
}

static int write_json(struct rtb_sink *s, const void *arg)
{
	const struct xset *xs = arg;

	rtb_sink_puts(s, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"rtbench\",\"what\":\"the kernel's "
			 "events around each worst sample kept; ts in us of the trace clock; one process a "
			 "sample\"},\"traceEvents\":[\n{\"ph\":\"M\",\"pid\":0,\"name\":\"process_name\",\"args\":"
			 "{\"name\":\"rtbench\"}}");
	for (int i = 0; i < xs->n; i++)
		json_window(s, i + 1, &xs->w[i], xs->tpn);
	rtb_sink_puts(s, "\n]}\n");
	return rtb_sink_error(s);
}

/* label - "<id> max 123.4 us" (rank i of the sorted worst) */
static void label(char *out, size_t len, const char *id, const struct rtb_worst *w, int i)
{
	if (w->broke)
		snprintf(out, len, "%s sample %lu over --break-us %.1f us", id, (unsigned long)w->index,
			 (double)w->sample_ns / 1000.0);
	else if (!i)
		snprintf(out, len, "%s max %.1f us", id, (double)w->sample_ns / 1000.0);
	else
		snprintf(out, len, "%s #%d worst %.1f us", id, i + 1, (double)w->sample_ns / 1000.0);
}

/* write_set - the windows as prefix.dat and prefix.json */
static int write_set(struct rtb_ctx *c, const char *prefix, const struct xwin *xw, int nx)
{
	struct rtb_trace_xmark *mk = NULL;
	struct rtb_tev *ev = NULL;
	size_t nev = 0, nmk = 0, cap_mk = (size_t)nx * (RTB_PHASE_MAX + 2);
	double tpn = c->clk->ticks_per_ns;
	char path[512], why[200];
	int rc = RTB_ENOMEM;

	for (int i = 0; i < nx; i++)
		nev += xw[i].e->n;
	mk = rtb_alloc((cap_mk + 1) * sizeof(*mk));
	ev = rtb_alloc((nev + 1) * sizeof(*ev));
	if (!mk || !ev)
		goto out;
	nev = 0;
	for (int i = 0; i < nx; i++) {
		memcpy(ev + nev, xw[i].e->ev, xw[i].e->n * sizeof(*ev));
		nev += xw[i].e->n;
		nmk += marks(&xw[i], tpn, mk + nmk, cap_mk - nmk);
	}
	snprintf(path, sizeof(path), "%s.dat", prefix);
	rc = rtb_port_trace_dat(path, ev, nev, mk, nmk, tpn, why, sizeof(why));
	if (rc) {
		fprintf(stderr, "rtbench: --trace-dat: %s not written: %s\n", path, why);
		rtb_result_warn(c->res, "--trace-dat: %s not written: %s", path, why);
	}
	struct xset xs = { xw, nx, tpn };
	snprintf(path, sizeof(path), "%s.json", prefix);
	if (rtb_port_output(path, write_json, &xs)) {
		fprintf(stderr, "rtbench: --trace-dat: cannot write %s\n", rtb_port_output_error());
		rtb_result_warn(c->res, "--trace-dat: cannot write %s", rtb_port_output_error());
		rc = RTB_EIO;
	}
out:
	rtb_free(mk);
	rtb_free(ev);
	return rc;
}

int rtb_tx_pass(struct rtb_ctx *c, const struct rtb_tattach *a, const char *id)
{
	struct xwin *xw;
	int nx = 0, rc;
	char prefix[512];

	xw = rtb_alloc((size_t)(a->n > 0 ? a->n : 1) * RTB_WORST_N * sizeof(*xw));
	if (!xw)
		return RTB_ENOMEM;
	for (int i = 0; i < a->n; i++) {
		const struct rtb_tkeep *k = rtb_ts_keep(a->live[i]);
		if (!k)
			continue;
		for (int j = 0; j < k->nworst; j++) {
			if (!k->evid[j].ev || !k->evid[j].n)
				continue;
			xw[nx].e = &k->evid[j];
			xw[nx].w = &k->worst[j];
			label(xw[nx].label, sizeof(xw[nx].label), a->dst[i]->id, &k->worst[j], j);
			nx++;
		}
	}
	if (!nx) {
		rtb_result_warn(c->res, "--trace-dat: %s: no worst sample with its events kept: nothing written", id);
		rtb_free(xw);
		return 0;
	}
	snprintf(prefix, sizeof(prefix), "%s.%s.r%d", c->o->trace.dat, id, c->round + 1);
	rc = write_set(c, prefix, xw, nx);
	rtb_free(xw);
	return rc;
}
