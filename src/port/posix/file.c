/* POSIX port - where output bytes go: result files and the console.
 *
 * Every result file (JSON, CSV, raw) is written through rtb_port_output():
 * the writer fills a sink over PATH.tmp, which is flushed, fsynced and
 * renamed over PATH, so a reader sees the old file or the complete new one,
 * never half of one. This is the one place that opens, syncs and renames
 * an output file. */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rtbench/port.h"
#include "rtbench/err.h"

/* file_write - sink callback over a stdio stream. */
static int file_write(void *ctx, const void *buf, size_t len)
{
	return fwrite(buf, 1, len, (FILE *)ctx) == len ? 0 : RTB_EIO;
}

/* rtb_port_console - stdout as a sink (buffered by stdio, as before). */
struct rtb_sink *rtb_port_console(void)
{
	static struct rtb_sink con;

	rtb_sink_init(&con, file_write, stdout);
	return &con;
}

/* sync_dir - best-effort fsync of the directory holding path, so that the
 * rename itself survives a power cut. Failure is ignored: the file content
 * is already safe, and some file systems refuse fsync on directories. */
static void sync_dir(const char *path)
{
	char *copy = strdup(path);
	int fd;

	if (!copy)
		return;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		(void)fsync(fd);
		close(fd);
	}
	free(copy);
}

/* rtb_port_output - write PATH.tmp through fn, flush, fsync, rename.
 *
 * The temporary file is in the same directory as PATH so that rename() is
 * an atomic replace on one file system. On any failure the temporary file
 * is removed and PATH is left as it was. */
int rtb_port_output(const char *path, rtb_output_fn fn, const void *arg)
{
	struct rtb_sink sink;
	size_t len;
	char *tmp = NULL;
	FILE *f = NULL;
	int fd, ret = RTB_EIO;

	if (!path || !*path || !fn)
		return RTB_EINVAL;
	len = strlen(path);
	tmp = malloc(len + sizeof(".tmp"));
	if (!tmp)
		return RTB_EIO;
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp", sizeof(".tmp"));

	/* O_TRUNC: a .tmp left by a crashed earlier run is simply replaced */
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0)
		goto out_free;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		goto out_unlink;
	}
	rtb_sink_init(&sink, file_write, f);
	if (fn(&sink, arg) != 0 || rtb_sink_error(&sink) || fflush(f) != 0 || ferror(f) ||
	    fsync(fileno(f)) != 0)
		goto out_close;
	if (fclose(f) != 0) {
		f = NULL;
		goto out_unlink;
	}
	f = NULL;
	if (rename(tmp, path) != 0)
		goto out_unlink;
	sync_dir(path);
	ret = RTB_OK;
	goto out_free;

out_close:
	fclose(f);
out_unlink:
	unlink(tmp);
out_free:
	free(tmp);
	return ret;
}
