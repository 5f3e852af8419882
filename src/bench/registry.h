/* SPDX-License-Identifier: Apache-2.0 */
/* The registry: every benchmark (registry.c's list) and their knobs, for
 * the entry, the runner and a port's own firmware; a benchmark reads only
 * its own knobs and never the list. */
#ifndef RTB_BENCH_REGISTRY_H
#define RTB_BENCH_REGISTRY_H

#include <stddef.h>
#include "rtbench/bench.h"

extern const struct rtb_bench *const rtb_benches[];
extern const size_t rtb_nbenches;

/* rtb_bench_opt_find - the knob `name` of any registered benchmark (two
 * benchmarks may share one: the first is the one); NULL: none. */
const struct rtb_bench_opt *rtb_bench_opt_find(const char *name);

/* rtb_bench_opts_reset - every benchmark's knobs back to their defaults
 * (the entry's defaults; a new parse starts from them). */
void rtb_bench_opts_reset(void);

#endif
