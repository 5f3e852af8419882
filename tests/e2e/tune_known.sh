#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtbench tune's known answer (docs/tuning.md): the test-only knob
# test.delay moves a 50 us busy delay from just after the measured window
# into it in every irq.timer.nanosleep sample, so tune must find p50
# higher, by 50 us within its interval (widened by the percentiles' bucket
# width); the A/A knob test.aa changes nothing, so tune must find "no
# effect". Verdicts only, never a latency: short rounds, at alpha 0.01 a
# knob. Also: test knobs exist only with --test-knobs.
. "$(dirname "$0")/lib.bash"
needs_rt
needs_host
needs_cmd python3 python3
python3 -c "import jsonschema" 2>/dev/null || skip "python3-jsonschema not installed"
test_out tune_known
cpu=$(($(nproc) - 1))
"$RTBENCH" tune --knobs test.aa >/dev/null 2>"$out/refused.txt"
rc=$?
[ $rc -eq 2 ] && grep -q "needs --test-knobs" "$out/refused.txt" && ok "a test knob needs --test-knobs (exit 2)" ||
	fail "test knob without --test-knobs: exit $rc: $(cat "$out/refused.txt")"
"$RTBENCH" tune --test-knobs --knobs test.delay,test.aa --tests irq.timer.nanosleep --cpus $cpu \
	--samples 400 --rounds 8 --seed 11 --alpha 0.01 --test-delay-us 50 --json "$out/t.json" \
	>"$out/t.txt" 2>"$out/err.txt"
rc=$?
[ $rc -eq 0 ] && ok "tune exit 0" || fail "tune exit $rc: $(tail -3 "$out/err.txt")"
python3 - "$out/t.json" <<'PY' && ok "test.delay: p50 higher by 50 us within its interval; test.aa: no effect" ||
import json, sys
t = json.load(open(sys.argv[1]))
assert t["schema"] == "rtbench-tune" and t["complete"] is True
k = {x["name"]: x for x in t["knobs"]}
d, aa = k["test.delay"], k["test.aa"]
assert d["verdict"] == "hurts", d["verdict"]
m = d["metrics"][0]
p50 = [e for e in m["effects"] if e["figure"] == "p50"][0]
assert p50["verdict"] == "higher", p50
lo, hi, res = p50["lo"], p50["hi"], p50["resolution_ns"]
assert lo - res <= 50000 <= hi + res, (lo, hi, res, p50["shift"])
print("test.delay p50 %+.1f us [%+.1f, %+.1f] (+-%.1f us resolution)" % (p50["shift"] / 1e3, lo / 1e3, hi / 1e3, res / 1e3))
assert aa["verdict"] == "no_effect", [(e["figure"], e.get("verdict")) for e in aa["metrics"][0]["effects"]]
PY
	fail "known answer or A/A wrong: $(grep -A12 '^test' "$out/t.txt")"
python3 - "$root/docs/rtbench-tune.schema.json" "$out/t.json" <<'PY' && ok "the JSON holds to docs/rtbench-tune.schema.json" ||
import json, sys
import jsonschema
s = json.load(open(sys.argv[1]))
jsonschema.Draft7Validator.check_schema(s)
jsonschema.Draft7Validator(s).validate(json.load(open(sys.argv[2])))
PY
	fail "the JSON does not hold to docs/rtbench-tune.schema.json"
"$RTBENCH" report "$out/t.json" -o "$out/t.html" 2>"$out/report.err" &&
	grep -q '<section class="metric" id="tune"><h2>Measured tuning' "$out/t.html" &&
	grep -q '<h3>test.delay: <span class="worse sig">hurts' "$out/t.html" &&
	grep -q '<h3>test.aa: <span class="">no effect' "$out/t.html" &&
	ok "rtbench report t.json: the tune section with both knobs' verdicts" ||
	fail "report of the tune file: $(cat "$out/report.err")"
grep -q "^test.delay: TEST ONLY" "$out/t.txt" && ok "the text names the test knob as TEST ONLY" ||
	fail "text: no TEST ONLY line"
done_test
