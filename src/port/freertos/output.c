/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - where output goes: the board's console UART.
 *
 * Human-readable output (the tables) is written to the UART as it is.
 * A result file is streamed on the same UART framed as RTBF1
 * (docs/serial.md): the host's `rtbench ingest` turns the stream back into
 * the file, and fails on a truncated or garbled one. */
#include <stdio.h>
#include "rtbench/err.h"
#include "rtb_port_int.h"
#include "fr_output.h"

struct rtb_sink *rtb_port_console(void)
{
	static struct rtb_fr_uart uart = { rtb_board_write };
	static struct rtb_sink con;

	rtb_fr_uart_sink(&con, &uart);
	return &con;
}

/* rtb_port_output - the file `name` framed on the console (rtb_fr_output:
 * its basename, all or nothing). One output at a time (the runner
 * task's). */
int rtb_port_output(const char *name, rtb_output_fn fn, const void *arg)
{
	static struct rtb_frame fr;

	fflush(stdout);         /* stdio output first, not inside the frames */
	return rtb_fr_output(&fr, rtb_port_console(), name, fn, arg);
}

/* No files on a board: a name is fine if it can name a frame. */
int rtb_port_output_check(const char *name)
{
	return rtb_fr_output_name_ok(name);
}
int rtb_port_output_same(const char *a, const char *b)
{
	(void)a;
	(void)b;
	return 0;
}

const char *rtb_port_output_error(void)
{
	return "the board has no files (results are framed on the console)";
}

void rtb_port_output_follow_symlinks(int on)
{
	(void)on;
}

/* streams: a board has no file system (run --raw for a time is refused) */
int rtb_port_stream_open(const char *name, int *h)
{
	(void)name;
	(void)h;
	return RTB_ENOTSUP;
}

int rtb_port_stream_write(int h, const void *buf, size_t n)
{
	(void)h;
	(void)buf;
	(void)n;
	return RTB_ENOTSUP;
}

int rtb_port_stream_close(int h)
{
	(void)h;
	return RTB_ENOTSUP;
}

int rtb_port_free_bytes(const char *name, uint64_t *bytes)
{
	(void)name;
	(void)bytes;
	return RTB_ENOTSUP;
}
