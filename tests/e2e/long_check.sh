#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# check --baseline on long runs: the intervals are the rounds of
# the verdict, so two 10-interval runs are judged; a run of ONE interval has
# no between-interval spread, compare calls it untested and says why, and the
# gate fails closed on it (a gate never passes what it could not judge), with
# --allow-missing too (nothing judged is still not a pass). Host-side only:
# tests/data/long64.json (sparse histograms, schema 2) and a copy of it
# collapsed to one interval.
. "$(dirname "$0")/lib.bash"
needs_host
test_out long_check
ten=$data/long64.json
python3 - "$ten" "$out/one.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for m in d["metrics"]:
    iv = m["intervals"]
    m["intervals"] = [{"start_ns": iv[0]["start_ns"], "end_ns": iv[-1]["end_ns"], "count": m["count"],
                       "p50_ns": m["p50"], "p99_ns": m["p99"], "max_ns": m["max"]}]
    m["rounds"] = [{"count": m["count"], "p50_ns": m["p50"], "p99_ns": m["p99"], "mean_ns": m["mean"],
                    "max_ns": m["max"]}]
json.dump(d, open(sys.argv[2], "w"))
PY

"$RTBENCH" check "$ten" --baseline "$ten" --fail-if 'irq.timer.nanosleep@cpu*:count<1' >"$out/ten.txt" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "10 intervals against 10: judged, passes" || fail "10 vs 10: exit $rc: $(tail -3 "$out/ten.txt")"

for base in "$ten" "$out/one.json"; do
	"$RTBENCH" check "$out/one.json" --baseline "$base" >"$out/one.txt" 2>&1
	rc=$?
	[ $rc -eq 1 ] && ok "one interval against $(basename "$base"): the gate fails (exit 1)" ||
		fail "one interval against $(basename "$base"): exit $rc, want 1: $(tail -3 "$out/one.txt")"
	grep -q "irq.timer.nanosleep: not judged against the baseline: the verdict needs at least 2 intervals" "$out/one.txt" &&
		ok "the failing line says why" || fail "no reason given: $(head -3 "$out/one.txt")"
done
grep -q "no measurement of $out/one.json could be judged against it (65 with too few intervals" "$out/one.txt" &&
	ok "nothing judged: said, and a failing case of its own" || fail "$(grep 'judged nothing' "$out/one.txt")"
"$RTBENCH" check "$out/one.json" --baseline "$ten" --allow-missing >"$out/allow.txt" 2>&1
rc=$?
[ $rc -eq 1 ] && ok "--allow-missing skips the cases, and still does not pass (nothing judged)" ||
	fail "--allow-missing: exit $rc: $(tail -2 "$out/allow.txt")"
"$RTBENCH" compare "$ten" "$out/one.json" >"$out/cmp.txt" 2>&1
tr -s ' \n' ' ' <"$out/cmp.txt" | grep -q "1 interval: the verdicts need at least 2 in each run (no between-interval spread to judge a change against), so they are untested" &&
	ok "compare says why its verdict is untested" || fail "compare gives no reason for untested"
done_test
