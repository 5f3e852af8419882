/* SPDX-License-Identifier: Apache-2.0 */
/* FreeRTOS port - how output leaves a board, kept free of the kernel: the
 * console UART as a sink, a result file framed on it (RTBF1,
 * docs/serial.md), and the run's label. No FreeRTOS header (fr_time.h says
 * why): tests/unit/test_freertos_host.c runs these on the host. */
#ifndef RTB_FR_OUTPUT_H
#define RTB_FR_OUTPUT_H

#include <stddef.h>
#include "rtbench/frame.h"
#include "rtbench/sink.h"

/* The board's console: bytes out, polled (never from an ISR). */
struct rtb_fr_uart {
	void (*write)(const void *buf, unsigned long len);
};

/* rtb_fr_uart_sink - s writes through u (which must outlive s). */
void rtb_fr_uart_sink(struct rtb_sink *s, struct rtb_fr_uart *u);

/* rtb_fr_basename - the last path component of name: a board has no
 * directories, so a result is framed under its file name alone. */
const char *rtb_fr_basename(const char *name);

/* rtb_fr_output_name_ok - 0 if name can name a frame (its basename), else
 * RTB_EINVAL. */
int rtb_fr_output_name_ok(const char *name);

/* rtb_fr_output - the file `name` (its basename) framed on con: BEGIN, the
 * bytes fn(sink, arg) writes as D lines, END. All or nothing: when fn or
 * the console fails no END is sent, so the host's decoder reports the file
 * truncated instead of keeping half of it. fr: the frame's state (static
 * storage on a board). 0, RTB_EINVAL (bad name, no fn), RTB_EIO. */
int rtb_fr_output(struct rtb_frame *fr, struct rtb_sink *con, const char *name,
		  int (*fn)(struct rtb_sink *s, const void *arg), const void *arg);

/* rtb_fr_label - the run's label into buf: "freertos-<kernel>-<board>"
 * (kernel: tskKERNEL_VERSION_NUMBER, "V11.2.0"; a character a result
 * file's name cannot hold becomes '-'), then each FreeRTOS setting that
 * differs from FreeRTOS's default (-noslice, -gensel, -coop, -<hz>hz), so
 * two builds side by side in `rtbench compare` (a kernel upgrade, a tick
 * rate) are told apart by what they changed, and their result files do not
 * meet. Returns buf. */
const char *rtb_fr_label(char *buf, size_t len, const char *kernel, const char *board,
			 int time_slicing, int port_task_selection, int preemption, int tick_hz);

#endif
