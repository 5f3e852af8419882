/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtbench tune`'s outputs (tune_out.c): text, JSON
 * (docs/rtbench-tune.schema.json) and the drop-in of the knobs that
 * helped. */
#ifndef RTB_HOST_TUNE_OUT_H
#define RTB_HOST_TUNE_OUT_H
#include <stdio.h>
#include "host/compare/tune_model.h"
#define RTB_TUNE_SCHEMA "rtbench-tune"
#define RTB_TUNE_SCHEMA_VERSION 1
/* rtb_render_tune_text - the result as text. */
void rtb_render_tune_text(FILE *f, const struct rtb_tune_run *t);
/* rtb_render_tune_json - the result as JSON at path (atomically; never through a
 * link). 0 or a negative rtb_err. */
int rtb_render_tune_json(const char *path, const struct rtb_tune_run *t);
/* rtb_render_tune_dropin - PREFIX.sysctl.conf (the helpful sysctl knobs, for
 * /etc/sysctl.d) and PREFIX.sh (every helpful knob as commands), only the
 * knobs whose verdict is "helps"; each says so when none did. */
int rtb_render_tune_dropin(const char *prefix, const struct rtb_tune_run *t);
#endif
