#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# xcpu_words.sh - the cross-CPU counter check is said only where *.xcpu
# figures depend on it (its WARNING was once on every run), and what
# it can tell is explained: an offset within half the shortest ping-pong
# may be the method's own asymmetry (tests/unit/test_xcpu.c checks the
# method on a clock known to agree and on a planted offset).
. "$(dirname "$0")/lib.bash"
needs_rt
[ "$(nproc)" -ge 2 ] || skip "one CPU, no cross-CPU figures"
test_out xcpu_words
q=(--samples 100 --rounds 1 --quiet --idle-latency-us -1)
"$RTBENCH" run "${q[@]}" --tests sync.sem.take.uncontended >"$out/plain.txt" 2>&1 || fail "plain run"
grep -qi 'xcpu\|cross-CPU\|counters disagree' "$out/plain.txt" &&
	fail "a run without *.xcpu figures speaks of the cross-CPU check: $(grep -i 'xcpu\|counters' "$out/plain.txt")" ||
	ok "no cross-CPU words without *.xcpu figures"
"$RTBENCH" run "${q[@]}" --tests ipc.mqueue.wakeup.xcpu >"$out/xcpu.txt" 2>&1 || fail "xcpu run"
grep -q "^xcpu: .*half the shortest ping-pong.*the method's own asymmetry" "$out/xcpu.txt" &&
	ok "the xcpu line explains its bound" || fail "xcpu line: $(grep '^xcpu' "$out/xcpu.txt")"
done_test
