/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - the doctor's interrupt check: which device IRQs may
 * run on a measured CPU, weighed by how often they fired there. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "doctor_int.h"

/* irq_name - the action names of IRQ n from /proc/interrupts (a copy
 * of it read once: the last columns of its "n:" line). */
static void irq_name(const char *irqs, long n, char *out, size_t len)
{
	char key[24];
	const char *p = irqs;

	out[0] = '\0';
	snprintf(key, sizeof(key), "%ld:", n);
	while (p && *p) {
		const char *l = p + strspn(p, " ");
		const char *e = strchr(p, '\n');
		if (!strncmp(l, key, strlen(key))) {
			size_t ll = e ? (size_t)(e - l) : strlen(l);
			/* the name is the last blank-separated word */
			size_t k = ll;
			while (k > 0 && l[k - 1] != ' ')
				k--;
			snprintf(out, len, "%.*s", (int)(ll - k), l + k);
			return;
		}
		p = e ? e + 1 : NULL;
	}
}

#define IRQ_MAX 1024             /* IRQs weighed; more are counted and said */
#define IRQ_SAMPLE_NS 250000000LL /* the live system's two reads, at least this far apart */

/* The live system's first /proc/interrupts read when rtb_port_doctor_begin
 * took it early: a run's set-up between then and the doctor (the
 * fingerprint, the clock's calibration: ~0.2 s) is then most of the
 * sample's span, not a sleep after it (a sleep cost every run its length,
 * and CI makes ~100 runs a pass). Used once, by the next live doctor. */
static struct {
	char text[65536];
	int64_t at_ns; /* CLOCK_MONOTONIC of the read; 0: none taken */
} irq_first;

/* mono_ns - CLOCK_MONOTONIC in ns. */
static int64_t mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* rtb_port_doctor_begin - the IRQ sample's first read, now (doctor.h). */
void rtb_port_doctor_begin(void)
{
	static const struct rtb_doctor_cfg live_cfg = { .root = "" };
	struct rtb_dr r = { .cfg = &live_cfg };

	irq_first.at_ns = 0;
	if (!rtb_dr_read(&r, "/proc/interrupts", irq_first.text, sizeof(irq_first.text)) && irq_first.text[0])
		irq_first.at_ns = mono_ns();
}

struct irq_w {
	long irq;
	double rate;            /* per second on the measured CPUs (or since boot) */
	unsigned long long cnt; /* count on the measured CPUs */
};

/* irq_count - IRQ n's count on the CPUs in mask (the columns of the
 * /proc/interrupts copy `irqs`: its header names them "CPU0 CPU1 ...");
 * *known 0 when the file has no header or no line for n. */
static unsigned long long irq_count(const char *irqs, long n, const struct rtb_cpuset *mask, int *known)
{
	int col[RTB_MAX_CPUS], ncol = 0;
	char key[24];
	const char *p = irqs, *e = strchr(irqs, '\n');
	unsigned long long sum = 0;

	/* the header: which CPU each column is (offline CPUs have none) */
	while (p && (!e || p < e) && ncol < RTB_MAX_CPUS && (p = strstr(p, "CPU")) && (!e || p < e)) {
		col[ncol++] = atoi(p + 3);
		p += 3;
	}
	*known = 0;
	if (!ncol)
		return 0;
	snprintf(key, sizeof(key), "%ld:", n);
	for (p = irqs; p && *p;) {
		const char *l = p + strspn(p, " ");
		e = strchr(p, '\n');
		if (!strncmp(l, key, strlen(key))) {
			char *q = (char *)l + strlen(key);
			for (int c = 0; c < ncol; c++) {
				char *end;
				unsigned long long v = strtoull(q, &end, 10);
				if (end == q)
					break;
				if (rtb_cpuset_has(mask, col[c]))
					sum += v;
				q = end;
			}
			*known = 1;
			return sum;
		}
		p = e ? e + 1 : NULL;
	}
	return 0;
}

static int by_rate(const void *a, const void *b)
{
	const struct irq_w *x = a, *y = b;
	return x->rate < y->rate ? 1 : x->rate > y->rate ? -1 : (x->irq > y->irq) - (x->irq < y->irq);
}

/* One weighing of the IRQs: the two /proc/interrupts copies, the span
 * between them (0: one copy, counts since boot) and each IRQ that may
 * run on a measured CPU. Static: 130 KiB of text. */
