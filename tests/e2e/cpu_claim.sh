#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# cpu_claim.sh - two runs at once on one CPU (both once
# measured CPU N at the same real-time priority and neither said so): the
# second says so on stderr and in its result, and the first, still
# measuring when the second began, says so in its result at its end. Each
# is degraded. Synchronised on the first run saying it is measuring (its
# --ready file: the claim is taken before that), not on a guessed wait, and
# not by probing the lock with flock(1): a probe holds the lock for a moment
# and a run that tries to claim the CPU just then meets the probe (CI at
# 70429da: "another rtbench run measures CPU 1 now (an rtbench run ...)").
# The first run lives until the test stops it (SIGINT: a whole result).
. "$(dirname "$0")/lib.bash"
test_out cpu_claim
needs_rt
cpu=$(($(nproc) - 1))
"$RTBENCH" run --duration 600s --cpus $cpu --quiet --ready "$out/a.ready" --json "$out/a.json" \
	>/dev/null 2>"$out/a.err" &
a=$!
at_exit "kill $a 2>/dev/null"
wait_measuring "$out/a.ready" $a || fail "the first run never said it was measuring CPU $cpu: $(cat "$out/a.err")"
"$RTBENCH" run --duration 1s --cpus $cpu --quiet --json "$out/b.json" >/dev/null 2>"$out/b.err"
rcb=$?
kill -INT $a
wait $a
rca=$?
[ $rca -eq 0 ] && [ $rcb -eq 0 ] && ok "both runs ended (exit 0)" || fail "exits $rca, $rcb"
grep -q "another rtbench run measures CPU $cpu now (pid $a" "$out/b.err" && ok "the second says so: $(grep another "$out/b.err")" ||
	fail "the second did not say it: $(cat "$out/b.err")"
python3 - "$out/a.json" "$out/b.json" "$cpu" <<'PY' && ok "both results degraded, naming the other run" || fail "results"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
cpu = sys.argv[3]
wa = [w for w in a["warnings"] if "another rtbench run measured" in w]
wb = [w for w in b["warnings"] if "another rtbench run measured CPU " + cpu in w]
assert a["degraded"] and b["degraded"] and wa and wb, (a["warnings"], b["warnings"])
PY
# alone again: no such warning
"$RTBENCH" run --duration 1s --cpus $cpu --quiet --json "$out/c.json" >/dev/null 2>&1
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(any("another rtbench" in w for w in d["warnings"]))' "$out/c.json" &&
	ok "a run alone says nothing of the kind" || fail "a run alone warned of another"
done_test
