#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once
# The FreeRTOS port keeps compiling without a kernel: `make PORT=freertos
# BOARD=<board> api-check` for both boards (sim with the host gcc,
# mps2-an500 with arm-none-eabi-gcc) compiles every file of the firmware and
# of the test firmware with the firmware's flags (-Werror) and links them.
# Without a FreeRTOS-Kernel tree it compiles against tests/freertos-api/ -
# NOT FreeRTOS: declarations of just the API the port calls - and leaves no
# linked file behind (nothing built that way can run); with a tree
# (FREERTOS_KERNEL_PATH or ../FreeRTOS-Kernel) against the real kernel.
# Also: a port.h function whose signature the port does not follow fails
# the check (a copy of the tree with one prototype changed).
. "$(dirname "$0")/lib.bash"
cd "$root"
mkdir -p "$RTB_TEST_OUT"
command -v arm-none-eabi-gcc >/dev/null ||
	{ skip "arm-none-eabi-gcc not installed (Debian: gcc-arm-none-eabi libnewlib-arm-none-eabi)"; }
kernel=${FREERTOS_KERNEL_PATH:-../FreeRTOS-Kernel}
[ -f "$kernel/tasks.c" ] && with="the FreeRTOS-Kernel at $kernel" || with="tests/freertos-api"

for b in sim mps2-an500; do
	out=$RTB_TEST_OUT/api-$b
	if make -s -j2 PORT=freertos BOARD=$b FW_BUILD="$out" api-check >"$out.log" 2>&1; then
		grep -q "^api-check: BOARD=$b: the port compiles and links against $with" "$out.log" &&
			ok "$b: compiles and links against $with" || fail "$b: no api-check line for $with: $(tail -n 3 "$out.log")"
	else
		fail "$b: api-check failed:"; tail -n 20 "$out.log" >&2
	fi
	if [ "$with" = tests/freertos-api ]; then
		left=$(find "$out" -name '*.elf' -o -name '*.tmp' | head -3)
		[ -z "$left" ] && ok "$b: no linked file left (nothing built against the declarations can run)" ||
			fail "$b: linked files left: $left"
	fi
done

# with a kernel: api-check also checks our FreeRTOSConfig.h against that
# release's own headers and sources (tests/freertos-api/config-check.sh);
# a copy of it with a setting no release has must fail that check, and on
# a release before V11.2.0 one without configTIMER_TASK_STACK_DEPTH must
# be named as used by tasks.c (the build's 'undeclared' before)
if [ "$with" != tests/freertos-api ]; then
	grep -q "^config-check: FreeRTOS-Kernel V[0-9.]*: the [0-9]* settings of FreeRTOSConfig.h are its own" \
		"$RTB_TEST_OUT/api-mps2-an500.log" && ok "config-check: $(grep '^config-check: FreeRTOS-Kernel' "$RTB_TEST_OUT/api-mps2-an500.log")" ||
		fail "api-check did not check FreeRTOSConfig.h against the kernel's headers"
	cc=$RTB_TEST_OUT/api-cfg
	rm -rf "$cc" && mkdir -p "$cc"
	fl=(-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard -Iinclude -Isrc -I"$cc" -Isrc/port/freertos
	    -Isrc/port/freertos/board/mps2-an500 -include sys/types.h -I"$kernel/include" -I"$kernel/portable/GCC/ARM_CM4F")
	sed 's/^#define configUSE_MUTEXES .*/&\n#define configUSE_NO_SUCH_SETTING 1/' src/port/freertos/FreeRTOSConfig.h >"$cc/FreeRTOSConfig.h"
	out=$(tests/freertos-api/config-check.sh "$kernel" "$cc/FreeRTOSConfig.h" arm-none-eabi-gcc -- "${fl[@]}" -- tasks.c queue.c)
	[ $? = 1 ] && grep -q "configUSE_NO_SUCH_SETTING (FreeRTOSConfig.h:[0-9]*): not in FreeRTOS-Kernel" <<<"$out" &&
		ok "config-check: a setting the release does not know fails it" || fail "config-check passed an unknown setting: $out"
	minor=$(sed -n 's/^#define tskKERNEL_VERSION_MINOR[[:space:]]*\([0-9]*\).*/\1/p' "$kernel/include/task.h")
	if [ "${minor:-9}" -lt 2 ]; then
		grep -v '^#define configTIMER_TASK_STACK_DEPTH' src/port/freertos/FreeRTOSConfig.h >"$cc/FreeRTOSConfig.h"
		out=$(tests/freertos-api/config-check.sh "$kernel" "$cc/FreeRTOSConfig.h" arm-none-eabi-gcc -- "${fl[@]}" -- tasks.c)
		[ $? = 1 ] && grep -q "configTIMER_TASK_STACK_DEPTH: used by tasks.c" <<<"$out" &&
			ok "config-check: names the setting this release's tasks.c needs (configTIMER_TASK_STACK_DEPTH)" ||
			fail "config-check missed configTIMER_TASK_STACK_DEPTH: $out"
	fi
