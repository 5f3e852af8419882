#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_scale.py - tests/data/long64.json scaled to a day (the
# cost of `rtbench tail`): every metric's histogram counts times F, its 10
# intervals drawn (fixed seed) to 1440 of 60 s (each count times F*10/1440), so each
# CPU holds 432 million samples (a day at 200 us) and the file the shape a
# day-long 64-CPU run writes (counts add up as the reader checks).
#   bench/tail_scale.py OUT.json
import json, random, sys

F, NIV = 432000, 1440
rnd = random.Random(27)   # the intervals drawn at random (a cycle would be autocorrelated)
d = json.load(open("tests/data/long64.json"))
for m in d["metrics"]:
    h = m["histogram"]
    h["buckets"] = [[lo, hi, c * F] for lo, hi, c in h["buckets"]]
    m["count"] *= F
    ivs, per = m["intervals"], m["count"] // NIV
    new = []
    for i in range(NIV):
        iv = dict(ivs[rnd.randrange(len(ivs))])
        iv["start_ns"], iv["end_ns"] = i * 60 * 10**9, (i + 1) * 60 * 10**9
        iv["count"] = per + (m["count"] - per * NIV if i == NIV - 1 else 0)
        new.append(iv)
    m["intervals"] = new
    m["rounds"] = [{"count": iv["count"], "p50_ns": iv["p50_ns"], "p99_ns": iv["p99_ns"], "mean_ns": m["mean"]}
                   for iv in new]
    m["elapsed_ns"] = NIV * 60 * 10**9
    for w in m.get("worst", []):
        w["t_ns"] = w["t_ns"] * 144
d["settings"]["long_run"]["duration_ns"] = d["settings"]["long_run"]["measured_ns"] = NIV * 60 * 10**9
d["label"] = "synthetic-64cpu-day"
json.dump(d, open(sys.argv[1], "w"))
