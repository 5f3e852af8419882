#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# cpu_claim.sh - two runs at once on one CPU (issue 29 item 10: both
# measured CPU N at the same real-time priority and neither said so): the
# second says so on stderr and in its result, and the first, still
# measuring when the second began, says so in its result at its end. Each
# is degraded. Synchronised on the first run's claim (its lock file held),
# not on a guessed wait.
. "$(dirname "$0")/lib.bash"
test_out cpu_claim
needs_rt
cpu=$(($(nproc) - 1))
lock=/run/rtbench/cpu$cpu.lock
"$RTBENCH" run --duration 6s --cpus $cpu --quiet --json "$out/a.json" >/dev/null 2>"$out/a.err" &
a=$!
at_exit "kill $a 2>/dev/null"
held=0
for i in $(seq 600); do
	[ -e "$lock" ] && ! flock -n "$lock" true 2>/dev/null && { held=1; break; }
	kill -0 $a 2>/dev/null || break
	sleep 0.01
done
[ $held = 1 ] || fail "the first run never claimed CPU $cpu: $(cat "$out/a.err")"
"$RTBENCH" run --duration 1s --cpus $cpu --quiet --json "$out/b.json" >/dev/null 2>"$out/b.err"
rcb=$?
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
