#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/run.sh BUILD_DIR - run every test in its own process with a timeout.
#
# Unit and conformance tests are the programs BUILD_DIR/tests/test_*; end-to-end
# tests are tests/e2e/*.sh (run with RTBENCH=BUILD_DIR/rtbench). Exit status 0
# passes, 77 skips, 78 is NOT RUN (below), anything else fails. Prints one
# line per test, the summary line "N passed, N failed, N skipped" alone on its
# line (CI reads it), then "N not run ..."; exits 1 if any failed, or
# (RTB_NO_SKIP=1, as `make check` sets it) if any skipped.
#
# NOT RUN is for a test that needs a source tree which is the user's and never
# rtbench's (an RTOS kernel: no such tree may enter the repository, so CI has
# none). It is the one exemption from RTB_NO_SKIP, so it is narrow: exit 78
# counts as NOT RUN only when the test's log has the line
#   NOT RUN: needs WHAT (VAR)...
# with VAR from the fixed list below and VAR unset in the environment (a tree
# the user named must be used). Anything else that exits 78 fails; a missing
# Debian package is a SKIP (77) and still fails `make check`.
# RTB_E2E_DIR: another folder of e2e tests (the runner's own test uses it).
#
# Two lanes. A test measures unless its header (first 15 lines) says
#   # rtb-test: side
# : it starts no measuring rtbench (host-side analysis, option parsing, a
# build, an emulated guest whose figures are instruction counts), so it may
# run beside the measuring tests. The measuring lane runs one test at a time,
# as always; the side lane runs, also one at a time, beside it at nice 10
# (every test must pass with `stress-ng --cpu 2` at nice 19 beside it: the
# side lane is milder than that). When the measuring lane has run its last
# test it takes side tests too, from the same queue, so the two lanes end
# together. RTB_LANES=1 runs everything in one lane.
# Unit tests measure too unless their source's opening comment (first 15
# lines of tests/unit/NAME.c) has the line " * rtb-test: side".
# A header word "once" (a test that builds and runs its own binaries, never
# the one under test, or whose verdicts are about timing the instrumented
# build distorts: e2e/selftest) is not repeated by a sanitizer pass (RTB_SANITIZE set):
# it prints ONCE and counts apart. A "side once" test whose header also
# says "late" (it never runs the build under test: a package build, a
# QEMU guest) runs in the sanitizer pass instead when RTB_ONCE_LATER=1
# (tests/check.sh, `make check`, sets it for both passes): the unsanitized
# pass prints LATER for it and counts it apart, the sanitizer pass runs it
# in its side lane, whose tests take a third of the measuring lane's time
# there (the unsanitized pass's side lane took as long as its measuring
# lane: CI time). Lines print as tests end; the counts at the
# end are the same either way.
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
e2e_dir=${RTB_E2E_DIR:-$here/e2e}
external_trees="FREERTOS_KERNEL_PATH"
export RTBENCH="$(cd "$build" && pwd)/rtbench"
export RTB_TEST_OUT="$(cd "$build" && pwd)/test-out"
mkdir -p "$RTB_TEST_OUT"
timeout_s=${RTB_TEST_TIMEOUT:-240}
pass=0 fail=0 skip=0 notrun=0 busy=0 failed=()

# not_run_reason LOG - "WHAT (VAR)" when LOG declares a need the exemption
# allows; nothing otherwise.
not_run_reason() {
	local line var
	line=$(grep -m1 -E '^NOT RUN: needs [^()]+ \([A-Z_]+\)' "$1") || return 1
	var=${line#*(}; var=${var%%)*}
	case " $external_trees " in *" $var "*) ;; *) return 1 ;; esac
	[ -z "${!var:-}" ] || return 1
	line=${line#NOT RUN: needs }
	printf '%s\n' "${line%%)*})"
}

