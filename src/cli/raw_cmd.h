/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench raw2csv FILE [-o OUT]` (raw_cmd.c). */
#ifndef RTB_CLI_RAW_CMD_H
#define RTB_CLI_RAW_CMD_H
/* rtb_cmd_raw2csv - argv[0] == "raw2csv". 0 done; RTB_EINVAL bad
 * arguments; RTB_EFORMAT not a raw file, damaged (nothing written) or cut
 * short (its whole samples written, the cut said); RTB_EIO the output
 * failed. Each said in one line on stderr. */
int rtb_cmd_raw2csv(int argc, char **argv);
#endif
