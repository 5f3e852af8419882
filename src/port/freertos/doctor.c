/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - `rtbench doctor` has nothing to read on a board: its
 * configuration is the build's (the fingerprint's facts say it). */
#include "rtbench/doctor.h"
#include "rtbench/err.h"

int rtb_port_doctor(const struct rtb_doctor_cfg *cfg, struct rtb_doctor *d)
{
	(void)cfg;
	d->done = 0;
	d->n = 0;
	return RTB_ENOTSUP;
}

/* rtb_port_doctor_begin - nothing sampled over time on a board. */
void rtb_port_doctor_begin(void)
{
}
