#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""bench/long_summary.py RESULT.json [LOG] - the figures docs/long-runs.md
gives for a long run, as Markdown: per-CPU count, min, p50, p99, p99.9, max,
missed; the CPU of the maximum; each interval's maximum per CPU; and, from
LOG (lines "t=SECONDS rss_kib=N hwm_kib=N file=BYTES load=L", as the lead's
1-hour script and bench/long_runs.sh write them), resident memory and the
result file's size over the run. Prints figures; asserts nothing."""
import json
import re
import sys

d = json.load(open(sys.argv[1]))
lr = d["settings"].get("long_run") or {}
ms = d["metrics"]
us = lambda ns: f"{ns / 1e3:,.1f}" if ns is not None else "-"
print(f"{sys.argv[1]}: complete {d['complete']}, measured {lr.get('measured_ns', 0) / 1e9:.0f} s of "
      f"{lr.get('duration_ns', 0) / 1e9:.0f} s, ended {lr.get('ended')}, CPUs {lr.get('cpus')}, "
      f"interval {lr.get('interval_ns', 0) / 1e9:.0f} s, schema {d['schema_version']}\n")
print("| metric | count | min | p50 | p99 | p99.9 | max | missed |")
print("|---|---|---|---|---|---|---|---|")
for m in ms:
    if not m.get("count"):
        continue
    print(f"| `{m['id']}` | {m['count']:,} | {us(m['min'])} | {us(m['p50'])} | {us(m['p99'])} | "
          f"{us(m.get('p99_9'))} | {us(m['max'])} | {m['missed']:,} |")
agg = [m for m in ms if "@cpu" not in m["id"] and m.get("worst")]
ivs = [m for m in ms if m.get("intervals")]
if agg:
    w = agg[0]["worst"][0]
    at = [k for k, iv in enumerate(agg[0].get("intervals") or []) if iv["count"] and iv["max_ns"] == w["ns"]]
    where = f" in interval {at[0] + 1} of {len(agg[0]['intervals'])}" if at else ""
    print(f"\n(us; percentiles at most {agg[0]['percentiles']['resolution_pct']}% low.) The maximum, "
          f"{us(w['ns'])} us, was on CPU {w['cpu']}{where}.")
if ivs:
    print("\nEach interval's maximum (ms), in order:\n")
    for m in ivs:
        print(f"- `{m['id']}`: " + " ".join(f"{iv['max_ns'] / 1e6:.1f}" if iv["count"] else "-"
                                           for iv in m["intervals"]))
if len(sys.argv) > 2:
    rows = []
    for line in open(sys.argv[2]):
        f = dict(re.findall(r"(\w+)=(\S+)", line))
        if "t" in f and f.get("rss_kib"):
            rows.append((int(f["t"]), int(f["rss_kib"]), int(f.get("hwm_kib") or 0),
                         int(f["file"]) if f.get("file", "").isdigit() else None, f.get("load")))
    if rows:
        rss = [r[1] for r in rows if r[0] >= 10]
        print(f"\nVmRSS from t=10 s to t={rows[-1][0]} s: min {min(rss)} KiB, max {max(rss)} KiB "
              f"(VmHWM at the end {rows[-1][2]} KiB); load average (1 min) "
              f"{min(float(r[4]) for r in rows):.2f}-{max(float(r[4]) for r in rows):.2f}")
        print("\nResult file size each time it changed (bytes):\n")
        last = None
        out = []
        for t, _, _, size, _ in rows:
            if size is not None and size != last:
                out.append(f"t={t}s {size:,}")
                last = size
        print("; ".join(out))
