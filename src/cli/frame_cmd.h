/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench frame FILE...` (frame_cmd.c). */
#ifndef RTB_CORE_FRAME_CMD_H
#define RTB_CORE_FRAME_CMD_H
/* rtb_cmd_frame - argv[0] == "frame". Returns 0 done, RTB_EINVAL bad
 * arguments (one line on stderr, nothing written), or the error a read or
 * write failed with midway (said on stderr). */
int rtb_cmd_frame(int argc, char **argv);
#endif
