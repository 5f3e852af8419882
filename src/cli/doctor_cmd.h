/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench entry - `rtbench doctor` (doctor_cmd.c). */
#ifndef RTB_CORE_DOCTOR_CMD_H
#define RTB_CORE_DOCTOR_CMD_H
#include <stdio.h>
#include "rtbench/doctor.h"
/* rtb_cmd_doctor - argv[0] == "doctor". Returns 0 the checks ran,
 * RTB_EINVAL bad arguments (one line on stderr), or the error that kept
 * the checks from running (said on stderr). */
int rtb_cmd_doctor(int argc, char **argv);
/* rtb_cmd_doctor_print - the findings as text, weakening ones first. */
void rtb_cmd_doctor_print(FILE *f, const struct rtb_doctor *d);
#endif
