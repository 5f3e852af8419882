#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""plant_regression.py IN.json OUT.json METRIC ADD_NS - a copy of a result
file in which every value of one measurement is ADD_NS larger: samples,
histogram buckets, per-round figures, min/max/percentiles/mean/first (stddev unchanged). The
planted regression `rtbench check --baseline` must catch (tests/e2e/check.sh)."""
import json
import sys

src, dst, metric, add = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
d = json.load(open(src))
hit = 0
for m in d["metrics"]:
    if m["id"] != metric or not m.get("count"):
        continue
    hit = 1
    for k in ("min", "max", "p50", "p90", "p99", "p99_9", "p99_99", "p99_999", "first"):
        if isinstance(m.get(k), int):
            m[k] += add
    m["mean"] += add
    if m.get("samples"):
        m["samples"] = [v + add for v in m["samples"]]
    for r in m.get("rounds") or []:
        for k in ("p50_ns", "p99_ns", "mean_ns"):
            if k in r:
                r[k] += add
    if m.get("histogram", {}).get("buckets"):
        m["histogram"]["buckets"] = [[lo + add, hi + add, c] for lo, hi, c in m["histogram"]["buckets"]]
if not hit:
    sys.exit("plant_regression: no measured metric " + metric)
json.dump(d, open(dst, "w"), indent=1)
