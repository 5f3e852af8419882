#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side once late (its own build: the library instrumented for libFuzzer, never the build under test)
# fuzz.sh - the fuzz gate cannot rot: `make fuzz` builds every target in
# tests/fuzz in this checkout's configuration (TRACE and HOST as `make`
# finds them: with libtracefs-dev the tracer's objects need its flags) and
# runs each for a fixed FUZZ_RUNS=2000 executions from the committed seeds
# (seconds; seed 1 and an empty corpus of new inputs: the same inputs each
# time). A link error, a crash,
# a sanitizer report or a trap on one of a target's own checks (a refusal
# must be one printable line; no control byte in compare's text; no markup
# from a file in the report) fails. The seeds hold the inputs that broke a
# target once (tests/fuzz/corpus/rtla_reason_ctl.txt: a CR and 0xff in
# rtla's "not run" reason reached the refusal). The instrumented build is
# kept beside the one under test (BUILD/fuzz-build), so a rerun builds
# only what changed. Skips without clang (tests/packages.txt).
. "$(dirname "$0")/lib.bash"
test_out fuzz
needs_cmd clang "apt-get install clang"
needs_host
build=$(cd "$(dirname "$RTBENCH")" && pwd)/fuzz-build
runs=2000
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$root" --no-print-directory -j2 BUILD="$build" \
	FUZZ_RUNS=$runs FUZZ_CORPUS="$out/corpus" fuzz >"$out/log" 2>&1
rc=$?
grep -E '^  FUZZ |Done [0-9]+ runs|^stat::number_of_executed_units|ERROR|SUMMARY|error:|undefined reference' "$out/log"
[ $rc -eq 0 ] || { tail -n 40 "$out/log"; fail "make fuzz FUZZ_RUNS=$runs exited $rc"; }
targets=$(cd "$root/tests/fuzz" && ls fuzz_*.c | sed 's/\.c$//')
[ -n "$targets" ] || fail "no fuzz target in tests/fuzz"
for t in $targets; do
	[ -x "$build/fuzz/$t" ] && ok "$t built and linked" || fail "$t not built"
done
n=$(awk -v r=$runs '/^stat::number_of_executed_units: / && $2 >= r { n++ } END { print n + 0 }' "$out/log")
[ "$n" -eq "$(echo "$targets" | wc -w)" ] && ok "each target ran $runs executions" ||
	fail "$n of $(echo "$targets" | wc -w) targets ran $runs executions"
# the seeds that once broke a target pass one by one (a regression is
# named, not only found again by chance)
for t in $targets; do
	"$build/fuzz/$t" "$root/tests/fuzz/corpus/rtla_reason_ctl.txt" >"$out/$t.seed.log" 2>&1 &&
		ok "$t: rtla_reason_ctl.txt passes" || { tail -n 20 "$out/$t.seed.log"; fail "$t: rtla_reason_ctl.txt"; }
done
done_test
