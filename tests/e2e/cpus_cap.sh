#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once (builds its own small rtbench; every run refused before it measures)
# cpus_cap.sh - the CPU cap of a build (RTB_MAX_CPUS, 256 by default; a
# board lowers it with -D) refuses the right CPU in one line, exit 2,
# nothing written: --cpus naming the first CPU past it, and -S / --cpus
# all on a machine with more CPUs online than the build measures (every
# CPU means every one, never its first RTB_MAX_CPUS silently). The
# machine's online list comes from RTB_CPU_ONLINE_FILE, so a 300- or
# 128-CPU machine is told here. A build with -DRTB_MAX_CPUS=64 shows the
# same at 64 (its metric table follows it: RTB_MAX_METRICS,
# rtbench/result.h, the formula test_caps checks).
. "$(dirname "$0")/lib.bash"
test_out cpus-cap
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$root" --no-print-directory "$@"; }

# the build under test: 256
printf '0-299\n' >"$out/online300"
bad_input "above 255" run --cpus 256 -D 1s --tests irq.timer.nanosleep
RTB_CPU_ONLINE_FILE=$out/online300 bad_input "44 online CPU(s) from CPU 256 up are past the 256" \
	run -S -D 1s --tests irq.timer.nanosleep
RTB_CPU_ONLINE_FILE=$out/online300 bad_input "44 online CPU(s) from CPU 256 up are past the 256" \
	run --cpus all -D 1s --tests irq.timer.nanosleep

# a board's small build: 64 CPUs
mk -j2 HOST=0 BUILD="$out/small" CPPFLAGS="-DRTB_MAX_CPUS=64" "$out/small/rtbench" >"$out/build.log" 2>&1 ||
	{ tail -20 "$out/build.log"; fail "make -DRTB_MAX_CPUS=64 exited $?"; done_test; }
ok "built with -DRTB_MAX_CPUS=64"
RTBENCH=$out/small/rtbench
printf '0-127\n' >"$out/online128"
bad_input "above 63" run --cpus 64 -D 1s --tests irq.timer.nanosleep
bad_input "above 63" run --cpus 0-1,64-65 -D 1s --tests irq.timer.nanosleep
RTB_CPU_ONLINE_FILE=$out/online128 bad_input "64 online CPU(s) from CPU 64 up are past the 64" \
	run -S -D 1s --tests irq.timer.nanosleep
RTB_CPU_ONLINE_FILE=$out/online128 bad_input "--cpus 0-63" run -S -D 1s --tests irq.timer.nanosleep
done_test
