/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - `rtla timerlat hist` text read as a result (rtla.c says how). */
#ifndef RTB_HOST_RTLA_H
#define RTB_HOST_RTLA_H

#include <stddef.h>
#include <jansson.h>

/* rtb_rtla_detect - 1 if buf[0..len) is rtla timerlat histogram text (or a
 * bench/kernels.sh note that rtla was not run). */
int rtb_rtla_detect(const char *buf, size_t len);

/* rtb_rtla_convert - a new rtbench-result object marked "from rtla", or NULL
 * with the reason in err (a file saying rtla was not run: that reason);
 * labelled "rtla:<name's file name without .txt>". */
json_t *rtb_rtla_convert(const char *buf, size_t len, const char *name, char *err, size_t errlen);

#endif
