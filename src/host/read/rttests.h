/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - rt-tests --json output (cyclictest, ptsematest, pmqtest,
 * svsematest, sigwaittest) as an rtbench result (rttests.c says how). */
#ifndef RTB_HOST_RTTESTS_H
#define RTB_HOST_RTTESTS_H

#include <stddef.h>
#include <jansson.h>

/* rtb_rttests_detect - 1 if root looks like rt-tests --json output. */
int rtb_rttests_detect(json_t *root);

/* rtb_rttests_convert - a new rtbench-result object (schema_version 1)
 * holding root's figures, or NULL with a one-line reason in err. */
json_t *rtb_rttests_convert(json_t *root, char *err, size_t errlen);

#endif
