#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SIGKILL in the middle of the time-slice test (which shortens the RR
# quantum, system-wide): the state record written before the change stays
# behind, the --load-cmd processes die with rtbench all the same, and the
# next run restores the quantum, says so, and records the restored value
# (not the shortened one) as the system's. Before the record (issue 9,
# items 6 and 7) the quantum stayed shortened and the load ran on.
# It uses the machine's own record (/run/rtbench), so it takes turns with
# the other runs of the suite; if another run starts in the few
# milliseconds between the kill and our next run, that one repairs it.
. "$(dirname "$0")/lib.bash"
needs_rt
knob=/proc/sys/kernel/sched_rr_timeslice_ms
[ -w $knob ] || { echo "SKIP: $knob not writable"; exit 77; }
out=$RTB_TEST_OUT/crash_restore
rm -rf "$out"; mkdir -p "$out"
dir=${RTB_STATE_DIR:-/run/rtbench}
marker="sleep 903.$$"
"$RTBENCH" run --load-cmd "$marker & $marker" --tests ctxsw.rr.timeslice --samples 1000000 \
	--quiet >/dev/null 2>"$out/err1" &
pid=$!
for i in $(seq 2400); do
	grep -qs "^pid $pid:" "$dir/lock" && grep -qs '^knob 0 ' "$dir/state" && break
	sleep 0.1
done
sleep 0.3
cat "$dir/state" 2>/dev/null
read -r _ _ _ orig set < <(grep '^knob 0 ' "$dir/state")
[ -n "${orig:-}" ] && ok "the original quantum ($orig ms) was recorded before the change" ||
	fail "no state record while the quantum was changed"
kill -KILL $pid
wait $pid 2>/dev/null
[ -s "$dir/state" ] && ok "SIGKILL left the record behind" || fail "no record after SIGKILL"
now=$(cat $knob)
"$RTBENCH" run --tests sync.sem.take.uncontended --samples 10 --quiet --json "$out/r.json" \
	>"$out/r.txt" 2>"$out/err2"
rc=$?
cat "$out/err2"
sleep 1
left=$(pgrep -f "$marker")
[ -z "$left" ] && ok "--load-cmd processes died with rtbench (SIGKILL)" || {
	fail "load processes outlived a SIGKILLed rtbench: $left"; kill $left; }
[ $rc -eq 0 ] && ok "the next run ran" || fail "the next run exited $rc"
if ! grep -q "rtbench pid $pid" "$out/err2" && [ "$(cat $knob)" = "$orig" ]; then
	ok "another run repaired it first (the knob is back at $orig)"
elif grep -q "someone changed it since" "$out/err2"; then
	ok "another tool changed the quantum meanwhile ($now); left as it is"
else
	grep -q "restored $knob to ${orig:-?} (left at ${set:-?} by rtbench pid $pid" "$out/err2" &&
		ok "the next run restored $orig and said so" || fail "no restore line"
	grep -q "WARNING: restored $knob" "$out/r.txt" && ok "the result says so too" || fail "no WARNING in the text"
	python3 - "$out/r.json" "$orig" <<'PY' || fail "JSON fingerprint"
import json, sys
r = json.load(open(sys.argv[1]))
v = r["system"]["rr_timeslice_ms"]
assert v == int(sys.argv[2]), (v, sys.argv[2])
assert any("did not end cleanly" in w for w in r["warnings"])
print("fingerprint records the restored quantum:", v)
PY
fi
grep -qs "^pid $pid$" "$dir/state" && fail "record still there" || ok "record removed"
done_test
