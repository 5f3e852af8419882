#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/bigguest_summary.py DIR VCPUS - one TSV line per run of a
bench/bigguest.sh boot (DIR/bigN.{untraced,traced,traced_hk,noise}.json):
rtbench's exit status and the run's wall time in the guest (its console
line "rtbench-guest: WHAT: exit RC after END - START s"), whether the
result is whole ("complete" false for a stopped run; "ended" says how),
rtbench's own cost from its "self_cost" (docs/json-schema.md), the
events passed over and lost, the file's size, the time measured, and the
CPUs that measured nothing (their thread began after the run's stop) and
those that measured late (less than half the run). "-" where the result or the
console does not say (an older rtbench, a run that never ended)."""
import json
import os
import re
import sys

d, n = sys.argv[1], sys.argv[2]
ends = {}
try:
    for line in open(os.path.join(d, "console.log"), errors="replace"):
        m = re.match(r"rtbench-guest: (\w+): exit (\d+) after ([0-9.]+) - ([0-9.]+) s", line)
        if m:
            ends[m.group(1)] = (m.group(2), "%.1f" % (float(m.group(3)) - float(m.group(4))))
except OSError:
    pass
for what in ("untraced", "traced", "traced_hk", "noise"):
    p = os.path.join(d, "big%s.%s.json" % (n, what))
    rc, wall = ends.get(what, ("-", "-"))
    if not os.path.exists(p):
        if what in ends:
            print("\t".join([n, what, rc, wall, "missing"] + ["-"] * 12))
        continue
    r = json.load(open(p))
    sc = r.get("self_cost") or {}
    tr = sc.get("trace_reader") or {}
    lr = (r.get("settings") or {}).get("long_run") or {}

    def v(x):
        return "-" if x is None else str(x)
    print("\t".join([n, what, rc, wall, "yes" if r.get("complete") else "no", v(lr.get("ended")),
                     v(sc.get("supervisor_cpu_ns")), v(sc.get("process_cpu_ns")),
                     v(sc.get("peak_rss_bytes")), v(tr.get("cpu_ns")), v(tr.get("events")),
                     v(tr.get("skipped")), v(tr.get("events_lost")), str(os.path.getsize(p)),
                     v(lr.get("measured_ns")), v(lr.get("cpus_not_measured")), v(lr.get("cpus_late"))]))
