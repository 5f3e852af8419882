/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - the console sink, the framed result writer and the run's
 * label (fr_output.h); no kernel here: built into the firmware and into
 * the host's unit test. */
#include <stdio.h>
#include <string.h>
#include "rtbench/err.h"
#include "fr_output.h"

/* uart_write - rtb_sink_fn over the board's UART (it cannot fail). */
static int uart_write(void *ctx, const void *buf, size_t len)
{
	struct rtb_fr_uart *u = ctx;

	u->write(buf, (unsigned long)len);
	return 0;
}

void rtb_fr_uart_sink(struct rtb_sink *s, struct rtb_fr_uart *u)
{
	rtb_sink_init(s, uart_write, u);
}

const char *rtb_fr_basename(const char *name)
{
	const char *base = strrchr(name, '/');

	return base ? base + 1 : name;
}

int rtb_fr_output_name_ok(const char *name)
{
	return name && rtb_frame_name_ok(rtb_fr_basename(name)) ? 0 : RTB_EINVAL;
}

int rtb_fr_output(struct rtb_frame *fr, struct rtb_sink *con, const char *name,
		  int (*fn)(struct rtb_sink *s, const void *arg), const void *arg)
{
	int rc;

	if (!name || !*name || !fn)
		return RTB_EINVAL;
	rc = rtb_frame_begin(fr, con, rtb_fr_basename(name));
	if (rc)
		return rc == RTB_EINVAL ? RTB_EINVAL : RTB_EIO;
	rc = fn(rtb_frame_sink(fr), arg);
	if (!rc)
		rc = rtb_sink_error(rtb_frame_sink(fr));
	if (rc)
		return RTB_EIO;         /* no END: the host sees a truncated file */
	return rtb_frame_end(fr) ? RTB_EIO : 0;
}

const char *rtb_fr_label(char *buf, size_t len, const char *kernel, const char *board,
			 int time_slicing, int port_task_selection, int preemption, int tick_hz)
{
	size_t n;

	snprintf(buf, len, "freertos-%s-%s%s%s%s", kernel, board, time_slicing ? "" : "-noslice",
		 port_task_selection ? "" : "-gensel", preemption ? "" : "-coop");
	n = strlen(buf);
	/* the version is the kernel's text: only what a file name may hold */
	for (size_t i = sizeof("freertos-") - 1; i < n && kernel[i - (sizeof("freertos-") - 1)]; i++) {
		char ch = buf[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
		      ch == '.' || ch == '_' || ch == '-'))
			buf[i] = '-';
	}
	if (tick_hz != 1000 && n < len)
		snprintf(buf + n, len - n, "-%dhz", tick_hz);
	return buf;
}
