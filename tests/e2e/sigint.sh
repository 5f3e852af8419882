#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Ctrl-C in the middle of the time-slice test (which shortens the RR quantum):
# exit 130, the quantum restored, and the samples taken so far written,
# marked partial and incomplete.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out sigint
needs_rr_knob
"$RTBENCH" run --tests ctxsw.rr.timeslice --samples 1000000 --rr-slice-ms 1 \
	--json "$out/r.json" >"$out/r.txt" 2>"$out/err.txt" &
pid=$!
# wait until the time-slice test has shortened the quantum: our run holds
# the settings lock (other runs of the suite may hold it first) and has
# recorded the original value
wait_knob_recorded $pid 2000
read -r _ _ _ before set < <(grep '^knob 0 ' "$dir/state")
before=${before:-$(cat $knob)}
during=$(cat $knob)
sleep 0.5
kill -INT $pid
wait $pid
rc=$?
after=$(cat $knob)
[ $rc -eq 130 ] && ok "exit 130" || fail "exit $rc after SIGINT"
# (set = what the run wrote, as the kernel reads it back; a run built
# before the settings lock may have left the quantum at that value already)
[ -n "${set:-}" ] && [ "$during" = "$set" ] && ok "quantum was changed during the run ($before -> $during)" ||
	fail "quantum never changed"
[ "$after" = "$before" ] && ok "quantum restored ($after)" || fail "quantum not restored: $before -> $after"
grep -q "stopped early" "$out/r.txt" && ok "text says stopped early" || fail "text does not say stopped early"
python3 - "$out/r.json" <<'PY' || fail "partial JSON"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False
m = {x["id"]: x for x in r["metrics"]}
t = m["ctxsw.rr.timeslice"]
assert t["status"] == "partial" and t["count"] > 0, (t["status"], t["count"])
assert t["max"] >= t["p50"] >= t["min"] > 0
print("partial results kept:", t["count"])
PY
done_test
