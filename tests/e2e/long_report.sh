#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# rtb-test: side
# The report of a long --cpus run stays readable at 64 CPUs:
# tests/data/long64.json (gen_long64.py) gives one section for the
# aggregate irq.timer.nanosleep, none per CPU, a per-CPU part with both
# plots (histograms, interval maxima over time: heat maps past 16 CPUs,
# tests/e2e/scale.sh), a 64-row table, the worst CPU named first, and the
# heat maps' rows explained instead of a 64-entry legend.
. "$(dirname "$0")/lib.bash"
test_out long_report
"$RTBENCH" report "$data/long64.json" -o "$out/r.html" 2>"$out/err.txt" && ok "report written" ||
	fail "report: $(cat "$out/err.txt")"
h=$out/r.html
n=$(grep -o '<section class="metric"' "$h" | wc -l)
[ "$n" -eq 1 ] && ok "one metric section (the aggregate)" || fail "$n metric sections, want 1"
grep -q 'href="#m-irq.timer.nanosleep@' "$h" && fail "a per-CPU metric is in the navigation" || ok "no per-CPU entries in the navigation"
grep -q '<h3>Per CPU (64 CPUs measured at once' "$h" && ok "per-CPU part for 64 CPUs" || fail "no per-CPU heading"
grep -q 'id="cpuhist-irq.timer.nanosleep-0"' "$h" && ok "per-CPU histograms overlaid" || fail "no per-CPU histogram plot"
grep -q 'id="ivheat-irq.timer.nanosleep-0"' "$h" && ok "interval maxima over time (a heat map)" || fail "no interval-maximum plot"
rows=$(sed -n '/class="percpu"/,/<\/table>/p' "$h" | grep -o '<tr' | wc -l)
[ "$rows" -eq 65 ] && ok "per-CPU table: 64 rows and a header" || fail "per-CPU table has $rows rows"
grep -q 'Highest maxima: CPU 37 (950.0 us)' "$h" && ok "the worst CPU named first" || fail "worst CPU not named"
grep -q 'Heat maps: one row a CPU, CPU 0 at the bottom to CPU 63 at the top' "$h" && ok "heat map rows explained" ||
	fail "no explanation of the heat maps' rows"
# no raw samples in order (histogram mode): the "over time" plot draws the
# aggregate's intervals (p50, p99, max), not an empty sample-index box
grep -q '<svg[^>]*id="series-irq.timer.nanosleep"' "$h" && grep -q 'Latency over time: each interval&#39;s p50, p99, max' "$h" &&
	ok "latency over time from the intervals" || fail "no interval plot in place of the sample-index plot"
grep -q 'no samples in the result files' "$h" && fail "an empty sample-index plot is drawn" || ok "no empty sample-index plot"
done_test
