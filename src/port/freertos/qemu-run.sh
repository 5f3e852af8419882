#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# qemu-run.sh - run the rtbench firmware under QEMU with instruction-counted
# time and turn its serial stream into the result file on the host.
#
#   qemu-run.sh ELF OUTDIR MACHINE ICOUNT_SHIFT TIMEOUT_S [RTBENCH]
#
# The console (the study's tables) is shown as it comes; the whole stream is
# kept in OUTDIR/console.log; `rtbench ingest` decodes the RTBF1-framed
# result into OUTDIR (replacing the one an earlier run of this build left
# there) and fails (exit 2, one line) on a truncated or garbled
# stream. Exit status: the firmware's (semihosting), 2 on a bad stream, 124
# on a timeout. Never runs without -icount: figures without it are host noise.
set -u
elf=$1 out=$2 machine=$3 shift_n=$4 timeout_s=$5 rtbench=${6:-}
qemu=${QEMU:-qemu-system-arm}

case $shift_n in
''|*[!0-9]*) echo "qemu-run.sh: ICOUNT_SHIFT=$shift_n: must be a number 0-10 (never run without -icount)" >&2; exit 2 ;;
esac
[ -f "$elf" ] || { echo "qemu-run.sh: $elf: no firmware (build it first)" >&2; exit 2; }
command -v "$qemu" >/dev/null || { echo "qemu-run.sh: $qemu not found (Debian: qemu-system-arm)" >&2; exit 2; }
mkdir -p "$out"
log=$out/console.log

echo "qemu-run.sh: $qemu -M $machine -icount shift=$shift_n (1 instruction = $((1 << shift_n)) ns of virtual time)" >&2
timeout -k 5 "$timeout_s" "$qemu" -M "$machine" -nographic -monitor none -serial stdio \
	-semihosting-config enable=on,target=native -kernel "$elf" -icount shift="$shift_n" </dev/null |
	tee "$log" | grep --line-buffered -av '^RTBF1 '
rc=${PIPESTATUS[0]}
if [ "$rc" = 124 ]; then
	echo "qemu-run.sh: no exit after ${timeout_s}s: stopped (console in $log)" >&2
	exit 124
fi
if [ -n "$rtbench" ]; then
	if ! grep -aq '^RTBF1 BEGIN ' "$log"; then
		echo "qemu-run.sh: the firmware framed no result file (console in $log)" >&2
		[ "$rc" = 0 ] && rc=1
	else
		# OUTDIR is this build's own: a rerun replaces its file (the
		# label carries the kernel and settings, so another kernel or
		# setting writes beside it, never over it)
		"$rtbench" ingest -f -o "$out" "$log" || exit 2
	fi
fi
exit "$rc"
