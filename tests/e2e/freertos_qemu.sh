#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once
# FreeRTOS on the emulated board (QEMU mps2-an500, -icount shift=5): the
# firmware builds, runs to its end (semihosting exit 0) and prints the
# study's tables; two runs give identical statistics (instruction-counted
# virtual time is deterministic); the framed result decodes into the same
# file both times; the port conformance test (tests/unit/test_port.c, the
# source the Linux port runs) passes on the board. Skips without the ARM
# toolchain or QEMU; NOT RUN without a FreeRTOS-Kernel tree
# (FREERTOS_KERNEL_PATH, lib.bash).
. "$(dirname "$0")/lib.bash"
needs_fw_qemu
needs_freertos_kernel

fw=$RTB_TEST_OUT/freertos-qemu
tests=ctxsw.rr.yield,sync.prio_inv,irq.timer.signal,irq.timer.isr_to_task,sync.sem.take,ipc.mqueue.wakeup
mk() { make -s -j2 PORT=freertos BOARD=mps2-an500 FREERTOS_KERNEL_PATH="$kernel" FW_BUILD="$fw" \
	RTB_SAMPLES=200 RTB_TESTS=$tests WERROR=-Werror "$@"; }

mk >"$RTB_TEST_OUT/fw-build.log" 2>&1 || { cat "$RTB_TEST_OUT/fw-build.log"; fail "firmware build"; done_test; }
ok "firmware built: $(grep -A1 'text' "$RTB_TEST_OUT/fw-build.log" | tail -1 | awk '{print "text " $1 ", data " $2 ", bss " $3}')"

for k in 1 2; do
	src/port/freertos/qemu-run.sh "$fw/rtbench.elf" "$fw/run$k" mps2-an500 5 120 \
		$([ "${RTB_FR_INGEST:-1}" = 1 ] && "$RTBENCH" ingest --help >/dev/null 2>&1 && echo "$RTBENCH") \
		>"$fw/out$k.txt" 2>"$fw/err$k.txt"
	rc=$?
	[ $rc = 0 ] && ok "run $k: firmware exited 0" || { fail "run $k: exit $rc"; tail -n 5 "$fw/err$k.txt" "$fw/out$k.txt"; }
done
for t in "Table 1" "Table 2" "Table 3" "Table 4" "Table 5" "EMULATED: instruction-counted"; do
	grep -q "^$t" "$fw/out1.txt" && ok "prints $t" || fail "no '$t' in the console output"
done
# the statistics rows (and everything else the firmware printed) repeat exactly
if cmp -s <(grep -v '^rtbench:' "$fw/out1.txt") <(grep -v '^rtbench:' "$fw/out2.txt"); then
	ok "two runs: identical tables"
else
	fail "two runs differ:"; diff <(grep -v '^rtbench:' "$fw/out1.txt") <(grep -v '^rtbench:' "$fw/out2.txt") | head -20
fi
# the file is named by the label: freertos-<kernel version>-<board>
ver=$(sed -n 's/^#define tskKERNEL_VERSION_NUMBER[[:space:]]*"\([^"]*\)".*/\1/p' "$kernel/include/task.h")
json1=$fw/run1/freertos-$ver-mps2-an500.json json2=$fw/run2/freertos-$ver-mps2-an500.json
if [ "${RTB_FR_INGEST:-1}" = 1 ]; then
	[ -f "$json1" ] && ok "result file named by the kernel: $(basename "$json1")" || fail "no $json1"
fi
if [ -f "$json1" ]; then
	cmp -s "$json1" "$json2" && ok "two runs: identical result files" || fail "result files differ"
	grep -q '"icount_shift": *5' "$json1" && ok "result records icount shift 5" || fail "no icount_shift in $json1"
	# a rerun into the same folder replaces its file (it used to be refused: exit 2)
	src/port/freertos/qemu-run.sh "$fw/rtbench.elf" "$fw/run1" mps2-an500 5 120 "$RTBENCH" \
		>"$fw/out3.txt" 2>"$fw/err3.txt" && cmp -s "$json1" "$json2" &&
		ok "a rerun into the same folder replaces the file (exit 0, identical)" ||
		{ fail "rerun into the same folder: $(tail -n 2 "$fw/err3.txt")"; }
fi

# the conformance test, the same source as on Linux
mk fw-test TEST=test_port >"$fw/test_port.txt" 2>&1 && ok "test_port passes on FreeRTOS under QEMU" ||
	{ fail "test_port on FreeRTOS under QEMU"; tail -n 20 "$fw/test_port.txt"; }
done_test
