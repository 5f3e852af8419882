#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Two runs that change system settings never overlap: while one holds the
# settings lock, --no-wait refuses (exit 2, one line naming the holder),
# --wait-s 1 gives up after a second (exit 2), and the default waits and
# then runs, recording the true original quantum (before the lock, the
# second run took the first one's shortened quantum for the original and
# "restored" it). A run that changes nothing does not wait. SIGTERM ends
# the holder with 143 (128 + 15). It uses the machine's own lock
# (/run/rtbench), so other runs of the suite wait for it and it for them.
. "$(dirname "$0")/lib.bash"
needs_rt
needs_rr_knob
test_out settings_lock
"$RTBENCH" run --tests ctxsw.rr.timeslice --samples 1000000 --quiet --json "$out/a.json" \
	>/dev/null 2>"$out/a.err" &
a=$!
# (another suite's run may hold the lock first: A waits for it)
wait_knob_recorded $a
read -r _ _ _ orig _ < <(grep '^knob 0 ' "$dir/state")
[ -n "${orig:-}" ] && ok "first run holds the lock (original $orig)" || fail "first run never changed the quantum"

# one lock for all runs, whatever RTB_STATE_DIR says (two state
# directories once let two runs take each other's quantum for the original)
mkdir -p "$out/other"
err=$(RTB_STATE_DIR=$out/other "$RTBENCH" run --tests ctxsw.rr.timeslice --samples 10 --quiet --no-wait 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [[ $err == *"pid $a"* ]] && ok "another RTB_STATE_DIR: the same lock, refused (--no-wait)" ||
	fail "another RTB_STATE_DIR: exit $rc: $err"
err=$("$RTBENCH" run --tests ctxsw.rr.timeslice --samples 10 --quiet --no-wait 2>&1 >/dev/null); rc=$?
echo "$err"
[ $rc -eq 2 ] && ok "--no-wait: exit 2" || fail "--no-wait: exit $rc"
[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && [[ $err == *"pid $a"* ]] && [[ $err == *"--no-wait"* ]] &&
	ok "one line naming the holder" || fail "refusal line: $err"

t0=$(date +%s.%N)
err=$("$RTBENCH" run --tests ctxsw --samples 10 --quiet --wait-s 1 2>&1 >/dev/null); rc=$?
dt=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{print b-a}')
echo "$err"
[ $rc -eq 2 ] && [[ $err == *"gave up after 1 s"* ]] && ok "--wait-s 1: gave up after ${dt}s, exit 2" ||
	fail "--wait-s 1: exit $rc: $err"

"$RTBENCH" run --tests sync.sem.take.uncontended --samples 10 --quiet --json "$out/c.json" \
	>"$out/c.txt" 2>&1 </dev/null; rc=$?
[ $rc -eq 0 ] && grep -q "another rtbench run held the settings lock" "$out/c.txt" &&
	ok "a run that changes nothing ran at once, with a warning" || fail "run without changes: exit $rc"

"$RTBENCH" run --tests ctxsw.rr.timeslice --samples 300 --quiet --json "$out/d.json" \
	>/dev/null 2>"$out/d.err" &
d=$!
for i in $(seq 2000); do grep -q "waiting up to 300 s" "$out/d.err" && break; alive $d || break; sleep 0.1; done
grep -q "waiting up to 300 s for the settings lock held by pid $a" "$out/d.err" &&
	ok "the default waits, and says for whom" || fail "no waiting line: $(cat "$out/d.err")"
# a stop while waiting: exit 130, and still a whole result that says why
# it holds no figure (before: exit 130 and no file). Only a count run
# waits: no measurement that changes a knob runs for a time.
for mode in "--samples 300"; do
	rm -f "$out/e.json"
	"$RTBENCH" run --tests ctxsw.rr.timeslice $mode --quiet --json "$out/e.json" >/dev/null 2>"$out/e.err" &
	e=$!
	for i in $(seq 2000); do grep -q "waiting up to" "$out/e.err" && break; alive $e || break; sleep 0.1; done
	kill -INT $e
	wait $e; rc=$?
	want=130
	python3 - "$out/e.json" "$mode" <<'PY' && [ $rc -eq $want ] &&
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] is False, r["complete"]
assert any("while waiting for the settings lock" in w for w in r["warnings"]), r["warnings"]
assert all(m.get("count", 0) == 0 for m in r["metrics"]), r["metrics"]
PY
		ok "$mode: stopped while waiting: exit $rc, a whole result saying so" ||
		fail "$mode: stopped while waiting: exit $rc (want $want): $(cat "$out/e.err")"
done
kill -TERM $a
wait $a; rc=$?
[ $rc -eq 143 ] && ok "SIGTERM: exit 143" || fail "SIGTERM: exit $rc"
wait $d; rc=$?
[ $rc -eq 0 ] && ok "the waiting run ran after the first ended" || fail "waiting run: exit $rc"
python3 - "$out/d.json" "$orig" <<'PY' || fail "second run's recorded quantum"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["system"]["rr_timeslice_ms"] == int(sys.argv[2]), r["system"]["rr_timeslice_ms"]
print("second run recorded the original quantum:", sys.argv[2])
PY
# (a run built before the lock existed can still change it meanwhile: say so, not fail)
[ "$(cat $knob)" = "$orig" ] && ok "quantum back at $orig" ||
	echo "note: quantum $(cat $knob), not $orig: a run without the lock changed it meanwhile"
grep -qs "^pid $d$" "$dir/state" && fail "record of the second run left behind" || ok "no record left"

# a setting changed by someone else during the run is left as they set
# it, with a WARNING in the result
q0=$(cat $knob)
"$RTBENCH" run --tests ctxsw.rr.timeslice --samples 1000000 --quiet --json "$out/e.json" \
	>"$out/e.txt" 2>"$out/e.err" &
e=$!
# once the run has made its change (else its own write, after the record,
# would overwrite ours)
wait_knob_recorded $e || fail "the run never changed the quantum"
theirs=$(( q0 == 77 ? 78 : 77 ))
echo $theirs >$knob
sleep 0.3
kill -INT $e; wait $e; rc=$?
[ "$(cat $knob)" = "$theirs" ] && ok "changed during the run to $theirs: left as they set it" ||
	fail "changed during the run: quantum $(cat $knob), not $theirs"
grep -q "changed by someone else during this run" "$out/e.txt" &&
	python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert any("changed by someone else" in w for w in r["warnings"])' "$out/e.json" &&
	ok "a WARNING in the text and the JSON" || fail "no WARNING: rc $rc $(cat "$out/e.err")"
echo "$q0" >$knob
done_test
