#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once
# End-to-end smoke test of `bench/kernels.sh --arch arm64 --smoke`: Debian's
# arm64 kernel (apt-get download, never installed) booted on QEMU's virt
# board (Cortex-A53, GICv3, the architected generic timer) under -icount,
# an arm64 busybox-static and the cross-built static aarch64 rtbench inside,
# one short measurement framed back over the PL011 console and ingested.
# The transfer's damage checks are the PC smoke's (e2e/kernels_smoke: the
# same ingest). Checks the board is the one the docs name (from the guest's
# own /proc and /sys, and its fingerprint), and that the result says
# EMULATED. Skips (77) with the reason without qemu-system-arm,
# gcc-aarch64-linux-gnu, cpio, or apt's arm64 lists (tests/install-deps.sh
# adds the architecture). About 10 s once the cross build and the packages
# are cached; the first cross build of a clone adds about 30 s.
. "$(dirname "$0")/lib.bash"
test_out kernels-smoke-arm64
cache=${RTB_KERNEL_CACHE:-/var/tmp/rtbench-kernels}
t0=$(date +%s)
RTB_KERNEL_CACHE=$cache "$root/bench/kernels.sh" --arch arm64 --smoke --timeout 200 -o "$out" >"$out/log" 2>&1
rc=$?
cat "$out/log"
[ $rc -eq 77 ] && { grep -m1 '^SKIP' "$out/log"; exit 77; }
[ $rc -eq 0 ] || fail "bench/kernels.sh --arch arm64 --smoke exited $rc"
echo "note: the whole pipeline took $(( $(date +%s) - t0 ))s"
d=$out/run1/stock
grep -q -- '-M virt,gic-version=3 .*-cpu cortex-a53 -smp 1 -icount shift=3' "$d/qemu.cmd" &&
	ok "booted on virt, GICv3, Cortex-A53, icount" || fail "qemu command: $(cat "$d/qemu.cmd")"
grep -q '^rtbench-guest: clocksource arch_sys_counter, clockevent arch_sys_timer' "$d/console.log" &&
	ok "the guest's clocks are the architected generic timer" || fail "clocks: $(grep -m1 clocksource "$d/console.log")"
grep -q '^rtbench-guest: timer irq: .*GICv3 27 Level arch_timer' "$d/console.log" &&
	ok "its interrupt is PPI 27 on the GICv3" || fail "timer irq: $(grep -m1 'timer irq' "$d/console.log")"
python3 - "$d/stock.idle.json" <<'PY' && ok "result parsed: aarch64, Cortex-A53, emulated, icount 3, 200 samples" || fail "result JSON"
import json, sys
r = json.load(open(sys.argv[1]))
s, e = r["system"], r["system"]["emulation"]
assert e["emulator"] == "qemu-system-aarch64" and e["machine"] == "virt+gicv3+cortex-a53", e
assert e["icount_shift"] == 3 and e["vcpus"] == 1, e
assert s["machine"] == "aarch64" and s["kernel_release"].endswith("-arm64"), s["kernel_release"]
assert "Cortex-A53" in s["cpu_model"] and s["clocksource"] == "arch_sys_counter", s["cpu_model"]
assert r["label"] == "stock" and r["complete"], r["label"]
m = {m["id"]: m for m in r["metrics"]}["irq.timer.nanosleep"]
assert m["status"] == "ok" and m["count"] == 200 and 0 < m["p50"] <= m["max"], m["status"]
PY
grep -q '^EMULATED: instruction-counted virtual time under QEMU (1 instruction = 2^3 ns)' "$d/stock.idle.txt" &&
	ok "the guest's text output says EMULATED" || fail "no EMULATED line in the guest's text output"
# the build under test (the ASan one in CI's second pass) reads the arm64
# guest's console to the same file the script's ingest wrote
mkdir -p "$out/again"
"$RTBENCH" ingest -o "$out/again" "$d/console.log" 2>/dev/null && cmp -s "$out/again/stock.idle.json" "$d/stock.idle.json" &&
	ok "the console ingests to the same file with this build" || fail "re-ingesting the console differs"
done_test
