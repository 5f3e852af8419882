/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - host-side analysis of result files: compare and report.
 *
 * These run on the analysis host, not on the target being measured, and are
 * the only part of rtbench that needs libjansson and libm (built with HOST=1).
 * src/main.c dispatches "rtbench compare ..." and "rtbench report ..." here.
 * Each entry point is one ops table (cmd_<name>.c) run by the shared runner
 * (runner.h, which documents how to add a command or an output format). */
#ifndef RTB_HOST_H
#define RTB_HOST_H

/* rtb_host_compare - "rtbench compare A.json B.json [C.json ...]": the study's
 * side-by-side tables. argv[0] == "compare". Returns 0 or an rtb_err, said
 * once on stderr ("rtbench compare: <what>: <problem>"; RTB_EINVAL,
 * RTB_EFORMAT, RTB_ERANGE: bad input or options). Never calls exit(). */
int rtb_host_compare(int argc, char **argv);

/* rtb_host_report - "rtbench report A.json [B.json ...] -o report.html": one
 * self-contained HTML file with inline SVG plots. argv[0] == "report".
 * Returns as rtb_host_compare; the output file is written to a temporary
 * file and renamed, so it is never left half-written. */
int rtb_host_report(int argc, char **argv);

/* rtb_host_ingest - "rtbench ingest [-o DIR] [STREAM|-]": the RTBF1-framed
 * files in a serial stream written to DIR (docs/serial.md). 0 all files
 * whole, RTB_EFORMAT a truncated/garbled/gapped stream, RTB_EINVAL a bad
 * option, another rtb_err otherwise. */
int rtb_host_ingest(int argc, char **argv);
/* rtb_host_check - "rtbench check RESULT.json [--baseline B.json] [limits]":
 * the CI gate. 0 all passed, RTB_ECHECK a figure failed, or an rtb_err
 * (bad input: RTB_EINVAL/RTB_EFORMAT/RTB_ERANGE). */
int rtb_host_check(int argc, char **argv);

/* rtb_host_tail - "rtbench tail RESULT.json ...": exceedance rates with exact
 * intervals, the tail's steadiness, a tested extreme-value fit, how long to
 * run (docs/tail.md). Returns as rtb_host_compare. */
int rtb_host_tail(int argc, char **argv);

#endif
