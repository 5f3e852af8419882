#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# tail_cost.py - a 64-CPU day-shaped file whose tails fit (the cost
# of `rtbench tail` on the path that fits): 64 per-CPU metrics and an
# all-CPU one, each bench/tail_synth.py's heavy tail (shape 0.2) in 1440
# intervals (a day's worth of 60 s intervals; 1000 samples each: the
# analysis costs by buckets and intervals, not by the count).
#   bench/tail_cost.py OUT.json
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tail_synth as ts

ts.NIV = 1440
d = ts.make("heavy", 0, False, 1440000)
ms = []
for c in range(-1, 64):
    m = ts.make("heavy", 100 + c, False, 1440000)["metrics"][0]
    m["id"] = "irq.timer.nanosleep" + ("" if c < 0 else f"@cpu{c}")
    ms.append(m)
d["metrics"] = ms
d["label"] = "synthetic-64cpu-1440-intervals"
json.dump(d, open(sys.argv[1], "w"))
