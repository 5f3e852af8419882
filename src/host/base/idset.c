/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a set of string ids with a number each (idset.h). */
#include <stdlib.h>
#include <string.h>

#include "rtbench/err.h"
#include "host/base/idset.h"

/* fnv1a - FNV-1a, 64-bit: cheap, and spreads ids that differ in one
 * character (ipc.mqueue.wakeup@cpu0, @cpu1, ...) */
static size_t fnv1a(const char *s)
{
	size_t h = (size_t)1469598103934665603ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * (size_t)1099511628211ull;
	return h;
}

/* slot - where id is, or the empty slot where it would go (cap > n) */
static size_t slot(const struct rtb_idset *s, const char *id)
{
	size_t i;

	for (i = fnv1a(id) & (s->cap - 1); s->key[i]; i = (i + 1) & (s->cap - 1))
		if (!strcmp(s->key[i], id))
			break;
	return i;
}

int rtb_idset_find(const struct rtb_idset *s, const char *id, size_t *val)
{
	size_t i;

	if (!s->n)
		return 0;
	i = slot(s, id);
	if (!s->key[i])
		return 0;
	if (val)
		*val = s->val[i];
	return 1;
}

int rtb_idset_reserve(struct rtb_idset *s, size_t n)
{
	struct rtb_idset t = { .own = s->own };

	if (2 * n + 2 <= s->cap)
		return 0;
	for (t.cap = 16; t.cap < 2 * n + 2; t.cap *= 2)
		if (t.cap > ((size_t)-1 >> 2) / sizeof(*t.val))
			return RTB_ENOMEM;
	t.key = calloc(t.cap, sizeof(*t.key));
	t.val = calloc(t.cap, sizeof(*t.val));
	if (!t.key || !t.val) {
		free(t.key);
		free(t.val);
		return RTB_ENOMEM;
	}
	for (size_t k = 0; k < s->cap; k++) {
		if (!s->key[k])
			continue;
		size_t i = slot(&t, s->key[k]);
		t.key[i] = s->key[k];
		t.val[i] = s->val[k];
	}
	t.n = s->n;
	free(s->key);
	free(s->val);
	*s = t;
	return 0;
}

int rtb_idset_add(struct rtb_idset *s, const char *id, size_t val, size_t *old)
{
	size_t i;
	int rc;

	if (rtb_idset_find(s, id, old))
		return 1;
	if ((rc = rtb_idset_reserve(s, s->n + 1)))
		return rc;
	i = slot(s, id);
	if (s->own) {
		char *copy = strdup(id);
		if (!copy)
			return RTB_ENOMEM;
		s->key[i] = copy;
	} else {
		s->key[i] = id;
	}
	s->val[i] = val;
	s->n++;
	return 0;
}

void rtb_idset_free(struct rtb_idset *s)
{
	int own = s->own;

	for (size_t i = 0; own && i < s->cap; i++)
		free((char *)s->key[i]);
	free(s->key);
	free(s->val);
	memset(s, 0, sizeof(*s));
	s->own = own;
}
