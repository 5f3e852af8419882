/* SPDX-License-Identifier: Apache-2.0 */
/* test_kagg - the in-kernel aggregate's overlap with a sample's window
 * (rtbench/kagg.h, src/model/kagg.c): an interference is named beside a
 * worst sample only when its time [start, start + ns] meets the window
 * [start_ns, end_ns] on the same CPU, and nothing is named from an
 * aggregate that was not read (on 0).
 * rtb-test: side (measures nothing: no thread, clock or priority; tests/run.sh) */
#include <string.h>

#include "check.h"
#include "rtbench/kagg.h"

static struct rtb_kagg k;

struct seen {
	int n;
	int cls[8];
	int32_t id[8];
};

static void note(void *arg, int cls, const struct rtb_kagg_item *it)
{
	struct seen *s = arg;

	if (s->n < 8) {
		s->cls[s->n] = cls;
		s->id[s->n] = it->id;
	}
	s->n++;
}

static void item(struct rtb_kagg_cpu *c, int cls, int64_t start, int64_t ns, int32_t id)
{
	struct rtb_kagg_class *x = &c->cls[cls];

	x->top[x->ntop].start_ns = start;
	x->top[x->ntop].ns = ns;
	x->top[x->ntop].id = id;
	x->ntop++;
	x->count++;
	x->total_ns += ns;
}

int main(void)
{
	struct seen s;

	k.on = 1;
	k.ncpu = 2;
	k.cpu[0].cpu = 1;
	k.cpu[1].cpu = 3;
	item(&k.cpu[0], RTB_KAGG_THREAD, 1000, 500, 42);   /* 1000..1500 */
	item(&k.cpu[0], RTB_KAGG_IRQ, 2000, 10, 11);       /* 2000..2010 */
	item(&k.cpu[1], RTB_KAGG_SOFTIRQ, 1000, 500, 1);   /* another CPU */

	/* inside, touching either end, around: named */
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 1, 1200, 1300, note, &s, 16) == 1);
	CHECK(s.cls[0] == RTB_KAGG_THREAD && s.id[0] == 42);
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 1, 1500, 1600, note, &s, 16) == 1);
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 1, 900, 1000, note, &s, 16) == 1);
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 1, 0, 5000, note, &s, 16) == 2);
	/* just before, just after, between: nothing */
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 1, 0, 999, note, &s, 16) == 0 && s.n == 0);
	CHECK(rtb_kagg_overlap(&k, 1, 1501, 1999, note, &s, 16) == 0 && s.n == 0);
	CHECK(rtb_kagg_overlap(&k, 1, 2011, 9000, note, &s, 16) == 0 && s.n == 0);
	/* only that CPU's: CPU 3's softirq at the same time, CPU 2 has none */
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 3, 1200, 1300, note, &s, 16) == 1 && s.cls[0] == RTB_KAGG_SOFTIRQ);
	CHECK(rtb_kagg_overlap(&k, 2, 0, 5000, note, &s, 16) == 0);
	/* at most max */
	memset(&s, 0, sizeof(s));
	CHECK(rtb_kagg_overlap(&k, 1, 0, 5000, note, &s, 1) == 1 && s.n == 1);
	/* an aggregate not read names nothing */
	k.on = 0;
	CHECK(rtb_kagg_overlap(&k, 1, 0, 5000, note, &s, 16) == 0);
	CHECK(rtb_kagg_overlap(NULL, 1, 0, 5000, note, &s, 16) == 0);
	/* the names the result uses */
	CHECK_STR(rtb_kagg_class_name(RTB_KAGG_IRQ), "irq");
	CHECK_STR(rtb_kagg_class_name(RTB_KAGG_SOFTIRQ), "softirq");
	CHECK_STR(rtb_kagg_class_name(RTB_KAGG_THREAD), "thread");
	CHECK_STR(rtb_kagg_class_name(RTB_KAGG_NMI), "nmi");
	CHECK(strstr(rtb_kagg_phase(RTB_KAGG_THREAD), "wake-up") != NULL);
	return check_done();
}
