/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench tune` (tune_cmd.c; docs/tuning.md). */
#ifndef RTB_CLI_TUNE_CMD_H
#define RTB_CLI_TUNE_CMD_H
/* rtb_cmd_tune - argv[0] == "tune". 0 done, RTB_EINVAL bad options (said),
 * RTB_EBUSY the settings lock held, RTB_EINTR stopped by a signal (every
 * knob restored; rtb_cmd_tune_stop_signal says which), another rtb_err. */
int rtb_cmd_tune(int argc, char **argv);
int rtb_cmd_tune_stop_signal(void);
#endif
