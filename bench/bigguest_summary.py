#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/bigguest_summary.py DIR VCPUS - one TSV line per result file of a
bench/bigguest.sh boot (DIR/bigN.{untraced,traced,noise}.json): whether it
is whole, rtbench's own cost from its "self_cost" (docs/json-schema.md),
the file's size. "-" where the result does not say (an older rtbench)."""
import json
import os
import sys

d, n = sys.argv[1], sys.argv[2]
for what in ("untraced", "traced", "traced_hk", "noise"):
    p = os.path.join(d, "big%s.%s.json" % (n, what))
    if not os.path.exists(p):
        print("\t".join([n, what, "missing"] + ["-"] * 8))
        continue
    r = json.load(open(p))
    sc = r.get("self_cost") or {}
    tr = sc.get("trace_reader") or {}
    lr = (r.get("settings") or {}).get("long_run") or {}

    def v(x):
        return "-" if x is None else str(x)
    print("\t".join([n, what, "yes" if r.get("complete") else "no",
                     v(sc.get("supervisor_cpu_ns")), v(sc.get("process_cpu_ns")),
                     v(sc.get("peak_rss_bytes")), v(tr.get("cpu_ns")), v(tr.get("events")),
                     v(tr.get("events_lost")), str(os.path.getsize(p)), v(lr.get("measured_ns"))]))
