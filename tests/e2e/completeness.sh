#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# "complete": true only in the file written at the very end of a whole run
# (a partial file must never pass for a whole run). The file written
# after each round of a run that is then SIGKILLed says false and how far
# the run got (before: true).
# compare shows such a file plainly as incomplete.
. "$(dirname "$0")/lib.bash"
test_out completeness
tests=sync.sem.take.uncontended,ipc.pipe.roundtrip
"$RTBENCH" run --tests $tests --samples 400000 --rounds 4 --quiet --idle-latency-us -1 \
	--json "$out/k.json" >/dev/null 2>&1 &
pid=$!
for i in $(seq 600); do [ -s "$out/k.json" ] && break; sleep 0.05; done
kill -KILL $pid
wait $pid 2>/dev/null
[ -s "$out/k.json" ] && ok "an intermediate file was written" || fail "no intermediate file"
python3 - "$out/k.json" <<'PY' || fail "intermediate file"
import json, sys
r = json.load(open(sys.argv[1]))
p = r["progress"]
assert r["complete"] is False, r["complete"]
assert p["final"] is False
assert 0 < p["rounds_done"] < p["rounds_planned"] == 8, p
assert p["benchmarks_planned"] == 2 and p["benchmarks_done"] < 2, p
print("intermediate: complete false,", p)
PY
"$RTBENCH" run --tests $tests --samples 200 --rounds 2 --quiet --idle-latency-us -1 \
	--json "$out/full.json" >/dev/null 2>&1 || fail "full run failed"
python3 - "$out/full.json" <<'PY' || fail "final file"
import json, sys
r = json.load(open(sys.argv[1]))
p = r["progress"]
assert r["complete"] is True and p["final"] is True
assert p["benchmarks_done"] == p["benchmarks_planned"] == 2 and p["rounds_done"] == p["rounds_planned"] == 4, p
print("final: complete true,", p)
PY
if "$RTBENCH" compare --help >/dev/null 2>&1; then
	"$RTBENCH" compare "$out/full.json" "$out/k.json" >"$out/cmp.txt" 2>&1
	grep -q "INCOMPLETE" "$out/cmp.txt" && grep -q "of 2 benchmarks" "$out/cmp.txt" &&
		ok "compare says it plainly: $(grep -m1 INCOMPLETE "$out/cmp.txt")" || fail "compare does not flag the incomplete file"
fi
done_test
