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

/* rtb_tail_fit_line - a fit in one line (render_tail.c): "shape 0.21
 * [0.05, 0.38] unbounded (heavy tail); 1e-9 per sample: 41.3 us [30.1 us,
 * 75.0 us]", or why it was not estimated; `tail A B` and `compare -t`
 * show fits side by side with it. */
void rtb_tail_fit_line(char *buf, size_t len, const struct rtb_tail_fit *f);
/* rtb_tail_fit_json - a fit as the rtbench-tail schema's "fit" object
 * (definitions/fit); NULL on no memory. */
struct json_t *rtb_tail_fit_json(const struct rtb_tail_fit *f);

extern const struct rtb_render rtb_render_tail_text;
extern const struct rtb_render rtb_render_tail_json;

#endif
