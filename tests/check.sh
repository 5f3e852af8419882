#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tests/check.sh BUILD - `make check` after tests/install-deps.sh: build,
# then every test twice, none skipped: on the plain build, then on an
# AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/), any
# report failing the test that caused it. The instrumented build is made
# beside the plain build and pass, one job at nice 19 (the measuring tests
# keep their real-time priority and one vCPU free). Each pass prints its
# "N passed, N failed, N skipped"; the last line sums both. The
# "side once late" tests (the package build, the x86 QEMU guest) run in the
# sanitizer pass's side lane, not the plain pass's (RTB_ONCE_LATER: see
# tests/run.sh): each pass's two lanes then take about as long.
set -u
export RTB_ONCE_LATER=1
cd "$(dirname "$0")/.."
build=${1:-build}
make=${MAKE:-make}
# the ASan+UBSan build beside the plain build and then the plain pass, one
# job at nice 19: one vCPU stays free while measuring (both busy made the
# host deschedule them: 22 ms gaps in a traced run, in CI at e018229). It
# starts with the plain build (a separate folder), taking what that leaves
# (links, serial steps): started after it, it ended after the plain pass
# beside stress-ng (CI at e53d418: 16 s waited)
asan_log=build-asan.log
rm -f "$asan_log" "$asan_log.rc"
(nice -n 19 $make -j1 --no-print-directory sanitize-build-asan >"$asan_log" 2>&1; echo $? >"$asan_log.rc") &
asan=$!
trap 'kill -- $asan 2>/dev/null; pkill -P $asan 2>/dev/null' EXIT
$make -j2 --no-print-directory BUILD="$build" all unit || exit 1

echo "== the plain build ($build)"
RTB_NO_SKIP=1 tests/run.sh "$build" | tee "$build/check.out"
rc1=${PIPESTATUS[0]}
wait $asan
trap - EXIT
if [ "$(cat "$asan_log.rc" 2>/dev/null)" != 0 ]; then
	echo "the ASan+UBSan build failed:"
	tail -n 30 "$asan_log"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
echo "== the ASan+UBSan build (build-asan)"
RTB_NO_SKIP=1 $make --no-print-directory check-sanitize-asan | tee build-asan/check.out
rc2=${PIPESTATUS[0]}

# sum - the three counts of a pass's summary line
sum() { grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$1" | tail -n 1; }
read -r p1 _ f1 _ s1 _ <<<"$(sum "$build/check.out" | tr -d ,)"
read -r p2 _ f2 _ s2 _ <<<"$(sum build-asan/check.out | tr -d ,)"
echo
echo "both passes (plain, then ASan+UBSan):"
echo "$((${p1:-0} + ${p2:-0})) passed, $((${f1:-0} + ${f2:-0} + (rc1 && !${f1:-0}) + (rc2 && !${f2:-0}))) failed, $((${s1:-0} + ${s2:-0})) skipped"
[ "$rc1" = 0 ] && [ "$rc2" = 0 ]
