#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: once
# FreeRTOS on its POSIX simulator (portable/ThirdParty/GCC/Posix, plain gcc,
# ASan + UBSan): the port conformance test (tests/unit/test_port.c, the same
# source Linux and the QEMU board run) passes with no sanitizer report, and
# a short run of the firmware entry ends cleanly and marks its figures as
# the simulator's, not FreeRTOS's. Fast: the functional check of the port.
# NOT RUN without a FreeRTOS-Kernel tree (FREERTOS_KERNEL_PATH, lib.bash).
. "$(dirname "$0")/lib.bash"
cd "$root"
printf 'int main(void){return 0;}\n' | gcc -fsanitize=address,undefined -x c -o "$RTB_TEST_OUT/asan-probe" - 2>/dev/null ||
	{ skip "gcc cannot build with -fsanitize=address,undefined here"; }
needs_freertos_kernel

fw=$RTB_TEST_OUT/freertos-sim
# V11.0.x, V11.1.0: refused in one line (build.mk says why), nothing else to run
minor=$(sed -n 's/^#define tskKERNEL_VERSION_MINOR[[:space:]]*\([0-9]*\).*/\1/p' "$kernel/include/task.h")
if [ "$minor" = 0 ] || [ "$minor" = 1 ]; then
	out=$(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make PORT=freertos BOARD=sim FREERTOS_KERNEL_PATH="$kernel" \
		FW_BUILD="$fw" 2>&1); rc=$?
	[ $rc = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && grep -q "BOARD=sim needs FreeRTOS-Kernel V11.2.0 or later" <<<"$out" &&
		ok "V11.$minor: BOARD=sim refused in one line: $out" || fail "V11.$minor: BOARD=sim not refused in one line: exit $rc: $out"
	done_test
fi
mk() { make -s -j2 PORT=freertos BOARD=sim FREERTOS_KERNEL_PATH="$kernel" FW_BUILD="$fw" \
	RTB_SAMPLES=100 RTB_TESTS=ctxsw.rr.yield,sync.prio_inv,sync.sem.take,ipc.mqueue.wakeup "$@"; }
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

mk fw-test TEST=test_port >"$fw.test_port.txt" 2>&1
rc=$?
[ $rc = 0 ] && ok "test_port passes on the FreeRTOS simulator" || { fail "test_port on the simulator: exit $rc"; tail -n 20 "$fw.test_port.txt"; }
grep -q "runtime error\|AddressSanitizer" "$fw.test_port.txt" && fail "sanitizer report in test_port" || ok "test_port: no sanitizer report"

mk >"$fw.build.txt" 2>&1 || { cat "$fw.build.txt"; fail "simulator build"; done_test; }
timeout 120 "$fw/rtbench.elf" >"$fw.run.txt" 2>&1
rc=$?
grep -q "runtime error\|AddressSanitizer" "$fw.run.txt" && fail "sanitizer report in the run" || ok "run: no sanitizer report"
grep -q "^Table 1" "$fw.run.txt" && grep -q "^Table 5" "$fw.run.txt" && ok "run prints the tables" || fail "no tables"
grep -q "NOT FreeRTOS figures" "$fw.run.txt" && ok "figures marked as the simulator's" || fail "simulator figures not marked"
[ $rc = 0 ] || [ $rc = 1 ] && ok "run ended (exit $rc)" || fail "run: exit $rc"
done_test