# tag FILE WORD - the test's header says "# rtb-test: ... WORD ..." (a
# unit test's tests/unit/NAME.c: " * rtb-test: ... WORD ...")
tag() {
	head -n 15 "$1" | grep -qE "^(#|/\*| \*) rtb-test:.*\<$2\>"
}

# failed_lines LOG - a failed test's log as the runner shows it: each
# "FAIL:" line above the last 30 with the 8 lines before it (a check's
# traceback comes before its FAIL line; up to 3 of them), then the last 30
# lines (a long table at the end once hid the one check that failed)
failed_lines() {
	local n; n=$(wc -l <"$1")
	awk -v n="$n" '{ l[NR] = $0 }
		/^FAIL: / && NR <= n - 30 && k < 3 { k++; for (i = (NR > 8 ? NR - 8 : 1); i <= NR; i++)
			if (!(i in shown)) { shown[i] = 1; print l[i] }; print "..." }
		END { for (i = (n > 30 ? n - 29 : 1); i <= n; i++) print l[i] }' "$1" | sed 's/^/      | /'
}

# run_one NAME CMD... - run one test; its line (and a failure's log tail)
# printed in one write, its class kept in $status_dir/NAME for the counts
run_one() {
	local name=$1; shift
	local log="$RTB_TEST_OUT/${name//\//_}.log" t0 t1 rc class text why
	t0=$(date +%s.%N)
	timeout -k 5 "$timeout_s" "$@" >"$log" 2>&1
	rc=$?
	t1=$(date +%s.%N)
	local dt; dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
	case $rc in
	0)  class=pass; text=$(printf 'PASS  %-40s %6ss' "$name" "$dt") ;;
	77) class=skip
	    [ "${RTB_MACHINE_BUSY:-0}" = 1 ] && grep -q '^SKIP: busy machine (RTB_MACHINE_BUSY=1)' "$log" &&
		    class=busy
	    text=$(printf 'SKIP  %-40s %6ss  %s' "$name" "$dt" "$(grep -m1 '^SKIP' "$log")") ;;
	78) if why=$(not_run_reason "$log"); then
		    class=notrun; text=$(printf 'NOT RUN  %s  needs %s' "$name" "$why")
	    else
		    class=fail
		    text=$(printf 'FAIL  %-40s %6ss  (exit 78, NOT RUN, without a "NOT RUN: needs WHAT (VAR)" line for an unset VAR of: %s)\n' \
			    "$name" "$dt" "$external_trees"; sed 's/^/      | /' "$log" | tail -n 30)
	    fi ;;
	124|137) class=fail; text=$(printf 'FAIL  %-40s %6ss  (timeout after %ss)' "$name" "$dt" "$timeout_s") ;;
	*)  class=fail; text=$(printf 'FAIL  %-40s %6ss  (exit %d)\n' "$name" "$dt" "$rc"; failed_lines "$log") ;;
	esac
	printf '%s\n' "$text"
	printf '%s\n' "$class" >"$status_dir/${name//\//_}"
}

status_dir=$RTB_TEST_OUT/.status
rm -rf "$status_dir" && mkdir -p "$status_dir"
measure=() side=() once=() later=()
for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	# a unit test whose source says "side" (pure computation on fixed
	# data: no thread, clock or priority) runs in the side lane
	if [ "${RTB_LANES:-2}" != 1 ] && [ -f "$here/unit/${t##*/}.c" ] && tag "$here/unit/${t##*/}.c" side; then
		side+=("$t")
	else
		measure+=("$t")
	fi
