/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - the HTML report's tune section (render_html_tune.c). */
#ifndef RTB_HOST_RENDER_HTML_TUNE_H
#define RTB_HOST_RENDER_HTML_TUNE_H
#include "host/base/strbuf.h"
#include "host/compare/tune_model.h"
/* rtb_html_tune_section - tune file path's result as one <section id="tune">. */
void rtb_html_tune_section(struct rtb_sb *b, const struct rtb_tune_run *t, const char *path);
#endif
