#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# bench/noise_vs_oslat.sh [PAIRS] [CPUS] [SECONDS] - noise.* beside oslat
# (Debian's rt-tests) on the same CPUs, interleaved: PAIRS times an rtbench
# noise run then `oslat -c CPUS -f PRIO -D SECONDS` (at rtbench's measuring
# priority, read from its method). Without SECONDS: a count run on one CPU
# (2 s of spin) against `oslat -D 2`; with SECONDS: `rtbench run --tests
# noise --cpus CPUS --duration SECONDS` (every CPU of the list at once, one
# interval) against oslat for as long. Both count a gap as a loop iteration
# over 1 us: oslat's 1 us histogram buckets from 2 up (bucket b = [b-1, b)
# us, its midpoint b-0.5); rtbench's gaps as measured (count run) or its
# log-linear histogram's bucket midpoints (long run: buckets 1.6% wide).
# oslat does not rest, so RT throttling (950000/1000000 here) stops it for
# ~50 ms a second; its throttle gaps land in its overflow bucket (>= 1024
# us). Printed per pair and CPU and as medians: noise per second and the
# largest gap, all and below 1024 us (the throttle out of oslat's figure,
# host gaps of that size out of rtbench's), and the ratios. Run under the
# machine lock, one pair a hold:
#   flock -x /tmp/rtbench-rt.lock bench/noise_vs_oslat.sh 1 0-1 60
set -u
pairs=${1:-5}
cpus=${2:-$(( $(nproc) - 1 ))}
secs=${3:-}
here=$(cd "$(dirname "$0")/.." && pwd)
rtb=${RTBENCH:-$here/build/rtbench}
out=${OUT:-$(mktemp -d /tmp/rtbench-noise.XXXXXX)}
mkdir -p "$out"
command -v oslat >/dev/null || { echo "oslat not installed (Debian: rt-tests)"; exit 1; }
for i in $(seq "$pairs"); do
	if [ -n "$secs" ]; then
		"$rtb" run --tests noise --cpus "$cpus" --duration "${secs}s" --interval "${secs}s" --quiet \
			--json "$out/rtb.$i.json" >/dev/null 2>&1 || echo "rtbench run $i failed"
	else
		"$rtb" run --tests noise --cpu "$cpus" --quiet --json "$out/rtb.$i.json" >/dev/null 2>&1 ||
			echo "rtbench run $i failed"
	fi
	prio=$(python3 -c 'import json,sys,re; m=json.load(open(sys.argv[1]))["metrics"][-1]; print(re.search(r"priority (\d+)", m["method"]).group(1))' "$out/rtb.$i.json")
	oslat -c "$cpus" -f "$prio" -D "${secs:-2}" -b 1024 -q --json="$out/oslat.$i.json" >/dev/null 2>&1 ||
		echo "oslat $i failed"
	echo "pair $i ended $(date -u +%T), load average $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/log.txt"
done
python3 - "$out" "$pairs" <<'PY'
import json, re, sys, statistics as st
out, n = sys.argv[1], int(sys.argv[2])
CUT = 1024000  # ns: oslat's overflow bucket edge


def hist_gaps(h):
    """(midpoint ns, count) of rtbench's log-linear histogram (hist.c)"""
    s = h["sub_bits"]
    half = 1 << (s - 1)

    def lo(i):
        if i < (1 << s):
            return i
        shift = i // half - 1
        return (i - shift * half) << shift
    return [((lo(i) + lo(i + 1)) / 2, c) for i, c in enumerate(h["counts"]) if c]


def rtb_cpus(path):
    """{cpu: (noise us/s all, below 1 ms, max us, max below 1 ms us)}"""
    r = {}
    for m in json.load(open(path))["metrics"]:
        mo = re.match(r"noise\.gap(?:@cpu(\d+))?$", m["id"])
        if not mo or m["status"] != "ok" or "spin_s" not in m["extras"]:
            continue
        cpu = int(mo.group(1)) if mo.group(1) else int(re.search(r"CPU (\d+)", m["method"]).group(1))
        spin = m["extras"]["spin_s"]["value"]
        every = m.get("samples") and len(m["samples"]) == m["count"]  # else a reservoir
        g = [(v, 1) for v in m["samples"]] if every else hist_gaps(m["histogram"])
        small = [v for v, c in g if v < CUT]
        r[cpu] = (m["extras"]["noise_us_per_s"]["value"],
                  sum(v * c for v, c in g if v < CUT) / 1e3 / spin,
                  m["max"] / 1e3, max(small or [0]) / 1e3)
    return r


def oslat_cpus(path):
    r = {}
    for t in json.load(open(path))["thread"].values():
        h = {int(k): v for k, v in t["histogram"].items()}
        dur = t["duration"]
        r[int(t["cpu"])] = (sum(c * (b - 0.5) for b, c in h.items() if 2 <= b < 1024) / dur,
                            h.get(1024, 0), t["max"],
                            max([b for b, c in h.items() if 2 <= b < 1024 and c] or [0]))
    return r


rows = {}
for i in range(1, n + 1):
    a, o = rtb_cpus("%s/rtb.%d.json" % (out, i)), oslat_cpus("%s/oslat.%d.json" % (out, i))
    for cpu in sorted(a):
        if cpu not in o:
            continue
        x, y = a[cpu], o[cpu]
        rows.setdefault(cpu, []).append(x + y)
        print("pair %d CPU %d: rtbench %.0f us/s (%.0f below 1 ms), max gap %.0f us (%.0f below 1 ms) | "
              "oslat %.0f us/s below 1 ms + %d gaps >= 1 ms, max %d us (%d below 1 ms, bucket edge) | "
              "ratio below 1 ms %.2f" % ((i, cpu) + x + y + (x[1] / y[0] if y[0] else float("nan"),)))
for cpu, rr in sorted(rows.items()):
    med = [st.median(c) for c in zip(*rr)]
    print("CPU %d, medians of %d pairs: rtbench noise %.0f us/s (%.0f below 1 ms), largest gap %.0f us "
          "(%.0f below 1 ms); oslat %.0f us/s below 1 ms, largest %.0f us (%.0f below 1 ms)"
          % (cpu, len(rr), med[0], med[1], med[2], med[3], med[4], med[6], med[7]))
    print("CPU %d ratio rtbench/oslat below 1 ms: noise per second %.2f, largest gap %.2f" %
          (cpu, med[1] / med[4] if med[4] else float("nan"), med[3] / med[7] if med[7] else float("nan")))
PY
echo "files in $out"
