#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/run.sh BUILD_DIR - run every test in its own process with a timeout.
#
# Unit and conformance tests are the programs BUILD_DIR/tests/test_*; end-to-end
# tests are tests/e2e/*.sh (run with RTBENCH=BUILD_DIR/rtbench). Exit status 0
# passes, 77 skips, anything else fails. Prints one line per test and the
# summary line "N passed, N failed, N skipped"; exits 1 if any failed, or
# (RTB_NO_SKIP=1, as `make check` sets it) if any skipped.
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
export RTBENCH="$(cd "$build" && pwd)/rtbench"
export RTB_TEST_OUT="$(cd "$build" && pwd)/test-out"
mkdir -p "$RTB_TEST_OUT"
timeout_s=${RTB_TEST_TIMEOUT:-240}
pass=0 fail=0 skip=0 failed=()

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
	77) skip=$((skip+1)); printf 'SKIP  %-40s %6ss  %s\n' "$name" "$dt" "$(grep -m1 '^SKIP' "$log")" ;;
	124|137) fail=$((fail+1)); failed+=("$name"); printf 'FAIL  %-40s %6ss  (timeout after %ss)\n' "$name" "$dt" "$timeout_s" ;;
	*)  fail=$((fail+1)); failed+=("$name"); printf 'FAIL  %-40s %6ss  (exit %d)\n' "$name" "$dt" "$rc"
	    sed 's/^/      | /' "$log" | tail -n 30 ;;
	esac
}

for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	run_one "$(basename "$t")" "$t"
done
for t in "$here"/e2e/*.sh; do
	[ -f "$t" ] || continue
	run_one "e2e/$(basename "$t" .sh)" bash "$t"
done

echo
[ ${#failed[@]} -gt 0 ] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
if [ "${RTB_NO_SKIP:-0}" = 1 ] && [ "$skip" -gt 0 ]; then
	echo "$skip test(s) skipped: every test must run here (see the SKIP lines; tests/packages.txt)"
	exit 1
fi
[ "$fail" -eq 0 ]
