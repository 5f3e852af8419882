#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SIGKILL in the middle of the time-slice test (which shortens the RR
# quantum, system-wide): the state record written before the change stays
# behind, the --load-cmd processes die with rtbench all the same, and the
# next run restores the quantum, says so, and records the restored value
# (not the shortened one) as the system's. Before the record
# was kept the quantum stayed shortened and the load ran on.
# The killed run and the next one keep their record in a folder of this
# test's own (RTB_STATE_DIR; the lock stays the machine's
# /run/rtbench/lock), so no other rtbench run can find the record and
# repair it first: the next run must restore the quantum and say so, and
# a restore it made silently fails (before, "the knob is back" passed as
# "another run repaired it first"). Another tool may still change the
# quantum meanwhile: then the next run must say it left it as it is.
. "$(dirname "$0")/lib.bash"
needs_rt
needs_rr_knob
test_out crash_restore
dir=$out/state && mkdir -m 0755 "$dir"
export RTB_STATE_DIR=$dir
# the quantum as found, put back at the end whatever failed (the record is
# in this test's folder: no later run would repair it)
q_start=$(cat $knob)
at_exit '[ "$(cat $knob)" = "$q_start" ] || echo "$q_start" >$knob'
marker="sleep 903.$$"
"$RTBENCH" run --load-cmd "$marker & $marker" --tests ctxsw.rr.timeslice --samples 1000000 \
	--quiet >/dev/null 2>"$out/err1" &
pid=$!
# the record is written before the change: kill once the change is made
wait_knob_recorded $pid
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
gone "$marker" "--load-cmd processes died with rtbench (SIGKILL)"
[ $rc -eq 0 ] && ok "the next run ran" || fail "the next run exited $rc"
if grep -q "someone changed it since" "$out/err2"; then
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

# --- The record is evidence, not orders (a planted record must not
# make rtbench write a setting). Each case plants
# a record in a private RTB_STATE_DIR and runs a run that changes nothing:
# the quantum must stay as found, the reason be said, and a record never be
# deleted unless it was acted on. (The lock stays /run/rtbench/lock.)
q0=$(cat $knob)
sd=$out/sd; rm -rf "$sd"; mkdir -m 0755 "$sd"
quick() { # quick NAME: a run that changes nothing, with RTB_STATE_DIR=$sd
	RTB_STATE_DIR=$sd timeout -k 2 20 "$RTBENCH" run --tests sync.sem.take.uncontended \
		--samples 10 --quiet --json "$out/$1.json" >"$out/$1.txt" 2>"$out/$1.err"
}
plant() { rm -rf "$sd"/state "$sd"/state.kept.*; printf "$@" >"$sd/state"; chmod 0644 "$sd/state"; }
left_alone() { # left_alone NAME WHAT: quantum as found, record still kept, reason said
	local rc=$1; shift
	[ "$(cat $knob)" = "$q0" ] && [ $rc -eq 0 ] && ls "$sd"/state* >/dev/null 2>&1 &&
		grep -q "not used\|left as it is" "$out/$1.err" && ok "$2: left alone, said, record kept" ||
		{ fail "$2: rc $rc, quantum $(cat $knob) (was $q0), files $(ls "$sd"), $(cat "$out/$1.err")"
		  echo "$q0" >$knob; }
}
plant 'rtbench-state 1\npid 999999\nknob 0 %s 1000000 %s\n' $knob "$q0"
quick implausible; left_alone $? implausible "original 1000000 ms"
grep -q "not values rtbench would have found or set" "$out/implausible.err" && ok "the reason names the values" ||
	fail "reason: $(cat "$out/implausible.err")"
grep -q "settings record was found and not used" "$out/implausible.txt" && ok "a WARNING in the result" ||
	fail "no WARNING: $(cat "$out/implausible.txt")"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 0 %s\n' $knob "$q0"
quick zero; left_alone $? zero "original 0"
plant 'rtbench-state 1\npid 999999\nknob 0 %s -5 %s\n' $knob "$q0"
quick negative; left_alone $? negative "original -5"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\n' $knob "$q0"; chown nobody "$sd/state"
quick foreign; left_alone $? foreign "record owned by another user"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\n' $knob "$q0"; chmod 0666 "$sd/state"
quick mode666; left_alone $? mode666 "record mode 0666"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\nknob 0 %s 50 %s\n' $knob "$q0" $knob "$q0"
quick twice; left_alone $? twice "a knob recorded twice"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 5x %s\n' $knob "$q0"
quick junknum; left_alone $? junknum "original '5x'"
plant 'garbage\n'
quick garbage; left_alone $? garbage "garbage record"
ls "$sd"/state.kept.* >/dev/null 2>&1 && ok "garbage record kept (state.kept.*), not deleted" || fail "garbage record gone"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\n%02000d\n' $knob "$q0" 0
quick oversized; left_alone $? oversized "record over 1 KiB"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\n\0\n' $knob "$q0"
quick nul; left_alone $? nul "record with a NUL byte"
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\n' $knob "$((q0 + 3))"
quick notours; left_alone $? notours "knob not at the value the dead run set"
rm -f "$sd"/state*; mkfifo "$sd/state"
t0=$SECONDS; quick fifo; rc=$?
[ $rc -eq 0 ] && [ $((SECONDS - t0)) -lt 10 ] && [ -p "$sd/state" -o -n "$(ls "$sd"/state.kept.* 2>/dev/null)" ] &&
	grep -q "FIFO" "$out/fifo.err" && ok "FIFO at the record: refused at once, not waited on" ||
	fail "FIFO: rc $rc after $((SECONDS - t0)) s: $(cat "$out/fifo.err")"
