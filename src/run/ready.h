/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench runner - saying when measuring has begun (run/ready.c). */
#ifndef RTB_CORE_READY_H
#define RTB_CORE_READY_H

/* rtb_ready_file - write the announcement to path too (run --ready FILE);
 * NULL: stderr only. Set once, before the run starts. */
void rtb_ready_file(const char *path);
/* rtb_ready_say - measurement `id` begins now on the CPUs `cpus` (a list
 * as the result's settings.cpus: "1", "0-1", "1,0"): the line
 * "rtbench: measuring ID on CPU LIST" on stderr (also under --quiet), and
 * "measuring ID on CPU LIST" replacing the --ready file, atomically.
 * Returns 0, or RTB_EIO when the file could not be written (said once on
 * stderr; the run goes on). */
int rtb_ready_say(const char *id, const char *cpus);
/* rtb_ready_status - what is measured now, for a status line (any thread):
 * "measuring ID on CPU LIST for N s", or "setting up (nothing measured
 * yet)". */
void rtb_ready_status(char *buf, size_t len);

#endif
