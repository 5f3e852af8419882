/* FreeRTOS port - where output goes: the board's console UART.
 *
 * Human-readable output (the tables) is written to the UART as it is.
 * A result file is streamed on the same UART framed as RTBF1
 * (docs/serial.md): the host's `rtbench ingest` turns the stream back into
 * the file, and fails on a truncated or garbled one. */
#include "rtbench/port.h"
#include "rtbench/err.h"

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

int rtb_port_output(const char *name, rtb_output_fn fn, const void *arg)
{
	if (!name || !*name || !fn)
		return RTB_EINVAL;
	return RTB_ENOTSUP;   /* framing: src/core/frame.c */
}

/* No files on a board: nothing to check before measuring. */
int rtb_port_output_check(const char *name)
{
	return 0;
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
