/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the in-kernel aggregation's names, and which of its
 * recorded interferences overlap a sample's window (rtbench/kagg.h). */
#include "rtbench/kagg.h"

const char *rtb_kagg_class_name(int cls)
{
	static const char *const n[RTB_KAGG_NCLASS] = { "irq", "softirq", "thread", "nmi" };

	return cls >= 0 && cls < RTB_KAGG_NCLASS ? n[cls] : "?";
}

const char *rtb_kagg_phase(int cls)
{
	return cls == RTB_KAGG_THREAD ? "the wait from wake-up to switch-in" : "any part of the sample";
}

int rtb_kagg_overlap(const struct rtb_kagg *k, int cpu, int64_t start_ns, int64_t end_ns,
		     void (*fn)(void *arg, int cls, const struct rtb_kagg_item *it), void *arg, int max)
{
	int found = 0;

	if (!k || !k->on)
		return 0;
	for (int i = 0; i < k->ncpu; i++) {
		if (k->cpu[i].cpu != cpu)
			continue;
		for (int c = 0; c < RTB_KAGG_NCLASS; c++)
			for (int t = 0; t < k->cpu[i].cls[c].ntop && found < max; t++) {
				const struct rtb_kagg_item *it = &k->cpu[i].cls[c].top[t];
				if (it->start_ns <= end_ns && it->start_ns + it->ns >= start_ns) {
					fn(arg, c, it);
					found++;
				}
			}
	}
	return found;
}
