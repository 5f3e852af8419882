#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# long_status.sh - a --duration --cpus all run's live status (stderr, one
# line per interval when not on a terminal) lists the CPUs in CPU order at
# every refresh, each with cyclictest's min / current / avg / max (issue
# 30: ordered by max, the CPUs swapped places; no min, current or average).
. "$(dirname "$0")/lib.bash"
test_out long_status
needs_rt
"$RTBENCH" run -D 3s -S --idle-latency-us -1 --json "$out/r.json" >/dev/null 2>"$out/err" ||
	fail "run -D 3s -S: $(tail -2 "$out/err")"
grep '^rtbench: irq.timer.nanosleep [0-9:]* / ' "$out/err" >"$out/status"
n=$(wc -l <"$out/status")
[ "$n" -ge 2 ] && ok "$n status lines" || fail "$n status lines: $(cat "$out/err")"
want=$(seq 0 $(( $(nproc) - 1 )) | head -8 | sed 's/^/cpu/' | tr '\n' ' ')
while read -r line; do
	got=$(printf '%s\n' "$line" | grep -o '[:;] cpu[0-9]* min' | grep -o 'cpu[0-9]*' | tr '\n' ' ')
	[ "$got" = "$want" ] || fail "CPUs out of order: '$got' (want '$want'): $line"
	printf '%s\n' "$line" | grep -qE 'cpu[0-9]+ min [0-9.]+ now [0-9.]+ avg [0-9.]+ max [0-9.]+' ||
		fail "no min/now/avg/max: $line"
done <"$out/status"
[ "$fails" -eq 0 ] && ok "CPU order and min/now/avg/max in every line: $(tail -1 "$out/status")"
done_test