fi

# the seam: rtb_port_date_utc's length becomes an int in a copy of
# port.h (the callers still compile); the FreeRTOS port, not following,
# must fail to compile on both boards
t=$RTB_TEST_OUT/api-seam
rm -rf "$t" && mkdir -p "$t/tests"
cp -r Makefile include src "$t/" && cp -r tests/freertos-api "$t/tests/"
sed -i 's/^int rtb_port_date_utc(char \*buf, size_t len);/int rtb_port_date_utc(char *buf, int len);/' "$t/include/rtbench/port.h"
if ! grep -q 'rtb_port_date_utc(char \*buf, int len)' "$t/include/rtbench/port.h"; then
	fail "port.h has no 'int rtb_port_date_utc(char *buf, size_t len);' to change (update this test)"
else
	for b in sim mps2-an500; do
		if make -s -C "$t" PORT=freertos BOARD=$b FR_API_STUB=1 FW_BUILD=b-$b \
			b-$b/src/port/freertos/sys.o >"$t.$b.log" 2>&1; then
			fail "$b: a changed port.h signature passed the check"
		elif grep -q "conflicting types for .rtb_port_date_utc" "$t.$b.log"; then
			ok "$b: a port.h signature the port does not follow fails the check (conflicting types)"
		else
			fail "$b: the seam change failed for another reason:"; tail -n 10 "$t.$b.log" >&2
		fi
	done
fi
rm -rf "$t"

# no usable kernel: `make PORT=freertos ... run` stops at once, one line,
# exit 2, saying what to get (a tree that is not one; a V10 tree; and, where
# there is none at the default place, no tree at all)
f=$RTB_TEST_OUT/api-fake
rm -rf "$f" && mkdir -p "$f/none" "$f/v10/include"
touch "$f/v10/tasks.c" && echo '#define tskKERNEL_VERSION_MAJOR 10' >"$f/v10/include/task.h"
one_line() {   # WHAT WANT MAKE-ARGS...
	local what=$1 want=$2; shift 2
	local out rc
	# as a user runs it: not a sub-make (that adds "Entering directory" lines)
	out=$(env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make PORT=freertos BOARD=mps2-an500 "$@" run 2>&1); rc=$?
	if [ $rc = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && grep -q "$want" <<<"$out" &&
		grep -q "git clone --branch V11" <<<"$out"; then
		ok "$what: one line, exit 2: $out"
	else
		fail "$what: exit $rc, output: $out"
	fi
}
one_line "not a kernel tree" "FREERTOS_KERNEL_PATH=$f/none is not a FreeRTOS-Kernel tree" FREERTOS_KERNEL_PATH="$f/none"
one_line "a V10 tree" "is V10; the port needs V11" FREERTOS_KERNEL_PATH="$f/v10"
if [ -z "${FREERTOS_KERNEL_PATH:-}" ] && [ ! -e ../FreeRTOS-Kernel ]; then
	one_line "no tree" "no FreeRTOS kernel at ../FreeRTOS-Kernel"
fi
rm -rf "$f"
done_test
