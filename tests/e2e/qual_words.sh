#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# qual_words.sh - words a qualification report quotes, each as the run or
# file really is:
# - a -T/--stop-us run names --stop-us and that the run fails (it said
#   "stopped at the first sample over --break-us");
# - -P 95 says the measuring thread's 95 first (it said "base prio 93");
# - --load hackbench keeps hackbench's own stderr ("Signal 15 caught,
#   longjmp'ing out!") out of rtbench's;
# - check --rate-below 'id@cpu*:...' does not count the all-CPU figure it
#   never judged as passed;
# - run --count-over-us on a one-CPU count run is refused in one line
#   (it was ignored);
# - an rt-tests file of 2 threads on 2 CPUs says so (it said "2 threads
#   kept per CPU");
# - docs/long-runs.md says a Ctrl-C'd long run is complete: false (as
#   e2e/long_run.sh finds it), docs/diagnosis.md has no heading run into
#   its paragraph.
. "$(dirname "$0")/lib.bash"
test_out qual_words
cpu=$(( $(nproc) - 1 ))

# -T: a timer wake-up is never under 1 us, so the first sample stops it
expect 1 "$RTBENCH" run --no-rt --tests irq.timer.nanosleep --cpu "$cpu" --samples 200 --rounds 1 -T 1
has "$out/e" "stopped at the first sample over --stop-us 1 (like rtla -T; the run fails)"
grep -q -- "--break-us" "$out/e" "$out/o" && fail "a -T run speaks of --break-us: $(grep -h -- --break-us "$out/e" "$out/o" | head -2)"

if chrt -f 1 true 2>/dev/null; then
	expect 0 "$RTBENCH" run -P 95 --tests ctxsw.rr.yield --cpu "$cpu" --samples 200 --rounds 1
	has "$out/o" "measuring thread at prio 95 (base 93)"
	grep -q "base prio 93" "$out/o" && fail "-P 95 still said 'base prio 93'"
else
	ok "no SCHED_FIFO here: -P 95's words not checked"
fi

if command -v hackbench >/dev/null; then
	expect 0 "$RTBENCH" run --no-rt --load hackbench --tests ctxsw.rr.yield --cpu "$cpu" --samples 2000 \
		--rounds 1 --quiet
	if grep -v '^rtbench' "$out/e" | grep -q .; then
		fail "another program's words in rtbench's stderr: $(grep -v '^rtbench' "$out/e" | head -3)"
	else
		ok "--load hackbench: only rtbench's own lines on stderr"
	fi
else
	ok "hackbench not installed: its stderr not checked"
fi

expect 0 "$RTBENCH" check "$data/long64.json" --rate-below 'irq.timer.nanosleep@cpu*:100:1e-1'
has "$out/o" "65 measurements, 64 passed, 0 failed, 1 skipped"

expect 2 "$RTBENCH" run --count-over-us 100 --tests irq.timer.nanosleep
[ "$(wc -l <"$out/e")" -eq 1 ] && has "$out/e" "--count-over-us: a count run on one CPU keeps every sample"

expect 0 "$RTBENCH" compare "$data/rttests/cyclictest_2cpu.json" "$data/rttests/cyclictest.json"
has "$out/o" "2 threads on 2 CPUs: each CPU's figure kept as its own metric"
grep -q "threads kept per CPU" "$out/o" && fail "still 'threads kept per CPU'"

grep '^| Ctrl-C' "$root/docs/long-runs.md" | grep -q 'complete: false' &&
	ok "docs/long-runs.md: Ctrl-C gives complete: false" || fail "docs/long-runs.md's Ctrl-C row: $(grep '^| Ctrl-C' "$root/docs/long-runs.md")"
bad=$(grep -n '^#' "$root"/docs/*.md | awk -F: 'length($0) - length($1) - length($2) > 100' | head -3)
[ -z "$bad" ] && ok "no docs heading runs into its paragraph" || fail "long headings: $bad"
done_test
