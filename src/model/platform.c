/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - the fingerprint's port-specific facts (rtbench/platform.h). */
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
