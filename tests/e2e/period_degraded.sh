#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# An impossible timer period (--period-us 1: shorter than the path itself)
# must not be reported as a clean measurement: the run says DEGRADED, names
# the measurement and the period, in the text and the JSON. (It
# used to read "ok" with hundreds of thousands of missed periods.) A sane
# period gives no such warning.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out period
"$RTBENCH" run --period-us 1 --samples 500 --quiet --tests irq.timer.nanosleep \
	--json "$out/p1.json" >"$out/p1.txt"
rc=$?
[ $rc -eq 0 ] || fail "run at 1 us exited $rc"
grep -q "^WARNING: DEGRADED: irq.timer.nanosleep missed more periods than it measured at 1 us" "$out/p1.txt" &&
	ok "text warns at 1 us" || fail "no DEGRADED line for the 1 us period"
"$RTBENCH" run --period-us 1000 --samples 100 --quiet --tests irq.timer.nanosleep \
	--json "$out/p1000.json" >"$out/p1000.txt"
[ $? -eq 0 ] || fail "run at 1000 us failed"
python3 - "$out/p1.json" "$out/p1000.json" <<'PY' || fail "JSON checks"
import json, sys
bad = json.load(open(sys.argv[1]))
good = json.load(open(sys.argv[2]))
assert bad["degraded"] is True
assert any(w.startswith("DEGRADED: irq.timer.nanosleep missed") for w in bad["warnings"]), bad["warnings"]
m = {x["id"]: x for x in bad["metrics"]}["irq.timer.nanosleep"]
assert m["missed"] > m["count"], (m["missed"], m["count"])
assert not any("missed more periods" in w for w in good["warnings"]), good["warnings"]
print("ok")
PY
done_test
