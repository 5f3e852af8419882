#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# check.sh - `rtbench check`, the CI gate: it passes a rerun against its
# baseline, fails a planted regression (one measurement shifted by 500 ns)
# with one FAIL line per failing figure (the median by compare's round-level
# verdict; p99 alone beyond its round-to-round noise), applies absolute limits and
# --fail-if rules, refuses bad rules with exit 2, and its JUnit XML parses.
# LAVA: the lava-results output is fed through the parsing rules of Linaro
# test-definitions' automated/utils/send-to-lava.sh (its two egrep patterns
# and awk fields, re-stated below; set SEND_TO_LAVA=/path/send-to-lava.sh
# to run the real script instead) into a stub lava-test-case that checks
# its arguments as LAVA's lava-test-case usage states them; the lava
# format's <LAVA_SIGNAL_TESTCASE ...> lines are checked against the form
# lava-test-case itself prints.
. "$(dirname "$0")/lib.bash"
test_out check bin
needs_host

# a rerun passes; a planted regression fails, one line naming it
expect 0 "$RTBENCH" check --baseline "$data/vx.json" "$data/vx_rerun.json"
has "$out/o" "0 failed"
python3 "$data/plant_regression.py" "$data/vx_rerun.json" "$out/planted.json" ipc.mqueue.wakeup 500 ||
	{ echo "FAIL: could not plant"; exit 1; }
expect 1 "$RTBENCH" check --baseline "$data/vx.json" "$out/planted.json"
# one line per failing figure: its median and its p99, nothing else
[ "$(grep -c '^FAIL ipc.mqueue.wakeup: ' "$out/o")" -eq 2 ] && [ "$(grep -c '^FAIL ' "$out/o")" -eq 2 ] ||
	{ fail "want two FAIL lines, both ipc.mqueue.wakeup"; cat "$out/o"; }
has "$out/o" "1 failed"
# the percentage beside two figures is theirs; the rounds' shift is named as such
has "$out/o" "FAIL ipc.mqueue.wakeup: p50 3.184 us vs 2.711 us in the baseline (+17.4%); the rounds' median +17.3%"
has "$out/o" "significant (Welch on round medians"
# the tail alone: p99 shifted beyond its between-round noise, median not
python3 - "$out/planted.json" "$out/tail.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for m in d["metrics"]:
    if m["id"] == "ipc.mqueue.wakeup":
        for r in m["rounds"]:
            r["p50_ns"] -= 500
        m["p50"] -= 500
        m["min"] -= 500
json.dump(d, open(sys.argv[2], "w"))
PY
expect 1 "$RTBENCH" check --baseline "$data/vx.json" "$out/tail.json"
has "$out/o" "FAIL ipc.mqueue.wakeup: p99 3.510 us vs 3.041 us in the baseline (+15.4%); the rounds' p99 +15.4% (> 10%), beyond their p99 noise"
# a rise within the allowance passes
expect 0 "$RTBENCH" check --baseline "$data/vx.json" --max-regress-pct 50 "$out/planted.json"

# absolute limits and expressions
expect 1 "$RTBENCH" check --max-p99-us 10 "$data/rtl.json"
has "$out/o" "FAIL irq.timer.nanosleep: p99 12.298 us > 10.000 us (--max-p99-us 10)"
expect 0 "$RTBENCH" check --max-p99-us 1000 --max-us 1000 --allow-missing "$data/rtl.json"
has "$out/o" "9 passed, 0 failed, 1 skipped"
expect 1 "$RTBENCH" check --fail-if 'ipc.*:mean>2us' "$data/rtl.json"
has "$out/o" "FAIL ipc.mqueue.wakeup: mean 2.609 us > 2.000 us"
expect 0 "$RTBENCH" check --fail-if 'missed>0' --fail-if 'ctxsw.*:p50 >= 1ms' --allow-missing "$data/rtl.json"

