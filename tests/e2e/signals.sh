#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# signals.sh - every signal whose default action would end rtbench is a
# stop with the documented result, and SIGUSR1 asks for a status line as
# cyclictest takes it: SIGUSR1, SIGUSR2 and SIGALRM used to end a run by
# their default action (exit 138, the RR quantum left at 1 ms and the
# settings record behind; a --duration run wrote no result at all).
#   1. a count run that shortened the RR quantum: SIGUSR1 gives a status
#      line and the run goes on; SIGUSR2 stops it: exit 128+12, the quantum
#      restored, no settings record left, the partial result written;
#   2. a --duration run: SIGUSR1 gives the status line and the figures
#      line (even under --quiet); SIGALRM stops it as Ctrl-C does (exit 0,
#      a whole result).
# Synchronised on the knob's record and on --ready, and on the status line
# itself (a bounded poll of stderr), never on a guessed wait.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out signals
needs_rr_knob

# wait_line FILE TEXT PID - until FILE holds TEXT (bounded as wait_measuring;
# the 0.05 s poll is the check's period); false if PID ended first
wait_line() {
	local i
	for ((i = 0; i < ${RTB_WAIT_MEASURING_S:-200} * 20; i++)); do
		grep -qF -- "$2" "$1" && return 0
		alive "$3" || { grep -qF -- "$2" "$1"; return; }
		sleep 0.05
	done
	return 1
}

# Step 1
"$RTBENCH" run --tests ctxsw.rr.timeslice --samples 1000000 --rr-slice-ms 1 \
	--json "$out/a.json" >"$out/a.txt" 2>"$out/a.err" &
a=$!
at_exit "kill -9 $a 2>/dev/null"
wait_knob_recorded $a 2000 || fail "the run never changed the quantum: $(cat "$out/a.err")"
read -r _ _ _ before set < <(grep '^knob 0 ' "$dir/state")
kill -USR1 $a
wait_line "$out/a.err" "rtbench: status: " $a &&
	ok "SIGUSR1: $(grep 'rtbench: status: ' "$out/a.err")" || fail "SIGUSR1: no status line: $(cat "$out/a.err")"
alive $a && ok "SIGUSR1 did not end the run" || fail "SIGUSR1 ended the run"
kill -USR2 $a
wait $a
rc=$?
[ $rc -eq 140 ] && ok "SIGUSR2: a stop, exit 140 (128 + 12)" || fail "SIGUSR2: exit $rc: $(tail -3 "$out/a.err")"
after=$(cat $knob)
[ "$after" = "$before" ] && ok "quantum restored ($set -> $after)" || fail "quantum $before -> $after after SIGUSR2"
if grep -qs "^pid $a\$" "$dir/state"; then fail "settings record of $a left behind"; else ok "no settings record left"; fi
python3 - "$out/a.json" <<'PY' && ok "partial result written" || fail "no partial result after SIGUSR2"
import json, sys
r = json.load(open(sys.argv[1]))
t = {m["id"]: m for m in r["metrics"]}["ctxsw.rr.timeslice"]
assert r["complete"] is False and t["status"] == "partial" and t["count"] > 0, (r["complete"], t["status"])
PY

# Step 2
"$RTBENCH" run -D 60s --cpus 0 --quiet --ready "$out/b.ready" --json "$out/b.json" >/dev/null 2>"$out/b.err" &
b=$!
at_exit "kill -9 $b 2>/dev/null"
wait_measuring "$out/b.ready" $b || fail "the --duration run never measured: $(cat "$out/b.err")"
kill -USR1 $b
wait_line "$out/b.err" "rtbench: irq.timer.nanosleep " $b &&
	ok "SIGUSR1 under --quiet: $(grep -E 'rtbench: (status|irq)' "$out/b.err" | tr '\n' '|')" ||
	fail "SIGUSR1: no figures line: $(cat "$out/b.err")"
grep -q "rtbench: status: measuring irq.timer.nanosleep on CPU 0 for " "$out/b.err" &&
	ok "the status line names what is measured" || fail "status line: $(cat "$out/b.err")"
kill -ALRM $b
wait $b
rc=$?
[ $rc -eq 0 ] && ok "SIGALRM: a stop with a whole result, exit 0" || fail "SIGALRM: exit $rc: $(tail -3 "$out/b.err")"
python3 - "$out/b.json" <<'PY' && ok "result written" || fail "no result after SIGALRM"
import json, sys
r = json.load(open(sys.argv[1]))
m = r["metrics"][0]
assert m["id"] == "irq.timer.nanosleep" and m["count"] > 0, m["id"]
PY
done_test
