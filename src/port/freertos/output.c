/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - where output goes: the board's console UART.
 *
 * Human-readable output (the tables) is written to the UART as it is.
 * A result file is streamed on the same UART framed as RTBF1
 * (docs/serial.md): the host's `rtbench ingest` turns the stream back into
 * the file, and fails on a truncated or garbled one. */
#include <stdio.h>
#include <string.h>
#include "rtbench/port.h"
#include "rtbench/err.h"
#include "rtbench/frame.h"

static int uart_write(void *ctx, const void *buf, size_t len)
{
	rtb_board_write(buf, len);
	return 0;
}

struct rtb_sink *rtb_port_console(void)
{
	static struct rtb_sink con;

	rtb_sink_init(&con, uart_write, NULL);
	return &con;
}

/* rtb_port_output - the file `name` (its last path component: a board has
 * no directories) framed on the console: BEGIN, the writer's bytes as D
 * lines, END. All or nothing: when the writer fails, no END is sent, so
 * the host's decoder reports the file truncated instead of keeping half of
 * it. One output at a time (the runner task's). */
int rtb_port_output(const char *name, rtb_output_fn fn, const void *arg)
{
	static struct rtb_frame fr;
	const char *base;
	int rc;

	if (!name || !*name || !fn)
		return RTB_EINVAL;
	base = strrchr(name, '/');
	base = base ? base + 1 : name;
	fflush(stdout);         /* stdio output first, not inside the frames */
	rc = rtb_frame_begin(&fr, rtb_port_console(), base);
	if (rc)
		return rc == RTB_EINVAL ? RTB_EINVAL : RTB_EIO;
	rc = fn(rtb_frame_sink(&fr), arg);
	if (!rc)
		rc = rtb_sink_error(rtb_frame_sink(&fr));
	if (rc)
		return RTB_EIO;
	return rtb_frame_end(&fr) ? RTB_EIO : 0;
}

/* No files on a board: a name is fine if it can name a frame. */
int rtb_port_output_check(const char *name)
{
	const char *base = name ? strrchr(name, '/') : NULL;

	return name && rtb_frame_name_ok(base ? base + 1 : name) ? 0 : RTB_EINVAL;
}

int rtb_port_output_same(const char *a, const char *b)
{
	return 0;
}

const char *rtb_port_output_error(void)
{
	return "the board has no files (results are framed on the console)";
}

void rtb_port_output_follow_symlinks(int on)
{
}