# fails closed: each of these once exited 0
# a limit that cannot be evaluated on a measurement (the run skipped it)
expect 1 "$RTBENCH" check --max-us 1000 "$data/rtl.json"
has "$out/o" "FAIL sync.prio_inv.ceiling.request_to_release: max cannot be evaluated for --max-us 1000: skipped"
# a --fail-if GLOB that matches nothing (a typo)
expect 1 "$RTBENCH" check --fail-if 'ipc.mqeue.*:p99>50us' "$data/rtl.json"
has "$out/o" "FAIL --fail-if ipc.mqeue.*:p99>50us: no measurement in $data/rtl.json matches 'ipc.mqeue.*'"
expect 0 "$RTBENCH" check --fail-if 'ipc.mqeue.*:p99>50us' --allow-missing "$data/rtl.json"
# an incomplete run
python3 - "$data/rtl.json" "$out/incomplete.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["complete"] = False
d["progress"] = {"benchmarks_done": 3, "benchmarks_planned": 9, "rounds_done": 1, "rounds_planned": 5, "final": False}
json.dump(d, open(sys.argv[2], "w"))
PY
expect 1 "$RTBENCH" check "$out/incomplete.json"
has "$out/o" "FAIL $out/incomplete.json: incomplete run (3 of 9 benchmarks measured when the file was written)"
expect 0 "$RTBENCH" check --allow-incomplete "$out/incomplete.json"
# a figure the file does not have (rt-tests pmqtest: min/avg/max only)
expect 1 "$RTBENCH" check --max-p99-us 100 "$data/rttests/pmqtest.json"
has "$out/o" "p99 cannot be evaluated for --max-p99-us 100"
# a baseline against which nothing could be judged
expect 1 "$RTBENCH" check --baseline "$data/vx.json" "$data/rttests/pmqtest.json"
has "$out/o" "FAIL $data/vx.json: no measurement of $data/rttests/pmqtest.json could be judged against it"
# a % rule against a zero baseline: a rise from 0 is beyond any allowance
python3 - "$data/vx_rerun.json" "$out/missed.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for m in d["metrics"]:
    if m["id"].startswith("irq."):
        m["missed"] = 7
json.dump(d, open(sys.argv[2], "w"))
PY
expect 1 "$RTBENCH" check --baseline "$data/vx.json" --fail-if 'irq.*:missed>+10%' "$out/missed.json"
has "$out/o" "missed 7 vs 0 in the baseline, a rise from 0 (irq.*:missed>+10%)"
expect 1 "$RTBENCH" check --baseline "$data/vx.json" --fail-if 'p50>+3%' "$out/planted.json"
has "$out/o" "FAIL ipc.mqueue.wakeup: p50"
# a % rule on the max (p99, p99.9) uses compare's between-run noise: the A/A
# pair vx / vx_rerun differs by +71.6% in a max compare calls "noise +-48.1%"
# (it FAILed); a planted shift beyond the noise fails, said so; files with no
# rounds cannot judge it and say that (failing closed)
expect 0 "$RTBENCH" check --baseline "$data/vx.json" --fail-if 'max>+10%' --allow-missing "$data/vx_rerun.json"
has "$out/o" "0 failed"
expect 1 "$RTBENCH" check --baseline "$data/vx.json" --fail-if 'max>+10%' --allow-missing "$out/planted.json"
has "$out/o" "FAIL ipc.mqueue.wakeup: max 3.580 us vs 3.175 us in the baseline (+12.8%); the rounds' max +15.4%, beyond their max noise (+-3.5%), every round above the baseline's (p=0.0079) (max>+10%)"
python3 - "$data/vx.json" "$data/vx_rerun.json" "$out/nr_a.json" "$out/nr_b.json" <<'PY'
import json, sys
for src, dst in ((sys.argv[1], sys.argv[3]), (sys.argv[2], sys.argv[4])):
    d = json.load(open(src))
    for m in d["metrics"]:
        m.pop("rounds", None)
        m["round_spread"] = None
    json.dump(d, open(dst, "w"))
PY
expect 1 "$RTBENCH" check --baseline "$out/nr_a.json" --fail-if 'max>+10%' "$out/nr_b.json"
has "$out/o" "FAIL sync.prio_inv.inherit.blocking: max 153.204 us vs 90.943 us in the baseline, +68.5%, not judged against run-to-run noise: a max's between-run noise needs at least 2 rounds (intervals) a side, this run has 1 and the baseline 1 (max>+10%)"
for bad in 'p98>1' 'p99 ~ 1' 'p99>1parsec' 'mean>'; do
	expect 2 "$RTBENCH" check --fail-if "$bad" "$data/rtl.json"
	has "$out/e" "rtbench check: --fail-if"
done
expect 2 "$RTBENCH" check --fail-if 'p99>5%' "$data/rtl.json"
expect 2 "$RTBENCH" check "$data/rtl.json" "$data/vx.json"
expect 2 "$RTBENCH" check "$data/bad_truncated.json"

