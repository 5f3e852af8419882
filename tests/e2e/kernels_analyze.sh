#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once (bench/kernels.sh builds and runs build/rtbench, not the build under test; no QEMU)
# kernels_analyze.sh - `bench/kernels.sh --analyze` (what `make
# bench-kernels` ends with) on a made-up output folder whose forkexec rtla
# file has its p50 bucket's edge below the exact min (tests/data/rtla/
# p50_below_min.txt: IRQ bucket 4600 ns, min 4649), as a loaded guest's
# was: it exits 0 with that load's comparison and report, the p50 read as
# 4.649 us (raised to the min, said in the note). Before, the reader
# refused the file ("statistics are inconsistent") and kernels.sh exited 1.
# And its builds take the -j of the make that runs it (MAKEFLAGS), not a
# fixed -j2, with the caller's jobserver descriptors dropped; -j1 without
# one; --jobs N over both (a make on PATH that logs its arguments).
. "$(dirname "$0")/lib.bash"
test_out kernels-analyze k/run1/stock k/run1/rt bin
d=$out/k
echo "stock rt" >"$d/kernels.txt"
cp "$data/rtla/p50_below_min.txt" "$d/run1/stock/stock.forkexec.rtla-timerlat.txt"
cp "$data/rtla/rt_guest_idle.txt" "$d/run1/rt/rt.forkexec.rtla-timerlat.txt"
real_make=$(command -v make) || skip "make not installed"
cat >"$out/bin/make" <<SH
#!/bin/sh
echo "make \$* MAKEFLAGS=\${MAKEFLAGS-unset}" >>"$out/make.log"
exec "$real_make" "\$@"
SH
chmod +x "$out/bin/make"

PATH=$out/bin:$PATH MAKEFLAGS=" -j3 --jobserver-auth=98,99" "$root/bench/kernels.sh" --analyze -o "$d" >"$out/log" 2>&1
rc=$?
cat "$out/log"
[ $rc -eq 77 ] && { grep -m1 '^SKIP' "$out/log"; exit 77; }
[ $rc -eq 0 ] && ok "kernels.sh --analyze exited 0" || fail "kernels.sh --analyze exited $rc"
[ -s "$d/run1/compare.forkexec.txt" ] && [ -s "$d/run1/report.forkexec.html" ] && [ ! -s "$d/run1/report.forkexec.err" ] &&
	ok "forkexec: comparison and report" || fail "forkexec: no comparison or report: $(cat "$d/run1/compare.forkexec.txt" "$d/run1/report.forkexec.err" 2>&1 | head -5)"
grep -A8 'timerlat.irq' "$d/run1/compare.forkexec.txt" | grep -qE '^p50 +4\.649 ' &&
	ok "timerlat.irq p50 4.649 us: the bucket's edge 4.6 raised to rtla's min" ||
	fail "timerlat.irq p50 not 4.649: $(grep -A8 'timerlat.irq' "$d/run1/compare.forkexec.txt")"
grep -qE '^stock +forkexec .* 4\.6 ' "$d/run1/summary.txt" && ok "summary.txt has rtla's figures" ||
	fail "summary.txt: $(cat "$d/run1/summary.txt")"
grep -q -- ' -j3 MAKEFLAGS=unset$' "$out/make.log" && ! grep -q -- '-j2' "$out/make.log" &&
	ok "its build took make's -j3 (MAKEFLAGS), without the caller's jobserver" || fail "make calls: $(cat "$out/make.log")"

: >"$out/make.log"
env -u MAKEFLAGS PATH=$out/bin:$PATH "$root/bench/kernels.sh" --analyze -o "$d" >"$out/log1" 2>&1 || fail "again, no make: exited $?"
grep -q -- ' -j1 MAKEFLAGS=unset$' "$out/make.log" && ok "without a make's -j: -j1" || fail "make calls: $(cat "$out/make.log")"
: >"$out/make.log"
PATH=$out/bin:$PATH MAKEFLAGS="-j3" "$root/bench/kernels.sh" --jobs 1 --analyze -o "$d" >"$out/log2" 2>&1 || fail "--jobs 1: exited $?"
grep -q -- ' -j1 MAKEFLAGS=unset$' "$out/make.log" && ok "--jobs 1 over MAKEFLAGS" || fail "make calls: $(cat "$out/make.log")"
done_test
