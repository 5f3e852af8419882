#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every bad --duration / --interval / --cpus (issue 16): exit 2, one line on
# stderr naming the option, nothing on stdout, no file written (nothing
# measured: each returns before any set-up).
. "$(dirname "$0")/lib.bash"
out=$RTB_TEST_OUT/long_bad
mkdir -p "$out"
rm -f "$out"/*

check() { # check WORD_IN_MESSAGE ARGS...
	local want=$1; shift
	local err rc lines
	err=$("$RTBENCH" "$@" --json "$out/x.json" 2>&1 >"$out/stdout")
	rc=$?
	lines=$(printf '%s\n' "$err" | grep -c .)
	if [ $rc -ne 2 ]; then fail "'$*': exit $rc, want 2"; return; fi
	if [ "$lines" -ne 1 ]; then fail "'$*': $lines lines on stderr: $err"; return; fi
	case $err in *"$want"*) ;; *) fail "'$*': message does not name '$want': $err"; return ;; esac
	[ -s "$out/stdout" ] && fail "'$*': printed to stdout"
	[ -e "$out/x.json" ] && fail "'$*': wrote the JSON file"
	ok "$* -> $err"
}

ncpu=$(getconf _NPROCESSORS_CONF)
check "--duration" run --duration 0
check "--duration" run --duration 0s
check "--duration" run --duration -5s
check "--duration" run --duration 10x
check "--duration" run --duration 999999999d
check "--duration" run --duration 1.5h
check "--duration" run --duration ""
check "--duration" run --duration
check "--cpus" run --duration 3s --cpus "$ncpu"
check "--cpus" run --duration 3s --cpus 0-$((ncpu + 5))
check "--cpus" run --duration 3s --cpus 1-0
check "--cpus" run --duration 3s --cpus ""
check "--cpus" run --duration 3s --cpus 0,,1
check "--cpus" run --duration 3s --cpus 0,
check "--cpus" run --duration 3s --cpus x
# an offline CPU: the kernel's online list, as the test hook names it
printf '0\n' >"$out/online"
RTB_CPU_ONLINE_FILE=$out/online check "--cpus: CPU 1 is offline" run --duration 3s --cpus 0-1
check "--interval" run --duration 10s --interval 20s
check "--interval" run --duration 10s --interval 0
check "--interval" run --interval 5s
check "--interval" run --duration 2d --interval 1s
check "--duration: ctxsw.rr.yield cannot run for a time" run --duration 10s --tests ctxsw.rr.yield
check "--duration: sync.prio_inv cannot run for a time" run --duration 10s --tests sync.prio_inv
check "--duration: ipc.pipe.roundtrip cannot run for a time" run --duration 10s --tests irq.timer.nanosleep,ipc.pipe.roundtrip
check "--samples" run --duration 10s --samples 100
check "--rounds" run --duration 10s --rounds 3
check "--raw" run --duration 10s --raw "$out/x.csv"
check "--cpus: needs --duration" run --cpus 0
check "--cpu and --cpus" run --duration 10s --cpus 0 --cpu 0
check "--duration" selftest --duration 10s
if [ "$ncpu" -ge 2 ]; then
	check "--cpus: irq.timer.signal runs on one CPU" run --duration 10s --cpus 0-1 --tests irq.timer.signal
fi
done_test
