#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# noise_rests.sh - noise.gap's rests and --noise-no-rests. By default the
# spin rests 10 ms each 100 ms so RT throttling never stops it, and those
# rests are time nobody watched: the result says how much was observed
# (observed_pct = spin / (spin + rests), about 91% when idle) and a note
# says why. --noise-no-rests spins
# without them (observed 100%, no rest); where RT throttling is on it is
# refused in one line naming the setting unless --noise-throttled accepts
# the throttle's stops as noise (oslat's way); --noise-throttled alone is
# refused. Time-shared (--no-rt) so it runs unprivileged and beside load.
. "$(dirname "$0")/lib.bash"
test_out noise_rests
cpu=$(( $(nproc) - 1 ))
rt=$(cat /proc/sys/kernel/sched_rt_runtime_us 2>/dev/null || echo -1)

figures() { # figures FILE: "observed_pct rests note observed_pct(.1)" of noise.gap@cpu$cpu
	python3 - "$1" "$cpu" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
m = next(m for m in r["metrics"] if m["id"] == "noise.gap@cpu" + sys.argv[2])
x = {k: v["value"] for k, v in m["extras"].items()}
# the share observed is the spin over spin and rests, whatever the load
# made the rests last
want = 100 * x["spin_s"] / (x["spin_s"] + x["rest_ms"] / 1e3)
assert abs(x["observed_pct"] - want) < 0.01, (x["observed_pct"], want)
print("%.3f %d %s %.1f" % (x["observed_pct"], x["rests"], "note" if "observed" in m["note"] else "-",
                          x["observed_pct"]))
PY
}

expect 0 "$RTBENCH" run --no-rt --tests noise.gap --cpu "$cpu" --json "$out/rests.json"
read -r seen rests note seen1 <<<"$(figures "$out/rests.json")"
python3 -c "import sys; s, n = float(sys.argv[1]), int(sys.argv[2]); sys.exit(not (n > 0 and 0 < s < 100))" \
	"$seen" "$rests" && ok "with rests: observed $seen% of the time (spin / (spin + rests)), $rests rests" ||
	fail "with rests: observed '$seen'%, rests '$rests' (want rests > 0, under 100% observed)"
[ "$note" = note ] && ok "a note says how much was observed" || fail "no note on the unobserved time"
has "$out/o" "note: observed $seen1% of the time"

expect 0 "$RTBENCH" run --no-rt --noise-no-rests --tests noise.gap --cpu "$cpu" --json "$out/none.json"
read -r seen rests note seen1 <<<"$(figures "$out/none.json")"
[ "$seen" = 100.000 ] && [ "$rests" = 0 ] && ok "--noise-no-rests: observed 100% of the time, no rest" ||
	fail "--noise-no-rests: observed '$seen'%, rests '$rests'"
has "$out/o" "no rests: all the time observed"

expect 2 "$RTBENCH" run --noise-throttled --tests noise.gap
[ "$(wc -l <"$out/e")" -eq 1 ] && has "$out/e" "--noise-throttled: only with --noise-no-rests"
if [ "$rt" != -1 ] && [ "$(id -u)" = 0 ]; then
	expect 2 "$RTBENCH" run --noise-no-rests --tests noise.gap
	[ "$(wc -l <"$out/e")" -eq 1 ] || fail "refusal not one line"
	has "$out/e" "--noise-no-rests: RT throttling is on (sched_rt_runtime_us $rt of"
	has "$out/e" "--noise-throttled"
	# the same with the acceptance named: parsed (the help stops it there)
	expect 0 "$RTBENCH" run --noise-no-rests --noise-throttled --tests noise.gap --help
else
	ok "RT throttling off or not root: the refusal is not reachable here"
fi
done_test
