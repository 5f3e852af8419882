# SPDX-License-Identifier: Apache-2.0
# tests/e2e/lib.bash - the one preamble of every end-to-end test (sourced
# first by each tests/e2e/*.sh): strict variables, where things are, the
# pass/fail bookkeeping, the skip and NOT RUN exits, the test's output
# folder and its cleanup.
#
# RTBENCH (the binary) and RTB_TEST_OUT (a scratch folder) come from
# tests/run.sh; a test run by hand (bash tests/e2e/x.sh from the checkout)
# gets build/rtbench and a temporary folder removed at its end.
set -u

# where things are, whatever the current directory
e2e_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) # tests/e2e
tests_dir=${e2e_dir%/*}                               # tests
root=${tests_dir%/*}                                  # the checkout
data=$tests_dir/data                                  # the fixtures

: "${RTBENCH:=$root/build/rtbench}"
case $RTBENCH in /*) ;; *) RTBENCH=$PWD/$RTBENCH ;; esac # tests that cd keep it
export RTBENCH

# at_exit CMD - run CMD (eval'd) when the test exits, after those added
# before it; the one EXIT trap, so two cleanups never replace each other.
_at_exit=()
_run_at_exit() {
	local i
	for ((i = ${#_at_exit[@]} - 1; i >= 0; i--)); do eval "${_at_exit[i]}"; done
}
trap _run_at_exit EXIT
at_exit() { _at_exit+=("$1"); }

if [ -z "${RTB_TEST_OUT:-}" ]; then
	RTB_TEST_OUT=$(mktemp -d)
	at_exit 'rm -rf "$RTB_TEST_OUT"'
fi
export RTB_TEST_OUT

fails=0
fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }
# done_test - the test's exit: 0 when no check failed, else 1
done_test() { [ "$fails" -eq 0 ] && exit 0; echo "$fails check(s) failed" >&2; exit 1; }

# skip WHY - this test cannot run here (exit 77, tests/run.sh's SKIP; a
# skipped test still fails `make check`)
skip() { echo "SKIP: $*"; exit 77; }

# needs_host - skip without the host side (compare, report, check, ingest)
needs_host() {
	"$RTBENCH" compare --help >/dev/null 2>&1 ||
		skip "this build has no host side: compare, report, check, ingest (needs libjansson-dev)"
}

# needs_cmd CMD WHAT - skip without command CMD ("WHAT" says which package)
needs_cmd() { command -v "$1" >/dev/null || skip "$1 not installed ($2)"; }

# test_out NAME [SUB...] - out=$RTB_TEST_OUT/NAME, emptied, with folders SUB
# made in it
test_out() {
	out=$RTB_TEST_OUT/$1
	shift
	rm -rf "$out"
	mkdir -p "$out"
	local d
	for d in "$@"; do mkdir -p "$out/$d"; done
}

# scratch_dir - scratch=a new temporary folder, removed when the test exits
scratch_dir() {
	scratch=$(mktemp -d)
	at_exit "rm -rf '$scratch'"
}

# bad_input WORD ARGS... - rtbench ARGS (with --json into $out) is refused
# as bad input is: exit 2, one line on stderr naming WORD, nothing on
# stdout, no JSON file written
bad_input() {
	local want=$1; shift
	local err rc lines
	rm -f "$out/x.json" "$out/stdout"
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

# needs_rt - skip the test where SCHED_FIFO is not allowed
needs_rt() {
	chrt -f 1 true 2>/dev/null || skip "no permission for SCHED_FIFO"
}

# expect RC CMD... - run CMD (stdout in $out/o, stderr in $out/e); a check
# that it exited RC, showing both when not
expect() {
	local want=$1; shift
	"$@" >"$out/o" 2>"$out/e"
	local rc=$?
	if [ "$rc" -ne "$want" ]; then
		fail "exit $rc, want $want: $*"
		sed 's/^/  | /' "$out/o" "$out/e" | head -40
	fi
}

# has FILE TEXT - a check that FILE holds TEXT (found also where a text
# renderer wrapped it over lines), showing the file when not
has() {
	grep -qF -- "$2" "$1" || tr '\n' ' ' <"$1" | tr -s ' ' | grep -qF -- "$2" ||
		{ fail "$1 lacks: $2"; sed 's/^/  | /' "$1" | head -30; }
}

# needs_trace - skip unless --trace can run here: root, and a short traced
# run does not say "trace unavailable" (no tracefs, no events); needs
# test_out first ($out/probe.err keeps what the probe said)
needs_trace() {
	[ "$(id -u)" = 0 ] || skip "--trace needs root"
	"$RTBENCH" run --trace --tests irq.timer.nanosleep --samples 5 --rounds 1 --quiet \
		>/dev/null 2>"$out/probe.err"
	if grep -q "trace unavailable" "$out/probe.err"; then
		skip "$(head -1 "$out/probe.err")"
	fi
}

# private_tracefs - a tracefs mount of this test's own in a new directory
# /tmp/rtbench-e2e-snap.XXXXXX, its path into tmnt (taken away at the
# test's end by unmount_private). Reading through it changes no mount a
# run could see: rtbench never reads through a mount under /tmp.
private_tracefs() {
	tmnt=$(mktemp -d /tmp/rtbench-e2e-snap.XXXXXX) || return 1
	if ! mount -t tracefs nodev "$tmnt"; then
		rmdir "$tmnt"
		return 1
	fi
	at_exit "unmount_private '$tmnt' >/dev/null"
}

# mount_holders DIR - the pids holding a file or directory open under the
# mount at DIR (their open files, working and root directory, as the kernel
# names them: through the mount they were opened by)
mount_holders() {
	local p l
	for p in /proc/[0-9]*; do
		for l in "$p"/cwd "$p"/root "$p"/fd/*; do
			case $(readlink "$l" 2>/dev/null) in
			"$1" | "$1"/*) echo "${p#/proc/}"; break ;;
			esac
		done
	done
}

# unmount_private DIR - take away a tracefs mount this test made (and its
# directory); 0 when both are gone. A reader that looks through it (a test
# looping over every tracefs mount; an old doctor that read the first mount
# it found) makes umount fail busy while it holds a file there: each of
# three tries waits for those holders to exit (5 s each at most), then
# `umount -l` is the last resort (gone from /proc/mounts at once, freed
# when the last holder lets go). Says on stderr what it had to do.
unmount_private() {
	local mnt=$1 try p
	[ -n "$mnt" ] || return 0
	for try in 1 2 3; do
		grep -qF " $mnt tracefs " /proc/mounts || break
		umount "$mnt" 2>/dev/null && break
		for p in $(mount_holders "$mnt"); do
			echo "unmount_private: $mnt busy (try $try): pid $p $(tr '\0' ' ' </proc/$p/cmdline 2>/dev/null)" >&2
			timeout 5 tail --pid="$p" -f /dev/null
		done
	done
	if grep -qF " $mnt tracefs " /proc/mounts; then
		echo "unmount_private: $mnt still busy after 3 tries: umount -l" >&2
		umount -l "$mnt"
	fi
	[ ! -d "$mnt" ] || rmdir "$mnt"
	! grep -qF " $mnt " /proc/mounts && [ ! -e "$mnt" ]
}

# needs_rr_knob - skip unless the round-robin quantum's knob is writable;
# sets knob (its path) and dir (rtbench's state folder, RTB_STATE_DIR)
needs_rr_knob() {
	knob=/proc/sys/kernel/sched_rr_timeslice_ms
	[ -w $knob ] || skip "$knob not writable"
	dir=${RTB_STATE_DIR:-/run/rtbench}
}

# wait_knob_recorded PID [TENTHS] - until run PID holds the settings lock,
# has recorded the knob it changed (in $dir, needs_rr_knob) AND made the
# change: the record is written, durably, BEFORE the change, so a test
# that read the knob (or wrote its own value) as soon as the record was
# there met the original value, or had its value overwritten by the run's
# (e2e/sigint "quantum never changed", 1 of 3 in the ASan build beside
# nice 10 stress-ng --cpu 2). The SET field is read again at each poll: the
# run re-records what the kernel read back when it rounded the value. At
# most TENTHS tenths of a second (default 2400); false if it never did or
# PID ended first. The 0.1 s poll is the check's period, not a guess.
wait_knob_recorded() {
	local pid=$1 n=${2:-2400} i set
	for ((i = 0; i < n; i++)); do
		# the lock is /run/rtbench/lock whatever RTB_STATE_DIR says (the
		# knobs are machine-wide: src/port/posix/journal.c)
		if grep -qs "^pid $pid:" /run/rtbench/lock; then
			set=$(awk '$1 == "knob" && $2 == 0 {print $5}' "$dir/state" 2>/dev/null)
			[ -n "$set" ] && [ "$(cat "$knob")" = "$set" ] && return 0
		fi
		alive "$pid" || return 1
		sleep 0.1
	done
	return 1
}

# needs_fw_qemu - skip without the ARM toolchain and QEMU (the firmware
# tests), then work from the checkout
needs_fw_qemu() {
	local t
	for t in arm-none-eabi-gcc qemu-system-arm; do
		needs_cmd $t "Debian: gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
	done
	cd "$root" || exit 1
}

# needs_freertos_kernel - set `kernel` to the FreeRTOS-Kernel tree the build
# uses: FREERTOS_KERNEL_PATH, else ../FreeRTOS-Kernel beside the checkout
# (src/port/freertos/build.mk; the test runs from the checkout). No tree at
# the default place: NOT RUN (exit 78, tests/run.sh); a tree the user named
# that is not one fails. Call it after the package checks (a missing package
# is a SKIP, never hidden behind NOT RUN).
needs_freertos_kernel() {
	kernel=${FREERTOS_KERNEL_PATH:-../FreeRTOS-Kernel}
	[ -f "$kernel/tasks.c" ] && [ -f "$kernel/include/task.h" ] && return 0
	if [ -n "${FREERTOS_KERNEL_PATH:-}" ]; then
		echo "FAIL: FREERTOS_KERNEL_PATH=$FREERTOS_KERNEL_PATH is not a FreeRTOS-Kernel tree (no tasks.c, include/task.h)" >&2
		exit 1
	fi
	echo "NOT RUN: needs FreeRTOS-Kernel (FREERTOS_KERNEL_PATH): none at $kernel; get one with" \
		"'git clone --branch V11.1.0 --depth 1 https://github.com/FreeRTOS/FreeRTOS-Kernel.git ../FreeRTOS-Kernel'"
	exit 78
}

# alive PID - PID runs (not ended; kill -0 says yes to a child that ended
# and was not waited for yet)
alive() {
	local st
	st=$(awk '/^State:/ {print $2}' "/proc/$1/status" 2>/dev/null)
	[ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# wait_measuring FILE [PID] [ID] - until the run started with --ready FILE
# says it is measuring (FILE holds "measuring ID on CPU LIST", written
# atomically: whole once there; with ID, until that measurement began).
# The one way a test waits for rtbench to get going: never a guessed sleep
# (set-up took 13.5 s in the ASan build on a slow machine of this kind).
# Outer bound RTB_WAIT_MEASURING_S seconds (default 200, under tests/run.sh's
# 240 s a test). False, saying why on stderr, when PID ended first or the
# bound passed. The 0.05 s poll is the check's period, not a guess.
wait_measuring() {
	local f=$1 pid=${2:-} id=${3:-} bound=${RTB_WAIT_MEASURING_S:-200} i
	for ((i = 0; i < bound * 20; i++)); do
		if [ -s "$f" ] && { [ -z "$id" ] || grep -q "^measuring $id on CPU " "$f"; }; then
			return 0
		fi
		if [ -n "$pid" ] && ! alive "$pid"; then
			[ -s "$f" ] && { [ -z "$id" ] || grep -q "^measuring $id on CPU " "$f"; } && return 0
			echo "wait_measuring: rtbench (pid $pid) ended before it said it was measuring${id:+ $id}" >&2
			return 1
		fi
		sleep 0.05
	done
	echo "wait_measuring: $f: not measuring${id:+ $id} after $bound s" >&2
	return 1
}

# thread_cpus PID COMM N - the CPU lists (Cpus_allowed_list) of PID's
# threads named COMM, on one line, once N of them exist (a measuring thread
# is made after its run says "measuring": wait_measuring first); bounded
# like wait_measuring, false (printing what it saw) if PID ended first
thread_cpus() {
	local pid=$1 comm=$2 n=$3 i t k pins
	for ((i = 0; i < ${RTB_WAIT_MEASURING_S:-200} * 20; i++)); do
		pins="" k=0
		for t in /proc/"$pid"/task/*; do
			[ "$(cat "$t/comm" 2>/dev/null)" = "$comm" ] || continue
			pins="$pins $(awk '/^Cpus_allowed_list/ {print $2}' "$t/status" 2>/dev/null)"
			k=$((k + 1))
		done
		[ $k -ge "$n" ] && { echo $pins; return 0; }
		alive "$pid" || break
		sleep 0.05
	done
	echo $pins
	return 1
}

# gone MARKER WHAT - ok when no process has MARKER in its command line,
# waiting (bounded, 30 s; the 0.1 s poll is the check's period) for a group
# being ended; fail naming what is left (and kill it) otherwise
gone() {
	local left i
	for ((i = 0; i < 300; i++)); do
		left=$(pgrep -f "$1") || break
		sleep 0.1
	done
	[ -z "$left" ] && ok "$2" || { fail "$2: still running: $(ps -o pid,pgid,sid,args -p $left | tail -n +2)"; kill -9 $left; }
}

# start_spiker NAME CPU SPIN_US EVERY_MS - build (once) and start
# tests/e2e/helpers/spiker.c: a SCHED_FIFO 95 task NAME on CPU spinning
# SPIN_US every EVERY_MS until stop_spiker (or the test's end) kills it
# (its 600 s life is only the outer bound); returns once it spins (its
# ready file; bounded like wait_measuring). spiker=its pid.
start_spiker() {
	local bin=$RTB_TEST_OUT/spiker.bin rf=$RTB_TEST_OUT/spiker.$$.ready i
	if [ ! -x "$bin" ] || [ "$e2e_dir/helpers/spiker.c" -nt "$bin" ]; then
		cc -O2 -o "$bin.$$" "$e2e_dir/helpers/spiker.c" && mv "$bin.$$" "$bin" || return 1
	fi
	rm -f "$rf"
	"$bin" "$1" "$2" 95 "$3" "$4" 600 "$rf" &
	spiker=$!
	at_exit "kill $spiker 2>/dev/null"
	for ((i = 0; i < ${RTB_WAIT_MEASURING_S:-200} * 20; i++)); do
		[ -s "$rf" ] && return 0
		alive $spiker || { echo "start_spiker: the spiker ended: $(wait $spiker; echo exit $?)" >&2; return 1; }
		sleep 0.05
	done
	return 1
}

# stop_spiker - end the spiker start_spiker started, and wait for it
stop_spiker() {
	[ -n "${spiker:-}" ] || return 0
	kill "$spiker" 2>/dev/null
	wait "$spiker" 2>/dev/null
	spiker=
}

# wait_intervals FILE N [PID] - until the --duration run's result FILE
# holds N intervals in every metric (it is rewritten, atomically, at each
# interval's end: an event of the run's, not a guessed time); bounded like
# wait_measuring; false if PID ended first. The 0.1 s poll is the check's.
wait_intervals() {
	local f=$1 n=$2 pid=${3:-} i
	for ((i = 0; i < ${RTB_WAIT_MEASURING_S:-200} * 10; i++)); do
		[ -s "$f" ] && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); m=d["metrics"]; sys.exit(0 if m and all(len(x.get("intervals") or []) >= int(sys.argv[2]) for x in m) else 1)' "$f" "$n" 2>/dev/null && return 0
		if [ -n "$pid" ] && ! alive "$pid"; then
			echo "wait_intervals: rtbench (pid $pid) ended before $f held $n intervals" >&2
			return 1
		fi
		sleep 0.1
	done
	echo "wait_intervals: $f: not $n intervals after ${RTB_WAIT_MEASURING_S:-200} s" >&2
	return 1
}
