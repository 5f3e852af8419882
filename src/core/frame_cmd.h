/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench core - `rtbench frame FILE...` (frame_cmd.c). */
#ifndef RTB_CORE_FRAME_CMD_H
#define RTB_CORE_FRAME_CMD_H
/* rtb_cmd_frame - argv[0] == "frame". Returns the exit status: 0 done,
 * 1 a read or write failed midway, 2 bad arguments (one line on stderr,
 * nothing written). */
int rtb_cmd_frame(int argc, char **argv);
#endif
