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

run_one() {
	local name=$1; shift
	local log="$RTB_TEST_OUT/${name//\//_}.log" t0 t1 rc
	t0=$(date +%s.%N)
	timeout -k 5 "$timeout_s" "$@" >"$log" 2>&1
	rc=$?
	t1=$(date +%s.%N)
	local dt; dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
	case $rc in
	0)  pass=$((pass+1)); printf 'PASS  %-40s %6ss\n' "$name" "$dt" ;;
	77) skip=$((skip+1))
	    [ "${RTB_MACHINE_BUSY:-0}" = 1 ] && grep -q '^SKIP: busy machine (RTB_MACHINE_BUSY=1)' "$log" &&
		    busy=$((busy+1))
	    printf 'SKIP  %-40s %6ss  %s\n' "$name" "$dt" "$(grep -m1 '^SKIP' "$log")" ;;
	78) local why
	    if why=$(not_run_reason "$log"); then
		    notrun=$((notrun+1)); printf 'NOT RUN  %s  needs %s\n' "$name" "$why"
	    else
		    fail=$((fail+1)); failed+=("$name")
		    printf 'FAIL  %-40s %6ss  (exit 78, NOT RUN, without a "NOT RUN: needs WHAT (VAR)" line for an unset VAR of: %s)\n' \
			    "$name" "$dt" "$external_trees"
		    sed 's/^/      | /' "$log" | tail -n 30
	    fi ;;
	124|137) fail=$((fail+1)); failed+=("$name"); printf 'FAIL  %-40s %6ss  (timeout after %ss)\n' "$name" "$dt" "$timeout_s" ;;
	*)  fail=$((fail+1)); failed+=("$name"); printf 'FAIL  %-40s %6ss  (exit %d)\n' "$name" "$dt" "$rc"
	    sed 's/^/      | /' "$log" | tail -n 30 ;;
	esac
}

for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "$(basename "$t")" "$t"
done
for t in "$e2e_dir"/*.sh; do
	[ -f "$t" ] || continue
	run_one "e2e/$(basename "$t" .sh)" bash "$t"
done

echo
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
echo "$notrun not run for want of an external source tree ($external_trees)"
# a skip that says "SKIP: busy machine (RTB_MACHINE_BUSY=1)" (a verdict
# that needs a quiet machine, e2e/selftest) is allowed only on a machine
# the user named busy: RTB_MACHINE_BUSY=1
[ "$busy" -gt 0 ] && echo "$busy skip(s) allowed: the machine is named busy (RTB_MACHINE_BUSY=1)"
if [ "${RTB_NO_SKIP:-0}" = 1 ] && [ "$((skip - busy))" -gt 0 ]; then
	echo "$skip test(s) skipped: every test must run here (see the SKIP lines; tests/packages.txt)"
	exit 1
fi
[ "$fail" -eq 0 ]
