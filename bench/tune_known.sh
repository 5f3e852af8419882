#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/tune_known.sh - how often `rtbench tune` gets its known answers
# right: N times (default 10), the test-only knob test.delay (a busy delay
# of D us moved into the measured window of every irq.timer.nanosleep
# sample: right = p50 called higher and D inside its interval widened by
# the percentile's bucket width) and the A/A knob test.aa (right = "no
# effect beyond run-to-run noise"). Prints one line a try and the count.
# Timing figures: run it alone, e.g. flock -x /work/machine.lock bench/tune_known.sh
#
#   bench/tune_known.sh [RTBENCH] [N] [extra tune options...]
set -u
rtbench=${1:-build/rtbench}
n=${2:-10}
shift $(($# < 2 ? $# : 2))
cpu=$(($(nproc) - 1))
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
right_d=0 right_aa=0 t0=$(date +%s)
for ((i = 1; i <= n; i++)); do
	"$rtbench" tune --test-knobs --knobs test.delay,test.aa --tests irq.timer.nanosleep --cpus $cpu \
		--samples 400 --rounds 8 --seed $i --alpha 0.01 --test-delay-us 50 --json "$out/t$i.json" "$@" \
		>"$out/t$i.txt" 2>"$out/t$i.err" || { echo "try $i: tune failed: $(tail -1 "$out/t$i.err")"; continue; }
	line=$(python3 - "$out/t$i.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
k = {x["name"]: x for x in t["knobs"]}
d, aa = k["test.delay"], k["test.aa"]
p = [e for e in d["metrics"][0]["effects"] if e["figure"] == "p50"][0]
dn = t["settings"]["test_delay_ns"]
ok_d = p.get("verdict") == "higher" and p["lo"] - p["resolution_ns"] <= dn <= p["hi"] + p["resolution_ns"]
ok_aa = aa["verdict"] == "no_effect"
q = [e for e in aa["metrics"][0]["effects"] if e["figure"] == "p50"][0]
print(int(ok_d), int(ok_aa), "delay p50 %+.1f us [%+.1f, %+.1f] %s; A/A %s (p50 %+.1f us [%+.1f, %+.1f]); %.1f s" % (
    p["shift"] / 1e3, p["lo"] / 1e3, p["hi"] / 1e3, p.get("verdict"), aa["verdict"], q["shift"] / 1e3,
    q["lo"] / 1e3, q["hi"] / 1e3, t["wall_s"]))
PY
)
	read -r a b rest <<<"$line"
	right_d=$((right_d + a))
	right_aa=$((right_aa + b))
	echo "try $i: delay $([ "$a" = 1 ] && echo right || echo WRONG), A/A $([ "$b" = 1 ] && echo right || echo WRONG): $rest"
done
echo "known answer (test.delay, 50 us): $right_d/$n right; A/A (test.aa): $right_aa/$n right; $(($(date +%s) - t0)) s"
