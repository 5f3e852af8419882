#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once
# `selftest` on the emulated board (QEMU mps2-an500, -icount shift=5): a
# known delay of K instructions, injected in every other sample, must move
# each injectable median by K instructions' worth of virtual time. Under
# icount the delay is exact: the delays of 1000 and 2000 instructions shift
# each median by amounts that differ by 1000 x 32 ns = 32.000 us (each
# shift also carries the delay loop's own fixed set-up, a few instructions,
# the same for every K), read on the board's 40 ns counter. Each sample is
# the difference of two stamps, so it is off by less than one tick; so is
# the median of a half; a shift is two medians (two ticks), the difference
# of two shifts four: 32.000 us +- 0.160 us (5 instructions), which way
# depending on the code's phase against the tick grid (ctxsw.rr.yield came
# out 32.080 on V11.0.0, 32.160 on V11.2.0, 32.000 on V11.3.0: one
# tick-quantised median each time; the same binary repeats bit for bit).
# And the selftest's own verdict is pass. Skips without the ARM toolchain or QEMU;
# NOT RUN without a FreeRTOS-Kernel tree (FREERTOS_KERNEL_PATH, lib.bash).
. "$(dirname "$0")/lib.bash"
needs_fw_qemu
needs_freertos_kernel

# the same build folder as e2e/freertos_qemu: only the firmware entry differs
fw=$RTB_TEST_OUT/freertos-qemu
mkdir -p "$RTB_TEST_OUT"
make -s -j2 PORT=freertos BOARD=mps2-an500 FREERTOS_KERNEL_PATH="$kernel" FW_BUILD="$fw" \
	RTB_SELFTEST=1 RTB_SAMPLES=200 RTB_TESTS=ctxsw.rr.yield,sync.sem.take,ipc.mqueue.wakeup \
	RUN_TIMEOUT=200 run >"$fw.selftest.txt" 2>&1
rc=$?
[ $rc = 0 ] && ok "selftest on the board: exit 0" || { fail "selftest exit $rc"; tail -n 20 "$fw.selftest.txt"; }
# rows: "<id>  32.000  base  inj  shift  tol  pass" then "  64.000 ... shift ..."
if python3 - "$fw.selftest.txt" <<'PY'; then
import re, sys
rows, cur = {}, None
for line in open(sys.argv[1]):
    m = re.match(r'^(\S+)?\s+(32|64)\.000\s+[\d.]+\s+[\d.]+\s+(-?[\d.]+)\s+[\d.]+\s+(\S+)', line)
    if not m:
        continue
    cur = m.group(1) or cur
    rows.setdefault(cur, {})[m.group(2)] = (float(m.group(3)), m.group(4))
assert len(rows) == 3, rows
for mid, r in rows.items():
    d = round(r['64'][0] - r['32'][0], 3)
    print(f"{mid}: shift {r['32'][0]:.3f} us for 1000 instructions, {r['64'][0]:.3f} us for 2000: difference {d:.3f} us")
    assert abs(d - 32.0) <= 4 * 0.040 + 1e-9, f"{mid}: 1000 more instructions moved the median by {d} us, not 32.000 +- four 40 ns ticks"
    assert r['32'][1] == 'pass' and r['64'][1] == 'pass', r
PY
	ok "each median moves by 1000 instructions (32.000 us, to four 40 ns counter ticks) between K=1000 and K=2000"
else
	fail "shifts not exact"
fi
done_test
