/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - what the qualification page's files share (private to
 * render_qualify*.c): one line of the page (a CPU of one file) and its
 * parts: the tables (render_qualify_tables.c), the plots
 * (render_qualify_plots.c); the page itself is render_qualify.c. */
#ifndef RTB_HOST_RENDER_QUALIFY_H
#define RTB_HOST_RENDER_QUALIFY_H

#include <stddef.h>

#include "host/base/strbuf.h"
#include "host/compare/qualify.h"
#include "host/read/resultfile.h"
#include "host/render/view.h"
#include "host/stats/tail.h"

#define RTB_QPAGE_W 640
#define RTB_QPAGE_H 360
#define RTB_QPAGE_MAX_SERIES 160
#define RTB_QPAGE_MAX_LEGEND 16  /* more lines: coloured by CPU, no legend (said) */

/* One CPU of one file: a line in every plot, a row in every table. */
struct rtb_qline {
	const struct rtb_rf *r;
	const struct rtb_rf_metric *m;
	int file, cpu;              /* cpu -1: the file's all-CPU figure */
	struct rtb_tail *t;         /* its crossings (no fit) */
	char label[96];
	char color[32];
	const char *dash;           /* "" solid (the long run), else a dash */
};

/* rtb_qpage_us - ns as us with 3 decimals, in buf. */
const char *rtb_qpage_us(char *buf, size_t len, double ns);
/* rtb_qpage_sig - v with 4 significant digits ("-" when not finite). */
const char *rtb_qpage_sig(char *buf, size_t len, double v);

/* The tables (render_qualify_tables.c). */
void rtb_qpage_figures(struct rtb_sb *b, const struct rtb_qline *s, int n);
void rtb_qpage_crossings(struct rtb_sb *b, const struct rtb_qline *s, int n, const struct rtb_qual *q);
/* rtb_qpage_tail - `rtbench tail`'s text with the plan for line s. */
void rtb_qpage_tail(struct rtb_sb *b, const struct rtb_qual *q, const struct rtb_qline *s);
void rtb_qpage_worst(struct rtb_sb *b, const struct rtb_qline *s, int n);

/* The plots (render_qualify_plots.c): the OSADL-form histogram (counts
 * per CPU-hour when per_h) and the interval maxima over time. */
void rtb_qpage_osadl(struct rtb_sb *b, const char *base, const struct rtb_qline *s, int n, int per_h);
void rtb_qpage_interval_max(struct rtb_sb *b, const char *base, const struct rtb_qline *s, int n);

#endif