rm -f "$sd"/state*; ln -s /etc/passwd "$sd/state"
quick symlink; rc=$?
[ $rc -eq 0 ] && grep -q "symbolic link" "$out/symlink.err" && [ "$(cat $knob)" = "$q0" ] &&
	ok "symlink at the record: refused" || fail "symlink: rc $rc: $(cat "$out/symlink.err")"
rm -f "$sd"/state*; mknod "$sd/state" c 1 3
quick device; rc=$?
[ $rc -eq 0 ] && grep -q "character device" "$out/device.err" && ok "device node at the record: refused" ||
	fail "device: rc $rc: $(cat "$out/device.err")"
rm -f "$sd"/state*
# a directory not ours / writable by others: refused with the real reason,
# the planted record neither read nor touched (2 samples: the quantum is
# left as found, so each takes two of its 100 ms slices here; 20 took 4 s)
plant 'rtbench-state 1\npid 999999\nknob 0 %s 50 %s\n' $knob "$q0"; chown nobody "$sd"
RTB_STATE_DIR=$sd timeout -k 2 30 "$RTBENCH" run --tests ctxsw.rr.timeslice --samples 2 --quiet \
	--json "$out/dirnobody.json" >"$out/dirnobody.txt" 2>"$out/dirnobody.err"; rc=$?
[ $rc -eq 0 ] && grep -q "owned by uid" "$out/dirnobody.err" && grep -q "WARNING: no settings record can be kept (RTB_STATE_DIR" "$out/dirnobody.txt" &&
	[ -f "$sd/state" ] && [ "$(cat $knob)" = "$q0" ] &&
	ok "RTB_STATE_DIR owned by another user: the real reason, nothing changed, record untouched" ||
	fail "dir of another user: rc $rc: $(cat "$out/dirnobody.err") $(grep -i 'quantum\|record' "$out/dirnobody.txt")"
# (a run that would change the quantum, as above: one that changes nothing
# needs no record and so says nothing about a folder it cannot use)
chown root "$sd"; chmod 0777 "$sd"
RTB_STATE_DIR=$sd timeout -k 2 30 "$RTBENCH" run --tests ctxsw.rr.timeslice --samples 2 --quiet \
	--json "$out/dir777.json" >"$out/dir777.txt" 2>"$out/dir777.err"; rc=$?
[ $rc -eq 0 ] && grep -q "RTB_STATE_DIR $sd: writable by everyone (mode 0777)" "$out/dir777.err" &&
	grep -q "WARNING: no settings record can be kept (RTB_STATE_DIR" "$out/dir777.txt" &&
	[ -f "$sd/state" ] && [ "$(cat $knob)" = "$q0" ] &&
	ok "RTB_STATE_DIR mode 0777: refused as writable by everyone, nothing changed, record untouched" ||
	fail "dir 0777: rc $rc, quantum $(cat $knob) (was $q0): $(cat "$out/dir777.err"; ls -la "$sd")"
chmod 0755 "$sd"
# the positive control: a good record whose knob still holds the set value
other=$(( q0 == 7 ? 9 : 7 ))
echo $other >$knob
plant 'rtbench-state 1\npid 999999\nknob 0 %s %s %s\n' $knob "$q0" "$other"
quick good; rc=$?
[ $rc -eq 0 ] && [ "$(cat $knob)" = "$q0" ] && [ ! -e "$sd/state" ] && ! ls "$sd"/state.kept.* >/dev/null 2>&1 &&
	ok "a trustworthy record: restored ($other -> $q0), record removed" ||
	{ fail "good record: rc $rc, quantum $(cat $knob): $(cat "$out/good.err")"; echo "$q0" >$knob; }
rm -rf "$sd"
[ "$(cat $knob)" = "$q0" ] && ok "quantum as found ($q0)" || { fail "quantum $(cat $knob), was $q0"; echo "$q0" >$knob; }
done_test
