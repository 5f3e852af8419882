#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/noise_vs_oslat.sh [PAIRS] [CPU] - noise.* beside oslat (Debian's
# rt-tests) on the same CPU, interleaved: PAIRS times an rtbench noise run
# (2 s of spin) then `oslat -c CPU -f PRIO -D 2` (1 s pre-heat + 2 s; at
# rtbench's measuring priority). Both count a gap as a loop iteration over
# 1 us: oslat's 1 us histogram buckets from 2 up (bucket b = [b-1, b) us,
# its midpoint b-0.5), rtbench's gaps as measured. oslat does not rest, so
# RT throttling (950000/1000000 here) stops it for ~50 ms a second; its
# throttle gaps land in its overflow bucket (>= 1024 us). Printed per pair
# and as medians: noise per second and the largest gap, all and below
# 1024 us (the throttle out of oslat's figure, host gaps of that size out
# of rtbench's). Run under the machine lock:
#   flock /tmp/rtbench-rt.lock bench/noise_vs_oslat.sh 5 1
set -u
pairs=${1:-5}
cpu=${2:-$(( $(nproc) - 1 ))}
here=$(cd "$(dirname "$0")/.." && pwd)
rtb=${RTBENCH:-$here/build/rtbench}
out=$(mktemp -d /tmp/rtbench-noise.XXXXXX)
command -v oslat >/dev/null || { echo "oslat not installed (Debian: rt-tests)"; exit 1; }
for i in $(seq "$pairs"); do
	"$rtb" run --tests noise --cpu "$cpu" --quiet --json "$out/rtb.$i.json" >/dev/null 2>&1 || echo "rtbench run $i failed"
	prio=$(python3 -c 'import json,sys,re; m=json.load(open(sys.argv[1]))["metrics"][0]; print(re.search(r"priority (\d+)", m["method"]).group(1))' "$out/rtb.$i.json")
	oslat -c "$cpu" -f "$prio" -D 2 -b 1024 -q --json="$out/oslat.$i.json" >/dev/null 2>&1 || echo "oslat $i failed"
done
python3 - "$out" "$pairs" "$cpu" <<'PY'
import json, sys, statistics as st
out, n, cpu = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = []
for i in range(1, n + 1):
    m = json.load(open("%s/rtb.%d.json" % (out, i)))["metrics"][0]
    x = {k: v["value"] for k, v in m["extras"].items()}
    g = m["samples"]
    r_all, r_small = x["noise_us_per_s"], sum(v for v in g if v < 1024000) / 1e3 / x["spin_s"]
    r_max, r_max_small = m["max"] / 1e3, max([v for v in g if v < 1024000] or [0]) / 1e3
    t = json.load(open("%s/oslat.%d.json" % (out, i)))["thread"]
    t = next(iter(t.values()))
    h = {int(k): v for k, v in t["histogram"].items()}
    dur = t["duration"]
    small = sum(c * (b - 0.5) for b, c in h.items() if 2 <= b < 1024)
    over = h.get(1024, 0)
    o_small = small / dur
    o_max = t["max"]
    o_max_small = max([b for b, c in h.items() if 2 <= b < 1024 and c] or [0])
    rows.append((r_all, r_small, r_max, r_max_small, o_small, over, o_max, o_max_small))
    print("pair %d: rtbench %.0f us/s (%.0f below 1 ms), max gap %.0f us (%.0f below 1 ms) | "
          "oslat %.0f us/s below 1 ms + %d gaps >= 1 ms, max %d us (%d below 1 ms, bucket edge)"
          % (i, r_all, r_small, r_max, r_max_small, o_small, over, o_max, o_max_small))
med = [st.median(c) for c in zip(*rows)]
print("CPU %s, medians of %d pairs: rtbench noise %.0f us/s (%.0f below 1 ms), largest gap %.0f us (%.0f below 1 ms); "
      "oslat %.0f us/s below 1 ms, largest %.0f us (%.0f below 1 ms)" % (cpu, n, med[0], med[1], med[2], med[3], med[4], med[6], med[7]))
print("ratio rtbench/oslat below 1 ms: noise per second %.2f, largest gap %.2f" %
      (med[1] / med[4] if med[4] else float("nan"), med[3] / med[7] if med[7] else float("nan")))
PY
echo "files in $out"
