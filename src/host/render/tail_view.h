/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what `rtbench tail` (cmd_tail.c) hands its renderers
 * (render_tail_text.c, render_tail_json.c): each file's analysed metrics. */
#ifndef RTB_HOST_TAIL_VIEW_H
#define RTB_HOST_TAIL_VIEW_H

#include "host/stats/tail.h"

struct rtb_render;

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

/* rtb_render_tail_fit_json - a fit as the rtbench-tail schema's "fit" object
 * (definitions/fit); NULL on no memory. */
struct json_t *rtb_render_tail_fit_json(const struct rtb_tail_fit *f);

/* rtb_render_tail_find - the analysis of metric id in file f, or NULL. */
const struct rtb_tail *rtb_render_tail_find(const struct rtb_tail_file *f, const char *id);
/* rtb_render_tail_spread - the rate's spread between the files' runs over
 * threshold e of metric ta (rtb_tstat_run_spread) into *sp: the runs it
 * used (0: none, *sp -1 when some had the metric but no crossing). */
size_t rtb_render_tail_spread(const struct rtb_tail_run *r, const struct rtb_tail *ta, size_t e, double *sp);

extern const struct rtb_render rtb_render_tail_text;
extern const struct rtb_render rtb_render_tail_json;

#endif
