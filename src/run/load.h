/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - background load (see load.c). */
#ifndef RTB_CORE_LOAD_H
#define RTB_CORE_LOAD_H
#include "rtbench/bench.h"
int rtb_load_start(const struct rtb_opts *o, struct rtb_result *r);
void rtb_load_stop(void);
int rtb_load_failed(void);
#endif
