/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a set of string ids, each with a number: the one hash
 * table of the host side (a result file's metric index, compare's rows,
 * the names a serial stream wrote). Open addressing, linear probing,
 * FNV-1a, at most half full, so a lookup is O(1) and 100k metrics are
 * read in linear time (pairwise matching took 100 s).
 *
 * A zeroed struct is an empty set. Keys are borrowed (the caller keeps
 * them alive as long as the set) unless the set owns them (own = 1 before
 * the first add: each key is copied and freed with the set). */
#ifndef RTB_HOST_IDSET_H
#define RTB_HOST_IDSET_H

#include <stddef.h>

struct rtb_idset {
	const char **key;   /* cap slots; NULL: empty */
	size_t *val;
	size_t cap, n;
	int own;            /* keys copied and freed by the set */
};

/* rtb_idset_find - the number stored with id, in *val (may be NULL).
 * 1 found, 0 not. */
int rtb_idset_find(const struct rtb_idset *s, const char *id, size_t *val);

/* rtb_idset_add - id with val, unless id is in the set already: then
 * *old (may be NULL) is the number stored with it. 0 added, 1 there
 * already, RTB_ENOMEM (the set is as before). */
int rtb_idset_add(struct rtb_idset *s, const char *id, size_t val, size_t *old);

/* rtb_idset_reserve - room for n ids without growing: 0 or RTB_ENOMEM. */
int rtb_idset_reserve(struct rtb_idset *s, size_t n);

/* rtb_idset_free - the set's memory (and its keys, if it owns them);
 * leaves an empty set with the same ownership. */
void rtb_idset_free(struct rtb_idset *s);

#endif