# JUnit
expect 1 "$RTBENCH" check --baseline "$data/vx.json" --junit "$out/junit.xml" "$out/planted.json"
python3 - "$out/junit.xml" <<'PY' || fail "the JUnit XML"
import sys, xml.etree.ElementTree as ET
s = ET.parse(sys.argv[1]).getroot().find("testsuite")
cases = s.findall("testcase")
assert int(s.get("tests")) == len(cases) == 10, s.attrib
failed = [c.get("name") for c in cases if c.find("failure") is not None]
assert failed == ["ipc.mqueue.wakeup"], failed
skipped = [c.get("name") for c in cases if c.find("skipped") is not None]
assert skipped == ["sync.prio_inv.ceiling.request_to_release"], skipped
assert s.get("failures") == "1" and s.get("skipped") == "1", s.attrib
PY

# LAVA: result.txt through send-to-lava.sh's rules into a checking lava-test-case
cat >"$out/bin/lava-test-case" <<'STUB'
#!/bin/sh
# usage (LAVA): lava-test-case TEST_CASE_ID --result RESULT [--units UNITS] [--measurement MEASUREMENT]
id=$1; shift
echo "$id" | grep -Eq '^[A-Za-z0-9._-]+$' || { echo "bad id '$id'" >&2; exit 1; }
[ "$1" = --result ] || { echo "no --result" >&2; exit 1; }
case $2 in pass|fail|skip|unknown) ;; *) echo "bad result $2" >&2; exit 1 ;; esac
res=$2; shift 2; meas= units=
while [ $# -gt 0 ]; do
	case $1 in
	--measurement) meas=$2 ;;
	--units) units=$2 ;;
	*) echo "bad arg $1" >&2; exit 1 ;;
	esac
	shift 2
done
[ -z "$meas" ] || echo "$meas" | grep -Eq '^[0-9]+(\.[0-9]+)?$' || { echo "bad measurement $meas" >&2; exit 1; }
echo "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=$id RESULT=$res${meas:+ MEASUREMENT=$meas}${units:+ UNITS=$units}>"
STUB
chmod +x "$out/bin/lava-test-case"
send_to_lava() { # the parsing of automated/utils/send-to-lava.sh, re-stated
	if [ -n "${SEND_TO_LAVA:-}" ]; then sh "$SEND_TO_LAVA" "$1"; return; fi
	while read -r line; do
		if echo "$line" | grep -Eiq ".* +(pass|fail|skip)$"; then
			lava-test-case "$(echo "$line" | awk '{print $1}')" --result "$(echo "$line" | awk '{print $2}')"
		elif echo "$line" | grep -Eiq ".*+ (pass|fail|skip)+ .*+"; then
			lava-test-case "$(echo "$line" | awk '{print $1}')" --result "$(echo "$line" | awk '{print $2}')" \
				--measurement "$(echo "$line" | awk '{print $3}')" --units "$(echo "$line" | awk '{print $4}')"
		else
			echo "UNPARSED: $line"
		fi
	done <"$1"
}
expect 1 "$RTBENCH" check --baseline "$data/vx.json" -f lava-results -o "$out/result.txt" "$out/planted.json"
PATH="$out/bin:$PATH" send_to_lava "$out/result.txt" >"$out/signals" 2>"$out/stub.err"
[ -s "$out/stub.err" ] && { fail "lava-test-case refused:"; cat "$out/stub.err"; }
grep -q UNPARSED "$out/signals" && { fail "send-to-lava.sh would not parse:"; cat "$out/signals"; }
[ "$(grep -c '^<LAVA_SIGNAL_TESTCASE ' "$out/signals")" -eq 10 ] || { fail "want 10 test cases"; cat "$out/signals"; }
has "$out/signals" "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=ipc.mqueue.wakeup RESULT=fail MEASUREMENT=3.510 UNITS=us>"
has "$out/signals" "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=sync.prio_inv.ceiling.request_to_release RESULT=skip>"
# the direct form is what lava-test-case prints, line for line
expect 1 "$RTBENCH" check --baseline "$data/vx.json" -f lava "$out/planted.json"
diff "$out/o" "$out/signals" || fail "-f lava differs from what lava-test-case prints"

[ "$fails" -eq 0 ] && echo "check: ok"
done_test
