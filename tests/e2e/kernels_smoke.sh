#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once late (its own builds, a package or a QEMU guest; `make check` runs it in the sanitizer pass, whose side lane is short: tests/run.sh)
# End-to-end smoke test of `make bench-kernels` (bench/kernels.sh --smoke):
# one Debian kernel (fetched with apt-get download into a cache, never
# installed), booted under QEMU with -icount and one vCPU, one short
# measurement inside, the result framed back over the serial console and
# ingested: boot -> run -> transfer -> parse. Then the captured console,
# truncated or with one character changed, must be refused by ingest.
# Skips (77) with the reason when QEMU, busybox-static, cpio or the kernel
# image cannot be had. About a minute; bounded at 200 s.
. "$(dirname "$0")/lib.bash"
test_out kernels-smoke
# the kernel .deb is cached outside the tree, so a fresh clone on the same
# machine does not download it again
cache=${RTB_KERNEL_CACHE:-/var/tmp/rtbench-kernels}
t0=$(date +%s)
RTB_KERNEL_CACHE=$cache "$root/bench/kernels.sh" --smoke --timeout 200 -o "$out" >"$out/log" 2>&1
rc=$?
cat "$out/log"
[ $rc -eq 77 ] && { grep -m1 '^SKIP' "$out/log"; exit 77; }
[ $rc -eq 0 ] || fail "bench/kernels.sh --smoke exited $rc"
dt=$(( $(date +%s) - t0 ))
[ $dt -lt 120 ] && ok "whole pipeline in ${dt}s" || echo "note: the pipeline took ${dt}s (over 2 minutes: a loaded machine?)"
d=$out/run1/stock
grep -q '^RTBF1 BEGIN stock.idle.json' "$d/console.log" && ok "result framed on the console" ||
	fail "no RTBF1 frame on the console"
python3 - "$d/stock.idle.json" <<'PY' && ok "result parsed: emulated, icount 3, 200 samples" || fail "result JSON"
import json, sys
r = json.load(open(sys.argv[1]))
e = r["system"]["emulation"]
assert e["emulator"] == "qemu-system-x86_64" and e["icount_shift"] == 3 and e["vcpus"] == 1, e
assert r["label"] == "stock" and r["complete"], r["label"]
m = {m["id"]: m for m in r["metrics"]}["irq.timer.nanosleep"]
assert m["status"] == "ok" and m["count"] == 200 and 0 < m["p50"] <= m["max"], m["status"]
PY
grep -q '^EMULATED: instruction-counted virtual time under QEMU (1 instruction = 2^3 ns)' "$d/stock.idle.txt" &&
	ok "the guest's text output says EMULATED" || fail "no EMULATED line in the guest's text output"
"$RTBENCH" report -o "$out/r.html" "$d/stock.idle.json" 2>/dev/null && ok "report reads it" || fail "report refused the ingested result"

# a damaged transfer is detected
mkdir -p "$out/again"
n=$(grep -c '^RTBF1 D ' "$d/console.log")
awk -v cut=$((n / 2)) '/^RTBF1 D / && ++k > cut { exit } { print }' "$d/console.log" >"$out/truncated.log"
err=$("$RTBENCH" ingest -o "$out/again" "$out/truncated.log" 2>&1); rc=$?
[ $rc -eq 2 ] && case $err in *"stock.idle.json: truncated"*) true ;; *) false ;; esac &&
	ok "truncated transfer refused: $err" || fail "truncated transfer: exit $rc: $err"
awk -v at=$((n / 2)) '/^RTBF1 D / && ++k == at { c = substr($4, 5, 1); $4 = substr($4, 1, 4) (c == "A" ? "B" : "A") substr($4, 6) } { print }' \
	"$d/console.log" >"$out/corrupt.log"
err=$("$RTBENCH" ingest -o "$out/again" "$out/corrupt.log" 2>&1); rc=$?
[ $rc -eq 2 ] && case $err in *"CRC mismatch"*) true ;; *) false ;; esac &&
	ok "corrupted transfer refused: $err" || fail "corrupted transfer: exit $rc: $err"
"$RTBENCH" ingest -o "$out/again" "$d/console.log" 2>/dev/null && cmp -s "$out/again/stock.idle.json" "$d/stock.idle.json" &&
	ok "the intact console ingests to the same file" || fail "re-ingesting the intact console differs"
done_test
