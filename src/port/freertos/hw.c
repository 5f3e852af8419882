/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - no hardware-latency detector and no SMI counter on a
 * board's kernel: hw.hwlat is SKIPPED with the reason. */
#include <stdio.h>
#include "rtb_port_int.h"
#include "rtbench/err.h"

int rtb_port_hwlat_begin(const struct rtb_hwlat_cfg *cfg, char *why, size_t len)
{
	(void)cfg;
	snprintf(why, len, "FreeRTOS has no hardware-latency detector");
	return RTB_ENOTSUP;
}

int rtb_port_hwlat_end(void (*fn)(int64_t ns, int cpu, void *arg), void *arg, uint64_t *windows_over,
		       int64_t *nmi)
{
	(void)fn;
	(void)arg;
	(void)windows_over;
	(void)nmi;
	return RTB_EINVAL;
}

int rtb_port_smi_count(int cpu, uint64_t *count, char *why, size_t len)
{
	(void)cpu;
	(void)count;
	snprintf(why, len, "not readable here: no SMI counter on this port");
	return RTB_ENOTSUP;
}