static struct irq_tally {
	char first[65536], later[65536];
	double span_s;
	struct irq_w w[IRQ_MAX];
	int n;    /* IRQs in /proc/irq */
	int on;   /* weighed: may run on a measured CPU */
	int over; /* may run there, beyond the table: counted, not weighed */
	int busy; /* fired there in the sample */
	int ever; /* fired there at all (or no count to read) */
} tally;

/* irq_fix - the fix: the IRQs off the measured CPUs (all of them but the
 * housekeeping one when every CPU is measured). */
static void irq_fix(const struct rtb_dr *r, char *fix, size_t len)
{
	if (r->all)
		snprintf(fix, len, "move them to CPU %d, the housekeeping CPU (every CPU is measured: the "
			 "IRQs need one): echo %d > /proc/irq/N/smp_affinity_list (stop irqbalance), or "
			 "irqaffinity=%d; measure CPU %s", r->hk, r->hk, r->hk, r->fixl);
	else
		snprintf(fix, len, "move them off CPU %s: echo OTHER_CPUS > /proc/irq/N/smp_affinity_list "
			 "(stop irqbalance), or irqaffinity= / isolcpus=managed_irq,%s", r->cpul, r->cpul);
}

/* irq_sample - the two /proc/interrupts copies into t and the span
 * between them: live, the early first read (rtb_port_doctor_begin) or one
 * now, the second at least IRQ_SAMPLE_NS later; a recorded tree, its
 * interrupts.after and interrupts.after_ms when recorded. */
static void irq_sample(const struct rtb_dr *r, struct irq_tally *t)
{
	int64_t first_ns;
	char ms[32];

	if (rtb_dr_live(r) && irq_first.at_ns) {
		memcpy(t->first, irq_first.text, sizeof(t->first));
		first_ns = irq_first.at_ns;
		irq_first.at_ns = 0;
	} else {
		if (rtb_dr_read(r, "/proc/interrupts", t->first, sizeof(t->first)) < 0)
			t->first[0] = '\0';
		first_ns = mono_ns();
	}
	t->later[0] = '\0';
	t->span_s = 0;
	if (rtb_dr_live(r)) {
		/* the span is the time between the two reads as it was:
		 * at least IRQ_SAMPLE_NS, the rest slept */
		int64_t left_ns = first_ns + IRQ_SAMPLE_NS - mono_ns();
		if (left_ns > 0) {
			struct timespec ts = { (time_t)(left_ns / 1000000000), (long)(left_ns % 1000000000) };
			nanosleep(&ts, NULL);
		}
		if (!rtb_dr_read(r, "/proc/interrupts", t->later, sizeof(t->later)))
			t->span_s = (double)(mono_ns() - first_ns) / 1e9;
	} else if (!rtb_dr_read(r, "/proc/interrupts.after", t->later, sizeof(t->later)) && t->later[0] &&
		   rtb_dr_text(r, "/proc/interrupts.after_ms", ms, sizeof(ms)) && atol(ms) > 0) {
		t->span_s = atol(ms) / 1e3;
	}
}

/* irq_on_measured - whether IRQ irq's affinity (the effective one where
 * the kernel says it, else the allowed one) takes in a measured CPU. */
static int irq_on_measured(const struct rtb_dr *r, long irq)
{
	char path[96], buf[128];

	snprintf(path, sizeof(path), "/proc/irq/%ld/effective_affinity_list", irq);
	if (!rtb_dr_text(r, path, buf, sizeof(buf))) {
		snprintf(path, sizeof(path), "/proc/irq/%ld/smp_affinity_list", irq);
		if (!rtb_dr_text(r, path, buf, sizeof(buf)))
			return 0;
	}
	struct rtb_cpuset aff = rtb_dr_cpus(buf);
	rtb_cpuset_and(&aff, &aff, &r->cpus);
	return rtb_cpuset_first(&aff) >= 0;
}

/* irq_weigh - IRQ irq's count on the measured CPUs into the table: over
 * the span, or since boot. */
static void irq_weigh(const struct rtb_dr *r, struct irq_tally *t, long irq)
{
	struct irq_w *w = &t->w[t->on++];
	int k0, k1 = 1;
	unsigned long long c0 = irq_count(t->first, irq, &r->cpus, &k0);
	unsigned long long c1 = t->span_s > 0 ? irq_count(t->later, irq, &r->cpus, &k1) : c0;

	w->irq = irq;
	w->cnt = t->span_s > 0 ? (c1 > c0 ? c1 - c0 : 0) : c0;
	w->rate = t->span_s > 0 ? (double)w->cnt / t->span_s : (double)c0;
	t->busy += w->cnt > 0;
	t->ever += c0 > 0 || !k0 || !k1; /* no count to read: assume it fires */
}

