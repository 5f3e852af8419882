/* SPDX-License-Identifier: Apache-2.0 */
/* rtbench - the emulator a result was measured under (port-neutral part of
 * the fingerprint).
 *
 * Absent on real hardware (present == 0). Under an emulator the figures are
 * not hardware latencies: with QEMU's -icount shift=N virtual time advances
 * 2^N ns per instruction, so a figure is an instruction-path count on
 * QEMU's model, repeatable run to run; without -icount (icount_shift -1) it
 * is the host's emulation noise. A POSIX run gets it from
 * `rtbench run --emulation 'emulator=...,icount_shift=3,...'`; a firmware
 * port fills it from build-time defines. JSON: "system.emulation". */
#ifndef RTBENCH_EMULATION_H
#define RTBENCH_EMULATION_H

#include <stddef.h>

struct rtb_emulation {
	int present;            /* 0: real hardware (JSON null) */
	char emulator[48];      /* "qemu-system-x86_64" */
	char version[32];       /* "7.2.x" ("" unknown) */
	char machine[48];       /* "q35", "mps2-an385" ("" unknown) */
	int icount_shift;       /* -1: no -icount (timings are host noise) */
	int vcpus;              /* emulated CPUs (0 unknown) */
	char accel[16];         /* "tcg", "kvm" ("" unknown) */
};

/* The sentence every table prints for an instruction-counted result, with
 * the shift as its one %d. */
#define RTB_EMULATED_FMT "EMULATED: instruction-counted virtual time under QEMU " \
	"(1 instruction = 2^%d ns); figures are instruction-path counts on QEMU's " \
	"model, not hardware latencies"
/* ... and for one without -icount. */
#define RTB_EMULATED_NOICOUNT "EMULATED without instruction counting (no -icount): " \
	"times are the host's emulation noise, not latencies; compare refuses timing verdicts on them"

/* rtb_emulation_parse - "k=v,k=v" into *e (keys: emulator (required),
 * version, machine, icount_shift (-1..20), vcpus (1..4096), accel; values
 * [A-Za-z0-9._+-], each key at most once). Returns 0, or RTB_EINVAL with one line
 * naming what is wrong in err. Portable: no OS calls. */
int rtb_emulation_parse(const char *s, struct rtb_emulation *e, char *err, size_t errlen);

/* rtb_emulation_line - the EMULATED sentence for e into buf ("" when e is
 * absent). Returns buf. */
const char *rtb_emulation_line(const struct rtb_emulation *e, char *buf, size_t len);

#endif
