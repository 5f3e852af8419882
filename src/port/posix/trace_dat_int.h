/* SPDX-License-Identifier: Apache-2.0 */
/* POSIX/Linux port - what the trace.dat writer's two files share (not seen
 * outside src/port/posix): the kernel's event formats as read from tracefs
 * and rtbench's events encoded as records of them (trace_dat_rec.c), which
 * the file's layout (trace_dat.c) puts into pages. */
#ifndef RTB_TRACE_DAT_INT_H
#define RTB_TRACE_DAT_INT_H
#include <stddef.h>
#include <stdint.h>
#include "trace_int.h"

#define RTB_DAT_FIELDS 24

/* One event's format: its id and the fields of its record. */
struct rtb_dat_fmt {
	int id;                 /* the kernel's event id; 0: not available */
	size_t fixed;           /* the record's fixed part */
	int nf;
	struct {
		char name[32];
		int off, size, loc;
	} f[RTB_DAT_FIELDS];
	char *text;             /* the format file as read */
	size_t len;
};

/* the events written: rtb_posix_events's (not the stack trigger's), then
 * ftrace:print for the marks */
#define RTB_DAT_NEV (RTB_TRACE_NWANT + 1)
#define RTB_DAT_PRINT (RTB_DAT_NEV - 1)

/* The kernel's formats the file copies: the header page, the event header
 * and each event's format (rtb_port_trace_dat_formats reads them). */
struct rtb_dat_formats {
	char *hp, *he;
	size_t hplen, helen;
	struct rtb_dat_fmt fm[RTB_DAT_NEV];
	int have;
	char why[200];
};

/* the task names the events give (the file's cmdlines) */
#define RTB_DAT_NAMES 1024
struct rtb_dat_names {
	int32_t pid[RTB_DAT_NAMES], prio[RTB_DAT_NAMES];
	char comm[RTB_DAT_NAMES][16];
	int n;
};

/* rtb_dat_formats - the formats read last (have 0: none yet). */
const struct rtb_dat_formats *rtb_dat_formats(void);
/* rtb_dat_which - the format (index into fm) of event e, or -1 (not
 * written). */
int rtb_dat_which(const struct rtb_tev *e);
/* rtb_dat_name_add - pid's name and priority as a switch gave them. */
void rtb_dat_name_add(struct rtb_dat_names *nm, int32_t pid, const char *comm, int32_t prio);
/* rtb_dat_encode - event e as a record of format m into rec (cap bytes);
 * its length. */
size_t rtb_dat_encode(const struct rtb_dat_fmt *m, const struct rtb_tev *e, const struct rtb_dat_names *nm,
		      unsigned char *rec, size_t cap);
/* rtb_dat_print - a mark: ftrace's print event of text by pid, as a
 * record of format m into rec (cap bytes); its length. */
size_t rtb_dat_print(const struct rtb_dat_fmt *m, int32_t pid, const char *text, unsigned char *rec, size_t cap);

#endif
