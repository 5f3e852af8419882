#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A run under load records the load, and ends it: the built-in CPU load and
# a --load-cmd command (its whole process group) are gone after the run.
. "$(dirname "$0")/lib.bash"
test_out load
marker="sleep 4242.$$" # unique: other runs of the suite may be running
"$RTBENCH" run --load-cmd "$marker & $marker" --tests sync.sem.take --samples 100 --quiet \
	--json "$out/cmd.json" >"$out/cmd.txt"
[ $? -eq 0 ] || fail "run with --load-cmd failed"
grep -q "^load:    cmd: $marker" "$out/cmd.txt" && ok "text records the load" || fail "text does not record the load"
gone "$marker" "load command ended"
"$RTBENCH" run --load cpu --tests sync.sem.take --samples 100 --quiet --json "$out/cpu.json" >/dev/null
[ $? -eq 0 ] || fail "run with --load cpu failed"
python3 - "$out/cmd.json" "$out/cpu.json" $$ <<'PY' || fail "JSON records the load"
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert a["settings"]["load"] == "cmd: sleep 4242.%s & sleep 4242.%s" % (sys.argv[3], sys.argv[3]), a["settings"]["load"]
assert b["settings"]["load"].startswith("cpu: "), b["settings"]["load"]
print("ok")
PY
err=$("$RTBENCH" run --load cpu --load-cmd true 2>&1); [ $? -eq 2 ] && ok "two loads refused: $err" || fail "two loads accepted"
err=$("$RTBENCH" run --load disk 2>&1); [ $? -eq 2 ] && ok "unknown load refused: $err" || fail "unknown load accepted"

# --- every process of a load ends with rtbench, a failed load fails the
# run
quick=(--tests sync.sem.take.uncontended --samples 100 --quiet)
m="sleep 1006.$$"
"$RTBENCH" run --load-cmd "timeout 100 $m" "${quick[@]}" >"$out/timeout.txt" 2>&1; rc=$?
[ $rc -eq 0 ] && ok "timeout (its own process group) as the load: run exit 0" || fail "timeout load: exit $rc: $(cat "$out/timeout.txt")"
gone "$m" "timeout 100 sleep (a group of its own) ended with rtbench"
m="sleep 1007.$$"
"$RTBENCH" run --load-cmd "setsid $m & wait" "${quick[@]}" >"$out/setsid.txt" 2>&1
gone "$m" "a setsid child (a session of its own) ended with rtbench"
m="sleep 1008.$$"
"$RTBENCH" run --load-cmd "$m & kill -9 \$PPID; wait" "${quick[@]}" >"$out/killleader.txt" 2>&1; rc=$?
gone "$m" "a load that killed its leader: its processes ended with rtbench (exit $rc)"
m="sleep 1009.$$"
"$RTBENCH" run --load-cmd "timeout 100 $m" --tests sync.sem.take.uncontended --samples 10000000 --quiet \
	--ready "$out/k.ready" >/dev/null 2>&1 &
p=$!
# the load is started before measuring begins; its sleep is there once
# timeout has made its group and exec'd it
wait_measuring "$out/k.ready" $p
for i in $(seq 300); do pgrep -f "^$m" >/dev/null && break; sleep 0.1; done
kill -KILL $p; wait $p 2>/dev/null
gone "$m" "SIGKILL of rtbench: the timeout load (a group of its own) ended too"
# load_run NAME CMD [OPTION...] - a timer run under --load-cmd CMD until
# rtbench has said the load ended (a quick run could end before a slow shell
# reports its failure, and would then end the load itself), then a stop:
# $out/NAME.txt, .err, .json; rc its exit status
load_run() {
	local name=$1 c=$2 p
	shift 2
	"$RTBENCH" run --load-cmd "$c" "$@" --tests irq.timer.nanosleep --duration 600s --quiet \
		--json "$out/$name.json" >"$out/$name.txt" 2>"$out/$name.err" &
	p=$!
	until grep -q "the load (--load-cmd" "$out/$name.err" 2>/dev/null || ! alive $p; do sleep 0.05; done
	kill -INT $p 2>/dev/null
	wait $p 2>/dev/null
	rc=$?
}
# a load that never starts, or exits early: said, a WARNING, exit 1
n=0
for c in /nonexistent/cmd 'exit 3' true; do
	n=$((n + 1))
	load_run fail$n "$c"
	[ $rc -eq 1 ] && grep -q "the load (--load-cmd $c) ended" "$out/fail$n.err" &&
		grep -q "WARNING: DEGRADED: the load" "$out/fail$n.txt" &&
		python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert any("the load (--load-cmd" in w for w in r["warnings"])' "$out/fail$n.json" &&
		ok "--load-cmd '$c': said, a WARNING, exit 1 ($(grep -o '(exit status [^)]*)' "$out/fail$n.err"))" ||
		fail "--load-cmd '$c': exit $rc: $(cat "$out/fail$n.err")"
done
load_run may 'exit 3' --load-may-exit
[ $rc -eq 0 ] && grep -q "load-may-exit: not a failure" "$out/may.err" && ok "--load-may-exit: said, exit 0" ||
	fail "--load-may-exit: exit $rc: $(cat "$out/may.err")"
"$RTBENCH" run --load-cmd "sleep 1010.$$ & exit 0" "${quick[@]}" >"$out/bg.txt" 2>"$out/bg.err"; rc=$?
[ $rc -eq 0 ] && ! grep -q "the load (--load-cmd .*) ended" "$out/bg.err" && ok "a command that backgrounds its work and exits has not ended" ||
	fail "background load: exit $rc: $(cat "$out/bg.err")"
gone "sleep 1010.$$" "... and its background work ended with rtbench"
done_test
