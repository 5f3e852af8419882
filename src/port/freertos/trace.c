/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench FreeRTOS port - no kernel event trace here (run --trace is the
 * Linux port's, src/port/posix/trace.c): the build leaves the trace room
 * out and the firmware hands the runner no tracer (rtbench/tracer.h), so
 * the port only names its threads, for the benchmarks' marks. */
#include "rtbench/port_trace.h"

long rtb_port_trace_self(void) { return 0; }
