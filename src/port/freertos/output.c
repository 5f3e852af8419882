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
