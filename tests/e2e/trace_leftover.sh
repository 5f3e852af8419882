#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# trace_leftover.sh - a traced run killed by SIGKILL leaves its tracing
# instance recording (tracing on, sched_switch and its stack trigger): every
# later run's context switches paid for it (a wake-up's p50 2.5x) and
# nothing said so. Now the doctor reports it, and the next run, untraced,
# removes it before measuring and says so (stderr and result). The rule
# for "left by a dead run": instance "rtbench-PID-START" whose process,
# that pid with that start time, is gone; so rtbench-1-X (pid 1 alive, but
# started at another time) is removed too, while a live process's name
# and a name not of that form stay. Synchronised on the run's --ready file;
# retried (at most 3 times) when another run on the machine swept first.
. "$(dirname "$0")/lib.bash"
needs_rt
test_out trace_leftover
needs_trace

# a view of tracefs of our own (the killed run's private mount, if it made
# one, goes with the sweep)
# (private_tracefs: named like every test's, so the others' snapshots pass
# over it; taken away with retries at the end)
private_tracefs || skip "cannot mount tracefs"
mnt=$tmnt

# names the rule must tell apart
sleep 600 &
live=$!
at_exit "kill $live 2>/dev/null"
live_start=$(awk '{print $22}' /proc/$live/stat)
init_other=$(($(awk '{print $22}' /proc/1/stat) + 1))

# attempt N - kill a traced run, the doctor, an untraced run; 2 when another
# rtbench run (a traced one sweeps too: the machine is shared) removed the
# instance before this test's doctor and run could see it
attempt() {
	local a rc
	"$RTBENCH" run --trace -D 60s -S -b 100000 --quiet --ready "$out/r$1" --json "$out/a$1.json" \
		>/dev/null 2>"$out/a$1.err" &
	a=$!
	at_exit "kill -9 $a 2>/dev/null"
	wait_measuring "$out/r$1" $a || { fail "the traced run never measured: $(cat "$out/a$1.err")"; return 1; }
	kill -9 $a
	wait $a 2>/dev/null
	inst=$(cd "$mnt/instances" && ls -d rtbench-$a-* 2>/dev/null)
	[ -n "$inst" ] || { fail "no instance rtbench-$a-* left by the killed run"; return 1; }
	mkdir -p "$mnt/instances/rtbench-$live-$live_start" "$mnt/instances/rtbench-1-$init_other" \
		"$mnt/instances/rtbench-20261203"
	"$RTBENCH" doctor >"$out/doctor.txt" 2>&1
	"$RTBENCH" run --tests sync.sem.wakeup --samples 200 --quiet --json "$out/b.json" >/dev/null 2>"$out/b.err"
	rc=$?
	if ! grep -q "removed the trace instance $inst" "$out/b.err" && ! grep -q "instance $inst:" "$out/doctor.txt"; then
		echo "(attempt $1: another rtbench run removed $inst first)"
		return 2
	fi
	ok "the killed run left $inst"
	grep -A1 -E "^  weakens +tracing" "$out/doctor.txt" | grep -q "instance $inst: tracing on" &&
		ok "doctor reports the instance recording: $(grep -A1 ' tracing$' "$out/doctor.txt" | tail -1 | cut -c1-160)" ||
		fail "doctor did not report $inst: $(grep -A1 ' tracing$' "$out/doctor.txt")"
	[ $rc -eq 0 ] && ok "an untraced run after it: exit 0" || fail "untraced run: exit $rc: $(cat "$out/b.err")"
	grep -q "removed the trace instance $inst, left by a killed run (tracing on" "$out/b.err" &&
		ok "it says so: $(grep "removed the trace instance $inst" "$out/b.err")" ||
		fail "the run did not say it removed $inst: $(cat "$out/b.err")"
	python3 - "$out/b.json" "$inst" <<'PY' && ok "and in its result" || fail "result lacks the removal"
import json, sys
w = json.load(open(sys.argv[1]))["warnings"]
assert any("removed the trace instance " + sys.argv[2] in x for x in w), w
PY
	return 0
}
for n in 1 2 3; do
	attempt $n
	[ $? -eq 2 ] || break
done
at_exit "rmdir $mnt/instances/rtbench-$live-$live_start $mnt/instances/rtbench-1-$init_other \
	$mnt/instances/rtbench-20261203 2>/dev/null"
[ ! -d "$mnt/instances/$inst" ] && ok "$inst is gone" || fail "$inst still there"
[ ! -d "$mnt/instances/rtbench-1-$init_other" ] && ok "rtbench-1-$init_other (pid 1 started at another time) removed" ||
	fail "rtbench-1-$init_other kept: pid 1 with another start time is not the run that made it"
[ -d "$mnt/instances/rtbench-$live-$live_start" ] && ok "a live process's instance kept" ||
	fail "rtbench-$live-$live_start (alive) removed"
[ -d "$mnt/instances/rtbench-20261203" ] && ok "a name not of the form kept" || fail "rtbench-20261203 removed"
"$RTBENCH" doctor >"$out/doctor2.txt" 2>&1
# (another run on the machine may be tracing now: only ours must be gone)
grep -A1 -E "^  (ok|weakens) +tracing" "$out/doctor2.txt" | grep -q "instance $inst:" &&
	fail "doctor after: $(grep -A1 ' tracing$' "$out/doctor2.txt")" || ok "doctor after it: $inst not reported"
done_test
