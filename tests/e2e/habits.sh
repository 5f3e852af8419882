#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# habits.sh - what a cyclictest or rtla user types:
# the short options keep those tools' meanings (-D, -i, -P, -a, -S, -l, -b,
# -T, -q, -h), a letter the two tools give different meanings (-p, -c, -d)
# and a bare --interval (cyclictest's period) are refused in one line naming
# the spelling to use; -P N puts the measuring thread at N (the base 2
# below, both recorded); -T fails the run on its own (exit 1, a FAIL line)
# where -b stops it with exit 0; --load hackbench / kcompile (rteval's
# loads) run, are recorded, and a named load that cannot run fails the run.
. "$(dirname "$0")/lib.bash"
test_out habits
needs_rt

# one line, exit 2, naming what to say instead
refused() { # refused WANT_TEXT ARGS...
	local want=$1; shift
	local err rc
	err=$("$RTBENCH" run "$@" 2>&1 >/dev/null); rc=$?
	[ $rc -eq 2 ] && [ "$(printf '%s\n' "$err" | grep -c .)" -eq 1 ] && case $err in *"$want"*) true ;; *) false ;; esac &&
		ok "run $*: $err" || fail "run $*: exit $rc: $err (want exit 2, one line with '$want')"
}
refused "-P/--priority" -p 95
refused "-i/--period-us" -p 95
refused "--cpus" -c 1
refused "-D/--duration" -d 10
refused "-i/--period-us 200" -D 10s --interval 200
refused "from 3 to 97" -P 2
refused "SCHED_FIFO" -P r:50
refused "one priority" -P 95 --prio 80
refused "cyclictest's -h US" -h
refused "one stop threshold" -b 100 -T 100

# the spellings land where --help says (one short timer run each)
q=(--tests irq.timer.nanosleep --rounds 1 -q --idle-latency-us -1)
"$RTBENCH" run "${q[@]}" -P 95 -i 500 -l 30 -a 0 --json "$out/p.json" >/dev/null 2>"$out/p.err" ||
	fail "run -P 95 -i 500 -l 30 -a 0: $(cat "$out/p.err")"
python3 - "$out/p.json" <<'PY' && ok "-P 95 -i 500 -l 30 -a 0: measuring prio 95 (base 93), period 500 us, 30 samples, CPU 0" || fail "settings"
import json, sys
s = json.load(open(sys.argv[1]))["settings"]
assert (s["prio"], s["measuring_prio"], s["period_ns"], s["samples"], s["cpu"]) == (93, 95, 500000, 30, 0), s
PY
"$RTBENCH" run "${q[@]}" -P f:90 -l 10 --json "$out/f.json" >/dev/null 2>&1 &&
	python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["settings"]; assert s["measuring_prio"] == 90 and s["prio"] == 88, s' "$out/f.json" &&
	ok "rtla's -P f:90" || fail "-P f:90"

# -T fails on its own threshold; -b stops and passes. 1 us: no timer
# wake-up is that fast, so the first sample crosses it
"$RTBENCH" run "${q[@]}" -l 200 -T 1 --json "$out/t.json" >"$out/t.txt" 2>"$out/t.err"; rc=$?
[ $rc -eq 1 ] && grep -q '^rtbench run: FAIL: irq.timer.nanosleep sample [0-9.]* us > -T/--stop-us 1 us' "$out/t.err" &&
	ok "-T 1: exit 1, $(grep FAIL "$out/t.err")" || fail "-T 1: exit $rc: $(cat "$out/t.err")"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["settings"]["break"]["hit"] and not r["complete"], r["settings"]["break"]' "$out/t.json" &&
	ok "-T: the result says where it stopped" || fail "-T: the result's settings.break"
"$RTBENCH" run "${q[@]}" -l 200 -b 1 >/dev/null 2>"$out/b.err"; rc=$?
[ $rc -eq 0 ] && ok "-b 1: stopped, exit 0 (cyclictest -b)" || fail "-b 1: exit $rc: $(cat "$out/b.err")"
"$RTBENCH" run "${q[@]}" -l 50 -T 10000000 >/dev/null 2>"$out/t2.err"; rc=$?
[ $rc -eq 0 ] && ok "-T 10 s not crossed: exit 0" || fail "-T not crossed: exit $rc: $(cat "$out/t2.err")"

# rteval's loads by name
for l in hackbench kcompile; do
	case $l in hackbench) needs_cmd hackbench rt-tests ;; kcompile) needs_cmd cc gcc ;; esac
	"$RTBENCH" run --tests sync.sem.take.uncontended --samples 2000 -q --load $l --json "$out/$l.json" >/dev/null 2>"$out/$l.err"; rc=$?
	[ $rc -eq 0 ] && python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["settings"]["load"]; assert l.startswith(sys.argv[2] + " ("), l; print(l)' "$out/$l.json" "$l" &&
		ok "--load $l ran and is recorded" || fail "--load $l: exit $rc: $(cat "$out/$l.err")"
done
# a named load whose tool is missing fails the run, said
PATH=/nonexistent "$RTBENCH" run --tests sync.sem.take.uncontended --samples 2000 -q --load hackbench >/dev/null 2>"$out/miss.err"; rc=$?
[ $rc -eq 1 ] && grep -q 'the load (--load hackbench (rteval.*not found' "$out/miss.err" &&
	ok "--load hackbench without hackbench: exit 1, said" || fail "missing hackbench: exit $rc: $(cat "$out/miss.err")"
done_test
