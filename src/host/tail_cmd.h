/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what `rtbench tail` (cmd_tail.c) hands its renderers
 * (render_tail.c): each file's analysed metrics. */
#ifndef RTB_HOST_TAIL_CMD_H
#define RTB_HOST_TAIL_CMD_H

#include "host/runner.h"
#include "host/tail.h"

struct rtb_tail_file {
	const struct rtb_rf *r;
	struct rtb_tail *t;       /* one per metric analysed */
	size_t nt;
};

struct rtb_tail_run {
	struct rtb_tail_opts o;
	const char *metric;       /* --metric ID (a trailing * matches a prefix); NULL: all */
	const char *target_text;  /* --target as given */
	struct rtb_tail_file *f;
	size_t nf;
};

/* rtb_tail_parse_thr - a --threshold-us list (us, comma-separated) into
 * thr[*n..], at most RTB_TAIL_MAX_THR in all; tail's and compare's. 0, or
 * RTB_EINVAL said through h. */
int rtb_tail_parse_thr(struct rtb_host *h, const char *arg, int64_t *thr, size_t *n);

extern const struct rtb_render rtb_render_tail_text;
extern const struct rtb_render rtb_render_tail_json;

#endif
