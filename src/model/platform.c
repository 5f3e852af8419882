/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench model - the fingerprint's port facts (rtbench/platform.h). */
#include <stdio.h>
#include <string.h>
#include "rtbench/platform.h"
#include "rtbench/err.h"

/* add - a new, cleared fact under key; NULL when the fingerprint is full. */
static struct rtb_fact *add(struct rtb_fingerprint *fp, const char *key)
{
	struct rtb_fact *f;

	if (fp->nfacts >= RTB_MAX_FACTS)
		return NULL;
	f = &fp->facts[fp->nfacts++];
	memset(f, 0, sizeof(*f));
	snprintf(f->key, sizeof(f->key), "%s", key);
	return f;
}

int rtb_fp_fact(struct rtb_fingerprint *fp, const char *key, const char *value)
{
	struct rtb_fact *f = add(fp, key);

	if (!f)
		return RTB_ENOMEM;
	snprintf(f->value, sizeof(f->value), "%s", value ? value : "");
	return 0;
}

int rtb_fp_fact_int(struct rtb_fingerprint *fp, const char *key, long value)
{
	struct rtb_fact *f = add(fp, key);

	if (!f)
		return RTB_ENOMEM;
	f->integer = 1;
	if (value != -2)
		snprintf(f->value, sizeof(f->value), "%ld", value);
	return 0;
}

const struct rtb_fact *rtb_fp_find(const struct rtb_fingerprint *fp, const char *key)
{
	for (int i = 0; i < fp->nfacts && i < RTB_MAX_FACTS; i++)
		if (!strcmp(fp->facts[i].key, key))
			return &fp->facts[i];
	return NULL;
}

void rtb_fp_preempt_warning(const struct rtb_fingerprint *fp, char *out, size_t len)
{
	const char *m = fp->preempt_model;

	/* PREEMPT (no dynamic) or a dynamic kernel booted preempt=full: a
	 * task is preempted anywhere outside non-preemptible sections, but
	 * interrupt handlers, softirqs and spinlocked code still hold it off
	 * (PREEMPT_RT threads them) */
	if (!strcmp(m, "PREEMPT") || strstr(m, "(full)"))
		snprintf(out, len, "the kernel is preemptible but not real-time (%s, not PREEMPT_RT): a wake-up waits "
			 "for interrupt handlers, softirqs and spinlocked kernel sections; maxima include that", m);
	else
		snprintf(out, len, "the kernel is not fully preemptible (%s): a wake-up waits for kernel code "
			 "to reach a preemption point; maxima include that", m);
}
