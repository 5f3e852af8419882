/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a whole output file or none: what every host command and
 * the stream reader write through. */
#ifndef RTB_HOST_WRITE_ATOMIC_H
#define RTB_HOST_WRITE_ATOMIC_H

#include <stddef.h>

/* rtb_atomic_write - write data to path through a temporary file in the
 * same directory and rename(2), so path is either the old file or the whole
 * new one. Returns 0 or an rtb_err (the reason: rtb_port_output_error()). */
int rtb_atomic_write(const char *path, const char *data, size_t len);
/* rtb_atomic_write_error - one line: why the last rtb_atomic_write failed. */
const char *rtb_atomic_write_error(void);

#endif
