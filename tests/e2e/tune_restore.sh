#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtbench tune never leaves a knob changed: a real knob (the first of
# timer_migration, watchdog, rt_throttling that is not already at its
# fix) read before and after (1) a whole tune, (2) a Ctrl-C while the knob
# is set (exit 130, restored, a JSON that says it is incomplete), (3) a
# SIGKILL while it is set (left changed, as a killed process must), then
# the next rtbench run repairs it and says so (the round's run tune had
# started may be that next run, when it was still starting). The record lives in this
# test's own folder (RTB_STATE_DIR), so no other run repairs it first.
. "$(dirname "$0")/lib.bash"
needs_rt
needs_host
test_out tune_restore
dir=$out/state && mkdir -m 0755 "$dir"
export RTB_STATE_DIR=$dir
name= knob= fix=
for k in timer_migration:/proc/sys/kernel/timer_migration:0 watchdog:/proc/sys/kernel/watchdog:0 \
	rt_throttling:/proc/sys/kernel/sched_rt_runtime_us:-1; do
	IFS=: read -r n f v <<<"$k"
	[ -w "$f" ] && [ "$(cat "$f")" != "$v" ] && { name=$n knob=$f fix=$v; break; }
done
[ -n "$name" ] || skip "no knob of timer_migration, watchdog, rt_throttling is writable and not at its fix"
start=$(cat "$knob")
at_exit '[ "$(cat $knob)" = "$start" ] || echo "$start" >$knob'
cpu=$(($(nproc) - 1))
args=(tune --knobs "$name" --tests irq.timer.nanosleep --cpus $cpu --samples 300)

# wait_set PID - until the knob holds the fix (tune is in a B round), or
# PID ended; the 0.02 s poll is the check's period
wait_set() {
	local i
	for ((i = 0; i < 6000; i++)); do
		[ "$(cat "$knob")" = "$fix" ] && return 0
		alive "$1" || return 1
		sleep 0.02
	done
	return 1
}

# 1: a whole tune
"$RTBENCH" "${args[@]}" --rounds 2 --json "$out/whole.json" >"$out/whole.txt" 2>"$out/whole.err"
rc=$?
now=$(cat "$knob")
[ $rc -eq 0 ] && [ "$now" = "$start" ] && ok "$name: $start before, $now after a whole tune" ||
	fail "$name: $start before, $now after a whole tune (exit $rc: $(tail -2 "$out/whole.err"))"
python3 - "$out/whole.json" "$name" <<'PY' && ok "the JSON's read_before = read_after" || fail "JSON read before/after"
import json, sys
k = [x for x in json.load(open(sys.argv[1]))["knobs"] if x["name"] == sys.argv[2]][0]
assert k["applicable"] and k["read_before"] == k["read_after"], k
print(" ", k["read_before"], "->", k["read_after"])
PY

# 2: Ctrl-C while the knob is set
"$RTBENCH" "${args[@]}" --rounds 32 --json "$out/int.json" >"$out/int.txt" 2>"$out/int.err" &
pid=$!
if wait_set $pid; then
	kill -INT $pid
	wait $pid
	rc=$?
	now=$(cat "$knob")
	[ $rc -eq 130 ] && [ "$now" = "$start" ] && ok "Ctrl-C while set to $fix: exit 130, $name back to $now" ||
		fail "Ctrl-C: exit $rc, $name $now (was $start): $(tail -2 "$out/int.err")"
	python3 -c 'import json,sys; t=json.load(open(sys.argv[1])); assert t["complete"] is False and t["stop_signal"] == 2' \
		"$out/int.json" && ok "the stopped tune's JSON says incomplete, signal 2" || fail "stopped tune's JSON"
else
	wait $pid
	fail "the knob was never set ($(tail -2 "$out/int.err"))"
fi

# 3: SIGKILL while the knob is set; the next run repairs it
"$RTBENCH" "${args[@]}" --rounds 32 >"$out/kill.txt" 2>"$out/kill.err" &
pid=$!
# stop_set PID - until tune is stopped (SIGSTOP) while the knob holds the
# fix: a round can end, and tune restore the knob, between wait_set's read
# and the kill; a stopped tune writes nothing, so the read after the stop holds
stop_set() {
	local i
	for ((i = 0; i < 50; i++)); do
		wait_set "$1" || return 1
		kill -STOP "$1"
		[ "$(cat "$knob")" = "$fix" ] && return 0
		kill -CONT "$1"
	done
	return 1
}
if stop_set $pid; then
	kids=$(pgrep -P $pid)
	# a round's run, spawned as /proc/self/exe, is named as the user knows
	# it ("exe" before); its name is set first thing in main: poll that
	# start, bounded like every wait here (a zombie keeps its name)
	for k in $kids; do
		for ((i = 0; i < ${RTB_WAIT_MEASURING_S:-200} * 100; i++)); do
			c=$(cat /proc/$k/comm 2>/dev/null) && [ "$c" != exe ] && break
			[ -d /proc/$k ] || break
			sleep 0.01
		done
		[ "$c" = rtbench ] && ok "the round's run $k is named $c in ps and trace" ||
			fail "the round's run $k is named '$c', not rtbench"
	done
	[ -n "$kids" ] || fail "tune, stopped in a B round, has no child run"
	kill -9 $pid
	wait $pid 2>/dev/null
	for k in $kids; do while alive $k; do sleep 0.05; done; done # its round's run ends by itself
	# a round's run still starting when tune died is itself the next run:
	# it takes the free settings lock and repairs the knob, and says so on
	# the stderr it shares with tune (seen in a fresh-root CI run)
	left=$(cat "$knob") kid_repaired=0
	if [ "$left" = "$fix" ]; then
		ok "SIGKILL left $name at $left"
	elif [ "$left" = "$start" ] && grep -q "restored $knob to $start" "$out/kill.err"; then
		kid_repaired=1
		ok "SIGKILL: the round's run, starting as tune died, restored $name to $left and said so"
	else
		fail "SIGKILL: $name $left, not $fix: $(grep -i restor "$out/kill.err")"
	fi
	"$RTBENCH" run --tests irq.timer.nanosleep --cpus $cpu --samples 100 >/dev/null 2>"$out/next.err"
	now=$(cat "$knob")
	if [ $kid_repaired = 1 ]; then
		[ "$now" = "$start" ] && ! grep -q "restored $knob" "$out/next.err" &&
			ok "the next run found nothing to restore: $name $now" ||
			fail "next run after the round's repair: $name $now: $(grep -i restor "$out/next.err")"
	else
		[ "$now" = "$start" ] && grep -q "restored $knob to $start" "$out/next.err" &&
			ok "the next run restored $name to $now and said so" ||
			fail "next run: $name $now (want $start): $(grep -i restor "$out/next.err")"
	fi
else
	wait $pid
	fail "the knob was never set ($(tail -2 "$out/kill.err"))"
fi
done_test
