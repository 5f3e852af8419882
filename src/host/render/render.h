/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the output formats, one file each (render_<name>.c),
 * all behind struct rtb_render (view.h): `int render(struct rtb_sb *b,
 * const struct rtb_host *h)` appends the whole output for the command's
 * model (h->cmp for compare and report) to b. A new format is one new file
 * plus its entry in the formats list of the commands that offer it. */
#ifndef RTB_HOST_RENDER_H
#define RTB_HOST_RENDER_H

#include <stddef.h>

#include "host/compare/compare.h"
#include "host/render/view.h"
#include "host/base/strbuf.h"

extern const struct rtb_render rtb_render_text;     /* compare: study tables */
extern const struct rtb_render rtb_render_markdown; /* compare */
extern const struct rtb_render rtb_render_csv;      /* compare */
extern const struct rtb_render rtb_render_json;     /* compare: "rtbench-compare" */
extern const struct rtb_render rtb_render_html;     /* report: one self-contained page */
extern const struct rtb_render rtb_render_qualify;  /* report --qualify (render_qualify.c) */
extern const struct rtb_render rtb_render_fleet_text;     /* compare --fleet (fleet.h) */
extern const struct rtb_render rtb_render_fleet_markdown; /* compare --fleet */
extern const struct rtb_render rtb_render_fleet_csv;      /* compare --fleet */
extern const struct rtb_render rtb_render_cases_text; /* check: failing lines + summary */
extern const struct rtb_render rtb_render_junit;    /* check: JUnit XML (h->cases) */
extern const struct rtb_render rtb_render_lava;     /* check: <LAVA_SIGNAL_TESTCASE ...> */
extern const struct rtb_render rtb_render_lava_results; /* check: send-to-lava.sh input */

/* Helpers the renderers share. */

/* rtb_render_shown - a metric gets a table when two systems have figures. */
int rtb_render_shown(const struct rtb_cmp_metric *cm);
/* rtb_render_group_start - the group (a table of its own after the
 * study's) that metric k opens among those shown(), else NULL. */
const char *rtb_render_group_start(const struct rtb_cmp *c, size_t k,
				   int (*shown)(const struct rtb_cmp_metric *));
/* rtb_render_title - "Table 1 - Title [id]" (md: "(`id`)"). */
void rtb_render_title(struct rtb_sb *b, const struct rtb_cmp_metric *cm, int md);
/* rtb_render_wrap - append text, wrapped at `width` columns, each line after
 * the first indented by `indent` spaces. */
void rtb_render_wrap(struct rtb_sb *b, const char *first, const char *text, size_t indent,
		     size_t width);
/* rtb_render_md_cell - text safe inside a markdown table cell. */
void rtb_render_md_cell(struct rtb_sb *b, const char *s);
/* rtb_render_json_put - root dumped (indent spaces, keys in order, 10
 * significant digits) and a newline appended to b; root is released.
 * RTB_ENOMEM when it cannot be dumped. */
struct json_t;
int rtb_render_json_put(struct rtb_sb *b, struct json_t *root, int indent);
/* rtb_render_jnum - a figure as a JSON number, null where it is not finite
 * (not measured, or no interval). */
struct json_t *rtb_render_jnum(double v);
/* rtb_render_markup - append fmt to b with each %s replaced by its string
 * HTML-escaped (rtb_sb_html) and %% by %; the rest of fmt, the markup, as
 * it is: one call for a line of markup around strings from files. */
__attribute__((format(printf, 2, 3))) void rtb_render_markup(struct rtb_sb *b, const char *fmt, ...);
/* rtb_render_csv_field - one RFC 4180 field (a formula-leading one
 * neutralised: rtb_fmt_csv_field), then "," or (last) CRLF; last < 0:
 * nothing after it. */
void rtb_render_csv_field(struct rtb_sb *b, const char *s, int last);

#endif
