/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench host - a whole output file or none (write_atomic.h). */
#include <stddef.h>

#include "rtbench/port.h"
#include "rtbench/sink.h"
#include "host/base/write_atomic.h"

struct atomic_buf { const char *data; size_t len; };

static int buf_out(struct rtb_sink *s, const void *arg)
{
	const struct atomic_buf *b = arg;
	return rtb_sink_write(s, b->data, b->len);
}

/* rtb_atomic_write - through the port's one output file (unique O_EXCL
 * temporary, no symlink or device replaced, fsync, rename): 0, or the
 * port's rtb_err (why: rtb_port_output_error()), the old file left whole. */
int rtb_atomic_write(const char *path, const char *data, size_t len)
{
	struct atomic_buf b = { data, len };

	return rtb_port_output(path, buf_out, &b);
}

const char *rtb_atomic_write_error(void)
{
	return rtb_port_output_error();
}
