/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what the port's own files share (not seen outside
 * src/port/posix). */
#ifndef RTB_POSIX_INTERNAL_H
#define RTB_POSIX_INTERNAL_H

#include <stddef.h>
#include "rtbench/port.h"

/* rtb_posix_replace_at - len bytes of buf durably as NAME in the directory
 * open as dfd, through the one atomic writer (file.c: temporary file,
 * fsync, rename). 0, or the rtb_err of the failure with errno saying
 * which (for the message). */
int rtb_posix_replace_at(int dfd, const char *name, const void *buf, size_t len);

/* rtb_posix_knob_plausible - 1 if v is a value knob k can really hold
 * (sys.c), so that a record naming another is not obeyed. */
int rtb_posix_knob_plausible(enum rtb_knob k, long v);

#endif