/* irq_scan - every IRQ in dir (root/proc/irq) that may run on a measured
 * CPU, weighed (or, past the table, counted). */
static void irq_scan(const struct rtb_dr *r, struct irq_tally *t, DIR *dir)
{
	struct dirent *e;

	while ((e = readdir(dir))) {
		char *end;
		long irq = strtol(e->d_name, &end, 10);
		if (end == e->d_name || *end)
			continue;
		t->n++;
		if (!irq_on_measured(r, irq))
			continue;
		if (t->on >= IRQ_MAX)
			t->over++; /* counted, said, not weighed */
		else
			irq_weigh(r, t, irq);
	}
}

/* irq_list - the weighed IRQs, busiest first, into list: whole entries
 * only, within room, then "and N more". */
static void irq_list(const struct irq_tally *t, char *list, size_t len, size_t room)
{
	size_t l = 0;
	int shown = 0;

	list[0] = '\0';
	for (int i = 0; i < t->on; i++) {
		char one[96], name[48];
		irq_name(t->first, t->w[i].irq, name, sizeof(name));
		int k = t->span_s > 0 ? snprintf(one, sizeof(one), "%s %ld %s %.0f/s", shown ? "," : "", t->w[i].irq,
						 name[0] ? name : "?", t->w[i].rate)
				      : snprintf(one, sizeof(one), "%s %ld %s %llu", shown ? "," : "", t->w[i].irq,
						 name[0] ? name : "?", t->w[i].cnt);
		if (k < 0 || l + (size_t)k >= room || l + (size_t)k >= len)
			break;
		memcpy(list + l, one, (size_t)k + 1);
		l += (size_t)k;
		shown++;
	}
	if (shown < t->on + t->over)
		snprintf(list + l, len - l, "; and %d more%s", t->on + t->over - shown,
			 t->over ? " (some not weighed: more IRQs than the doctor's table)" : "");
}

/* rtb_dr_check_irqs - device interrupts that may run on a measured CPU, weighed
 * by how often they fired there: /proc/interrupts read twice, IRQ_SAMPLE_NS
 * apart (a recorded tree: proc/interrupts and, if recorded, proc/
 * interrupts.after with proc/interrupts.after_ms; without it the counts
 * since boot), busiest first. The read line never stops mid-entry: what
 * does not fit is "and N more". */
void rtb_dr_check_irqs(struct rtb_dr *r)
{
	static const char why[] = "a device interrupt routed to a measured CPU runs its handler (and softirq) there, "
		"ahead of any task; the busier, the more often";
	struct irq_tally *t = &tally;
	char path[RTB_DOC_ROOT_MAX + 64], fix[240], list[200], head[96];
	DIR *dir;

	irq_fix(r, fix, sizeof(fix));
	snprintf(path, sizeof(path), "%s/proc/irq", r->cfg->root ? r->cfg->root : "");
	if (!(dir = opendir(path))) {
		rtb_doc_add(r->d, "irq_affinity", RTB_DOC_UNKNOWN, why, fix, "/proc/irq unreadable");
		return;
	}
	t->n = t->on = t->over = t->busy = t->ever = 0;
	irq_sample(r, t);
	irq_scan(r, t, dir);
	closedir(dir);
	if (!t->on) {
		rtb_doc_add(r->d, "irq_affinity", RTB_DOC_OK, why, fix,
			    "/proc/irq/*/effective_affinity_list: none of %d IRQs on CPU %s", t->n, r->cpul);
		return;
	}
	qsort(t->w, (size_t)t->on, sizeof(t->w[0]), by_rate);
	/* the busiest first, whole entries only; room left for the tail */
	int hl = t->span_s > 0 ? snprintf(head, sizeof(head), "%d of %d IRQs may run on CPU %s; fired there in "
					  "%.2g s:", t->on + t->over, t->n, r->cpul, t->span_s)
			       : snprintf(head, sizeof(head), "%d of %d IRQs may run on CPU %s; counts there since "
					  "boot:", t->on + t->over, t->n, r->cpul);
	irq_list(t, list, sizeof(list), sizeof(((struct rtb_finding *)0)->read) - (size_t)hl - 32);
	/* weakens: one has fired there (busiest first); ok only when
	 * every IRQ routed there never fired on it */
	rtb_doc_add(r->d, "irq_affinity", t->ever ? RTB_DOC_WEAKENS : RTB_DOC_OK, why, fix, "%s%s%s", head, list,
		    !t->ever ? " (none ever fired there)"
		    : t->span_s > 0 && !t->busy ? " (none in the sample; some before)" : "");
}
