/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench trace - a CPU's events and a sample's phases in the Trace Event
 * Format (trace_json.h): what run --trace-dat's .json and --break-us's
 * window share. Slices ('B'/'E') nest per track, so a task runs from its
 * switch in to the next switch, and an interrupt's or softirq's handler
 * sits inside the task it interrupted. */
#include <stdio.h>
#include <string.h>
#include "trace/trace_json.h"

void rtb_tjson_str(struct rtb_sink *s, const char *str, size_t len)
{
	for (size_t i = 0; i < len && str[i]; i++) {
		unsigned char c = (unsigned char)str[i];
		if (c == '"' || c == '\\')
			rtb_sink_printf(s, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			rtb_sink_printf(s, "\\u%04x", c);
		else
			rtb_sink_putc(s, (char)c);
	}
}

double rtb_tjson_us(const struct rtb_tjson *j, uint64_t t)
{
	return (double)(int64_t)(t - j->zero) / j->tpn / 1000.0;
}

void rtb_tjson_slice(const struct rtb_tjson *j, char ph, int tid, uint64_t t, const char *name, size_t len)
{
	rtb_sink_printf(j->s, ",\n{\"ph\":\"%c\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"name\":\"", ph, j->pid, tid,
			rtb_tjson_us(j, t));
	rtb_tjson_str(j->s, name, len);
	rtb_sink_puts(j->s, ph == 'i' ? "\",\"s\":\"t\"}" : "\"}");
}

void rtb_tjson_sample(const struct rtb_tjson *j, int tid, uint64_t from, uint64_t to, const char *name, size_t len,
		      const struct rtb_explain *x)
{
	uint64_t t = from;

	rtb_tjson_slice(j, 'B', tid, from, name, len);
	for (int i = 0; i < x->nphase; i++) {
		uint64_t e = t + (uint64_t)((double)x->phase[i].ns * j->tpn + 0.5);
		const char *pn = rtb_phase_name((enum rtb_phase_kind)x->phase[i].kind);
		rtb_tjson_slice(j, 'B', tid, t, pn, strlen(pn));
		rtb_tjson_slice(j, 'E', tid, e, pn, strlen(pn));
		t = e;
	}
	rtb_tjson_slice(j, 'E', tid, to, name, len);
}

/* instant_name - the tracepoint an event without a slice of its own was,
 * NULL for one that is not drawn */
static const char *instant_name(uint8_t k)
{
	switch (k) {
	case RTB_TEV_TIMER_ARM: return "hrtimer_start";
	case RTB_TEV_TIMER_FIRE: return "hrtimer_expire_entry";
	case RTB_TEV_WAKING: return "sched_waking";
	case RTB_TEV_WAKEUP: return "sched_wakeup";
	case RTB_TEV_PRIO: return "sched_pi_setprio";
	case RTB_TEV_NMI: return "nmi_handler";
	default: return NULL;
	}
}

/* instant - event e as an instant on track tid, in the writer's form */
static void instant(const struct rtb_tjson *j, int tid, const struct rtb_tev *e)
{
	const char *k = instant_name(e->kind);
	char name[96];

	if (!k)
		return;
	if (j->args) {
		rtb_sink_printf(j->s, ",\n{\"ph\":\"i\",\"s\":\"t\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"name\":\"%s\","
				"\"args\":{\"cur\":%d,\"pid\":%d}}", j->pid, tid, rtb_tjson_us(j, e->t), k, (int)e->cur,
				(int)e->pid);
		return;
	}
	snprintf(name, sizeof(name), "%s pid %d", k, (int)e->pid);
	rtb_tjson_slice(j, 'i', tid, e->t, name, sizeof(name));
}

/* switch_in - a switch on track c: every handler and the task end, the
 * next task begins */
static void switch_in(const struct rtb_tjson *j, struct rtb_tjson_cpu *c, int tid, const struct rtb_tev *e)
{
	char name[96];

	rtb_tjson_close(j, c, tid, e->t); /* a switch happens outside every handler */
	snprintf(name, sizeof(name), "%s (pid %d, prio %d)%s", e->pid ? e->comm : "idle", (int)e->pid,
		 (int)e->new_prio, e->pid == j->measured ? " measured" : "");
	rtb_tjson_slice(j, 'B', tid, e->t, name, sizeof(name));
	c->open_task = 1;
}

void rtb_tjson_event(const struct rtb_tjson *j, struct rtb_tjson_cpu *c, int tid, const struct rtb_tev *e)
{
	char name[96];

	switch (e->kind) {
	case RTB_TEV_SWITCH:
		switch_in(j, c, tid, e);
		break;
	case RTB_TEV_TIMER_IRQ:
	case RTB_TEV_IRQ_ENTER:
	case RTB_TEV_SOFTIRQ_ENTER:
	case RTB_TEV_VEC_ENTER:
		snprintf(name, sizeof(name), "%s%s", e->kind == RTB_TEV_IRQ_ENTER ? "irq " :
			 e->kind == RTB_TEV_SOFTIRQ_ENTER ? "softirq " : "",
			 e->comm[0] ? e->comm : e->kind == RTB_TEV_TIMER_IRQ ? "local_timer" : "?");
		rtb_tjson_slice(j, 'B', tid, e->t, name, sizeof(name));
		c->depth++;
		break;
	case RTB_TEV_IRQ_EXIT:
	case RTB_TEV_SOFTIRQ_EXIT:
	case RTB_TEV_VEC_EXIT:
		if (c->depth > 0) {
			rtb_tjson_slice(j, 'E', tid, e->t, "", 0);
			c->depth--;
		}
		break;
	default:
		instant(j, tid, e);
		break;
	}
}

void rtb_tjson_close(const struct rtb_tjson *j, struct rtb_tjson_cpu *c, int tid, uint64_t t)
{
	for (; c->depth > 0; c->depth--)
		rtb_tjson_slice(j, 'E', tid, t, "", 0);
	if (c->open_task)
		rtb_tjson_slice(j, 'E', tid, t, "", 0);
	c->open_task = 0;
}