done
for t in "$e2e_dir"/*.sh; do
	[ -f "$t" ] || continue
	if [ "${RTB_ONCE_LATER:-0}" = 1 ] && [ -z "${RTB_SANITIZE:-}" ] && tag "$t" late; then
		later+=("e2e/$(basename "$t" .sh)")
	elif [ "${RTB_ONCE_LATER:-0}" = 1 ] && tag "$t" late; then
		if [ "${RTB_LANES:-2}" != 1 ] && tag "$t" side; then side+=("$t"); else measure+=("$t"); fi
	elif [ -n "${RTB_SANITIZE:-}" ] && tag "$t" once; then
		once+=("e2e/$(basename "$t" .sh)")
	elif [ "${RTB_LANES:-2}" != 1 ] && tag "$t" side; then
		side+=("$t")
	else
		measure+=("$t")
	fi
done
# lane FILES... - one test after another
lane() {
	for t in "$@"; do
		case $t in
		*.sh) run_one "e2e/$(basename "$t" .sh)" bash "$t" ;;
		*) run_one "$(basename "$t")" "$t" ;;
		esac
	done
}
# The side tests form one queue. The side lane takes them one by one; the
# measuring lane, once its own tests are done, takes the rest beside it
# (no measuring test is left then): beside stress-ng the plain pass's side
# lane ran 341 s against its measuring lane's 286 s (measured at e086954).
queue=$RTB_TEST_OUT/.side-queue
rm -rf "$queue" && mkdir -p "$queue" && echo 0 >"$queue/next"
# side_take - the next side test's index, or fail when none is left
side_take() {
	local i
	i=$(flock "$queue/lock" sh -c 'i=$(cat "$1"); echo $((i + 1)) >"$1"; echo "$i"' _ "$queue/next") || return 1
	[ "$i" -lt ${#side[@]} ] || return 1
	printf '%s\n' "$i"
}
# side_lane - side tests from the queue until it is empty, at nice 10
side_lane() {
	local i
	renice -n 10 "$BASHPID" >/dev/null 2>&1
	while i=$(side_take); do
		lane "${side[$i]}"
	done
}
side_pid=
if [ ${#side[@]} -gt 0 ]; then
	side_lane &
	side_pid=$!
	trap '[ -n "$side_pid" ] && kill -- "$side_pid" 2>/dev/null' EXIT
fi
lane "${measure[@]}"
[ ${#side[@]} -gt 0 ] && (side_lane)
[ -n "$side_pid" ] && wait "$side_pid"
side_pid=
for n in "${once[@]}"; do
	printf 'ONCE  %-40s ran in the unsanitized pass (its header says why)\n' "$n"
done
for n in "${later[@]}"; do
	printf 'LATER %-40s runs in the sanitizer pass (RTB_ONCE_LATER=1; its header says why)\n' "$n"
done
for f in "$status_dir"/*; do
	[ -f "$f" ] || continue
	case $(cat "$f") in
	pass) pass=$((pass+1)) ;;
	skip) skip=$((skip+1)) ;;
	busy) skip=$((skip+1)); busy=$((busy+1)) ;;
	notrun) notrun=$((notrun+1)) ;;
	*) fail=$((fail+1)); n=${f##*/}; failed+=("${n/e2e_/e2e/}") ;;
	esac
done

echo
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
echo "$notrun not run for want of an external source tree ($external_trees)"
[ ${#once[@]} -gt 0 ] && echo "${#once[@]} not repeated in this sanitizer pass (ONCE: see each test's header)"
[ ${#later[@]} -gt 0 ] && echo "${#later[@]} left to the sanitizer pass (LATER: see each test's header)"
# a skip that says "SKIP: busy machine (RTB_MACHINE_BUSY=1)" (a verdict
# that needs a quiet machine, e2e/selftest) is allowed only on a machine
# the user named busy: RTB_MACHINE_BUSY=1
[ "$busy" -gt 0 ] && echo "$busy skip(s) allowed: the machine is named busy (RTB_MACHINE_BUSY=1)"
if [ "${RTB_NO_SKIP:-0}" = 1 ] && [ "$((skip - busy))" -gt 0 ]; then
	echo "$skip test(s) skipped: every test must run here (see the SKIP lines; tests/packages.txt)"
	exit 1
fi
[ "$fail" -eq 0 ]
