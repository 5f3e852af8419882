# SPDX-License-Identifier: Apache-2.0
# tests/e2e/lib.bash - shared helpers for the end-to-end tests (sourced).
# RTBENCH (the binary) and RTB_TEST_OUT (a scratch folder) come from tests/run.sh.
set -u
: "${RTBENCH:?run through tests/run.sh}"
: "${RTB_TEST_OUT:=$(mktemp -d)}"
fails=0

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
done_test() { [ "$fails" -eq 0 ] && exit 0; echo "$fails check(s) failed" >&2; exit 1; }

# needs_rt - skip the test where SCHED_FIFO is not allowed
needs_rt() {
	if ! chrt -f 1 true 2>/dev/null; then
		echo "SKIP: no permission for SCHED_FIFO"
		exit 77
	fi
}

# needs_freertos_kernel - set `kernel` to the FreeRTOS-Kernel tree the build
# uses: FREERTOS_KERNEL_PATH, else ../FreeRTOS-Kernel beside the checkout
# (src/port/freertos/build.mk; the test runs from the checkout). No tree at
# the default place: NOT RUN (exit 78, tests/run.sh); a tree the user named
# that is not one fails. Call it after the package checks (a missing package
# is a SKIP, never hidden behind NOT RUN).
needs_freertos_kernel() {
	kernel=${FREERTOS_KERNEL_PATH:-../FreeRTOS-Kernel}
	[ -f "$kernel/tasks.c" ] && [ -f "$kernel/include/task.h" ] && return 0
	if [ -n "${FREERTOS_KERNEL_PATH:-}" ]; then
		echo "FAIL: FREERTOS_KERNEL_PATH=$FREERTOS_KERNEL_PATH is not a FreeRTOS-Kernel tree (no tasks.c, include/task.h)" >&2
		exit 1
	fi
	echo "NOT RUN: needs FreeRTOS-Kernel (FREERTOS_KERNEL_PATH): none at $kernel; get one with" \
		"'git clone --branch V11.1.0 --depth 1 https://github.com/FreeRTOS/FreeRTOS-Kernel.git ../FreeRTOS-Kernel'"
	exit 78
}
