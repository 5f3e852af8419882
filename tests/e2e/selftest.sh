#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: once (its verdicts are about timing, which the instrumented build distorts; tests/unit/test_selftest_judge checks the judging code under ASan)
# rtbench selftest: a known delay injected inside every measured path shows
# up in that figure's median (the tool's own known-answer check). Checks
# the table, not only the exit code: every covered path has a verdict line
# for every delay, each path of Table 2 is checked (not only inherit's
# blocking), the uncovered ones are listed as such, every checked path says
# the smallest delay it resolves here, and the exit status agrees with the
# summary line.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out selftest
"$RTBENCH" selftest --samples 1000 --delays-us 5,20 --quiet >"$out/o.txt" 2>"$out/e.txt"
rc=$?
cat "$out/o.txt"
# The one check here whose point is a quiet machine: a known delay must
# move the figure by that delay, and on a machine kept busy (stress-ng at
# nice 19 beside it: the cross-CPU wake-ups moved 3.2-3.9 us for 5 us)
# rtbench rightly says not to trust the figures. A machine named busy
# (RTB_MACHINE_BUSY=1) skips that verdict with the reason; make check
# still fails a skip unless the machine is named so (tests/run.sh).
if [ $rc -ne 0 ] && [ "${RTB_MACHINE_BUSY:-0}" = 1 ] && grep -qE "^[0-9]+ paths: " "$out/o.txt"; then
	echo "SKIP: busy machine (RTB_MACHINE_BUSY=1): selftest's known-answer verdicts need a quiet one: $(grep -E '^[0-9]+ paths: ' "$out/o.txt")"
	exit 77
fi
# The paths whose figure crosses the VM's timer (irq.timer.signal and
# .nanosleep: the host's hrtimer and the vCPU's wake) or a second vCPU
# (*.xcpu: the host's IPI) may FAIL on a quiet VM too: in CI at 84cc8b3
# nanosleep moved 7.2 us for 5 (tolerance 1.8), the xcpu paths 6.4 for 5
# earlier (the official CI at 3e2839b: 5.9 for 20, beside the side lane;
# since then every wake-up path's baseline sample waits the delay outside
# its window, so both halves wait alike: src/bench/wake.c; the timer paths
# spin it after their stamp: src/bench/irq.c). selftest then rightly exits 1 and says not to trust those
# figures; the test asks that the delay shows up there (20 us moves the
# figure by 10-40 us) and that every other path passes every delay.
python3 - "$out/o.txt" <<'PY' && ok "every path off the VM's timer and IPI passes; on them the 20 us delay shows up" || fail "selftest verdicts (exit $rc)"
import re, sys
path = None
bad = []
for line in open(sys.argv[1]):
    m = re.match(r"^(\S+)?\s+(\d+\.\d+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.]+)\s+(pass|FAIL|unresolved)\s*$", line)
    if not m:
        continue
    path = m.group(1) or path
    want, shift, verdict = float(m.group(2)), float(m.group(5)), m.group(7)
    platform = re.match(r"^irq\.timer\.(signal|nanosleep)$", path) or path.endswith(".xcpu")
    if platform:
        if want >= 20 and not (want / 2 <= shift <= want * 2):
            bad.append((path, want, shift, verdict))
        if verdict != "pass":
            print("platform path:", path, want, shift, verdict)
    elif verdict != "pass":
        bad.append((path, want, shift, verdict))
assert path is not None, "no verdict rows"
assert not bad, bad
PY
for p in ctxsw.rr.yield irq.timer.signal irq.timer.nanosleep irq.timer.isr_to_task sync.sem.take.uncontended \
	ipc.mqueue.wakeup sync.prio_inv.none.blocking sync.prio_inv.inherit.blocking \
	sync.prio_inv.ceiling.blocking sync.prio_inv.none.request_to_release \
	sync.prio_inv.inherit.request_to_release; do
	grep -qE "^$p +5\.000 .*(pass|FAIL|unresolved)" "$out/o.txt" && ok "$p checked" ||
		fail "$p has no verdict for the 5 us delay"
done
# every checked path says what it resolves here; Table 2's at their 10th
# percentile (their medians sit on the edge of the
# machine's interruptions)
n_paths=$(grep -cE "^[a-z_.]+ +5\.000 " "$out/o.txt")
n_res=$(grep -cE "^ +\(p[0-9.]+ of each half\) resolves >= [0-9.]+ us here$" "$out/o.txt")
[ "$n_res" -eq "$n_paths" ] && ok "$n_res paths say what they resolve here" ||
	fail "$n_paths paths checked, $n_res say what they resolve"
[ "$(grep -cE "^ +\(p10 of each half\) resolves" "$out/o.txt")" -eq 5 ] &&
	ok "the five Table 2 paths compared at p10" || fail "Table 2's paths not compared at p10"
grep -qE "^ctxsw.rr.timeslice .*NOT COVERED" "$out/o.txt" && ok "time-slice switch listed as not covered" ||
	fail "ctxsw.rr.timeslice not listed as not covered"
grep -q "^not covered by any check" "$out/o.txt" && ok "uncovered paths listed" || fail "no list of uncovered paths"
# the exit status and the summary say the same thing
if grep -q "every covered path responds" "$out/o.txt"; then
	[ $rc -eq 0 ] && ok "summary and exit 0 agree" || fail "says every path responds but exits $rc"
	grep -qE "^[0-9]+ paths: [0-9]+ pass, 0 FAIL, 0 unresolved" "$out/o.txt" || fail "summary counts"
else
	[ $rc -ne 0 ] && ok "summary and exit $rc agree" || fail "exit 0 without 'every covered path responds'"
fi
done_test
